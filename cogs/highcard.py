"""The demonstration game's cog: used by the platform tests, loaded only with DEMO_GAME=true."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.engine.seats import Seat
from bot.games.highcard.rules import card_name
from bot.store import GameSession
from cogs.common.base import COLOUR, GameCog
from cogs.common.components import GameButton
from cogs.common.text import mention

if TYPE_CHECKING:
    from bot.client import TabletopBot


class HighCardCog(GameCog, group_name="highcard", group_description="High Card, a tiny demonstration game."):
    game = "highcard"

    @app_commands.command(name="new", description="Open a High Card lobby in this channel.")
    async def new_cmd(self, interaction: discord.Interaction) -> None:
        await self.open_lobby(interaction, {})

    @app_commands.command(name="reveal", description="Reveal your card.")
    async def reveal_cmd(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, {"type": "reveal"}, notice="You revealed your card.")

    def card_names(self) -> dict[str, str]:
        return {str(card): card_name(card) for card in range(52)}

    def card_embed(self, card_id: str) -> discord.Embed:
        text = (
            f"Card {int(card_id) + 1} of 52, counted from the lowest. Ranks run from 2 up to the ace; "
            "between equal ranks the suit decides (♣ lowest, then ♦, ♥, ♠). The highest revealed card wins."
        )
        return discord.Embed(title=card_name(int(card_id)), description=text, colour=COLOUR)

    def table_embeds(self, row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
        pub = view["public"]
        lines = []
        for seat, user in enumerate(row.seats):
            card = pub["revealed"].get(str(seat))
            shown = card_name(card) if card is not None else "facedown card"
            marker = "▶ " if seat == pub["turn"] and pub["winner"] is None else ""
            lines.append(f"{marker}{mention(user)}: {shown}")
        embed = discord.Embed(title="High Card", description="\n".join(lines), colour=COLOUR)
        embed.add_field(name="Deck", value=f"{pub['deck_count']} cards")
        return [embed]

    def private_embeds(
        self, row: GameSession, seat: Seat, view: dict[str, Any], notes: list[str]
    ) -> list[discord.Embed]:
        card = view["private"]["card"]
        embed = discord.Embed(
            title="Your card",
            description=card_name(card) if card is not None else "You have revealed it.",
            colour=COLOUR,
        )
        if notes:
            embed.add_field(name="Recent", value="\n".join(notes), inline=False)
        return [embed]

    def private_items(self, row: GameSession, seat: Seat, view: dict[str, Any]) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        return [
            GameButton(row.id, a.type, label=a.type.capitalize(), style=discord.ButtonStyle.primary)
            for a in self.bot.service.legal_actions(row, seat)
        ]

    def table_items(self, row: GameSession) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        return [
            *super().table_items(row),
            GameButton(row.id, "reveal", label="Reveal", style=discord.ButtonStyle.primary),
        ]

    def command_from_component(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, values: list[str]
    ) -> dict[str, Any] | None:
        return {"type": verb} if verb in ("swap", "reveal") else None


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(HighCardCog(bot))
