"""The Demon-eyed Sniper: on top of her deck, chased through it, cornered at its end."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.combat import new_foe
from tests.games.catharsis.catharsis_driver import act, board, dice, morale_blow, new_game, power_id, take_all

P = power_id
SNIPER = "demon-eyed-sniper"


def test_she_starts_on_top_of_a_full_deck() -> None:
    cards = build_deck(SNIPER, Rng.from_seed(4))
    assert cards[0] == SNIPER and cards.count(SNIPER) == 1 and 14 <= len(cards) <= 18
    s = new_game(1, roles=["unmei"], boss=SNIPER)
    assert s.public.foes[0].card == SNIPER and s.public.foes[0].boss


def test_she_shoots_then_slips_three_cards_deeper_keeping_her_wounds() -> None:
    s = new_game(1, roles=["unmei"], boss=SNIPER, first=[SNIPER, "tripwire", "smoke-bomb", "hired-spotter"])
    board(s, 0, P("Rising Sun"), P("Quick Draw"), P("Petal Cut"))
    dice(s, 0, 6)
    full = s.public.foes[0].health
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.foes[0].health == full - 3
    s = act(s, 0, type="done")
    shot = next(scaled(a.amount, 1) for a in content().encounters[SNIPER].attacks if a.kind == "player")
    assert [p.amount for p in s.public.packets] == [shot]  # she fires before she runs
    s = take_all(s)
    # she takes her wounds with her, and her escape costs 1 Morale beside her own Morale blow
    assert s.public.quarry == full - 3 and s.public.morale == 21 - morale_blow(SNIPER, 1) - 1
    assert s.secret.boss_deck[:4] == ["tripwire", "smoke-bomb", "hired-spotter", SNIPER]
    assert s.public.phase == "between" and s.public.foes == [] and s.public.vote.kind == "refresh"
    s = act(s, 0, type="vote", option=0)  # no recovery after an escape: push on to the next card
    assert s.public.card == "tripwire" and s.public.deck_left == 13


def test_she_returns_with_the_health_she_carried_away() -> None:
    s = new_game(1, roles=["unmei"], boss=SNIPER, first=[SNIPER, "tripwire"])
    s.public.quarry = 5
    s.secret.boss_deck = [SNIPER, "hired-spotter"]
    foe = new_foe(s, content().encounters[SNIPER])
    full = content().encounters[SNIPER].health[0]
    assert full > 5 and foe.health == 5 and foe.max_health == full and not foe.cornered


def test_cornered_at_the_end_of_the_deck_she_fires_everything_and_stays() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=SNIPER, first=["tripwire"])
    s = take_all(s)
    s.secret.boss_deck = [SNIPER]
    s.public.quarry = 7
    if s.public.vote is not None:  # a refresh offer after the trap: push on
        s = act(act(s, 0, type="vote", option=0), 1, type="vote", option=0)
    assert s.public.foes[0].card == SNIPER and s.public.foes[0].cornered and s.public.foes[0].health == 7
    s = act(act(s, 0, type="done"), 1, type="done")
    kinds = sorted(p.mode for p in s.public.packets)
    assert kinds == ["player", "seat", "seat"]  # her shot, then 1 to every hero
    assert s.public.morale == 21 - morale_blow(SNIPER, 2) - 2  # cornered: her own blows, and 2 more Morale
    s = take_all(s)
    if s.public.vote is not None:
        s = act(act(s, 0, type="vote", option=0), 1, type="vote", option=0)
    assert s.public.foes and s.public.foes[0].alive and s.public.phase == "attack"  # she did not run


def test_killing_her_at_any_sighting_wins() -> None:
    s = new_game(1, roles=["unmei"], boss=SNIPER)
    s.public.foes[0].health = 3
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.winner is True and s.public.phase == "over"


def test_what_the_party_learns_wounds_her_but_never_kills_her() -> None:
    s = new_game(1, roles=["unmei"], boss=SNIPER, first=["spent-casings"])
    s.public.quarry = 4
    s = act(s, 0, type="vote", option=0)  # study her firing line: 2 health for a party of 1
    assert s.public.quarry == 2
    s2 = new_game(1, roles=["unmei"], boss=SNIPER, first=["straw-decoy"])
    s2.public.quarry = 1
    s2.public.foes[0].health = 1
    board(s2, 0, P("Rising Sun"))
    dice(s2, 0, 6)
    s2 = act(s2, 0, type="activate", slot=0, dice=[0])
    assert s2.public.quarry == 1 and s2.public.winner is None
