"""Haunted's table: each player's three lines (setting, focus, terror as small cards), hand and piles."""

from __future__ import annotations

from typing import Any

from bot.games.haunted.cards import catalogue
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import FAINT, GOLD, INK, MIN_TEXT, PAD, RED, WIDTH, Canvas, tall_canvas

PURPLE = (120, 70, 130)
KIND_COLOUR = {"setting": (96, 128, 170), "focus": (170, 140, 80), "terror": (180, 60, 70)}
STEP = {
    "others": "step 1: on other lines",
    "defence": "step 2: defence",
    "own": "step 3: own lines",
    "discard": "step 4: discard",
    "over": "game over",
}


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    cv = tall_canvas(300 + 260 * len(public["lines"]))
    book = catalogue()
    y = PAD
    if public["step"] == "over":
        y += cv.heading(PAD, y, "Haunted: the game is over")
    else:
        y += cv.heading(PAD, y, f"Turn {public['turn']}: {names[public['active']]} · {STEP[public['step']]}")
    top = book.name(public["discard"][-1]) if public["discard"] else "empty"
    y += (
        cv.text(
            PAD,
            y,
            f"Stockpile {public['stock_count']} · discard pile {len(public['discard'])} (top: {top})",
            size=16,
            colour=FAINT,
            width=WIDTH - 2 * PAD,
        )
        + 6
    )
    col_w = (WIDTH - 2 * PAD - 20 - 2 * 10) // 3
    for seat, lines in enumerate(public["lines"]):
        on_move = seat == public["active"] and public["step"] != "over"
        cv.box(PAD, y, WIDTH - 2 * PAD, 186, outline=GOLD if on_move else PURPLE, width=4 if on_move else 2)
        head = f"{names[seat]} · {public['hand_counts'][seat]} cards in hand"
        if on_move:
            head = "▶ " + head
        if seat in public.get("losers", []):
            head += " · lost"
        cv.text(
            PAD + 10, y + 8, head, size=19, bold=True, colour=GOLD if on_move else INK, width=WIDTH - 4 * PAD
        )
        for i, line in enumerate(lines):
            lx = PAD + 10 + i * (col_w + 10)
            ly = y + 38
            cv.text(
                lx,
                ly,
                f"Line {i + 1}" + (" · complete" if line["complete"] else ""),
                size=MIN_TEXT,
                colour=RED if line["complete"] else FAINT,
                width=col_w,
            )
            for k, kind in enumerate(("setting", "focus", "terror")):
                card = line.get(kind)
                ky = ly + 22 + k * 40
                if card:
                    fresh = card in line.get("fresh", [])
                    cv.box(
                        lx,
                        ky,
                        col_w,
                        34,
                        outline=GOLD if fresh else KIND_COLOUR[kind],
                        width=3 if fresh else 2,
                    )
                    cv.draw.rectangle((lx + 2, ky + 2, lx + 8, ky + 32), fill=KIND_COLOUR[kind])
                    cv.text(lx + 14, ky + 7, book.name(card), size=16, bold=True, width=col_w - 20)
                else:
                    cv.box(lx, ky, col_w, 34, fill=(38, 40, 46), outline=FAINT, width=1)
                    cv.text(lx + 14, ky + 8, f"no {kind}", size=MIN_TEXT, colour=FAINT)
        y += 198
    cv.crop(y + PAD)
    return cv


def hand(private: dict[str, Any], public: dict[str, Any], actions: list[Any], seat: int) -> list[HandCard]:
    book = catalogue()
    can = playable_keys(actions, ("play",))
    return [
        HandCard(book[c].name, kind=str(book[c].type), effect=book[c].text, playable=c in can)
        for c in private.get("cards", [])
    ]
