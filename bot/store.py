"""Storage: SQLModel tables over SQLAlchemy's async engine, with optimistic concurrency.

SQLite (aiosqlite, WAL) by default; PostgreSQL (asyncpg) by DATABASE_URL with
no other change. Discord ids need 64 bits, hence BigInteger columns. The schema is made and
changed by the Alembic revisions in bot/migrations: a column added here needs a revision there.
"""

from __future__ import annotations

import asyncio
import copy
import json
import sqlite3
import sys
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any

import aiosqlite
from sqlalchemy import (
    BigInteger,
    Column,
    DateTime,
    Index,
    UniqueConstraint,
    event,
    text,
)
from sqlalchemy.engine import make_url
from sqlalchemy.ext.asyncio import AsyncEngine, async_sessionmaker, create_async_engine
from sqlalchemy.orm import instrumentation
from sqlalchemy.pool import NullPool, QueuePool
from sqlmodel import JSON, Field, SQLModel, select
from sqlmodel.ext.asyncio.session import AsyncSession

from bot import migrations

if TYPE_CHECKING:
    import asyncpg  # loaded only for PostgreSQL (`_PostgresFast`): 3 MB a SQLite bot never needs


def utcnow() -> datetime:
    return datetime.now(UTC)


class Status(StrEnum):
    LOBBY = "lobby"
    RUNNING = "running"
    FINISHED = "finished"
    ABANDONED = "abandoned"


ACTIVE = (Status.LOBBY.value, Status.RUNNING.value)
_ACTIVE_SQL = text("status IN ('lobby', 'running')")
READ_CACHE_KB = 512  # SQLite page cache per pooled read connection (see `_make_engine`)
# Ended games remembered by id and version only (`Store._ended`), so a read that raced the end is
# not cached as running: far more than end within the time of one read, and a few hundred KB.
ENDED_REMEMBERED = 4096
RECORD_GROUPS_KEPT = 4096  # users' record lists cached (`Store._records`), the least recently read dropped first
CLOSE_WAIT_SECONDS = 5.0  # how long `Store.close` lets running reads hand their connections back
# How much the newest write counts in `Store.write_time`, a moving average: a few writes show a
# queue forming, and one slow write does not make the next ten actions defer.
WRITE_TIME_WEIGHT = 0.2


def _big(**kw: Any) -> Any:
    return Field(default=None, sa_column=Column(BigInteger, **kw))


def _when() -> Any:
    return Field(default_factory=utcnow, sa_column=Column(DateTime(timezone=True), nullable=False))


class GameSession(SQLModel, table=True):
    """One game in one channel. `state` is the rules engine's JSON; `version` guards every write."""

    __tablename__ = "sessions"
    __table_args__ = (
        # At most one lobby or running game per channel, enforced by the database itself.
        Index(
            "one_active_game_per_channel",
            "channel_id",
            unique=True,
            sqlite_where=_ACTIVE_SQL,  # PostgreSQL's clause is added with its first store (`_on_postgresql`)
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int | None = _big(index=True)
    channel_id: int = Field(sa_column=Column(BigInteger, nullable=False, index=True))
    game: str
    status: str = Status.LOBBY.value
    host_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    seats: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # Extra roles filled by a user id, e.g. {"guide": 1234}.
    roles: dict[str, int] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    options: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    state: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))
    # Last public lines, newest last, for the table message.
    log: list[str] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # {seat: ISO time} since when the game has waited on that seat (for answer timeouts).
    waiting: dict[str, str] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    # Users whose DMs are closed: they read their hand with /<game> hand.
    dm_closed: list[int] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    # {user id: display name at join}: button labels and DMs cannot mention, so they name players.
    names: dict[str, str] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    result: str | None = None
    # The seed and every applied command: the same seed and moves replay the same game.
    seed: int | None = _big()
    moves: list[dict[str, Any]] = Field(default_factory=list, sa_column=Column(JSON, nullable=False))
    table_channel_id: int | None = _big()
    table_message_id: int | None = _big()
    version: int = 0
    created_at: datetime = _when()
    updated_at: datetime = _when()


class DmMessage(SQLModel, table=True):
    """The one DM message per player per session that is edited as their private view changes."""

    __tablename__ = "dm_messages"

    session_id: int = Field(primary_key=True)
    user_id: int = Field(sa_column=Column(BigInteger, primary_key=True))
    channel_id: int = Field(sa_column=Column(BigInteger, nullable=False))
    message_id: int = Field(sa_column=Column(BigInteger, nullable=False))


class Publication(SQLModel, table=True):
    """What the Discord layer has shown of a session: where its table and prompt are, which
    session version each was drawn from, what is still to redraw, and each player's private
    lines ("Only you saw"). Kept apart from the session row so that writing it never bumps the
    session's version; on start the bot redraws exactly what a dead process left unpublished."""

    __tablename__ = "publications"

    session_id: int = Field(primary_key=True)
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))


class PlayerRecord(SQLModel, table=True):
    """Long-lived per-user things outside one session: saints, decklists, campaign records."""

    __tablename__ = "player_records"
    __table_args__ = (UniqueConstraint("guild_id", "user_id", "game", "kind", "name"),)

    id: int | None = Field(default=None, primary_key=True)
    guild_id: int = Field(sa_column=Column(BigInteger, nullable=False, index=True))
    # 0 for records that belong to the whole server (e.g. a campaign).
    user_id: int = Field(sa_column=Column(BigInteger, nullable=False, index=True))
    game: str
    kind: str
    name: str
    data: dict[str, Any] = Field(default_factory=dict, sa_column=Column(JSON, nullable=False))
    version: int = 0
    updated_at: datetime = _when()


_SESSION_MANAGER = instrumentation.manager_of_class(GameSession)


def _by_name(data: dict[str, Any]) -> str:
    return str(data["name"])


def _record_of(data: dict[str, Any]) -> PlayerRecord:
    """A record of its own from cached data (its data copied: callers may change it)."""
    return PlayerRecord.model_validate({**data, "data": copy.deepcopy(data["data"])})

class StaleWrite(Exception):
    """Another writer saved a newer version first."""


class ChannelBusy(Exception):
    """The channel already has a lobby or running game."""


def _on_postgresql() -> None:
    """Give the one-active-game index its PostgreSQL clause. Not in the model itself: naming any
    `postgresql_*` option makes SQLAlchemy import its PostgreSQL dialect (4 MB of the bot's memory,
    issue 11) into every bot, SQLite ones included. The migrations create the index on their own;
    the models' copy serves `create_all` and the schema comparison of tests/platform/test_migrations.py."""
    index = next(i for i in GameSession.__table__.indexes if i.name == "one_active_game_per_channel")  # type: ignore[attr-defined]
    index.dialect_kwargs["postgresql_where"] = _ACTIVE_SQL


class Store:
    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = url
        if url.startswith("postgresql"):
            _on_postgresql()
        self.engine: AsyncEngine = _make_engine(url, echo)
        self._sessions = async_sessionmaker(self.engine, class_=AsyncSession, expire_on_commit=False)
        self._fast: _SqliteFast | _PostgresFast | None = (
            _SqliteFast(url, self.engine) if url.startswith("sqlite") else _PostgresFast(url, self.engine)
        )
        self._rows: dict[int, dict[str, Any]] = {}  # session id -> row as saved (see the sessions section)
        self._active: dict[int, int] = {}  # channel id -> id of its lobby or running session
        # Set by `know_active`: every lobby or running session of the channels this process
        # serves is in `_active`, so a channel missing from it has none (see `active_in_channel`).
        self._knows_channels = False
        self._unsure: set[int] = set()  # channels whose session a write lost to another process
        self._doubts = 0  # how many times a channel became unsure (a read that began before keeps it so)
        self._dms: dict[int, dict[int, tuple[int, int]]] = {}  # session -> user -> (channel, message)
        # Ended sessions, newest last: id -> the version that ended it. Nothing of an ended game is
        # cached (a bot running for weeks would keep every game it ever ran); this keeps a read
        # that began before the end from caching the game again as running.
        self._ended: dict[int, int] = {}
        # Set by `sole_writer`: sessions created here whose publication and DM rows only this
        # process writes, so none exist in the database beyond what it wrote (no read needed).
        self._sole = False
        self._no_publication: set[int] = set()
        self._no_dms: set[int] = set()  # sessions whose DM rows are all in `_dms`
        # (guild, user, game, kind) -> those records as saved, by name; least recently read first.
        self._records: OrderedDict[tuple[int, int, str, str], list[dict[str, Any]]] = OrderedDict()
        # (guild, user, game, kind) -> [reads of those records under way, writes to them meanwhile]:
        # a read that a write overlapped is not cached (per player: in a burst, some player's write
        # overlapped nearly every read).
        self._record_reads: dict[tuple[int, int, str, str], list[int]] = {}

    def write_time(self) -> float:
        """Seconds a hot write (a save, a publication, a DM panel, a record) has taken lately, end
        to end: its wait for the connection included, so it grows as writes queue in a burst."""
        return self._fast.took if self._fast is not None else 0.0

    async def init(self, *, migrate: bool = False) -> None:
        """Check the schema is current (SchemaOutdated names the command if not); migrate first if asked."""
        if migrate:
            await migrations.upgrade(self.transactional)
        await migrations.check(self.engine)

    async def migrate(self) -> None:
        await migrations.upgrade(self.transactional)

    @property
    def transactional(self) -> AsyncEngine:
        """The engine with real transactions (PostgreSQL's reads autocommit, see `_make_engine`)."""
        if self.url.startswith("sqlite"):
            return self.engine
        return self.engine.execution_options(isolation_level="READ COMMITTED")

    async def close(self) -> None:
        if self._fast is not None:
            await self._fast.close()
        # A read still running (a handler that answered and goes on, a publisher job) holds a
        # pooled connection; `dispose` closes only idle ones, and a connection handed back to the
        # disposed pool later stays open until garbage collection. Let those reads finish first.
        pool = self.engine.sync_engine.pool
        loop = asyncio.get_running_loop()
        deadline = loop.time() + CLOSE_WAIT_SECONDS
        while isinstance(pool, QueuePool) and pool.checkedout() and loop.time() < deadline:
            await asyncio.sleep(0.01)
        await self.engine.dispose()
        # A handler finishing during shutdown may still read or write: it gets a connection that
        # is closed when returned, not one parked in the disposed pool and garbage-collected open.
        self.engine = _make_engine(self.url, False, pooled=False)
        self._sessions = async_sessionmaker(self.engine, class_=AsyncSession, expire_on_commit=False)

    # -- sessions -----------------------------------------------------------
    # Rows are cached per process, write-through. A cached row is only a starting point: every
    # save is `UPDATE ... WHERE version = ?`, so a row another process changed fails to save
    # (StaleWrite), drops out of the cache, and the service retries from a fresh load. Reads
    # therefore cost nothing, and writes are exactly as safe as without the cache.

    #
    # Each channel's lobby or running session is cached too (`_active`). A channel belongs to one
    # shard, so only this process opens games in the channels it serves: once it has read every
    # active session at start (`know_active`), a channel it has no entry for has no game, with no
    # query. A channel whose session a write lost to another process (StaleWrite, ChannelBusy) is
    # "unsure" and read from the database until it is known again.

    def _remember(self, row: GameSession) -> dict[str, Any]:
        """Cache a lobby or running game's row as saved or read; drop an ended one. Returns the
        newest data known (a read that began before a newer save gets the newer)."""
        assert row.id is not None
        cached = self._rows.get(row.id)
        if cached is not None and cached["version"] > row.version:
            return cached  # a read that started before this process's own newer save: keep the newer
        data = row.model_dump()
        if row.id in self._ended and self._ended[row.id] >= row.version:
            return data  # read before the game ended here: not cached again
        if row.status in ACTIVE:
            self._rows[row.id] = data
            self._active[row.channel_id] = row.id
            return data
        self._drop(row.id)
        if self._active.get(row.channel_id) == row.id:
            del self._active[row.channel_id]
        self._ended.pop(row.id, None)
        self._ended[row.id] = row.version
        while len(self._ended) > ENDED_REMEMBERED:
            del self._ended[next(iter(self._ended))]
        return data

    def _drop(self, session_id: int) -> None:
        """Everything cached of one session."""
        self._rows.pop(session_id, None)
        self._dms.pop(session_id, None)
        self._no_publication.discard(session_id)
        self._no_dms.discard(session_id)

    def _forget(self, session_id: int) -> None:
        data = self._rows.get(session_id)
        self._drop(session_id)
        if data is not None and self._active.get(data["channel_id"]) == session_id:
            del self._active[data["channel_id"]]
            self._doubt(data["channel_id"])

    def _doubt(self, channel_id: int) -> None:
        self._unsure.add(channel_id)
        self._doubts += 1

    async def know_active(self, serves: Callable[[GameSession], bool] = lambda _row: True) -> int:
        """Read every lobby and running session of the channels this process serves (`serves`:
        this shard's guilds) into the cache; from now on a channel with no entry has no game.
        At start, before the first interaction. Returns how many there are."""
        rows = [row for row in await self.list_active() if serves(row)]
        for row in rows:
            self._remember(row)
        self._unsure.clear()
        self._knows_channels = True
        return len(rows)

    def sole_writer(self) -> None:
        """This is the only bot process on the database (one shard): the publication and DM rows
        of a session it created are only ever written by it, so it need not read them back."""
        self._sole = True

    @staticmethod
    def _copy(data: dict[str, Any]) -> GameSession:
        # Containers are copied one level deep; the service only ever replaces them whole.
        # The data was validated when saved, so skip validation (model_construct) and give the
        # object the ORM state SQLModel's attribute setter needs: ten times cheaper than __init__.
        row = GameSession.model_construct(
            **{k: (v.copy() if isinstance(v, (dict, list)) else v) for k, v in data.items()}
        )
        _SESSION_MANAGER.setup_instance(row)
        return row

    async def create(self, row: GameSession) -> GameSession:
        try:
            row.id = await self._fast.insert_session(row.model_dump(exclude={"id"}))  # type: ignore[union-attr]
        except _duplicate_key() as exc:
            self._doubt(row.channel_id)  # a game this process does not know of: read it
            raise ChannelBusy from exc
        data = self._remember(row)
        if self._sole and row.id in self._rows:
            self._no_publication.add(row.id)  # type: ignore[arg-type]
            self._no_dms.add(row.id)  # type: ignore[arg-type]
        return self._copy(data)

    def peek(self, session_id: int) -> dict[str, Any] | None:
        """The cached row as saved, not copied (read it, never change it), or None: for a quick
        look that must not wait on the database (the publisher's choice of what to draw first)."""
        return self._rows.get(session_id)

    async def get(self, session_id: int, *, fresh: bool = False) -> GameSession | None:
        if not fresh and session_id in self._rows:
            return self._copy(self._rows[session_id])
        async with self._sessions() as db:
            row = await db.get(GameSession, session_id)
        if row is None:
            self._forget(session_id)
            return None
        return self._copy(self._remember(row))

    async def active_in_channel(self, channel_id: int) -> GameSession | None:
        known = self._active.get(channel_id)
        if known is not None:
            row = await self.get(known)
            if row is not None and row.status in ACTIVE and row.channel_id == channel_id:
                return row
        elif self._knows_channels and channel_id not in self._unsure:
            return None  # every game of this process's channels is known: this one has none
        doubts = self._doubts
        async with self._sessions() as db:
            q = select(GameSession).where(
                GameSession.channel_id == channel_id, GameSession.status.in_(ACTIVE)
            )  # type: ignore[attr-defined]
            row = (await db.exec(q)).first()
        if doubts == self._doubts:  # no write lost meanwhile: what was read is what there is
            self._unsure.discard(channel_id)
        if row is None:
            return None
        return self._copy(self._remember(row))

    async def list_guild(
        self, guild_id: int, *, active_only: bool = True, limit: int = 25
    ) -> list[GameSession]:
        async with self._sessions() as db:
            q = select(GameSession).where(GameSession.guild_id == guild_id)
            if active_only:
                q = q.where(GameSession.status.in_(ACTIVE))  # type: ignore[attr-defined]
            q = q.order_by(GameSession.updated_at.desc()).limit(limit)  # type: ignore[attr-defined]
            return list((await db.exec(q)).all())

    async def list_active(self) -> list[GameSession]:
        async with self._sessions() as db:
            q = select(GameSession).where(GameSession.status.in_(ACTIVE))  # type: ignore[attr-defined]
            return list((await db.exec(q)).all())

    async def list_ended_since(self, since: datetime) -> list[GameSession]:
        """Sessions that ended (finished or abandoned) at or after `since`."""
        async with self._sessions() as db:
            q = select(GameSession).where(
                GameSession.status.not_in(ACTIVE),  # type: ignore[attr-defined]
                GameSession.updated_at >= since,  # type: ignore[operator]
            )
            return list((await db.exec(q)).all())

    async def save(self, row: GameSession) -> GameSession:
        """Write `row` if nobody saved since it was loaded; bump its version. Else StaleWrite."""
        assert row.id is not None
        values = row.model_dump(exclude={"id", "version", "created_at"})
        values["updated_at"] = utcnow()
        try:
            rowcount = await self._fast.save_session(values, row.id, row.version)  # type: ignore[union-attr]
        except _duplicate_key() as exc:
            self._forget(row.id)
            raise ChannelBusy from exc
        if rowcount != 1:
            self._forget(row.id)
            raise StaleWrite(f"session {row.id} changed since version {row.version}")
        row.version += 1
        row.updated_at = values["updated_at"]
        self._remember(row)
        return row

    # -- DM messages --------------------------------------------------------
    def dm_known(self, session_id: int, user_id: int) -> bool | None:
        """Whether the user's DM panel of the session is known to exist, without a read: True, False
        (none was sent), or None (not known here)."""
        if user_id in self._dms.get(session_id, {}):
            return True
        return False if session_id in self._no_dms else None

    # Cached only for the games whose rows are (lobbies and running games): an ended game's are
    # read from the database, the few times its panels are drawn after the end.
    async def get_dm(self, session_id: int, user_id: int) -> DmMessage | None:
        where = self._dms.get(session_id, {}).get(user_id)
        if where is None and session_id in self._no_dms:
            return None
        if where is None:
            async with self._sessions() as db:
                found = await db.get(DmMessage, (session_id, user_id))
            if found is None:
                return None
            where = (found.channel_id, found.message_id)
            if session_id in self._rows:
                self._dms.setdefault(session_id, {})[user_id] = where
        channel_id, message_id = where
        return DmMessage(session_id=session_id, user_id=user_id, channel_id=channel_id, message_id=message_id)

    async def put_dm(self, dm: DmMessage) -> None:
        await self._fast.put_dm(dm)  # type: ignore[union-attr]
        if dm.session_id in self._rows:
            self._dms.setdefault(dm.session_id, {})[dm.user_id] = (dm.channel_id, dm.message_id)

    # -- publications ---------------------------------------------------------
    async def get_publication(self, session_id: int) -> dict[str, Any]:
        if session_id in self._no_publication:
            return {}
        async with self._sessions() as db:
            found = await db.get(Publication, session_id)
        return dict(found.data) if found is not None else {}

    async def put_publication(self, session_id: int, data: dict[str, Any]) -> None:
        await self._fast.put_publication(session_id, json.dumps(data))  # type: ignore[union-attr]
        self._no_publication.discard(session_id)

    async def last_in_channel(self, channel_id: int, game: str | None = None) -> GameSession | None:
        """The newest session of this channel (of one game, if given), whatever its status."""
        async with self._sessions() as db:
            q = select(GameSession).where(GameSession.channel_id == channel_id)
            if game is not None:
                q = q.where(GameSession.game == game)
            q = q.order_by(GameSession.id.desc()).limit(1)  # type: ignore[union-attr]
            return (await db.exec(q)).first()

    # -- player records -----------------------------------------------------
    # One user's records of one kind (a player's saints, decklists) are cached together, write-
    # through: a lobby reads them for every player who joins, and in a burst of new tables those
    # reads queued on the pool (p99 2.5 s). A guild's records are written only by the process that
    # serves it (a channel belongs to one shard); a write that loses anyway (StaleWrite) drops them.
    # Records come back sorted by name in Python's order, cached or not.

    async def _record_group(self, guild_id: int, user_id: int, game: str, kind: str) -> list[dict[str, Any]]:
        key = (guild_id, user_id, game, kind)
        group = self._records.get(key)
        if group is not None:
            self._records.move_to_end(key)
            return group
        reading = self._record_reads.setdefault(key, [0, 0])
        reading[0] += 1
        writes = reading[1]
        try:
            async with self._sessions() as db:
                q = select(PlayerRecord).where(
                    PlayerRecord.guild_id == guild_id,
                    PlayerRecord.user_id == user_id,
                    PlayerRecord.game == game,
                    PlayerRecord.kind == kind,
                )
                group = sorted((r.model_dump() for r in (await db.exec(q)).all()), key=_by_name)
        finally:
            reading[0] -= 1
            if not reading[0]:
                del self._record_reads[key]
        if writes == reading[1]:  # no write meanwhile: what was read is what there is
            self._records[key] = group
            while len(self._records) > RECORD_GROUPS_KEPT:
                self._records.popitem(last=False)
        return group

    def _record_written(self, record: PlayerRecord, *, deleted: bool = False) -> None:
        key = (record.guild_id, record.user_id, record.game, record.kind)
        if key in self._record_reads:
            self._record_reads[key][1] += 1
        group = self._records.get(key)
        if group is None:
            return
        kept = [d for d in group if d["id"] != record.id]
        self._records[key] = kept if deleted else sorted([*kept, record.model_dump()], key=_by_name)

    def _records_doubted(self, record: PlayerRecord) -> None:
        key = (record.guild_id, record.user_id, record.game, record.kind)
        if key in self._record_reads:
            self._record_reads[key][1] += 1
        self._records.pop(key, None)

    async def get_record(
        self, guild_id: int, user_id: int, game: str, kind: str, name: str
    ) -> PlayerRecord | None:
        for data in await self._record_group(guild_id, user_id, game, kind):
            if data["name"] == name:
                return _record_of(data)
        return None

    async def list_records(
        self, guild_id: int, user_id: int | None, game: str, kind: str
    ) -> list[PlayerRecord]:
        if user_id is not None:
            return [_record_of(d) for d in await self._record_group(guild_id, user_id, game, kind)]
        async with self._sessions() as db:
            q = select(PlayerRecord).where(
                PlayerRecord.guild_id == guild_id, PlayerRecord.game == game, PlayerRecord.kind == kind
            )
            return sorted((await db.exec(q)).all(), key=lambda r: r.name)

    async def save_record(self, record: PlayerRecord) -> PlayerRecord:
        """Insert a new record, or update one with the version check (StaleWrite if it lost a race).
        One statement on the fast path, as session saves are (`_SqliteFast`, `_PostgresFast`)."""
        record.updated_at = utcnow()
        values = record.model_dump(exclude={"id"})
        if record.id is None:
            try:
                record.id = await self._fast.insert_record(values)  # type: ignore[union-attr]
            except _duplicate_key() as exc:
                self._records_doubted(record)
                raise StaleWrite(f"record {record.kind}/{record.name} already exists") from exc
            self._record_written(record)
            return record
        values["version"] = record.version + 1
        rowcount = await self._fast.update_record(values, record.id, record.version)  # type: ignore[union-attr]
        if rowcount != 1:
            self._records_doubted(record)
            raise StaleWrite(f"record {record.id} changed since version {record.version}")
        record.version += 1
        self._record_written(record)
        return record

    async def delete_record(self, record: PlayerRecord) -> None:
        async with self._sessions() as db:
            obj = await db.get(PlayerRecord, record.id)
            if obj is not None:
                await db.delete(obj)
                await db.commit()
        self._record_written(record, deleted=True)


class _TimedWrites(ABC):
    """What a hot write takes lately, end to end (`Store.write_time`): each write goes through
    `_use`, which times the subclass's `_use_connection` (the wait for the connection included)."""

    took = 0.0  # seconds, a moving average

    @abstractmethod
    def _use_connection(self) -> Any:
        """The backend's connection for one write (an async context manager)."""

    @asynccontextmanager
    async def _use(self) -> AsyncIterator[Any]:
        started = time.monotonic()
        try:
            async with self._use_connection() as conn:
                yield conn
        finally:
            self.took += (time.monotonic() - started - self.took) * WRITE_TIME_WEIGHT


class _SqliteFast(_TimedWrites):
    """The hot writes on SQLite as single autocommitted statements on one dedicated aiosqlite connection.

    Through SQLAlchemy's session a save costs a dozen thread hops (about 2 ms, fifty times the
    UPDATE itself) and keeps SQLite's write lock across event-loop turns, so under load other
    writers sleep in SQLite's busy handler. Here each write is one statement in one hop, and all
    of them queue on one connection instead of contending for the lock. The statements and the
    column encodings come from the table definitions, so both paths write the same bytes (a test
    reads them back through SQLAlchemy).
    """

    def __init__(self, url: str, engine: AsyncEngine) -> None:
        self.path = make_url(url).database or ":memory:"
        self.dialect = engine.dialect
        table = GameSession.__table__  # type: ignore[attr-defined]
        self.update_names, self.update_enc = _columns(table, self.dialect, skip=("id", "version", "created_at"))
        assignments = ", ".join(f"{name} = ?" for name in self.update_names)
        self.update_sql = (
            f"UPDATE {table.name} SET {assignments}, version = version + 1 WHERE id = ? AND version = ?"
        )
        self.insert_names, self.insert_enc = _columns(table, self.dialect, skip=("id",))
        marks = ", ".join("?" for _ in self.insert_names)
        self.insert_sql = f"INSERT INTO {table.name} ({', '.join(self.insert_names)}) VALUES ({marks})"
        records = PlayerRecord.__table__  # type: ignore[attr-defined]
        self.record_names, self.record_enc = _columns(records, self.dialect, skip=("id",))
        self.record_insert_sql = (
            f"INSERT INTO {records.name} ({', '.join(self.record_names)}) VALUES ({', '.join('?' for _ in self.record_names)})"
        )
        self.record_update_sql = (
            f"UPDATE {records.name} SET {', '.join(f'{n} = ?' for n in self.record_names)} WHERE id = ? AND version = ?"
        )
        self._conn: aiosqlite.Connection | None = None
        self._closed = False
        self._opening = asyncio.Lock()

    @asynccontextmanager
    async def _use_connection(self) -> AsyncIterator[aiosqlite.Connection]:
        async with self._opening:
            if self._conn is None and not self._closed:
                conn = await aiosqlite.connect(self.path, isolation_level=None, timeout=30)
                await conn.execute("PRAGMA busy_timeout=30000")
                await conn.execute("PRAGMA synchronous=NORMAL")
                self._conn = conn
        if self._conn is not None:
            yield self._conn
            return
        # A write that arrives after close (a handler finishing while the bot shuts down) still
        # lands, on a connection of its own that is closed at once rather than left for the GC.
        async with aiosqlite.connect(self.path, isolation_level=None, timeout=30) as conn:
            yield conn

    async def insert_session(self, values: dict[str, Any]) -> int:
        async with self._use() as conn:
            cursor = await conn.execute(self.insert_sql, _encode(values, self.insert_names, self.insert_enc))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def save_session(self, values: dict[str, Any], session_id: int, version: int) -> int:
        async with self._use() as conn:
            cursor = await conn.execute(
                self.update_sql, [*_encode(values, self.update_names, self.update_enc), session_id, version]
            )
        return cursor.rowcount

    async def insert_record(self, values: dict[str, Any]) -> int:
        async with self._use() as conn:
            cursor = await conn.execute(self.record_insert_sql, _encode(values, self.record_names, self.record_enc))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    async def update_record(self, values: dict[str, Any], record_id: int, version: int) -> int:
        async with self._use() as conn:
            cursor = await conn.execute(
                self.record_update_sql, [*_encode(values, self.record_names, self.record_enc), record_id, version]
            )
        return cursor.rowcount

    async def put_dm(self, dm: DmMessage) -> None:
        async with self._use() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO dm_messages (session_id, user_id, channel_id, message_id) VALUES (?, ?, ?, ?)",
                (dm.session_id, dm.user_id, dm.channel_id, dm.message_id),
            )

    async def put_publication(self, session_id: int, data: str) -> None:
        async with self._use() as conn:
            await conn.execute(
                "INSERT OR REPLACE INTO publications (session_id, data) VALUES (?, ?)", (session_id, data)
            )

    async def close(self) -> None:
        async with self._opening:
            self._closed = True
            if self._conn is not None:
                await self._conn.close()
                self._conn = None


class _PostgresFast(_TimedWrites):
    """The hot writes on PostgreSQL as single statements straight through an asyncpg pool.

    Through SQLAlchemy a save checked out a pooled connection with a pre-ping (a round trip of
    its own), then ran the UPDATE: two round trips and SQLAlchemy's per-statement work on the
    bot's one event loop, where 1,000 busy channels queue. Here each write is one prepared
    statement (asyncpg caches it per connection) on a small pool, with no transaction around it,
    and one round trip (the pool's reset on release is turned off: `_nothing_to_reset`).
    Columns are encoded by the dialect's own bind processors, so both paths write the same values.
    """

    POOL_SIZE = 10

    def __init__(self, url: str, engine: AsyncEngine) -> None:
        self.dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.dialect = engine.dialect
        table = GameSession.__table__  # type: ignore[attr-defined]
        self.update_names, self.update_enc = _columns(table, self.dialect, skip=("id", "version", "created_at"))
        n = len(self.update_names)
        assignments = ", ".join(f"{name} = ${i}" for i, name in enumerate(self.update_names, 1))
        self.update_sql = (
            f"UPDATE {table.name} SET {assignments}, version = version + 1 WHERE id = ${n + 1} AND version = ${n + 2}"
        )
        self.insert_names, self.insert_enc = _columns(table, self.dialect, skip=("id",))
        marks = ", ".join(f"${i}" for i in range(1, len(self.insert_names) + 1))
        self.insert_sql = (
            f"INSERT INTO {table.name} ({', '.join(self.insert_names)}) VALUES ({marks}) RETURNING id"
        )
        records = PlayerRecord.__table__  # type: ignore[attr-defined]
        self.record_names, self.record_enc = _columns(records, self.dialect, skip=("id",))
        m = len(self.record_names)
        self.record_insert_sql = (
            f"INSERT INTO {records.name} ({', '.join(self.record_names)}) "
            f"VALUES ({', '.join(f'${i}' for i in range(1, m + 1))}) RETURNING id"
        )
        self.record_update_sql = (
            f"UPDATE {records.name} SET {', '.join(f'{n} = ${i}' for i, n in enumerate(self.record_names, 1))} "
            f"WHERE id = ${m + 1} AND version = ${m + 2}"
        )
        self._pool: asyncpg.Pool | None = None
        self._closed = False
        self._opening = asyncio.Lock()

    @asynccontextmanager
    async def _use_connection(self) -> AsyncIterator[asyncpg.Pool | asyncpg.Connection]:
        import asyncpg

        if self._pool is None and not self._closed:
            async with self._opening:
                if self._pool is None and not self._closed:
                    self._pool = await asyncpg.create_pool(
                        self.dsn, min_size=1, max_size=self.POOL_SIZE, reset=_nothing_to_reset
                    )
        if self._pool is not None:
            yield self._pool
            return
        # After close, as on SQLite: a late write still lands, on a connection closed at once.
        conn = await asyncpg.connect(self.dsn)
        try:
            yield conn
        finally:
            await conn.close()

    async def insert_session(self, values: dict[str, Any]) -> int:
        async with self._use() as db:
            return await db.fetchval(self.insert_sql, *_encode(values, self.insert_names, self.insert_enc))

    async def save_session(self, values: dict[str, Any], session_id: int, version: int) -> int:
        async with self._use() as db:
            status = await db.execute(
                self.update_sql, *_encode(values, self.update_names, self.update_enc), session_id, version
            )
        return int(status.rsplit(" ", 1)[-1])  # "UPDATE <rows>"

    async def insert_record(self, values: dict[str, Any]) -> int:
        async with self._use() as db:
            return await db.fetchval(self.record_insert_sql, *_encode(values, self.record_names, self.record_enc))

    async def update_record(self, values: dict[str, Any], record_id: int, version: int) -> int:
        async with self._use() as db:
            status = await db.execute(
                self.record_update_sql, *_encode(values, self.record_names, self.record_enc), record_id, version
            )
        return int(status.rsplit(" ", 1)[-1])  # "UPDATE <rows>"

    async def put_dm(self, dm: DmMessage) -> None:
        async with self._use() as db:
            await db.execute(
                "INSERT INTO dm_messages (session_id, user_id, channel_id, message_id) VALUES ($1, $2, $3, $4) "
                "ON CONFLICT (session_id, user_id) DO UPDATE SET channel_id = EXCLUDED.channel_id, "
                "message_id = EXCLUDED.message_id",
                dm.session_id, dm.user_id, dm.channel_id, dm.message_id,
            )

    async def put_publication(self, session_id: int, data: str) -> None:
        async with self._use() as db:
            await db.execute(
                "INSERT INTO publications (session_id, data) VALUES ($1, $2::json) "
                "ON CONFLICT (session_id) DO UPDATE SET data = EXCLUDED.data",
                session_id, data,
            )

    async def close(self) -> None:
        async with self._opening:
            self._closed = True
            if self._pool is not None:
                await self._pool.close()
                self._pool = None


def _duplicate_key() -> tuple[type[Exception], ...]:
    """What a duplicate key raises: SQLite's error, and asyncpg's once PostgreSQL loaded it (an
    `except` evaluates this only when an exception reaches it)."""
    pg = sys.modules.get("asyncpg")
    return (sqlite3.IntegrityError, pg.UniqueViolationError) if pg is not None else (sqlite3.IntegrityError,)


async def _nothing_to_reset(_connection: asyncpg.Connection) -> None:
    """The fast path's statements leave no session state (no SET, cursor, LISTEN or advisory lock),
    so a connection goes back to the pool as it is. asyncpg's default reset sent `SELECT
    pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL` on every release: a second round
    trip for every one-statement write. (An open transaction is still rolled back by asyncpg.)"""


def _columns(table: Any, dialect: Any, skip: tuple[str, ...]) -> tuple[list[str], list[Any]]:
    columns = [c for c in table.columns if c.name not in skip]
    return [c.name for c in columns], [c.type.bind_processor(dialect) for c in columns]


def _encode(values: dict[str, Any], names: list[str], encoders: list[Any]) -> list[Any]:
    return [enc(values[n]) if enc else values[n] for n, enc in zip(names, encoders, strict=True)]


def _make_engine(url: str, echo: bool, *, pooled: bool = True) -> AsyncEngine:
    if url.startswith("sqlite"):
        # Pooled connections spare a thread and the pragmas per operation. Session saves are
        # single autocommitted statements, so writers hold SQLite's lock only for microseconds.
        sizes: dict[str, Any] = dict(pool_size=5, max_overflow=5, pool_timeout=60) if pooled else {"poolclass": NullPool}
        engine = create_async_engine(url, echo=echo, connect_args={"timeout": 30}, **sizes)

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA busy_timeout=30000")
            # Each pooled connection keeps its own page cache (2 MB by default, filled as it reads);
            # the reads left on the pool are few and small since sessions are cached, and the OS
            # caches the file anyway.
            cur.execute(f"PRAGMA cache_size=-{READ_CACHE_KB}")
            cur.close()

        return engine
    # PostgreSQL: the reads left on SQLAlchemy (the hot writes go through `_PostgresFast`) autocommit,
    # each one statement and one round trip. In a transaction, asyncpg's adapter sent BEGIN before
    # and ROLLBACK after every read, and the pool's pre-ping another BEGIN, `;`, ROLLBACK: six round
    # trips for one SELECT. Without the pre-ping, a connection the server dropped fails one read, and
    # SQLAlchemy then discards every pooled connection as old (as the fast path's pool does its own).
    # Migrations ask for a transaction of their own (`Store.transactional`).
    if not pooled:
        return create_async_engine(url, echo=echo, poolclass=NullPool, isolation_level="AUTOCOMMIT")
    return create_async_engine(url, echo=echo, pool_size=20, max_overflow=20, isolation_level="AUTOCOMMIT")
