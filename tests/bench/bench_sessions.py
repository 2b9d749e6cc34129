"""Load benchmark: the real bot against the fake Discord, N channels playing the five games at once.

    .venv/bin/python -m tests.bench.bench_sessions [--channels 1000] [--moves 12] [--rounds 3] [--pictures]
        [--patience 30] [--hand-after 15] [--no-wait-for-redraw] [--diagnose] [--apply-games 5]
    DATABASE_URL=postgresql+asyncpg://... .venv/bin/python -m tests.bench.bench_sessions ...

Channel i plays USUAL_TABLES[i % 5] (Apocrypha guided with 3 saints, Apollyon 4, Catharsis 3,
Faith 2, Haunted 4): the players open the lobby, join and start with the slash commands, then
make `--moves` moves as people do, by clicking the game's buttons and picking in its selects
(on the table message and on each player's DM panel: both are drawn from `legal_actions`),
the player the table is waiting on first. Between moves the table rolls `/roll` and `/check`
and someone sends `/ping`, `--rounds` times in all. Discord's rate limits are on (429s count).
`--pictures` has the bot draw the table and hand pictures (off by default, as in the tests), to
compare the two runs' action p99 ratio to /ping. `--no-pacing` turns off the bot's own pacing of
redraws to Discord's buckets (`PACE_REDRAWS`, on in production), to compare. A player with
nothing to click for `--hand-after` seconds presses the table's "My hand"; after `--patience`
seconds with nothing on offer the channel is counted as stuck (`--diagnose` prints what each
stuck table's saved game waited for, beside what its players saw: tests/bench/stuck.py). A
player waits for a panel they clicked to be redrawn before clicking it again, and presses "My
hand" at once when a new prompt names them; `--no-wait-for-redraw` (the only player until
2026-11-24, with `--hand-after 5`) clicks again at once while a busy bot's answer was a deferred
update, so most of its moves are refused double clicks.

Prints p50/p99 latency from INTERACTION_CREATE to the bot's first answer for session actions,
/check and /ping (same run, same event loop), and the ratio of action p99 to ping p99. The
target's ratio is against a /ping sent beside `--rounds` randomly picked session actions per
channel, at the same moment (the same load as the actions, the opening burst included), also
compared pair by pair; the ratio against the pings sent after moves (the figure until
2026-11-24, which never meet the lobbies' burst) is printed beside it. Actions per second,
failed interactions, REST requests per session action (and by route), 429s, the bot process's
CPU time per interaction and RSS (its own process: after start, after the burst, the peak;
SIGUSR2 makes it print where its memory is), the load average, and the largest saved state per
game. The bot process prints, when stopped, how old interactions were when it parsed them and
when it first answered them (BENCH_TRACEMALLOC=25 adds what memory grew, by file and line).
Where the bot's requests waited (a pooled connection in the bot, the way to the fake's handler,
the fake's handling), by kind of request and phase of the run, and the first answers' latency
split into the bot's part and the pool's: tests/bench/request_waits.py. `apply` per game: tests/bench/bench_apply.py.
Not part of the test run.

From Start to each player's first panel: a DM panel, or a private message that showed a panel in
the channel (My hand, the early panel, a refused click's current panel), counted from the first
version of the message that showed it. Until 2026-11-24 (panels18) a private message counted only
if it still showed the panel at the end of the run; a panel the player clicked is shrunk to one
line ("✓ Start with a Safe anomaly"), so a player who got their early panel at once and acted on
it read "never" (SCP: Apollyon's directors all act at the start: 77-89% "within 30 s" read as such).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime as dt
import json
import logging
import os
import random
import re
import signal
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path

from sqlalchemy import text
from sqlmodel import SQLModel, select

from bot.games import all_rules
from bot.store import GameSession, Store
from cogs.common.publisher import EARLY_PANEL
from tests.bench import bench_apply, request_waits, stuck
from tests.bench.bot_process import spawn
from tests.bench.play import USUAL_TABLES, Table
from tests.fakediscord import FakeDiscord, Interaction
from tests.fakediscord.ratelimit import RateLimits
from tests.fakediscord.state import FakeChannel, FakeMessage, FakeUser

# Saint cards from Apocrypha's box, for the players to bring.
SAINT_NAMES = {k: v.name for k, v in all_rules()["apocrypha"].book.saints.items()}  # type: ignore[attr-defined]
SAINTS = sorted(SAINT_NAMES)[:6]
GAME_ID = re.compile(r"^gms?:(\d+)(?:@\d+)?:([a-z_]+)")  # the moment (@n) a game control was drawn for, if any
# Buttons that do not move the game on (lobby, reading a hand, the rules), or end it on purpose
# (the guide calling the mission won or lost): a table in play does not press those.
NOT_MOVES = frozenset({
    "join", "leave", "start", "hand", "rules", "status", "help", "bring", "g_won", "g_lost",
    "sites",  # SCP: Apollyon's "Site details" (reading the sites; its directors pressed it forever)
    "duo_ask",  # Catharsis's lobby select (the lobby stays above the table, open until its redraw)
})
LOBBY_CHOICES = ("choir_",)  # Apocrypha's lobby selects
MENTION = re.compile(r"<@!?(\d+)>")
PING_BESIDE = "ping beside"  # a /ping sent at the same moment as a session action (`Channel.plan_pings`)
# Discord's callback types, by what the first answer was (an update redraws the clicked message).
ANSWER_KINDS = {4: "message", 5: "deferred message", 6: "deferred update", 7: "update (redrawn message)", 9: "form"}
# What each REST request was, for the per-action breakdown (first match wins).
ROUTE_KINDS = (
    ("callback", re.compile(r"^POST /api/v10/interactions/")),
    ("follow-up/edit", re.compile(r"^\w+ /api/v10/webhooks/")),
    ("send", re.compile(r"^POST /api/v10/channels/\d+/messages$")),
    ("edit", re.compile(r"^PATCH /api/v10/channels/\d+/messages/\d+$")),
    ("delete", re.compile(r"^DELETE /api/v10/channels/\d+/messages/\d+$")),
    ("read", re.compile(r"^GET ")),
)


def route_kind(method: str, path: str) -> str:
    line = f"{method} {path}"
    return next((kind for kind, pattern in ROUTE_KINDS if pattern.match(line)), "other")


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def paired_line(pairs: list[tuple[Interaction, Interaction]]) -> str:
    """Each /ping sent beside a session action against that very action: the same moment, pair by pair."""
    both = [(a.latency, b.latency) for a, b in pairs if a.latency is not None and b.latency is not None]
    if not both:
        return "  pair by pair: no action had its /ping answered"
    acts, pings = [a for a, _ in both], [b for _, b in both]
    slower = sum(a > b for a, b in both) / len(both)
    gap = statistics.median(a - b for a, b in both) * 1000
    return (
        f"  pair by pair (each /ping beside its own action, n={len(both)}): those actions' p99 {pct(acts, 0.99):.0f} ms / "
        f"their pings' p99 {pct(pings, 0.99):.0f} ms = {pct(acts, 0.99) / max(pct(pings, 0.99), 1e-6):.2f}; "
        f"the action answered later in {slower:.0%} of pairs, by a median of {gap:.1f} ms"
    )


def game_components(message: FakeMessage, session_id: int) -> list[dict[str, object]]:
    """The enabled buttons and selects of this session on the message that move the game on."""
    found = []
    stack = list(message.components)
    while stack:
        comp = stack.pop()
        stack.extend(comp.get("components", []))  # type: ignore[arg-type]
        match = GAME_ID.match(str(comp.get("custom_id", "")))
        if (
            match
            and int(match[1]) == session_id
            and match[2] not in NOT_MOVES
            and not match[2].startswith(LOBBY_CHOICES)
            and not comp.get("disabled")
            and comp.get("type") in (2, 3)
        ):
            found.append(comp)
    return found


class Channel:
    """One table of players in one channel, playing one game by clicking what they are offered.

    Players wait for a move on offer as people do: after `hand_after` seconds with nothing to
    click (their DM panel has not come yet, or shows an old moment), the players the table waits
    on press its "My hand" button (an ephemeral panel, answered inside the interaction); after
    `patience` seconds with nothing on offer they give up (the channel counts as stuck). With
    `wait_for_redraw` (the default) a panel someone clicked is not clicked again until the bot has
    redrawn it, as a person waits for their click to show, and the players a new prompt names
    press "My hand" at once, as a person does when told "it's your turn: see your hand". Without
    it (`--no-wait-for-redraw`) a player may click a panel again at once while a busy bot's answer
    to their last click was a deferred update: most of the "moves" are then refused double clicks
    (2,929 of 12,836 saved at 1,000 channels; docs/performance.md, 2026-11-24)."""

    def __init__(
        self, fake: FakeDiscord, room: FakeChannel, table: Table, users: list[FakeUser], seed: int,
        *, patience: float = 30.0, hand_after: float = 15.0, wait_for_redraw: bool = True,
        diagnose: Store | None = None,
    ) -> None:
        self.fake, self.room, self.table, self.users = fake, room, table, users
        self.diagnose = diagnose  # with `--diagnose`: where to read a stuck table's saved game
        self.rng = random.Random(seed)
        self.session_id = 0
        self.patience, self.hand_after, self.wait_for_redraw = patience, hand_after, wait_for_redraw
        self.started_at: int | None = None  # the /<game> start interaction's id (a snowflake: its time)
        self.table_after: float | None = None  # seconds from the Start to its answer, the table
        self.opened_at = 0.0  # time.monotonic() when the table had started (its Start's answer read)
        self.actions_sent = 0
        self.pings_beside: set[int] = set()  # which session actions (1, 2, ...) have a /ping beside them
        self.pairs: list[tuple[Interaction, Interaction]] = []  # each such action and its /ping
        self.out: dict[str, list[Interaction]] = defaultdict(list)
        # With `wait_for_redraw`: message id -> its version (how many times it had been edited)
        # when it was last clicked; not on offer again until the bot has redrawn it.
        self.clicked: dict[int, int] = {}
        # Each click on a game control: (the message, its version then, when it was sent), to tell
        # when the click's result showed on it (`shown_after`).
        self.clicks: list[tuple[FakeMessage, int, float]] = []

    def plan_pings(self, moves: int, rounds: int, seed: int) -> None:
        """Pick the `rounds` session actions (of the lobby's and the moves') that a /ping goes
        beside: sent at the same moment, so these pings sample the load the actions meet, the
        opening burst included (the pings after moves only see the moves' load)."""
        actions = 2 + (self.table.players - 1) + moves  # new, the joins, start; the moves (forms come extra)
        self.pings_beside = set(random.Random(seed).sample(range(1, actions + 1), min(rounds, actions)))

    async def send(self, kind: str, ix_coro: object, *, read: bool = False) -> Interaction:
        """Send an interaction and wait for its first answer; with `read`, also for a deferred
        answer to be filled in, as a person waits to read "You joined" before the host starts.
        A session action picked by `plan_pings` has a /ping sent beside it, at the same moment."""
        if kind == "action":
            self.actions_sent += 1
            if self.actions_sent in self.pings_beside:
                beside = self.fake.slash(self.users[-1], self.room, "ping")
                ix, ping = await asyncio.gather(self._send(kind, ix_coro, read), self._send(PING_BESIDE, beside, False))
                self.pairs.append((ix, ping))
                return ix
        return await self._send(kind, ix_coro, read)

    async def _send(self, kind: str, ix_coro: object, read: bool) -> Interaction:
        ix = await ix_coro  # type: ignore[misc]
        with contextlib.suppress(TimeoutError):  # counted as failed below: no accepted response
            await ix.done(timeout=30)
            if read:
                await ix.answered(timeout=self.patience)
        self.out[kind].append(ix)
        return ix

    async def slash(self, kind: str, user: FakeUser, command: str, *, read: bool = False, **options: object) -> Interaction:
        return await self.send(kind, self.fake.slash(user, self.room, command, **options), read=read)

    async def open(self) -> None:
        game, host = self.table.game, self.users[0]
        # Each step waits for the last one's answer to show, as at a table: the players join the
        # lobby they see, and the host starts once they have joined (a deferred join applied after
        # the Start would leave them out).
        await self.slash("action", host, f"{game} new", read=True, **({"players": self.table.players} if game == "faith" else {}))
        for n, user in enumerate(self.users[1:]):
            if game == "apocrypha":  # the host guides; each player brings a saint of their own
                saint = SAINTS[(n + self.rng.randrange(len(SAINTS))) % len(SAINTS)]
                await self.slash("record", user, "apocrypha saint create", read=True, saint=saint)
                await self.slash("action", user, "apocrypha join", read=True, saint=SAINT_NAMES[saint])
            else:
                await self.slash("action", user, f"{game} join", read=True)
        started = await self.slash("action", host, f"{game} start", read=True)
        self.started_at = started.id
        self.table_after = time.time() - snowflake_ms(started.id) / 1000  # the Start's answer (the table) read
        self.opened_at = time.monotonic()
        if os.environ.get("BENCH_DEBUG"):
            print(game, "start:", started.text[:200])
        for message in self.fake.messages(self.room):
            for comp in _walk(message.components):
                match = GAME_ID.match(str(comp.get("custom_id", "")))
                if match:
                    self.session_id = int(match[1])

    def offers(self) -> list[tuple[FakeUser, FakeMessage, dict[str, object]]]:
        """(who, where, what) for every move on offer; the players the table names first."""
        messages = self.fake.messages(self.room)
        table = [m for m in messages if game_components(m, self.session_id)]
        prompts = [m for m in messages if MENTION.search(m.text)]
        named = {int(u) for u in MENTION.findall(prompts[-1].text)} if prompts else set()
        offers = []
        for user in self.users:
            # Their DM panel, and the newest ephemeral panel a click opened (a choice's next step).
            ephemeral = [m for m in self.fake.ephemeral_by_user.get(user.id, []) if game_components(m, self.session_id)]
            for message in self.fake.dm_messages(user) + ephemeral[-1:]:
                if not self.waiting_for_redraw(message):
                    offers += [(user, message, c) for c in game_components(message, self.session_id)]
        for message in [m for m in table if not self.waiting_for_redraw(m)]:
            for user in [u for u in self.users if u.id in named] or self.users:
                offers += [(user, message, c) for c in game_components(message, self.session_id)]
        mine = [o for o in offers if o[0].id in named]
        return mine or offers

    def waiting_for_redraw(self, message: FakeMessage) -> bool:
        """Clicked, and not redrawn since: the click's answer is still to show on it."""
        return self.clicked.get(message.id) == len(message.history)

    def named(self) -> set[int]:
        prompts = [m for m in self.fake.messages(self.room) if MENTION.search(m.text)]
        return {int(u) for u in MENTION.findall(prompts[-1].text)} if prompts else set()

    def hand_button(self) -> tuple[FakeMessage, str] | None:
        """The table's "My hand" button, on the newest message that has one."""
        return next(
            (
                (message, str(comp["custom_id"]))
                for message in reversed(self.fake.messages(self.room))
                for comp in _walk(message.components)
                if (match := GAME_ID.match(str(comp.get("custom_id", ""))))
                and int(match[1]) == self.session_id and match[2] == "hand"
            ),
            None,
        )

    async def ask_for_hands(self) -> None:
        """Nothing to click yet: the players the table waits on (or all) press its "My hand"."""
        named = self.named()
        for user in [u for u in self.users if u.id in named] or self.users:
            # Found anew for each: the table may have been posted anew (the old one deleted) meanwhile.
            button = self.hand_button()
            if button is None:
                return
            await self.send("hand", self.fake.click(user, button[0], button[1]))

    async def move(self) -> bool:
        waited, asked, seen = 0.0, 0.0, self.named()
        while not (offers := self.offers()):  # the panels are redrawn in the background after each move
            if waited >= self.patience:
                return False
            if self.wait_for_redraw and (named := self.named()) != seen:
                # A new prompt ("it's your turn: see your hand"): the players it names look at once.
                seen, asked = named, waited
                await self.ask_for_hands()
                continue
            if waited - asked >= self.hand_after:
                asked = waited
                await self.ask_for_hands()
                continue
            await asyncio.sleep(0.25)
            waited += 0.25
        user, message, comp = self.rng.choice(offers)
        if self.wait_for_redraw:
            self.clicked[message.id] = len(message.history)
        self.clicks.append((message, len(message.history), time.time()))
        if os.environ.get("BENCH_DEBUG"):
            print(self.table.game, user.name, comp.get("custom_id"), [o.get("value") for o in comp.get("options", [])][:5])  # type: ignore[union-attr]
        try:
            if comp["type"] == 2:
                ix = await self.send("action", self.fake.click(user, message, str(comp["custom_id"])))
            else:
                options = [o["value"] for o in comp.get("options", [])]  # type: ignore[union-attr]
                count = max(1, min(int(comp.get("min_values", 1) or 1), len(options)))  # type: ignore[arg-type]
                values = self.rng.sample(options, count)
                ix = await self.send("action", self.fake.select(user, message, str(comp["custom_id"]), values))
        except LookupError:  # deleted (the table posted anew) between the choice and the click: choose again
            return await self.move()
        if ix.modal is not None:  # a form (Apocrypha's guide): fill it in and submit it, as a person would
            submitted = await self.send("action", self.fake.submit_modal(ix, form_answers(ix.modal, self.rng)))
            if os.environ.get("BENCH_DEBUG"):
                print(self.table.game, "form:", form_answers(ix.modal, random.Random(0)), "->", submitted.text[:150])
        return True

    async def play(self, moves: int, rounds: int) -> None:
        await self.open()
        extras_every = max(1, moves // max(rounds, 1))
        for n in range(moves):
            if not await self.move():
                self.out["stuck"].append(None)  # type: ignore[arg-type]
                if self.diagnose is not None:
                    await stuck.report(self.diagnose, self)
                if os.environ.get("BENCH_DEBUG"):
                    print(self.table.game, "stuck after:", [ix.text[:150] for ix in self.out["action"][-3:]])
                break
            if n % extras_every == 0 and len(self.out["ping"]) < rounds:
                roller = self.rng.choice(self.users)
                await self.slash("roll", roller, "roll", expression="2d6+1")
                await self.slash("check", roller, "check", virtue="soul", dice=4, target=13)
                await self.slash("ping", roller, "ping")


def form_answers(modal: dict[str, object], rng: random.Random) -> dict[str, str]:
    """A person's answers to one of the bot's forms, by each input's label: a name the form lists
    (its placeholder names the saints, and the mission's fragments not handed out yet), or a few
    words of their own where it asks them to write."""
    inputs: dict[str, dict[str, object]] = {}
    for row in modal["components"]:  # type: ignore[attr-defined]
        for comp in row.get("components", [row.get("component", row)]):
            if comp.get("custom_id"):
                inputs[str(comp.get("label", ""))] = comp

    def listed(comp: dict[str, object]) -> list[str]:
        names = [n.strip() for n in str(comp.get("placeholder") or "").split(",")]
        return [n for n in names if n and not n.endswith("…")]  # a placeholder clipped mid-name ends "…"

    answers: dict[str, str] = {}
    own = True
    for label, comp in inputs.items():
        key = str(comp["custom_id"])
        lowered = label.lower()
        if lowered == "saint" and listed(comp):
            answers[key] = rng.choice(listed(comp))
        elif lowered.startswith("a fragment from") and listed(comp) and comp.get("placeholder") != "a fragment's name from the box":
            answers[key], own = rng.choice(listed(comp)), False
    for label, comp in inputs.items():
        key, lowered = str(comp["custom_id"]), label.lower()
        if key in answers:
            continue
        if "its name" in lowered and own:
            answers[key] = f"A page found in the rain, no. {rng.randrange(1, 10**6)}"  # each fragment has its own name
        elif ("text" in lowered or "what it does" in lowered) and own:
            answers[key] = "The ink runs whenever someone lies nearby."
    return answers


def shown_after(clicks: list[tuple[FakeMessage, int, float]]) -> tuple[list[float], int]:
    """Seconds from each click to the next version of the message clicked (its result shown there:
    the clicked panel redrawn, by the answer or after a deferral), and how many clicks never saw
    one. What a player waits for, where the first answer's latency counts only the deferral."""
    waits, never = [], 0
    for message, version, sent in clicks:
        versions = [*message.history, message.snapshot()]
        edited = versions[version + 1]["edited"] if version + 1 < len(versions) else None
        if edited is None or message.deleted:  # a table posted anew elsewhere shows it there: not counted
            never += edited is None and not message.deleted
            continue
        waits.append(max(0.0, dt.datetime.fromisoformat(edited).timestamp() - sent))
    return waits, never


def clicked_where(message: FakeMessage) -> str:
    if message.ephemeral:
        return "private panel in the channel"  # the early panel, My hand's, a choice's next step
    return "table" if message.channel_id in _GUILD_CHANNELS else "DM panel"


_GUILD_CHANNELS: set[int] = set()  # the benchmark's table channels (filled by `main`)


def shown_at(message: FakeMessage) -> int | None:
    """When the message first showed an embed (a panel), in ms since the epoch; None if it never did.
    Read from every version, not only the last: a panel a player clicked is shrunk to one line ("✓
    Start with a Safe anomaly"), and counted as it was at the end of the run, the early panels of
    SCP: Apollyon's directors (who all act at once at the start) read "never" until 2026-11-24."""
    for version in [*message.history, message.snapshot()]:
        if version["embeds"]:
            edited = version["edited"]  # when an edit made this version; None: the message as sent
            return snowflake_ms(message.id) if edited is None else round(dt.datetime.fromisoformat(edited).timestamp() * 1000)
    return None


def first_panels(fake: FakeDiscord, players: list[Channel]) -> dict[str, list[tuple[float | None, float | None]]]:
    """Per game, for each player of a started table: seconds from its /<game> start to their first
    panel (a DM panel, or the panel "My hand" showed them), and to their first DM panel; None if it
    never came (message ids are snowflakes, so their times are known)."""
    waits: dict[str, list[tuple[float | None, float | None]]] = defaultdict(list)
    for p in players:
        if p.started_at is None or not p.session_id:
            continue
        start = snowflake_ms(p.started_at)
        for user in p.users:
            # Each benchmark player sits at one table: every DM they get is its panel, and every
            # private message that showed an embed is a panel "My hand", the early panel or a
            # refused stale click showed.
            dms = [snowflake_ms(m.id) for m in fake.dm_messages(user) if snowflake_ms(m.id) >= start]
            shown = [t for m in fake.ephemeral_by_user.get(user.id, []) if (t := shown_at(m)) is not None]
            panels = dms + [t for t in shown if t >= start]
            waits[p.table.game].append((
                (min(panels) - start) / 1000 if panels else None, (min(dms) - start) / 1000 if dms else None,
            ))
    return dict(waits)


def panel_line(name: str, waits: list[tuple[float | None, float | None]], patience: float) -> str:
    """The share of players with a panel within the players' patience, and p50/p99 of the wait."""
    def part(values: list[float | None]) -> str:
        came = [v for v in values if v is not None]
        within = sum(1 for v in came if v <= patience)
        return (
            f"{within / max(len(values), 1):.0%} within {patience:.0f} s, p50 {pct(came, 0.5) / 1000:.1f} s, "  # type: ignore[arg-type]
            f"p99 {pct(came, 0.99) / 1000:.1f} s, never {len(values) - len(came)}"  # type: ignore[arg-type]
        )

    return f"  {name:>9} (n={len(waits)}): any panel {part([w[0] for w in waits])}; DM panel {part([w[1] for w in waits])}"


def snowflake_ms(snowflake: int) -> int:
    return (snowflake >> 22) + 1420070400000


def _walk(components: list[dict[str, object]]) -> list[dict[str, object]]:
    out = []
    for comp in components:
        out.append(comp)
        out += _walk(comp.get("components", []))  # type: ignore[arg-type]
    return out


MEMORY_FIELDS = ("VmRSS", "VmHWM", "RssAnon", "RssFile", "RssShmem")


def memory_kb(pid: int) -> dict[str, int]:
    """The process's RSS in KB, from /proc: now (VmRSS), its peak (VmHWM), and what now is made of:
    the process's own memory (RssAnon: the heap, Python's objects) and mapped files (RssFile: the
    interpreter and its extension modules' code, the same whatever the load)."""
    fields = dict(
        line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text().splitlines() if ":" in line
    )
    return {name: int(fields[name].split()[0]) for name in MEMORY_FIELDS if name in fields}


def memory_line(kb: dict[str, int]) -> str:
    return (f"RSS {kb['VmRSS'] / 1024:.0f} MB (own memory {kb.get('RssAnon', 0) / 1024:.0f} MB, "
            f"mapped files {kb.get('RssFile', 0) / 1024:.0f} MB)")


async def sample_rss(pid: int, into: list[tuple[float, int]], every: float = 0.5) -> None:
    """RSS over the run, to see when it grows (the lobbies, the Starts, the moves)."""
    started = time.perf_counter()
    while True:
        into.append((time.perf_counter() - started, memory_kb(pid)["VmRSS"]))
        await asyncio.sleep(every)


def cpu_seconds(pid: int) -> float:
    """User and system CPU time the process has used, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def saved_games(url: str) -> tuple[dict[str, int], dict[str, int], set[int]]:
    """Per game: the largest saved state (bytes of JSON) and the moves saved in all; and every user
    seated (or in a role) in a game."""
    store = Store(url)
    try:
        async with store._sessions() as db:
            rows = (await db.exec(select(
                GameSession.game, GameSession.state, GameSession.moves, GameSession.seats, GameSession.roles
            ))).all()
    finally:
        await store.close()
    largest: dict[str, int] = defaultdict(int)
    moves: dict[str, int] = defaultdict(int)
    seated: set[int] = set()
    for game, state, played, seats, roles in rows:
        largest[game] = max(largest[game], len(json.dumps(state)))
        moves[game] += len(played)
        seated.update(seats, roles.values())
    return dict(largest), dict(moves), seated


async def main(
    channels: int, moves: int, rounds: int, rate_limits: bool, pictures: bool = False, paced: bool = True,
    patience: float = 30.0, hand_after: float = 15.0, apply_games: int = 5, wait_for_redraw: bool = True,
    diagnose: bool = False,
) -> None:
    logging.basicConfig(level=logging.WARNING)
    fake = FakeDiscord()
    # Answers and rate limits are counted when the bot process wrote each request (it stamps them),
    # not when this process, busy with a thousand channels' players, reads it: the callbacks the
    # fake answered late at 1,000 channels on PostgreSQL were its own queue, not the bot's.
    fake.trust_sent_at = True
    if rate_limits:
        fake.rate_limits = RateLimits.discord()
    tables = [USUAL_TABLES[i % len(USUAL_TABLES)] for i in range(channels)]
    people = [[fake.add_user(name=f"p{i}-{k}") for k in range(t.players + len(t.roles))] for i, t in enumerate(tables)]
    guild = fake.add_guild("Bench", members=[u for group in people for u in group])
    rooms = [fake.add_channel(guild, f"table-{i}") for i in range(channels)]
    _GUILD_CHANNELS.update(room.id for room in rooms)
    await fake.start()
    tmp = Path(tempfile.mkdtemp())
    url = os.environ.get("DATABASE_URL") or f"sqlite+aiosqlite:///{tmp}/bench.db"
    backend = url.split("://")[0]
    if not url.startswith("sqlite"):  # a clean PostgreSQL database for every run
        store = Store(url)
        async with store.engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
            await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
        await store.close()
    reader = Store(url) if diagnose else None  # reads a stuck table's saved game (`tests/bench/stuck.py`)
    # The bot runs in its own process, as in production; this process is Discord and the players.
    proc = await spawn(
        fake.base_url, url, fake.token,
        command=os.environ.get("BENCH_BOT", "-m tests.bench.bot_process").split(),
        extra=(("pictures",) if pictures else ()) + (("paced",) if paced else ()),
    )
    players = [
        Channel(
            fake, rooms[i], tables[i], people[i], seed=i, patience=patience, hand_after=hand_after,
            wait_for_redraw=wait_for_redraw, diagnose=reader,
        )
        for i in range(channels)
    ]
    for i, p in enumerate(players):
        p.plan_pings(moves, rounds, seed=channels + i)
    try:
        await fake.wait_ready(timeout=120)
        await fake.wait_for(lambda: fake.commands.get(None), timeout=120)
        # One answered /ping first: the bot is ready once it answers, not when the gateway says READY.
        warm = await fake.slash(people[0][0], rooms[0], "ping")
        await warm.done(timeout=120)
        fake.take_violations()
        requests_before = len(fake.requests)
        cpu_before = cpu_seconds(proc.pid)
        at_start = memory_kb(proc.pid)  # the bot started, its commands synced, one /ping answered
        proc.send_signal(signal.SIGUSR2)  # the bot prints where its memory is (bot_process.memory_report)
        await asyncio.sleep(1)
        samples: list[tuple[float, int]] = []
        sampler = asyncio.create_task(sample_rss(proc.pid, samples))
        lags: list[tuple[float, float]] = []
        lag_watch = asyncio.create_task(request_waits.watch_lag(lags))
        started = time.perf_counter()
        await asyncio.gather(*(p.play(moves, rounds) for p in players))
        elapsed = time.perf_counter() - started
        sampler.cancel()
        lag_watch.cancel()
        await asyncio.sleep(2)  # let the last background edits land before counting requests
        rest_requests = len(fake.requests) - requests_before
        kinds: dict[str, list[int]] = defaultdict(lambda: [0, 0])  # kind -> [requests, of them 429]
        for request in fake.requests[requests_before:]:
            counts = kinds[route_kind(request.method, request.path)]
            counts[0] += 1
            counts[1] += request.status == 429
        at_end = memory_kb(proc.pid)
        cpu = cpu_seconds(proc.pid) - cpu_before
        load = os.getloadavg()
        proc.send_signal(signal.SIGUSR2)
        if os.environ.get("BENCH_DEBUG"):
            proc.send_signal(signal.SIGUSR1)  # and where its tasks wait
        await asyncio.sleep(2)
    finally:
        if proc.returncode is None:
            proc.terminate()
        await proc.wait()
        await fake.stop()
        if reader is not None:
            await reader.close()
    out: dict[str, list[Interaction]] = defaultdict(list)
    for p in players:
        for kind, ixs in p.out.items():
            out[kind] += ixs
    stuck = len(out.pop("stuck", []))
    every = [ix for group in out.values() for ix in group]
    failed = [
        ix for ix in every if ix.latency is None or ix.errors or "went wrong" in ix.text.lower()
    ]
    print(
        f"backend: {backend}; channels: {channels}; moves: {moves}; rounds: {rounds}; "
        f"rate limits: {'on' if rate_limits else 'off'}; redraws paced: {'yes' if paced else 'no'}; pictures: {'on' if pictures else 'off'}; "
        f"players' patience {patience:.0f} s, My hand after {hand_after:.0f} s; "
        f"clicks wait for the redraw: {'yes' if wait_for_redraw else 'no'}; interactions: {len(every)} in {elapsed:.1f} s"
    )
    for name in ("action", "record", "hand", "roll", "check", "ping", PING_BESIDE):
        lat = [ix.latency for ix in out[name] if ix.latency is not None]
        mean = statistics.mean(lat) * 1000 if lat else 0.0
        print(f"{name:>7}: n={len(lat):6d}  p50 {pct(lat, 0.50):7.1f} ms  p99 {pct(lat, 0.99):7.1f} ms  mean {mean:7.1f} ms")
    act = [ix.latency for ix in out["action"] if ix.latency is not None]
    ping = [ix.latency for ix in out["ping"] if ix.latency is not None] or [1e-9]
    beside = [ix.latency for ix in out[PING_BESIDE] if ix.latency is not None] or [1e-9]
    # The target compares an action with a /ping met by the same load: the pings sent beside
    # actions. The pings after moves never meet the lobbies' burst, where the actions' p99 is, so
    # that ratio follows how loaded the machine is, not the actions' path (docs/performance.md).
    print(f"session-action p99 / ping p99: {pct(act, 0.99) / pct(beside, 0.99):.2f} against the pings beside "
          f"actions (target <= 1.5); {pct(act, 0.99) / pct(ping, 0.99):.2f} against the pings after moves")
    print(paired_line([pair for p in players for pair in p.pairs]))
    print(f"interactions per second: {len(every) / elapsed:.0f}; session actions per second: {len(out['action']) / elapsed:.0f}")
    print("from a click to its result shown on the clicked message (a message deleted, a table posted anew, is not counted):")
    for where in ("private panel in the channel", "DM panel", "table"):
        shown, unshown = shown_after([c for p in players for c in p.clicks if clicked_where(c[0]) == where])
        print(f"  {where:>28} (n={len(shown)}): p50 {pct(shown, 0.5):.0f} ms, p99 {pct(shown, 0.99):.0f} ms, "
              f"max {pct(shown, 1.0):.0f} ms; never redrawn {unshown}")
    print(f"failed interactions: {len(failed)} (target 0); channels left with no move on offer: {stuck}; "
          f"fake-Discord violations: {len(fake.violations)}")
    answers = defaultdict(int)
    for ix in every:
        answers[ANSWER_KINDS.get(ix.response_type or 0, "none")] += 1
    print("first answers by kind: " + ", ".join(f"{kind} {n}" for kind, n in sorted(answers.items(), key=lambda kv: -kv[1])))
    panels = first_panels(fake, players)
    early = [
        (snowflake_ms(m.id) - snowflake_ms(p.started_at)) / 1000
        for p in players if p.started_at is not None for user in p.users
        for m in fake.ephemeral_by_user.get(user.id, [])
        if any(v["content"].startswith(EARLY_PANEL) for v in [*m.history, m.snapshot()])  # clicked: shrunk to "✓ …"
    ]
    print("from Start to each player's first panel (any: a DM panel or what My hand showed; DM: the DM panel):")
    print(panel_line("all", [w for waits in panels.values() for w in waits], patience))
    for game, waits in sorted(panels.items()):
        print(panel_line(game, waits, patience))
    tables = [p.table_after for p in players if p.table_after is not None]
    print(f"  the table (the Start's answer, which the bot draws once the Start's work is done): p50 {pct(tables, 0.5) / 1000:.1f} s, "
          f"p99 {pct(tables, 0.99) / 1000:.1f} s after the Start")
    # Since 2026-11-24 (stop 19) a turn told early (`publisher._tell_early`) also shows a panel so:
    # these are panels, not players.
    print(f"  panels shown early in the channel (the DM panel would have been late): {len(early)}, "
          f"p50 {pct(early, 0.5) / 1000:.1f} s, p99 {pct(early, 0.99) / 1000:.1f} s after the Start")
    budget = sum(n for kind, (n, _) in kinds.items() if kind not in ("callback", "follow-up/edit"))
    print(f"REST requests: {rest_requests}, {rest_requests / max(len(out['action']), 1):.2f} per session action, "
          f"of them under the global budget (not interaction endpoints) {budget / max(len(out['action']), 1):.2f}; "
          f"429s: {len(fake.rate_limits.refused)} ({fake.rate_limits.refused_callbacks()} on interaction callbacks)")
    per = max(len(out["action"]), 1)
    print("  by route, per session action (429s): " + ", ".join(
        f"{kind} {n / per:.2f} ({limited})" for kind, (n, limited) in sorted(kinds.items(), key=lambda kv: -kv[1][0])
    ))
    print(f"bot CPU: {cpu:.1f} s in the run, {cpu / max(len(every), 1) * 1000:.1f} ms per interaction; "
          f"load average at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}")
    # The bot runs in a process of its own (tests/bench/bot_process.py): these are its figures
    # alone, not the fake Discord's or the players' (this process).
    print(f"bot RSS (its own process): peak {at_end['VmHWM'] / 1024:.0f} MB (target <= 200 MB); "
          f"after start {memory_line(at_start)}; after the burst {memory_line(at_end)}")
    if samples:
        top = max(samples, key=lambda s: s[1])
        print("  RSS over the run (s: MB): " + ", ".join(
            f"{t:.0f}: {kb / 1024:.0f}" for t, kb in samples[:: max(1, len(samples) // 12)]
        ) + f"; highest sampled {top[1] / 1024:.0f} MB at {top[0]:.0f} s")
    sizes, saved, seated = await saved_games(url)
    print("largest saved state: " + ", ".join(f"{g} {n / 1024:.1f} KB" for g, n in sorted(sizes.items())) + " (target <= 32 KB)")
    # Against the actions sent after the Starts: the rest were refused (a double click, a panel out of
    # date) or opened a next step (a form, a choice's second select).
    sent: dict[str, int] = defaultdict(int)
    for p in players:
        sent[p.table.game] += sum(1 for ix in p.out["action"] if p.started_at is not None and ix.id > p.started_at)
    print("moves saved, of session actions sent after the Start: " + ", ".join(
        f"{g} {n} of {sent[g]}" for g, n in sorted(saved.items())
    ))
    # A player whose join was not in the game when the host started (the host waits up to
    # `patience` for each join's answer) has no panel to get: the panel lines count them as "never".
    unseated: dict[str, int] = defaultdict(int)
    for p in players:
        if p.started_at is not None and p.session_id:
            unseated[p.table.game] += sum(1 for user in p.users if user.id not in seated)
    print(f"players not seated at their started table (\"never\" in the panel lines): {sum(unseated.values())}" + "".join(
        f", {g} {n}" for g, n in sorted(unseated.items()) if n
    ))
    # Where the answers waited: "opening" is until every table had started (the lobbies' burst),
    # "moves" after. The interactions are labelled as the figures above count them.
    opened = max((p.opened_at for p in players), default=0.0)
    labels = {ix.id: kind for kind, ixs in out.items() for ix in ixs}
    for line in request_waits.lines(
        fake, fake.requests[requests_before:], lambda t: "opening" if t <= opened else "moves",
        lambda ix: labels.get(ix.id, "other"),
    ):
        print(line)
    print(request_waits.lag_line(lags, lambda t: "opening" if t <= opened else "moves"))
    for ix in failed[:5]:
        print("  e.g.", ix.errors or ix.text[:160])
    for v in fake.violations[:5]:
        print("  violation:", v)
    if apply_games:
        print(f"apply per game (tests/bench/bench_apply.py, {apply_games} games each, CPU time; targets p50 <= 1 ms, p99 <= 5 ms):")
        bench_apply.main(apply_games, 200)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--channels", type=int, default=200)
    parser.add_argument("--moves", type=int, default=12, help="moves per channel (clicks and picks)")
    parser.add_argument("--rounds", type=int, default=3, help="/roll, /check and /ping per channel")
    parser.add_argument("--no-rate-limits", action="store_true", help="turn the fake's rate limits off")
    parser.add_argument("--pictures", action="store_true", help="the bot draws table and hand pictures")
    parser.add_argument("--no-pacing", action="store_true", help="the bot's redraws do not wait for rate limits")
    parser.add_argument("--patience", type=float, default=30.0, help="seconds a player waits for a move on offer before giving up")
    parser.add_argument("--hand-after", type=float, default=15.0, help="seconds with nothing to click before pressing My hand")
    parser.add_argument("--wait-for-redraw", action=argparse.BooleanOptionalAction, default=True,
                        help="a player does not click a panel again until the bot has redrawn it (default; "
                        "--no-wait-for-redraw: the double-clicking player of the figures before 2026-11-24)")
    parser.add_argument("--diagnose", action="store_true",
                        help="print each stuck table's saved game beside what its players saw (tests/bench/stuck.py)")
    parser.add_argument("--apply-games", type=int, default=5, help="games per game for the apply figures (0: skip)")
    args = parser.parse_args()
    asyncio.run(main(
        args.channels, args.moves, args.rounds, not args.no_rate_limits, args.pictures, not args.no_pacing,
        args.patience, args.hand_after, args.apply_games, args.wait_for_redraw, args.diagnose,
    ))
