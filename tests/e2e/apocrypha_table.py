"""An Apocrypha table for end-to-end tests, and the small helpers every Apocrypha e2e test shares:
run a command, read the stored state, check a refusal changed nothing, press a control on a DM
panel or the lobby.

Guided (`open`): Alice guides Taking the Plunge, Bob brings Frank Block and Carol Dr. Zeez (named
Zeez). Co-op (`make_saints`, `open_coop`, `start_choir`): Alice brings Ophelia, Bob Frank and Carol
Zeez, and the choir's starting choices are made by the lobby's selects."""

from __future__ import annotations

from typing import Any

from bot.games.apocrypha import RULES
from tests.e2e.harness import settle
from tests.e2e.test_apocrypha_guided import component
from tests.fakediscord import FakeDiscord

# Co-op choirs: (user attribute of the fake world, saint id, saint name), Alice first.
CHOIR = (
    ("alice", "ophelia_willows", "Ophelia"),
    ("bob", "frank_block", "Frank"),
    ("carol", "dr_zeez", "Zeez"),
)


def only_apocrypha(monkeypatch: Any) -> None:
    """The bot loads Apocrypha alone, so the test starts faster and syncs one command group."""
    monkeypatch.setattr("bot.client.all_rules", lambda: {RULES.key: RULES})


class Table:
    """`watch`: a Surface checked after every command once the session exists. `fresh`: read the
    state from the database rather than the store's cache (tests that edit rows by hand)."""

    def __init__(self, fake: FakeDiscord, bot: Any, watch: Any = None, fresh: bool = False) -> None:
        self.fake, self.bot, self.w = fake, bot, fake.world
        self.sid = 0
        self.watch, self.fresh = watch, fresh

    async def run(self, user: Any, command: str, **options: Any) -> Any:
        ix = await (await self.fake.slash(user, self.w.table, command, **options)).done()
        await settle(self.bot)
        if self.sid and self.watch is not None:
            await self.watch.check()
        return ix

    async def state(self) -> dict[str, Any]:
        return (await self.bot.service.store.get(self.sid, fresh=self.fresh)).state

    async def refused(self, user: Any, command: str, words: str, **options: Any) -> Any:
        """The command is answered only to its sender, in words containing `words`, and the game's
        state is exactly what it was."""
        before = await self.state()
        ix = await self.run(user, command, **options)
        assert ix.ephemeral and words.lower() in ix.text.lower(), ix.text
        assert await self.state() == before
        return ix

    # -- the DM panel ---------------------------------------------------------------------------------
    def panel(self, user: Any) -> Any:
        return self.fake.dm_messages(user)[-1]

    def options(self, user: Any, verb: str) -> list[dict[str, Any]]:
        """The options of the select `verb` on the user's panel."""
        return component(self.panel(user), verb)["options"]

    def labels(self, user: Any) -> str:
        """The user's panel text and controls, to look for a label in."""
        panel = self.panel(user)
        return panel.text + " | " + repr(panel.components)

    async def press(self, user: Any, verb: str, values: list[str] | None = None) -> Any:
        """Click a control on the user's newest DM (a select when values are given)."""
        panel = self.panel(user)
        custom = component(panel, verb)["custom_id"]
        if values is None:
            ix = await (await self.fake.click(user, panel, custom)).done()
        else:
            ix = await (await self.fake.select(user, panel, custom, values)).done()
        await settle(self.bot)
        return ix

    async def click(self, user: Any, label: str) -> Any:
        """Click the button labelled `label` on the user's panel."""
        panel = self.panel(user)
        ix = await (await self.fake.click(user, panel, self.fake.find_button(panel, label=label))).done()
        await settle(self.bot)
        return ix

    # -- the lobby and the table message -----------------------------------------------------------
    async def choose(self, user: Any, verb: str, value: str) -> Any:
        """Pick `value` in the select `verb` on the channel's first message (the lobby)."""
        table = self.fake.messages(self.w.table)[0]
        ix = await (await self.fake.select(user, table, component(table, verb)["custom_id"], [value])).done()
        await settle(self.bot)
        return ix

    async def click_start(self, user: Any) -> Any:
        lobby = self.fake.messages(self.w.table)[0]
        ix = await (await self.fake.click(user, lobby, component(lobby, "start")["custom_id"])).done()
        await settle(self.bot)
        return ix

    def read_sid(self) -> int:
        self.sid = int(component(self.fake.messages(self.w.table)[0], "start")["custom_id"].split(":")[1])
        return self.sid

    # -- whole setups --------------------------------------------------------------------------------
    async def open(self) -> Table:
        """Guided: saints made, the lobby opened and joined, the mission started."""
        w = self.w
        await self.run(w.bob, "apocrypha saint create", saint="frank_block")
        await self.run(w.carol, "apocrypha saint create", saint="Dr. Zeez", name="Zeez")
        await self.run(w.alice, "apocrypha new", mode="guided", mission="taking_the_plunge")
        self.read_sid()
        await self.run(w.bob, "apocrypha join", saint="Frank Block")
        await self.run(w.carol, "apocrypha join", saint="Zeez")
        await self.run(w.alice, "apocrypha start")
        return self

    async def make_saints(self, saints: int = 3) -> None:
        """Co-op: Ophelia (Alice), Frank (Bob) and Zeez (Carol), the first `saints` of them."""
        for who, saint, name in CHOIR[:saints]:
            await self.run(getattr(self.w, who), "apocrypha saint create", saint=saint, name=name)

    async def open_coop(self, mission: str, joins: int = 3) -> int:
        """Co-op: Alice opens the lobby for `mission`; the first `joins` saints of CHOIR join."""
        await self.run(self.w.alice, "apocrypha new", mode="coop", mission=mission)
        self.read_sid()
        for who, _, name in CHOIR[:joins]:
            await self.run(getattr(self.w, who), "apocrypha join", saint=name)
        return self.sid

    async def start_choir(self, starts: list[tuple[Any, str]], first: Any) -> None:
        """Each user's starting nexus and the first saint by the lobby's selects, then Start."""
        for user, nexus in starts:
            await self.choose(user, "choir_start", nexus)
        await self.choose(self.w.alice, "choir_first", str(first.id))
        await self.click_start(self.w.alice)
