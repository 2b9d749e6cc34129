"""Haunted for the simulator: competitive, 2-6 players, `--opt short=true` for the short game.

greedy: on another player's turn-step, play the card that advances a line furthest (a Terror
that completes a line, then a Focus, then a Setting, then support cards) on the opponent with
the most complete lines, ties to the lowest score; on one's own lines play anything; never
redraw while a play exists; discard the card that can do least (support before line cards);
answer questions at random.
"""

from __future__ import annotations

from typing import Any

from bot.engine.prng import Rng
from bot.games.haunted.cards import catalogue
from bot.games.haunted.commands import Choose, Discard, Pass, Play, Redraw
from bot.games.haunted.scoring import score
from bot.games.haunted.state import HauntedState, Step
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best

KIND_VALUE = {"terror": 4, "focus": 3, "setting": 2}


def _kind(card: str) -> str:
    return catalogue().type_of(card)


def greedy(state: HauntedState, seat: int, actions: list[Any], rng: Rng) -> Any:
    pub = state.public
    if isinstance(actions[0], (Choose, Discard)):
        if isinstance(actions[0], Choose):
            return rng.choice(actions)
        return best(actions, lambda a: -KIND_VALUE.get(_kind(a.card), 1), rng)
    plays = [a for a in actions if isinstance(a, Play)]
    if not plays:
        redraw = [a for a in actions if isinstance(a, Redraw)]
        hand = state.players[seat].cards
        # With nothing to play and no line card in hand, a fresh hand beats passing.
        if redraw and not any(_kind(c) in KIND_VALUE for c in hand):
            return redraw[0]
        return next(a for a in actions if isinstance(a, Pass))

    def value(a: Play) -> float:
        kind_value = KIND_VALUE.get(_kind(a.card), 1)
        if pub.step is not Step.OTHERS:
            return kind_value
        complete = sum(1 for ln in pub.lines[a.target] if ln.complete)
        return kind_value * 100 + complete * 10 - score(pub.lines[a.target]) / 100

    return best(plays, value, rng)


def report(state: HauntedState) -> Report:
    pub = state.public
    if not pub.winners:
        ending = "nobody wins"
    elif len(pub.winners) > 1:
        ending = "shared win"
    else:
        ending = "one winner"
    return Report(turns=pub.turn, ending=ending, winners=list(pub.winners))


ADAPTER = Adapter(
    game="haunted",
    coop=False,
    report=report,
    policies={"greedy": greedy},
    first=lambda state: state.public.active,
)
