"""Dice drawn as faces: a virtue check's pool (by virtue colour), kept dice filled, dropped ones hollow
and struck through, so kept and dropped read apart without colour; each die is also named in words."""

from __future__ import annotations

from typing import Any

from bot.pictures.kit import FAINT, GOLD, INK, NOTE, PAD, READ, Canvas

VIRTUE_COLOURS = {
    "body": (214, 96, 72),
    "mind": (82, 140, 220),
    "rage": (200, 60, 90),
    "soul": (240, 196, 64),
    "bonus": (190, 190, 200),
}
SIZE = 60
GAP = 14
PER_ROW = 8  # a phone shows the picture about 400 px wide: a row of eight is ~600 px, shown at two thirds
LABELS = 2 * (NOTE + 4) + 4  # two lines under a die: its number and colour, then kept or dropped


def draw_pool(
    title: str, dice: list[dict[str, Any]], total: int | None = None, *, decided: bool = True, verdict: str = ""
) -> Canvas:
    """`dice`: {"colour", "value", "kept", "trashed"} each (a bot.engine.dice.Die's dump), numbered
    d1, d2... in pool order as the check's buttons name them (trashed dice keep their number).
    Before the dice are kept (`decided` False) every live die is drawn filled, as still in play."""
    live = [(i, d) for i, d in enumerate(dice) if not d.get("trashed")]
    rows = max(1, (len(live) + PER_ROW - 1) // PER_ROW)
    step = SIZE + GAP
    labels = LABELS if decided else LABELS - NOTE - 4
    cv = Canvas(max(PAD * 2 + min(max(len(live), 6), PER_ROW) * step, 480), 140 + rows * (step + labels))
    y = PAD + cv.heading(PAD, PAD, title, width=cv.width - 2 * PAD)
    for n, (i, die) in enumerate(live):
        x = PAD + (n % PER_ROW) * step
        dy = y + (n // PER_ROW) * (step + labels)
        colour = VIRTUE_COLOURS.get(die.get("colour", ""), INK)
        kept = bool(die.get("kept")) or not decided
        cv.die(x, dy, SIZE, die.get("value", 0), colour=colour, kept=kept)
        middle = x + SIZE // 2
        cv.text(middle, dy + SIZE + 2, f"d{i + 1} {str(die.get('colour', ''))[:5]}", size=NOTE,
                colour=FAINT, anchor="ma", width=step - 2)
        if decided:
            cv.text(middle, dy + SIZE + 4 + NOTE + 4, "kept" if die.get("kept") else "dropped",
                    size=NOTE, bold=bool(die.get("kept")), colour=INK if die.get("kept") else FAINT, anchor="ma")
    y += rows * (step + labels)
    kept = [d["value"] for _, d in live if d.get("kept")]
    if decided and kept:
        summary = f"kept {' + '.join(map(str, kept))}" + (f" = {total}" if total is not None else "")
        y += cv.text(PAD, y, summary + (f" · {verdict}" if verdict else ""), size=READ + 3, bold=True,
                     colour=GOLD, width=cv.width - 2 * PAD, least=READ)
        y += cv.text(PAD, y, "Dropped dice are hollow and struck through.", size=NOTE, colour=FAINT,
                     width=cv.width - 2 * PAD)
    elif not decided:
        y += cv.text(PAD, y, "Rolled, not kept yet: three dice will be kept.", size=READ,
                     colour=FAINT, width=cv.width - 2 * PAD, least=NOTE)
    cv.crop(y + PAD)
    return cv
