"""A chapter's record in pencil: what the back of its divider asks the choir to track from mission to
mission (the rulebook: "information that you will need to use during the chapter, which you track in
pencil"). Each chapter lists its marks (a tick box, or a tally up to a most); a mission writes marks
when it ends (won or lost) and reads them when it is prepared (a longer or shorter clock).

The record travels with the saints: each SaintRecord keeps the marks of every chapter it has played.
A choir's record for a mission is what its saints bring, the highest count of each mark (a saint who
missed a mission still learns it from the others); at Mission End every saint's record takes the
choir's marks. It is public, on the table, and saved with the session's state.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.engine.text import plural


def choir_marks(records: Iterable[Any], chapter: str) -> dict[str, int]:
    """The choir's divider for a chapter: each mark at the highest count any of its saints brings."""
    marks: dict[str, int] = {}
    for record in records:
        for key, n in record.pencil.get(chapter, {}).items():
            marks[key] = max(marks.get(key, 0), n)
    return {k: n for k, n in marks.items() if n > 0}


def clock_change(t: Any, mission: Any) -> int:
    """Preparing a mission: the omens its clock gains (or loses) from the marks it reads; each read
    is announced."""
    total = 0
    for read in mission.pencil_reads:
        n = t.pub.pencil.get(read.mark, 0)
        if n:
            total += read.clock * n
            t.say("pencil", f"From the chapter's divider: {read.text}")
    return total


def write(t: Any, won: bool) -> None:
    """Mission End: the mission's marks for this outcome go on the divider, within each mark's range."""
    mission = t.book.missions.get(t.pub.mission or "")
    chapter = t.book.chapters.get(t.pub.chapter or "")
    if mission is None or chapter is None:
        return
    most = {m.key: m for m in chapter.pencil}
    for line in mission.pencil_writes:
        if line.when != ("won" if won else "lost") or line.mark not in most:
            continue
        mark = most[line.mark]
        before = t.pub.pencil.get(line.mark, 0)
        after = max(0, min(mark.most, before + line.add))
        if after == before:
            continue
        t.pub.pencil[line.mark] = after
        t.say("pencil", f"On {the(chapter.name, lower=True)} divider, in pencil: {describe(mark, after)}.")


def the(name: str, lower: bool = False) -> str:
    """A chapter's name with "the" before it, once: "The Skinwalkers", "The Secrets of Candlepoint"."""
    if name.lower().startswith("the "):
        return ("the" if lower else "The") + name[3:]
    return f"{'the' if lower else 'The'} {name}"


def describe(mark: Any, n: int) -> str:
    if mark.most == 1:
        return f"{mark.name} (ticked)"
    return f"{mark.name}: {n} of {mark.most}"


def lines(book: Any, chapter_id: str, marks: dict[str, int]) -> list[str]:
    """The divider's back as the table shows it: each mark with its count, or a tick."""
    chapter = book.chapters.get(chapter_id or "")
    if chapter is None or not chapter.pencil:
        return []
    out = []
    for mark in chapter.pencil:
        n = marks.get(mark.key, 0)
        if mark.most == 1:
            out.append(f"{'☑' if n else '☐'} {mark.name}")
        else:
            out.append(f"{mark.name}: {n} of {mark.most}")
    return out


def summary(book: Any, pencil: dict[str, dict[str, int]]) -> list[str]:
    """A saint's record: one line per chapter with marks ("Skinwalkers: Moons survived 1 of 3")."""
    out = []
    for chapter_id, marks in pencil.items():
        chapter = book.chapters.get(chapter_id)
        if chapter is None:
            continue
        shown = [
            mark.name if mark.most == 1 else f"{mark.name} {plural(marks[mark.key], 'mark')}"
            for mark in chapter.pencil
            if marks.get(mark.key)
        ]
        if shown:
            out.append(f"{chapter.name}: {', '.join(shown)}")
    return out
