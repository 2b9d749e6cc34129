"""Apocrypha for the simulator: co-op mode, or guided mode with a scripted guide.

Options: `--opt mode=guided` plays guided mode (default: co-op); `--opt mission=<id>` (default:
the game's first co-op mission, or Taking the Plunge when guided).

greedy (simple; refine it here): answer prompts with their first option, roll and keep checks,
attempt a confronted card's first virtue, seal a nexus when it can, investigate with the plain
investigation before spending an omen, then move on through the turn's steps; it never gives
cards, moves only when at no nexus, and plays card powers only when nothing else is left.

The scripted guide (guided mode, the GUIDE seat under every policy): scene by scene, in the
mission's nexus order, it reveals the next nexus and places every saint there once the saints'
nexus has no cards left; it starts the turn of the next saint who is not fading, to the left of
the last one, handing them the top clock card; it adds a random mutation when an assist waits
for one. It calls the mission won when every nexus is revealed and empty, and lost when the clock
is empty at a turn's start or every saint is fading. It never presents cards, stacks the clock,
delays or hands out fragments: the saints meet exactly the mission's cards.
"""

from __future__ import annotations

from typing import Any

from bot.engine.prng import Rng
from bot.engine.seats import GUIDE
from bot.games.apocrypha.state import ApocryphaState
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best, by_type

ORDER = ("answer", "roll", "keep", "attempt", "seal", "investigate", "reset", "next", "play", "end_turn")
GUIDED_MISSION = "taking_the_plunge"


def greedy(state: ApocryphaState, seat: int, actions: list[Any], rng: Rng) -> Any:
    if seat == GUIDE:
        return scripted_guide(state, actions)
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


def random_or_guide(state: ApocryphaState, seat: int, actions: list[Any], rng: Rng) -> Any:
    """The random policy for the saints; the guide still follows its script."""
    return scripted_guide(state, actions) if seat == GUIDE else rng.choice(actions)


def scripted_guide(state: ApocryphaState, actions: list[Any]) -> Any:
    pub, decks = state.public, state.secret.nexus_decks
    of = {kind: [a for a in actions if a.type == kind] for kind in {a.type for a in actions}}
    ending = {a.won: a for a in of.get("g_end_mission", [])}
    if "g_mutate" in of:
        return of["g_mutate"][0]
    if pub.active is not None:
        return of.get("g_end_turn", [ending[False]])[0]
    places = {v.nexus for v in pub.saints.values()}
    here = next(iter(places)) if len(places) == 1 else None
    if here is None or not decks.get(here):
        # The scene is cleared: the next revealed nexus with cards, else reveal the next one.
        place = [a for a in of.get("g_place", []) if decks.get(a.nexus)]
        if place:
            return place[0]
        if of.get("g_reveal"):
            return of["g_reveal"][0]
        if not any(decks.get(k) for k in pub.nexuses):
            return ending[True]
    awake = [s for s in pub.order if not pub.saints[s].fading]
    if not state.secret.clock or not awake:
        return ending[False]
    last = pub.last_active if pub.last_active in pub.order else pub.order[-1]
    at = pub.order.index(last)
    nxt = next(s for s in pub.order[at + 1 :] + pub.order[: at + 1] if s in awake)
    return next(a for a in of["g_start"] if a.seat == nxt)


def options(opts: dict[str, Any], players: int, index: int) -> dict[str, Any]:
    if opts.get("mode") == "guided":
        return {"mission": GUIDED_MISSION, **opts}
    return {**opts, "mode": "coop"}


def roles(opts: dict[str, Any]) -> dict[str, bool]:
    return {"guide": opts.get("mode") == "guided"}


def report(state: ApocryphaState) -> Report:
    pub = state.public
    if pub.outcome == "won":
        ending = "every nexus sealed" if pub.mode == "coop" else "every nexus cleared"
    elif not state.secret.clock:
        ending = "the clock ran out"
    elif all(s.fading for s in pub.saints.values()):
        ending = "every saint faded"
    else:
        ending = "lost"
    return Report(turns=pub.turn, ending=ending, won=pub.outcome == "won")


ADAPTER = Adapter(
    game="apocrypha",
    coop=True,
    report=report,
    policies={"greedy": greedy, "random": random_or_guide},
    options=options,
    roles=roles,
)
