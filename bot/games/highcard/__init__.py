"""High card: a tiny demonstration game that exercises the platform end to end.

It has everything the real games need from the platform (a shuffled secret
deck, private hands, turn order, a finished state) in a few lines. Only the
platform tests and the DEMO_GAME setting register it.
"""

from bot.games import register
from bot.games.highcard.rules import HighCard

RULES = register(HighCard())
