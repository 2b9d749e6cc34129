"""The per-game adapter interface of the simulator (documented in bot/sim/__init__.py)."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.engine.prng import Rng

Policy = Callable[[Any, int, list[Any], Rng], Any]


@dataclass
class Report:
    """What the simulator records of one finished game."""

    turns: int
    ending: str
    winners: list[int] = field(default_factory=list)  # competitive: the winning seats (none: nobody)
    won: bool | None = None  # co-op: whether the table won
    flags: dict[str, bool] = field(default_factory=dict)  # facts to count, e.g. {"veil lifted": True}


def random_policy(state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
    """Any legal action, uniformly: the baseline every game gets."""
    return rng.choice(actions)


def pass_options(opts: dict[str, Any], players: int, index: int) -> dict[str, Any]:
    return dict(opts)


def seat_zero(state: Any) -> int:
    return 0


def first_waiting(rules: Any, state: Any, waiting: list[Any]) -> Any:
    return waiting[0]


def no_labels(opts: dict[str, Any], players: int, index: int) -> list[str]:
    return []


def no_roles(opts: dict[str, Any]) -> dict[str, bool]:
    return {}


@dataclass(frozen=True)
class Adapter:
    game: str
    coop: bool
    report: Callable[[Any], Report]
    policies: dict[str, Policy]
    options: Callable[[dict[str, Any], int, int], dict[str, Any]] = pass_options
    roles: Callable[[dict[str, Any]], dict[str, bool]] = no_roles
    labels: Callable[[dict[str, Any], int, int], list[str]] = no_labels  # like options: per-seat labels
    first: Callable[[Any], int] = seat_zero  # the state after setup -> the seat that moves first
    # (rules, state, waiting_for) -> the seat to ask next: a seat the game does not wait on may be
    # asked when it can act now and the adapter wants it to (an assist, a guard in Apocrypha).
    next_seat: Callable[[Any, Any, list[Any]], Any] = first_waiting
    max_decisions: int = 20000

    def all_policies(self) -> dict[str, Policy]:
        return {"random": random_policy, **self.policies}


def parse_opt(text: str) -> tuple[str, Any]:
    """`key=value` from the command line; the value is read as JSON when it is JSON (numbers,
    true/false, lists), else kept as a string."""
    key, sep, raw = text.partition("=")
    if not sep or not key:
        raise ValueError(f"--opt takes key=value, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value
