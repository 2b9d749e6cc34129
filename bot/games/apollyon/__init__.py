"""SCP: Apollyon: a cooperative site-management game for 1-6 Site Directors. See docs/apollyon.md."""

from bot.games import register
from bot.games.apollyon.rules import Apollyon

RULES = register(Apollyon())
