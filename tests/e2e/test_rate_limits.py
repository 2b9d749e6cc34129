"""The fake Discord's rate limits: per-route buckets, X-RateLimit-* headers, 429 with retry_after."""

from __future__ import annotations

import asyncio
import time

import aiohttp
import discord

from tests.fakediscord import FakeDiscord, run_client
from tests.fakediscord.ratelimit import Limit, RateLimits


async def test_a_bucket_past_its_limit_answers_429_with_retry_after(fake_discord: FakeDiscord) -> None:
    fake, w = fake_discord, fake_discord.world
    fake.rate_limits = RateLimits(limits={"message_send": Limit(2, 0.4)})
    url = f"{fake.base_url}/channels/{w.table.id}/messages"
    other = f"{fake.base_url}/channels/{w.lounge.id}/messages"
    async with aiohttp.ClientSession(headers={"Authorization": f"Bot {fake.token}"}) as http:
        answers = []
        for _ in range(3):
            async with http.post(url, json={"content": "hi"}) as resp:
                answers.append((resp.status, dict(resp.headers), await resp.json()))
        assert [a[0] for a in answers] == [200, 200, 429]
        assert answers[0][1]["X-RateLimit-Limit"] == "2" and answers[0][1]["X-RateLimit-Remaining"] == "1"
        assert answers[1][1]["X-RateLimit-Remaining"] == "0"
        status, headers, body = answers[2]
        assert body["message"] == "You are being rate limited." and body["global"] is False
        assert 0 < body["retry_after"] <= 0.4 and float(headers["Retry-After"]) == body["retry_after"]
        assert headers["X-RateLimit-Bucket"] == answers[0][1]["X-RateLimit-Bucket"]
        async with http.post(other, json={"content": "hi"}) as resp:  # another channel: its own bucket
            assert resp.status == 200
        await asyncio.sleep(body["retry_after"])
        async with http.post(url, json={"content": "hi"}) as resp:  # the window has reset
            assert resp.status == 200
    assert fake.rate_limits.refused == [("POST", f"/api/v10/channels/{w.table.id}/messages", body["retry_after"])]
    assert len([m for m in fake.messages(w.table) if m.content == "hi"]) == 3  # the refused one was not posted


async def test_the_global_limit_spares_interaction_endpoints() -> None:
    limits = RateLimits(global_per_second=1)
    assert limits.check("POST", "/api/v10/channels/1/messages", now=0.0)[1] is None
    assert limits.check("GET", "/api/v10/users/@me", now=0.1)[1] is not None  # the bot's budget is spent
    assert limits.check("POST", "/api/v10/interactions/5/tok/callback", now=0.2)[1] is None
    # The interaction's webhook: a follow-up, an edit of the original response, of a follow-up.
    assert limits.check("POST", "/api/v10/webhooks/9/tok", now=0.3)[1] is None
    assert limits.check("PATCH", "/api/v10/webhooks/9/tok/messages/@original", now=0.4)[1] is None
    assert limits.check("PATCH", "/api/v10/webhooks/9/tok/messages/77", now=0.5)[1] is None
    assert limits.check("DELETE", "/api/v10/channels/1/messages/2", now=0.6)[1] is not None  # still spent
    assert limits.check("GET", "/api/v10/users/@me", now=1.01)[1] is None  # a new second


async def test_discord_py_waits_for_the_bucket_and_every_message_arrives(fake_discord: FakeDiscord) -> None:
    fake, w = fake_discord, fake_discord.world
    fake.rate_limits = RateLimits(limits={"message_send": Limit(2, 0.5)})
    async with run_client(fake, lambda: discord.Client(intents=discord.Intents.none())) as client:
        channel = client.get_channel(w.table.id)
        assert isinstance(channel, discord.TextChannel)
        started = time.monotonic()
        await asyncio.gather(*(channel.send(f"line {i}") for i in range(5)))
        elapsed = time.monotonic() - started
    assert sorted(m.content for m in fake.messages(w.table)) == [f"line {i}" for i in range(5)]
    assert elapsed >= 0.9  # five sends through a bucket of two per half second: three windows
