"""Helpers for writing deterministic policies."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from bot.engine.prng import Rng


def best(actions: Sequence[Any], score: Callable[[Any], float], rng: Rng) -> Any:
    """The highest-scoring action; ties are broken with the runner's generator, so the choice is
    seeded and no action wins a tie merely by coming first in `legal_actions`."""
    scored = [(score(a), a) for a in actions]
    top = max(s for s, _ in scored)
    return rng.choice([a for s, a in scored if s == top])


def by_type(order: Sequence[str]) -> Callable[[Any], float]:
    """A score that prefers command types in `order` (first is best); others score lowest."""
    rank = {kind: len(order) - i for i, kind in enumerate(order)}
    return lambda a: rank.get(getattr(a, "type", ""), 0)
