"""/roll (standard dice notation) and /check (an Apocrypha-style virtue check), outside any game."""

from __future__ import annotations

import io
import secrets

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.dice import CheckResult, virtue_check
from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.rolling import MAX_LENGTH, DiceError, roll_expression
from cogs.common.pictures import drawn
from cogs.common.replies import say
from cogs.dice_render import Card, render_check, render_roll

VIRTUE_CHOICES = [
    app_commands.Choice(name=name, value=name.lower()) for name in ("Body", "Mind", "Rage", "Soul")
]


def card_embed(card: Card, user: discord.abc.User) -> discord.Embed:
    embed = discord.Embed(title=card.title, description=card.description, colour=card.colour)
    embed.set_author(name=user.display_name, icon_url=user.display_avatar.url)
    return embed


class Dice(commands.Cog):
    """Dice for any table: both commands answer at once, with no game session involved."""

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name="roll", description="Roll dice in standard notation, e.g. 1d20+5 or 4d6kh3.")
    @app_commands.describe(
        expression="Dice to roll: 2d6, 1d20+5, 4d6kh3 (keep highest 3), 2d6ro<2 (reroll 1s once), 8d6e6 (explode 6s).",
        reason="What the roll is for; shown as the title.",
        private="Only you see the result.",
    )
    async def roll(
        self,
        interaction: discord.Interaction,
        expression: app_commands.Range[str, 1, MAX_LENGTH],
        reason: app_commands.Range[str, 1, 100] | None = None,
        private: bool = False,
    ) -> None:
        try:
            result = roll_expression(expression)
        except DiceError as exc:
            await say(interaction, exc.message, ephemeral=True)
            return
        embed = card_embed(render_roll(result, reason), interaction.user)
        await say(interaction, embed=embed, ephemeral=private, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(
        name="check",
        description="Roll a virtue check: up to 4 dice of the virtue plus bonus dice, keep the best 3.",
    )
    @app_commands.describe(
        virtue="The virtue you roll; its colour of dice.",
        dice="How many dice of that virtue (the box has four).",
        bonus="White bonus dice from skills and cards (at most four).",
        target="The number to reach; a shortfall is the damage a threat deals.",
        rerolls="Dice an assisting saint lets you reroll; your worst dice are rerolled once.",
        reason="What the check is for; shown as the title.",
    )
    @app_commands.choices(virtue=VIRTUE_CHOICES)
    async def check(
        self,
        interaction: discord.Interaction,
        virtue: app_commands.Choice[str],
        dice: app_commands.Range[int, 1, 4],
        bonus: app_commands.Range[int, 0, 4] = 0,
        target: app_commands.Range[int, 1, 99] | None = None,
        rerolls: app_commands.Range[int, 0, 4] = 0,
        reason: app_commands.Range[str, 1, 100] | None = None,
    ) -> None:
        rng = Rng.from_seed(secrets.randbits(64))
        try:
            result = virtue_check(rng, virtue.value, dice, bonus=bonus, target=target, rerolls=rerolls)
        except GameError as exc:
            await say(interaction, exc.message, ephemeral=True)
            return
        embed = card_embed(render_check(result, reason), interaction.user)
        await say(interaction, embed=embed, ephemeral=False, allowed_mentions=discord.AllowedMentions.none())
        # The dice as faces come after the answer, in the publisher's background, so /check stays instant.
        publisher = getattr(self.bot, "publisher", None)
        if publisher is not None:
            publisher.schedule(
                ("dice", interaction.id),
                lambda: self._add_dice(interaction, embed, result, virtue.name, target),
            )

    async def _add_dice(
        self,
        interaction: discord.Interaction,
        embed: discord.Embed,
        result: CheckResult,
        virtue: str,
        target: int | None,
    ) -> None:
        if not await self.bot.picture_settings.enabled(interaction.guild_id, interaction.user.id):  # type: ignore[attr-defined]
            return
        title = f"{virtue} check" + (f" vs. {target}" if target is not None else "")
        dice = [die.model_dump() for die in result.pool.dice]
        png = await drawn(_dice_png, title, dice, result.total)
        embed.set_image(url="attachment://dice.png")
        await interaction.edit_original_response(
            embed=embed, attachments=[discord.File(io.BytesIO(png), filename="dice.png")]
        )


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dice(bot))


def _dice_png(title: str, dice: list[dict[str, object]], total: int) -> bytes:
    # In the drawing thread, at the first picture (see cogs/common/pictures.py).
    from bot.pictures.dice import draw_pool

    return draw_pool(title, dice, total).png()
