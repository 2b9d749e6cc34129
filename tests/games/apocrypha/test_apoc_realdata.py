"""The engine on the shipped card data (data/apocrypha): setup, the worked examples, a random session."""

from __future__ import annotations

import pytest
from apoc_helpers import Game, guided
from hypothesis.stateful import run_state_machine_as_test

from bot.engine.cards import data_dir
from bot.engine.seats import GUIDE
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.commands import Attempt, Keep, Next, Present, Roll, SetDice, StartTurn
from bot.games.apocrypha.rules import Apocrypha, Options, plan_matches
from bot.games.apocrypha.saints import new_record
from bot.games.apocrypha.state import card_id
from tests.games.machine_settings import machine_settings

pytestmark = pytest.mark.skipif(not (data_dir() / "apocrypha").is_dir(), reason="no card data yet")


@pytest.fixture(scope="module")
def real() -> Apocrypha:
    return Apocrypha(book=load_book())


def test_taking_the_plunge_sets_up_for_two_saints(real):
    book = real.book
    records = {0: new_record("ophelia_willows", book), 1: new_record("dr_zeez", book)}
    out = real.setup(
        Options(mode="guided", mission="taking_the_plunge", saints=records), 2, 1, {"guide": True}
    )
    state = out.state
    assert state.public.nexuses == {}  # hidden until the guide reveals them
    assert set(state.secret.hidden_nexuses) == {"motel", "precinct", "woods", "lake"}
    assert state.public.clock_count == book.missions["taking_the_plunge"].clock_omens + len(
        book.missions["taking_the_plunge"].clock_extra
    )
    for seat, record in records.items():
        assert plan_matches(state, book, seat, record)


def test_frank_vs_streetsweeper_with_the_real_cards(real):
    game = guided(real, ["frank_block"], nexus="main_street", side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(
        GUIDE,
        Present(seat=0, card="streetsweeper")
        if real.book.gifts["streetsweeper"].copies > 1 or True
        else None,
    )
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="rage"))
    game.do(GUIDE, SetDice(values=[1, 1, 1, 2, 2, 4, 6]))
    game.do(0, Roll())
    assert [d.colour for d in game.pub.check.pool.dice] == ["rage"] * 4 + ["bonus"] * 3
    game.do(0, Keep())
    assert "keeps 6, 4, 2 for 12. Success." in game.public_text()


def test_a_random_guided_session_on_the_real_cards():
    import test_apoc_machine as machine

    book = load_book()
    saved = (machine.BOOK, machine.RULES, machine.SAINTS, machine.BOX)
    machine.BOOK = book
    machine.RULES = Apocrypha(book=book)
    machine.SAINTS = sorted(book.saints)
    machine.BOX = sorted([*book.gifts, *book.threats, *book.omens])
    try:
        run_state_machine_as_test(
            machine.GuidedSession,
            settings=machine_settings(max_examples=10, stateful_step_count=40),
        )
    finally:
        machine.BOOK, machine.RULES, machine.SAINTS, machine.BOX = saved


def test_every_saint_can_start_a_mission(real):
    book = real.book
    for saint in book.saints:
        out = real.setup(Options(mode="guided", saints={0: new_record(saint, book)}), 1, 2, {"guide": True})
        game = Game(real, out.state, out.events)
        assert plan_matches(game.state, book, 0, new_record(saint, book))
        assert all(card_id(u) in book.gifts or card_id(u) in book.omens for u in game.state.players[0].hand)


@pytest.mark.parametrize("mode", ["guided", "coop"])
@pytest.mark.parametrize("count", [1, 5, 6])
def test_one_to_six_saints_set_up_and_take_turns(real, mode, count):
    """Up to six saints, in either mode (Taking the Plunge guided, Christmas in Candlepoint co-op)."""
    book = real.book
    ids = sorted(book.saints)[:count]
    records = {i: new_record(s, book) for i, s in enumerate(ids)}
    roles = {"guide": mode == "guided"}
    mission = "taking_the_plunge" if mode == "guided" else "christmas_in_candlepoint"
    out = real.setup(Options(mode=mode, mission=mission, saints=records), count, 3, roles)
    game = Game(real, out.state, out.events)
    assert sorted(game.pub.saints) == list(range(count)) and game.pub.order == list(range(count))
    for seat, record in records.items():
        # In co-op the first saint has already drawn from the clock.
        assert plan_matches(game.state, book, seat, record) or (mode == "coop" and seat == 0)
        assert len(game.state.players[seat].hand) >= book.saints[record.saint_id].hand_size
    if mode == "guided":
        game.do(GUIDE, StartTurn(seat=count - 1))
    assert game.pub.active == (count - 1 if mode == "guided" else 0)
    assert real.min_players <= count <= real.max_players
