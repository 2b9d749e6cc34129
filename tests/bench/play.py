"""Play any game by its own `legal_actions`, the way the benchmark, the fixtures and the tests do.

A "player" here is a seeded random choice among the commands the rules offer the seats the
game waits on: every move is one a person could click or type.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bot.engine.errors import GameError
from bot.engine.game import Rules
from bot.engine.seats import GUIDE, Seat
from bot.engine.state import GameState


@dataclass(frozen=True)
class Table:
    """A usual table for one game: how many players, which roles, which options."""

    game: str
    players: int
    roles: tuple[str, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()


# The player counts each game is most often played at.
USUAL_TABLES = (
    Table("apocrypha", 3, roles=("guide",)),
    Table("apollyon", 4),
    Table("catharsis", 3),
    Table("faith", 2),
    Table("haunted", 4),
)


# Moves that end the game on purpose (the guide calling the mission): a table makes them last.
GIVING_UP = frozenset({"g_end_mission"})


def choose(rules: Rules, state: GameState, rng: random.Random) -> tuple[Seat, Any] | None:
    """A legal (seat, command) among the seats the game waits on (any seat if it names none)."""
    waiting = list(rules.waiting_for(state))
    seats = waiting or [*range(len(state.players)), GUIDE]
    options = [(seat, cmd) for seat in seats for cmd in rules.legal_actions(state, seat)]
    playing = [o for o in options if getattr(o[1], "type", None) not in GIVING_UP]
    return rng.choice(playing or options) if options else None


def play(rules: Rules, state: GameState, rng: random.Random, moves: int) -> tuple[GameState, int]:
    """Apply up to `moves` legal moves; stop early when the game ends or offers nothing."""
    done = 0
    while done < moves and rules.result(state) is None:
        pick = choose(rules, state, rng)
        if pick is None:
            break
        try:
            state = rules.apply(state, *pick).state
        except GameError:
            continue  # a legal-looking move the rules refuse on a closer look: choose again
        done += 1
    return state, done
