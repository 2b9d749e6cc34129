"""Co-op structures: the cards that say how a mission's clock is built, where saints start and may
move, and how the mission is won or lost. A co-op mission names one of each kind by key.

Each structure is rules, not data: its text is shown to players, its behaviour lives in the
functions below (the clock builder, the start and move rules, the goal's seeding and ending).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.errors import GameError
from bot.games.apocrypha.cards import Mission


@dataclass(frozen=True)
class Structure:
    key: str
    kind: str  # clock, nexus, goal
    name: str
    text: str


STRUCTURES: dict[str, Structure] = {
    s.key: s
    for s in (
        Structure(
            "as_the_hours_pass",
            "clock",
            "As the Hours Pass",
            "The clock is the mission's number of random omens from the box, shuffled.",
        ),
        Structure(
            "candle_per_saint",
            "clock",
            "A Candle for Each",
            "The clock holds the mission's candles, a number of random omens for every saint in the "
            "choir, plus any it starts with, shuffled.",
        ),
        Structure(
            "tolling_bell",
            "clock",
            "The Tolling Bell",
            "The clock is the mission's random omens with one minion archetype per saint shuffled in; "
            "a minion drawn from the clock is confronted at once.",
        ),
        Structure(
            "wherever_theres_trouble",
            "nexus",
            "Wherever There's Trouble",
            "The nexuses stand in the mission's order. Saints start at any nexuses they like and may "
            "move between any nexuses.",
        ),
        Structure(
            "along_the_trail",
            "nexus",
            "Along the Trail",
            "The nexuses stand in a line in the mission's order. Every saint starts at the first one "
            "and moves only to the next or the previous nexus still in play.",
        ),
        Structure(
            "close_ranks",
            "nexus",
            "Close Ranks",
            "The choir starts together at one nexus of its choosing and may move between any nexuses.",
        ),
        Structure(
            "corner",
            "goal",
            "Corner",
            "Seed the master and minion archetypes into the nexuses. You win when every nexus is "
            "sacrificed, or the master is cornered with nowhere to escape; you lose when every saint "
            "fades or the clock runs out. Master, Terminate: go to Sanctify; the master tries to "
            "escape, then seal its nexus if you can. Minion A, Win: you may go to Sanctify.",
        ),
        Structure(
            "purge",
            "goal",
            "Purge",
            "Seed only the minion archetypes into the nexuses. You win when every minion archetype "
            "has been beaten and sacrificed; you lose when every saint fades or the clock runs out. "
            "Any minion, Win: you may go to Sanctify.",
        ),
    )
}

KINDS = {"clock": "clock", "nexus_rules": "nexus", "goal": "goal"}


def check_mission(mission: Mission) -> str | None:
    """Why a co-op mission's structures are wrong, or None."""
    for field, kind in KINDS.items():
        key = getattr(mission, field)
        if key not in STRUCTURES or STRUCTURES[key].kind != kind:
            names = ", ".join(k for k, s in STRUCTURES.items() if s.kind == kind)
            return f"{field} must name a {kind} structure ({names}), not {key!r}"
    if not any(tt.role == "master" for tt in mission.true_threats) and mission.goal == "corner":
        return "the Corner goal needs a master"
    if not any(tt.role == "minion" and tt.archetypes for tt in mission.true_threats):
        return "a co-op mission needs numbered minion archetypes"
    return None


def names(mission: Mission) -> list[str]:
    return [STRUCTURES[getattr(mission, f)].name for f in KINDS]


# -- the nexus structure: where saints start, where they may move --------------------------------
def default_starts(nexus_rules: str, keys: list[str], seats: list[int]) -> dict[int, str]:
    return {s: keys[0] for s in seats}


def check_starts(nexus_rules: str, keys: list[str], starts: dict[int, str]) -> None:
    """Refuse starting places the nexus structure does not allow."""
    for key in starts.values():
        if key not in keys:
            raise GameError(f"There is no nexus called {key} in this mission.")
    places = set(starts.values())
    if nexus_rules == "along_the_trail" and places != {keys[0]}:
        raise GameError("Along the Trail: every saint starts at the first nexus.")
    if nexus_rules == "close_ranks" and len(places) > 1:
        raise GameError("Close Ranks: the whole choir starts at the same nexus.")


def check_move(nexus_rules: str, trail: list[str], open_keys: set[str], here: str | None, to: str) -> None:
    """Refuse a move the nexus structure forbids (a saint not at a nexus may go anywhere)."""
    if nexus_rules != "along_the_trail" or here is None or here not in trail:
        return
    line = [k for k in trail if k in open_keys or k == here]
    i = line.index(here)
    neighbours = {line[j] for j in (i - 1, i + 1) if 0 <= j < len(line)}
    if to not in neighbours:
        raise GameError("Along the Trail: you can only move to the next or the previous nexus.")


# -- the goal structure ------------------------------------------------------------------------
def seeds_master(goal: str) -> bool:
    return goal == "corner"


def may_sanctify_after_win(goal: str, role: str, label: str) -> bool:
    """Whether winning vs. this true threat lets the active saint go to Sanctify to seal."""
    if goal == "corner":
        return role == "minion" and label == "A"
    return goal == "purge" and role == "minion"
