"""Haunted's table: each player's three lines (setting, focus, terror as small cards), hand and piles."""

from __future__ import annotations

from typing import Any

from bot.games.haunted.cards import catalogue
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import FAINT, GOLD, HEAD_H, INK, KEY, NOTE, PAD, READ, RED, WIDTH, Canvas, tall_canvas

PURPLE = (120, 70, 130)
KINDS = ("setting", "focus", "terror")
KIND_COLOUR = {"setting": (96, 128, 170), "focus": (170, 140, 80), "terror": (180, 60, 70)}
STEP = {
    "others": "step 1: on other lines",
    "defence": "step 2: defence",
    "own": "step 3: own lines",
    "discard": "step 4: discard",
    "over": "game over",
}
EMPTY = 30  # an empty slot's height: a row of empty slots stays short
GAP = 8


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    cv = tall_canvas(240 + 400 * len(public["lines"]))  # a player's box is ~370 px at most
    book = catalogue()
    y = PAD
    over = public["step"] == "over"
    if over:
        y += cv.heading(PAD, y, "Haunted: the game is over")
    else:
        y += cv.heading(PAD, y, f"Turn {public['turn']} · {names[public['active']]}")
        y += cv.text(PAD, y, STEP[public["step"]], size=KEY, bold=True, width=WIDTH - 2 * PAD, least=READ)
    y += 4
    x = PAD + cv.stat(PAD, y, str(public["stock_count"]), "stockpile") + 24
    cv.stat(x, y, str(len(public["discard"])), "discard")
    y += 38
    if public["discard"]:
        y += cv.text(PAD, y, f"Top of the discard: {book.name(public['discard'][-1])}", size=READ, colour=FAINT,
                     width=WIDTH - 2 * PAD)
    y += 8
    inner = WIDTH - 2 * PAD - 20
    col_w = (inner - 2 * GAP) // 3
    for seat, lines in enumerate(public["lines"]):
        on_move = seat == public["active"] and not over
        # Each kind is one row across the three lines, as tall as its tallest card (short when empty).
        heights = [
            max(
                cv.tile_height(book.name(line[kind]), col_w) if line.get(kind) else EMPTY
                for line in lines
            )
            for kind in KINDS
        ]
        box_h = HEAD_H + NOTE + 8 + sum(heights) + 2 * 6 + 12
        cv.box(PAD, y, WIDTH - 2 * PAD, box_h, outline=GOLD if on_move else PURPLE, width=4 if on_move else 2)
        head = ("▶ " if on_move else "") + names[seat]
        lost = seat in public.get("losers", [])
        right = f"{public['hand_counts'][seat]} in hand" + (" · lost" if lost else "")
        cv.text(WIDTH - PAD - 10, y + 16, right, size=READ, bold=lost, colour=RED if lost else INK, anchor="ra")
        cv.text(PAD + 10, y + 8, head, size=KEY, bold=True, colour=GOLD if on_move else INK,
                width=inner - cv.text_width(right, READ, lost) - 12, least=READ)
        top = y + HEAD_H
        for i, line in enumerate(lines):
            lx = PAD + 10 + i * (col_w + GAP)
            cv.text(lx, top, f"Line {i + 1}" + (" · complete" if line["complete"] else ""), size=NOTE,
                    bold=line["complete"], colour=RED if line["complete"] else FAINT, width=col_w)
            ky = top + NOTE + 8
            for kind, h in zip(KINDS, heights, strict=True):
                card = line.get(kind)
                if card:
                    cv.tile(lx, ky, col_w, book.name(card), stripe=KIND_COLOUR[kind], height=h,
                            highlight=card in line.get("fresh", []))
                else:
                    cv.box(lx, ky, col_w, EMPTY, fill=(38, 40, 46), outline=(70, 72, 80), width=1, radius=6)
                    cv.text(lx + 10, ky + EMPTY // 2, f"no {kind}", size=NOTE, colour=FAINT, anchor="lm")
                ky += h + 6
        y += box_h + 10
    cv.crop(y + PAD - 10)
    return cv


def hand(private: dict[str, Any], public: dict[str, Any], actions: list[Any], seat: int) -> list[HandCard]:
    book = catalogue()
    can = playable_keys(actions, ("play",))
    return [
        HandCard(book[c].name, kind=str(book[c].type), effect=book[c].text, playable=c in can)
        for c in private.get("cards", [])
    ]
