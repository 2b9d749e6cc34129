"""Pictures of the table: each game's board drawn as a PNG from the public view.

`table_png(game, public, names)` is the one entry point; every game's drawing uses the layout
kit in `kit.py`. Drawings read the same projected views the text renderers read, so nothing
hidden can reach a picture. Pillow is imported lazily: the bot runs without pictures if asked.
"""

from __future__ import annotations

import importlib
from functools import lru_cache
from typing import Any

from bot.pictures.hand import HandCard, draw_hand
from bot.pictures.kit import Canvas

GAMES = ("haunted", "apocrypha", "catharsis", "faith", "apollyon")


def draw_table(game: str, public: dict[str, Any], names: list[str]) -> Canvas | None:
    if game not in GAMES:
        return None
    module = importlib.import_module(f"bot.pictures.{game}")
    return module.draw(public, names)


def table_png(game: str, public: dict[str, Any], names: list[str]) -> bytes | None:
    canvas = draw_table(game, public, names)
    return canvas.png() if canvas is not None else None


def hand_cards(game: str, view: dict[str, Any], actions: list[Any], seat: int) -> list[HandCard]:
    """The viewer's own cards from their projected view (never anyone else's), playable ones marked."""
    if game not in GAMES:
        return []
    module = importlib.import_module(f"bot.pictures.{game}")
    return module.hand(view.get("private") or {}, view.get("public") or {}, actions, seat)


def dice_png(game: str, public: dict[str, Any], seat: int) -> bytes | None:
    """The dice of a check this seat is in, for their own panel; None where the game has none now."""
    if game not in GAMES:
        return None
    draw = getattr(importlib.import_module(f"bot.pictures.{game}"), "dice", None)
    canvas = draw(public, seat) if draw is not None else None
    return canvas.png() if canvas is not None else None


def hand_png(game: str, view: dict[str, Any], actions: list[Any], seat: int, title: str) -> bytes | None:
    cards = hand_cards(game, view, actions, seat)
    return _hand_png(title, tuple(cards)) if cards else None


@lru_cache(maxsize=128)  # ~30 KB each: most panels redrawn after a move hold the same cards as before
def _hand_png(title: str, cards: tuple[HandCard, ...]) -> bytes:
    return draw_hand(title, list(cards)).png()
