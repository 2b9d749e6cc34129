"""Archetypes: the facedown placeholders for a co-op mission's masters and minions.

An archetype card is named "archetype_master" or "archetype_minion_<n>" (instances
"...#1"). It lives in nexus decks like any card, is never shown until flipped, and
when flipped the true threat displayed by the mission card stands in for it.
"""

from __future__ import annotations

from pydantic import BaseModel

from bot.engine.errors import GameError
from bot.games.apocrypha.cards import Mission, MissionTrueThreat

MASTER = "archetype_master"
MINION = "archetype_minion_"


class Archetype(BaseModel):
    """The placeholder card itself (what Table.card returns for an archetype id)."""

    id: str
    name: str
    powers: list = []
    targets: list = []


def is_archetype(cid: str) -> bool:
    return cid == MASTER or cid.startswith(MINION)


def card(cid: str) -> Archetype:
    if cid == MASTER:
        return Archetype(id=cid, name="master archetype")
    if cid.startswith(MINION) and cid[len(MINION) :].isdigit():
        return Archetype(id=cid, name=f"minion {cid[len(MINION) :]} archetype")
    raise GameError(f"There is no card called {cid}.")


def set_aside(mission: Mission, nexuses: int, skip: list[str] | None = None) -> list[str]:
    """The archetypes for `nexuses` nexuses: masters first, then the numbered minion archetypes in
    the order listed, stopping at one per nexus (fewer if the mission lists fewer). `skip`: archetypes
    already used elsewhere (the Tolling Bell's, in the clock)."""
    out: list[str] = []
    for tt in mission.true_threats:
        if tt.role == "master":
            out.append(MASTER)
    numbers = [n for tt in mission.true_threats if tt.role == "minion" for n in tt.archetypes]
    for n in numbers:
        if f"{MINION}{n}" not in out and f"{MINION}{n}" not in (skip or []):
            out.append(f"{MINION}{n}")
    return out[:nexuses]


def bell(mission: Mission, saints: int) -> list[str]:
    """The Tolling Bell: one minion A archetype per saint, in the order listed, for the clock."""
    numbers = [n for tt in mission.true_threats if tt.role == "minion" and tt.label == "A" for n in tt.archetypes]
    return [f"{MINION}{n}" for n in numbers[:saints]]


def true_threat(mission: Mission, cid: str) -> MissionTrueThreat:
    for tt in mission.true_threats:
        if cid == MASTER and tt.role == "master":
            return tt
        if tt.role == "minion" and cid.startswith(MINION) and int(cid[len(MINION) :]) in tt.archetypes:
            return tt
    raise GameError(f"The mission displays no true threat for the {card(cid).name}.")


def table_result(tt: MissionTrueThreat, dice: list[int], alone: bool) -> int:
    """The row of a table true threat for these dice (clamped to the table)."""
    assert tt.table is not None
    total = sum(dice) + tt.table.add + (tt.table.alone if alone else 0)
    return max(1, min(len(tt.table.results), total))
