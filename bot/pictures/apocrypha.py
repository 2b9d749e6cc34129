"""Apocrypha's table: the nexuses (side, cards left, sealed), the clock as a bar, each saint's halo."""

from __future__ import annotations

from typing import Any

from bot.engine.seats import GUIDE
from bot.games.apocrypha.cards import cached_book
from bot.games.apocrypha.state import SAINT_SLOT, card_id
from bot.pictures.dice import draw_pool
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import (
    BLUE,
    FAINT,
    GOLD,
    HEAD_H,
    INK,
    KEY,
    NOTE,
    PAD,
    PANEL,
    READ,
    RED,
    WIDTH,
    Canvas,
    tall_canvas,
)

HOPE = (90, 170, 200)
DOOM = (170, 70, 70)
NEXUS_STEP = 78  # a nexus's box and the gap under it; two nexuses a row
GRID_TOP = HEAD_H + READ + 10  # a saint's halo, under their name and where they are
SAINT_STEP = GRID_TOP + 330  # a saint's box (name, where, halo, hand and deck) and the gap under it; two a row


def _card_name(uid: str) -> str:
    try:
        return str(cached_book().card(card_id(uid)).name)
    except KeyError:
        return card_id(uid).replace("-", " ").replace("_", " ").title()


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    saints = list(public.get("saints", {}).values())
    nexuses = list(public.get("nexuses", {}).values())
    cv = tall_canvas(360 + NEXUS_STEP * ((len(nexuses) + 1) // 2) + SAINT_STEP * ((len(saints) + 1) // 2))
    y = PAD
    y += cv.heading(PAD, y, public.get("mission_name") or "Apocrypha")
    clock = public.get("clock_count", 0)
    x = PAD + cv.stat(PAD, y, f"Turn {public.get('turn', 0)}", "") + 20
    cv.stat(x, y, str(clock), f"card{'s' if clock != 1 else ''} in the clock")
    y += KEY + 12
    # The clock as a bar of cards, one square each, as many rows as it takes.
    for i in range(min(clock, 48)):
        cv.box(PAD + (i % 24) * 24, y + (i // 24) * 28, 20, 24, fill=GOLD, radius=3)
    y += 28 * ((min(clock, 48) + 23) // 24) + 8
    half = (WIDTH - 2 * PAD - 10) // 2
    for i, nx in enumerate(nexuses):
        side = nx.get("side", "doom")
        count = nx.get("count", 0)
        body = "sealed" if nx.get("sealed") else f"{side} · {count} card{'s' if count != 1 else ''}"
        nx_x, nx_y = PAD + (i % 2) * (half + 10), y + (i // 2) * NEXUS_STEP
        cv.box(nx_x, nx_y, half, NEXUS_STEP - 8, outline=HOPE if side == "hope" else DOOM, width=2,
               fill=(40, 42, 48) if nx.get("sealed") else PANEL)
        cv.draw.rectangle((nx_x + 2, nx_y + 2, nx_x + 8, nx_y + NEXUS_STEP - 10),
                          fill=FAINT if nx.get("sealed") else (HOPE if side == "hope" else DOOM))
        cv.text(nx_x + 16, nx_y + 6, nx["name"], size=READ + 2, bold=True, width=half - 24, least=READ)
        cv.text(nx_x + 16, nx_y + 36, body, size=READ, colour=FAINT, width=half - 24)
    y += NEXUS_STEP * ((len(nexuses) + 1) // 2) + 4
    active = public.get("active")
    cell = (half - 20 - 8) // 3
    for i, saint in enumerate(saints):
        x, sy = PAD + (i % 2) * (half + 10), y + (i // 2) * SAINT_STEP
        seat = saint["seat"]
        who = names[seat] if 0 <= seat < len(names) else ""
        on = seat == active
        cv.box(x, sy, half, SAINT_STEP - 10, outline=GOLD if on else BLUE, width=4 if on else 2)
        cv.text(x + 10, sy + 8, f"{'▶ ' if on else ''}{saint['name']}", size=KEY, bold=True,
                colour=GOLD if on else INK, width=half - 20, least=READ)
        at = public.get("nexuses", {}).get(saint.get("nexus") or "", {}).get("name")
        where = f"at {at}" if at else "not at a nexus"
        cv.text(x + 10, sy + HEAD_H, f"{who}, {where}" if who else where, size=READ, colour=FAINT, width=half - 20)
        halo = {int(k): v for k, v in saint.get("halo", {}).items()}
        cells = [["" for _ in range(3)] for _ in range(3)]
        for slot in range(9):
            if slot == SAINT_SLOT:
                cells[1][1] = "".join(w[0] for w in saint["name"].replace(".", "").split()[:2]).upper()
            elif slot in halo:
                cells[slot // 3][slot % 3] = _card_name(halo[slot])
        cv.grid(x + 10, sy + GRID_TOP, cell, cells, size=NOTE, centre_size=READ + 9)
        status = f"hand {saint.get('hand_count', 0)} · deck {saint.get('deck_count', 0)}"
        fading = saint.get("fading")
        cv.text(x + 10, sy + GRID_TOP + 3 * (cell + 4) + 4, status + (" · fading" if fading else ""), size=READ,
                bold=bool(fading), colour=RED if fading else INK, width=half - 20)
    y += SAINT_STEP * ((len(saints) + 1) // 2)
    cv.crop(y + PAD - 10)
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
    """The dice of a check, once rolled: on the panels of the saint who makes it, of those who assist,
    and of the guide, who runs the check (guided mode)."""
    check = public.get("check") or {}
    pool = (check.get("pool") or {}).get("dice")
    in_it = seat in (check.get("seat"), GUIDE) or any(a.get("seat") == seat for a in check.get("assists", []))
    if not pool or not in_it:
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
