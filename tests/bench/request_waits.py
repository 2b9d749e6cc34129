"""Where the bot's HTTP requests spent their time in a benchmark run, from the fake's own records.

Each request the benchmark's bot sends says when it was asked for and when its bytes were written
(`client.asked_trace`, `stamp_sends`); the fake notes when its event loop got round to it and how
long it took to answer (`RecordedRequest`). So a request's time splits into:
- the wait for a pooled connection in the bot (asked -> sent),
- the way to the fake's handler: the socket and the fake's own event loop (sent -> arrived),
- the fake's handling (took).
For an interaction's first answer (its callback), the time before the bot asked for the request
(dispatch -> asked: the gateway, the bot's event loop, its handler) comes first; the benchmark's
latency is dispatch -> sent.
"""

from __future__ import annotations

import asyncio
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass

from tests.fakediscord import FakeDiscord, Interaction
from tests.fakediscord.rest import RecordedRequest

API = "/api/v10/"


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values) or [0.0]
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def interaction_of(fake: FakeDiscord, request: RecordedRequest) -> Interaction | None:
    """The interaction a callback, an @original edit or a follow-up belongs to (None for the rest)."""
    parts = request.path.removeprefix(API).split("/")
    if parts[0] == "interactions" and len(parts) > 1 and parts[1].isdigit():
        return fake.interactions.get(int(parts[1]))
    if parts[0] == "webhooks" and len(parts) > 2:
        return fake.interactions_by_token.get(parts[2])
    return None


def request_kind(request: RecordedRequest) -> str:
    path = request.path.removeprefix(API)
    if path.startswith("interactions/"):
        return "first answer"
    if path.startswith("webhooks/"):
        return "edit/follow-up"
    return "channel/DM"


@dataclass
class Row:
    request: RecordedRequest
    ix: Interaction | None

    def split(self) -> tuple[float | None, float, float]:
        r = self.request
        return (None if r.asked is None else r.time - r.asked), r.arrived - r.time, r.took


def lines(
    fake: FakeDiscord, requests: list[RecordedRequest], phase: Callable[[float], str],
    label: Callable[[Interaction], str],
) -> list[str]:
    """The report: per kind of request and phase of the run, the three parts' p50 / p99; then, per
    kind of interaction, its first answer's latency as the benchmark counts it, split in two."""
    groups: dict[tuple[str, str], list[Row]] = defaultdict(list)
    for request in requests:
        if request.status == 429:
            continue
        groups[(request_kind(request), phase(request.time))].append(Row(request, interaction_of(fake, request)))
    out = ["where requests waited (ms, p50 / p99): in the bot for a connection | to the fake's handler | the fake's handling"]
    for (kind, when), rows in sorted(groups.items()):
        pool = [w for w, _, _ in (row.split() for row in rows) if w is not None]
        way = [row.split()[1] for row in rows]
        took = [row.split()[2] for row in rows]
        out.append(
            f"  {kind:>14}, {when:<8} n={len(rows):6d}: {pct(pool, .5):5.0f} / {pct(pool, .99):5.0f} | "
            f"{pct(way, .5):5.0f} / {pct(way, .99):5.0f} | {pct(took, .5):4.0f} / {pct(took, .99):4.0f}"
        )
    firsts: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for (kind, when), rows in groups.items():
        for row in rows:
            if kind == "first answer" and row.ix is not None and row.request.asked is not None:
                asked = row.request.asked - row.ix.dispatched_at
                firsts[(label(row.ix), when)].append((asked, row.request.time - row.request.asked))
    out.append("first answers, as the benchmark counts them (ms, p50 / p99): dispatch -> the bot asks | -> sent (pool) | latency")
    for (name, when), pairs in sorted(firsts.items()):
        asked = [a for a, _ in pairs]
        pool = [p for _, p in pairs]
        total = [a + p for a, p in pairs]
        out.append(
            f"  {name:>7}, {when:<8} n={len(pairs):6d}: {pct(asked, .5):5.0f} / {pct(asked, .99):5.0f} | "
            f"{pct(pool, .5):5.0f} / {pct(pool, .99):5.0f} | {pct(total, .5):5.0f} / {pct(total, .99):5.0f}"
        )
    return out


async def watch_lag(into: list[tuple[float, float]], tick: float = 0.1) -> None:
    """How late this process's event loop (the fake and the players) wakes a task that slept `tick`."""
    loop = asyncio.get_running_loop()
    while True:
        start = loop.time()
        await asyncio.sleep(tick)
        into.append((start, loop.time() - start - tick))


def lag_line(lags: list[tuple[float, float]], phase: Callable[[float], str]) -> str:
    by: dict[str, list[float]] = defaultdict(list)
    for at, lag in lags:
        by[phase(at)].append(lag)
    return "the fake's event loop lag (ms, p50 / p99 / max): " + "; ".join(
        f"{when} {pct(v, .5):.0f} / {pct(v, .99):.0f} / {pct(v, 1.0):.0f}" for when, v in sorted(by.items())
    )
