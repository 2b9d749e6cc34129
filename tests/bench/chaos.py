"""Chaos: the real bot process against the fake Discord, killed with SIGKILL at random moments of play.

    .venv/bin/python -m tests.bench.chaos [--kills 100] [--channels 12] [--seed 1] [--finish]
    DATABASE_URL=postgresql+asyncpg://... .venv/bin/python -m tests.bench.chaos ...   (emptied first)

Each channel plays one table (the five games at their usual player counts, and High Card, which
ends in a few moves), its players clicking the buttons and picking in
the selects the bot offers them, as in the load benchmark. While they play, the bot process is
killed with SIGKILL at a random moment, restarted, and checked:

- nothing acknowledged is lost: the moves the store held after each acknowledged click are still
  its first moves, unchanged;
- nothing is applied twice: at most one move more than acknowledged per click left without an
  answer, and pressing that click again on the old panel after the restart adds none beyond it;
- within a few seconds of the restart (startup repair) each live table carries the current
  moment and names the players the game waits on, there is one prompt, it names them, each of
  them was mentioned since they became waited on, and the DM panel of each of them shows what
  the "My hand" button shows now;
- old buttons still work: the click pressed again gets a plain answer (applied, or refused
  in plain words), never "something went wrong" or no answer;
- play goes on; with `--finish` every game is then played to its end.

A click counts as acknowledged when its answer is one that comes after the move was saved: a
reply or an edit, or an acknowledgement sent before the bot defers (replies.DEFER_AT) once its
move is in the store (the bot also defers at once when a wait is coming, before the save). A
click deferred because it waited is "left without an answer" until a later click is acknowledged.
The test run plays a small size (`tests/e2e/test_chaos.py`, 10 kills); the full size is run by hand.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import random
import re
import signal
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import text
from sqlmodel import SQLModel

from bot.store import GameSession, Store
from cogs.common.replies import DEFER_AT
from tests.bench.bench_sessions import GAME_ID, MENTION, Channel
from tests.bench.bot_process import go, spawn
from tests.bench.play import USUAL_TABLES, Table
from tests.fakediscord import FakeDiscord, Interaction
from tests.fakediscord.state import FakeMessage, FakeUser

HIGH_CARD = Table("highcard", 3)
TABLES = (*USUAL_TABLES, HIGH_CARD)
MOMENT = re.compile(r"^gms?:(\d+)@(\d+):")
REPLY, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 6, 7
ENDINGS = frozenset({"g_won", "g_lost"})  # the guide calls the mission: how a guided Apocrypha game ends


def acknowledged(ix: Interaction) -> bool:
    """The bot answered after its work was done (so the move, if any, was saved)."""
    if ix.latency is None or ix.errors:
        return False
    return ix.response_type in (REPLY, UPDATE_MESSAGE) or ix.latency < DEFER_AT - 0.05


def moments(message: FakeMessage, session_id: int) -> set[int]:
    """The moments the game controls of this session on the message were drawn for."""
    found = set()
    stack = list(message.components)
    while stack:
        comp = stack.pop()
        stack.extend(comp.get("components", []))
        match = MOMENT.match(str(comp.get("custom_id", "")))
        if match and int(match[1]) == session_id:
            found.add(int(match[2]))
    return found


@dataclass
class Figures:
    kills: int = 0
    clicks: int = 0
    acknowledged: int = 0
    unanswered_at_kill: int = 0  # clicks in flight when the process died
    applied_before_kill: int = 0  # of those, saved by the dead process
    retried: int = 0  # pressed again on the old panel after the restart
    retry_applied: int = 0
    retry_refused: int = 0
    repaired_within: list[float] = field(default_factory=list)  # seconds from restart to a current surface
    restart_seconds: list[float] = field(default_factory=list)  # kill to READY
    games_finished: int = 0
    moves_saved: int = 0
    problems: list[str] = field(default_factory=list)


class ChaosTable(Channel):
    """One channel's players: play on by clicking, and remember what the bot acknowledged."""

    def __init__(self, fake: FakeDiscord, room: Any, table: Table, users: list[FakeUser], seed: int, store: Store, figures: Figures) -> None:
        super().__init__(fake, room, table, users, seed)
        self.store, self.figures = store, figures
        self.acked: list[dict[str, Any]] = []  # the session's moves as stored after the last acknowledged click
        self.unanswered: list[Interaction] = []  # clicks since then without an acknowledged answer
        self.finishing = False

    async def row(self) -> GameSession:
        row = await self.store.get(self.session_id, fresh=True)
        assert row is not None
        return row

    async def open(self) -> None:
        await super().open()
        assert self.session_id, f"{self.table.game}: the game did not start"
        self.acked, self.unanswered = [], []

    def offers(self) -> list[tuple[FakeUser, FakeMessage, dict[str, object]]]:
        found = super().offers()
        if self.finishing and self.table.game == "apocrypha":  # the guide may call the mission at the end
            table = [m for m in self.fake.messages(self.room) if m.embeds]
            for message in table[-1:]:
                found += [(self.users[0], message, c) for c in _controls(message, self.session_id, ENDINGS)]
        return found

    async def click(self, user: FakeUser, message: FakeMessage, comp: dict[str, Any]) -> None:
        if comp["type"] == 2:
            ix = await self.fake.click(user, message, str(comp["custom_id"]))
        else:
            options = [o["value"] for o in comp.get("options", [])]
            count = max(1, min(int(comp.get("min_values", 1) or 1), len(options)))
            ix = await self.fake.select(user, message, str(comp["custom_id"]), self.rng.sample(options, count))
        self.figures.clicks += 1
        self.unanswered.append(ix)
        with contextlib.suppress(TimeoutError):  # too late for Discord (a starved machine): unanswered
            await ix.done(timeout=15)
        if acknowledged(ix):
            row = await self.row()
            # A bare acknowledgement (type 6) may be the bot's deferral before its work, sent at once
            # when a wait was coming: it counts only once the move it answers is saved.
            if ix.response_type in (REPLY, UPDATE_MESSAGE) or len(row.moves) > len(self.acked):
                self.acked = row.moves
                self.unanswered = []
                self.figures.acknowledged += 1

    async def play_on(self, moves: int | None = None) -> None:
        """Click what is offered until cancelled (a kill), `moves` clicks are made, or the game ends."""
        made = 0
        while moves is None or made < moves:
            offers: list[Any] = []
            for _ in range(120):  # the panels are redrawn in the background after each move
                offers = self.offers()
                if offers:
                    break
                row = await self.row()
                if row.status != "running":
                    break
                await asyncio.sleep(0.1)
            if not offers:
                row = await self.row()
                if row.status == "running":
                    self.figures.problems.append(f"{self.table.game} (session {self.session_id}): nothing on offer")
                return
            await self.click(*self.rng.choice(offers))
            made += 1

    # -- after a restart ----------------------------------------------------------
    async def check_saved(self) -> GameSession:
        """The store kept every acknowledged move, unchanged, and at most one per unanswered click."""
        row = await self.row()
        game = f"{self.table.game} (session {self.session_id})"
        if row.moves[: len(self.acked)] != self.acked:
            self.figures.problems.append(f"{game}: acknowledged moves lost or changed after kill {self.figures.kills}")
        extra = len(row.moves) - len(self.acked)
        if extra > len(self.unanswered):
            self.figures.problems.append(f"{game}: {extra} moves beyond the acknowledged, {len(self.unanswered)} clicks unanswered")
        self.figures.unanswered_at_kill += len(self.unanswered)
        self.figures.applied_before_kill += max(0, extra)
        return row

    def surface_problems(self, row: GameSession) -> list[str]:
        """What a player would see that does not match the saved session (empty when current)."""
        sid, now = self.session_id, len(row.moves)
        game = f"{self.table.game} (session {sid})"
        bot_id = self.fake.bot_user.id
        # The bot's posts, and the Start's answer (the first table) and its follow-up (the first prompt).
        posts = [
            m
            for m in self.fake.messages(self.room)
            if m.author_id == bot_id and not m.ephemeral
            and (m.interaction_id is None or moments(m, sid) or "([table](" in m.content)
        ]
        tables = [m for m in posts if m.embeds and moments(m, sid)]
        prompts = [m for m in posts if not m.embeds and "([table](" in m.content]
        waiting = {row.seats[int(s)] if s != "-1" else row.roles.get("guide") for s in row.waiting}
        problems = []
        if row.status != "running":
            if prompts:
                problems.append(f"{game}: a prompt outlived the game")
            if not posts or not posts[-1].embeds or moments(posts[-1], sid):
                problems.append(f"{game}: the channel does not end on the result post")
            return problems
        if not tables:
            return [f"{game}: no table with game controls"]
        live = tables[-1]
        if moments(live, sid) != {now}:
            problems.append(f"{game}: the table is drawn for moment(s) {sorted(moments(live, sid))}, the game is at {now}")
        if live.id not in [m.id for m in posts[-2:]]:
            problems.append(f"{game}: the live table is not at the bottom")
        named = {int(u) for u in MENTION.findall(live.text.rsplit("Waiting for", 1)[-1])} if "Waiting for" in live.text else set()
        if waiting and named != waiting:
            problems.append(f"{game}: the table waits for {named}, the game for {waiting}")
        if len(prompts) != (1 if waiting else 0):
            problems.append(f"{game}: {len(prompts)} prompts")
        elif waiting and {int(u) for u in MENTION.findall(prompts[0].content.removeprefix("Reminder: ").split(":", 1)[0])} != waiting:
            problems.append(f"{game}: the prompt names the wrong players")
        for user in waiting - self.pinged_since_waiting(waiting):
            problems.append(f"{game}: <@{user}> was never mentioned since the game began waiting on them; posts: {self.prompt_posts()[-4:]}")
        return problems

    async def panel_problems(self, row: GameSession) -> list[str]:
        """The DM panel of each player the game waits on shows what the "My hand" button on the live
        table shows now (the same drawing), buttons and all, whatever moment they were stamped with.
        (Panels of players not waited on are redrawn only when their own part changes: some show a
        shared line that lags, in play as after a restart.)"""
        sid = self.session_id
        game = f"{self.table.game} (session {sid})"
        tables = [m for m in self.fake.messages(self.room) if m.embeds and moments(m, sid)]
        hand = _controls(tables[-1], sid, frozenset({"hand"})) if tables else []
        if row.status != "running" or not hand:
            return []
        problems = []
        waiting = {row.seats[int(s)] if s != "-1" else row.roles.get("guide") for s in row.waiting}
        for user in [u for u in self.users if u.id in waiting]:
            panels = [m for m in self.fake.dm_messages(user) if m.embeds]
            if not panels:
                continue
            try:
                ix = await (await self.fake.click(user, tables[-1], str(hand[0]["custom_id"]))).done(timeout=15)
            except (LookupError, TimeoutError) as exc:  # the table was replaced meanwhile: look again
                return [f"{game}: My hand: {exc}"]
            shown = ix.messages[-1] if ix.messages else None
            if shown is None or drawing(shown) != drawing(panels[-1]):
                problems.append(f"{game}: {user.name}'s DM panel is not what My hand shows now")
                if os.environ.get("CHAOS_DEBUG") and shown is not None:
                    import difflib

                    a, b = (json.dumps(json.loads(drawing(m)), indent=1).splitlines() for m in (shown, panels[-1]))
                    print("\n".join(difflib.unified_diff(a, b, "My hand", "DM panel", lineterm="")))
        return problems

    def prompt_posts(self) -> list[tuple[str, set[int]]]:
        """(content, users it may notify) of every channel post the bot made, oldest first, and of
        every public follow-up to an interaction in the channel (the Start's prompt)."""
        path = f"/channels/{self.room.id}/messages"

        def here(r: Any) -> bool:
            if r.path.endswith(path):
                return True
            parts = r.path.split("/")
            ix = self.fake.interactions_by_token.get(parts[-1]) if "/webhooks/" in r.path else None
            return ix is not None and ix.channel_id == self.room.id and not int(r.json.get("flags") or 0) & 64

        return [
            (str(r.json.get("content") or ""), {int(u) for u in (r.json.get("allowed_mentions") or {}).get("users") or []})
            for r in self.fake.requests
            if r.method == "POST" and r.json and r.status < 300 and here(r)
        ]

    def pinged_since_waiting(self, waiting: set[int]) -> set[int]:
        """Of `waiting`, who was mentioned (allowed to be notified) by a channel post after the last
        prompt that did not name them: that is, since they became waited on."""
        posts = self.prompt_posts()
        pinged = set()
        for user in waiting:
            since = 0
            for n, (content, _users) in enumerate(posts):
                if "([table](" in content and f"<@{user}>" not in content.removeprefix("Reminder: ").split(":", 1)[0]:
                    since = n + 1
            if any(user in users for _content, users in posts[since:]):
                pinged.add(user)
        return pinged

    async def press_again(self) -> None:
        """The players press the clicks the dead process never answered once more, on the same
        (old) panels: applied or refused in plain words, never twice."""
        for ix in self.unanswered:
            source = ix.source_message
            if source is None or source.deleted:
                continue  # a message the bot replaced: nobody can press it any more
            before = len((await self.row()).moves)
            again = await resend(self.fake, ix)
            self.figures.retried += 1
            try:
                await again.done(timeout=15)
            except TimeoutError:
                self.figures.problems.append(f"{self.table.game}: an old button got no answer after the restart")
                continue
            if again.errors or "went wrong" in again.text.lower():
                self.figures.problems.append(f"{self.table.game}: an old button failed: {again.errors or again.text[:120]}")
            after = len((await self.row()).moves)
            if after > before:
                self.figures.retry_applied += 1
            else:
                self.figures.retry_refused += 1
        row = await self.row()
        game = f"{self.table.game} (session {self.session_id})"
        if len(row.moves) - len(self.acked) > len(self.unanswered):
            self.figures.problems.append(f"{game}: a click pressed again was applied twice")
        self.acked, self.unanswered = row.moves, []


def drawing(message: FakeMessage) -> str:
    """What a panel shows: its embeds and controls, the moments in the custom ids left out."""
    return re.sub(r"(gms?:\d+)@\d+:", r"\1:", json.dumps([message.content, message.embeds, message.components], sort_keys=True))


def _controls(message: FakeMessage, session_id: int, verbs: frozenset[str]) -> list[dict[str, Any]]:
    out = []
    stack = list(message.components)
    while stack:
        comp = stack.pop()
        stack.extend(comp.get("components", []))
        match = GAME_ID.match(str(comp.get("custom_id", "")))
        if match and int(match[1]) == session_id and match[2] in verbs and not comp.get("disabled"):
            out.append(comp)
    return out


async def resend(fake: FakeDiscord, ix: Interaction) -> Interaction:
    """The same click again (a new interaction, as Discord makes one for every press) on the panel
    the player still has on screen, even if the bot has redrawn it since."""
    fresh = fake._base_payload(ix.type, ix.user_id, ix.channel_id, None, "en-US")
    payload = {**ix.payload, "id": fresh["id"], "token": fresh["token"]}
    return await fake._dispatch(payload, ix.source_message)


async def empty_database(url: str) -> None:
    store = Store(url)
    try:
        async with store.engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
            await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    finally:
        await store.close()


class Chaos:
    """The fake Discord, the bot process, the tables, and the kills."""

    def __init__(self, workdir: Path, url: str, channels: int, seed: int, *, settle_seconds: float) -> None:
        self.workdir, self.url, self.settle_seconds = workdir, url, settle_seconds
        self.rng = random.Random(seed)
        self.fake = FakeDiscord()
        self.figures = Figures()
        self.store = Store(url)
        tables = [TABLES[i % len(TABLES)] for i in range(channels)]
        people = [[self.fake.add_user(name=f"p{i}-{k}") for k in range(t.players + len(t.roles))] for i, t in enumerate(tables)]
        guild = self.fake.add_guild("Chaos", members=[u for group in people for u in group])
        rooms = [self.fake.add_channel(guild, f"table-{i}") for i in range(channels)]
        self.tables = [ChaosTable(self.fake, rooms[i], tables[i], people[i], seed * 1000 + i, self.store, self.figures) for i in range(channels)]
        self.proc: asyncio.subprocess.Process | None = None
        self.standby: asyncio.subprocess.Process | None = None
        self.phase = "not started"  # what the run is doing now: named by a watchdog if it hangs

    async def start_bot(self) -> None:
        """Start the next bot process. It was started as a standby while the last one played (its
        modules loaded, waiting), as a supervisor keeps one ready: what a restart costs is the
        bot's own start, its startup repair included."""
        ready = self.fake.gateway.ready_count
        self.proc = self.standby or await self.spawn()
        await go(self.proc)
        await self.fake.wait_ready(ready + 1, timeout=120)
        await self.fake.wait_for(lambda: self.fake.commands.get(None), timeout=60)
        self.standby = await self.spawn()

    async def spawn(self) -> asyncio.subprocess.Process:
        return await spawn(self.fake.base_url, self.url, self.fake.token, cwd=self.workdir, log=self.workdir / "bot.log", standby=True)

    async def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        await self.proc.wait()
        self.figures.kills += 1

    async def wait_current(self) -> list[str]:
        """Poll until every table's surface matches its saved session; the problems left at the limit."""
        started = time.perf_counter()
        problems: list[str] = []
        while time.perf_counter() - started < self.settle_seconds:
            problems = []
            for t in self.tables:
                problems += t.surface_problems(await t.row())
            if not problems:
                for t in self.tables:
                    problems += await t.panel_problems(await t.row())
            if not problems:
                self.figures.repaired_within.append(time.perf_counter() - started)
                return []
            await asyncio.sleep(0.2)
        return problems

    async def run(self, kills: int, *, play_seconds: tuple[float, float], finish: bool) -> Figures:
        await self.fake.start()
        try:
            self.phase = "starting the bot"
            await self.start_bot()
            self.phase = "opening the tables"
            await asyncio.gather(*(t.open() for t in self.tables))
            for _ in range(kills):
                n = self.figures.kills + 1
                self.phase = f"playing before kill {n}"
                players = [asyncio.create_task(t.play_on()) for t in self.tables]
                await asyncio.sleep(self.rng.uniform(*play_seconds))
                self.phase = f"kill {n}"
                await self.kill()
                killed_at = time.perf_counter()
                self.phase = f"stopping the players at kill {n}"
                for task in players:
                    task.cancel()
                await asyncio.gather(*players, return_exceptions=True)
                self.phase = f"reading the store after kill {n}"
                for t in self.tables:
                    await t.check_saved()
                self.phase = f"restarting after kill {n}"
                await self.start_bot()
                self.figures.restart_seconds.append(time.perf_counter() - killed_at)
                self.phase = f"waiting for the repair after kill {n}"
                problems = await self.wait_current()
                self.figures.problems += [f"after kill {self.figures.kills}: {p}" for p in problems]
                self.phase = f"pressing old buttons after kill {n}"
                for t in self.tables:
                    await t.press_again()
            # Play goes on after the last restart; with `finish`, to the end of every game.
            self.phase = "playing on after the last restart"
            for t in self.tables:
                t.finishing = finish
            await asyncio.gather(*(t.play_on(None if finish else 3) for t in self.tables))
            if finish:
                for t in self.tables:
                    if (await t.row()).status == "running":
                        self.figures.problems.append(f"{t.table.game}: the game could not be finished")
            self.phase = "checking the tables at the end"
            self.figures.problems += await self.wait_current()
            sessions = await self.all_sessions()
            self.figures.moves_saved = sum(len(r.moves) for r in sessions)
            self.figures.games_finished = sum(r.status == "finished" for r in sessions)
            self.figures.problems += [f"fake Discord: {v}" for v in self.fake.violations]
            self.phase = "done"
        finally:
            await self.stop_processes()
            await self.store.close()
            await self.fake.stop()
        return self.figures

    async def stop_processes(self) -> None:
        """Stop the bot and its standby: SIGTERM, then SIGKILL if one has not exited in 10 s."""
        for proc in (self.proc, self.standby):
            if proc is None or proc.returncode is not None:
                continue
            proc.terminate()
            try:
                await asyncio.wait_for(proc.wait(), 10)
            except TimeoutError:
                proc.kill()
                await proc.wait()

    async def all_sessions(self) -> list[GameSession]:
        return [r for t in self.tables if (r := await self.store.get(t.session_id, fresh=True)) is not None]


def summary(f: Figures) -> str:
    def pct(values: list[float], q: float) -> float:
        ordered = sorted(values) or [0.0]
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    lines = [
        f"kills: {f.kills}; clicks: {f.clicks}, {f.acknowledged} acknowledged; moves saved: {f.moves_saved}; "
        f"games finished: {f.games_finished}",
        f"clicks unanswered at a kill: {f.unanswered_at_kill}, of which saved by the dead process: {f.applied_before_kill}; "
        f"pressed again after the restart: {f.retried} ({f.retry_applied} applied, {f.retry_refused} not applied again)",
        f"restart (kill to READY): p50 {pct(f.restart_seconds, 0.5):.1f} s, max {max(f.restart_seconds, default=0):.1f} s; "
        f"surface current after READY: p50 {pct(f.repaired_within, 0.5):.1f} s, max {max(f.repaired_within, default=0):.1f} s",
        f"problems: {len(f.problems)}",
        *(f"  {p}" for p in f.problems[:20]),
    ]
    return "\n".join(lines)


async def watchdog(chaos: Chaos, *, every: float = 30.0, stalled: float = 180.0) -> None:
    """A run by hand takes many minutes: print what it is doing every `every` seconds, and where
    every task waits when one phase has lasted `stalled` seconds (a hung run says where it hangs)."""
    phase, since = chaos.phase, time.perf_counter()
    while True:
        await asyncio.sleep(every)
        now = time.perf_counter()
        if chaos.phase != phase:
            phase, since = chaos.phase, now
        print(f"[chaos] {chaos.figures.kills} kills; {phase} for {now - since:.0f} s", flush=True)
        if now - since >= stalled:
            out = io.StringIO()
            for task in asyncio.all_tasks():
                task.print_stack(limit=6, file=out)
            print(f"[chaos] {phase} has lasted {now - since:.0f} s; the tasks:\n{out.getvalue()}", flush=True)
            since = now  # the next dump after as long again


async def main(kills: int, channels: int, seed: int, finish: bool) -> None:
    workdir = Path(tempfile.mkdtemp(prefix="chaos-"))
    url = os.environ.get("DATABASE_URL") or f"sqlite+aiosqlite:///{workdir}/chaos.db"
    if not url.startswith("sqlite"):
        await empty_database(url)
    chaos = Chaos(workdir, url, channels, seed, settle_seconds=30)
    started = time.perf_counter()
    watch = asyncio.create_task(watchdog(chaos))
    try:
        figures = await chaos.run(kills, play_seconds=(0.3, 3.0), finish=finish)
    finally:
        watch.cancel()
    print(f"backend: {url.split('://')[0]}; channels: {channels}; seed: {seed}; {time.perf_counter() - started:.0f} s; bot log: {workdir}/bot.log")
    print(summary(figures))
    counts: dict[str, int] = defaultdict(int)
    for t in chaos.tables:
        counts[t.table.game] += 1
    print("tables: " + ", ".join(f"{g} {n}" for g, n in sorted(counts.items())))
    print(json.dumps({"kills": figures.kills, "problems": len(figures.problems)}))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--channels", type=int, default=12, help="tables playing at once (the six games in turn)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--finish", action="store_true", help="after the kills, play every game to its end")
    args = parser.parse_args()
    asyncio.run(main(args.kills, args.channels, args.seed, args.finish))
