"""Haunted (Pete Lynn, 2002): avoid completing three horror stories in front of you. See docs/haunted.md."""

from bot.games import register
from bot.games.haunted.rules import Haunted

RULES = register(Haunted())
