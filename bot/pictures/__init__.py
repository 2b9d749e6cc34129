"""Pictures of the table: each game's board drawn as a PNG from the public view.

`table_png(game, public, names)` is the one entry point; every game's drawing uses the layout
kit in `kit.py`. Drawings read the same projected views the text renderers read, so nothing
hidden can reach a picture. Pillow is imported lazily: the bot runs without pictures if asked.
"""

from __future__ import annotations

import importlib
from typing import Any

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
