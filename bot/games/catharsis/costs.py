"""The cost notation on powers, and whether a handful of dice pays it.

A cost is one or more alternatives split by `|`. Each alternative is a string
of tokens: a digit 1-6 needs that value, `?` takes any value, and a run of one
letter (`AA`, `AAA`) needs that many dice of one value. A second letter (`BB`)
is another set whose value differs from every other die paying that cost. An empty cost (written `-`)
needs no dice at all: the power is used simply by exhausting it.
A die of value 0 is wild (Leme's Flip) and fits any token.
`#` (Dimirith's cards) is a die showing the number his board gives the power: `with_number`
turns it into that digit before the cost is read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations, permutations

from bot.engine.errors import GameError

WILD = 0


@dataclass(frozen=True)
class Pattern:
    """One alternative: required values, free dice, and set sizes keyed by letter."""

    fixed: tuple[int, ...] = ()
    anys: int = 0
    sets: tuple[tuple[str, int], ...] = ()

    @property
    def size(self) -> int:
        return len(self.fixed) + self.anys + sum(n for _, n in self.sets)


@lru_cache(maxsize=512)
def parse_cost(text: str) -> tuple[Pattern, ...]:
    """`"AA|5"` -> two patterns. Raises ValueError on a token it does not know."""
    out = []
    for alt in text.replace(" ", "").split("|"):
        if alt in ("", "-"):
            out.append(Pattern())
            continue
        fixed: list[int] = []
        anys = 0
        letters: Counter[str] = Counter()
        for ch in alt:
            if ch in "123456":
                fixed.append(int(ch))
            elif ch == "?":
                anys += 1
            elif ch.isalpha() and ch.isupper():
                letters[ch] += 1
            else:
                raise ValueError(f"unknown cost symbol {ch!r} in {text!r}")
        for letter, n in letters.items():
            if n < 2:
                raise ValueError(f"a set needs at least two dice: {letter!r} in {text!r}")
        out.append(Pattern(tuple(sorted(fixed)), anys, tuple(sorted(letters.items()))))
    return tuple(out)


def _fits(pattern: Pattern, values: tuple[int, ...]) -> bool:
    """values is already ordered as fixed slots, then each set in turn, then the free dice."""
    i = 0
    for want in pattern.fixed:
        if values[i] not in (want, WILD):
            return False
        i += 1
    chosen: list[int | None] = []
    for _, n in pattern.sets:
        group = [v for v in values[i : i + n] if v != WILD]
        i += n
        if len(set(group)) > 1:
            return False
        chosen.append(group[0] if group else None)
    # Every set after the first (BB, CC...) must differ from every other die of this cost.
    for k, value in enumerate(chosen[1:], start=1):
        if value is None:
            continue
        start = len(pattern.fixed) + sum(n for _, n in pattern.sets[:k])
        others = values[:start] + values[start + pattern.sets[k][1] :]
        if value in others:
            return False
    return True


def fits(pattern: Pattern, values: list[int]) -> bool:
    """Whether exactly these dice pay this alternative."""
    if len(values) != pattern.size:
        return False
    return _fits_any_order(pattern, tuple(sorted(values)))


@lru_cache(maxsize=4096)
def _fits_any_order(pattern: Pattern, values: tuple[int, ...]) -> bool:
    # Cached: the panels and the simulator ask the same few hands of dice again and again.
    return any(_fits(pattern, p) for p in set(permutations(values)))


def first_payment(cost: str, values: dict[int, int], skip: set[int] | None = None) -> list[int] | None:
    """Some of these dice (index -> value) that pay one of the cost's alternatives (not those in skip)."""
    for i, pattern in enumerate(parse_cost(cost)):
        if skip and i in skip:
            continue
        for combo in combinations(values, pattern.size):
            if fits(pattern, [values[j] for j in combo]):
                return list(combo)
    return None


def paying_alternative(cost: str, values: list[int], allowed: set[int] | None = None) -> int | None:
    """The index of the first alternative these dice pay (among `allowed`), or None."""
    for i, pattern in enumerate(parse_cost(cost)):
        if allowed is not None and i not in allowed:
            continue
        if fits(pattern, values):
            return i
    return None


def pool_alternative(cost: str, pools: dict[int, int]) -> int | None:
    """Hidorian's Retrieve: the first alternative made only of digits that his pools can cover."""
    for i, pattern in enumerate(parse_cost(cost)):
        if pattern.anys or pattern.sets or not pattern.fixed:
            continue
        need = Counter(pattern.fixed)
        if all(pools.get(v, 0) >= n for v, n in need.items()):
            return i
    return None


def with_number(cost: str, number: int) -> str:
    """Dimirith's `#` read as the power's number: `"#?"` on place 3 is `"3?"`."""
    if "#" not in cost:
        return cost
    if not 1 <= number <= 6:
        raise GameError("This power has no number on this board, so its # cost cannot be paid.")
    return cost.replace("#", str(number))


def is_free(cost: str) -> bool:
    # A `#` cost (Dimirith's, perhaps passed to another board by the Godmind) always needs dice.
    return "#" not in cost and any(p.size == 0 for p in parse_cost(cost))


def describe_cost(cost: str) -> str:
    return "free" if cost.strip() in ("", "-") else cost.replace("|", " or ")
