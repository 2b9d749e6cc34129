"""Faith's table: each player's Faith track to 20, energy, and field of characters with their stats."""

from __future__ import annotations

from typing import Any

from bot.games.faith.cards import card
from bot.games.faith.effects import card_lines
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import BLUE, FAINT, GOLD, MIN_TEXT, PAD, RED, WIDTH, Canvas, tall_canvas

GOAL = 20
LIGHT = (226, 200, 110)
DARK = (110, 90, 150)


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    seats = public.get("seats", [])
    cv = tall_canvas(200 + 300 * max(len(seats), 1))
    y = PAD
    y += cv.heading(PAD, y, f"Faith · turn {public.get('turn', 0)} · {public.get('phase', '')}")
    per_row = 6
    w = (WIDTH - 2 * PAD - 20 - (per_row - 1) * 8) // per_row
    for seat, part in enumerate(seats):
        on_move = seat == public.get("active")
        who = names[seat] if seat < len(names) else f"Seat {seat + 1}"
        field = part.get("field", [])
        rows = (len(field) + per_row - 1) // per_row
        height = (110 if rows else 104) + rows * 128
        cv.box(PAD, y, WIDTH - 2 * PAD, height, outline=GOLD if on_move else BLUE, width=4 if on_move else 2)
        cv.text(
            PAD + 10,
            y + 8,
            f"{'▶ ' if on_move else ''}{who} · light {part.get('light', 0)} · dark "
            f"{part.get('dark', 0)} · hand {part.get('hand_count', 0)} · deck {part.get('deck_count', 0)}",
            size=18,
            bold=True,
            width=WIDTH - 4 * PAD,
        )
        cv.bar(
            PAD + 10,
            y + 40,
            WIDTH - 4 * PAD,
            26,
            part.get("faith", 0),
            GOAL,
            colour=LIGHT,
            label=f"Faith {part.get('faith', 0)} of {GOAL}",
        )
        if not field:
            cv.text(PAD + 10, y + 80, "no cards in play", size=MIN_TEXT, colour=FAINT)
        for i, entry in enumerate(field):
            c = card(entry["card"])
            x = PAD + 10 + (i % per_row) * (w + 8)
            cy = y + 78 + (i // per_row) * 128
            stats = []
            if c.strength is not None:
                stats.append(f"strength {c.strength + entry.get('strength_bonus', 0)}")
            if c.health is not None:
                stats.append(f"health {c.health}, damage {entry.get('damage', 0)}")
            if entry.get("exhausted"):
                stats.append("exhausted")
            colour = (
                LIGHT
                if str(c.side) in ("light", "Side.light") or getattr(c.side, "value", "") == "light"
                else DARK
            )
            cv.card(
                x,
                cy,
                w,
                120,
                c.name,
                kind=getattr(c.type, "value", str(c.type)),
                body=" · ".join(stats),
                colour=RED if entry.get("damage") else colour,
                dim=bool(entry.get("exhausted")),
            )
        y += height + 10
    cv.crop(y + PAD)
    return cv


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
