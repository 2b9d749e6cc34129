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
    veil_situations: int = 0
    # Masquerade a loose non-Apollyon anomaly costs less each End phase (never below 0): the
    # Foundation's standing disinformation work. Negative: the press, each costs more.
    cover_up: int = 0
    # Masquerade regained when an MTF captures an anomaly from the public zone: the story dies.
    capture_regain: bool = True
    # Masquerade the Apollyon costs less when it arrives and each month it is loose (never
    # below 1): the cover-up's emergency measures. Negative: it costs more.
    apollyon_cover: int = 0
    # Assets of each kind the O5 Council pays toward the Apollyon's containment (it always
    # needs at least 1 Space of the director's own). Negative: it needs that many more of each.
    apollyon_relief: int = 0
    # Masquerade regained in each End phase while the veil holds (never above the start): the
    # cover stories the Foundation keeps running. It stops once the veil has lifted.
    cover_story: int = 0
    # Masquerade paid in each End phase once the veil has lifted: the story spreads by itself.
    veil_drain: int = 0


# Standard, per table size (1-6 directors). The rulebook's start (10 + 5 per director) leaves a
# solo director 5 above the veil, and its Intel count (one situation per 2 directors, rounded up)
# and fixed zone (6 or 8 slots) press odd and small tables hardest; the greedy directors, who save
# for the Apollyon's containment, beat a plain Apollyon at most sizes. So every size gets a harder
# containment (a negative O5 share), cover stories that keep the veil while the table copes, and a
# spreading story that makes a lifted veil the beginning of the end: a lost game always passes the
# veil, so won games must mostly keep it. docs/balance.md has the measurements.
STANDARD_LEVELS: tuple[Level, ...] = (
    Level(cover_up=1, apollyon_cover=3, apollyon_relief=-3, cover_story=4, veil_drain=8, veil_situations=1),
    Level(cover_up=1, apollyon_cover=2, apollyon_relief=-3, cover_story=3, veil_drain=6),
    Level(apollyon_cover=2, apollyon_relief=-1, cover_story=1, veil_drain=5),
    Level(cover_up=-1, apollyon_cover=2, apollyon_relief=-4, cover_story=2, veil_drain=6),
    Level(apollyon_cover=3, apollyon_relief=-1, cover_story=5, veil_drain=7),
    Level(apollyon_cover=2, apollyon_relief=-3, cover_story=2, veil_drain=5),
)

# Per table size, how far easy raises the O5 share (two and five directors fell short of easy's band
# with the shared rule alone), and how far hard lowers the O5 share and the cover stories.
EASY_SHARE: tuple[int, ...] = (0, 1, 0, 0, 1, 0)
HARD_CUTS: tuple[tuple[int, int], ...] = ((2, 1), (1, 1), (1, 1), (1, 2), (2, 4), (2, 2))


def easier(lv: Level, share: int = 0) -> Level:
    """Easy: standard without the spreading story, with one more cover story a month and the O5
    share `share` higher."""
    return replace(lv, veil_drain=0, cover_story=lv.cover_story + 1, apollyon_relief=lv.apollyon_relief + share)


def harder(lv: Level, share: int = 1, stories: int = 1) -> Level:
    """Hard: standard without capture regain, the spreading story one higher, one more situation
    after the veil, the O5 share `share` lower and the cover stories `stories` lower."""
    return replace(
        lv,
        apollyon_relief=lv.apollyon_relief - share,
        cover_story=max(0, lv.cover_story - stories),
        veil_drain=lv.veil_drain + 1,
        veil_situations=lv.veil_situations + 1,
        capture_regain=False,
    )


LEVELS: dict[str, tuple[Level, ...]] = {
    "easy": tuple(easier(lv, up) for lv, up in zip(STANDARD_LEVELS, EASY_SHARE, strict=True)),
    "standard": STANDARD_LEVELS,
    "hard": tuple(harder(lv, *cuts) for lv, cuts in zip(STANDARD_LEVELS, HARD_CUTS, strict=True)),
}


def describe(lv: Level) -> str:
    """One table cell of docs/apollyon.md: what a level changes, in the docs' words."""
    parts = []
    if lv.cover_up:
        parts.append(f"cover-up {lv.cover_up}" if lv.cover_up > 0 else f"loose anomalies +{-lv.cover_up}")
    if lv.apollyon_cover:
        parts.append(f"Apollyon {'−' if lv.apollyon_cover > 0 else '+'}{abs(lv.apollyon_cover)}")
    if lv.apollyon_relief:
        share = lv.apollyon_relief
        parts.append(f"O5 share {share}" if share > 0 else f"Apollyon containment +{-share} each")
    if lv.cover_story:
        parts.append(f"cover stories +{lv.cover_story}")
    if lv.veil_drain:
        parts.append(f"spreading story −{lv.veil_drain}")
    if lv.veil_situations:
        n = lv.veil_situations
        parts.append(f"+{n} {'situation' if n == 1 else 'situations'} after the veil")
    if not lv.capture_regain:
        parts.append("no capture regain")
    return ", ".join(parts) or "none"


def markdown_table() -> str:
    """The difficulty table in docs/apollyon.md (a test keeps the two equal)."""
    names = ("easy", "standard", "hard")
    lines = ["| directors | " + " | ".join(names) + " |", "|---|---|---|---|"]
    for n in range(1, len(LEVELS["standard"]) + 1):
        lines.append(f"| {n} | " + " | ".join(describe(level(d, n)) for d in names) + " |")
    return "\n".join(lines)


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
