"""SCP: Apollyon's table: month and phase, the Masquerade bar with the Lifted-Veil mark, situations,
and each director's site with resources, containment rows and MTFs."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.masquerade import VEIL
from bot.pictures.hand import HandCard, playable_keys
from bot.pictures.kit import (
    BLUE,
    FAINT,
    GOLD,
    GREEN,
    HEAD_H,
    KEY,
    NOTE,
    PAD,
    READ,
    RED,
    WIDTH,
    Canvas,
    tall_canvas,
)

GAP = 8
LABEL = 96  # a containment row's label ("Temporary", "Row 1") left of its anomalies
ENTRY = READ - 2  # an anomaly's name in a containment row: three a row, so a little smaller
TILE_MOST = NOTE + 4 + 3 * (READ + 4) + 2 * (READ + 3) + 12  # a tile with a kind line, three lines and a foot


@lru_cache(maxsize=1024)
def _name(card: str) -> str:
    book = catalogue()
    for group in (book.anomalies, book.characters, book.situations, book.events, book.assets):
        if card in group:
            return str(group[card].name)
    return card


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    sites = public.get("sites", [])
    cv = tall_canvas(_most_height(public))
    y = PAD
    y += cv.heading(PAD, y, "SCP: Apollyon")
    month, months = public.get("month", 1), public.get("months", 6)
    when = f"Month {month} of {months}" if month <= months else "Past the sixth month: the Apollyon is loose"
    y += cv.text(PAD, y, f"{when} · {public.get('phase', '')} phase", size=KEY, bold=True,
                 width=WIDTH - 2 * PAD, least=READ) + 6
    most = max(public.get("masquerade_start", 25), public.get("masquerade", 0), 1)
    lifted = public.get("veil_lifted")
    cv.bar(PAD, y, WIDTH - 2 * PAD, KEY + 10, public.get("masquerade", 0), most, colour=RED if lifted else GREEN,
           marks={VEIL: "Lifted Veil"}, label_size=KEY,
           label=f"Masquerade {public.get('masquerade', 0)}" + (" · the veil is lifted" if lifted else ""))
    y += KEY + 10 + NOTE + 16
    half = (WIDTH - 2 * PAD - GAP) // 2
    for title, cards in (
        ("Situations", public.get("situations", [])),
        ("Loose anomalies", public.get("public_zone", [])),
    ):
        tiles = [(_name(entry["card"]), _numbers(entry)) for entry in cards]
        cv.text(PAD, y, f"{title}: {len(cards) or 'none'}", size=READ, bold=True)
        y += READ + 10
        for i in range(0, len(tiles), 2):
            pair = tiles[i : i + 2]
            h = max(cv.tile_height(name, half, max_lines=2, foot=foot) for name, foot in pair)
            for j, (name, foot) in enumerate(pair):
                cv.tile(PAD + j * (half + GAP), y, half, name, stripe=GOLD if title == "Situations" else RED,
                        height=h, max_lines=2, foot=foot)
            y += h + GAP
        y += 6
    inner = WIDTH - 2 * PAD - 20
    entry_w = (inner - LABEL - 2 * GAP) // 3
    for site in sites:
        seat = site["seat"]
        who = names[seat] if seat < len(names) else f"Director {seat + 1}"
        pool, spent = site.get("pool", {}), site.get("spent", {})
        rows = [
            (label, [_name(e["card"]) for e in row])
            for label, row in (
                ("Temporary", site.get("temporary", [])),
                *[(f"Row {i + 1}", r) for i, r in enumerate(site.get("rows", []))],
            )
            if row
        ]
        lines = [[names_[i : i + 3] for i in range(0, len(names_), 3)] for _, names_ in rows]
        heights = [[max(cv.tile_height(n, entry_w, ENTRY, 3) for n in chunk) for chunk in chunks] for chunks in lines]
        mtfs = [_mtf(i, mtf) for i, mtf in enumerate(site.get("mtfs", []))]
        mtf_h = sum(len(cv.lines(m, inner, READ, max_lines=2)) * (READ + 4) for m in mtfs)
        box_h = HEAD_H + 34 + (sum(h + GAP for hs in heights for h in hs) if rows else READ + 8) + mtf_h + 12
        cv.box(PAD, y, WIDTH - 2 * PAD, box_h, outline=BLUE)
        garrison = f"garrison {site.get('garrison', 0)}"
        cv.text(WIDTH - PAD - 10, y + 16, garrison, size=READ, anchor="ra")
        cv.text(PAD + 10, y + 8, f"{who}'s site", size=KEY, bold=True,
                width=inner - cv.text_width(garrison, READ) - 12, least=READ)
        resources = " · ".join(
            f"{k} {pool.get(k, 0)}" + (f" ({spent[k]} spent)" if spent.get(k) else "")
            for k in ("resource", "personnel", "space")
        )
        cv.text(PAD + 10, y + HEAD_H, resources, size=READ, colour=FAINT, width=inner, least=NOTE)
        top = y + HEAD_H + 34
        if not rows:
            top += cv.text(PAD + 10, top, "no anomaly contained", size=READ, colour=FAINT) + 4
        for (label, _), chunks, hs in zip(rows, lines, heights, strict=True):
            cv.text(PAD + 10, top + 6, label, size=NOTE, colour=GOLD if label == "Temporary" else FAINT)
            for chunk, h in zip(chunks, hs, strict=True):
                for i, name in enumerate(chunk):
                    cv.tile(PAD + 10 + LABEL + i * (entry_w + GAP), top, entry_w, name, size=ENTRY, height=h,
                            stripe=GOLD if label == "Temporary" else GREEN)
                top += h + GAP
        for line in mtfs:
            top += cv.paragraph(PAD + 10, top, line, inner, size=READ, max_lines=2, least=NOTE)
        y += box_h + 10
    cv.crop(y + PAD - 10)
    return cv


def _most_height(public: dict[str, Any]) -> int:
    """The tallest this table can draw: every tile at three lines, every MTF at two."""
    tiles = sum((len(public.get(k, [])) + 1) // 2 for k in ("situations", "public_zone"))
    height = 260 + tiles * (TILE_MOST + GAP)
    for site in public.get("sites", []):
        chunks = sum((len(r) + 2) // 3 for r in [site.get("temporary", []), *site.get("rows", [])])
        height += 120 + chunks * (TILE_MOST + GAP) + len(site.get("mtfs", [])) * 2 * (READ + 4)
    return height


def _mtf(i: int, mtf: dict[str, Any]) -> str:
    members = ", ".join(_name(m["card"]) for m in mtf.get("members", [])) or "empty"
    mission = mtf.get("mission")
    return f"MTF {i + 1}: {members}" + (f" · {mission['kind']}" if mission else "")


def _numbers(entry: dict[str, Any]) -> str:
    """What a situation costs (its danger, the Masquerade tokens on it) or a loose anomaly takes to
    capture (threat, subdue, minions)."""
    book = catalogue()
    if entry["card"] in book.situations:
        return f"danger {book.situations[entry['card']].danger} · {entry.get('tokens', 0)} Masquerade"
    if entry["card"] in book.anomalies:
        info = book.anomalies[entry["card"]]
        minions = f" · {entry['minions']} minion{'s' if entry['minions'] != 1 else ''}" if entry.get("minions") else ""
        return f"threat {info.threat} · subdue {info.subdue}{minions}"
    return ""


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
