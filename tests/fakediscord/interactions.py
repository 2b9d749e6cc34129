"""One interaction as the fake dispatched it, and what the bot answered."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from .state import FakeMessage

# Interaction types and callback types, as Discord numbers them.
APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
PONG, CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 1, 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


@dataclass
class Interaction:
    """The record of one interaction; `await ix.done()` waits for the bot's initial answer."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    payload: dict[str, Any]
    dispatched_at: float
    # The message a component sits on (for clicks and selects).
    source_message: FakeMessage | None = None
    response_type: int | None = None
    responded_at: float | None = None
    # Seconds the event loop's thread had waited for a CPU (cpuwait.cpu_wait) at dispatch, and how
    # many more it waited until the initial response: the machine's load, not the bot's time.
    cpu_wait_at_dispatch: float = 0.0
    starved: float = 0.0
    # The message the initial response created or (for updates) edited.
    original: FakeMessage | None = None
    followups: list[FakeMessage] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    # Refused attempts, e.g. [(40060, "Interaction has already been acknowledged.")].
    errors: list[tuple[int, str]] = field(default_factory=list)
    # Set by a test harness (`fake.after_deferral`): waits until the bot has finished the work a
    # deferral left for later, so `done()` of a deferred interaction returns with its real answer.
    after_deferral: Callable[[], Awaitable[None]] | None = field(default=None, repr=False)
    _answered: asyncio.Event = field(default_factory=asyncio.Event, repr=False)
    _changed: asyncio.Event = field(default_factory=asyncio.Event, repr=False)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def latency(self) -> float | None:
        """Seconds from dispatch to the accepted initial response."""
        return None if self.responded_at is None else self.responded_at - self.dispatched_at

    @property
    def answer_time(self) -> float | None:
        """Seconds from dispatch to the initial response in the bot's own time: `latency` less the
        time the process waited for a CPU (0 unless `fake.excuse_cpu_wait`). Discord's deadline is
        held against this, so a test proves the bot's timing, not the machine's load."""
        return None if self.latency is None else self.latency - self.starved

    @property
    def ephemeral(self) -> bool:
        return self.original is not None and self.original.ephemeral

    @property
    def content(self) -> str:
        return self.original.content if self.original else ""

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return self.original.embeds if self.original else []

    @property
    def components(self) -> list[dict[str, Any]]:
        return self.original.components if self.original else []

    @property
    def messages(self) -> list[FakeMessage]:
        """The response message then each followup, once each, deleted ones left out."""
        out: list[FakeMessage] = []
        seen: set[int] = set()
        for msg in [self.original, *self.followups]:
            if msg is not None and not msg.deleted and msg.id not in seen:
                seen.add(msg.id)
                out.append(msg)
        return out

    @property
    def text(self) -> str:
        """All human text this interaction showed: the response and every followup."""
        return "\n".join(m.text for m in self.messages if m.text)

    def _notify(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    async def done(self, timeout: float = 30.0, followups: int = 0, *, settle: bool = True) -> Interaction:
        """Wait for the initial response and, if asked, for that many followups. A deferral is only
        an acknowledgement: then (unless `settle=False`) wait for the bot to finish its work too,
        when the harness says how (`after_deferral`), so the answer a test checks is the final one."""

        async def until() -> None:
            await self._answered.wait()
            while len(self.followups) < followups:
                await self._changed.wait()
            if settle and self.after_deferral is not None and self.response_type in (DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE):
                await self.after_deferral()

        try:
            await asyncio.wait_for(until(), timeout)
        except TimeoutError:
            got = (
                "no accepted initial response"
                if not self.acknowledged
                else f"{len(self.followups)} followups"
            )
            refused = f"; Discord refused: {self.errors}" if self.errors else ""
            raise TimeoutError(f"{self.describe()}: {got} after {timeout} s{refused}") from None
        return self

    async def answered(self, timeout: float = 30.0) -> Interaction:
        """Wait until the answer can be read: a deferred message's "thinking" line filled in by the
        bot (a person reads the answer before their next step; `done` returns at the deferral)."""

        async def until() -> None:
            await self._answered.wait()
            while self.original is not None and self.original.loading and not self.original.deleted:
                await self._changed.wait()

        await asyncio.wait_for(until(), timeout)
        return self

    def describe(self) -> str:
        data = self.payload.get("data") or {}
        what = data.get("custom_id") or "/" + " ".join([data.get("name", "?"), *_subcommand_path(data)])
        return f"interaction {self.id} ({what}) by user {self.user_id}"


def _subcommand_path(data: dict[str, Any]) -> list[str]:
    path = []
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        path.append(options[0]["name"])
        options = options[0].get("options") or []
    return path
