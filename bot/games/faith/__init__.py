"""Faith: a Bible-themed card game where 2-4 players race to 20 Faith."""

from bot.games import register
from bot.games.faith.rules import FaithRules

RULES = register(FaithRules())
