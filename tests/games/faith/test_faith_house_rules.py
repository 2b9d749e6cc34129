"""The rulings made where the guide is silent (each listed under "House rules" in docs/faith.md)."""

from __future__ import annotations

import pytest
from faith_builder import act, table, uid_of

from bot.engine.errors import GameError
from bot.games.faith import RULES
from bot.games.faith.commands import Discard, EndTurn, Gather, Mulligan
from bot.games.faith.rules import Options
from bot.games.faith.state import Phase


def test_the_first_player_is_drawn_by_the_seeded_generator() -> None:
    firsts = {RULES.setup(Options(), 4, seed, {}).state.public.first for seed in range(20)}
    assert firsts == {0, 1, 2, 3}
    assert (
        RULES.setup(Options(), 4, 9, {}).state.public.first
        == RULES.setup(Options(), 4, 9, {}).state.public.first
    )


def test_unchosen_neutral_payment_comes_from_the_larger_pile() -> None:
    st = table(hands={0: ["basket-of-figs"]}, light=1, dark=3)  # 2 neutral
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "basket-of-figs", "hand")})
    assert (st.public.seats[0].light, st.public.seats[0].dark) == (1, 1)


def test_a_table_opened_for_three_needs_three() -> None:
    with pytest.raises(GameError, match="opened for 3 players"):
        RULES.setup(Options(players=3), 2, 1, {})


def test_what_the_game_does_for_a_player_who_does_not_answer() -> None:
    st = RULES.setup(Options(), 2, 4, {}).state
    assert RULES.timeout_command(st, 0) == Mulligan(cards=[])
    st = table(hands={0: ["adam-god-breathed"] * 9})
    assert RULES.timeout_command(st, 0) == EndTurn()
    st, _ = act(st, 0, {"type": "end_turn"})
    command = RULES.timeout_command(st, 0)
    assert isinstance(command, Discard) and len(command.cards) == 2
    st, _ = act(st, 0, command.model_dump())
    assert st.public.phase is Phase.GATHER
    assert RULES.timeout_command(st, 1) == Gather(light=1)


def test_faith_from_an_effect_wins_at_once_too() -> None:
    st = table(hands={0: ["pentecost"]}, faith={0: 19}, decks={0: ["adam-god-breathed"] * 3})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "pentecost", "hand")})
    assert st.public.winner == 0 and st.public.phase is Phase.OVER
    assert RULES.waiting_for(st) == [] and RULES.legal_actions(st, 0) == []


def test_with_two_players_the_second_starts_at_2_faith_and_the_first_gathers_1_less_on_turn_1() -> None:
    st = RULES.setup(Options(), 2, 5, {}).state
    first, second = st.public.first, 1 - st.public.first
    assert (st.public.seats[first].faith, st.public.seats[second].faith) == (1, 2)
    for seat in (0, 1):
        st, _ = act(st, seat, {"type": "mulligan", "cards": []})
    assert st.public.active == first and st.public.energy_due == 1
    st, _ = act(st, first, {"type": "gather", "light": 1})
    st, _ = act(st, first, {"type": "end_turn"})
    assert st.public.active == second and st.public.energy_due == 2  # only the opening turn is short


def test_with_three_players_everyone_starts_at_1_faith_and_gathers_in_full() -> None:
    st = RULES.setup(Options(), 3, 5, {}).state
    assert [s.faith for s in st.public.seats] == [1, 1, 1]
    for seat in range(3):
        st, _ = act(st, seat, {"type": "mulligan", "cards": []})
    assert st.public.energy_due == 2
