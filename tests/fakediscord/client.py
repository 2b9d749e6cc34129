"""Point discord.py at the fake, and run a client against it inside a test."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import time
from collections.abc import AsyncIterator, Callable
from typing import Any, TypeVar

import aiohttp
import discord
import discord.gateway
import discord.http
import yarl

from .rest import ASKED_AT
from .server import FakeDiscord

C = TypeVar("C", bound=discord.Client)

_ORIGINAL = (discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY)


def patch_discord(base_url: str) -> None:
    """Send all of discord.py's traffic to the fake at base_url (`http://127.0.0.1:<port>/api/v10`).

    Two class attributes are enough:
    - `discord.http.Route.BASE`: every REST call builds its URL from it, and so do the
      interaction callback and webhook (followup, @original) calls, because
      `discord/webhook/async_.py` reuses `discord.http.Route`.
    - `DiscordWebSocket.DEFAULT_GATEWAY`: the first gateway connection (a plain Client never
      asks `GET /gateway/bot`). Reconnects use READY's `resume_gateway_url`, which the fake
      points at itself.
    """
    url = yarl.URL(base_url)
    discord.http.Route.BASE = str(url).rstrip("/")
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL.build(
        scheme="ws", host=url.host, port=url.port, path="/"
    )


SENT_AT = "X-Sent-At"  # the wall-clock time (time.time()) a request's bytes were written, by `stamp_sends`
# Set by `asked_trace`'s request start, in the requesting task's own context, read by `stamp_sends`.
_ASKED: contextvars.ContextVar[float | None] = contextvars.ContextVar("asked", default=None)


def asked_trace() -> aiohttp.TraceConfig:
    """A trace for a client session whose requests should also carry the moment they were asked
    for (`ASKED_AT`, stamped by `stamp_sends`): with `SENT_AT`, the fake then knows how long each
    request waited for a pooled connection."""

    async def started(_session: object, _ctx: object, _params: object) -> None:
        _ASKED.set(time.time())

    trace = aiohttp.TraceConfig()
    trace.on_request_start.append(started)
    trace.freeze()
    return trace


def stamp_sends() -> None:
    """Stamp every HTTP request this process sends with the moment it is written to its connection
    (after waiting for a pooled connection), so a fake with `trust_sent_at` counts it as Discord
    would on arrival, not when its own event loop gets round to it (see `FakeDiscord.sent_at`)."""
    if getattr(aiohttp.ClientRequest.send, "stamps", False):
        return
    send = aiohttp.ClientRequest.send

    async def stamped(self: aiohttp.ClientRequest, conn: Any) -> aiohttp.ClientResponse:
        self.headers.setdefault(SENT_AT, repr(time.time()))  # a caller's own stamp is kept (tests)
        asked = _ASKED.get()
        if asked is not None:  # once: a later request of this task through an untraced session has none
            self.headers.setdefault(ASKED_AT, repr(asked))
            _ASKED.set(None)
        return await send(self, conn)

    stamped.stamps = True  # type: ignore[attr-defined]
    aiohttp.ClientRequest.send = stamped  # type: ignore[method-assign]


def unpatch() -> None:
    """Restore discord.py's real Discord URLs."""
    discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = _ORIGINAL


@contextlib.asynccontextmanager
async def run_client(
    fake: FakeDiscord, client_factory: Callable[[], C], *, ready_timeout: float = 60.0
) -> AsyncIterator[C]:
    """Build a client, log it in to the fake, wait for `on_ready`, and close it cleanly on exit.

    The factory runs inside the test's event loop (discord.py binds the loop then).
    """
    patch_discord(fake.base_url)
    try:
        client = client_factory()
    except BaseException:
        unpatch()
        raise
    # discord.py waits this long after the last GUILD_CREATE before `on_ready`; the fake sends
    # every guild at once, so waiting the default 2 s would only slow tests down.
    client._connection.guild_ready_timeout = min(client._connection.guild_ready_timeout, 0.05)
    before = fake.gateway.ready_count
    task = asyncio.create_task(client.start(fake.token), name="fakediscord-client")
    try:
        waiter = asyncio.create_task(client.wait_until_ready())
        done, _ = await asyncio.wait(
            {waiter, task}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if waiter not in done:
            waiter.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await waiter
            if task.done():
                task.result()  # raise the login error
            raise TimeoutError("the client did not become ready against the fake Discord")
        await fake.wait_ready(before + 1, timeout=ready_timeout)
        yield client
    finally:
        try:
            await client.close()
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.wait_for(task, timeout=5)
        finally:
            unpatch()
