"""The interactions' HTTP pools (bot/answer_pools.py): a first answer never waits for a connection
behind edits of interactions' own messages, however many of those are in flight."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import pytest
from aiohttp import web

from bot.answer_pools import AnswerPools

API = "/api/v10"


@pytest.fixture
async def discord_like() -> AsyncIterator[tuple[str, asyncio.Event, list[str]]]:
    """A server that answers callbacks at once and holds every edit until `release` is set."""
    release = asyncio.Event()
    seen: list[str] = []

    async def callback(request: web.Request) -> web.Response:
        seen.append("callback")
        return web.Response(status=204)

    async def edit(request: web.Request) -> web.Response:
        seen.append("edit")
        await release.wait()
        return web.json_response({"id": "1"})

    app = web.Application()
    app.add_routes([
        web.post(API + "/interactions/{ix}/{token}/callback", callback),
        web.patch(API + "/webhooks/{app}/{token}/messages/@original", edit),
    ])
    runner = web.AppRunner(app, access_log=None)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    try:
        yield f"http://127.0.0.1:{port}{API}", release, seen
    finally:
        release.set()
        await runner.cleanup()


async def test_a_first_answer_goes_out_while_every_edit_connection_is_busy(
    discord_like: tuple[str, asyncio.Event, list[str]],
) -> None:
    base, release, seen = discord_like
    pools = AnswerPools(first=1, edits=2)
    try:
        async def edit(n: int) -> int:
            async with pools.request("PATCH", f"{base}/webhooks/9/token-{n}/messages/@original", json={}) as response:
                return response.status

        edits = [asyncio.create_task(edit(n)) for n in range(5)]  # 2 held by the server, 3 waiting
        async with asyncio.timeout(10):
            while seen.count("edit") < 2:
                await asyncio.sleep(0.01)
        # Both edit connections are taken and three edits wait for one: the callbacks go anyway,
        # one after the other through their own single connection.
        async with asyncio.timeout(5):
            for n in range(3):
                async with pools.request("POST", f"{base}/interactions/{n}/tok/callback?with_response=1", json={"type": 5}) as response:
                    assert response.status == 204
        assert seen.count("edit") == 2 and not any(task.done() for task in edits)
        release.set()
        assert await asyncio.gather(*edits) == [200] * 5
    finally:
        await pools.close()
    assert pools.closed


def test_only_the_callback_is_a_first_answer() -> None:
    first = AnswerPools.is_first_answer
    assert first("https://discord.com/api/v10/interactions/1/tok/callback")
    assert first("https://discord.com/api/v10/interactions/1/tok/callback?with_response=1")
    assert not first("https://discord.com/api/v10/webhooks/9/tok/messages/@original")
    assert not first("https://discord.com/api/v10/webhooks/9/tok")  # a follow-up
    assert not first("https://discord.com/api/v10/webhooks/9/tok/messages/123")
