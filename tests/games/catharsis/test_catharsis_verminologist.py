"""The Verminologist: traps and events that come back once, and a pet summoned every round."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis.bossdeck import build_deck
from tests.games.catharsis.catharsis_driver import act, new_game, take_all

DECK = "verminologist"


def test_a_full_deck_with_the_verminologist_last_and_no_pet_in_it() -> None:
    cards = build_deck(DECK, Rng.from_seed(8))
    assert cards[-1] == DECK and 14 <= len(cards) <= 18 and "gnawing-rat" not in cards


def test_a_recurring_trap_creeps_back_once_above_the_boss() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["gnawed-floorboards"])
    deck = s.secret.boss_deck
    assert deck.count("gnawed-floorboards") == 1 and deck[-1] == DECK
    assert s.public.recurred == ["gnawed-floorboards"] and s.public.deck_left == len(deck)
    # Met a second time, it is simply resolved: it does not come back again.
    s.secret.boss_deck = ["gnawed-floorboards", *[c for c in deck if c != "gnawed-floorboards"]]
    s = take_all(s)
    if s.public.vote is not None:  # the refresh offer after the trap: push on
        s = act(s, 0, type="vote", option=0)
    assert s.public.card == "gnawed-floorboards" and s.public.recurred == ["gnawed-floorboards"]
    assert "gnawed-floorboards" not in s.secret.boss_deck


def test_monsters_and_specials_do_not_recur() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["plague-rat"])
    assert s.public.recurred == [] and "plague-rat" not in s.secret.boss_deck


def test_a_pet_is_summoned_at_the_end_of_every_round_up_to_the_cap() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=[DECK])
    for round_ in range(1, 5):
        s = take_all(act(s, 0, type="done"))
        if s.public.vote is not None:
            s = act(s, 0, type="vote", option=0)
        if s.public.winner is not None:
            break
        pets = [f for f in s.public.foes if f.card == "gnawing-rat"]
        assert len(pets) == min(round_, 3) and all(p.alive for p in pets)
