"""Several opponents at once (guided mode): two saints confront different cards at one nexus and do
their checks in any order; the guide mutates, stops and retargets either; old saves load."""

from __future__ import annotations

import json

import pytest
from apoc_helpers import Game, assert_views_keep_hidden_nexuses, guided

from bot.engine.seats import GUIDE
from bot.engine.state import project
from bot.games.apocrypha.commands import (
    AddMutation,
    AdjustTarget,
    Attempt,
    DrawClock,
    EndActiveTurn,
    Focus,
    Keep,
    Next,
    PrepareNexus,
    Present,
    Roll,
    StackClock,
    StackNexus,
    StartTurn,
    StopPower,
)
from bot.games.apocrypha.state import card_id


def two_at_the_chapel(rules) -> Game:
    """Saints 0 and 1 at the (hidden) Chapel; saint 0's turn; Gaunt faces 0, Strix faces 1."""
    game = guided(rules, ["frank_block", "dr_zeez", "ophelia_willows"], side="hope")
    game.do(GUIDE, PrepareNexus(nexus="chapel"))
    game.do(GUIDE, StackNexus(nexus="chapel", cards=["gaunt", "strix", "bad_news"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, nexus="chapel"))
    game.do(GUIDE, Present(seat=1, nexus="chapel"))
    return game


def to_act(game: Game, seat: int) -> None:
    while game.pub.confront.step != "act":
        game.do(seat, Next())


def test_a_second_card_waits_beside_the_first_and_the_checks_go_in_any_order(rules):
    game = two_at_the_chapel(rules)
    assert card_id(game.pub.confront.card) == "gaunt" and game.pub.confront.seat == 0
    assert [(c.seat, card_id(c.card)) for c in game.pub.opponents] == [(1, "strix")]
    assert "faces Strix at the same time" in game.public_text()
    assert Focus() in game.rules.legal_actions(game.state, 1)
    # Saint 1 goes first although saint 0's card came first.
    game.do(1, Focus())
    assert game.pub.confront.seat == 1 and [c.seat for c in game.pub.opponents] == [0]
    to_act(game, 1)
    game.do(1, Attempt(virtue="body"))
    game.fails(0, Focus(), "check is decided")  # nobody takes the focus mid-check
    game.dice(6, 6, 6, 6, 6, 6)
    game.do(1, Roll())
    game.do(1, Keep())
    assert card_id(game.state.players[1].hand[-1]) != "strix"  # a threat beaten goes to the box
    # Strix is beaten; Gaunt's confrontation goes on by itself, where it was left.
    assert game.pub.confront.seat == 0 and game.pub.confront.step == "avoid"
    assert game.pub.opponents == []
    assert "confrontation vs. Gaunt goes on" in game.public_text()
    to_act(game, 0)
    game.dice(6, 6, 6, 6, 6, 6)
    game.do(0, Attempt(virtue="body"))
    game.do(0, Roll())
    game.do(0, Keep())
    assert game.pub.confront is None and game.pub.opponents == []
    assert [card_id(u) for u in game.state.secret.nexus_decks["chapel"]] == ["bad_news"]


def test_attempting_or_pressing_next_takes_the_focus_from_a_waiting_confrontation(rules):
    game = two_at_the_chapel(rules)
    to_act(game, 0)
    game.do(1, Next())  # saint 1's confrontation waits: Next takes the focus first
    assert game.pub.confront.seat == 1 and game.pub.confront.step == "avoid"
    game.fails(1, Attempt(virtue="body"), "act step")
    game.do(0, Attempt(virtue="body"))  # back to saint 0's, still at Act: the check starts at once
    assert game.pub.confront.seat == 0 and game.pub.check.seat == 0


def test_one_card_at_a_time_for_each_saint_and_no_second_card_in_co_op(rules):
    game = two_at_the_chapel(rules)
    game.fails(GUIDE, Present(seat=1, card="gaunt"), "already confronting")
    game.fails(GUIDE, Present(seat=0, nexus="chapel"), "already confronting")
    game.fails(2, Focus(), "not confronting anything")
    game.fails(0, Focus(), "the one under way")
    assert Focus() not in game.rules.legal_actions(game.state, 2)


def test_the_guide_mutates_stops_and_retargets_the_waiting_confrontation(rules):
    game = two_at_the_chapel(rules)
    game.do(GUIDE, AddMutation(mutation="fiery", roll=2, seat=1))
    game.do(GUIDE, AddMutation(mutation=None, name="Slick Ice", text="The floor is ice.", seat=1))
    game.do(GUIDE, AdjustTarget(by=2, seat=1))
    game.fails(GUIDE, StopPower(seat=1), "Strix has no powers to stop")
    game.do(GUIDE, Present(seat=2, card="authorities"))
    game.do(GUIDE, StopPower(seat=2, power=0))
    assert game.pub.opponents[1].stopped == [0] and game.pub.confront.stopped == []
    strix = game.pub.opponents[0]
    assert strix.queued_mutations == ["fiery:2:"] and [m.side for m in strix.written] == ["Slick Ice"]
    assert strix.target_adjust == 2 and game.pub.confront.target_adjust == 0
    game.fails(GUIDE, AddMutation(mutation="fiery", seat=5), "no such saint")
    game.fails(GUIDE, AddMutation(mutation="moon", seat=1), "no mutation called moon")
    game.do(1, Focus())
    to_act(game, 1)
    game.do(1, Attempt(virtue="body"))
    assert game.pub.check.target == 14  # Body 12, raised by 2
    game.do(1, Next())
    sides = [m.side for m in game.pub.check.mutations]
    assert sides[0] == "Slick Ice" and len(sides) == 2


def test_ending_the_turn_ends_every_confrontation_under_way(rules):
    game = two_at_the_chapel(rules)
    game.do(GUIDE, EndActiveTurn())
    assert game.pub.confront is None and game.pub.opponents == [] and game.pub.active is None
    # Unbeaten, both lurk on top of the Chapel for the guide to send again or let retreat.
    top = [card_id(u) for u in game.state.secret.nexus_decks["chapel"][:2]]
    assert sorted(top) == ["gaunt", "strix"]


def test_the_clock_hands_several_saints_an_opponent_each(rules):
    game = guided(rules, ["frank_block", "dr_zeez", "ophelia_willows"], side="hope")
    game.do(GUIDE, StackClock(cards=["gaunt", "strix", "bad_news"]))
    game.do(GUIDE, DrawClock(seats=[1, 0, 2]))
    assert game.pub.confront.seat == 1 and [c.seat for c in game.pub.opponents] == [0]
    assert card_id(game.state.players[2].hand[-1]) == "bad_news"
    assert game.pub.clock_count == 0


def test_waiting_opponents_keep_hidden_nexuses_out_of_every_view(rules):
    game = two_at_the_chapel(rules)
    assert game.state.secret.origins == {
        game.pub.confront.card: "chapel",
        game.pub.opponents[0].card: "chapel",
    }
    assert_views_keep_hidden_nexuses(game.state)
    seen = json.dumps(project(game.state, 1))
    assert game.pub.opponents[0].card in seen  # the card itself is faceup on the table


def test_a_power_aimed_at_another_saint_is_offered_once_per_saint_there_and_once_per_step(rules):
    from bot.games.apocrypha.commands import Play

    game = guided(rules, ["frank_block", "dr_zeez", "ophelia_willows"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    grifter, other = game.hand_of(0, "grifter", "scrapbook")
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(0, Next())  # Initiate: the Grifter's power gives a card to a saint at the nexus
    plays = [a for a in game.rules.legal_actions(game.state, 0) if isinstance(a, Play) and a.card == grifter]
    assert sorted(p.target for p in plays) == [1, 2]
    game.do(0, Play(card=grifter, power=0, target=2, cards=[other]))
    assert other in game.state.players[2].hand
    assert not [a for a in game.rules.legal_actions(game.state, 0) if isinstance(a, Play) and a.card == grifter]


def test_a_power_used_this_step_stays_used_when_the_saint_switches_away_and_back():
    from bot.games.apocrypha.cards import load_book
    from bot.games.apocrypha.commands import Play
    from bot.games.apocrypha.rules import Apocrypha

    # The box's Frank Block: once per Initiate step vs. a threat, discard a card to lower its target.
    game = guided(Apocrypha(book=load_book()), ["frank_block", "dr_zeez", "ophelia_willows"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    game.do(GUIDE, Present(seat=1, card="strix"))
    first, second = game.state.players[0].hand[:2]
    while game.pub.confront.step != "initiate":
        game.do(0, Next())
    game.do(0, Play(card="saint", power=0, cards=[first]))
    lowered = game.pub.confront.target_adjust
    game.do(1, Focus())  # saint 1 takes the turn at Strix: Gaunt's confrontation waits, at Initiate
    assert game.pub.confront.seat == 1 and game.state.secret.used == []
    saved = game.rules.load_state(game.state.model_dump(mode="json"))  # the record survives a save
    assert saved.secret.used_waiting == game.state.secret.used_waiting == {0: ["saint0:0"]}
    game.do(0, Focus())  # and back: still the same Initiate step of Gaunt's confrontation
    assert game.pub.confront.seat == 0 and game.pub.confront.step == "initiate"
    plays = [a for a in game.rules.legal_actions(game.state, 0) if isinstance(a, Play) and a.card == "saint"]
    assert plays == []
    game.fails(0, Play(card="saint", power=0, cards=[second]), "already used Frank Block in this step")
    assert game.pub.confront.target_adjust == lowered and second in game.state.players[0].hand


@pytest.mark.parametrize("version", [2, 3])
def test_a_state_saved_before_several_opponents_or_their_used_powers_loads(rules, version):
    game = two_at_the_chapel(rules)
    data = game.state.model_dump(mode="json")
    data["secret"].pop("used_waiting")  # schema 4: each waiting confrontation's used powers
    if version == 2:
        data["public"].pop("opponents")  # schema 3: several opponents at once
    data["schema_version"] = version
    loaded = rules.load_state(data)
    assert loaded.schema_version == 1 + len(rules.state_upgrades) and loaded.secret.used_waiting == {}
    assert [c.seat for c in loaded.public.opponents] == ([] if version == 2 else [1])
    assert loaded.public.confront.seat == 0
