"""/ping and /help: is the bot there, and what can it do."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common.help import rulebook
from cogs.common.replies import say

if TYPE_CHECKING:
    from bot.client import TabletopBot

HELP = """\
**Dice**
`/roll 2d6+3` rolls dice notation (`4d6kh3` keeps the highest 3, `2d6ro<2` rerolls 1s once, `8d6e6` explodes 6s).
`/check virtue:Soul dice:4 target:13` rolls an Apocrypha virtue check and keeps the best 3.

**Games** (one per channel or thread)
`/<game> new` opens a lobby; others press **Join** (or `/<game> join`); the host presses **Start**.
Your private cards arrive by DM; if your DMs are closed, `/<game> hand` shows them to you alone.
`/<game> status` shows the table, `/game list` the games in this server, `/game end` ends this channel's game.
`/<game> rules` teaches a game topic by topic, `/<game> help` lists all its commands, `/<game> card` looks up a card.
"""


class Meta(commands.Cog):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot

    @app_commands.command(name="ping", description="Check that the bot is awake.")
    async def ping(self, interaction: discord.Interaction) -> None:
        await say(interaction, "Pong.", ephemeral=True)

    @app_commands.command(name="help", description="What this bot does and how to start a game.")
    async def help(self, interaction: discord.Interaction) -> None:
        games = [
            f"**{rules.title}** (`/{key}`): {rulebook(key).summary} Commands: `/{key} help`."
            for key, rules in self.bot.service.games.items()
        ]
        listed = "\n".join(games) or "none yet"
        embed = discord.Embed(
            title="Tabletop GM",
            description=f"{HELP}\n**Games on this bot**\n{listed}",
            colour=discord.Colour.dark_teal(),
        )
        await say(interaction, embed=embed, ephemeral=True)


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(Meta(bot))
