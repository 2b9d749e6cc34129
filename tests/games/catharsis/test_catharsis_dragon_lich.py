"""The Dragon & Lich challenge deck: allies and blessings whose price the next hero pays, and the last fight."""

from __future__ import annotations

import pytest

from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.state import CatharsisState
from cogs.catharsis.lookup import card_embed
from cogs.catharsis.render import prompt_for, table_embed
from cogs.catharsis.views import panel_items
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused, take_all

DECK = "dragon-and-lich"
P = power_id


def game(first: list[str], players: int = 3) -> CatharsisState:
    return new_game(players, roles=["unmei", "leme", "maladaum"][:players], boss=DECK, first=first)


def test_a_full_deck_with_the_lich_last_and_his_dragon_beside_him_only() -> None:
    cards = build_deck(DECK, Rng.from_seed(6))
    assert 14 <= len(cards) <= 18 and cards[-1] == "the-lich" and "frost-dragon" not in cards
    boons = [content().encounters[c] for c in cards if content().encounters[c].price]
    assert len([b for b in boons if b.ability]) == 3 and len([b for b in boons if b.gift]) == 2


def test_an_ally_joins_the_claimants_board_and_the_next_hero_pays() -> None:
    s = game(["northern-healer"])
    assert s.public.phase == "special"
    s = act(s, 1, type="claim", discard=[0])  # Leme gives up a power for the Northern Healer
    leme, next_hero = s.public.heroes[1], s.public.heroes[2]
    assert leme.board[-1].card == "northern-healer" and len(leme.board) == 6
    [packet] = s.public.packets
    assert packet.mode == "discard" and packet.seat == next_hero.seat and packet.amount == 1
    assert "not yours to take" in refused(s, 1, type="take", packet=0, slots=[0])
    s = act(s, 2, type="take", packet=0, slots=[0])
    assert len(s.public.heroes[2].board) == 5


def test_the_last_seat_passes_the_price_round_to_the_first_and_skips_the_fallen() -> None:
    s = game(["exiled-frost-mage"])
    s.public.heroes[0].dead, s.public.heroes[0].board = True, []
    s = act(s, 2, type="claim", discard=[0])
    [packet] = s.public.packets
    assert packet.mode == "seat" and packet.seat == 1 and packet.amount == 2


def test_a_lone_hero_pays_their_own_price() -> None:
    s = game(["exiled-frost-mage"], players=1)
    s = act(s, 0, type="claim", discard=[0])
    [packet] = s.public.packets
    assert packet.seat == 0 and packet.amount == 2


def test_a_blessing_gives_its_gift_at_once_and_takes_no_place_on_the_board() -> None:
    s = game(["blessing-of-the-aurora"])
    unmei = s.public.heroes[0]
    for slot in unmei.board:
        slot.ready = False
    unmei.board = unmei.board[:5]
    assert [a.model_dump() for a in RULES.legal_actions(s, 0) if a.type == "claim"] == [{"type": "claim", "discard": []}]
    s = act(s, 0, type="claim", discard=[])
    unmei = s.public.heroes[0]
    assert len(unmei.board) == 6 and all(sl.ready for sl in unmei.board[:5])  # refreshed, and one drawn
    assert "blessing-of-the-aurora" not in [sl.card for sl in unmei.board]
    [packet] = s.public.packets
    assert packet.seat == 1 and packet.amount == 2


def test_prices_that_exhaust_the_payers_first_ready_powers() -> None:
    s = game(["yeti-guide"])
    s = act(s, 0, type="claim", discard=[0])
    assert [sl.ready for sl in s.public.heroes[1].board] == [False, False, True, True, True, True]
    s = game(["hearthfire-blessing"])
    s.public.morale = 15
    s = act(s, 0, type="claim", discard=[])
    assert s.public.morale == 18 and [sl.ready for sl in s.public.heroes[0].board].count(False) == 0
    assert [sl.ready for sl in s.public.heroes[1].board].count(False) == 3


def test_an_ally_is_used_like_a_power() -> None:
    s = game(["yeti-guide", "ice-wolf"], players=1)
    s = act(s, 0, type="claim", discard=[0])  # the lone hero pays the price: two powers exhausted
    assert [sl.ready for sl in s.public.heroes[0].board].count(False) == 2
    while s.public.vote is not None:
        s = act(s, 0, type="vote", option=0)
    board(s, 0, "yeti-guide")
    dice(s, 0, 4)
    before = s.public.foes[0].health
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.foes[0].health == before - 2 and s.public.heroes[0].board[0].ready  # it does not exhaust


def test_the_lich_fights_beside_his_dragon_and_mends_them_both() -> None:
    s = game(["the-lich"], players=2)
    assert [f.card for f in s.public.foes] == ["the-lich", "frost-dragon"]
    s.public.foes[1].health -= 5
    s = take_all(act(act(s, 0, type="done"), 1, type="done"))
    dragon = s.public.foes[1]
    assert dragon.health == dragon.max_health - 5 + scaled(content().encounters["the-lich"].round_end[0]["amount"], 2)


@pytest.mark.parametrize("card", ["yeti-guide", "blessing-of-the-aurora"])
def test_the_panel_and_the_lookup_name_the_price_and_who_pays_it(card: str) -> None:
    s = game([card])
    pub = s.public.model_dump(mode="json")
    prompt = prompt_for(pub, 0)
    assert "the next hero after you in seat order pays its price" in prompt
    text = card_embed(card).description or ""
    assert "paid by the next living hero after the one who claims it" in text
    items = panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["a", "b", "c"])
    labels = [getattr(getattr(i, "item", i), "label", None) for i in items]
    if card == "blessing-of-the-aurora":
        assert "Take Blessing of the Aurora" in labels and "to heal 6 (yourself)" in prompt
    else:
        assert "give up 1 power to gain it" in prompt


def test_the_prompt_names_the_hero_who_pays_the_price_and_the_table_says_it_in_the_third_person() -> None:
    names = ["Ada", "Basil", "Clementine"]
    s = game(["blessing-of-the-aurora"])
    s.public.heroes[1].dead = True  # the price skips the fallen: Ada's claim falls on Clementine
    pub = s.public.model_dump(mode="json")
    assert "if you take it, Clementine (the next hero after you) pays its price: 2 damage to Clementine" in prompt_for(
        pub, 0, names
    )
    assert "Ada (the next hero after you) pays" in prompt_for(pub, 2, names)
    assert "the next hero" not in prompt_for(pub, 0, names).replace("the next hero after you)", "")
    table = table_embed(pub, names).description or ""
    assert "Clementine pays if Ada takes it; Ada pays if Clementine takes it" in table
    assert "you" not in table.split("Blessing of the Aurora's price")[1]


def test_the_price_words_follow_the_payer_and_a_lone_hero_pays_it_themself() -> None:
    s = game(["hearthfire-blessing"], players=1)
    pub = s.public.model_dump(mode="json")
    assert "fighting alone, you pay its price yourself: your first 3 ready powers are exhausted" in prompt_for(
        pub, 0, ["Ada"]
    )
    assert "Hearthfire Blessing's price falls on Ada alone: Ada's first 3 ready powers are exhausted" in (
        table_embed(pub, ["Ada"]).description or ""
    )
    s = game(["northern-healer"], players=2)
    assert "Basil discards 1 power" in prompt_for(s.public.model_dump(mode="json"), 0, ["Ada", "Basil"])
