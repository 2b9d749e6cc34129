"""Apocrypha's table: the nexuses (side, cards left, sealed), the clock as a bar, each saint's halo."""

from __future__ import annotations

from typing import Any

from bot.games.apocrypha.cards import cached_book
from bot.games.apocrypha.state import SAINT_SLOT, card_id
from bot.pictures.dice import draw_pool
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import BLUE, FAINT, GOLD, INK, MIN_TEXT, PAD, RED, WIDTH, Canvas, tall_canvas

HOPE = (90, 170, 200)
DOOM = (170, 70, 70)


def _card_name(uid: str) -> str:
    try:
        return str(cached_book().card(card_id(uid)).name)
    except KeyError:
        return card_id(uid).replace("-", " ").replace("_", " ").title()


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    saints = list(public.get("saints", {}).values())
    cv = tall_canvas(420 + 384 * ((len(saints) + 2) // 3))
    y = PAD
    title = public.get("mission_name") or "Apocrypha"
    y += cv.heading(PAD, y, f"{title} · turn {public.get('turn', 0)}")
    clock = public.get("clock_count", 0)
    cv.text(PAD, y + 4, "Clock", size=16, bold=True)
    for i in range(min(clock, 40)):
        cv.box(PAD + 70 + i * 22, y, 18, 26, fill=GOLD, radius=3)
    cv.text(
        PAD + 80 + min(clock, 40) * 22,
        y + 4,
        f"{clock} card{'s' if clock != 1 else ''}",
        size=16,
        colour=FAINT,
    )
    y += 44
    nexuses = list(public.get("nexuses", {}).values())
    if nexuses:
        per_row = 4
        w = (WIDTH - 2 * PAD - (per_row - 1) * 10) // per_row
        for i, nx in enumerate(nexuses):
            x = PAD + (i % per_row) * (w + 10)
            ny = y + (i // per_row) * 112
            side = nx.get("side", "doom")
            body = (
                "sealed"
                if nx.get("sealed")
                else f"{nx.get('count', 0)} card{'s' if nx.get('count', 0) != 1 else ''} left"
            )
            cv.card(
                x,
                ny,
                w,
                100,
                nx["name"],
                kind=f"{side} side",
                body=body,
                colour=HOPE if side == "hope" else DOOM,
                dim=bool(nx.get("sealed")),
            )
        y += 112 * ((len(nexuses) + per_row - 1) // per_row) + 6
    active = public.get("active")
    cell = 92
    block_w = 3 * cell + 8 + 2 * 10
    for i, saint in enumerate(saints):
        x = PAD + (i % 3) * (block_w + 14)
        sy = y + (i // 3) * 384
        seat = saint["seat"]
        who = names[seat] if 0 <= seat < len(names) else saint["name"]
        cv.box(
            x, sy, block_w, 372, outline=GOLD if seat == active else BLUE, width=4 if seat == active else 2
        )
        cv.text(
            x + 10,
            sy + 8,
            f"{'▶ ' if seat == active else ''}{saint['name']}",
            size=18,
            bold=True,
            width=block_w - 20,
        )
        at = public.get("nexuses", {}).get(saint.get("nexus") or "", {}).get("name", "not at a nexus")
        cv.text(x + 10, sy + 32, f"{who} · at {at}", size=MIN_TEXT, colour=FAINT, width=block_w - 20)
        halo = {int(k): v for k, v in saint.get("halo", {}).items()}
        cells = [["" for _ in range(3)] for _ in range(3)]
        for slot in range(9):
            if slot == SAINT_SLOT:
                cells[1][1] = saint["name"]
            elif slot in halo:
                cells[slot // 3][slot % 3] = _card_name(halo[slot])
        cv.grid(x + 10, sy + 56, cell, cells)
        status = f"hand {saint.get('hand_count', 0)} · deck {saint.get('deck_count', 0)}"
        if saint.get("fading"):
            status += " · fading"
        cv.text(
            x + 10,
            sy + 56 + 3 * (cell + 4) + 4,
            status,
            size=MIN_TEXT,
            colour=RED if saint.get("fading") else INK,
            width=block_w - 20,
        )
    y += 384 * ((len(saints) + 2) // 3)
    cv.crop(y + PAD)
    return cv


def hand(private: dict[str, Any], public: dict[str, Any], actions: list[Any], seat: int) -> list[HandCard]:
    book = cached_book()
    can = playable_keys(actions, ("play",))
    out = []
    for uid in private.get("hand", []):
        try:
            c = book.card(card_id(uid))
        except KeyError:
            out.append(HandCard(_card_name(uid), playable=uid in can))
            continue
        virtue = getattr(c, "virtue", None) or getattr(c, "side", None)
        kind = f"{virtue} {book.kind_of(card_id(uid)).rstrip('s')}" if virtue else str(book.kind_of(card_id(uid)))
        # An omen's rule is in what holds "during" its investigation; a gift's target comes first.
        powers = [*getattr(c, "powers", []), *getattr(c, "during", [])]
        costs = sorted({p.cost for p in powers if p.cost != "none"})
        targets = " or ".join(f"{t.virtue.capitalize()} {t.number}" for t in getattr(c, "targets", None) or [])
        effect = " · ".join([*([targets] if targets else []), *(f"{p.timing}: {p.text}" for p in powers)])
        out.append(HandCard(c.name, kind=kind, cost=", ".join(costs), effect=effect or c.text, playable=uid in can))
    return out


def dice(public: dict[str, Any], seat: int) -> Canvas | None:
    """The dice of the check this saint makes or assists, once rolled: on their own panel."""
    check = public.get("check") or {}
    pool = (check.get("pool") or {}).get("dice")
    if not pool or (check.get("seat") != seat and all(a.get("seat") != seat for a in check.get("assists", []))):
        return None
    saint = public.get("saints", {}).get(str(check["seat"]), {})
    target = check.get("target")
    title = f"{saint.get('name', 'The saint')} checks {check['virtue'].capitalize()}" + (
        f" against {target}" if target is not None else ""
    )
    decided = check.get("stage") == "done"
    success = check.get("success")
    verdict = "" if success is None else ("success" if success else "failure")
    return draw_pool(title, pool, check.get("total"), decided=decided, verdict=verdict)
