"""Faith's table: each player's Faith track to 20, energy, and field of characters with their stats."""

from __future__ import annotations

from typing import Any

from bot.games.faith.cards import card
from bot.games.faith.effects import card_lines
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import BLUE, FAINT, GOLD, HEAD_H, INK, KEY, PAD, READ, RED, WIDTH, Canvas, tall_canvas

GOAL = 20
LIGHT = (226, 200, 110)
DARK = (110, 90, 150)
GAP = 8


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    seats = public.get("seats", [])
    cv = tall_canvas(200 + 700 * max(len(seats), 1))
    y = PAD
    y += cv.heading(PAD, y, f"Faith · turn {public.get('turn', 0)}")
    active = public.get("active")
    phase = str(public.get("phase", ""))
    now = f"{names[active]} · {phase}" if isinstance(active, int) and active < len(names) else phase
    y += cv.text(PAD, y, now, size=KEY, bold=True, width=WIDTH - 2 * PAD, least=READ) + 8
    inner = WIDTH - 2 * PAD - 20
    w = (inner - 2 * GAP) // 3
    for seat, part in enumerate(seats):
        on_move = seat == active
        who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        cards = [_field_card(entry) for entry in part.get("field", [])]
        rows = [cards[i : i + 3] for i in range(0, len(cards), 3)]
        heights = [max(cv.tile_height(c["name"], w, max_lines=2, kind=c["kind"], foot=c["foot"]) for c in row)
                   for row in rows]
        height = HEAD_H + 48 + KEY + 12 + (sum(h + GAP for h in heights) if rows else READ + 14)
        cv.box(PAD, y, WIDTH - 2 * PAD, height, outline=GOLD if on_move else BLUE, width=4 if on_move else 2)
        counts = f"hand {part.get('hand_count', 0)} · deck {part.get('deck_count', 0)}"
        cv.text(WIDTH - PAD - 10, y + 16, counts, size=READ, anchor="ra")
        cv.text(PAD + 10, y + 8, f"{'▶ ' if on_move else ''}{who}", size=KEY, bold=True,
                colour=GOLD if on_move else INK, width=inner - cv.text_width(counts, READ) - 12, least=READ)
        faith = part.get("faith", 0)
        cv.bar(PAD + 10, y + HEAD_H, inner, KEY + 8, faith, GOAL, colour=LIGHT, label=f"Faith {faith} of {GOAL}",
               label_size=KEY - 2)
        top = y + HEAD_H + 48
        x = PAD + 10 + cv.stat(PAD + 10, top, str(part.get("light", 0)), "light", colour=LIGHT) + 20
        cv.stat(x, top, str(part.get("dark", 0)), "dark", colour=(170, 150, 210))
        top += KEY + 12
        if not cards:
            cv.text(PAD + 10, top, "no cards in play", size=READ, colour=FAINT)
        for row, h in zip(rows, heights, strict=True):
            for i, c in enumerate(row):
                cv.tile(PAD + 10 + i * (w + GAP), top, w, c["name"], stripe=c["colour"], height=h, max_lines=2,
                        kind=c["kind"], foot=c["foot"], dim=c["exhausted"])
            top += h + GAP
        y += height + 10
    cv.crop(y + PAD - 10)
    return cv


def _field_card(entry: dict[str, Any]) -> dict[str, Any]:
    """A card in play as its tile shows it: kind, name, and its numbers (strength, health and damage)."""
    c = card(entry["card"])
    stats = []
    if c.strength is not None:
        stats.append(f"strength {c.strength + entry.get('strength_bonus', 0)}")
    if c.health is not None:
        stats.append(f"damage {entry.get('damage', 0)} of {c.health}")
    light = getattr(c.side, "value", str(c.side)) == "light"
    kind = getattr(c.type, "value", str(c.type)) + (" · exhausted" if entry.get("exhausted") else "")
    return {"name": c.name, "kind": kind, "foot": "\n".join(stats), "exhausted": bool(entry.get("exhausted")),
            "colour": RED if entry.get("damage") else (LIGHT if light else DARK)}


def hand(private: dict[str, Any], public: dict[str, Any], actions: list[Any], seat: int) -> list[HandCard]:
    can = playable_keys(actions, ("play",))
    out = []
    for entry in private.get("hand", []):
        c = card(entry["card"])
        side = getattr(c.side, "value", str(c.side))
        cost = f"{c.cost} {side}" + (f" + {c.neutral} either" if c.neutral else "")
        stats = [f"{k} {v}" for k, v in (("strength", c.strength), ("health", c.health), ("prayer", c.prayer))
                 if v is not None]
        effect = " · ".join([*stats, *(line.replace("**", "") for line in card_lines(c))])
        out.append(HandCard(c.name, kind=getattr(c.type, "value", str(c.type)), cost=cost, effect=effect,
                            playable=str(entry["uid"]) in can))
    return out
