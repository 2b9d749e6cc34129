"""SCP: Apollyon for the simulator: co-operative, 1-6 directors.

Options: the game's own (`--opt event_die=true`, `--opt campaign=true`).

greedy, phase by phase (ties broken by the runner's generator):
- Setup: start with the Safe deck.
- Growth: build the draw pile with as many characters as the budget allows, claim a card
  (characters first), study the least-studied contained anomaly, then ready.
- MTF: assign characters to MTF-01 until it has three, then to MTF-02 (never on vacation);
  give each MTF without a mission one: capture a loose anomaly (the Masquerade drain) first,
  else investigate the situation holding the most Masquerade, else scout; then ready.
- Missions: resolve in MTF order, spreading wounds when MTFs work together. Return: deliver
  home when there is room, else to an open site.
- Any phase: agree to take other sites' anomalies (once; it never withdraws the agreement).
- Site: contain what it can, put an anomaly with 2+ Study on trial, then ready.
It never transfers, promotes, withdraws or overcontains.
"""

from __future__ import annotations

from typing import Any

from bot.engine.prng import Rng
from bot.games.apollyon import commands as c
from bot.games.apollyon.state import ApollyonState, Phase
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best


def greedy(state: ApollyonState, seat: int, actions: list[Any], rng: Rng) -> Any:
    pub = state.public
    phase = pub.phase
    site = pub.sites[seat]
    kinds: dict[str, list[Any]] = {}
    for a in actions:
        kinds.setdefault(a.type, []).append(a)

    def first(kind: str) -> list[Any]:
        return kinds.get(kind, [])

    if phase is Phase.SETUP:
        return best(actions, lambda a: a.deck == "safe", rng)
    if phase is Phase.MISSIONS:
        return best(first("resolve"), lambda a: -a.mtf + 0.5 * a.spread, rng)
    if first("open_site") and first("open_site")[0].open:
        return first("open_site")[0]
    if phase is Phase.GROWTH:
        if first("build_pile"):
            return best(first("build_pile"), lambda a: a.assets + 3 * a.characters + 0.1 * a.characters, rng)
        if first("claim"):
            return best(first("claim"), lambda a: pub.pile[a.index].kind == "character", rng)
        if first("study"):
            return best(first("study"), lambda a: -_study(state, a.anomaly), rng)
    elif phase is Phase.ASSIGN:
        assign = [
            a for a in first("assign") if a.to == "mtf1" or a.to == "mtf2" and len(site.mtfs[0].members) >= 3
        ]
        if assign:
            return best(assign, lambda a: a.to == "mtf1", rng)
        free = [a for a in first("mission") if site.mtfs[a.mtf - 1].mission is None]
        if free:
            return best(free, lambda a: _mission_value(state, a), rng)
    elif phase is Phase.RETURN:
        if first("deliver"):
            return best(first("deliver"), lambda a: a.to == seat, rng)
    elif phase is Phase.SITE:
        if first("contain"):
            return rng.choice(first("contain"))
        trials = [a for a in first("trial") if _study(state, a.anomaly) >= 2]
        if trials:
            return best(trials, lambda a: _study(state, a.anomaly), rng)
    return c.Ready()


def _mission_value(state: ApollyonState, a: c.SetMission) -> float:
    if a.kind == "capture":
        return 100
    if a.kind == "investigate":
        held = next((s.tokens for s in state.public.situations if s.uid == a.target), 0)
        return 50 + held
    if a.kind == "scout":
        return 10
    return 0


def _study(state: ApollyonState, uid: int) -> int:
    for site in state.public.sites:
        for a in site.contained():
            if a.uid == uid:
                return a.study
    return 0


def report(state: ApollyonState) -> Report:
    pub = state.public
    if pub.outcome == "won":
        ending = "Apollyon contained"
    elif pub.masquerade <= 0:
        ending = (
            "Masquerade 0, Apollyon loose" if pub.apollyon_revealed else "Masquerade 0 before the Apollyon"
        )
    else:
        ending = pub.ending or "unknown"
    return Report(
        turns=pub.month,
        ending=ending,
        won=pub.outcome == "won",
        flags={
            "veil lifted": pub.veil_lifted,
            "Apollyon revealed": pub.apollyon_revealed,
            "lost before month 6": pub.outcome == "lost" and pub.month < pub.months,
        },
    )


ADAPTER = Adapter(game="apollyon", coop=True, report=report, policies={"greedy": greedy})
