"""Dice drawn as faces: a virtue check's pool (by virtue colour), kept dice filled, dropped ones hollow
and struck through, so kept and dropped read apart without colour."""

from __future__ import annotations

from typing import Any

from bot.pictures.kit import FAINT, GOLD, INK, PAD, Canvas

VIRTUE_COLOURS = {
    "body": (214, 96, 72),
    "mind": (82, 140, 220),
    "rage": (200, 60, 90),
    "soul": (240, 196, 64),
    "bonus": (190, 190, 200),
}
SIZE = 56
GAP = 10
PER_ROW = 12


def draw_pool(title: str, dice: list[dict[str, Any]], total: int | None = None) -> Canvas:
    """`dice`: {"colour", "value", "kept", "trashed"} each (a bot.engine.dice.Die's dump)."""
    live = [d for d in dice if not d.get("trashed")]
    rows = max(1, (len(live) + PER_ROW - 1) // PER_ROW)
    width = PAD * 2 + min(max(len(live), 6), PER_ROW) * (SIZE + GAP)
    cv = Canvas(max(width, 480), 110 + rows * (SIZE + GAP + 22))
    y = PAD + cv.heading(PAD, PAD, title, width=cv.width - 2 * PAD)
    for i, die in enumerate(live):
        x = PAD + (i % PER_ROW) * (SIZE + GAP)
        dy = y + (i // PER_ROW) * (SIZE + GAP + 22)
        colour = VIRTUE_COLOURS.get(die.get("colour", ""), INK)
        cv.die(x, dy, SIZE, die.get("value", 0), colour=colour, kept=bool(die.get("kept")))
        cv.text(x + SIZE // 2, dy + SIZE + 2, str(die.get("colour", ""))[:5], size=14, colour=FAINT, anchor="ma")
    y += rows * (SIZE + GAP + 22)
    kept = [d["value"] for d in live if d.get("kept")]
    if kept:
        summary = f"kept {' + '.join(map(str, kept))}" + (f" = {total}" if total is not None else "")
        y += cv.text(PAD, y, summary + " · struck-through dice are dropped", size=16, colour=GOLD,
                     width=cv.width - 2 * PAD)
    cv.crop(y + PAD)
    return cv
