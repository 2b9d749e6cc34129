"""The end of the game and scoring, checked by hand."""

from __future__ import annotations

from haunted_builder import act, build, public_text

from bot.games.haunted import RULES
from bot.games.haunted.state import Step


def test_third_complete_line_loses_and_the_others_score():
    state = build(
        players=4,
        hands={0: ["Hunting Spirit"]},
        lines={
            # Seat 1 has two complete lines and a third about to be completed.
            1: [
                ["Country Walk", "Locked Box"],
                ["Private Library", "Mysterious Door", "Dread Old God", "complete"],
                ["Roadside Inn", "Curious Painting", "Tortured Soul", "complete"],
            ],
            # Seat 2: one complete line (13) and a focused line (2 cards: 6) = 19.
            2: [
                ["Ruined Church", "Hidden Treasure", "Fateful Possession", "complete"],
                ["Foreign Village", "Darkened Lens"],
            ],
            # Seat 3: a setting (3) and a line counted complete with no cards (13) = 16.
            3: [["Archaeological Dig"], ["complete"]],
            # Seat 0: nothing = 0.
        },
    )
    state, _ = act(state, 0, type="play", card="Hunting Spirit", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    assert state.public.defender == 1
    state, events = act(state, 1, type="pass")
    assert state.public.step is Step.OVER
    assert state.public.losers == [1]
    assert state.public.scores == {0: 0, 1: 39, 2: 19, 3: 16}
    assert state.public.winners == [0]
    assert RULES.result(state) == "@{0} wins with 0 points."
    text = public_text(events)
    assert "@{1} has 3 complete lines and loses" in text
    assert "Final scores: @{0} 0; @{1} 39 (lost); @{2} 19; @{3} 16." in text
    assert RULES.legal_actions(state, 0) == [] and RULES.waiting_for(state) == []


def test_tied_lowest_scores_share_the_win():
    state = build(
        players=3,
        hands={0: ["Magical Summoning"]},
        short=True,
        lines={1: [["Country Walk", "Tin Whistle"]], 2: [["Ruined Church"]]},
    )
    state.players[0].cards.append(state.secret.stock.pop())
    state, _ = act(state, 0, type="play", card="Magical Summoning", target=1, line=1)
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="pass")
    # Short game: one complete line loses. Seat 0 has 0 points, seat 2 has 3.
    assert state.public.losers == [1] and state.public.winners == [0]
    assert state.public.scores == {0: 0, 1: 13, 2: 3}


def test_a_line_sealed_in_step_one_ends_the_game_after_defence():
    state = build(
        players=2,
        hands={0: ["Transformation"], 1: ["Pray"]},
        short=True,
        lines={0: [["Foreign Village"]], 1: [["Ruined Church"], ["Country Walk"]]},
    )
    state, _ = act(state, 0, type="play", card="Transformation", target=1, line=1)
    assert state.public.lines[1][2].complete  # the empty line was the smallest
    assert state.public.step is Step.OTHERS  # not yet: the end is checked after the defence step
    state, _ = act(state, 0, type="pass")
    assert state.public.step is Step.OVER and state.public.losers == [1]
    assert state.public.scores == {0: 3, 1: 19} and state.public.winners == [0]


def test_short_game_rules():
    state = build(players=2, short=True)
    assert state.public.hand_size == 9 and state.public.lose_at == 1


def test_when_everyone_loses_nobody_wins():
    complete = [
        ["Private Library", "Mysterious Door", "Dread Old God", "complete"],
        ["Roadside Inn", "Curious Painting", "Tortured Soul", "complete"],
    ]
    state = build(
        players=2,
        hands={0: ["Hunting Spirit"]},
        lines={
            0: [*complete, ["Country Walk", "Locked Box"]],
            1: [
                ["Ruined Church", "Hidden Treasure", "Fateful Possession", "complete"],
                ["Foreign Village", "Darkened Lens", "Magical Summoning", "complete"],
                ["Archaeological Dig", "Engraved Coin"],
            ],
        },
    )
    state.public.lines[0][2].complete = True  # seat 0 already has three (set up directly for the test)
    state, _ = act(state, 0, type="play", card="Hunting Spirit", target=1, line=3)
    state, _ = act(state, 0, type="pass")
    state, _ = act(state, 1, type="pass")
    assert state.public.losers == [0, 1] and state.public.winners == []
    assert RULES.result(state) == "Everyone met a dreadful end: nobody wins."
