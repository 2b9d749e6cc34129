"""English agreement for counted things, shared by the engines and the cogs."""

from __future__ import annotations

import re

# Nouns whose plural is not noun + "s".
IRREGULAR = {"die": "dice", "life": "lives", "success": "successes", "ally": "allies", "enemy": "enemies"}


def plural(n: int, noun: str, many: str | None = None) -> str:
    """'1 card', '0 cards', '3 dice': the count and its noun in agreement."""
    if n == 1:
        return f"{n} {noun}"
    return f"{n} {many or IRREGULAR.get(noun, noun + 's')}"


def verb(n: int, one: str, many: str) -> str:
    """The verb form that agrees with a count: verb(1, 'has', 'have') -> 'has'."""
    return one if n == 1 else many


def tidy(text: str) -> str:
    """No doubled stop where a name ends its own sentence: "You drew Attacked!." -> "...Attacked!"."""
    return re.sub(r"([!?])\.(?!\.)", r"\1", text)


def and_list(items: list[str]) -> str:
    """'a', 'a and b', 'a, b and c'."""
    if len(items) < 2:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
