"""Apocrypha Adventure Card Game: the pure rules engine (co-op and guided mode)."""

from bot.games import register
from bot.games.apocrypha.rules import Apocrypha

RULES = register(Apocrypha())
