"""Faith's Discord surface: the cog (cog.py), its panel components (views.py) and renderers (render.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.client import TabletopBot


async def setup(bot: TabletopBot) -> None:
    from cogs.faith.cog import FaithCog

    await bot.add_cog(FaithCog(bot))
