"""One simulator adapter per game (see bot/sim/__init__.py for the interface)."""

from __future__ import annotations

import importlib

from bot.sim.adapter import Adapter

GAMES: tuple[str, ...] = ("haunted", "faith", "apollyon", "catharsis", "apocrypha")


def adapter(game: str) -> Adapter:
    if game not in GAMES:
        raise KeyError(f"no simulator adapter for {game!r}; known: {', '.join(GAMES)}")
    return importlib.import_module(f"bot.sim.games.{game}").ADAPTER
