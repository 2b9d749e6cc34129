"""The Holy Assassins: every strike of theirs takes a power from every board and 3 Morale."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis.bossdeck import build_deck
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id
DECK = "holy-assassins"


def test_a_full_deck_with_the_assassins_last() -> None:
    cards = build_deck(DECK, Rng.from_seed(5))
    assert cards[-1] == DECK and 14 <= len(cards) <= 18


def test_their_strike_takes_a_power_from_every_board_and_three_morale() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=["veiled-assassin"])
    s = act(act(s, 0, type="done"), 1, type="done")
    assert [(p.mode, p.seat, p.amount) for p in s.public.packets] == [("discard", 0, 1), ("discard", 1, 1)]
    assert s.public.morale == 21 - 3
    # Prevented damage does not stop a discard: the hero names the power that goes.
    assert "exactly 1 different power" in refused(s, 0, type="take", packet=0, slots=[])
    before = [sl.card for sl in s.public.heroes[0].board]
    s = act(s, 0, type="take", packet=0, slots=[2])
    assert [sl.card for sl in s.public.heroes[0].board] == before[:2] + before[3:]
    assert before[2] in s.public.heroes[0].discards


def test_guarded_morale_blunts_the_three() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["veiled-assassin"])
    board(s, 0, "saints-ward", P("Quick Draw"), P("Petal Cut"))
    dice(s, 0, 4, 4)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1])
    assert s.public.morale_shield == 3
    s = act(s, 0, type="done")
    assert s.public.morale == 21 and [p.mode for p in s.public.packets] == ["discard"]


def test_the_boss_strikes_the_same_way_and_hits_a_hero_besides() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=[DECK])
    s = act(act(s, 0, type="done"), 1, type="done")
    modes = sorted(p.mode for p in s.public.packets)
    assert modes == ["discard", "discard", "player"] and s.public.morale == 21 - 3


def test_the_poisoned_chalice_is_a_power_each_or_three_morale() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=["poisoned-chalice"])
    s2 = act(act(s, 0, type="vote", option=1), 1, type="vote", option=1)
    assert s2.public.morale == 21 - 3 and not s2.public.packets
    s3 = act(act(s, 0, type="vote", option=0), 1, type="vote", option=0)
    assert [p.mode for p in s3.public.packets] == ["discard", "discard"] and s3.public.morale == 21
