"""Every support card's power at least once, with its failure cases. Seat 0 is active unless said otherwise."""

from __future__ import annotations

import pytest
from haunted_builder import act, asked, build, cid, hand, ids, pick, public_text, refused

from bot.games.haunted.state import Step

ESSENTIAL = "Roadside Inn"  # a test draw of this is essential
SUPPORT = "Tarot Card"  # a test draw of this is support


# -- terror counters -------------------------------------------------------------------------------
COUNTERS = [
    ("Speak in Tongues", "Dread Old God", "Private Library", "Mysterious Door"),
    ("Pray", "Dread Old God", "Private Library", "Mysterious Door"),
    ("Possession", "Hunting Spirit", "Country Walk", "Locked Box"),
    ("Consult Expert", "Hunting Spirit", "Country Walk", "Locked Box"),
    ("Receive Telegram", "Magical Summoning", "Country Walk", "Tin Whistle"),
    ("Magickal Dabbling", "Magical Summoning", "Country Walk", "Tin Whistle"),
    ("Storm", "Tortured Soul", "Roadside Inn", "Curious Painting"),
    ("Enlightening Conversation", "Tortured Soul", "Roadside Inn", "Curious Painting"),
    ("Arrested", "Fateful Possession", "Country Walk", "Locked Box"),
    ("Sudden Inspiration", "Fateful Possession", "Country Walk", "Locked Box"),
]


@pytest.mark.parametrize("counter, terror, setting, focus", COUNTERS, ids=[c[0] for c in COUNTERS])
def test_terror_counter_banishes_its_terror_in_the_defence_step(counter, terror, setting, focus):
    state = build(hands={0: [terror], 1: [counter]}, lines={1: [[setting, focus]]})
    state, _ = act(state, 0, type="play", card=terror, target=1, line=1)
    state, _ = act(state, 0, type="pass")
    assert state.public.step is Step.DEFENCE and state.public.defender == 1
    state, events = act(state, 1, type="play", card=counter, target=1, line=1)
    ln = state.public.lines[1][0]
    assert ln.terror is None and ln.focus == cid(focus) and not ln.complete
    assert cid(counter) in state.public.discard and cid(terror) in state.public.discard
    assert f"{terror} is removed" in public_text(events)


@pytest.mark.parametrize("counter, terror, setting, focus", COUNTERS[::2], ids=[c[0] for c in COUNTERS[::2]])
def test_terror_counter_refuses_another_terror_and_a_quiet_line(counter, terror, setting, focus):
    other = {"Dread Old God": "Hunting Spirit"}.get(terror, "Dread Old God")
    other_line = {"Dread Old God": ["Country Walk", "Locked Box"]}.get(
        terror, ["Private Library", "Mysterious Door"]
    )
    state = build(hands={0: [other], 1: [counter]}, lines={1: [other_line, [setting, focus]]})
    state, _ = act(state, 0, type="play", card=other, target=1, line=1)
    state, _ = act(state, 0, type="pass")
    refused(state, 1, f"only answers the {terror}", type="play", card=counter, target=1, line=1)
    refused(state, 1, f"only answers the {terror}", type="play", card=counter, target=1, line=2)


def test_an_unanswered_terror_completes_its_line_at_the_end_of_the_defence_step():
    state = build(hands={0: ["Hunting Spirit"], 1: ["Pray"]}, lines={1: [["Country Walk", "Locked Box"]]})
    state, _ = act(state, 0, type="play", card="Hunting Spirit", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    state, events = act(state, 1, type="pass")
    assert state.public.lines[1][0].complete
    assert "is complete" in public_text(events)
    assert state.public.step is Step.OWN


# -- focus and setting removers ----------------------------------------------------------------------
@pytest.mark.parametrize("card", ["Fire", "Tarot Card", "Examine Focus", "Drawing the Wrong Conclusion"])
def test_any_focus_remover(card):
    state = build(
        hands={0: [card]}, lines={0: [["Ruined Church", "Historical Find"], ["Country Walk"]]}, step=Step.OWN
    )
    refused(state, 0, "needs a line with a focus", type="play", card=card, target=0, line=2)
    refused(state, 0, "needs a line with a focus", type="play", card=card, target=0, line=3)
    state, _ = act(state, 0, type="play", card=card, target=0, line=1)
    assert state.public.lines[0][0].focus is None
    assert state.public.discard[-2:] == ids(["Historical Find", card])


SETTING_REMOVERS = [
    ("Search the Area", ["Private Library", "Wealthy Relative's Mansion"], "Country Walk"),
    ("Dead Faint", ["Ocean Bound Vessel", "Auction of Curiosities"], "Country Walk"),
    ("Nervous Exhaustion", ["Disused Graveyard", "Ruined Church"], "Country Walk"),
    ("Fever", ["Archaeological Dig", "Foreign Village"], "Country Walk"),
    ("Terrible Accident", ["Roadside Inn", "Country Walk"], "Private Library"),
]


@pytest.mark.parametrize("card, settings, other", SETTING_REMOVERS, ids=[c[0] for c in SETTING_REMOVERS])
def test_named_setting_removers(card, settings, other):
    for setting in settings:
        state = build(hands={0: [card]}, lines={0: [[setting], [other]]}, step=Step.OWN)
        refused(state, 0, "only works on the", type="play", card=card, target=0, line=2)
        state, _ = act(state, 0, type="play", card=card, target=0, line=1)
        assert state.public.lines[0][0].setting is None
        assert cid(setting) in state.public.discard


def test_pleasant_company_removes_any_bare_setting_or_sends_an_opponent_to_the_lap():
    state = build(hands={0: ["Pleasant Company"]}, lines={0: [["Foreign Village"]]}, step=Step.OWN)
    refused(
        state, 0, "Say how you play Pleasant Company", type="play", card="Pleasant Company", target=0, line=1
    )
    refused(
        state,
        0,
        "only be played on another player's line",
        type="play",
        card="Pleasant Company",
        target=0,
        line=1,
        mode="lap",
    )
    state, _ = act(state, 0, type="play", card="Pleasant Company", target=0, line=1, mode="remove")
    assert state.public.lines[0][0].setting is None
    state = build(hands={0: ["Pleasant Company"], 1: ["Pray"]}, stock=["Fire", "Arrested", "Storm"])
    state, events = act(state, 0, type="play", card="Pleasant Company", target=1, line=1, mode="lap")
    assert "Lap of the Gods" in public_text(events)
    assert "plans scatter" in public_text(events)


ACQUAINTANCES = [
    ("Distant Relative", ["Tin Whistle", "Hidden Treasure", "Engraved Coin"], []),
    ("Local Canon", ["Religious Doctrine", "Ancient Manuscript"], ["Ruined Church", "Disused Graveyard"]),
    (
        "Magickal Dabbler",
        ["Pouch of Runestones", "Magical Almanac"],
        ["Foreign Village", "Ocean Bound Vessel"],
    ),
    ("Avid Collector", ["Locked Box", "Curious Painting"], ["Auction of Curiosities", "Private Library"]),
    ("Historian", ["Buried Artefact", "Historical Find"], ["Archaeological Dig", "Roadside Inn"]),
    ("Cloaked Figure", ["Darkened Lens", "Encrypted Letter"], ["Wealthy Relative's Mansion", "Country Walk"]),
]


def _home(focus: str, avoid: list[str]) -> str:
    from bot.games.haunted.cards import catalogue

    cat = catalogue()
    return next(
        cat.name(s)
        for s in cat.ids()
        if cat.type_of(s) == "setting" and cid(focus) in cat[s].focuses and cat.name(s) not in avoid
    )


@pytest.mark.parametrize("card, focuses, settings", ACQUAINTANCES, ids=[c[0] for c in ACQUAINTANCES])
def test_acquaintance_removes_its_focuses_and_anything_at_its_settings(card, focuses, settings):
    from bot.games.haunted.cards import catalogue

    cat = catalogue()
    for focus in focuses:
        state = build(hands={0: [card]}, lines={0: [[_home(focus, settings), focus]]}, step=Step.OWN)
        state, _ = act(state, 0, type="play", card=card, target=0, line=1)
        assert state.public.lines[0][0].focus is None
    for setting in settings:
        other = next(cat.name(f) for f in cat[cid(setting)].focuses if cat.name(f) not in focuses)
        state = build(hands={0: [card]}, lines={0: [[setting, other]]}, step=Step.OWN)
        state, _ = act(state, 0, type="play", card=card, target=0, line=1)
        assert state.public.lines[0][0].focus is None
    # A focus it does not name, at a setting it does not cover, stays.
    stray = next(
        (cat.name(s), cat.name(f))
        for s in cat.ids()
        if cat.type_of(s) == "setting" and cat.name(s) not in settings
        for f in cat[s].focuses
        if cat.name(f) not in focuses
    )
    state = build(hands={0: [card]}, lines={0: [list(stray)]}, step=Step.OWN)
    refused(state, 0, "only deals with the", type="play", card=card, target=0, line=1)


def test_psychic_removes_door_or_tree_or_sends_an_opponent_to_the_lap():
    state = build(
        hands={0: ["Psychic"]},
        lines={0: [["Roadside Inn", "Blackened Tree"], ["Private Library", "Mysterious Door"]]},
        step=Step.OWN,
    )
    state, _ = act(state, 0, type="play", card="Psychic", target=0, line=2, mode="remove")
    assert state.public.lines[0][1].focus is None
    state = build(hands={0: ["Psychic"]}, lines={0: [["Private Library", "Encrypted Letter"]]}, step=Step.OWN)
    refused(
        state,
        0,
        "only deals with the Mysterious Door or Blackened Tree",
        type="play",
        card="Psychic",
        target=0,
        line=1,
        mode="remove",
    )
    state = build(hands={0: ["Psychic"], 1: ["Pray"]}, stock=["Fire", "Arrested", "Storm"])
    state, events = act(state, 0, type="play", card="Psychic", target=1, line=2, mode="lap")
    assert "plans scatter" in public_text(events)


# -- chance cards ---------------------------------------------------------------------------------
def test_chance_find_removes_the_focus_on_an_essential_draw():
    state = build(
        hands={0: ["Chance Find"]},
        lines={0: [["Country Walk", "Locked Box"], []]},
        stock=[ESSENTIAL],
        step=Step.OWN,
    )
    refused(
        state, 0, "only be played on a line with a setting", type="play", card="Chance Find", target=0, line=2
    )
    state, events = act(state, 0, type="play", card="Chance Find", target=0, line=1)
    assert state.public.lines[0][0].focus is None
    assert "draws Roadside Inn (setting)" in public_text(events)


def test_chance_find_on_a_support_draw_is_a_forfeit():
    state = build(
        hands={0: ["Chance Find", "Pray"], 1: ["Storm", "Fire"]},
        lines={0: [["Country Walk", "Locked Box"]]},
        stock=[SUPPORT],
        step=Step.OWN,
    )
    state, events = act(state, 0, type="play", card="Chance Find", target=0, line=1)
    assert state.public.lines[0][0].focus == cid("Locked Box")
    assert "pays a forfeit" in public_text(events)
    assert hand(state, 0) == [] and cid("Pray") in hand(state, 1)
    seat, kind, options = asked(state)
    assert (seat, kind) == (1, "forfeit_give") and set(options) >= set(ids(["Storm", "Fire"]))
    state, _ = pick(state, 1, cid("Storm"))
    assert hand(state, 0) == [cid("Storm")] and sorted(hand(state, 1)) == sorted(ids(["Fire", "Pray"]))


def test_trap_door_rescues_an_acquaintance_or_falls_in():
    state = build(
        hands={0: ["Trap Door"]},
        lines={0: [["Country Walk"]]},
        discard=["Historian", "Fire"],
        stock=[ESSENTIAL],
        step=Step.OWN,
    )
    state, events = act(state, 0, type="play", card="Trap Door", target=0, line=1)
    assert hand(state, 0) == [cid("Historian")]
    assert "Historian" not in public_text(events)
    state = build(
        hands={0: ["Trap Door", "Pray"], 1: ["Fire"]},
        lines={0: [["Country Walk"]]},
        stock=[SUPPORT],
        step=Step.OWN,
    )
    state, events = act(state, 0, type="play", card="Trap Door", target=0, line=1)
    assert "pays a forfeit" in public_text(events)
    state = build(hands={0: ["Trap Door"]}, lines={0: [[]]}, step=Step.OWN)
    refused(
        state, 0, "only be played on a line with a setting", type="play", card="Trap Door", target=0, line=1
    )


def test_hallucination_three_ways():
    # A terror: the Lap of the Gods (here three supports: plans scatter).
    state = build(
        hands={0: ["Hallucination"], 1: ["Pray"]}, stock=["Dread Old God", "Fire", "Storm", "Arrested"]
    )
    state, events = act(state, 0, type="play", card="Hallucination", target=1, line=1)
    assert "Lap of the Gods" in public_text(events)
    # A setting: an advantage.
    state = build(hands={0: ["Hallucination"], 1: ["Pray"]}, stock=[ESSENTIAL, "Fire", "Storm"])
    state, events = act(state, 0, type="play", card="Hallucination", target=1, line=1)
    assert asked(state) == (1, "advantage", [*ids(["Fire", "Storm"]), "none"])
    state, _ = pick(state, 1, cid("Storm"))  # Pray, the only other card, is discarded to make room
    assert hand(state, 1) == [cid("Storm")]
    assert set(ids(["Fire", "Pray"])) <= set(state.public.discard)
    # A support card: a forfeit.
    state = build(hands={0: ["Hallucination"], 1: ["Pray"], 2: ["Fire"]}, stock=[SUPPORT])
    state, events = act(state, 0, type="play", card="Hallucination", target=1, line=1)
    assert "@{1} pays a forfeit" in public_text(events)


def test_advantage_may_keep_nothing():
    state = build(hands={0: ["Hallucination"], 1: ["Pray"]}, stock=[ESSENTIAL, "Fire", "Storm"])
    state, _ = act(state, 0, type="play", card="Hallucination", target=1, line=1)
    state, _ = pick(state, 1, "none")
    assert hand(state, 1) == [cid("Pray")] and state.secret.limbo == []


def test_over_indulgence_lap_or_forfeit():
    state = build(hands={0: ["Over Indulgence"], 1: ["Pray"]}, stock=[ESSENTIAL, "Fire", "Storm", "Arrested"])
    state, events = act(state, 0, type="play", card="Over Indulgence", target=1, line=1)
    assert "Lap of the Gods" in public_text(events)
    state = build(hands={0: ["Over Indulgence"], 1: ["Pray"], 2: ["Fire"]}, stock=[SUPPORT])
    state, events = act(state, 0, type="play", card="Over Indulgence", target=1, line=1)
    assert "@{1} pays a forfeit" in public_text(events)


def test_garrotted_takes_an_acquaintance_or_seals_the_largest_line_or_misses():
    state = build(hands={0: ["Garrotted"], 1: ["Historian", "Pray"]}, stock=[ESSENTIAL])
    state, _ = act(state, 0, type="play", card="Garrotted", target=1, line=1)
    assert hand(state, 1) == [cid("Pray")]
    state = build(
        hands={0: ["Garrotted"], 1: ["Pray"]},
        lines={1: [["Country Walk"], ["Ruined Church", "Historical Find"], []]},
        stock=[ESSENTIAL],
    )
    state, events = act(state, 0, type="play", card="Garrotted", target=1, line=1)
    assert [ln.complete for ln in state.public.lines[1]] == [False, True, False]
    assert "counts as complete" in public_text(events)
    state = build(hands={0: ["Garrotted"], 1: ["Historian"]}, stock=[SUPPORT])
    state, _ = act(state, 0, type="play", card="Garrotted", target=1, line=1)
    assert hand(state, 1) == [cid("Historian")]


def test_hidden_compartment_can_be_left_alone():
    state = build(hands={0: ["Hidden Compartment"]}, lines={0: [["Country Walk"]]}, step=Step.OWN)
    state, _ = act(state, 0, type="play", card="Hidden Compartment", target=0, line=1)
    assert asked(state)[1] == "compartment"
    state, _ = pick(state, 0, "leave")
    assert state.public.lines[0][0].setting == cid("Country Walk")


def test_hidden_compartment_essential_loses_the_smallest_started_line():
    state = build(
        hands={0: ["Hidden Compartment"]},
        lines={0: [["Country Walk", "Locked Box"], ["Ruined Church"], ["Private Library"]]},
        stock=[ESSENTIAL],
        step=Step.OWN,
    )
    state, _ = act(state, 0, type="play", card="Hidden Compartment", target=0, line=1)
    state, _ = pick(state, 0, "investigate")
    assert asked(state) == (0, "compartment_remove", ["line:1", "line:2"])
    state, _ = pick(state, 0, "line:2")
    assert state.public.lines[0][2].setting is None and state.public.lines[0][1].setting == cid(
        "Ruined Church"
    )


def test_hidden_compartment_support_takes_the_smallest_line_on_the_board():
    state = build(
        hands={0: ["Hidden Compartment"]},
        lines={
            0: [["Country Walk"]],
            1: [["Ruined Church", "Historical Find"]],
            2: [["Private Library"], ["Roadside Inn", "Mysterious Door"]],
        },
        stock=[SUPPORT],
        step=Step.OWN,
    )
    state, _ = act(state, 0, type="play", card="Hidden Compartment", target=0, line=1)
    state, events = act(state, 0, type="choose", option="investigate")
    assert state.public.lines[0][1].setting == cid("Private Library")
    assert state.public.lines[2][0].setting is None
    assert "handed over" in public_text(events)


def test_hidden_compartment_support_does_nothing_with_three_started_lines():
    state = build(
        hands={0: ["Hidden Compartment"]},
        lines={0: [["Country Walk"], ["Ruined Church"], ["Roadside Inn"]], 1: [["Private Library"]]},
        stock=[SUPPORT],
        step=Step.OWN,
    )
    state, _ = act(state, 0, type="play", card="Hidden Compartment", target=0, line=1)
    state, events = pick(state, 0, "investigate")
    assert "three started lines" in public_text(events)
    assert state.public.lines[1][0].setting == cid("Private Library")


def test_hidden_compartment_in_defence_can_throw_away_a_pending_line():
    state = build(
        hands={0: ["Hunting Spirit"], 1: ["Hidden Compartment"]},
        lines={1: [["Country Walk", "Locked Box"]]},
        stock=[ESSENTIAL],
    )
    state, _ = act(state, 0, type="play", card="Hunting Spirit", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="play", card="Hidden Compartment", target=1, line=1)
    state, _ = pick(state, 1, "investigate")
    assert state.public.lines[1][0].cards() == []


# -- hand and acquaintance cards ----------------------------------------------------------------
def test_coach_and_horses_carries_off_a_chosen_acquaintance():
    state = build(hands={0: ["Coach and Horses"], 1: ["Historian", "Psychic", "Pray"]})
    state, _ = act(state, 0, type="play", card="Coach and Horses", target=1, line=1)
    assert asked(state) == (1, "lose_acquaintance", ids(["Historian", "Psychic"]))
    state, _ = pick(state, 1, cid("Psychic"))
    assert sorted(hand(state, 1)) == sorted(ids(["Historian", "Pray"]))


@pytest.mark.parametrize("held", [["Village Idiot", "Historian"], ["Pray"], []])
def test_coach_and_horses_blocked_means_the_caster_forfeits(held):
    state = build(hands={0: ["Coach and Horses", "Fire"], 1: held + ["Storm"]})
    state, events = act(state, 0, type="play", card="Coach and Horses", target=1, line=1)
    assert "blocks @{0}'s path" in public_text(events)
    assert "@{0} pays a forfeit: @{1} takes a random card" in public_text(events)
    assert all(cid(c) in hand(state, 1) for c in held)  # nothing of seat 1's was carried off
    assert cid("Fire") in hand(state, 1)  # seat 0's only card went to the player on their left


def test_coach_and_horses_only_on_an_opponent():
    state = build(hands={0: ["Coach and Horses"]}, step=Step.OWN)
    refused(
        state,
        0,
        "only be played on another player's line",
        type="play",
        card="Coach and Horses",
        target=0,
        line=1,
    )


def test_urchin_thief_steals_and_stays_until_discarded():
    state = build(hands={0: ["Urchin Thief"], 1: ["Historian", "Pray", "Country Walk"]})
    state, _ = act(state, 0, type="play", card="Urchin Thief", target=1, line=1)
    assert asked(state) == (1, "urchin", ids(["Historian", "Pray"]))
    state, events = pick(state, 1, cid("Pray"))
    assert cid("Urchin Thief") in hand(state, 1) and cid("Pray") in state.public.discard
    assert state.players[1].stuck == [cid("Urchin Thief")]
    assert cid("Urchin Thief") not in state.public.discard
    # Seat 1 cannot play him on their turn, but may discard him in step 4.
    state.public.active = 1
    state.public.step = Step.OTHERS
    refused(state, 1, "Urchin Thief will not be played", type="play", card="Urchin Thief", target=2, line=1)
    state.public.step = Step.DISCARD
    state, _ = act(state, 1, type="discard", card="Urchin Thief")
    assert cid("Urchin Thief") in state.public.discard and state.players[1].stuck == []


def test_urchin_thief_finds_nothing_to_steal():
    state = build(hands={0: ["Urchin Thief"], 1: ["Country Walk"]})
    state, events = act(state, 0, type="play", card="Urchin Thief", target=1, line=1)
    assert "runs off" in public_text(events)
    assert hand(state, 1) == [cid("Country Walk")] and cid("Urchin Thief") in state.public.discard


def test_strange_mist_forfeit_with_a_card_from_the_discard_pile():
    state = build(hands={0: ["Strange Mist"], 1: ["Pray"], 2: ["Fire", "Storm"]}, discard=["Historian"])
    state, _ = act(state, 0, type="play", card="Strange Mist", target=1, line=1)
    assert cid("Pray") in hand(state, 2)
    seat, kind, options = asked(state)
    assert (seat, kind) == (2, "forfeit_give") and "pile:" + cid("Historian") in options
    assert cid("Pray") not in options  # the taker may not hand back the card just taken
    state, _ = pick(state, 2, "pile:" + cid("Historian"))
    assert hand(state, 1) == [cid("Historian")]
    assert asked(state)[1] == "forfeit_keep"
    state, _ = pick(state, 2, "keep")
    state, _ = pick(state, 2, cid("Fire"))
    assert sorted(hand(state, 2)) == sorted(ids(["Pray", "Storm"]))


def test_forfeit_with_nothing_to_give_back_discards_and_refills():
    state = build(hands={0: ["Strange Mist"], 1: ["Pray"], 2: []}, stock=["Fire"])
    state.public.discard = []
    state, events = act(state, 0, type="play", card="Strange Mist", target=1, line=1)
    assert hand(state, 2) == [] and hand(state, 1) == [cid("Fire")]
    assert cid("Pray") in state.public.discard


def test_forfeit_on_an_empty_hand_does_nothing():
    state = build(hands={0: ["Strange Mist"], 1: []})
    state, events = act(state, 0, type="play", card="Strange Mist", target=1, line=1)
    assert "holds no cards" in public_text(events)


def test_inheritance_and_send_telegram_take_an_acquaintance_from_the_discard_pile():
    for card in ("Inheritance", "Send Telegram"):
        state = build(hands={0: [card]}, discard=["Historian", "Fire", "Psychic"], step=Step.OWN)
        state, _ = act(state, 0, type="play", card=card, target=0, line=1)
        assert asked(state) == (0, "take_acquaintance", ids(["Historian", "Psychic"]))
        state, events = pick(state, 0, cid("Psychic"))
        assert hand(state, 0) == [cid("Psychic")]
        assert "Psychic" not in public_text(events)
        state = build(hands={0: [card]}, discard=["Fire"], step=Step.OWN)
        state, events = act(state, 0, type="play", card=card, target=0, line=1)
        assert "no acquaintance in the discard pile" in public_text(events) and hand(state, 0) == []


def test_secret_room_swallows_an_acquaintance_or_the_caster_pays():
    state = build(hands={0: ["Secret Room"], 1: ["Historian"]}, lines={1: [["Country Walk"]]})
    refused(
        state, 0, "only be played on a line with a setting", type="play", card="Secret Room", target=1, line=2
    )
    state, _ = act(state, 0, type="play", card="Secret Room", target=1, line=1)
    assert hand(state, 1) == []
    state = build(hands={0: ["Secret Room", "Fire"], 1: ["Pray"]}, lines={1: [["Country Walk"]]})
    state, events = act(state, 0, type="play", card="Secret Room", target=1, line=1)
    assert "@{0} pays a forfeit" in public_text(events)
    assert cid("Fire") in hand(state, 1)


def test_transformation_with_acquaintances_replaces_them_all():
    state = build(hands={0: ["Transformation"], 1: ["Historian", "Psychic", "Pray"]}, stock=["Fire", "Storm"])
    state, events = act(state, 0, type="play", card="Transformation", target=1, line=1)
    assert sorted(hand(state, 1)) == sorted(ids(["Pray", "Fire", "Storm"]))


def test_transformation_without_acquaintances_seals_the_smallest_line():
    state = build(
        hands={0: ["Transformation"], 1: ["Pray"]},
        lines={1: [["Country Walk", "Locked Box"], ["Ruined Church"], ["Roadside Inn"]]},
    )
    state, _ = act(state, 0, type="play", card="Transformation", target=1, line=1)
    assert asked(state) == (1, "seal_line", ["line:1", "line:2"])
    state, _ = pick(state, 1, "line:2")
    assert [ln.complete for ln in state.public.lines[1]] == [False, False, True]


def test_attacked_makes_the_first_player_from_the_left_place_a_setting():
    state = build(
        hands={
            0: ["Attacked!", "Private Library"],
            1: ["Pray"],
            2: ["Country Walk", "Ruined Church"],
            3: ["Roadside Inn"],
        },
        players=4,
        lines={1: [["Foreign Village"]]},
        discard=["Fire", "Storm"],
    )
    state, events = act(state, 0, type="play", card="Attacked!", target=1, line=1)
    assert asked(state) == (2, "attacked_setting", ids(["Country Walk", "Ruined Church"]))
    state, _ = pick(state, 2, cid("Ruined Church"))
    assert asked(state) == (2, "attacked_line", ["line:1", "line:2"])
    state, events = pick(state, 2, "line:1")
    assert state.public.lines[1][1].setting == cid("Ruined Church")
    assert cid("Ruined Church") in state.public.lines[1][1].fresh
    assert asked(state) == (2, "attacked_refill", ids(["Fire", "Storm"]))
    state, _ = pick(state, 2, cid("Storm"))
    assert sorted(hand(state, 2)) == sorted(ids(["Country Walk", "Storm"]))
    assert cid("Attacked!") in state.public.discard
    # Seat 1 may now defend against the placed setting.
    state, _ = act(state, 0, type="pass")
    assert state.public.defender == 1


def test_attacked_with_no_room_costs_an_acquaintance_or_a_forfeit():
    lines = {1: [["Foreign Village"], ["Country Walk"], ["Ruined Church"]]}
    state = build(hands={0: ["Attacked!"], 1: ["Historian"]}, lines=lines)
    state, _ = act(state, 0, type="play", card="Attacked!", target=1, line=1)
    assert hand(state, 1) == []
    state = build(hands={0: ["Attacked!"], 1: ["Pray"], 2: ["Fire"]}, lines=lines)
    state, events = act(state, 0, type="play", card="Attacked!", target=1, line=1)
    assert "@{1} pays a forfeit" in public_text(events)


def test_attacked_when_nobody_holds_a_setting():
    state = build(hands={0: ["Attacked!"], 1: ["Pray"], 2: ["Fire"]})
    state, events = act(state, 0, type="play", card="Attacked!", target=1, line=1)
    assert "Nobody else holds a setting" in public_text(events)


def test_violent_temper_swaps_an_acquaintance_for_a_fresh_card():
    state = build(hands={0: ["Violent Temper"], 1: ["Historian"]}, stock=["Fire"])
    state, _ = act(state, 0, type="play", card="Violent Temper", target=1, line=1)
    assert hand(state, 1) == [cid("Fire")]
    state = build(hands={0: ["Violent Temper"], 1: ["Pray"]})
    state, events = act(state, 0, type="play", card="Violent Temper", target=1, line=1)
    assert "holds no acquaintance" in public_text(events) and hand(state, 1) == [cid("Pray")]


def test_refreshments_keep_both_and_discard_two():
    state = build(hands={0: ["Refreshments", "Pray", "Storm"]}, stock=["Fire", "Historian"], step=Step.OWN)
    state, _ = act(state, 0, type="play", card="Refreshments", target=0, line=1)
    assert asked(state) == (0, "keep_more", [*ids(["Fire", "Historian"]), "done"])
    state, _ = pick(state, 0, cid("Historian"))
    state, _ = pick(state, 0, cid("Pray"))
    state, _ = pick(state, 0, cid("Fire"))
    state, _ = pick(state, 0, cid("Storm"))
    assert sorted(hand(state, 0)) == sorted(ids(["Fire", "Historian"]))


def test_refreshments_keep_none():
    state = build(hands={0: ["Refreshments", "Pray"]}, stock=["Fire", "Historian"], step=Step.OWN)
    state, _ = act(state, 0, type="play", card="Refreshments", target=0, line=1)
    state, _ = pick(state, 0, "done")
    assert hand(state, 0) == [cid("Pray")] and set(ids(["Fire", "Historian"])) <= set(state.public.discard)


def test_blood_letting_swaps_two_cards_with_the_left_neighbour():
    state = build(
        hands={0: ["Blood Letting", "Pray", "Storm", "Fire"], 1: ["Historian", "Psychic", "Country Walk"]},
        step=Step.OWN,
    )
    state, events = act(state, 0, type="play", card="Blood Letting", target=0, line=1)
    state, _ = pick(state, 0, cid("Pray"))
    state, _ = pick(state, 0, cid("Storm"))
    assert asked(state)[0] == 1
    state, _ = pick(state, 1, cid("Psychic"))
    state, events = pick(state, 1, cid("Country Walk"))
    assert sorted(hand(state, 0)) == sorted(ids(["Fire", "Psychic", "Country Walk"]))
    assert sorted(hand(state, 1)) == sorted(ids(["Historian", "Pray", "Storm"]))
    assert "Psychic" not in public_text(events)


def test_losing_sleep_and_fisticuffs_skip_turns():
    state = build(hands={0: ["Losing Sleep", "Fisticuffs", "Pray"]}, players=4)
    state, _ = act(state, 0, type="play", card="Losing Sleep", target=1, line=1)
    state, _ = act(state, 0, type="play", card="Fisticuffs", target=2, line=1)
    assert state.public.skips == [0, 1, 1, 1]
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 0, type="pass")
    state, events = act(state, 0, type="discard", card="Pray")
    assert state.public.active == 0 and state.public.skips == [0, 0, 0, 0]
    assert public_text(events).count("misses this turn") == 3


def test_activate_focus_raises_a_terror_from_the_discard_pile():
    state = build(
        hands={0: ["Activate Focus"], 1: ["Consult Expert"]},
        lines={1: [["Country Walk", "Locked Box"], ["Ruined Church", "Historical Find"]]},
        discard=["Hunting Spirit", "Fateful Possession"],
    )
    state, _ = act(state, 0, type="play", card="Activate Focus", target=1, line=1)
    assert asked(state) == (0, "activate", ids(["Fateful Possession", "Hunting Spirit"]))
    state, _ = pick(state, 0, cid("Hunting Spirit"))
    assert state.public.lines[1][0].pending
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="play", card="Consult Expert", target=1, line=1)
    assert not state.public.lines[1][0].pending and state.public.lines[1][0].terror is None


def test_activate_focus_without_a_terror_in_the_pile_and_not_on_yourself():
    state = build(
        hands={0: ["Activate Focus"]}, lines={1: [["Country Walk", "Locked Box"]]}, discard=["Dread Old God"]
    )
    state, events = act(state, 0, type="play", card="Activate Focus", target=1, line=1)
    assert "nothing happens" in public_text(events)
    state = build(hands={0: ["Activate Focus"]}, lines={0: [["Country Walk", "Locked Box"]]}, step=Step.OWN)
    refused(
        state,
        0,
        "only be played on another player's line",
        type="play",
        card="Activate Focus",
        target=0,
        line=1,
    )


def test_wellwishing_stranger_asks_until_someone_gives_an_action():
    state = build(
        hands={0: ["Wellwishing Stranger", "Pray"], 1: ["Fire"], 2: ["Refreshments", "Fever"]}, step=Step.OWN
    )
    state, _ = act(state, 0, type="play", card="Wellwishing Stranger", target=0, line=1)
    assert asked(state) == (0, "stranger_ask", ["seat:1", "seat:2"])
    state, events = pick(state, 0, "seat:1")
    assert "has no action card" in public_text(events)
    # Seat 2 is the only player left to ask, so the question goes straight to them.
    assert asked(state) == (2, "stranger_give", ids(["Refreshments", "Fever"]))
    state, _ = pick(state, 2, cid("Fever"))
    # Pray is seat 0's only other card, so it goes back to seat 2 without a question.
    assert hand(state, 0) == [cid("Fever")]
    assert sorted(hand(state, 2)) == sorted(ids(["Refreshments", "Pray"]))


def test_village_idiot_and_disembodied_presence_send_the_target_to_the_lap():
    for card in ("Village Idiot", "Disembodied Presence"):
        state = build(hands={0: [card], 1: ["Pray"]}, stock=["Fire", "Storm", "Arrested"])
        state, events = act(state, 0, type="play", card=card, target=1, line=1)
        assert "@{1} draws on the Lap of the Gods" in public_text(events)


def test_a_rift_passes_every_hand_left_and_frees_a_stuck_urchin():
    state = build(
        hands={0: ["Village Idiot"], 1: ["Urchin Thief", "Pray"], 2: ["Fire"]},
        stock=["Roadside Inn", "Country Walk", "Ruined Church"],
    )
    state.players[1].stuck = [cid("Urchin Thief")]
    state, events = act(state, 0, type="play", card="Village Idiot", target=1, line=1)
    assert "rift opens" in public_text(events)
    assert hand(state, 2) == ids(["Urchin Thief", "Pray"]) and hand(state, 0) == [cid("Fire")]
    assert hand(state, 1) == []
    # House rule: the urchin stays put only in the hand he was placed in; his new holder may play him.
    assert all(p.stuck == [] for p in state.players.values())


def test_lap_struck_down_and_tamper_and_chill():
    # Three mixed essentials: the drawer picks an opponent who replaces their whole hand.
    state = build(
        hands={0: ["Village Idiot", "Pray"], 1: ["Fire", "Storm"], 2: ["Fever"]},
        stock=["Roadside Inn", "Locked Box", "Hunting Spirit", "Arrested", "Possession"],
        step=Step.OWN,
    )
    state, _ = act(state, 0, type="play", card="Village Idiot", target=0, line=1)
    assert asked(state) == (0, "struck", ["seat:1", "seat:2"])
    state, _ = pick(state, 0, "seat:1")
    assert sorted(hand(state, 1)) == sorted(ids(["Arrested", "Possession"]))
    # Two essentials and a support: take a random card from the player on the left.
    state = build(
        hands={0: ["Village Idiot", "Pray"], 1: ["Fire"]},
        stock=["Roadside Inn", "Locked Box", "Storm", "Arrested"],
        step=Step.OWN,
    )
    state, _ = act(state, 0, type="play", card="Village Idiot", target=0, line=1)
    assert asked(state) == (0, "lap_keep", ["keep", "discard"])
    assert hand(state, 1) == [cid("Arrested")]  # the left player's replacement
    state, _ = pick(state, 0, "keep")  # Pray, the only other card, goes to make room
    assert hand(state, 0) == [cid("Fire")]
    # One essential and two supports: the player on the left takes a random card of yours.
    state = build(
        hands={0: ["Village Idiot", "Pray"], 1: ["Fire"]},
        stock=["Roadside Inn", "Storm", "Fever", "Arrested"],
        step=Step.OWN,
    )
    state, _ = act(state, 0, type="play", card="Village Idiot", target=0, line=1)
    assert asked(state) == (1, "lap_keep", ["keep", "discard"])
    assert hand(state, 0) == [cid("Arrested")]
    state, _ = pick(state, 1, "discard")
    assert hand(state, 1) == [cid("Fire")] and cid("Pray") in state.public.discard


def test_lap_with_fewer_than_three_cards_left_does_nothing():
    state = build(hands={0: ["Village Idiot"], 1: ["Pray"]})
    rest = state.secret.stock
    state.secret.stock = rest[:2]
    state.players[2].cards = rest[2:]
    state.public.discard = []
    state, events = act(state, 0, type="play", card="Village Idiot", target=1, line=1)
    assert "fewer than three cards remain" in public_text(events)


# -- Urchin Thief leaves only by the step-4 discard, the full-hand discard or random effects (R-27) --
def _holding_urchin(state, seat: int):
    state.players[seat].cards.append(cid("Urchin Thief"))
    state.players[seat].stuck = [cid("Urchin Thief")]
    state.secret.stock = [c for c in state.secret.stock if c != cid("Urchin Thief")]
    state.public.discard = [c for c in state.public.discard if c != cid("Urchin Thief")]
    return state


def test_urchin_thief_cannot_be_discarded_to_make_room_for_an_advantage():
    state = build(hands={0: ["Hallucination"], 1: ["Pray"]}, stock=[ESSENTIAL, "Fire", "Storm"])
    state = _holding_urchin(state, 1)
    state, _ = act(state, 0, type="play", card="Hallucination", target=1, line=1)
    state, _ = pick(state, 1, cid("Storm"))  # the one card that may go, Pray, goes without asking
    assert sorted(hand(state, 1)) == sorted(ids(["Storm", "Urchin Thief"]))
    assert cid("Pray") in state.public.discard


def test_urchin_thief_cannot_be_discarded_for_refreshments():
    state = build(hands={0: ["Refreshments", "Pray"]}, stock=["Fire", "Historian"], step=Step.OWN)
    state = _holding_urchin(state, 0)
    state, _ = act(state, 0, type="play", card="Refreshments", target=0, line=1)
    state, _ = pick(state, 0, cid("Historian"))
    assert sorted(hand(state, 0)) == sorted(ids(["Historian", "Urchin Thief"]))
    assert cid("Pray") in state.public.discard


def test_urchin_thief_alone_is_never_discarded_to_make_room():
    state = build(hands={0: ["Refreshments"]}, stock=["Fire", "Historian"], step=Step.OWN)
    state = _holding_urchin(state, 0)
    state, _ = act(state, 0, type="play", card="Refreshments", target=0, line=1)
    state, _ = pick(state, 0, cid("Historian"))
    # Nothing else to give up: the card is kept and the urchin stays (house rule).
    assert cid("Urchin Thief") in hand(state, 0) and cid("Historian") in hand(state, 0)
    assert cid("Urchin Thief") not in state.public.discard


def test_secret_room_only_goes_on_an_opponents_line():
    state = build(hands={0: ["Secret Room"]}, lines={0: [["Country Walk"]]}, step=Step.OWN)
    refused(state, 0, "another player's line", type="play", card="Secret Room", target=0, line=1)
