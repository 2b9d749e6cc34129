"""SessionService: load -> lock -> apply -> save -> publish, for every game. No discord here.

Every change to a session goes through `_change`: take the session's asyncio
lock, load the newest row, run a pure function on it, save with the version
check. A stale write (another process saved first) is retried once from a
fresh load, then refused with a plain sentence: never overwritten.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import weakref
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from bot.engine.errors import GameError
from bot.engine.events import Audience, Event
from bot.engine.game import Rules
from bot.engine.seats import GUIDE, Seat, seat_ref
from bot.engine.state import project
from bot.engine.text import plural, verb
from bot.store import ACTIVE, ChannelBusy, GameSession, PlayerRecord, StaleWrite, Status, Store, utcnow
from bot.waits import span

log = logging.getLogger(__name__)
T = TypeVar("T")

LOG_LINES = 12  # public lines kept for the table message
# A change expected to be saved this late is answered first (see `SessionService.wait_coming`):
# in a 1,000-channel burst a write took 70-150 ms at p50 (its turn on SQLite's one connection),
# and an action waited for two (its save and its publication record) before its first answer.
LATE_SAVE = 0.25


@dataclass
class Result:
    """What a service call did, for the Discord layer to show."""

    session: GameSession
    events: list[Event] = field(default_factory=list)
    notice: str = ""  # a confirmation for the user who acted
    newly_waiting: list[Seat] = field(default_factory=list)  # seats to mention: the game now waits on them
    done_waiting: list[Seat] = field(default_factory=list)  # seats the game no longer waits on
    actor: Seat | None = None  # who made the change (None: the service itself, e.g. the start)
    previous_state: dict[str, Any] | None = None  # the state before, to tell whose private view changed


class StaleClick(GameError):
    """A click drawn for an earlier moment of the game that is not applied (see `SessionService.act`)."""


def moment(row: GameSession) -> int:
    """The moment a panel is drawn for: how many moves the session has had."""
    return len(row.moves)


@dataclass
class History:
    """A whole game retold from its seed and moves: every public line, and how many turns passed."""

    lines: list[str]
    turns: int
    moves: int


class Publisher(Protocol):
    async def publish(self, result: Result) -> None: ...

    async def remind(self, row: GameSession, seats: list[Seat]) -> None: ...


class NullPublisher:
    async def publish(self, result: Result) -> None:
        return None

    async def remind(self, row: GameSession, seats: list[Seat]) -> None:
        return None


def as_utc(when: datetime) -> datetime:
    """SQLite hands back naive datetimes; everything here is UTC."""
    return when if when.tzinfo else when.replace(tzinfo=UTC)


def actor_of(row: GameSession, user_id: int) -> Seat | None:
    """The seat a user plays in this session: a player seat, GUIDE, or None."""
    if row.roles.get("guide") == user_id:
        return GUIDE
    if user_id in row.seats:
        return row.seats.index(user_id)
    return None


def user_of(row: GameSession, seat: Seat) -> int | None:
    if seat == GUIDE:
        return row.roles.get("guide")
    return row.seats[seat] if 0 <= seat < len(row.seats) else None


class SessionService:
    def __init__(
        self,
        store: Store,
        games: dict[str, Rules],
        *,
        publisher: Publisher | None = None,
        clock: Callable[[], datetime] = utcnow,
        seed_source: Callable[[], int] = lambda: secrets.randbits(63),
        answer_timeout: timedelta = timedelta(minutes=10),
        idle_after: timedelta = timedelta(days=7),
        remind_after: timedelta | None = None,
    ) -> None:
        self.store = store
        self.games = games
        self.publisher: Publisher = publisher or NullPublisher()
        self.clock = clock
        self.seed_source = seed_source
        self.answer_timeout = answer_timeout
        self.idle_after = idle_after
        self.remind_after = remind_after
        # Kept while someone holds or waits for it: not one lock per game or record ever touched.
        self._locks: weakref.WeakValueDictionary[Any, asyncio.Lock] = weakref.WeakValueDictionary()
        self._changing: dict[int, int] = {}  # session id -> changes holding or waiting for its lock

    # -- helpers --------------------------------------------------------------
    def rules(self, game: str) -> Rules:
        try:
            return self.games[game]
        except KeyError:
            raise GameError(f"There is no game called {game!r} here.") from None

    def _lock(self, key: Any) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock

    def wait_coming(self, session_id: int | None = None) -> bool:
        """Whether a change to this session (or a new one) would be saved and recorded for
        publishing only LATE_SAVE from now or later: the changes ahead of it for the session's lock,
        then its own two writes, each at what a write takes now. The Discord layer then answers
        first and follows up, rather than keep the player waiting (the result still comes after
        the save)."""
        ahead = self._changing.get(session_id, 0) if session_id is not None else 0
        return (ahead + 2) * self.store.write_time() >= LATE_SAVE

    async def session_in(self, channel_id: int, game: str | None = None) -> GameSession:
        """The channel's running or open game; `game` (the asking cog's) names the command to start one."""
        row = await self.store.active_in_channel(channel_id)
        if row is None:
            start = f"`/{game} new`" if game else "a game's `new` command, such as `/haunted new` (`/help` lists them)"
            raise GameError(f"There is no game in this channel. Start one with {start}.")
        return row

    async def session(self, session_id: int) -> GameSession:
        row = await self.store.get(session_id)
        if row is None:
            raise GameError("That game no longer exists.")
        return row

    async def _change(
        self, session_id: int, change: Callable[[GameSession], Result], *, publish: bool = True
    ) -> Result:
        lock = self._lock(("session", session_id))
        self._changing[session_id] = self._changing.get(session_id, 0) + 1
        try:
            with span("lock"):
                await lock.acquire()
        except BaseException:
            self._done_changing(session_id)
            raise
        try:
            for attempt in (1, 2):
                with span("load"):
                    row = await self.session(session_id)
                with span("apply"):
                    result = change(row)
                try:
                    with span("save"):
                        await self.store.save(result.session)
                except StaleWrite:
                    log.info("session %s: stale write on attempt %d", session_id, attempt)
                    continue
                except ChannelBusy:
                    raise GameError("This channel already has another game running.") from None
                break
            else:
                raise GameError("Someone changed this game at the same moment; please try again.")
        finally:
            lock.release()
            self._done_changing(session_id)
        if publish:
            with span("publish"):
                await self._publish(result)
        return result

    def _done_changing(self, session_id: int) -> None:
        left = self._changing.pop(session_id) - 1
        if left:
            self._changing[session_id] = left

    async def _publish(self, result: Result) -> None:
        try:
            await self.publisher.publish(result)
        except Exception:  # the game is saved; a failed message must never undo or block it
            log.exception("session %s: publishing failed", result.session.id)

    # -- lobby ----------------------------------------------------------------
    async def new(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        game: str,
        host_id: int,
        options: dict[str, Any] | None = None,
        host_role: str | None = None,
        host_name: str | None = None,
    ) -> Result:
        """Open a lobby. host_role None seats the host as the first player; a role name gives them that role."""
        rules = self.rules(game)
        parsed = rules.parse_options(options or {})
        if host_role is not None and host_role not in rules.roles:
            raise GameError(f"{rules.title} has no {host_role} role.")
        row = GameSession(
            guild_id=guild_id,
            channel_id=channel_id,
            game=game,
            host_id=host_id,
            seats=[] if host_role else [host_id],
            roles={host_role: host_id} if host_role else {},
            options=parsed.model_dump(mode="json"),
            names={str(host_id): host_name} if host_name else {},
        )
        try:
            row = await self.store.create(row)
        except ChannelBusy:
            busy = await self.store.active_in_channel(channel_id)
            name = self.games[busy.game].title if busy and busy.game in self.games else "another game"
            status = busy.status if busy else "running"
            raise GameError(
                f"This channel already has a {name} game ({status}). End it with `/game end` or use another channel."
            ) from None
        # Not published: the caller posts the lobby as the table message and records it with set_table.
        return Result(row, notice=f"You opened a {rules.title} lobby.")

    async def join(
        self, session_id: int, user_id: int, role: str | None = None, name: str | None = None
    ) -> Result:
        def change(row: GameSession) -> Result:
            rules = self._lobby(row)
            if user_id in row.seats or user_id in row.roles.values():
                raise GameError("You are already in this game.")
            if name:
                row.names = {**row.names, str(user_id): name}
            if role is not None:
                if role not in rules.roles:
                    raise GameError(f"{rules.title} has no {role} role.")
                if role in row.roles:
                    raise GameError(f"Someone already has the {role} role.")
                row.roles = {**row.roles, role: user_id}
                return Result(row, notice=f"You joined as the {role}.")
            most = rules.most_players(rules.parse_options(row.options))
            if len(row.seats) >= most:
                where = " with these options" if most < rules.max_players else ""
                raise GameError(f"The table is full: {rules.title} takes at most {most} players{where}.")
            row.seats = [*row.seats, user_id]
            return Result(row, notice=f"You joined in seat {len(row.seats)}.")

        return await self._change(session_id, change)

    async def update_options(
        self, session_id: int, change: Callable[[GameSession], dict[str, Any]]
    ) -> Result:
        """Change a lobby's options (e.g. a player's chosen deck); `change(row)` returns the new options."""

        def apply(row: GameSession) -> Result:
            rules = self._lobby(row, verb="change the options")
            row.options = rules.parse_options(change(row)).model_dump(mode="json")
            return Result(row)

        return await self._change(session_id, apply)

    async def leave(self, session_id: int, user_id: int) -> Result:
        def change(row: GameSession) -> Result:
            self._lobby(row, verb="leave")
            if user_id in row.seats:
                row.seats = [u for u in row.seats if u != user_id]
            elif user_id in row.roles.values():
                row.roles = {k: v for k, v in row.roles.items() if v != user_id}
            else:
                raise GameError("You are not in this game.")
            notice = "You left the lobby."
            if user_id == row.host_id:
                people = row.seats + list(row.roles.values())
                if people:
                    row.host_id = people[0]
                    notice += " The host's chair passes to the next person."
                else:
                    row.status = Status.ABANDONED.value
                    notice += " Nobody is left, so the lobby is closed."
            return Result(row, notice=notice)

        return await self._change(session_id, change)

    async def start(self, session_id: int, user_id: int, seed: int | None = None) -> Result:
        def change(row: GameSession) -> Result:
            rules = self._lobby(row, verb="start")
            if user_id != row.host_id:
                raise GameError("Only the host can start the game.")
            n = len(row.seats)
            if n < rules.min_players:
                raise GameError(
                    f"{rules.title} needs at least {plural(rules.min_players, 'player')}; "
                    f"{n} {verb(n, 'has', 'have')} joined."
                )
            options = rules.parse_options(row.options)
            if n > rules.most_players(options):
                raise GameError(
                    f"{rules.title} takes at most {rules.most_players(options)} players with these options;"
                    f" {n} have joined."
                )
            missing = [r for r in self._required_roles(rules, options) if r not in row.roles]
            if missing:
                raise GameError(
                    f"This game needs a {missing[0]} before it can start: `/{row.game} join role:{missing[0]}`."
                )
            game_seed = seed if seed is not None else self.seed_source()
            outcome = rules.setup(options, n, game_seed, self._filled(rules, row))
            row.seed = game_seed
            row.state = outcome.state.model_dump(mode="json")
            row.status = Status.RUNNING.value
            result = Result(row, outcome.events, notice="The game has started.")
            self._after_state(row, rules, result, actor=None)
            return result

        return await self._change(session_id, change)

    async def end(self, session_id: int, user_id: int, *, can_manage: bool = False) -> Result:
        def change(row: GameSession) -> Result:
            if row.status not in ACTIVE:
                raise GameError("That game has already ended.")
            if user_id != row.host_id and not can_manage:
                raise GameError("Only the host or someone with Manage Channels can end this game.")
            row.status = Status.ABANDONED.value
            row.result = row.result or "Ended before the finish."
            row.waiting = {}
            return Result(row, [Event.public("ended", "The game was ended.")], notice=f"<@{user_id}> ended the game.")

        return await self._change(session_id, change)

    # -- play -------------------------------------------------------------------
    async def act(self, session_id: int, user_id: int, command: Any, *, moment: int | None = None) -> Result:
        """Apply a player's command. `moment` is the moment the clicked panel was drawn for (None
        for a typed command): a click from an earlier moment passes only `_check_moment`."""

        def change(row: GameSession) -> Result:
            rules = self.rules(row.game)
            if row.status == Status.LOBBY.value:
                raise GameError("The game has not started yet.")
            actor = actor_of(row, user_id)
            if actor is None:
                raise GameError("You are not playing in this game.")
            parsed = rules.parse_command(command)
            stale = moment is not None and moment != len(row.moves)
            if stale:  # checked first: a double click on the move that ended the game is named as such
                self._check_moment(row, actor, parsed, moment)  # type: ignore[arg-type]
            if row.status not in ACTIVE:
                raise GameError("This game has ended.")
            if not stale:
                return self._apply(row, rules, actor, parsed)
            try:
                return self._apply(row, rules, actor, parsed)
            except GameError as exc:  # no longer legal: say so, and the player gets the new panel
                raise StaleClick(f"The game has moved on since that panel was drawn. {exc.message}") from None

        return await self._change(session_id, change)

    @staticmethod
    def _check_moment(row: GameSession, actor: Seat, command: Any, at: int) -> None:
        """Refuse a click from an earlier moment unless it still means exactly what the player meant.

        The moves since the panel was drawn decide. If this seat made any, the click is refused:
        the same command is a double click, another means the player clicked a panel that was out
        of date for them. If only other seats moved, the click goes on to `apply`, which accepts
        it only if the command is still legal (another player's move does not change what "play
        this card" or "end my step" means for this seat).
        """
        moves = row.moves
        if at == len(moves):
            return
        if at > len(moves):
            raise StaleClick("That button does not belong to this game's current play.")
        mine = [m["command"] for m in moves[at:] if m["seat"] == actor]
        if command.model_dump(mode="json") in mine:
            raise StaleClick("You already did that: the second click was not applied.")
        if mine:
            raise StaleClick("You have acted since that panel was drawn, so this click was not applied.")

    def _apply(self, row: GameSession, rules: Rules, actor: Seat, command: Any, note: str = "") -> Result:
        before = row.state
        state = rules.load_state(row.state or {})
        outcome = rules.apply(state, actor, command)
        row.state = outcome.state.model_dump(mode="json")
        move: dict[str, Any] = {"seat": actor, "command": command.model_dump(mode="json")}
        if note:
            move["note"] = note  # the timeout line is part of the public story: keep it for the history
        row.moves = [*row.moves, move]
        events = ([Event.public("timeout", note)] if note else []) + outcome.events
        result = Result(row, events, previous_state=before)
        self._after_state(row, rules, result, actor=actor)
        return result

    def _after_state(self, row: GameSession, rules: Rules, result: Result, actor: Seat | None) -> None:
        """Bookkeeping after the state changed: log, waiting seats, finish."""
        state = rules.load_state(row.state or {})
        public = [e.text for e in result.events if e.audience is Audience.PUBLIC]
        row.log = (row.log + public)[-LOG_LINES:]
        now = self.clock().isoformat()
        waiting = {}
        for seat in rules.waiting_for(state):
            key = str(seat)
            # The actor's clock restarts: they just answered, whatever comes next.
            waiting[key] = now if (key not in row.waiting or seat == actor) else row.waiting[key]
        result.actor = actor
        # Mention only seats the game was not already waiting on: never the player who just acted.
        result.newly_waiting = [int(k) for k in waiting if k not in row.waiting]
        result.done_waiting = [int(k) for k in row.waiting if k not in waiting]
        row.waiting = waiting
        outcome = rules.result(state)
        if outcome is not None:
            row.status = Status.FINISHED.value
            row.result = outcome
            result.done_waiting = [int(k) for k in row.waiting]
            row.waiting = {}
            result.newly_waiting = []

    def _lobby(self, row: GameSession, verb: str = "join") -> Rules:
        rules = self.rules(row.game)
        if row.status == Status.RUNNING.value:
            raise GameError(f"The game has already started, so you cannot {verb} now.")
        if row.status != Status.LOBBY.value:
            raise GameError("That game has ended.")
        return rules

    @staticmethod
    def _filled(rules: Rules, row: GameSession) -> dict[str, bool]:
        return {r: r in row.roles for r in rules.roles}

    def replay(self, row: GameSession) -> dict[str, Any]:
        """Rebuild the state from the seed and the moves (for bug reports and tests)."""
        rules = self.rules(row.game)
        if row.seed is None:
            raise GameError("That game has not started, so there is nothing to replay.")
        state = rules.setup(rules.parse_options(row.options), len(row.seats), row.seed, self._filled(rules, row)).state
        for move in row.moves:
            state = rules.apply(state, move["seat"], rules.parse_command(move["command"])).state
        return state.model_dump(mode="json")

    def history(self, row: GameSession) -> History:
        """Every public line of the game, rebuilt from the seed and the moves, so the whole log is
        never stored (the row keeps only the last few lines, for the table)."""
        rules = self.rules(row.game)
        if row.seed is None:
            return History(list(row.log), 0, 0)
        try:
            outcome = rules.setup(
                rules.parse_options(row.options), len(row.seats), row.seed, self._filled(rules, row)
            )
            lines = [e.text for e in outcome.events if e.audience is Audience.PUBLIC]
            state, waiting = outcome.state, list(rules.waiting_for(outcome.state))
            turns = 1 if waiting else 0
            for move in row.moves:
                if move.get("note"):
                    lines.append(move["note"])
                step = rules.apply(state, move["seat"], rules.parse_command(move["command"]))
                state = step.state
                lines += [e.text for e in step.events if e.audience is Audience.PUBLIC]
                now = list(rules.waiting_for(state))
                if now and now != waiting:
                    turns += 1
                waiting = now
        except Exception:  # a game saved by an older release may no longer replay: keep what we have
            log.warning("session %s: the history did not replay; using the saved lines", row.id, exc_info=True)
            return History(list(row.log), 0, len(row.moves))
        if row.status not in ACTIVE and row.log and row.log[-1] not in lines[-1:]:
            lines.append(row.log[-1])  # the end itself (/end, the idle sweep) is not a move
        return History(lines, turns, len(row.moves))

    @staticmethod
    def _required_roles(rules: Rules, options: Any) -> Sequence[str]:
        needs = getattr(rules, "required_roles", None)
        return needs(options) if callable(needs) else ()

    # -- bookkeeping for the Discord layer (no events, nothing to publish) ------
    async def set_table(self, session_id: int, channel_id: int, message_id: int) -> None:
        def change(row: GameSession) -> Result:
            row.table_channel_id, row.table_message_id = channel_id, message_id
            return Result(row)

        await self._change(session_id, change, publish=False)

    async def mark_dm_closed(self, session_id: int, user_id: int) -> bool:
        """Remember that a user's DMs are closed. True the first time (say so once, publicly)."""
        first = False

        def change(row: GameSession) -> Result:
            nonlocal first
            first = user_id not in row.dm_closed
            if first:
                row.dm_closed = [*row.dm_closed, user_id]
            return Result(row)

        await self._change(session_id, change, publish=False)
        return first

    # -- reading ----------------------------------------------------------------
    def view_for(self, row: GameSession, user_id: int | None) -> dict[str, Any]:
        """What this user may see of the session's state."""
        if row.state is None:
            return {}
        rules = self.rules(row.game)
        viewer = actor_of(row, user_id) if user_id is not None else None
        return project(rules.load_state(row.state), viewer)

    def legal_actions(self, row: GameSession, seat: Seat) -> list[Any]:
        if row.state is None or row.status != Status.RUNNING.value:
            return []
        rules = self.rules(row.game)
        return rules.legal_actions(rules.load_state(row.state), seat)

    # -- upkeep -----------------------------------------------------------------
    async def sweep(self) -> list[Result]:
        """Mark idle sessions abandoned and answer for players who ran out of time."""
        now = self.clock()
        done: list[Result] = []
        for row in await self.store.list_active():
            try:
                if now - as_utc(row.updated_at) > self.idle_after:
                    done.append(await self._abandon_idle(row.id))
                    continue
                late = [
                    int(key)
                    for key, since in row.waiting.items()
                    if self.remind_after is not None and now - datetime.fromisoformat(since) > self.remind_after
                ]
                if late and row.status == Status.RUNNING.value:
                    await self.publisher.remind(row, late)
                for key, since in row.waiting.items():
                    if now - datetime.fromisoformat(since) > self.answer_timeout:
                        res = await self._time_out(row.id, int(key))
                        if res is not None:
                            done.append(res)
            except GameError as exc:
                log.info("sweep: session %s: %s", row.id, exc.message)
            except Exception:
                log.exception("sweep: session %s failed", row.id)
        return done

    async def _abandon_idle(self, session_id: int) -> Result:
        def change(row: GameSession) -> Result:
            if row.status not in ACTIVE:
                raise GameError("already ended")
            row.status = Status.ABANDONED.value
            row.result = "Abandoned after a long silence."
            row.waiting = {}
            text = f"Nobody has played for {self.idle_after.days} days, so this game was closed."
            return Result(row, [Event.public("abandoned", text)])

        return await self._change(session_id, change)

    async def _time_out(self, session_id: int, seat: Seat) -> Result | None:
        def change(row: GameSession) -> Result:
            rules = self.rules(row.game)
            since = row.waiting.get(str(seat))
            if row.status != Status.RUNNING.value or since is None:
                raise GameError("no longer waiting")
            if self.clock() - datetime.fromisoformat(since) <= self.answer_timeout:
                raise GameError("answered in time")
            state = rules.load_state(row.state or {})
            command = rules.timeout_command(state, seat)
            if command is None:
                raise GameError("this game does not time out")
            minutes = round(self.answer_timeout.total_seconds() / 60)
            note = f"{seat_ref(seat)} did not answer within {minutes} minutes, so the game moved on for them."
            return self._apply(row, rules, seat, command, note=note)

        try:
            return await self._change(session_id, change)
        except GameError:
            return None

    # -- long-lived records (saints, decklists, campaigns) ---------------------
    async def update_record(
        self,
        guild_id: int,
        user_id: int,
        game: str,
        kind: str,
        name: str,
        change: Callable[[PlayerRecord | None], Awaitable[PlayerRecord | None] | PlayerRecord | None],
    ) -> PlayerRecord | None:
        """Load a record, let `change` return the new one (or None to delete), save with the version check."""
        async with self._lock(("record", guild_id, user_id, game, kind, name)):
            for _ in (1, 2):
                current = await self.store.get_record(guild_id, user_id, game, kind, name)
                new = change(current)
                if asyncio.iscoroutine(new):
                    new = await new
                if new is None:
                    if current is not None:
                        await self.store.delete_record(current)
                    return None
                try:
                    return await self.store.save_record(new)  # type: ignore[arg-type]
                except StaleWrite:
                    continue
            raise GameError("That record changed at the same moment; please try again.")
