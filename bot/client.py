"""The Discord client: wires the store, the service, the publisher and the cogs together."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import aiohttp
import discord
from discord import app_commands
from discord.ext import commands

from bot import memory, waits
from bot.answer_pools import AnswerPools
from bot.config import Settings
from bot.engine.errors import GameError
from bot.engine.game import Rules
from bot.games import all_rules
from bot.service import SessionService
from bot.store import GameSession, Store, utcnow
from cogs.common.base import GameCog, answered_label
from cogs.common.components import ComponentId, GameButton, GameSelect, check_channel, parse_custom_id
from cogs.common.confirm import ConfirmButton
from cogs.common.pictures import PictureSettings
from cogs.common.publisher import DiscordPublisher
from cogs.common.replies import FIRST_BYTES, apologise, defer, expired, guard, later, refuse

log = logging.getLogger(__name__)

# Cogs every bot loads; each registered game adds `cogs.<game>`.
REPORT_SECONDS = 60  # how often the first-answer summary is logged
CORE_EXTENSIONS = ("cogs.meta", "cogs.dice", "cogs.game")
# Commands answered at once, with no store or REST work before their answer (and some publicly):
# never deferred, even when the bot is busy.
INSTANT_COMMANDS = frozenset({"ping", "help", "roll", "check"})
# discord.py opens as many HTTP connections as there are requests in flight: a burst of a thousand
# interaction answers opened a thousand connections, a sixth of the bot's CPU in the burst. A
# bounded pool keeps reusing its connections; requests beyond it wait their turn, at no CPU cost.
HTTP_CONNECTIONS = 64
# Interaction callbacks and edits of an interaction's own message get pools of their own
# (bot/answer_pools.py): a first answer never waits for a connection behind the publisher's
# channel and DM requests, nor behind edits.
# Commands that only read and answer (a panel, the table, the log): when the bot is busy they are
# answered first and then run at once, not in a work slot.
READ_COMMANDS = frozenset({"hand", "status", "log"})
QUEUED = "waits for a work slot"  # interaction.extras key: a command run later from its record
# Commands whose answer is for everyone: deferred publicly when they must be deferred.
PUBLIC_ANSWERS = frozenset({"new", "start", "roll", "check"})


def game_rules(settings: Settings) -> dict[str, Rules]:
    games = all_rules()
    if settings.demo_game:
        from bot.games.highcard import RULES

        games[RULES.key] = RULES
    return games


class TabletopBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        games: dict[str, Rules] | None = None,
        seed_source: Callable[[], int] | None = None,
        clock: Callable[[], datetime] = utcnow,
    ) -> None:
        intents = discord.Intents.none()
        intents.guilds = True  # slash commands and components need no privileged intents
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            # The bot reads no message it did not just send, and edits its own by id: caching
            # messages and members only cost memory (1,000 busy channels: tens of MB).
            max_messages=None,
            member_cache_flags=discord.MemberCacheFlags.none(),
            chunk_guilds_at_startup=False,
            **settings.shard_options(),  # one shard of several: the guilds (id >> 22) % count == id
        )
        self.settings = settings
        self.store = store or Store(settings.database_url)
        self.publisher = DiscordPublisher(self)
        self.picture_settings = PictureSettings(self)
        extra = {"seed_source": seed_source} if seed_source else {}
        self.service = SessionService(
            self.store,
            games if games is not None else game_rules(settings),
            publisher=self.publisher,
            clock=clock,
            answer_timeout=timedelta(minutes=settings.answer_timeout_minutes),
            idle_after=timedelta(days=settings.idle_days),
            remind_after=timedelta(minutes=settings.reminder_minutes) if settings.reminder_minutes else None,
            **extra,
        )
        self._answers: AnswerPools | None = None  # the interactions' own pools (first answers, edits)
        self._sweeper: asyncio.Task[None] | None = None
        self._reporter: asyncio.Task[None] | None = None
        self._trimmer: asyncio.Task[None] | None = None
        self.extensions_to_load: list[str] = [*CORE_EXTENSIONS, *(f"cogs.{key}" for key in self.service.games)]

    async def setup_hook(self) -> None:
        await self.store.init()
        # Every game of this shard's channels, read once: a channel with none is then known to
        # have none, without a query per command (a burst of new tables asked thousands of times).
        await self.store.know_active(self.serves)
        if (self.shard_count or 1) == 1:
            self.store.sole_writer()
        self._deal_each_game_once()
        # Registered once, these match every game button ever posted: clicks work after a restart.
        self.add_dynamic_items(GameButton, GameSelect, ConfirmButton)
        self._count_arrivals()
        for name in self.extensions_to_load:
            await self.load_extension(name)
        self._sweeper = asyncio.create_task(self._sweep_forever(), name="session-sweeper")
        self._reporter = asyncio.create_task(self._report_forever(), name="first-answer-report")
        self._trimmer = asyncio.create_task(memory.trim_forever(), name="malloc-trim")  # bot/memory.py
        self.tree.on_error = self._on_command_error  # type: ignore[method-assign]
        self.tree.interaction_check = self._answer_first  # type: ignore[method-assign]
        # Redraw what a previous process saved but never showed (a crash between save and publish).
        self.publisher.start_repair(startup=True)

    def serves(self, row: GameSession) -> bool:
        """This process receives the interactions of the row's channel: its guild is on this shard
        (direct messages come to shard 0)."""
        count = self.shard_count or 1
        return count == 1 or ((row.guild_id or 0) >> 22) % count == (self.shard_id or 0)

    async def on_resumed(self) -> None:
        self.publisher.start_repair()

    def _deal_each_game_once(self) -> None:
        """Load every game's card data now: read lazily, Apocrypha's book took over 3 s on a busy
        machine, which made the first /apocrypha command after a start miss Discord's deadline."""
        for rules in self.service.games.values():
            try:
                rules.setup(rules.parse_options({}), rules.min_players, 0, {r: True for r in rules.roles})
            except Exception:  # only a warm-up: the game itself reports real problems when played
                log.warning("could not deal %s at startup", rules.key, exc_info=True)

    async def login(self, token: str) -> None:
        self.http.connector = aiohttp.TCPConnector(limit=HTTP_CONNECTIONS)
        self._answers = AnswerPools()
        await super().login(token)

    def dispatch(self, event_name: str, /, *args: Any, **kwargs: Any) -> None:
        # discord.py dispatches "interaction" as the gateway delivers it, after it has scheduled the
        # handler's task but before that task runs: the place to arm the first-answer guard.
        if event_name == "interaction" and args and isinstance(args[0], discord.Interaction):
            self._arm(args[0])
        super().dispatch(event_name, *args, **kwargs)

    def _arm(self, interaction: discord.Interaction) -> None:
        """Give the interaction the answers' own HTTP pools, and a guard that defers it if its handler
        has not answered it in time (see `replies.guard`), unless a late deferral would be wrong:
        autocomplete answers with choices, and a click that opens a form must answer with it."""
        if self._answers is not None:
            interaction._session = self._answers  # type: ignore[assignment]  # only its request() is used
        data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
        if interaction.type is discord.InteractionType.autocomplete:
            return
        if interaction.type is discord.InteractionType.component:
            click = parse_custom_id(str(data.get("custom_id", "")))
            if click is not None and self._opens_form(click, list(data.get("values") or [])):
                return
        guard(interaction, public=self._public_answer(data))

    @staticmethod
    def _public_answer(data: dict[str, Any]) -> bool:
        """A slash command whose answer is for everyone (a new game's lobby, a roll): deferred publicly."""
        options = data.get("options") or []
        sub = next((o.get("name") for o in options if o.get("type") in (1, 2)), None)
        private = any(o.get("name") == "private" and o.get("value") for o in options)
        return data.get("type", 1) == 1 and (sub or data.get("name")) in PUBLIC_ANSWERS and not private

    async def _answer_first(self, interaction: discord.Interaction) -> bool:
        """Before discord.py reads a slash command's options: when the bot is busy, acknowledge it
        now (publicly for a new game, whose lobby is for everyone), so its own work comes after,
        in a work slot, as a small record (`replies.later`) rather than as discord.py's task: the
        command is run again from the record when its turn comes (`_command_later`). A command
        that only reads (`READ_COMMANDS`) goes on at once. False (the command is not run now)
        if Discord has already given up on it, or it waits in line."""
        if interaction.extras.get(QUEUED):  # its turn in a work slot has come
            return True
        if interaction.type is discord.InteractionType.application_command and FIRST_BYTES.busy(interaction):
            data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
            if data.get("name") not in INSTANT_COMMANDS:
                sub = next((o.get("name") for o in data.get("options", []) if o.get("type") in (1, 2)), None)
                where = f"/{data.get('name')} {sub or ''}".strip()
                if not await self._defer_first(interaction, where, public=self._public_answer(data)):
                    return False
                if (sub or data.get("name")) in READ_COMMANDS:
                    return True
                interaction.extras[QUEUED] = True
                later(interaction, self._command_later, first=sub == "start")
                return False
        return True

    async def _command_later(self, interaction: discord.Interaction) -> None:
        """A command answered first while the bot was busy, run in its work slot: as discord.py's
        own task would have run it (`CommandTree._from_interaction`)."""
        interaction.command_failed = False  # set when the check held it back
        try:
            await self.tree._call(interaction)
        except app_commands.AppCommandError as exc:
            await self.tree._dispatch_error(interaction, exc)

    async def _defer_first(self, interaction: discord.Interaction, where: str, *, public: bool = False) -> bool:
        try:
            await defer(interaction, public=public)
        except discord.NotFound as exc:
            if not expired(exc):
                raise
            await apologise(interaction, where, exc)  # one line: nothing can reach the player now
            return False
        return True

    async def _on_command_error(self, interaction: discord.Interaction, error: Exception) -> None:
        """A slash command failed unexpectedly: log it with its session, apologise briefly."""
        if expired(getattr(error, "original", error)):
            await apologise(interaction, f"/{interaction.command.qualified_name if interaction.command else '?'}", getattr(error, "original", error))
            return
        session = await self.store.active_in_channel(interaction.channel_id) if interaction.channel_id else None
        name = interaction.command.qualified_name if interaction.command else "?"
        await apologise(interaction, f"/{name} (session {session.id if session else '-'})", getattr(error, "original", error))

    async def _report_forever(self) -> None:
        """Log how long interactions waited for their first answer, once a minute when busy."""
        seen = 0
        while True:
            await asyncio.sleep(REPORT_SECONDS)
            if FIRST_BYTES.total != seen:
                seen = FIRST_BYTES.total
                log.info("%s", FIRST_BYTES.summary())

    async def _sweep_forever(self) -> None:
        while True:
            await asyncio.sleep(self.settings.sweep_seconds)
            try:
                await self.service.sweep()
            except Exception:
                log.exception("the session sweep failed")
            self.publisher.forget_idle()  # what the publisher kept of games that have ended

    def game_cog(self, game: str) -> GameCog:
        for cog in self.cogs.values():
            if isinstance(cog, GameCog) and cog.game == game:
                return cog
        raise GameError(f"The {game} game is not available on this bot.")

    async def on_game_component(
        self, interaction: discord.Interaction, click: ComponentId, values: list[str]
    ) -> None:
        """Every game button and select lands here: reload the session, check the click comes from
        its channel (or a player's DM), hand it to its game's cog with the click in `extras`.

        When the bot is busy the click is answered first (it keeps its message), and its work waits
        for a work slot as a small record (`replies.later`), not as this task: thousands wait in a
        burst. "My hand" answers with words at once and waits for nothing, so it goes on here."""
        if FIRST_BYTES.busy(interaction) and not self._opens_form(click, values):
            if not await self._defer_first(interaction, f"click {click.verb} (session {click.session_id})"):
                return
            if click.verb != "hand":
                message = interaction.message
                if message is not None and message.flags.ephemeral:  # read before `later` cuts the message down
                    interaction.extras["picked"] = answered_label(interaction)
                later(interaction, lambda slim: self._game_click(slim, click, values), first=click.verb == "start")
                return
        await self._game_click(interaction, click, values)

    async def _game_click(self, interaction: discord.Interaction, click: ComponentId, values: list[str]) -> None:
        try:
            with waits.span("click's session"):
                row = await self.service.session(click.session_id)
            cog = self.game_cog(row.game)
            check_channel(interaction, row)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        interaction.extras["click"] = click
        try:
            await cog.on_component(interaction, row, click.verb, click.arg, values)
        except Exception as exc:
            await apologise(interaction, f"click {click.verb} (session {click.session_id})", exc)
            return
        self.publisher.heard(interaction)

    async def on_app_command_completion(self, interaction: discord.Interaction, _command: Any) -> None:
        """A slash command was answered: its follow-ups may reach the user (`publisher.heard`)."""
        self.publisher.heard(interaction)

    def _opens_form(self, click: ComponentId, values: list[str]) -> bool:
        return any(cog.opens_form(click.verb, values) for cog in self.cogs.values() if isinstance(cog, GameCog))

    def _count_arrivals(self) -> None:
        """Note every interaction as the gateway delivers it, before discord.py dispatches it, so the
        bot knows how many wait for a first answer (`FIRST_BYTES.busy`)."""
        parsers = self._connection.parsers
        parse = parsers["INTERACTION_CREATE"]

        def counted(data: Any) -> None:
            if data.get("type") != 4:  # autocomplete is answered with choices, never deferred
                FIRST_BYTES.arrived(int(data["id"]))
            parse(data)

        parsers["INTERACTION_CREATE"] = counted

    async def close(self) -> None:
        tasks = [task for task in (self._sweeper, self._reporter, self._trimmer) if task is not None]
        for task in tasks:
            task.cancel()
        # Let a sweep caught mid-query unwind and hand its connection back before the store closes
        # (bounded: shutdown must never wait on a task that swallowed its cancellation).
        if tasks:
            await asyncio.wait(tasks, timeout=5)
        log.info("%s", FIRST_BYTES.summary())
        await self.publisher.drain()
        await super().close()
        if self._answers is not None:
            await self._answers.close()
        await self.store.close()

    async def sync_commands(self) -> int:
        """Sync slash commands: to DEV_GUILD_ID when set (instant), else globally."""
        if self.settings.dev_guild_id:
            guild = discord.Object(id=self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            return len(await self.tree.sync(guild=guild))
        return len(await self.tree.sync())
