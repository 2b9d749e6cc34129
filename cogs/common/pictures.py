"""Pictures on Discord: whether they are on (per server, per user), and the files to attach.

Drawing runs in a worker thread from the publisher's background jobs, never on the path of an
interaction's answer. The drawing code (Pillow and its fonts, 5 MB) is loaded there at the first
picture, not at start: a bot with pictures off never loads it. A server admin turns pictures off for the whole server, any user for
their own DMs and panels (`/game settings`); text stays complete either way.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, TypeVar

import discord

from bot.store import GameSession, PlayerRecord

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger(__name__)

TABLE_FILE = "table.png"
HAND_FILE = "hand.png"
DICE_FILE = "dice.png"
MAX_EMBEDS = 10  # Discord's limit per message
SETTINGS = ("*", "settings", "pictures")  # game, kind, name of the PlayerRecord holding the choice
SERVER = 0  # the user id of a server-wide record
KNOWN_MAX = 4096  # servers' and users' choices kept in memory (as the store's record cache)
T = TypeVar("T")

# One drawing thread: pictures wait for each other instead of several threads taking the GIL, in turn,
# from the event loop that answers interactions (the load benchmark with --pictures showed it).
_DRAWER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="pictures")


async def drawn(draw: Callable[..., T], *args: Any) -> T:
    """Run a drawing in the pictures thread, off the event loop."""
    return await asyncio.get_running_loop().run_in_executor(_DRAWER, draw, *args)


class PictureSettings:
    """On unless a server or a user said off; answers from memory after the first look-up, for the
    KNOWN_MAX servers and users asked about most recently (the rest are read again when asked:
    one entry for every player ever seen was kept for as long as the process ran)."""

    def __init__(self, bot: TabletopBot, known_max: int = KNOWN_MAX) -> None:
        self.bot = bot
        self._known: OrderedDict[tuple[int, int], bool] = OrderedDict()
        self._known_max = known_max

    async def _get(self, guild_id: int, user_id: int) -> bool | None:
        key = (guild_id, user_id)
        on = self._known.get(key)
        if on is None:
            record = await self.bot.service.store.get_record(guild_id, user_id, *SETTINGS)
            on = bool(record.data.get("on", True)) if record else True
        self._remember(key, on)
        return on

    def _remember(self, key: tuple[int, int], on: bool) -> None:
        self._known[key] = on
        self._known.move_to_end(key)
        while len(self._known) > self._known_max:
            self._known.popitem(last=False)  # the least recently asked about

    async def enabled(self, guild_id: int | None, user_id: int | None = None) -> bool:
        if not self.bot.settings.pictures:
            return False
        if guild_id is not None and not await self._get(guild_id, SERVER):
            return False
        return user_id is None or bool(await self._get(guild_id or 0, user_id))

    async def choose(self, guild_id: int, user_id: int, on: bool) -> None:
        def change(_: PlayerRecord | None) -> PlayerRecord:
            return PlayerRecord(guild_id=guild_id, user_id=user_id, game=SETTINGS[0], kind=SETTINGS[1],
                                name=SETTINGS[2], data={"on": on})

        await self.bot.service.update_record(guild_id, user_id, *SETTINGS, change)
        self._remember((guild_id, user_id), on)


def seat_names(row: GameSession) -> list[str]:
    names = getattr(row, "names", None) or {}
    return [names.get(str(user), f"Player {i + 1}") for i, user in enumerate(row.seats)]


def _file(png: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(png), filename=name) if png else None


async def table_file(bot: TabletopBot, row: GameSession, embeds: list[discord.Embed]) -> discord.File | None:
    """The table picture, set as the last embed's image; None when pictures are off or not drawn."""
    if row.state is None or not embeds or not await bot.picture_settings.enabled(row.guild_id):
        return None
    public = bot.service.view_for(row, None).get("public") or {}
    try:
        png = await drawn(_draw_table, row.game, public, seat_names(row))
    except Exception:  # a picture must never stop the table: the text is complete without it
        log.exception("session %s: drawing the table failed", row.id)
        return None
    if png:
        embeds[-1].set_image(url=f"attachment://{TABLE_FILE}")
    return _file(png, TABLE_FILE)


def _draw_table(game: str, public: dict[str, Any], names: list[str]) -> bytes | None:
    from bot import pictures  # in the drawing thread, at the first picture (see the module's note)

    return pictures.table_png(game, public, names)


def _draw_panel(game: str, view: dict[str, Any], actions: list[Any], seat: int) -> tuple[bytes | None, bytes | None]:
    from bot import pictures

    return (
        pictures.hand_png(game, view, actions, seat, "Your cards"),
        pictures.dice_png(game, view.get("public") or {}, seat),
    )


async def panel_files(
    bot: TabletopBot, row: GameSession, seat: int, user_id: int, embeds: list[discord.Embed]
) -> list[discord.File]:
    """The pictures on a player's own panel, from their projected view only: their hand (playable cards
    marked) as the first embed's image, and the dice of a check they are in as an embed of its own.
    Empty when pictures are off for them or nothing is drawn."""
    if row.state is None or not embeds or not await bot.picture_settings.enabled(row.guild_id, user_id):
        return []
    view: dict[str, Any] = bot.service.view_for(row, user_id)
    actions = bot.service.legal_actions(row, seat)
    try:
        hand, dice = await drawn(_draw_panel, row.game, view, actions, seat)
    except Exception:  # a picture must never stop a panel: the text is complete without it
        log.exception("session %s: drawing a panel's pictures failed", row.id)
        return []
    files = []
    if hand:
        embeds[0].set_image(url=f"attachment://{HAND_FILE}")
        files.append(discord.File(io.BytesIO(hand), filename=HAND_FILE))
    if dice and len(embeds) < MAX_EMBEDS:
        embeds.append(discord.Embed(title="The dice", colour=embeds[0].colour).set_image(url=f"attachment://{DICE_FILE}"))
        files.append(discord.File(io.BytesIO(dice), filename=DICE_FILE))
    return files
