"""A player's hand as a row of cards: name, type, cost, a line of what it does; playable ones marked."""

from __future__ import annotations

from dataclasses import dataclass

from bot.pictures.kit import FAINT, GREEN, PAD, Canvas

# Two cards a row on a narrow picture, with larger text: a phone shows an embed's picture about
# 330 px wide, where four cards a row on 1,000 px came out at a third of their size, unreadable.
WIDTH = 600
PER_ROW = 2
CARD_H = 236
SCALE = 1.25  # the cards' text, against the kit's usual sizes


@dataclass(frozen=True)
class HandCard:
    name: str
    kind: str = ""
    cost: str = ""
    effect: str = ""
    playable: bool = False


def draw_hand(title: str, cards: list[HandCard]) -> Canvas:
    rows = max(1, (len(cards) + PER_ROW - 1) // PER_ROW)
    cv = Canvas(WIDTH, 100 + rows * (CARD_H + 12))
    y = PAD + cv.heading(PAD, PAD, title)
    playable = sum(c.playable for c in cards)
    legend = f"{len(cards)} card{'s' if len(cards) != 1 else ''}"
    if playable:
        legend += f" · ✔ marks the {playable} you can play now"
    y += cv.text(PAD, y, legend, size=18, colour=FAINT, width=WIDTH - 2 * PAD) + 6
    w = (WIDTH - 2 * PAD - (PER_ROW - 1) * 10) // PER_ROW
    if not cards:
        y += cv.text(PAD, y, "No cards.", size=18, colour=FAINT)
    for i, c in enumerate(cards):
        x = PAD + (i % PER_ROW) * (w + 10)
        cy = y + (i // PER_ROW) * (CARD_H + 12)
        kind = " · ".join(p for p in (c.kind, c.cost) if p)
        name = f"✔ {c.name}" if c.playable else c.name
        cv.card(x, cy, w, CARD_H, name, kind=kind, body=c.effect, colour=GREEN if c.playable else FAINT,
                highlight=c.playable, scale=SCALE)
    if cards:
        y += rows * (CARD_H + 12)
    cv.crop(y + PAD)
    return cv


def playable_keys(actions: list[object], types: tuple[str, ...] = ("play",), field: str = "card") -> set[str]:
    """The cards named by the legal actions of these types: a hand card named there can be played now."""
    return {
        str(getattr(a, field))
        for a in actions
        if getattr(a, "type", None) in types and getattr(a, field, None) is not None
    }


__all__ = ["HandCard", "draw_hand", "playable_keys"]
