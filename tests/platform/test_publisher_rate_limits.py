"""The publisher when Discord keeps answering 429 after discord.py's own retries."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any

import discord
import pytest

from cogs.common import publisher as publisher_module
from cogs.common.publisher import DiscordPublisher


def rate_limited() -> discord.HTTPException:
    return discord.HTTPException(SimpleNamespace(status=429, reason="Too Many Requests"), {"message": "You are being rate limited.", "code": 0})  # type: ignore[arg-type]


async def test_a_redraw_refused_by_rate_limits_is_drawn_again_once_from_the_newest_state(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(publisher_module, "RATE_LIMITED_WAIT", 0.01)
    publisher = DiscordPublisher(SimpleNamespace())  # type: ignore[arg-type]
    state = {"version": 1}
    drawn: list[int] = []

    async def draw() -> None:
        if len(drawn) < 2:
            drawn.append(-state["version"])  # refused: nothing shown
            raise rate_limited()
        drawn.append(state["version"])

    publisher.schedule("table", draw)
    state["version"] = 2
    publisher.schedule("table", draw)  # changes while refused are drawn in the same retry
    state["version"] = 3
    await publisher.drain()
    assert drawn == [-3, -3, 3]  # tried again until drawn, and only the newest state drawn


async def test_a_redraw_is_given_up_after_a_few_refusals(monkeypatch: pytest.MonkeyPatch, caplog: Any) -> None:
    monkeypatch.setattr(publisher_module, "RATE_LIMITED_WAIT", 0.001)
    publisher = DiscordPublisher(SimpleNamespace())  # type: ignore[arg-type]
    tries = 0

    async def draw() -> None:
        nonlocal tries
        tries += 1
        raise rate_limited()

    publisher.schedule("table", draw)
    await asyncio.wait_for(publisher.drain(), 5)
    assert tries == publisher_module.RATE_LIMITED_TRIES + 1
    assert "publishing table failed" in caplog.text
