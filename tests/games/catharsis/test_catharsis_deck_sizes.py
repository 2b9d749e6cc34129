"""Boss decks of a real deck's size, and the cards that filled them out."""

from __future__ import annotations

import pytest

from bot.engine.prng import Rng
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id
DECKS = ["corrupted-horse", "forest-elemental", "horrific-mass"]


@pytest.mark.parametrize("deck", DECKS)
def test_each_deck_holds_14_to_18_cards_of_every_kind_with_the_boss_last(deck: str) -> None:
    cards = build_deck(deck, Rng.from_seed(11))
    assert 14 <= len(cards) <= 18
    assert cards[-1] == content().decks[deck].boss and cards.count(cards[-1]) == 1
    kinds = [content().encounters[c].kind for c in cards]
    assert kinds.count("monster") >= 5 and kinds.count("trap") >= 3
    assert kinds.count("event") >= 2 and kinds.count("special") >= 2


def test_copies_put_a_card_in_the_deck_more_than_once() -> None:
    cards = build_deck("corrupted-horse", Rng.from_seed(2))
    assert cards.count("carrion-crows") == 2
    assert build_deck("horrific-mass", Rng.from_seed(2)).count("crawling-tendril") == 2


def test_maddened_mare_leaves_no_time_to_reroll_in_the_first_round() -> None:
    s = new_game(1, roles=["unmei"], first=["maddened-mare"])
    s = act(s, 0, type="roll")
    assert "Nobody may reroll" in refused(s, 0, type="reroll", dice=[0])


def test_cinder_bat_sets_the_party_alight_as_it_swoops_in() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss="forest-elemental", first=["cinder-bat"])
    assert [h.counters.get("burn", 0) for h in s.public.heroes] == [1, 1]
    s.public.foes[0].health = 3  # worn down to what one Rising Sun deals
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.phase == "recover"
    assert [h.counters.get("burn", 0) for h in s.public.heroes] == [0, 0]  # beaten: the flames die


def test_choking_smoke_costs_morale_and_a_die_in_the_next_fight() -> None:
    s = new_game(1, roles=["unmei"], boss="forest-elemental", first=["choking-smoke", "ash-wolf"])
    assert s.public.morale == 20 and s.public.foes[0].card == "ash-wolf"
    s = act(s, 0, type="roll")
    assert len(s.public.heroes[0].dice) == 5


def test_sucking_mire_set_aside_takes_a_die_at_every_later_fight() -> None:
    s = new_game(1, roles=["unmei"], boss="horrific-mass", first=["sucking-mire", "bloated-lump"])
    s = act(s, 0, type="vote", option=1)  # set it aside
    assert s.public.set_aside == ["sucking-mire"] and s.public.foes[0].card == "bloated-lump"
    s = act(s, 0, type="roll")
    assert len(s.public.heroes[0].dice) == 5


def test_chitin_plate_shields_only_its_owner() -> None:
    s = new_game(1, roles=["unmei"], boss="horrific-mass", first=["bloated-lump"])
    board(s, 0, "chitin-plate", P("Quick Draw"))
    dice(s, 0, 3, 3)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1])
    assert s.public.heroes[0].shield == 4 and not s.public.heroes[0].board[0].ready


def test_the_challenge_decks_sit_on_the_difficulty_ladder() -> None:
    """House rule: every challenge deck's fighting foe saps Morale each round at every party size (a lone
    hero too: Morale is their clock), grows sturdier with every hero, and Dragon & Lich's traps cost
    Morale too."""
    from bot.games.catharsis.cards import scaled

    data = content()
    for deck in (d.id for d in data.decks.values() if d.challenge):
        foes = [e for e in data.encounters.values() if e.deck == deck and e.kind in ("monster", "boss") and e.health]
        assert foes, deck
        sizes = range(1, data.decks[deck].most_players + 1)
        for foe in foes:
            sap = [sum(scaled(a.amount, n) for a in foe.attacks if a.kind == "morale") for n in sizes]
            assert min(sap) >= 1, f"{foe.name} saps no Morale"
            health = [scaled(foe.health, n) for n in range(1, data.decks[deck].most_players + 1)]
            assert health == sorted(health) and health[-1] > health[0], foe.name
    for trap in (e for e in data.encounters.values() if e.deck == "dragon-and-lich" and e.kind == "trap"):
        assert any(b["op"] == "lose_morale" for b in trap.do), trap.name
