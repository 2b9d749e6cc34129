"""The lobby's difficulty: easy, standard or hard, tuned per table size. It sets only this
project's house rules (the lost pages' Lifted Veil, the cover-up and the Apollyon's endgame),
never the rulebook's numbers (10 + 5 per director, the veil at 10, the six months). Why the
table size matters, and the figures for each level, are in docs/balance.md."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

Difficulty = Literal["easy", "standard", "hard"]


@dataclass(frozen=True)
class Level:
    # Extra situations dealt in each Intel phase once the veil has lifted.
    veil_situations: int
    # Masquerade a loose non-Apollyon anomaly costs less each End phase (never below 0): the
    # Foundation's standing disinformation work.
    cover_up: int
    # Masquerade regained when an MTF captures an anomaly from the public zone: the story dies.
    capture_regain: bool
    # Masquerade the Apollyon costs less when it arrives and each month it is loose (never
    # below 1): the cover-up's emergency measures.
    apollyon_cover: int = 0
    # Assets of each kind the O5 Council pays toward the Apollyon's containment (it always
    # needs at least 1 Space of the director's own).
    apollyon_relief: int = 0


EASY = Level(veil_situations=0, cover_up=2, capture_regain=True)
STANDARD = Level(veil_situations=0, cover_up=1, capture_regain=True)
HARD = Level(veil_situations=1, cover_up=0, capture_regain=False)

# Per table size (1-6 directors). The rulebook's start (10 + 5 per director) gives a small table
# little room above the veil, and its Intel count (one situation per 2 directors, rounded up)
# and fixed situation zone (6 or 8 slots) press odd and small tables hardest; docs/balance.md
# has the measurements. The bigger help goes where the pressure is.
LEVELS: dict[str, tuple[Level, ...]] = {
    "easy": (
        replace(EASY, cover_up=4, apollyon_cover=5, apollyon_relief=2),
        replace(EASY, apollyon_cover=3, apollyon_relief=2),
        replace(EASY, apollyon_cover=1, apollyon_relief=1),
        replace(EASY, apollyon_relief=1),
        replace(EASY, apollyon_cover=2, apollyon_relief=1),
        replace(EASY, apollyon_relief=1),
    ),
    "standard": (
        replace(STANDARD, cover_up=3, apollyon_cover=4, apollyon_relief=2),
        replace(STANDARD, cover_up=2, apollyon_cover=3, apollyon_relief=1),
        STANDARD,
        replace(STANDARD, cover_up=0),
        replace(STANDARD, cover_up=2, apollyon_cover=1),
        STANDARD,
    ),
    "hard": (
        replace(HARD, cover_up=1, apollyon_cover=2, apollyon_relief=2),
        replace(HARD, cover_up=1, apollyon_cover=1, apollyon_relief=1),
        HARD,
        HARD,
        replace(HARD, cover_up=1),
        HARD,
    ),
}


def level(name: str, directors: int = 4) -> Level:
    table = LEVELS.get(name, LEVELS["standard"])
    return table[min(max(directors, 1), len(table)) - 1]


def relieved(cost: dict[str, int], relief: int) -> dict[str, int]:
    """An Apollyon's containment cost less the O5 Council's share: `relief` of each asset, but
    the director always gives at least 1 Space."""
    out = {k: max(0, n - relief) for k, n in cost.items()}
    out["space"] = max(1, out.get("space", 0))
    return out


def for_table(t) -> Level:  # noqa: ANN001 - a Table (state.py imports nothing from here)
    return level(t.pub.difficulty, len(t.seats))
