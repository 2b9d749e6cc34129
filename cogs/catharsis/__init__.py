"""The Catharsis cog: /catharsis commands, the table and each player's panel."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.catharsis.cog import CatharsisCog

if TYPE_CHECKING:
    from bot.client import TabletopBot


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(CatharsisCog(bot))
