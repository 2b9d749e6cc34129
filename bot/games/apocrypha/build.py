"""Dealing a build from the box: a saint's deck, a nexus deck, the clock.

There is one box. Each card a build draws is out of the box before the next one is drawn, so a
build never holds more copies of a card than the box does, and builds made later get what the
earlier ones left. When the box has no card left of a kind a build asks for, that part of the
build cannot be done and the golden rules ignore it: the build is smaller (House rule 35).
"""

from __future__ import annotations

from bot.engine.text import and_list, plural
from bot.games.apocrypha.table import Table

VIRTUES = ("body", "mind", "rage", "soul")


def deal(t: Table, kind: str, n: int, pile: list[str]) -> int:
    """Deal up to `n` random cards of `kind` (a virtue deals gifts of it; else "omen", "threat")
    onto `pile`, whose cards count as out of the box; returns how many the box could not give."""
    for dealt in range(n):
        uid = t.random_new("gift", kind, held=pile) if kind in VIRTUES else t.random_new(kind, held=pile)
        if uid is None:
            return n - dealt
        pile.append(uid)
    return 0


def deal_all(t: Table, counts: dict[str, int], pile: list[str]) -> dict[str, int]:
    """Deal every kind of a deck list onto `pile`; returns what the box was short of, by kind."""
    short = {kind: deal(t, kind, n, pile) for kind, n in counts.items()}
    return {kind: n for kind, n in short.items() if n}


def kind_name(kind: str, n: int) -> str:
    word = f"{kind.capitalize()} gift" if kind in VIRTUES else kind
    return plural(n, word)


def shortfall(short: dict[str, int]) -> str:
    """ "2 Mind gifts and 1 omen" """
    return and_list([kind_name(kind, n) for kind, n in short.items()])
