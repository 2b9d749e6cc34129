"""The rules engines, one package per game, and the registry the service looks them up in."""

from __future__ import annotations

from bot.engine.game import Rules

_REGISTRY: dict[str, Rules] = {}


def register(rules: Rules) -> Rules:
    _REGISTRY[rules.key] = rules
    return rules


def get_rules(key: str) -> Rules:
    if key not in _REGISTRY:
        load_all()
    return _REGISTRY[key]


def all_rules() -> dict[str, Rules]:
    load_all()
    return dict(_REGISTRY)


# The real games; the demo game (bot.games.highcard) registers only when imported by tests or DEMO_GAME.
GAME_MODULES: tuple[str, ...] = ("haunted", "apocrypha", "catharsis", "faith", "apollyon")


def load_all() -> None:
    import importlib

    for name in GAME_MODULES:
        importlib.import_module(f"bot.games.{name}")
