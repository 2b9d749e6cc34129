"""The deal, the six-step turn, the defence windows, the alternative turn and timeouts."""

from __future__ import annotations

import pytest
from haunted_builder import act, asked, build, cid, hand, ids, public_text, refused

from bot.engine.errors import GameError
from bot.games.haunted import RULES
from bot.games.haunted.cards import catalogue, sort_key
from bot.games.haunted.commands import Choose, Discard, Pass, Play, Redraw
from bot.games.haunted.state import Options, Step


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("short", [False, True])
def test_the_deal(players, short):
    out = RULES.setup(Options(short=short), players, 7, {})
    state = out.state
    size = 9 if short else 7
    assert [len(state.players[s].cards) for s in range(players)] == [size] * players
    assert len(state.secret.stock) == 80 - size * players
    assert state.public.lose_at == (1 if short else 3)
    # Every seat got its own hand in a private event; the public ones name no hand card.
    dealt = [e for e in out.events if e.kind == "dealt"]
    assert sorted(e.seat for e in dealt) == list(range(players))
    assert state.public.step is Step.OTHERS and RULES.waiting_for(state) == [state.public.active]


@pytest.mark.parametrize("seed", range(6))
def test_the_first_player_drew_the_card_first_in_the_alphabet(seed):
    out = RULES.setup(Options(), 4, seed, {})
    text = next(e.text for e in out.events if e.kind == "first")
    cat = catalogue()
    draws = {}
    for part in text.split(": ", 1)[1].split(". ")[0].split(", @{"):
        seat, name = part.lstrip("@{").split("} ", 1)
        draws[int(seat)] = name
    first = min(draws, key=lambda s: sort_key(draws[s]))
    assert out.state.public.active == first
    assert all(cat.resolve(n) for n in draws.values())


def test_the_deal_starts_with_the_first_player_and_goes_round():
    out = RULES.setup(Options(), 3, 11, {})
    state = out.state
    assert sum(len(h.cards) for h in state.players.values()) == 21


def test_player_count_limits():
    with pytest.raises(GameError):
        RULES.setup(Options(), 1, 1, {})
    with pytest.raises(GameError):
        RULES.setup(Options(), 7, 1, {})


def test_a_whole_turn_in_order():
    state = build(
        players=3,
        hands={
            0: ["Country Walk", "Ruined Church", "Pray", "Fire"],
            1: ["Terrible Accident"],
            2: ["Nervous Exhaustion"],
        },
        stock=["Storm", "Arrested", "Possession", "Tarot Card"],
    )
    # Step 1: one card on each of the other players' lines.
    state, _ = act(state, 0, type="play", card="Country Walk", target=1, line=1)
    state, _ = act(state, 0, type="play", card="Ruined Church", target=2, line=3)
    # Step 2: seat 1 (on the left) defends first, then seat 2.
    state, events = act(state, 0, type="pass")
    assert (state.public.step, state.public.defender, RULES.waiting_for(state)) == (Step.DEFENCE, 1, [1])
    refused(state, 2, "turn to defend", type="play", card="Nervous Exhaustion", target=2, line=3)
    refused(state, 0, "turn to defend", type="pass")
    state, _ = act(state, 1, type="play", card="Terrible Accident", target=1, line=1)
    assert state.public.lines[1][0].setting is None
    state, _ = act(state, 1, type="pass")
    assert state.public.defender == 2
    state, _ = act(state, 2, type="pass")
    assert state.public.lines[2][2].setting == cid("Ruined Church")
    # Step 3: own lines only.
    assert state.public.step is Step.OWN
    refused(state, 0, "only on your own lines", type="play", card="Fire", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    # Step 4: one discard is compulsory.
    assert state.public.step is Step.DISCARD
    refused(state, 0, "must discard one card", type="pass")
    state, events = act(state, 0, type="discard", card="Pray")
    # Step 5 refills to seven from the top of the stockpile; step 6 passes left.
    assert hand(state, 0)[:1] == [cid("Fire")] and len(hand(state, 0)) == 7
    assert hand(state, 0)[1:5] == ids(["Storm", "Arrested", "Possession", "Tarot Card"])
    assert state.public.active == 1 and state.public.step is Step.OTHERS
    assert all(not ln.fresh for lines in state.public.lines for ln in lines)


def test_defence_skips_players_with_nothing_fresh_on_their_lines():
    state = build(
        players=4, hands={0: ["Country Walk", "Strange Mist"], 2: ["Fire"]}, lines={3: [["Ruined Church"]]}
    )
    state, _ = act(
        state, 0, type="play", card="Strange Mist", target=1, line=1
    )  # a support card leaves nothing fresh
    state, _ = act(state, 0, type="play", card="Country Walk", target=2, line=1)
    state, _ = act(state, 0, type="pass")
    assert state.public.defender == 2 and state.public.defenders == []
    state, _ = act(state, 2, type="pass")
    assert state.public.step is Step.OWN


def test_defence_only_answers_this_turns_cards():
    state = build(
        hands={0: ["Locked Box"], 1: ["Fire", "Tarot Card", "Strange Mist", "Terrible Accident"]},
        lines={1: [["Country Walk"], ["Ruined Church", "Historical Find"]]},
    )
    state, _ = act(state, 0, type="play", card="Locked Box", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    refused(
        state,
        1,
        "only answer a card played on that line this turn",
        type="play",
        card="Fire",
        target=1,
        line=2,
    )
    refused(state, 1, "Only defensive cards", type="play", card="Strange Mist", target=1, line=1)
    refused(state, 1, "only defend your own lines", type="play", card="Fire", target=0, line=1)
    refused(
        state,
        1,
        "needs a setting with nothing on top",
        type="play",
        card="Terrible Accident",
        target=1,
        line=1,
    )
    state, _ = act(state, 1, type="play", card="Fire", target=1, line=1)
    assert state.public.lines[1][0].focus is None
    refused(state, 1, "already played a card on that line", type="play", card="Tarot Card", target=1, line=1)
    plays = [a for a in RULES.legal_actions(state, 1) if isinstance(a, Play)]
    assert plays == []


def test_the_active_player_waits_during_the_defence_step():
    state = build(hands={0: ["Country Walk", "Fire"]})
    state, _ = act(state, 0, type="play", card="Country Walk", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    refused(state, 0, "turn to defend", type="play", card="Fire", target=0, line=1)
    assert RULES.legal_actions(state, 0) == []


def test_acting_out_of_turn_is_refused():
    state = build(hands={0: ["Country Walk"], 1: ["Ruined Church"]})
    refused(
        state,
        1,
        "only play cards in your own defence window",
        type="play",
        card="Ruined Church",
        target=0,
        line=1,
    )
    refused(state, 1, "not your turn", type="pass")
    refused(state, 1, "not your turn", type="redraw")
    assert RULES.legal_actions(state, 1) == []


def test_legal_actions_step_one():
    state = build(
        players=2, hands={0: ["Country Walk", "Locked Box", "Fire"]}, lines={1: [["Ruined Church"]]}
    )
    actions = RULES.legal_actions(state, 0)
    plays = {(a.card, a.line) for a in actions if isinstance(a, Play)}
    assert plays == {(cid("Country Walk"), 2), (cid("Country Walk"), 3)}
    assert Pass() in actions and Redraw() in actions


def test_the_alternative_turn_replaces_the_whole_hand():
    state = build(hands={0: ["Country Walk", "Fire", "Pray"]}, stock=["Storm"])
    state, events = act(state, 0, type="redraw")
    assert len(hand(state, 0)) == 7 and hand(state, 0)[0] == cid("Storm")
    assert set(ids(["Country Walk", "Fire", "Pray"])) <= set(state.public.discard)
    assert state.public.active == 1


def test_no_alternative_turn_after_playing():
    state = build(hands={0: ["Country Walk", "Fire"]})
    state, _ = act(state, 0, type="play", card="Country Walk", target=1, line=1)
    refused(state, 0, "start of your turn", type="redraw")
    assert Redraw() not in RULES.legal_actions(state, 0)


def test_the_discard_pile_is_reshuffled_when_the_stockpile_runs_out():
    state = build(hands={0: ["Pray"]}, discard=["Fire", "Storm", "Arrested"], step=Step.DISCARD)
    state.secret.stock, rest = [], state.secret.stock
    state.players[2].cards = rest  # park the rest of the deck in a hand to empty the stockpile
    state.public.hand_counts[2] = len(rest)
    state, events = act(state, 0, type="discard", card="Pray")
    assert "shuffled into a new one" in public_text(events)
    assert sorted(hand(state, 0)) == sorted(ids(["Fire", "Storm", "Arrested", "Pray"]))


def test_missing_players_still_defend():
    state = build(hands={0: ["Country Walk"], 1: ["Terrible Accident"]})
    state.public.skips[1] = 1
    state, _ = act(state, 0, type="play", card="Country Walk", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    assert state.public.defender == 1


def test_timeouts_pass_and_say_so():
    state = build(hands={0: ["Country Walk", "Fire"]})
    cmd = RULES.timeout_command(state, 0)
    assert cmd == Pass(timed_out=True)
    assert RULES.timeout_command(state, 1) is None
    state, events = act(state, 0, **cmd.model_dump())
    assert "The game passes for @{0}." in public_text(events)
    state = build(hands={0: ["Country Walk", "Fire"]}, step=Step.DISCARD)
    assert RULES.timeout_command(state, 0) == Discard(card=cid("Country Walk"), timed_out=True)


def test_a_timed_out_choice_takes_the_default():
    state = build(hands={0: ["Hidden Compartment"]}, lines={0: [["Country Walk"]]}, step=Step.OWN)
    state, _ = act(state, 0, type="play", card="Hidden Compartment", target=0, line=1)
    assert RULES.waiting_for(state) == [0]
    cmd = RULES.timeout_command(state, 0)
    assert cmd == Choose(option="leave", timed_out=True)
    state, events = act(state, 0, **cmd.model_dump())
    assert "default answer for @{0}" in public_text(events) and asked(state) is None


def test_a_question_blocks_everyone_else():
    state = build(hands={0: ["Strange Mist", "Fire"], 1: ["Pray"], 2: ["Storm", "Arrested"]})
    state, _ = act(state, 0, type="play", card="Strange Mist", target=1, line=1)
    assert RULES.waiting_for(state) == [2]
    refused(state, 0, "waiting for @\\{2\\} to choose", type="play", card="Fire", target=1, line=2)
    refused(state, 2, "First answer the question", type="pass")
    refused(state, 2, "not one of your choices", type="choose", option="nonsense")
    refused(state, 1, "nothing for you to choose|waiting for", type="choose", option=cid("Storm"))
    assert all(isinstance(a, Choose) for a in RULES.legal_actions(state, 2))
    assert state.players[2].prompt is not None and state.players[0].prompt is None


def test_prompt_describes_what_the_seat_must_do():
    state = build(hands={0: ["Country Walk"]})
    assert "step 1" in RULES.prompt(state, 0)
    assert "Waiting for @{0}" in RULES.prompt(state, 1)
