"""Decks: the deckbuilding rules, the plain-text list format, and the preconstructed decks.

The text format is one "3 Noah - Captain of the Ark" per line; a line without
a count means one copy, blank lines and lines starting with # are skipped.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import cache

from bot.engine.cards import CardDataError
from bot.engine.errors import GameError
from bot.games.faith.cards import catalogue, find, preconstructed_raw

MIN_DECK = 40
MAX_COPIES = 3
_LINE = re.compile(r"^\s*(?:(\d+)\s*[xX]?\s+)?(.+?)\s*$")


def parse(text: str) -> list[str]:
    """Card ids from a text list, in order (GameError naming the first bad line)."""
    ids: list[str] = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _LINE.match(line)
        assert m is not None
        count = int(m.group(1) or 1)
        if count < 1 or count > 99:
            raise GameError(f"Line {number}: the count must be between 1 and 99.")
        try:
            ids += [find(m.group(2)).id] * count
        except GameError as exc:
            raise GameError(f"Line {number}: {exc.message}") from exc
    return ids


def export(ids: list[str]) -> str:
    cards = catalogue()
    counts = Counter(ids)
    order = sorted(counts, key=lambda i: (cards[i].type, cards[i].title))
    return "\n".join(f"{counts[i]} {cards[i].title}" for i in order)


def problems(ids: list[str]) -> list[str]:
    """Why a deck is not legal ([] when it is)."""
    out: list[str] = []
    cards = catalogue()
    unknown = sorted({i for i in ids if i not in cards})
    if unknown:
        out.append(f"unknown cards: {', '.join(unknown)}")
    if len(ids) < MIN_DECK:
        missing = MIN_DECK - len(ids)
        out.append(
            f"it has {len(ids)} cards and needs at least {MIN_DECK} ({missing} more card{'s' if missing > 1 else ''})"
        )
    return out + too_many(ids)


def too_many(ids: list[str]) -> list[str]:
    """Cards over the copy limit: the one fault a deck in progress may not have."""
    cards = catalogue()
    return [
        f"it has {n} copies of {cards[card_id].title} (at most {MAX_COPIES})"
        for card_id, n in sorted(Counter(ids).items())
        if n > MAX_COPIES and card_id in cards
    ]


def check(ids: list[str]) -> None:
    found = problems(ids)
    if found:
        raise GameError("That deck is not legal: " + "; ".join(found) + ".")


@cache
def preconstructed() -> dict[str, list[str]]:
    """name -> card ids, each checked against the deckbuilding rules at load."""
    decks: dict[str, list[str]] = {}
    for entry in preconstructed_raw():
        try:
            ids = parse("\n".join(entry.cards))
            check(ids)
        except GameError as exc:
            raise CardDataError(f"data/faith: deck {entry.name}: {exc.message}") from exc
        decks[entry.name] = ids
    return decks


@cache
def descriptions() -> dict[str, str]:
    return {e.name: e.description for e in preconstructed_raw()}
