"""The lobby's difficulty: easy, standard or hard. It tunes only this project's house rules (the
lost pages' Lifted Veil and cover-up rules), never the rulebook's numbers (10 + 5 per director,
the veil at 10, the six months). Figures for each level are in docs/balance.md."""

from __future__ import annotations

from dataclasses import dataclass
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


LEVELS: dict[str, Level] = {
    "easy": Level(veil_situations=0, cover_up=2, capture_regain=True),
    "standard": Level(veil_situations=0, cover_up=1, capture_regain=True),
    "hard": Level(veil_situations=1, cover_up=0, capture_regain=False),
}


def level(name: str) -> Level:
    return LEVELS.get(name, LEVELS["standard"])
