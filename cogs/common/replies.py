"""Answering interactions: within 3 seconds, once, ephemeral for a player's mistakes."""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

APOLOGY = "Sorry, something went wrong on my side. The game is safe; please try again in a moment."


async def say(
    interaction: discord.Interaction, text: str = "", *, ephemeral: bool = True, **kwargs: Any
) -> None:
    """Reply whether or not the interaction was already acknowledged."""
    kwargs = {k: v for k, v in kwargs.items() if v is not None}
    if interaction.response.is_done():
        await interaction.followup.send(text or discord.utils.MISSING, ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(text or None, ephemeral=ephemeral, **kwargs)


async def refuse(interaction: discord.Interaction, text: str) -> None:
    """A player's mistake: one plain sentence only they see."""
    await say(interaction, text, ephemeral=True)


async def apologise(interaction: discord.Interaction, where: str, error: BaseException | None = None) -> None:
    """An error the player did not cause: log it (with `where`, naming the session) and say sorry."""
    log.error("unexpected error in %s", where, exc_info=error or True)
    try:
        await say(interaction, APOLOGY, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not send the apology for %s", where)


async def ack(interaction: discord.Interaction) -> None:
    """Acknowledge a component click without a new message (the table is edited separately)."""
    if not interaction.response.is_done():
        await interaction.response.defer()
