"""SCP: Apollyon's table: month and phase, the Masquerade bar with the Lifted-Veil mark, situations,
and each director's site with resources, containment rows and MTFs."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.masquerade import VEIL
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import BLUE, FAINT, GOLD, GREEN, MIN_TEXT, PAD, RED, WIDTH, Canvas, tall_canvas

ROW_H = 42  # a containment row's entry: two lines of names
SITE_STEP = 282  # a site's box and the gap under it


@lru_cache(maxsize=1024)
def _name(card: str) -> str:
    book = catalogue()
    for group in (book.anomalies, book.characters, book.situations, book.events, book.assets):
        if card in group:
            return str(group[card].name)
    return card


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    sites = public.get("sites", [])
    cv = tall_canvas(560 + SITE_STEP * ((len(sites) + 1) // 2))
    y = PAD
    month, months = public.get("month", 1), public.get("months", 6)
    when = f"month {month} of {months}" if month <= months else "past the sixth month: the Apollyon is loose"
    y += cv.heading(PAD, y, f"SCP: Apollyon · {when} · {public.get('phase', '')} phase")
    most = max(public.get("masquerade_start", 25), public.get("masquerade", 0), 1)
    cv.bar(
        PAD,
        y + 4,
        WIDTH - 2 * PAD,
        30,
        public.get("masquerade", 0),
        most,
        colour=RED if public.get("veil_lifted") else GREEN,
        marks={VEIL: "Lifted Veil"},
        label=f"Masquerade {public.get('masquerade', 0)}"
        + (" · the veil is lifted" if public.get("veil_lifted") else ""),
    )
    y += 66
    w = (WIDTH - 2 * PAD - 5 * 8) // 6
    for title, cards in (
        ("Situations", public.get("situations", [])),
        ("Loose anomalies", public.get("public_zone", [])),
    ):
        cv.text(PAD, y, f"{title} ({len(cards)})", size=17, bold=True)
        y += 24
        for i, entry in enumerate(cards[:6]):
            tokens = entry.get("tokens")
            body = f"{tokens} danger" if isinstance(tokens, int) else ""
            cv.card(
                PAD + i * (w + 8),
                y,
                w,
                96,
                _name(entry["card"]),
                body=body,
                colour=RED if title != "Situations" else GOLD,
            )
        if not cards:
            cv.text(PAD, y, "none", size=MIN_TEXT, colour=FAINT)
            y += 24
        else:
            y += 104
    col_w = (WIDTH - 2 * PAD - 12) // 2
    for n, site in enumerate(sites):
        x = PAD + (n % 2) * (col_w + 12)
        sy = y + (n // 2) * SITE_STEP
        seat = site["seat"]
        who = names[seat] if seat < len(names) else f"Director {seat + 1}"
        pool, spent = site.get("pool", {}), site.get("spent", {})
        cv.box(x, sy, col_w, SITE_STEP - 10, outline=BLUE)
        cv.text(x + 10, sy + 8, f"{who}'s site", size=18, bold=True, width=col_w - 20)
        resources = " · ".join(
            f"{k} {pool.get(k, 0)} (spent {spent.get(k, 0)})" for k in ("resource", "personnel", "space")
        )
        cv.text(x + 10, sy + 34, resources, size=MIN_TEXT, colour=FAINT, width=col_w - 20)
        row_y = sy + 58
        rows = [
            ("Temporary", site.get("temporary", [])),
            *[(f"Row {i + 1}", r) for i, r in enumerate(site.get("rows", []))],
        ]
        entry_w = (col_w - 110 - 2 * 6) // 3
        for label, row in rows[:3]:
            cv.text(x + 10, row_y + 13, label, size=MIN_TEXT, colour=FAINT)
            for i, entry in enumerate(row[:3]):
                ex = x + 100 + i * (entry_w + 6)
                cv.box(ex, row_y, entry_w, ROW_H, outline=GOLD if label == "Temporary" else GREEN, width=1)
                # Two lines: anomaly names are long ("Hard-to-Destroy Reptile") and were cut to a stub.
                cv.paragraph(ex + 6, row_y + 3, _name(entry["card"]), entry_w - 12, size=MIN_TEXT, max_lines=2)
            if len(row) > 3:
                cv.text(x + col_w - 12, row_y + 13, f"+{len(row) - 3}", size=MIN_TEXT, anchor="ra")
            row_y += ROW_H + 6
        for i, mtf in enumerate(site.get("mtfs", [])[:3]):
            members = ", ".join(_name(m["card"]) for m in mtf.get("members", [])) or "empty"
            mission = mtf.get("mission")
            doing = f" · {mission['kind']}" if mission else ""
            cv.text(
                x + 10, row_y + 4 + i * 20, f"MTF {i + 1}: {members}{doing}", size=MIN_TEXT, width=col_w - 20
            )
    y += SITE_STEP * ((len(sites) + 1) // 2)
    cv.crop(y + PAD)
    return cv


def hand(private: dict[str, Any], public: dict[str, Any], actions: list[Any], seat: int) -> list[HandCard]:
    """A director's characters in hand: the ones that can be assigned now are marked."""
    book = catalogue()
    can = playable_keys(actions, ("assign",), field="character")
    out = []
    for entry in private.get("characters", []):
        c = book.characters.get(entry["card"])
        if c is None:
            continue
        skills = ", ".join(f"{k} {v}" for k, v in c.skills.items())
        state = [f"force {c.force}", f"health {c.health}"]
        if entry.get("wounds"):
            state.append(f"wounds {entry['wounds']}")
        out.append(HandCard(c.name, kind="character", cost=skills, effect=" · ".join(state) + (f". {c.text}" if c.text else ""),
                            playable=str(entry["uid"]) in can))
    return out
