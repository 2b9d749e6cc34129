"""Apocrypha on Discord: guided mode with a human guide, persistent saints, the table and panels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.apocrypha.cog import ApocryphaCog

if TYPE_CHECKING:
    from bot.client import TabletopBot


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(ApocryphaCog(bot))
