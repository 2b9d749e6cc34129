"""Buttons and selects that survive a restart.

Every custom id is `gm:<session>:<verb>[:<arg>]` (buttons) or `gms:...`
(selects). Both classes are registered once in setup_hook, so a click on a
message posted before a restart still reaches the bot, which reloads the
session from the store and hands the click to that game's cog.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

if TYPE_CHECKING:
    from bot.client import TabletopBot

BUTTON = r"gm:(?P<sid>\d+):(?P<verb>[a-z_]+)(?::(?P<arg>[^\s]*))?"
SELECT = r"gms:(?P<sid>\d+):(?P<verb>[a-z_]+)(?::(?P<arg>[^\s]*))?"


def custom_id(prefix: str, session_id: int, verb: str, arg: str | None = None) -> str:
    cid = f"{prefix}:{session_id}:{verb}" + (f":{arg}" if arg else "")
    if len(cid) > 100:
        raise ValueError(f"custom id too long: {cid}")
    return cid


class GameButton(discord.ui.DynamicItem[discord.ui.Button], template=BUTTON):
    def __init__(
        self,
        session_id: int,
        verb: str,
        arg: str | None = None,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        disabled: bool = False,
        emoji: str | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or None,
                style=style,
                custom_id=custom_id("gm", session_id, verb, arg),
                disabled=disabled,
                emoji=emoji,
            )
        )
        self.session_id, self.verb, self.arg = session_id, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> GameButton:
        return cls(int(match["sid"]), match["verb"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TabletopBot = interaction.client  # type: ignore[assignment]
        await bot.on_game_component(interaction, self.session_id, self.verb, self.arg, [])


class GameSelect(discord.ui.DynamicItem[discord.ui.Select], template=SELECT):
    def __init__(
        self,
        session_id: int,
        verb: str,
        arg: str | None = None,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        options = options or [discord.SelectOption(label="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id("gms", session_id, verb, arg),
                options=options[:25],
                placeholder=placeholder,
                min_values=min_values,
                max_values=min(max_values, len(options[:25])),
            )
        )
        self.session_id, self.verb, self.arg = session_id, verb, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> GameSelect:
        return cls(int(match["sid"]), match["verb"], match["arg"])

    async def callback(self, interaction: discord.Interaction) -> None:
        bot: TabletopBot = interaction.client  # type: ignore[assignment]
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await bot.on_game_component(interaction, self.session_id, self.verb, self.arg, values)


def view_of(items: list[discord.ui.Item[Any]]) -> discord.ui.View | None:
    """A persistent-style view (no timeout) holding dynamic items, or None when there are none."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items[:25]:
        view.add_item(item)
    return view
