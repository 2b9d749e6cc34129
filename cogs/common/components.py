"""Buttons and selects that survive a restart, and know which moment of the game they were drawn for.

A custom id is `gm:<session>[@<moment>]:<verb>[:<arg>]` (buttons) or `gms:...`
(selects). The moment is how many moves the session had when the panel was
drawn (`SessionService.moment`); the service uses it to refuse a double click
or a stale panel (see docs/platform.md, "Clicks and their moment"). Ids posted
before moments existed have none and still parse. Both classes are registered
once in setup_hook, so a click on a message posted before a restart still
reaches the bot, which reloads the session from the store and hands the click
to that game's cog.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.errors import GameError
from bot.service import actor_of
from bot.store import GameSession

if TYPE_CHECKING:
    from bot.client import TabletopBot

_TAIL = r":(?P<sid>\d+)(?:@(?P<at>\d+))?:(?P<verb>[a-z_]+)(?::(?P<arg>[^\s]*))?"
BUTTON = "gm" + _TAIL
SELECT = "gms" + _TAIL
MAX_ID = 100  # Discord's limit on a custom id
UNREADABLE = "That button's data does not make sense to me, so nothing was done."


@dataclass(frozen=True)
class ComponentId:
    """A custom id taken apart (`moment` is None for ids drawn before moments existed)."""

    prefix: str
    session_id: int
    verb: str
    arg: str | None = None
    moment: int | None = None

    def __str__(self) -> str:
        at = f"@{self.moment}" if self.moment is not None else ""
        cid = f"{self.prefix}:{self.session_id}{at}:{self.verb}" + (f":{self.arg}" if self.arg else "")
        if len(cid) > MAX_ID:
            raise ValueError(f"custom id too long: {cid}")
        return cid


def parse_custom_id(cid: str) -> ComponentId | None:
    """The parts of one of our custom ids, or None if it is not one."""
    for prefix, pattern in (("gm", BUTTON), ("gms", SELECT)):
        match = re.fullmatch(pattern, cid)
        if match:
            at = match["at"]
            return ComponentId(prefix, int(match["sid"]), match["verb"], match["arg"], int(at) if at else None)
    return None


def custom_id(prefix: str, session_id: int, verb: str, arg: str | None = None, moment: int | None = None) -> str:
    return str(ComponentId(prefix, session_id, verb, arg, moment))


def check_channel(interaction: discord.Interaction, row: GameSession) -> None:
    """A click acts only on the session of the channel it came from. In a DM (a player's panel)
    the clicker must be playing in that session: a forged id naming another game is refused."""
    if interaction.guild_id is None:
        if actor_of(row, interaction.user.id) is None:
            raise GameError("That button belongs to a game you are not playing in, so it does nothing.")
        return
    if interaction.channel_id not in (row.channel_id, row.table_channel_id):
        raise GameError("That button belongs to a game in another channel, so it does nothing here.")


class _GameItem:
    """What buttons and selects share: their parts, stamping with a moment, and the click."""

    prefix: str
    session_id: int
    verb: str
    arg: str | None
    moment: int | None
    item: Any

    def stamp(self, moment: int | None) -> None:
        """Record the moment this item was drawn for, in its custom id."""
        self.moment = moment
        self.item.custom_id = custom_id(self.prefix, self.session_id, self.verb, self.arg, moment)

    async def _clicked(self, interaction: discord.Interaction, values: list[str]) -> None:
        bot: TabletopBot = interaction.client  # type: ignore[assignment]
        parts = ComponentId(self.prefix, self.session_id, self.verb, self.arg, self.moment)
        await bot.on_game_component(interaction, parts, values)


class GameButton(_GameItem, discord.ui.DynamicItem[discord.ui.Button], template=BUTTON):
    prefix = "gm"

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
        moment: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:80] or None,
                style=style,
                custom_id=custom_id("gm", session_id, verb, arg, moment),
                disabled=disabled,
                emoji=emoji,
            )
        )
        self.session_id, self.verb, self.arg, self.moment = session_id, verb, arg, moment

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> GameButton:
        at = match["at"]
        return cls(int(match["sid"]), match["verb"], match["arg"], moment=int(at) if at else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        await self._clicked(interaction, [])


class GameSelect(_GameItem, discord.ui.DynamicItem[discord.ui.Select], template=SELECT):
    prefix = "gms"

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
        moment: int | None = None,
    ) -> None:
        options = options or [discord.SelectOption(label="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=custom_id("gms", session_id, verb, arg, moment),
                options=options[:25],
                placeholder=placeholder,
                min_values=min_values,
                max_values=min(max_values, len(options[:25])),
            )
        )
        self.session_id, self.verb, self.arg, self.moment = session_id, verb, arg, moment

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> GameSelect:
        at = match["at"]
        return cls(int(match["sid"]), match["verb"], match["arg"], moment=int(at) if at else None)

    async def callback(self, interaction: discord.Interaction) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await self._clicked(interaction, values)


def view_of(items: list[discord.ui.Item[Any]], moment: int | None = None) -> discord.ui.View | None:
    """A persistent-style view (no timeout) holding dynamic items, or None when there are none.

    With `moment`, every game item is stamped with it: pass the session's moment
    (`SessionService.moment(row)`) for anything drawn from the game's state."""
    if not items:
        return None
    view = discord.ui.View(timeout=None)
    for item in items[:25]:
        if moment is not None and isinstance(item, _GameItem):
            item.stamp(moment)
        view.add_item(item)
    # The view is only a drawing: every item is dynamic, dispatched by its custom id's pattern
    # (registered once in setup_hook), so discord.py need not keep it. It keeps a view that is not
    # stopped, an ephemeral message's for 15 minutes with a task of its own: 1,100 views with their
    # items were held after a 200-channel burst.
    view.stop()
    return view
