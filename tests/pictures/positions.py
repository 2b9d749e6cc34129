"""Seeded positions of every game for the picture tests: a game played some moves in by a fixed policy."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.engine.errors import GameError
from bot.engine.state import project
from bot.games import all_rules

# Options that give each game a full table (the most players each game allows in a usual session).
SETUPS: dict[str, tuple[int, dict[str, Any], dict[str, bool]]] = {
    "haunted": (6, {}, {}),
    "apocrypha": (6, {"mode": "coop"}, {}),
    "catharsis": (4, {}, {}),
    "faith": (4, {}, {}),
    "apollyon": (6, {}, {}),
}


def play(game: str, seed: int, moves: int, extra: dict[str, Any] | None = None) -> Iterator[tuple[Any, Any]]:
    """Yield (rules, state) after each of up to `moves` moves, cycling through legal actions by seed;
    `extra` adds game options to the setup's (a variant, say)."""
    rules = all_rules()[game]
    players, options, roles = SETUPS[game]
    state = rules.setup(rules.parse_options({**options, **(extra or {})}), players, seed, roles).state
    yield rules, state
    for i in range(moves):
        waiting = rules.waiting_for(state)
        if not waiting:
            return
        seat = waiting[i % len(waiting)]
        actions = rules.legal_actions(state, seat)
        if not actions:
            return
        start = (seed + i * 7) % len(actions)
        for action in actions[start:] + actions[:start]:
            try:
                state = rules.apply(state, seat, action).state
                break
            except GameError:
                continue  # an engine may list an action it then refuses; the picture test is not about that
        else:
            return
        yield rules, state


def position(game: str, seed: int, moves: int, extra: dict[str, Any] | None = None) -> tuple[Any, dict[str, Any]]:
    *_, (_, state) = play(game, seed, moves, extra)
    return state, project(state, None)


def names(game: str) -> list[str]:
    return ["Ada", "Basil", "Clementine", "Dorothea", "Ezekiel", "Florence"][: SETUPS[game][0]]
