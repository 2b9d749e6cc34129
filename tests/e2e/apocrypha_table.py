"""A guided Apocrypha table for end-to-end tests: Alice guides Taking the Plunge, Bob brings Frank
Block and Carol Dr. Zeez (named Zeez), and small helpers to run commands and press controls."""

from __future__ import annotations

from typing import Any

from tests.e2e.harness import settle
from tests.e2e.test_apocrypha_guided import component
from tests.fakediscord import FakeDiscord


class Table:
    def __init__(self, fake: FakeDiscord, bot: Any) -> None:
        self.fake, self.bot, self.w = fake, bot, fake.world
        self.sid = 0

    async def run(self, user: Any, command: str, **options: Any) -> Any:
        ix = await (await self.fake.slash(user, self.w.table, command, **options)).done()
        await settle(self.bot)
        return ix

    async def state(self) -> dict[str, Any]:
        return (await self.bot.service.store.get(self.sid)).state

    async def press(self, user: Any, verb: str, values: list[str] | None = None) -> Any:
        """Click a control on the user's newest DM (a select when values are given)."""
        panel = self.fake.dm_messages(user)[-1]
        custom = component(panel, verb)["custom_id"]
        if values is None:
            ix = await (await self.fake.click(user, panel, custom)).done()
        else:
            ix = await (await self.fake.select(user, panel, custom, values)).done()
        await settle(self.bot)
        return ix

    async def open(self) -> Table:
        """Saints made, the lobby opened and joined, the mission started."""
        w = self.w
        await self.run(w.bob, "apocrypha saint create", saint="frank_block")
        await self.run(w.carol, "apocrypha saint create", saint="Dr. Zeez", name="Zeez")
        await self.run(w.alice, "apocrypha new", mode="guided", mission="taking_the_plunge")
        self.sid = int(component(self.fake.messages(w.table)[0], "start")["custom_id"].split(":")[1])
        await self.run(w.bob, "apocrypha join", saint="Frank Block")
        await self.run(w.carol, "apocrypha join", saint="Zeez")
        await self.run(w.alice, "apocrypha start")
        return self
