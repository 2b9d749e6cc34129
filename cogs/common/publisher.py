"""Keeps what players see in step with the store: the table message, DMs, and mentions.

Runs after the service has saved, in background tasks, so an interaction is
answered at once. Work is coalesced per message: a burst of actions gives one
edit showing the newest saved state, and edits of one message never race.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.events import Audience
from bot.engine.seats import GUIDE
from bot.service import Result, actor_of, user_of
from bot.store import ACTIVE, DmMessage, GameSession, Status
from cogs.common.text import fill_seats, mention

if TYPE_CHECKING:
    from bot.client import TabletopBot

log = logging.getLogger(__name__)

NOTES_KEPT = 6  # recent private lines shown in a player's DM


class DiscordPublisher:
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        self._tasks: dict[Any, asyncio.Task[None]] = {}
        self._again: set[Any] = set()
        self._notes: dict[tuple[int, int], deque[str]] = {}

    # -- entry point from the service ------------------------------------------
    async def publish(self, result: Result) -> None:
        row = result.session
        sid = row.id
        assert sid is not None
        noted: set[int] = set()
        for event in result.events:
            if event.audience is Audience.PUBLIC:
                continue
            user = user_of(row, GUIDE if event.audience is Audience.GUIDE else event.seat or 0)
            if user is not None:
                self.notes(sid, user).append(fill_seats(event.text, row))
                noted.add(user)
        self.refresh_table(sid)
        self.bot.game_cog(row.game).on_result(result)
        for user in self._private_targets(result) | noted:
            if user not in row.dm_closed:
                self.schedule(("dm", sid, user), lambda u=user: self._update_dm(sid, u))
        pings = [user_of(row, s) for s in result.newly_waiting]
        pings = [u for u in pings if u is not None]
        if pings and row.status in ACTIVE:
            self.schedule(("ping", sid, tuple(pings)), lambda: self._ping(row, pings))

    def refresh_table(self, session_id: int) -> None:
        self.schedule(("table", session_id), lambda: self._update_table(session_id))

    def notes(self, session_id: int, user_id: int) -> deque[str]:
        return self._notes.setdefault((session_id, user_id), deque(maxlen=NOTES_KEPT))

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
        # Some games' panels show the shared table too (Catharsis: dice, foes, votes).
        if row.status not in ACTIVE or self.bot.game_cog(row.game).panels_follow_table:
            targets.update(row.seats)
            targets.update(row.roles.values())
        return targets

    # -- coalescing -------------------------------------------------------------
    def schedule(self, key: Any, job: Callable[[], Awaitable[None]]) -> None:
        """Run `job` in the background; if one with this key is running, run it once more after."""
        task = self._tasks.get(key)
        if task is not None and not task.done():
            self._again.add(key)
            return
        self._tasks[key] = asyncio.create_task(self._run(key, job))

    async def _run(self, key: Any, job: Callable[[], Awaitable[None]]) -> None:
        try:
            while True:
                self._again.discard(key)
                try:
                    await job()
                except Exception:
                    log.exception("publishing %s failed", key)
                if key not in self._again:
                    break
        finally:
            self._tasks.pop(key, None)

    async def drain(self) -> None:
        """Wait until every pending edit is done (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    # -- the table ----------------------------------------------------------------
    async def _update_table(self, session_id: int) -> None:
        row = await self.bot.service.store.get(session_id)
        if row is None:
            return
        if row.table_message_id is None and row.status == Status.LOBBY.value:
            return  # the lobby's opener is posting the table right now, and refreshes it after
        cog = self.bot.game_cog(row.game)
        embeds, view = cog.table_message(row)
        channel = self.bot.get_partial_messageable(row.table_channel_id or row.channel_id)
        if row.table_message_id is not None:
            try:
                await channel.get_partial_message(row.table_message_id).edit(embeds=embeds, view=view)
                return
            except discord.NotFound:
                log.info("session %s: table message gone; posting a new one", session_id)
        message = await channel.send(embeds=embeds, view=view)
        await self.bot.service.set_table(session_id, message.channel.id, message.id)

    async def _ping(self, row: GameSession, users: list[int]) -> None:
        channel = self.bot.get_partial_messageable(row.table_channel_id or row.channel_id)
        who = " ".join(mention(u) for u in users)
        cog = self.bot.game_cog(row.game)
        await channel.send(
            f"{who}: {cog.waiting_prompt(row)}", allowed_mentions=discord.AllowedMentions(users=True)
        )

    # -- DMs --------------------------------------------------------------------
    async def _update_dm(self, session_id: int, user_id: int) -> None:
        row = await self.bot.service.store.get(session_id)
        if row is None or user_id in row.dm_closed:
            return
        seat = actor_of(row, user_id)
        if seat is None:
            return
        cog = self.bot.game_cog(row.game)
        embeds, view = cog.private_message(row, seat, list(self.notes(session_id, user_id)))
        if not embeds:
            return
        known = await self.bot.service.store.get_dm(session_id, user_id)
        try:
            if known is not None:
                try:
                    channel = self.bot.get_partial_messageable(
                        known.channel_id, type=discord.ChannelType.private
                    )
                    await channel.get_partial_message(known.message_id).edit(embeds=embeds, view=view)
                    return
                except discord.NotFound:
                    pass
            dm = await self.bot.create_dm(discord.Object(id=user_id))
            message = await dm.send(embeds=embeds, view=view)
            await self.bot.service.store.put_dm(
                DmMessage(session_id=session_id, user_id=user_id, channel_id=dm.id, message_id=message.id)
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
        channel = self.bot.get_partial_messageable(row.table_channel_id or row.channel_id)
        await channel.send(
            f"{mention(user_id)}, I can't send you direct messages, so your private cards stay with me: "
            f"use `/{row.game} hand` to see them (only you will). The game goes on.",
            allowed_mentions=discord.AllowedMentions(users=True),
        )
