"""Settings, focuses and hidden terrors: line order, the legality tables, and the immovable setting."""

from __future__ import annotations

import pytest
from haunted_builder import act, build, cid, refused

from bot.games.haunted.cards import catalogue
from bot.games.haunted.state import Step

CAT = catalogue()
SETTINGS = [c for c in CAT.cards.values() if c.type == "setting"]
FOCUSES = [c for c in CAT.cards.values() if c.type == "focus"]
TERRORS = [c.id for c in CAT.cards.values() if c.type == "terror"]


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda c: c.id)
def test_a_setting_starts_an_empty_line_and_takes_only_its_focuses(setting):
    allowed = CAT.name(setting.focuses[0])
    banned = next(f.name for f in FOCUSES if f.id not in setting.focuses)
    state = build(hands={0: [setting.name, allowed, banned]})
    state, events = act(state, 0, type="play", card=setting.id, target=1, line=1)
    assert state.public.lines[1][0].setting == setting.id
    assert f"plays {setting.name}" in events[0].text
    refused(state, 0, "already played a card on that line", type="play", card=allowed, target=1, line=1)
    state = build(hands={0: [allowed, banned]}, lines={1: [[setting.name]]})
    refused(
        state,
        0,
        f"{banned} cannot be played at the {setting.name}",
        type="play",
        card=banned,
        target=1,
        line=1,
    )
    state, _ = act(state, 0, type="play", card=allowed, target=1, line=1)
    assert state.public.lines[1][0].focus == cid(allowed)


@pytest.mark.parametrize("focus", FOCUSES, ids=lambda c: c.id)
def test_a_focus_summons_only_its_two_terrors(focus):
    setting = next(s for s in SETTINGS if focus.id in s.focuses)
    banned = next(t for t in TERRORS if t not in focus.summons)
    for terror in focus.summons:
        state = build(
            hands={0: [CAT.name(terror), CAT.name(banned)]}, lines={1: [[setting.name, focus.name]]}
        )
        refused(
            state,
            0,
            f"The {focus.name} does not summon the {CAT.name(banned)}",
            type="play",
            card=banned,
            target=1,
            line=1,
        )
        state, _ = act(state, 0, type="play", card=terror, target=1, line=1)
        ln = state.public.lines[1][0]
        assert ln.terror == terror and ln.pending and not ln.complete


def test_a_focus_needs_a_setting_and_a_terror_needs_a_focus():
    state = build(hands={0: ["Locked Box", "Hunting Spirit"]}, lines={1: [[], ["Country Walk"]]})
    refused(state, 0, "A focus needs a setting", type="play", card="Locked Box", target=1, line=1)
    refused(state, 0, "needs a setting and a focus", type="play", card="Hunting Spirit", target=1, line=1)
    refused(state, 0, "needs a setting and a focus", type="play", card="Hunting Spirit", target=1, line=2)


def test_a_setting_cannot_go_on_a_started_line_and_lines_stay_three():
    state = build(
        hands={0: ["Roadside Inn"]}, lines={1: [["Country Walk"], ["Private Library"], ["Ruined Church"]]}
    )
    for line in (1, 2, 3):
        refused(state, 0, "only start an empty line", type="play", card="Roadside Inn", target=1, line=line)


def test_nothing_goes_on_a_complete_line():
    state = build(
        hands={0: ["Fire", "Strange Mist"]},
        lines={1: [["Country Walk", "Locked Box", "Hunting Spirit", "complete"]]},
    )
    refused(state, 0, "complete; nothing more", type="play", card="Fire", target=1, line=1)
    refused(state, 0, "complete; nothing more", type="play", card="Strange Mist", target=1, line=1)


def test_a_setting_under_a_focus_is_immovable():
    state = build(
        hands={0: ["Terrible Accident", "Pleasant Company", "Examine Focus"]},
        lines={0: [["Country Walk", "Locked Box"]]},
        step=Step.OWN,
    )
    refused(
        state,
        0,
        "needs a setting with nothing on top",
        type="play",
        card="Terrible Accident",
        target=0,
        line=1,
    )
    refused(
        state,
        0,
        "needs a setting with nothing on top",
        type="play",
        card="Pleasant Company",
        target=0,
        line=1,
        mode="remove",
    )
    # Remove the focus first; the setting can go on a later step or turn.
    state, _ = act(state, 0, type="play", card="Examine Focus", target=0, line=1)
    assert state.public.lines[0][0].focus is None
    refused(
        state,
        0,
        "already played a card on that line",
        type="play",
        card="Terrible Accident",
        target=0,
        line=1,
    )


def test_no_hidden_terror_on_your_own_line():
    state = build(hands={0: ["Hunting Spirit"]}, lines={0: [["Country Walk", "Locked Box"]]}, step=Step.OWN)
    refused(
        state,
        0,
        "not play a hidden terror on your own line",
        type="play",
        card="Hunting Spirit",
        target=0,
        line=1,
    )


def test_settings_and_focuses_may_go_on_your_own_lines_in_step_three():
    state = build(hands={0: ["Country Walk", "Locked Box"]}, step=Step.OWN)
    state, _ = act(state, 0, type="play", card="Country Walk", target=0, line=2)
    assert state.public.lines[0][1].setting == cid("Country Walk")
