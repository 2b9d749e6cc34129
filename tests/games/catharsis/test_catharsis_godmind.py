"""The Godmind: powers pass between boards, its blows grow as the party merges, its herald spurns borrowed powers."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.combat import run_blocks
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, take_all

P = power_id
DECK = "godmind"


def test_a_full_deck_with_the_godmind_last_and_its_herald_beside_it() -> None:
    cards = build_deck(DECK, Rng.from_seed(9))
    assert cards[-1] == DECK and 14 <= len(cards) <= 18 and "herald-of-verity" not in cards
    s = new_game(1, roles=["unmei"], boss=DECK, first=[DECK])
    assert [f.card for f in s.public.foes] == [DECK, "herald-of-verity"]


def test_an_exchange_passes_each_first_power_to_the_next_hero() -> None:
    s = new_game(3, roles=["unmei", "leme", "tenzin"], boss=DECK, first=["merged-thrall"])
    board(s, 0, P("Rising Sun"), P("Quick Draw"))
    board(s, 1, P("Root Grip"))
    board(s, 2, P("Snake Jab"), P("Echo Strike"))
    s.public.heroes[1].board[0].ready = False
    run_blocks(s, [{"op": "exchange"}], [])
    boards = [[sl.card for sl in h.board] for h in s.public.heroes]
    assert boards == [
        [P("Quick Draw"), P("Snake Jab")],
        [P("Rising Sun")],
        [P("Echo Strike"), P("Root Grip")],
    ]
    assert not s.public.heroes[2].board[1].ready  # a power keeps its state as it passes
    assert s.public.merged == 3


def test_a_lone_hero_replaces_the_first_power_instead() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["merged-thrall"])
    first, top = s.public.heroes[0].board[0].card, s.secret.decks[0][0]
    run_blocks(s, [{"op": "exchange"}], [])
    assert s.public.heroes[0].board[0].card == top and first in s.public.heroes[0].discards
    assert s.public.merged == 0


def test_the_godmind_hits_harder_as_the_party_merges_and_exchanges_each_round() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=[DECK])
    s.public.merged = 4
    before = [sl.card for sl in s.public.heroes[0].board]
    s = act(act(s, 0, type="done"), 1, type="done")
    party = next(p for p in s.public.packets if p.mode == "party")
    assert party.amount == 3 + 2
    s = take_all(s)
    assert s.public.merged == 4 + 2  # the round ended with an exchange
    assert before[0] not in [sl.card for sl in s.public.heroes[0].board]


def test_the_herald_takes_no_damage_from_a_borrowed_power_and_mends_its_side() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=[DECK])
    board(s, 0, P("Nettle Sting"), P("Rising Sun"))  # Nettle Sting is Leme's, borrowed by Unmei
    dice(s, 0, 6, 6)
    full = s.public.foes[1].health
    s = act(s, 0, type="activate", slot=0, dice=[0], target=1)
    assert s.public.foes[1].health == full  # the borrowed power does nothing to the herald
    s = act(s, 0, type="activate", slot=1, dice=[1], target=1)
    assert s.public.foes[1].health == full - 3  # her own power bites
    s = act(act(s, 0, type="done"), 1, type="done")
    s = take_all(s)
    assert s.public.foes[1].health == full - 3 + 1  # at the round's end it mends its side
