"""Keeps what players see in step with the store: the table, the prompt, the result, and DMs.

Runs after the service has saved, in background tasks, so an interaction is
answered at once. Work is coalesced per session: a burst of actions gives one
redraw showing the newest saved state, and redraws of one session never race.

The channel holds at most three bot messages per game: the lobby (closed once
the game starts), the live table, and one prompt naming everyone the game
waits on; when the game ends the prompt goes and a result post comes last.
When play passes to someone else (or every few actions anyway) the table is
posted anew at the bottom and the old one deleted, so the board stays in view.

What has been shown is recorded per session (`Publication`): where the table
and the prompt are, the session version each was drawn from, what is still
to redraw, and each player's private lines. On start the bot redraws exactly
what a dead process left behind (`repair`).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import itertools
import json
import logging
import re
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot import waits
from bot.engine.events import Audience
from bot.engine.seats import GUIDE, Seat
from bot.service import Result, actor_of, as_utc, user_of
from bot.store import ACTIVE, DmMessage, GameSession, Status
from cogs.common.components import parse_custom_id
from cogs.common.pacing import Pacer, Ticket
from cogs.common.pictures import panel_files, table_file
from cogs.common.redraw_queue import RedrawQueue
from cogs.common.replies import answer_publicly, edit_clicked, followup
from cogs.common.text import fill_seats, mention

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger(__name__)

NOTES_KEPT = 6  # recent private lines shown in a player's DM
REPOST_EVERY = 4  # actions with no change of turn after which the table is posted anew anyway
REPAIR_ENDED = timedelta(hours=1)  # a game that ended this recently is redrawn on start if it needs it
# An interaction's follow-ups may be sent for 15 minutes: a player's newest one is kept this long.
HEARD_FOR = 14 * 60.0
# At a Start, a first DM panel that would wait longer than this for the bot's global budget is
# shown at once to its player alone in the channel, through a follow-up of their own (`_early_panel`);
# later, a turn that passes while redraws wait this long is told the same way (`_tell_early`).
PANEL_LATE = 3.0
# Early panels sent at once (`_early`): a burst of them took the HTTP connections (429s at load 9).
EARLY_AT_ONCE = 8
# What a redraw waiting as a key is counted as in `_backlog` (a table posted anew asks for four
# requests, a first DM panel two, a panel's edit one).
REQUESTS_PER_REDRAW = 2
EARLY_PANEL = "Your panel, only for you: the bot is busy, so its copy in your direct messages comes a little later."
# Redraws of tables and DM panels running at once (`RedrawQueue`); the rest wait as keys. Enough to
# keep the pacer's global budget (40 requests a second) busy while each redraw reads, draws, waits
# for its answers and saves, in a loaded second; few enough that a burst holds no thousands of them.
REDRAW_WORKERS = 64
# A drawing still going after this long (a lock or a database connection that does not come) goes
# on without its worker, so that it does not hold the other redraws (`RedrawQueue`).
DRAW_STUCK = 30.0
RATE_LIMITED_TRIES, RATE_LIMITED_WAIT = 5, 2.0  # redraws after discord.py gives up on a 429, and the pause
UNRECORDED_SCAN = 25  # newest channel messages searched on start for posts a dead process left
REMINDER = "Reminder: "
# Seconds a game that is no longer a lobby or running keeps its record here after its last use
# (`forget_idle`): its last redraws are done within seconds of the end, even in a burst.
FORGET_AFTER = 600.0  # what a reminder's prompt starts with, while the reminded player has not acted


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


class DiscordPublisher:
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        # Tables and DM panels to redraw, as keys (`_redraws`); early panels, in a lane of their own
        # (sent at once, outside the global budget, a few at a time: a burst of them took the shared
        # HTTP connections, and paced requests let go meanwhile queued for one and reached Discord
        # bunched, past its global limit); any other background job, as a task of its own (`_tasks`).
        self._redraws = RedrawQueue(self._redraw, workers=REDRAW_WORKERS, room=self._room)
        self._early = RedrawQueue(self._redraw, workers=EARLY_AT_ONCE)
        self._tasks: dict[Any, asyncio.Task[None]] = {}
        self._again: set[Any] = set()
        self._drawings: set[asyncio.Task[bool]] = set()  # redraws drawing now (`_redraw`)
        self._pubs: dict[int, dict[str, Any]] = {}  # session id -> its Publication data (write-through)
        self._used: dict[int, float] = {}  # session id -> when its record was last read (monotonic)
        # Kept while a write holds or waits for it (as `_drawing`): not one lock per game ever played.
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        self._written: dict[int, bytes] = {}  # session id -> digest of the Publication data last written
        self._channel_of: dict[int, int] = {}  # session id -> the channel its table is in
        # One drawing at a time per surface (a table, a DM panel), whether by a redraw or by a
        # click's answer, so an older drawing never lands after a newer one.
        self._drawing: weakref.WeakValueDictionary[Any, asyncio.Lock] = weakref.WeakValueDictionary()
        # (session, user) -> clicks on that user's DM panel being handled: their panel is drawn by
        # the click's answer, so its redraw is scheduled only if the answer did not draw it.
        self._held: dict[tuple[int, int], int] = {}
        # session -> Starts being answered: the table is drawn as the Start's answer (`answer_start`),
        # so the channel's redraw is scheduled only after it, if something is left to draw.
        self._starting: dict[int, int] = {}
        # (channel, user) -> (until when, the application id and token of their newest answered
        # interaction there): its follow-up webhook is made when used (a Webhook kept for each of
        # thousands of players was about 2 MB of the burst's peak).
        self._heard: dict[tuple[int, int], tuple[float, int, str]] = {}
        self._heard_in: dict[int, tuple[float, int, str]] = {}  # channel -> the newest of anyone's there
        paced = getattr(getattr(bot, "settings", None), "pace_redraws", True)
        self.pacer = Pacer() if paced else Pacer(buckets={}, global_bucket=None)

    # -- the publication record ---------------------------------------------------
    async def record(self, session_id: int) -> dict[str, Any]:
        self._used[session_id] = time.monotonic()
        pub = self._pubs.get(session_id)
        if pub is None:
            pub = await self.bot.service.store.get_publication(session_id)
            pub = self._pubs.setdefault(session_id, pub)
        return pub

    async def _save(self, session_id: int) -> None:
        # One write at a time per session, each of the newest data: a slow older write never lands last.
        # Writes that queued behind one which already wrote their change are skipped (a burst of
        # redraws of one session wrote the same record several times over: a commit each on PostgreSQL).
        lock = self._locks.get(session_id)
        if lock is None:
            lock = self._locks[session_id] = asyncio.Lock()
        async with lock:
            pub = self._pubs.get(session_id)
            if pub is None:
                return
            text = json.dumps(pub)
            digest = hashlib.blake2b(text.encode(), digest_size=16).digest()
            if self._written.get(session_id) == digest:
                return
            await self.bot.service.store.put_publication(session_id, json.loads(text))
            self._written[session_id] = digest

    def notes(self, session_id: int, user_id: int) -> list[str]:
        """The user's recent private lines ("Only you saw"), oldest first."""
        return list((self._pubs.get(session_id) or {}).get("notes", {}).get(str(user_id), []))

    def table_link(self, row: GameSession) -> str:
        pub = self._pubs.get(row.id or 0) or {}
        where = pub.get("table") or (
            [row.table_channel_id, row.table_message_id] if row.table_message_id else None
        )
        return message_link(row.guild_id, where[0], where[1]) if where else ""

    def live_messages(self, session_id: int) -> set[int]:
        """Ids of the session's live table and prompt (a click elsewhere is on an old message)."""
        pub = self._pubs.get(session_id) or {}
        return {where[1] for where in (pub.get("table"), pub.get("prompt")) if where}

    # -- entry point from the service ------------------------------------------
    async def publish(self, result: Result) -> None:
        row = result.session
        sid = row.id
        assert sid is not None
        self._channel_of[sid] = row.table_channel_id or row.channel_id
        pub = await self.record(sid)
        notes = pub.setdefault("notes", {})
        for event in result.events:
            if event.audience is Audience.PUBLIC:
                continue
            user = user_of(row, GUIDE if event.audience is Audience.GUIDE else event.seat or 0)
            if user is not None:
                kept = notes.setdefault(str(user), [])
                kept.append(fill_seats(event.text, row))
                del kept[:-NOTES_KEPT]
        if row.status == Status.RUNNING.value:
            pub["actions"] = pub.get("actions", 0) + 1
            turn_passed = bool(result.newly_waiting or result.done_waiting)
            if turn_passed or pub["actions"] >= REPOST_EVERY or not pub.get("table"):
                pub["repost"] = True
        pending = pub.setdefault("pending", {})
        pending["channel"] = row.version
        targets = {u for u in self._private_targets(result) if u not in row.dm_closed}
        for user in targets:
            pending[f"dm:{user}"] = row.version
        pub["seen"] = row.version
        # On disk before the interaction is answered: a crash from here on is repaired on start.
        with waits.span("put_publication"):
            await self._save(sid)
        if row.status == Status.RUNNING.value and result.previous_state is None and row.state is not None:
            for user in self._late_panels(row, targets):  # the game has just started
                self.schedule(("early", sid, user), lambda u=user: self._early_panel(sid, u))
        elif row.status == Status.RUNNING.value and result.newly_waiting:
            self._tell_early(row, result, targets)
        if sid not in self._starting:
            self.refresh_table(sid)
        self.bot.game_cog(row.game).on_result(result)
        for user in targets:
            if (sid, user) not in self._held:
                self.schedule(("dm", sid, user), lambda u=user: self._update_dm(sid, u))

    def refresh_table(self, session_id: int) -> None:
        self.schedule(("channel", session_id), lambda: self._update_channel(session_id))

    async def remind(self, row: GameSession, seats: list[Seat]) -> None:
        """The sweep found players who have not answered for REMINDER_MINUTES: mention them once."""
        assert row.id is not None
        pub = await self.record(row.id)
        reminded = pub.setdefault("reminded", {})
        due = [s for s in seats if reminded.get(str(s)) != row.waiting.get(str(s))]
        if not due:
            return
        for seat in due:
            reminded[str(seat)] = row.waiting.get(str(seat))
        pub["remind"] = [u for u in (user_of(row, s) for s in due) if u is not None]
        await self._save(row.id)
        self.refresh_table(row.id)

    def _private_targets(self, result: Result) -> set[int]:
        row = result.session
        if row.state is None:
            return set()
        before = result.previous_state or {}
        targets: set[int] = set()
        for seat, part in (row.state.get("players") or {}).items():
            if before.get("players", {}).get(seat) != part or not before:
                user = user_of(row, int(seat))
                if user is not None:
                    targets.add(user)
        # Whose move it is changed, or they just acted: their panels' buttons change with it.
        acted = [result.actor] if result.actor is not None else []
        for seat in [*result.newly_waiting, *result.done_waiting, *acted]:
            user = user_of(row, seat)
            if user is not None:
                targets.add(user)
        guide = row.roles.get("guide")
        if guide and (before.get("secret") != row.state.get("secret") or not before):
            targets.add(guide)
        # Some games' panels show the shared table too (Catharsis: dice, foes, votes), or whose step it is.
        cog = self.bot.game_cog(row.game)
        if row.status not in ACTIVE or cog.panels_follow_table or cog.panel_moment(before) != cog.panel_moment(row.state):
            targets.update(row.seats)
            targets.update(row.roles.values())
        return targets

    # -- a click answered with its own message redrawn ----------------------------
    def _lock(self, surface: Any) -> asyncio.Lock:
        lock = self._drawing.get(surface)
        if lock is None:
            lock = self._drawing[surface] = asyncio.Lock()
        return lock

    @contextlib.asynccontextmanager
    async def clicked(self, interaction: discord.Interaction, session_id: int | None) -> AsyncIterator[None]:
        """Around the handling of a click: a click on a DM panel holds back that panel's redraw
        (the answer draws it, `answer_click`); whatever the answer did not draw is redrawn after."""
        message = interaction.message
        dm_panel = (
            interaction.type is discord.InteractionType.component and interaction.guild_id is None
            and message is not None and not message.flags.ephemeral and session_id is not None
        )
        if not dm_panel:
            yield
            return
        assert session_id is not None
        key = (session_id, interaction.user.id)
        self._held[key] = self._held.get(key, 0) + 1
        try:
            yield
        finally:
            self._held[key] -= 1
            if not self._held[key]:
                del self._held[key]
                if f"dm:{key[1]}" in (self._pubs.get(session_id) or {}).get("pending", {}):
                    self.schedule(("dm", *key), lambda: self._update_dm(*key))

    async def answer_click(self, interaction: discord.Interaction, row: GameSession) -> bool:
        """A click on the clicker's own DM panel, or on the live table, is answered with that message
        redrawn from the saved state (an interaction update: outside the bot's global budget of
        requests), and the publisher records it as drawn, so it does not edit it again. False when
        the clicked message is not one the publisher would redraw in place (the caller acknowledges
        the click, and the publisher redraws as usual)."""
        message = interaction.message
        if message is None or row.id is None or message.flags.ephemeral:
            return False
        if interaction.guild_id is None:
            return await self._answer_dm(interaction, row, message.id)
        return await self._answer_table(interaction, row, message.id)

    async def _answer_dm(self, interaction: discord.Interaction, row: GameSession, message_id: int) -> bool:
        assert row.id is not None
        user = interaction.user.id
        seat = actor_of(row, user)
        if seat is None or user in row.dm_closed:
            return False
        async with self._lock(("dm", row.id, user)):
            known = await self.bot.service.store.get_dm(row.id, user)  # the clicker's own panel only
            pub = await self.record(row.id)
            pending = pub.setdefault("pending", {})
            key = f"dm:{user}"
            if known is None or known.message_id != message_id or pending.get(key, row.version + 1) > row.version:
                return False  # not their panel, or already drawn, or a newer change is to be drawn
            cog = self.bot.game_cog(row.game)
            embeds, view = cog.private_message(row, seat, self.notes(row.id, user))
            if not embeds:
                return False
            pictures = await panel_files(self.bot, row, seat, user, embeds)
            await edit_clicked(interaction, embeds=embeds, view=view, attachments=pictures)
            del pending[key]
            await self._save(row.id)
        return True

    async def _answer_table(self, interaction: discord.Interaction, row: GameSession, message_id: int) -> bool:
        assert row.id is not None
        pub = await self.record(row.id)
        live = pub.get("table")
        if row.status != Status.RUNNING.value or row.state is None or not live or live[1] != message_id:
            return False
        async with self._lock(("table", row.id)):
            if pub.get("repost") or pub.get("table_version", -1) >= row.version:
                return False  # to be posted anew at the bottom, or already drawn
            embeds, view = self.bot.game_cog(row.game).table_message(row)
            picture = await table_file(self.bot, row, embeds)
            await edit_clicked(interaction, embeds=embeds, view=view, attachments=[picture] if picture else [])
            pub["table_version"] = row.version
        return True

    # -- the table as the Start's answer ------------------------------------------
    @contextlib.asynccontextmanager
    async def starting(self, session_id: int) -> AsyncIterator[None]:
        """Around the handling of a Start (`/x start` or the lobby's button): the new table is the
        Start's answer (`answer_start`), outside the bot's global budget; whatever the answer did
        not draw (the lobby closed, or the whole table if it could not answer) is redrawn after."""
        self._starting[session_id] = self._starting.get(session_id, 0) + 1
        try:
            yield
        finally:
            self._starting[session_id] -= 1
            if not self._starting[session_id]:
                del self._starting[session_id]
                if "channel" in (self._pubs.get(session_id) or {}).get("pending", {}):
                    self.refresh_table(session_id)

    async def answer_start(self, interaction: discord.Interaction, session_id: int) -> bool:
        """Answer a Start with the new table, for everyone, and the prompt naming whom the game
        waits on as its follow-up: in a burst of new tables, these were channel posts queued
        behind every other table's under the global budget, and players waited minutes for them.
        The lobby stays above, closed by the next redraw. False if the table was already posted or
        the Start can no longer be answered in public (it was deferred privately)."""
        row = await self.bot.service.store.get(session_id)
        if row is None or row.status != Status.RUNNING.value or row.state is None:
            return False
        pub = await self.record(session_id)
        async with self._lock(("table", session_id)):
            if pub.get("table"):
                return False
            embeds, view = self.bot.game_cog(row.game).table_message(row)
            picture = await table_file(self.bot, row, embeds)
            message = await answer_publicly(
                interaction, embeds=embeds, view=view or discord.utils.MISSING, files=[picture] if picture else discord.utils.MISSING
            )
            if message is None:
                return False
            pub["table"] = [message.channel.id, message.id]
            pub["table_version"] = row.version
            pub["actions"] = 0
            pub.pop("repost", None)
            pub["close_lobby"] = True
            await self._save(session_id)
        users, words = self._waiting_words(row)
        if users:
            link = message_link(row.guild_id, message.channel.id, message.id)
            prompt = await followup(
                interaction, f"{words} ([table]({link}))", ephemeral=False,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=u) for u in users]),
            )
            pub["prompt"] = [prompt.channel.id, prompt.id, users, words, False]
            await self._save(session_id)
        return True

    # -- first panels in a busy moment ---------------------------------------------
    def heard(self, interaction: discord.Interaction) -> None:
        """A player's interaction in a guild channel has been answered: keep what makes its follow-up
        webhook (good for 15 minutes) as their newest, for `_early_panel`. Only answered ones: a follow-up
        to an interaction still deferred would fill in its "thinking" line instead (the Start's
        own answer, the table, is not in the way)."""
        if interaction.guild_id is None or interaction.channel_id is None:
            return
        now = time.monotonic()
        key = (interaction.channel_id, interaction.user.id)
        self._heard.pop(key, None)
        self._heard[key] = (now + HEARD_FOR, interaction.application_id, interaction.token)
        for oldest in [k for k, (until, *_) in itertools.takewhile(lambda kv: kv[1][0] <= now, self._heard.items())]:
            del self._heard[oldest]  # kept in the order heard: the expired ones come first
        self._heard_in.pop(interaction.channel_id, None)
        self._heard_in[interaction.channel_id] = self._heard[key]
        for gone in [c for c, (until, *_) in itertools.takewhile(lambda kv: kv[1][0] <= now, self._heard_in.items())]:
            del self._heard_in[gone]

    def _late_panels(self, row: GameSession, targets: set[int]) -> list[int]:
        """At a Start: the players whose first DM panel would wait longer than PANEL_LATE for the
        bot's global budget (a burst of new games), and who can be reached by a follow-up."""
        channel = row.channel_id
        late = []
        for user in sorted(targets):
            seat = actor_of(row, user)
            urgent = seat is not None and str(seat) in row.waiting
            if (channel, user) in self._heard and self._backlog(urgent) > PANEL_LATE:
                late.append(user)
        return late

    def _backlog(self, urgent: bool) -> float:
        """Seconds a redraw asked for now would wait for the global budget: the redraws in line
        ahead of it as keys (REQUESTS_PER_REDRAW each), and those already waiting in the pacer."""
        keys_urgent, keys_rest = self._redraws.waiting()
        keys = keys_urgent + (0 if urgent else keys_rest)
        return self.pacer.backlog(urgent=urgent, queued=keys * REQUESTS_PER_REDRAW)

    def panel_late(self, row: GameSession, user_id: int) -> bool:
        """Whether the user's DM panel, asked for now, would wait longer than PANEL_LATE for the
        bot's global budget (always False for a player whose DMs are closed: they have none)."""
        if user_id in row.dm_closed:
            return False
        seat = actor_of(row, user_id)
        return self._backlog(seat is not None and str(seat) in row.waiting) > PANEL_LATE

    def _tell_early(self, row: GameSession, result: Result, targets: set[int]) -> None:
        """The turn passed while the redraws wait longer than PANEL_LATE for the bot's global
        budget (many busy tables at once): the prompt and the DM panels that tell the players whose
        turn it is would come many seconds late (at 200 busy channels, over 30 s: the player the game
        waited on had nothing to click and no word of it). Both are sent at once instead, outside
        that budget, through interactions' follow-ups: the prompt publicly, through the newest
        interaction answered in the channel (`_early_prompt`), and each newly waited-on player's panel
        to them alone, through their own newest there (`_early_panel`). The table and the DM panels
        are redrawn as usual when the budget has room. The player who acted is left out: the answer
        to their click shows their panel (`GameCog._answer_click`, `panel_late`)."""
        sid = row.id
        assert sid is not None
        if self._backlog(urgent=True) <= PANEL_LATE:
            return
        if (row.table_channel_id or row.channel_id) in self._heard_in:
            self.schedule(("early prompt", sid), lambda: self._early_prompt(sid))
        acted = user_of(row, result.actor) if result.actor is not None else None
        for user in (user_of(row, seat) for seat in result.newly_waiting):
            if user is not None and user != acted and user in targets and (row.channel_id, user) in self._heard:
                self.schedule(("early", sid, user), lambda u=user: self._early_panel(sid, u))

    async def _early_prompt(self, session_id: int) -> None:
        """Post the prompt naming whom the game waits on now, as a public follow-up of the newest
        interaction answered in the table's channel (`_tell_early`). The prompt it replaces stays
        until the channel's redraw, which deletes it (`_update_prompt`); a player it names again is
        not mentioned again then."""
        row = await self.bot.service.store.get(session_id)
        if row is None or row.status != Status.RUNNING.value:
            return
        channel = row.table_channel_id or row.channel_id
        until, application, token = self._heard_in.get(channel, (0.0, 0, ""))
        if not token or until <= time.monotonic():
            return
        async with self._lock(("prompt", session_id)):
            pub = await self.record(session_id)
            old = pub.get("prompt")
            users, words = self._waiting_words(row)
            if "channel" not in pub.get("pending", {}) or not users or (old and old[2] == users):
                return  # the channel's redraw came first, or the prompt already names them
            link = self.table_link(row)
            ping = [u for u in users if u not in (old[2] if old else [])]
            webhook = discord.Webhook.from_state({"id": application, "type": 3, "token": token}, state=self.bot._connection)
            try:
                message = await webhook.send(
                    _prompt_text(words, False) + (f" ([table]({link}))" if link else ""), wait=True,
                    allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=u) for u in ping]),
                )
            except discord.HTTPException as exc:  # the token expired, or Discord refused: the redraw posts it
                log.info("session %s: no early prompt (%s)", session_id, exc)
                return
            if old:
                pub.setdefault("stale_prompts", []).append(old[:2])
            pub["prompt"] = [channel, message.id, users, words, False]
            await self._save(session_id)

    async def _early_panel(self, session_id: int, user_id: int) -> None:
        """Show a player their panel in the channel, to them alone, through a follow-up of their
        own newest interaction there (outside the bot's global budget, which a burst of new games
        fills with DM panels for a minute or more); the DM panel still follows. The same panel as
        "My hand" shows. Not sent if their DM panel has been drawn meanwhile."""
        row = await self.bot.service.store.get(session_id)
        if row is None or row.status != Status.RUNNING.value:
            return
        if f"dm:{user_id}" not in (await self.record(session_id)).get("pending", {}):
            return
        until, application, token = self._heard.get((row.channel_id, user_id), (0.0, 0, ""))
        seat = actor_of(row, user_id)
        if not token or until <= time.monotonic() or seat is None:
            return
        embeds, view = self.bot.game_cog(row.game).private_message(row, seat, self.notes(session_id, user_id))
        if not embeds:
            return
        # What `Interaction.followup` makes: the interaction's webhook, on the bot's HTTP session.
        webhook = discord.Webhook.from_state({"id": application, "type": 3, "token": token}, state=self.bot._connection)
        try:
            await webhook.send(EARLY_PANEL, embeds=embeds, view=view or discord.utils.MISSING, ephemeral=True)
        except discord.HTTPException as exc:  # the token expired, or Discord refused: the DM panel comes
            log.info("session %s: no early panel for %s (%s)", session_id, user_id, exc)

    def _waiting_words(self, row: GameSession) -> tuple[list[int], str]:
        """Whom the game waits on, and the prompt's words naming them."""
        users = [u for u in (user_of(row, int(s)) for s in row.waiting) if u is not None]
        words = f"{' '.join(mention(u) for u in users)}: {self.bot.game_cog(row.game).waiting_prompt(row)}"
        return users, words

    # -- after a restart ----------------------------------------------------------
    def start_repair(self, *, startup: bool = False) -> None:
        """Run `repair` in the background (on start and on RESUME); `drain` waits for it."""
        self.schedule(("repair",), lambda: self._repair_logged(startup))

    async def _repair_logged(self, startup: bool) -> None:
        repaired = await self.repair(startup=startup)
        if repaired:
            log.info("redrew the tables, prompts or DM panels of %d session(s)", repaired)

    async def repair(self, *, startup: bool = False) -> int:
        """Redraw what a dead process saved but never showed: a table, prompt, result or DM panel
        older than its session's saved version (games that ended within REPAIR_ENDED included).
        At `startup`, also delete the posts a dead process made but never recorded (see
        `_delete_unrecorded`). Returns how many sessions needed it."""
        store = self.bot.service.store
        ended = await store.list_ended_since(self.bot.service.clock() - REPAIR_ENDED)
        repaired = 0
        for row in [*await store.list_active(), *ended]:
            assert row.id is not None
            if row.status == Status.LOBBY.value or row.state is None:
                continue
            pub = await self.record(row.id)
            pending = pub.setdefault("pending", {})
            if pub.get("seen", -1) < row.version:
                # Saved, then the process died before it could even note what to redraw.
                pending["channel"] = row.version
                for user in [*row.seats, *row.roles.values()]:
                    if user not in row.dm_closed:
                        pending[f"dm:{user}"] = row.version
                pub["seen"] = row.version
            if not pending:
                continue
            repaired += 1
            self._channel_of[row.id] = row.table_channel_id or row.channel_id
            if row.status == Status.RUNNING.value:
                pub["repost"] = True  # the table the dead process left may be anywhere: post it last
            await self._save(row.id)
            if startup and "channel" in pending:
                await self._delete_unrecorded(row, pub)
            sid = row.id
            if "channel" in pending:
                self.refresh_table(sid)
            for key in list(pending):
                if key.startswith("dm:"):
                    user = int(key[3:])
                    self.schedule(("dm", sid, user), lambda s=sid, u=user: self._update_dm(s, u))
        return repaired

    async def _delete_unrecorded(self, row: GameSession, pub: dict[str, Any]) -> None:
        """A process killed between posting a table, prompt or result and saving where it is leaves
        that post behind, unrecorded (a second prompt, a table with old buttons): delete the bot's
        posts of this session among the channel's newest messages that the record does not name."""
        assert row.id is not None and self.bot.user is not None
        kept = {w[1] for w in (pub.get("table"), pub.get("prompt"), pub.get("result"), *pub.get("notices", [])) if w}
        log_name = f"{row.game}-{row.id}.log"
        newest_prompt = True
        await self.pacer.take(self._channel(row).id, "read")
        try:
            async for message in self._channel(row).history(limit=UNRECORDED_SCAN):
                if row.table_message_id and message.id <= row.table_message_id:
                    break  # older than the game's lobby: another game's posts
                if message.author.id != self.bot.user.id or message.id in kept:
                    continue  # not ours, or recorded
                # An interaction's answer: the Start's table and prompt (`answer_start`), else a
                # player's command's answer, which holds no game controls and is no prompt.
                answer = message.type is not discord.MessageType.default
                prompt = not message.embeds and "([table](" in message.content
                if prompt and newest_prompt and pub.get("prompt") and message.id > pub["prompt"][1]:
                    # Posted after the recorded one: the players last saw this prompt, not the
                    # recorded one, so whoever it left out and the game waits on now must be
                    # mentioned again (see `_update_prompt`). An older one (a duplicate left
                    # behind) says nothing of what they saw last.
                    pub["prompt"][2] = _prompt_names(message.content)
                    newest_prompt = False
                ours = (
                    row.id in _sessions_on(message)
                    or prompt
                    or (not answer and any(a.filename == log_name for a in message.attachments))
                )
                if ours:
                    log.info("session %s: deleting post %s a dead process never recorded", row.id, message.id)
                    with contextlib.suppress(discord.NotFound):
                        await message.delete()
        except discord.HTTPException:
            log.warning("session %s: could not read the channel to tidy up after a restart", row.id, exc_info=True)

    # -- a bot that runs for weeks -----------------------------------------------
    def forget_idle(self, older_than: float = FORGET_AFTER) -> int:
        """Drop the records of games that are no longer lobbies or running here (the store keeps
        no row of them), with nothing left to draw and untouched for `older_than` seconds: their
        redraws after the end are long done, and a late click on one reads its record anew. Run
        by the sweep; returns how many were dropped."""
        now = time.monotonic()
        busy = {key[1] for key in self.pending() if isinstance(key, tuple)} | set(self._starting) | {sid for sid, _ in self._held}
        store = self.bot.service.store
        idle = [
            sid for sid in {*self._pubs, *self._written, *self._channel_of, *self._used}
            if sid not in busy and store.peek(sid) is None and now - self._used.get(sid, 0.0) >= older_than
        ]
        for sid in idle:
            for kept in (self._pubs, self._written, self._channel_of, self._used):
                kept.pop(sid, None)
        return len(idle)

    # -- coalescing -------------------------------------------------------------
    def schedule(self, key: Any, job: Callable[[], Awaitable[None]]) -> None:
        """Run `job` in the background, once per key at a time: asked for again while it waits, it
        is absorbed (the newest job runs); while it runs, it runs once more after. A table's or DM
        panel's redraw waits as a key in the redraw queue, in the pacer's order; the rest run at once."""
        lane = self._lane(key)
        if lane is not None:
            urgent = lane is self._early or self._urgent(key)
            lane.push(key, job, urgent=urgent)
            if urgent:  # its redraw may be waiting for the budget already, as not urgent when it began
                self.pacer.promote(key)
            return
        task = self._tasks.get(key)
        if task is not None and not task.done():
            self._again.add(key)
            return
        self._tasks[key] = asyncio.create_task(self._run(key, job))

    def _lane(self, key: Any) -> RedrawQueue | None:
        if isinstance(key, tuple) and key and key[0] in ("channel", "dm"):
            return self._redraws
        if isinstance(key, tuple) and key and key[0] in ("early", "early prompt"):
            return self._early
        return None

    def pending(self) -> set[Any]:
        """The keys of every background job queued or running."""
        return {*self._tasks, *self._redraws.keys(), *self._early.keys()}

    def _pace(self, key: Any) -> tuple[Any, dict[str, int], bool] | None:
        """The channel a redraw of `key` writes to, the requests it is likely to make (see `Pacer`),
        and whether it is urgent: what lets play go on goes before the rest (`_urgent`)."""
        if key[0] == "channel":
            pub = self._pubs.get(key[1]) or {}
            table = pub.get("table")
            channel = self._channel_of.get(key[1]) or (table[0] if table else ("session", key[1]))
            urgent = self._urgent(key)
            stale = len(pub.get("stale_prompts", []))  # prompts an early prompt replaced (`_early_prompt`)
            if pub.get("repost"):  # the table and the prompt posted anew, the old ones deleted
                return channel, {"send": 2, "delete": 2 + stale}, urgent
            if pub.get("remind"):
                return channel, {"edit": 1, "send": 1, "delete": 1 + stale}, urgent
            return channel, {"edit": 1, "delete": stale}, urgent
        if key[0] == "dm":
            # A first panel opens the DM and sends (reserved at once: a request past the reservation
            # waits in line again, behind every redraw that came meanwhile); a later one is an edit.
            first = self.bot.service.store.dm_known(key[1], key[2]) is False
            needs = {"open": 1, "send": 1} if first else {"edit": 1}
            return ("dm", key[2]), needs, self._urgent(key)
        return None

    def _urgent(self, key: Any) -> bool:
        """A lobby's edit, and the DM panel of a player the game does not wait on, can wait behind
        the tables, prompts and panels that let a game be played (a burst of new tables drew lobby
        edits first, and no table came within the players' patience)."""
        row = self.bot.service.store.peek(key[1])
        if row is None:
            return True
        if key[0] == "channel":
            return row["status"] != Status.LOBBY.value
        user = key[2]
        seat = GUIDE if row["roles"].get("guide") == user else (row["seats"].index(user) if user in row["seats"] else None)
        return seat is not None and str(seat) in row["waiting"]

    def _wanted(self, key: Any) -> bool:
        """False for a DM panel redraw with nothing left to draw (a click's answer drew it)."""
        if isinstance(key, tuple) and key[0] == "dm":
            return f"dm:{key[2]}" in (self._pubs.get(key[1]) or {}).get("pending", {})
        return True

    def _room(self, key: Any) -> float:
        """Seconds until the channel a redraw of `key` writes to has room for it."""
        pace = self._pace(key)
        return self.pacer.channel_wait(pace[0], pace[1]) if pace else 0.0

    async def _run(self, key: Any, job: Callable[[], Awaitable[None]]) -> None:
        try:
            while True:
                self._again.discard(key)
                rest = await self._redraw(key, job)
                if rest is not None:
                    await asyncio.gather(rest, return_exceptions=True)
                if key not in self._again:
                    break
        finally:
            self._tasks.pop(key, None)

    async def _redraw(self, key: Any, job: Callable[[], Awaitable[None]]) -> asyncio.Task[bool] | None:
        """Run one redraw of `key`: wait for room in the pacer, then draw from the newest state.
        Returns the drawing's task if it has taken longer than DRAW_STUCK (see `RedrawQueue`)."""
        limited = 0
        while self._wanted(key):  # else a click's answer drew it meanwhile
            pace = self._pace(key) if isinstance(key, tuple) else None
            # Wait for room in the channel's buckets first, then draw: what changed meanwhile
            # is drawn by this one redraw, from the newest state.
            ticket = await self.pacer.ready(pace[0], pace[1], urgent=pace[2], name=key) if pace else None
            drawing = asyncio.create_task(self._draw(key, job, ticket, give_up=limited >= RATE_LIMITED_TRIES))
            self._drawings.add(drawing)
            drawing.add_done_callback(self._drawings.discard)
            try:
                done, _ = await asyncio.wait({drawing}, timeout=DRAW_STUCK)
            except asyncio.CancelledError:
                drawing.cancel()
                raise
            if not done:
                log.warning("redrawing %s has taken over %.0f s: the other redraws go on", key, DRAW_STUCK)
                return drawing
            if not drawing.result():
                return None
            # discord.py gave up on a rate limit: wait, then draw again from the newest state (the
            # changes made meanwhile are drawn once, not one by one).
            limited += 1
            await asyncio.sleep(RATE_LIMITED_WAIT * limited)
        return None

    async def _draw(self, key: Any, job: Callable[[], Awaitable[None]], ticket: Ticket | None, *, give_up: bool) -> bool:
        """Draw, charging the requests to `ticket`. True if Discord refused it for its rate limits
        and it should be tried again."""
        self.pacer.bind(ticket)
        try:
            if self._wanted(key):
                await job()
            return False
        except discord.HTTPException as exc:
            if exc.status == 429 and not give_up:
                return True
            log.exception("publishing %s failed", key)
            return False
        except Exception:
            log.exception("publishing %s failed", key)
            return False
        finally:
            self.pacer.release(ticket)  # what the redraw reserved and did not use

    async def drain(self) -> None:
        """Wait until every pending edit is done (tests, shutdown)."""
        while self.pending():
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)
            await self._redraws.drain()
            await self._early.drain()
            await asyncio.sleep(0)  # a finished job may have scheduled more

    async def channel_settled(self, session_id: int) -> None:
        """Wait until the session's table, prompt and result are drawn (a game's own after-game
        messages, such as Apocrypha's Mission End, come after the result post)."""
        await self._redraws.settled(("channel", session_id))

    def cancel(self) -> None:
        """Drop every unfinished redraw (a crash, in tests); `repair` redraws them on the next start."""
        for task in list(self._tasks.values()):
            task.cancel()
        self._tasks.clear()
        self._again.clear()
        self._redraws.cancel()
        self._early.cancel()
        for drawing in list(self._drawings):
            drawing.cancel()

    # -- the channel: table, prompt, result ---------------------------------------
    def _channel(self, row: GameSession) -> discord.PartialMessageable:
        return self.bot.get_partial_messageable(row.table_channel_id or row.channel_id)

    async def _delete(self, where: list[int] | None) -> None:
        if not where:
            return
        async with self.pacer.request(where[0], "delete"):
            with contextlib.suppress(discord.NotFound):
                await self.bot.get_partial_messageable(where[0]).get_partial_message(where[1]).delete()

    async def _update_channel(self, session_id: int) -> None:
        row = await self.bot.service.store.get(session_id)
        if row is None:
            return
        if row.table_message_id is None and row.status == Status.LOBBY.value:
            return  # the lobby's opener is posting the table right now, and refreshes it after
        if session_id in self._starting and row.state is not None:
            # A redraw asked for before the Start (a join's) that runs while the Start is being
            # answered: the new table is that answer's to draw. `starting` redraws what it left.
            return
        pub = await self.record(session_id)
        version = row.version
        async with self._lock(("table", session_id)):
            reposted = await self._update_table(row, pub)
        async with self._lock(("prompt", session_id)):
            fresh = await self.bot.service.store.get(session_id)
            if fresh is None or fresh.version == row.version:
                await self._update_prompt(row, pub, reposted)
            # Else a newer move was saved meanwhile, whose prompt an early prompt may have posted
            # already (`_early_prompt`): the channel's next redraw, asked for with it, draws it.
            # (Not drawn from `fresh` here: a lobby's redraw that read the lobby must not post a
            # prompt while the Start's answer posts its own.)
        if row.status not in ACTIVE and row.state is not None and not pub.get("result"):
            await self._post_result(row, pub)
            for where in pub.pop("notices", []):
                await self._delete(where)
        if pub.get("pending", {}).get("channel", version + 1) <= version:
            del pub["pending"]["channel"]
        await self._save(session_id)

    async def _update_table(self, row: GameSession, pub: dict[str, Any]) -> bool:
        """Edit the live table, or post it anew at the bottom. True if it was posted anew."""
        cog = self.bot.game_cog(row.game)
        embeds, view = cog.table_message(row)
        if row.state is None:  # a lobby (open, or closed before the start): its one message
            if row.table_message_id is None or pub.get("lobby_version", -1) >= row.version:
                return False  # drawn already: a burst of joins is drawn once, at its newest
            async with self.pacer.request(self._channel(row).id, "edit"):
                await self._channel(row).get_partial_message(row.table_message_id).edit(
                    embeds=embeds, view=view
                )
            pub["lobby_version"] = row.version
            return False
        live = pub.get("table")
        if pub.pop("close_lobby", False) and row.table_message_id:  # the Start's answer drew the table
            await self._close_lobby(row)
        repost = bool(pub.pop("repost", False)) and row.status == Status.RUNNING.value
        picture = await table_file(self.bot, row, embeds)  # drawn in a worker thread; None when off
        if live and not repost and pub.get("table_version", -1) >= row.version:
            return False  # drawn already (by a click's answer)
        if live and not repost:
            try:
                channel = self.bot.get_partial_messageable(live[0])
                async with self.pacer.request(live[0], "edit"):
                    await channel.get_partial_message(live[1]).edit(
                        embeds=embeds, view=view, attachments=[picture] if picture else []
                    )
                pub["table_version"] = row.version
                return False
            except discord.NotFound:
                log.info("session %s: table message gone; posting a new one", row.id)
        async with self.pacer.request(self._channel(row).id, "send"):
            message = await self._channel(row).send(
                embeds=embeds, view=view or discord.utils.MISSING, file=picture or discord.utils.MISSING
            )
        pub["table"] = [message.channel.id, message.id]
        pub["table_version"] = row.version
        pub["actions"] = 0
        if live:
            await self._delete(live)
        elif row.table_message_id:
            await self._close_lobby(row)
        return True

    async def _close_lobby(self, row: GameSession) -> None:
        """The lobby message stays as the game's opener, closed: its buttons are gone."""
        assert row.table_message_id is not None
        async with self.pacer.request(self._channel(row).id, "edit"):
            await self._channel(row).get_partial_message(row.table_message_id).edit(
                embeds=[self.bot.game_cog(row.game).lobby_embed(row)], view=None
            )

    async def _update_prompt(self, row: GameSession, pub: dict[str, Any], reposted: bool) -> None:
        """One live prompt naming everyone the game waits on; replaced when that changes, when the
        table moved below it, or for a reminder; reworded in place when only what they are awaited
        for changed. A reminder keeps its "Reminder: " until a reminded player has acted. The record
        is [channel, message, users, words, whether it reads as a reminder]."""
        while pub.get("stale_prompts"):  # replaced by an early prompt (`_early_prompt`)
            await self._delete(pub["stale_prompts"][0])
            pub["stale_prompts"].pop(0)
        pub.pop("stale_prompts", None)
        old = pub.get("prompt")
        users = [u for u in (user_of(row, int(s)) for s in row.waiting) if u is not None]
        remind = [u for u in pub.pop("remind", []) if u in users]
        if row.status != Status.RUNNING.value or not users:
            pub["prompt"] = None
            await self._delete(old)
            return
        users, words = self._waiting_words(row)
        link = self.table_link(row)
        after = f" ([table]({link}))" if link else ""
        if old and old[2] == users and not reposted and not remind:
            shown = old[3:5] + [False] * (5 - len(old))  # a record saved before the reminder flag had none
            reminder = bool(shown[1]) and _reminder_standing(row, pub)
            if shown != [words, reminder]:  # the same players, awaited for something else: reworded in place
                async with self.pacer.request(old[0], "edit"):
                    await self.bot.get_partial_messageable(old[0]).get_partial_message(old[1]).edit(
                        content=_prompt_text(words, reminder) + after, allowed_mentions=discord.AllowedMentions.none()
                    )
                pub["prompt"] = [old[0], old[1], users, words, reminder]
            return
        before = old[2] if old else []
        ping = [u for u in users if u not in before] + remind
        async with self.pacer.request(self._channel(row).id, "send"):
            message = await self._channel(row).send(
                _prompt_text(words, bool(remind)) + after,
                allowed_mentions=discord.AllowedMentions(users=[discord.Object(id=u) for u in ping]),
            )
        pub["prompt"] = [message.channel.id, message.id, users, words, bool(remind)]
        await self._delete(old)

    async def _post_result(self, row: GameSession, pub: dict[str, Any]) -> None:
        cog = self.bot.game_cog(row.game)
        history = self.bot.service.history(row)
        embed = cog.result_embed(row, history)
        text = "\n".join(fill_seats(line, row) for line in history.lines) + "\n"
        file = discord.File(io.BytesIO(text.encode()), filename=f"{row.game}-{row.id}.log")
        async with self.pacer.request(self._channel(row).id, "send"):
            message = await self._channel(row).send(embed=embed, file=file)
        pub["result"] = [message.channel.id, message.id]

    # -- DMs --------------------------------------------------------------------
    async def _update_dm(self, session_id: int, user_id: int) -> None:
        key = f"dm:{user_id}"
        async with self._lock(("dm", session_id, user_id)):
            pub = await self.record(session_id)
            pending = pub.setdefault("pending", {})
            if key not in pending:
                return  # a click's answer drew it while this waited
            row = await self.bot.service.store.get(session_id)
            if row is None:
                return
            try:
                await self._draw_dm(row, user_id)
            finally:
                if pending.get(key, row.version + 1) <= row.version:
                    del pending[key]
                    await self._save(session_id)

    async def _draw_dm(self, row: GameSession, user_id: int) -> None:
        assert row.id is not None
        if user_id in row.dm_closed:
            return
        seat = actor_of(row, user_id)
        if seat is None:
            return
        cog = self.bot.game_cog(row.game)
        embeds, view = cog.private_message(row, seat, self.notes(row.id, user_id))
        if not embeds:
            return
        pictures = await panel_files(self.bot, row, seat, user_id, embeds)
        known = await self.bot.service.store.get_dm(row.id, user_id)
        try:
            if known is not None:
                try:
                    channel = self.bot.get_partial_messageable(
                        known.channel_id, type=discord.ChannelType.private
                    )
                    async with self.pacer.request(("dm", user_id), "edit"):
                        await channel.get_partial_message(known.message_id).edit(
                            embeds=embeds, view=view, attachments=pictures
                        )
                    return
                except discord.NotFound:
                    pass
            async with self.pacer.request(("dm", user_id), "open"):
                dm = await self.bot.create_dm(discord.Object(id=user_id))
            async with self.pacer.request(("dm", user_id), "send"):
                message = await dm.send(
                    embeds=embeds, view=view or discord.utils.MISSING, files=pictures or discord.utils.MISSING
                )
            await self.bot.service.store.put_dm(
                DmMessage(session_id=row.id, user_id=user_id, channel_id=dm.id, message_id=message.id)
            )
        except discord.Forbidden as exc:
            if exc.code != 50007:
                raise
            await self._dm_refused(row, user_id)

    async def _dm_refused(self, row: GameSession, user_id: int) -> None:
        assert row.id is not None
        first_time = await self.bot.service.mark_dm_closed(row.id, user_id)
        if not first_time:
            return
        pub = await self.record(row.id)
        if pub.get("seen") == row.version:
            pub["seen"] = row.version + 1  # marking the DMs closed is no change to redraw
        await self.post_notice(
            row,
            f"{mention(user_id)}, I can't send you direct messages, so your private cards stay with me: "
            f"use `/{row.game} hand` to see them (only you will). The game goes on.",
        )

    async def post_notice(self, row: GameSession, text: str) -> None:
        """A one-off public line for the game's players (mentions allowed). Deleted when the game
        ends, so the channel keeps only the lobby, the table and the result."""
        assert row.id is not None
        async with self.pacer.request(self._channel(row).id, "send"):
            message = await self._channel(row).send(text, allowed_mentions=discord.AllowedMentions(users=True))
        pub = await self.record(row.id)
        pub.setdefault("notices", []).append([message.channel.id, message.id])
        await self._save(row.id)


def _prompt_text(words: str, reminder: bool) -> str:
    return f"{REMINDER}{words}" if reminder else words


def _reminder_standing(row: GameSession, pub: dict[str, Any]) -> bool:
    """Some player the game waits on was reminded of this very wait (acting starts a new one)."""
    reminded = pub.get("reminded", {})
    return any(reminded.get(seat) == since for seat, since in row.waiting.items())


def _prompt_names(content: str) -> list[int]:
    """The users a prompt names at its start ("<@1> <@2>: …", or "Reminder: <@1>: …")."""
    head = content.removeprefix(REMINDER).split(":", 1)[0]
    return [int(u) for u in re.findall(r"<@!?(\d+)>", head)]


def _sessions_on(message: discord.Message) -> set[int]:
    """The sessions whose game controls are on a message."""
    found = set()
    for row in message.components:
        for item in getattr(row, "children", [row]):
            parts = parse_custom_id(getattr(item, "custom_id", None) or "")
            if parts is not None:
                found.add(parts.session_id)
    return found


def duration_text(row: GameSession) -> str:
    minutes = max(0, round((as_utc(row.updated_at) - as_utc(row.created_at)).total_seconds() / 60))
    if minutes < 60:
        return "under a minute" if minutes == 0 else f"{minutes} minute{'s' * (minutes != 1)}"
    hours, rest = divmod(minutes, 60)
    return f"{hours} h {rest:02d} min"
