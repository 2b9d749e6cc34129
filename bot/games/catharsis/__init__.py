"""Catharsis: the cooperative dice boss fight (Cyber Wizard Games), for 1-4 players."""

from bot.games import register
from bot.games.catharsis import roles as _roles  # noqa: F401  registers the Role card hooks
from bot.games.catharsis.rules import Catharsis

RULES = register(Catharsis())
