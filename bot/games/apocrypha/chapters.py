"""Chapters and the novem: what a mission's chapter and its mightiest true threat add to the table.

A mission belongs to a chapter. Preparing it puts that chapter's cards into the box beside the base
cards; the other chapters' cards stay out, so random draws (nexus decks, the clock, new cards) come
only from base cards and this chapter's. The chapter's powers apply to every saint during its
missions, ranked with the mission for the golden rules.

A novem is a true threat displayed as a master and played through the master archetype like any
master. While it is at large (the mission displays it and it has not been cornered), its powers
whose timing lies outside a confrontation (start, end, move, always, ...) hold for every saint;
its confrontation powers apply when a saint confronts it.
"""

from __future__ import annotations

from collections.abc import Container
from typing import Any

from bot.games.apocrypha.cards import Chapter, Power

# Timings that belong to a confrontation: a novem's powers at these apply only when confronted.
CONFRONT_TIMINGS = frozenset(
    {"avoid", "initiate", "act", "assist", "mutate", "assemble", "evaluate", "terminate", "win", "lose", "damage"}
)


def chapter(t: Any) -> Chapter | None:
    return t.book.chapters.get(t.pub.chapter or "")


def in_box(t: Any, card: Any, replaced: Container[str] | None = None) -> bool:
    """Whether a card may be drawn from the box now: base cards always, a chapter's only in its missions,
    except a Base card that one of the chapter's Enhanced cards alters: the Enhanced card stands in."""
    if not t.pub.chapter:
        return True
    keywords = getattr(card, "keywords", None)
    own = keywords.chapter.lower() if keywords is not None else "base"
    if own == "base":
        return card.id not in (enhanced(t.book, t.pub.chapter) if replaced is None else replaced)
    return own == t.pub.chapter


def enhanced(book: Any, chapter_id: str) -> dict[str, str]:
    """Base card id -> the chapter's Enhanced card that stands in for it while the chapter is in the box."""
    return {
        card.enhances: card.id
        for table in (book.gifts, book.threats)
        for card in table.values()
        if card.enhances and card.keywords.chapter.lower() == chapter_id
    }


def novem_at_large(book: Any, mission_id: str | None, cornered: bool) -> list[Any]:
    """The novem threats the mission displays that are still at large."""
    mission = book.missions.get(mission_id or "")
    if mission is None or cornered:
        return []
    threats = [book.threats.get(tt.threat) for tt in mission.true_threats]
    return [x for x in threats if x is not None and x.rank == "novem"]


def _at_large(t: Any) -> list[Any]:
    coop = t.pub.coop
    return novem_at_large(t.book, t.pub.mission, coop is None or coop.cornered)


def table_powers(t: Any) -> list[tuple[str, str, Power]]:
    """(kind, name, power) for the chapter's powers and every novem's powers at large."""
    found: list[tuple[str, str, Power]] = []
    ch = chapter(t)
    if ch is not None:
        found += [("chapter", ch.power_name or ch.name, p) for p in ch.powers]
    for threat in _at_large(t):
        found += [("threat", threat.name, p) for p in threat.powers if p.timing not in CONFRONT_TIMINGS]
    return found


def describe(book: Any, chapter_id: str, mission_id: str | None, cornered: bool) -> list[str]:
    """Table lines: the chapter and its power, and each novem at large."""
    lines = []
    ch = book.chapters.get(chapter_id or "")
    if ch is not None:
        power = " ".join(p.text for p in ch.powers)
        name = f" · {ch.power_name}" if ch.power_name else ""
        lines.append(f"Chapter: {ch.name}{name}" + (f": {power}" if power else ""))
    for threat in novem_at_large(book, mission_id, cornered):
        world = " ".join(p.text for p in threat.powers if p.timing not in CONFRONT_TIMINGS)
        lines.append(f"{threat.name}, one of the novem, is at large." + (f" {world}" if world else ""))
    return lines
