"""Bad input: a plain one-sentence refusal, and the state exactly as it was."""

from __future__ import annotations

import pytest
from haunted_builder import act, build, refused

from bot.engine.errors import GameError
from bot.games.haunted import RULES
from bot.games.haunted.state import Step


def test_playing_a_card_not_in_your_hand():
    state = build(hands={0: ["Country Walk"]})
    err = refused(
        state, 0, "You do not hold Ruined Church", type="play", card="Ruined Church", target=1, line=1
    )
    assert err.message.endswith(".") and "\n" not in err.message


def test_unknown_cards_and_commands():
    state = build(hands={0: ["Country Walk"]})
    refused(state, 0, "no Haunted card called 'Bat Swarm'", type="play", card="Bat Swarm", target=1, line=1)
    refused(state, 0, "not one this game knows", type="fly")
    refused(state, 0, "not one this game knows", type="play", card="Country Walk", target=1, line=4)
    refused(state, 0, "no such player", type="play", card="Country Walk", target=7, line=1)
    refused(state, 9, "not playing in this game", type="pass")
    refused(state, 0, "nothing for you to choose", type="choose", option="keep")
    refused(state, 0, "discard in step 4", type="discard", card="Country Walk")


def test_a_focus_on_a_setting_that_does_not_allow_it():
    state = build(hands={0: ["Tin Whistle"]}, lines={1: [["Roadside Inn"]]})
    refused(
        state,
        0,
        "Tin Whistle cannot be played at the Roadside Inn",
        type="play",
        card="Tin Whistle",
        target=1,
        line=1,
    )


def test_a_terror_its_focus_does_not_summon():
    state = build(hands={0: ["Dread Old God"]}, lines={1: [["Country Walk", "Locked Box"]]})
    refused(
        state,
        0,
        "The Locked Box does not summon the Dread Old God",
        type="play",
        card="Dread Old God",
        target=1,
        line=1,
    )


def test_a_second_card_on_the_same_line_in_one_step():
    state = build(hands={0: ["Country Walk", "Tin Whistle", "Strange Mist"]})
    state, _ = act(state, 0, type="play", card="Country Walk", target=1, line=2)
    refused(state, 0, "already played a card on that line", type="play", card="Tin Whistle", target=1, line=2)
    refused(
        state, 0, "already played a card on that line", type="play", card="Strange Mist", target=1, line=2
    )
    state, _ = act(state, 0, type="play", card="Strange Mist", target=1, line=1)  # another line is fine


def test_acting_outside_your_defence_window():
    state = build(
        players=3,
        hands={0: ["Country Walk", "Ruined Church"], 1: ["Terrible Accident"], 2: ["Nervous Exhaustion"]},
    )
    state, _ = act(state, 0, type="play", card="Country Walk", target=1, line=1)
    state, _ = act(state, 0, type="play", card="Ruined Church", target=2, line=1)
    state, _ = act(state, 0, type="pass")
    refused(state, 2, "@\\{1\\}'s turn to defend", type="play", card="Nervous Exhaustion", target=2, line=1)
    state, _ = act(state, 1, type="pass")
    # Seat 1's window has closed.
    refused(state, 1, "@\\{2\\}'s turn to defend", type="play", card="Terrible Accident", target=1, line=1)


def test_step_one_is_for_other_players_lines():
    state = build(hands={0: ["Country Walk"]})
    refused(state, 0, "only on other players' lines", type="play", card="Country Walk", target=0, line=1)


def test_nothing_after_the_game_is_over():
    state = build(hands={0: ["Country Walk"]})
    state.public.step = Step.OVER
    with pytest.raises(GameError, match="already over"):
        RULES.apply(state, 0, {"type": "pass"})
