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
It never transfers, promotes, withdraws or overcontains. This is `--policy simple`.

greedy (the committed policy) is simple plus what a director does to end the game: get the
Apollyon into Active Containment (its cost, 2 of each asset less the O5 Council's share, is
public; the card is not). The "vault" is the site holding most of that cost (lowest seat on a tie).
- Growth: promote 2 Resources into a Space while a site has fewer Space than the cost and 2
  Resources more than it; from month 4 (or once the Apollyon is out) every other director
  transfers the vault one asset it lacks, the Draw pile is all assets while the vault lacks any,
  and a director short of the cost claims the asset card that covers most of the gap.
- MTF: from month 4, while at most one Temporary Containment field is free (its own and the
  open sites'), no mission but a capture of the Apollyon: the last field is kept for it.
- Return: the Apollyon goes to a site that can pay its cost (its own first).
- Site: contain the Apollyon first; from month 4 the vault contains nothing else that would leave
  it short of the cost.
"""

from __future__ import annotations

from typing import Any

from bot.engine.prng import Rng
from bot.games.apollyon import commands as c
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.difficulty import level, relieved
from bot.games.apollyon.state import TEMP_FIELDS, ApollyonState, Phase
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best


def simple(state: ApollyonState, seat: int, actions: list[Any], rng: Rng) -> Any:
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


RESERVE_MONTH = 4  # from here on the vault saves for the Apollyon


def apollyon_cost(state: ApollyonState) -> dict[str, int]:
    """What containing the Apollyon takes: 2 of each asset less the O5 Council's share."""
    pub = state.public
    return relieved(
        {"resource": 2, "personnel": 2, "space": 2}, level(pub.difficulty, len(pub.sites)).apollyon_relief
    )


def short(pool: dict[str, int], need: dict[str, int]) -> dict[str, int]:
    return {k: n - pool[k] for k, n in need.items() if pool[k] < n}


def vault(state: ApollyonState, need: dict[str, int]) -> int:
    return max(
        state.public.sites, key=lambda s: (sum(min(s.pool[k], n) for k, n in need.items()), -s.seat)
    ).seat


def _is_apollyon(state: ApollyonState, uid: int) -> bool:
    pub = state.public
    every = [*pub.public_zone, *(a for s in pub.sites for a in (*s.carrying, *s.temporary))]
    return any(a.uid == uid and a.info.cls == "apollyon" for a in every)


def greedy(state: ApollyonState, seat: int, actions: list[Any], rng: Rng) -> Any:
    pub = state.public
    phase = pub.phase
    site = pub.sites[seat]
    need = apollyon_cost(state)
    home = vault(state, need)
    saving = pub.month >= RESERVE_MONTH or pub.apollyon_revealed
    kinds: dict[str, list[Any]] = {}
    for a in actions:
        kinds.setdefault(a.type, []).append(a)
    if phase is Phase.GROWTH:
        promote = [a for a in kinds.get("promote", []) if a.kind == "resource"]
        if promote and site.pool["space"] < need["space"] and site.pool["resource"] >= need["resource"] + 2:
            return promote[0]
        lack = short(pub.sites[home].pool, need)
        if saving and seat != home:
            gifts = [a for a in kinds.get("transfer", []) if a.to == home and a.asset in lack]
            if gifts:
                return best(gifts, lambda a: lack[a.asset], rng)
        if saving and lack and kinds.get("build_pile"):
            return best(kinds["build_pile"], lambda a: a.assets - a.characters, rng)
        mine = short(site.pool, need)
        claims = kinds.get("claim", [])
        if mine and claims:
            cat = catalogue().assets

            def cover(a: c.Claim) -> float:
                pc = pub.pile[a.index]
                if pc.kind != "asset":
                    return 0
                return sum(min(getattr(cat[pc.card].gain, k), n) for k, n in mine.items())

            if max(map(cover, claims)) > 0:
                return best(claims, cover, rng)
    elif phase is Phase.ASSIGN and saving and not pub.apollyon_contained:
        room = sum(TEMP_FIELDS - len(s.temporary) for s in pub.sites if s.seat == seat or s.open)
        if room <= 1 and kinds.get("mission"):
            boss = [a for a in kinds["mission"] if a.kind == "capture" and _is_apollyon(state, a.target)]
            if boss and any(site.mtfs[a.mtf - 1].mission is None for a in boss):
                return next(a for a in boss if site.mtfs[a.mtf - 1].mission is None)
            return simple(state, seat, [a for a in actions if a.type != "mission"], rng)
    elif phase is Phase.RETURN:
        boss = [a for a in kinds.get("deliver", []) if _is_apollyon(state, a.anomaly)]
        payable = [a for a in boss if not short(pub.sites[a.to].pool, need)]
        if payable:
            return best(payable, lambda a: a.to == seat, rng)
    elif phase is Phase.SITE:
        contain = kinds.get("contain", [])
        boss = [a for a in contain if _is_apollyon(state, a.anomaly)]
        if boss:
            return boss[0]
        if contain and saving and seat == home:
            cost = {a.uid: dict(a.info.cost.items()) for a in site.temporary}
            keep = [
                a
                for a in contain
                if not short({k: site.pool[k] - cost[a.anomaly][k] for k in site.pool}, need)
            ]
            if keep:
                return rng.choice(keep)
            trials = [a for a in kinds.get("trial", []) if _study(state, a.anomaly) >= 2]
            return best(trials, lambda a: _study(state, a.anomaly), rng) if trials else c.Ready()
    return simple(state, seat, actions, rng)


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


ADAPTER = Adapter(game="apollyon", coop=True, report=report, policies={"greedy": greedy, "simple": simple})
