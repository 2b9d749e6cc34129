"""The King's Guard: traps set aside feed Rizardo's guard, which knits and rises, then he goes into a frenzy."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content, scaled
from tests.games.catharsis.catharsis_driver import act, board, dice, morale_blow, new_game, power_id

P = power_id
DECK = "kings-guard"
KING = "ruby-king-rizardo"


def test_a_full_deck_with_the_king_last_and_his_guard_only_beside_him() -> None:
    cards = build_deck(DECK, Rng.from_seed(6))
    assert cards[-1] == KING and 14 <= len(cards) <= 18 and "royal-guard" not in cards
    s = new_game(1, roles=["unmei"], boss=DECK, first=[KING])
    assert [f.card for f in s.public.foes] == [KING, "royal-guard"]


def test_a_trap_may_be_set_aside_instead_of_faced() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=["murder-hole", "castle-sentry"])
    assert s.public.vote.options == ["Face it", "Set it aside"]
    faced = act(act(s, 0, type="vote", option=0), 1, type="vote", option=0)
    assert [p.amount for p in faced.public.packets] == [2, 2] and not faced.public.set_aside
    dodged = act(act(s, 0, type="vote", option=1), 1, type="vote", option=1)
    assert dodged.public.set_aside == ["murder-hole"] and not dodged.public.packets
    assert dodged.public.growth_bank == 0 and dodged.public.foes[0].card == "castle-sentry"
    assert not dodged.public.packets  # unlike the Horrific Mass, nothing lingers at later fights


def test_the_guard_knits_one_health_per_card_set_aside_each_round() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=[KING])
    s.public.set_aside = ["murder-hole", "whispering-courtiers"]
    s.public.foes[1].health = 1
    s.public.foes[1].max_health = 9  # room to knit: a lone hero's guard is only 2 strong
    s = act(s, 0, type="done")
    hero = s.public.heroes[0]
    while s.public.packets:
        s = act(s, 0, type="take", packet=0, slots=[i for i, sl in enumerate(hero.board) if sl.ready][: s.public.packets[0].amount])
        hero = s.public.heroes[0]
    assert s.public.foes[1].health == 1 + 2


def test_the_guard_rises_while_cards_remain_then_the_king_goes_into_a_frenzy() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=[KING])
    s.public.set_aside = ["murder-hole"]
    board(s, 0, P("Rising Sun"), P("Quick Draw"), P("Petal Cut"))
    dice(s, 0, 6, 6)
    s.public.foes[1].health = 3
    s = act(s, 0, type="activate", slot=0, dice=[0], target=1)  # 3 damage fells the wounded guard
    guard = s.public.foes[1]
    assert guard.alive and guard.health == guard.max_health and s.public.set_aside == []
    assert not s.public.foes[0].frenzy
    s.public.foes[1].health = 1
    s = act(s, 0, type="activate", slot=1, dice=[1], target=1)
    assert not s.public.foes[1].alive and s.public.foes[0].frenzy
    s = act(s, 0, type="done")
    assert sorted(p.mode for p in s.public.packets) == ["player", "seat"]  # his blow and the frenzy's
    frenzy = sum(scaled(a.amount, 1) for a in content().encounters[KING].frenzy if a.kind == "morale")
    assert frenzy and s.public.morale == 21 - morale_blow(KING, 1) - frenzy  # his own blow, and the frenzy's


def test_once_the_king_falls_his_guard_rises_no_more() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=[KING])
    s.public.set_aside = ["murder-hole"]
    s.public.foes[0].health = 1
    s.public.foes[1].health = 1
    board(s, 0, P("Rising Sun"), P("Quick Draw"))
    dice(s, 0, 6, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0], target=0)
    s = act(s, 0, type="activate", slot=1, dice=[1], target=1)
    assert s.public.winner is True and s.public.set_aside == ["murder-hole"]
