"""The legal plays come with the choices they need (a saint, a card that pays, a fragment), only
when the engine accepts them; the panel's play select carries those choices back unchanged."""

from __future__ import annotations

import discord
import pytest
from apoc_helpers import Game
from test_apoc_coop import FRANK, OPHELIA, ZEEZ, christmas

from bot.engine.state import project
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.commands import Answer, Give, Move, Next, Play
from bot.games.apocrypha.rules import Apocrypha
from bot.games.apocrypha.state import card_id
from cogs.apocrypha import views


@pytest.fixture(scope="module")
def real() -> Apocrypha:
    return Apocrypha(book=load_book())


def plays(game: Game, seat: int, card: str) -> list[Play]:
    return [a for a in game.rules.legal_actions(game.state, seat) if isinstance(a, Play) and a.card == card]


def frank_initiates_vs_a_threat(real: Apocrypha) -> Game:
    game = christmas(real, first=FRANK)
    game.do(FRANK, Next())  # Support
    game.do(FRANK, Next())  # Investigate
    game.state.secret.nexus_decks["chapel"].insert(0, game.t.new_instance("gaunt"))
    game.hand_of(FRANK, "crowbar", "reaper", "reaper", "good_karma")
    game.do(FRANK, game.rules.legal_actions(game.state, FRANK)[0])  # investigate with the omen
    game.do(FRANK, Next())  # Avoid -> Initiate
    assert game.pub.confront is not None and game.pub.confront.step == "initiate"
    return game


def test_a_power_that_costs_a_card_is_offered_once_per_card_it_may_take(real):
    game = frank_initiates_vs_a_threat(real)
    offered = plays(game, FRANK, "saint")
    hand = game.state.players[FRANK].hand
    assert sorted(card_id(p.cards[0]) for p in offered) == ["crowbar", "reaper"]  # two Reapers: one choice
    assert all(len(p.cards) == 1 and p.cards[0] in hand for p in offered)
    before = game.pub.confront.target_adjust
    game.do(FRANK, offered[0])
    assert game.pub.confront.target_adjust == before - 2
    assert plays(game, FRANK, "saint") == []  # used in this step


def test_a_power_aimed_at_another_saint_names_each_saint_there(real):
    game = christmas(real, first=ZEEZ)
    kit = game.hand_of(ZEEZ, "trauma_kit")[0]
    game.do(ZEEZ, Next())  # Support
    assert plays(game, ZEEZ, kit) == []  # nobody else at the Hospital
    game.state.public.saints[FRANK].nexus = "hospital"
    assert [p.target for p in plays(game, ZEEZ, kit)] == [FRANK]


def test_demon_key_needs_a_fragment_to_bury(real):
    game = christmas(real, first=ZEEZ)
    key = game.hand_of(ZEEZ, "demon_key")[0]
    assert plays(game, ZEEZ, key) == []
    game.state.public.saints[ZEEZ].halo[1] = game.t.new_instance("the_cutting_room")
    offered = plays(game, ZEEZ, key)
    assert offered and all(p.cards == [game.pub.saints[ZEEZ].halo[1]] for p in offered)
    game.do(ZEEZ, offered[0])
    assert game.pub.nexuses["hospital"].side == "hope"


def test_no_move_is_offered_after_moving_or_giving(real):
    game = christmas(real, first=OPHELIA)
    for _ in range(3):
        game.do(OPHELIA, Next())  # Support, Investigate, Transfer (the Chapel still has cards)
    assert game.pub.step == "transfer"
    acts = game.rules.legal_actions(game.state, OPHELIA)
    give = next(a for a in acts if isinstance(a, Give))
    assert give.to == FRANK and any(isinstance(a, Move) for a in acts)
    game.do(OPHELIA, give)
    acts = game.rules.legal_actions(game.state, OPHELIA)
    assert not any(isinstance(a, (Move, Give)) for a in acts)


def test_a_question_about_a_hand_card_offers_one_answer_per_card(real):
    game = christmas(real, first=ZEEZ)
    game.hand_of(ZEEZ, "crowbar")
    from bot.games.apocrypha import coop

    coop.ask_pick(game.t, ZEEZ, "recycle", None)
    assert game.rules.legal_actions(game.state, ZEEZ) == [Answer(option=0)]


def test_the_play_select_carries_each_plays_choices_back(real):
    game = frank_initiates_vs_a_threat(real)
    seat = FRANK
    public = project(game.state, seat)["public"]
    hand = list(game.state.players[seat].hand)
    actions = game.rules.legal_actions(game.state, seat)
    items = views.saint_items(7, real.book, public, seat, actions, hand)
    select = next(
        i.item for i in items if isinstance(i.item, discord.ui.Select) and "play" in i.item.custom_id
    )
    offered = [a for a in actions if isinstance(a, Play)]
    assert len(select.options) == len(offered)
    labels = [o.label for o in select.options]
    assert len(set(labels)) == len(labels) and any("with Crowbar" in label for label in labels)
    halo = {str(k): v for k, v in public["saints"][str(seat)]["halo"].items()}
    for option, play in zip(select.options, offered, strict=True):
        assert len(option.value) <= 100
        back = views.command_for("play", None, [option.value], [], hand, halo)
        assert real.parse_command(back) == play
