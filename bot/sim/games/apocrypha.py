"""Apocrypha for the simulator: the co-op mode only (a guided game needs a human guide).

Options: `--opt mission=<id>` (default: the game's first mission); co-op mode is forced.

greedy (simple; refine it here): answer prompts with their first option, roll and keep checks,
attempt a confronted card's first virtue, seal a nexus when it can, investigate with the plain
investigation before spending an omen, then move on through the turn's steps; it never gives
cards, moves only when at no nexus, and plays card powers only when nothing else is left.
"""

from __future__ import annotations

from typing import Any

from bot.engine.prng import Rng
from bot.games.apocrypha.state import ApocryphaState
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best, by_type

ORDER = ("answer", "roll", "keep", "attempt", "seal", "investigate", "reset", "next", "play", "end_turn")


def greedy(state: ApocryphaState, seat: int, actions: list[Any], rng: Rng) -> Any:
    rank = by_type(ORDER)

    def value(a: Any) -> float:
        if a.type == "answer":
            return rank(a) + (0.5 if not a.option else 0)
        if a.type == "move":  # a saint who is at no nexus goes to one, else stays put
            return rank(a) + 20 if state.public.saints[seat].nexus is None else 0
        if a.type == "investigate":
            return rank(a) + (0.5 if a.omen is None else 0)
        return rank(a)

    return best(actions, value, rng)


def options(opts: dict[str, Any], players: int, index: int) -> dict[str, Any]:
    return {**opts, "mode": "coop"}


def report(state: ApocryphaState) -> Report:
    pub = state.public
    if pub.outcome == "won":
        ending = "every nexus sealed"
    elif not state.secret.clock:
        ending = "the clock ran out"
    else:
        ending = "lost"
    return Report(turns=pub.turn, ending=ending, won=pub.outcome == "won")


ADAPTER = Adapter(game="apocrypha", coop=True, report=report, policies={"greedy": greedy}, options=options)
