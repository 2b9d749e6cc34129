"""Every guide command, its refusals, and what the guide and the saints can see."""

from __future__ import annotations

import json

from apoc_helpers import Game, guided

from bot.engine.seats import GUIDE
from bot.engine.state import project
from bot.games.apocrypha.commands import (
    AddMutation,
    AdjustTarget,
    AllowReset,
    Attempt,
    Delay,
    EndActiveTurn,
    EndMission,
    EndTurn,
    GiveFragment,
    Next,
    OrientNexus,
    PlaceSaints,
    PrepareNexus,
    Present,
    RevealNexus,
    SetDice,
    StackClock,
    StackNexus,
    StartTurn,
)
from bot.games.apocrypha.rules import Options
from bot.games.apocrypha.state import card_id


def fresh(rules, saints=("frank_block", "dr_zeez")) -> Game:
    out = rules.setup(Options(mode="guided"), len(saints), 5, {"guide": True})
    return Game(rules, out.state, out.events)


def test_guide_commands_from_a_non_guide_are_refused(rules):
    game = fresh(rules)
    for cmd in (
        PrepareNexus(name="Diner"),
        StartTurn(seat=0),
        Delay(),
        EndMission(won=True),
        SetDice(values=[6]),
    ):
        game.fails(0, cmd, "only the guide")


def test_prepare_custom_and_box_nexuses_hidden_until_revealed(rules):
    game = fresh(rules)
    game.do(GUIDE, PrepareNexus(name="Big Edie's Fun Park", description="Everything is big here."))
    game.do(GUIDE, PrepareNexus(nexus="chapel", side="hope"))
    assert game.pub.nexuses == {}
    assert "Fun Park" not in json.dumps(project(game.state, 0))
    assert "big_edie_s_fun_park" in project(game.state, GUIDE)["secret"]["hidden_nexuses"]
    game.do(GUIDE, RevealNexus(nexus="big_edie_s_fun_park"))
    assert game.pub.nexuses["big_edie_s_fun_park"].description == "Everything is big here."
    game.fails(GUIDE, PrepareNexus(nexus="chapel"), "already")
    game.fails(GUIDE, PrepareNexus(nexus="atlantis"), "no nexus called")
    game.fails(GUIDE, PrepareNexus(), "name")
    game.fails(GUIDE, RevealNexus(nexus="big_edie_s_fun_park"), "already revealed")
    game.fails(GUIDE, RevealNexus(nexus="moon"), "no nexus")


def test_orient_stack_and_place(rules):
    game = fresh(rules)
    game.do(GUIDE, PrepareNexus(nexus="chapel", reveal=True))
    game.do(GUIDE, OrientNexus(nexus="chapel", side="hope"))
    assert game.pub.nexuses["chapel"].side == "hope"
    game.do(GUIDE, StackNexus(nexus="chapel", cards=["gaunt", "reaper"]))
    game.do(GUIDE, StackNexus(nexus="chapel", cards=["strix"], bottom=True))
    assert [card_id(u) for u in game.state.secret.nexus_decks["chapel"]] == ["gaunt", "reaper", "strix"]
    assert game.pub.nexuses["chapel"].count == 3
    game.do(GUIDE, PlaceSaints(nexus="chapel", seats=[1]))
    assert game.pub.saints[1].nexus == "chapel" and game.pub.saints[0].nexus is None
    game.fails(GUIDE, StackNexus(nexus="chapel", cards=["excalibur"]), "no card called excalibur")
    game.fails(GUIDE, StackNexus(nexus="nowhere", cards=["gaunt"]), "no nexus called nowhere")
    game.fails(GUIDE, StackNexus(nexus="chapel", cards=["the_tale"]), "cannot go there")
    game.fails(GUIDE, OrientNexus(nexus="nowhere", side="hope"), "no nexus")
    game.fails(GUIDE, PlaceSaints(nexus="nowhere"), "no open")
    game.fails(GUIDE, PlaceSaints(nexus="chapel", seats=[7]), "no saint")


def test_a_card_not_left_in_the_box(rules):
    game = fresh(rules)
    game.do(GUIDE, PrepareNexus(nexus="chapel"))
    game.do(GUIDE, StackNexus(nexus="chapel", cards=["gryla", "gryla"]))
    game.fails(GUIDE, StackNexus(nexus="chapel", cards=["gryla"]), "left in the box")


def test_build_and_stack_the_clock(rules):
    game = fresh(rules)
    game.do(GUIDE, StackClock(random_omens=4))
    assert game.pub.clock_count == 4
    game.do(GUIDE, StackClock(cards=["good_karma"]))
    assert card_id(game.state.secret.clock[0].card) == "good_karma"
    game.do(GUIDE, StackClock(cards=["gaunt"], after_turns=2))
    assert card_id(game.state.secret.clock[2].card) == "gaunt"
    game.do(GUIDE, StackClock(cards=["poverty"], bottom=True))
    assert card_id(game.state.secret.clock[-1].card) == "poverty"
    game.fails(GUIDE, StackClock(), "clock")
    game.fails(GUIDE, StackClock(cards=["chapel"]), "cannot go there")


def test_a_clock_threat_is_confronted_when_drawn(rules):
    game = fresh(rules)
    game.do(GUIDE, StackClock(cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0))
    assert card_id(game.pub.confront.card) == "gaunt"


def test_start_turn_hands_the_clock_card(rules):
    game = fresh(rules)
    game.do(GUIDE, StackClock(cards=["good_karma", "poverty"]))
    game.do(GUIDE, StartTurn(seat=1))
    assert any(card_id(u) == "good_karma" for u in game.state.players[1].hand)
    assert game.pub.active == 1 and game.pub.clock_count == 1
    game.fails(GUIDE, StartTurn(seat=0), "still")
    game.fails(GUIDE, StartTurn(seat=9), "no saint")


def test_time_out_in_guided_mode_leaves_the_ending_to_the_guide(rules):
    game = fresh(rules)
    game.do(GUIDE, StartTurn(seat=0))
    assert game.pub.outcome is None and "clock is empty" in game.public_text()


def test_present_from_a_nexus_or_the_box(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt", "strix"]))
    game.do(GUIDE, Present(seat=1, nexus="main_street", card="strix"))
    assert (
        card_id(game.pub.confront.card) == "strix"
        and game.state.secret.origins[game.pub.confront.card] == "main_street"
    )
    game.fails(GUIDE, Present(seat=1, card="reaper"), "already")
    game2 = guided(rules, ["frank_block"])
    game2.do(GUIDE, Present(seat=0, card="reaper"))
    assert game2.pub.confront.kind == "gift" and game2.pub.confront.card not in game2.state.secret.origins
    game3 = guided(rules, ["frank_block"])
    game3.fails(GUIDE, Present(seat=0, nexus="main_street"), "no cards")
    game3.fails(GUIDE, Present(seat=0, nexus="main_street", card="gaunt"), "not in that nexus")
    game3.fails(GUIDE, Present(seat=0, card="good_karma"), "cannot go there")
    game3.fails(GUIDE, Present(seat=0), "which")


def test_mutations_before_and_after_assists(rules):
    game = guided(rules, ["frank_block"])
    game.fails(GUIDE, AddMutation(mutation="unseen"), "no confrontation")
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(GUIDE, AddMutation(mutation="fiery", roll=3))  # before the check: queued
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="rage"))
    game.do(0, Next())  # to Assemble: the queued mutation applies
    assert game.pub.check.target == 12  # Fiery 3: +2
    game.do(GUIDE, AddMutation(mutation="unseen", roll=4))  # during Assemble: applies at once
    assert game.pub.check.target == 13
    game.fails(GUIDE, AddMutation(mutation="purple"), "no mutation")


def test_adjust_target(rules):
    game = guided(rules, ["frank_block"])
    game.fails(GUIDE, AdjustTarget(by=2), "no confrontation")
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(GUIDE, AdjustTarget(by=-3))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="rage"))
    assert game.pub.check.target == 7


def test_delay_sacrifices_clock_cards(rules):
    game = fresh(rules)
    game.fails(GUIDE, Delay(), "already empty")
    game.do(GUIDE, StackClock(random_omens=3))
    game.do(GUIDE, Delay(n=2))
    assert game.pub.clock_count == 1


def test_rest_between_scenes_resets_hands(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.state.players[0].hand = game.state.players[0].hand[:1]
    game.do(GUIDE, AllowReset())
    assert len(game.state.players[0].hand) == 4 and len(game.state.players[1].hand) == 6
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.fails(GUIDE, AllowReset(), "confrontation")


def test_give_fragments_from_the_box_the_mission_or_written(rules):
    out = rules.setup(Options(mode="guided", mission="taking_the_plunge"), 1, 5, {"guide": True})
    game = Game(rules, out.state, out.events)
    game.do(GUIDE, GiveFragment(seat=0, fragment="the_cutting_room"))
    game.do(GUIDE, GiveFragment(seat=0, fragment="the_playground"))
    game.do(
        GUIDE,
        GiveFragment(seat=0, name="The Ferris Wheel", text="You remember the top of the wheel.", slot=8),
    )
    halo = game.pub.saints[0].halo
    assert len(halo) == 3 and card_id(halo[8]) == "custom_the_ferris_wheel"
    assert game.t.name(halo[8]) == "The Ferris Wheel"
    game.fails(GUIDE, GiveFragment(seat=0, fragment="the_playground"), "already")
    game.fails(GUIDE, GiveFragment(seat=0, fragment="gaunt"), "no fragment")
    game.fails(GUIDE, GiveFragment(seat=0, name="Another", slot=8), "taken")
    game.fails(GUIDE, GiveFragment(seat=0, name="Center", slot=4), "0-8")
    game.fails(GUIDE, GiveFragment(seat=0), "name")


def test_end_the_active_turn(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.fails(GUIDE, EndActiveTurn(), "no saint")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.state.players[0].hand = []
    game.do(GUIDE, EndActiveTurn())
    assert game.pub.active is None and game.pub.confront is None
    assert len(game.state.players[0].hand) == 4


def test_end_the_mission(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, EndMission(won=True))
    assert game.rules.result(game.state) == "The choir wins the mission."
    game.fails(GUIDE, Delay(), "over")


def test_set_dice_is_the_chance_node(rules):
    game = guided(rules, ["frank_block"])
    game.fails(GUIDE, SetDice(values=[7]), "1 to 6")
    game.do(GUIDE, SetDice(values=[6, 6, 6, 6, 1, 1, 1]))
    assert "forced" not in json.dumps(project(game.state, 0)["public"])
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="rage"))
    from bot.games.apocrypha.commands import Roll

    game.do(0, Roll())
    assert [d.value for d in game.pub.check.pool.dice] == [6, 6, 6, 6, 1, 1]


def test_guide_view_and_saint_view(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gryla", "reaper"]))
    game.do(GUIDE, StackClock(cards=["good_karma"]))
    guide_view = project(game.state, GUIDE)
    assert [card_id(u) for u in guide_view["secret"]["nexus_decks"]["main_street"]] == ["gryla", "reaper"]
    assert guide_view["public"]["saints"]["0"]["deck_count"] > 0
    assert guide_view["public"]["saints"]["1"]["hand_count"] == 6
    saint_view = json.dumps(project(game.state, 0))
    clock_card = game.state.secret.clock[0].card
    assert "gryla" not in saint_view and clock_card not in saint_view and "secret" not in saint_view
    for uid in game.state.players[1].hand:
        assert uid not in saint_view
    assert "gryla" not in game.public_text().lower()


def test_saints_cannot_use_guide_commands_in_co_op(rules):
    out = rules.setup(Options(mode="coop", mission="corner_the_troll"), 1, 5, {})
    game = Game(rules, out.state, out.events)
    game.fails(GUIDE, Delay(), "guided mode")
    game.do(0, Next())
    game.fails(0, EndTurn(discard=["nonexistent#1"]), "only discard")


def test_no_new_turn_in_the_middle_of_a_confrontation(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, Present(seat=1, card="strix"))
    game.fails(GUIDE, StartTurn(seat=0), "confrontation")
