"""What every game's channel must look like at every step (issue 10), checked the same way for all.

    watch = Surface(fake, bot, channel)
    ... after each move: await watch.check()
    ... at the end:     await watch.finish()   # checks the result post, returns the figures

- The live table is among the last three messages of the channel.
- At most one live prompt exists, and it names everyone the game waits on.
- At the end the last message is the result post, naming the result, and the bot has left at
  most three messages of its own (lobby, table, result) besides the answers to players' commands.
- The live table fits a phone: at most 1,800 characters of description and fields.
- `figures()` measures interactions per turn and channel messages per turn (docs/platform.md).
"""

from __future__ import annotations

import re
from typing import Any

from cogs.common.text import fill_seats
from tests.e2e.harness import settle
from tests.fakediscord import FakeDiscord, FakeMessage

MENTION = re.compile(r"<@(\d+)>")


async def live_table(fake: FakeDiscord, bot: Any, channel: Any) -> FakeMessage:
    """The session's live table message (posted anew at the bottom as play passes on)."""
    await settle(bot)
    row = await bot.store.last_in_channel(channel.id)
    pub = await bot.publisher.record(row.id)
    where = pub.get("table") or [row.table_channel_id, row.table_message_id]
    return fake.messages_by_id[where[1]]


class Surface:
    def __init__(self, fake: FakeDiscord, bot: Any, channel: Any) -> None:
        self.fake, self.bot, self.channel = fake, bot, channel
        self.first_message = max(self.fake.messages_by_id, default=0)
        self.first_interaction = len(fake.interactions)
        self.steps = 0
        self.widest = 0  # the most characters of description and fields a live table had

    async def row(self) -> Any:
        row = await self.bot.store.last_in_channel(self.channel.id)
        assert row is not None, "no game in this channel"
        return row

    def bot_posts(self) -> list[FakeMessage]:
        """Messages the bot posted in the channel itself (not answers to a player's command)."""
        return [
            m
            for m in self.fake.messages(self.channel)
            if m.author_id == self.fake.bot_user.id and m.interaction_id is None
        ]

    def prompts(self) -> list[FakeMessage]:
        """Live prompts: the bot's posts, and the follow-up of a Start that answered with the table."""
        return [
            m
            for m in self.fake.messages(self.channel)
            if m.author_id == self.fake.bot_user.id and not m.ephemeral and not m.embeds and "([table](" in m.content
        ]

    async def check(self) -> None:
        await settle(self.bot)
        self.steps += 1
        row = await self.row()
        pub = await self.bot.publisher.record(row.id)
        messages = self.fake.messages(self.channel)
        prompts = self.prompts()
        assert len(prompts) <= 1, f"{len(prompts)} live prompts: {[p.content for p in prompts]}"
        if row.status != "running":
            return
        table = pub.get("table")
        assert table, "a running game has no table"
        last = [m.id for m in messages[-3:]]
        assert table[1] in last, "the live table is not among the last three messages"
        size = table_size(self.fake.messages_by_id[table[1]])
        assert size <= 1800, f"the table has {size} characters: more than a phone screen"
        self.widest = max(self.widest, size)
        waiting = {row.seats[int(s)] if s != "-1" else row.roles.get("guide") for s in row.waiting}
        if waiting:
            assert prompts, "the game waits on someone but no prompt says so"
            named = {int(u) for u in MENTION.findall(prompts[0].content)}
            assert named == waiting, f"the prompt names {named}, the game waits on {waiting}"

    async def finish(self, *, after: int = 0) -> dict[str, float]:
        """At the game's end: the result post is last and names the result. Returns the figures.
        `after`: messages of the game's own after-game step that follow the result (Apocrypha's
        Mission End)."""
        await settle(self.bot)
        row = await self.row()
        assert row.status in ("finished", "abandoned"), f"the game is still {row.status}"
        posts = self.bot_posts()
        last = posts[-1 - after] if len(posts) > after else None
        if not after:
            assert last is self.fake.last_message(self.channel), "the result post is not the last message"
        assert last is not None and last.embeds, "the channel does not end on the result post"
        title = last.embeds[0].get("title", "")
        assert "game over" in title or "game ended" in title, f"the last message is {title!r}"
        assert fill_seats(row.result or "", row) in last.text, "the result post does not name the result"
        assert [a["filename"] for a in last.attachments] == [f"{row.game}-{row.id}.log"], "no log file"
        assert not self.prompts(), "a prompt outlived the game"
        assert len(posts) <= 3 + after, f"{len(posts)} bot messages left: {[m.text[:60] for m in posts]}"
        return await self.figures()

    async def figures(self) -> dict[str, float]:
        row = await self.row()
        turns = max(1, self.bot.service.history(row).turns)
        interactions = len(self.fake.interactions) - self.first_interaction
        posted = [
            m
            for mid, m in self.fake.messages_by_id.items()
            if mid > self.first_message and m.channel_id == self.channel.id and not m.ephemeral
        ]
        return {
            "turns": turns,
            "interactions_per_turn": round(interactions / turns, 2),
            "channel_messages_per_turn": round(len(posted) / turns, 2),
            "widest_table": self.widest,
        }


def table_size(message: FakeMessage) -> int:
    """Characters of descriptions and fields (names and values): what a phone has to show."""
    return sum(
        len(e.get("description") or "") + sum(len(f["name"]) + len(f["value"]) for f in e.get("fields", []))
        for e in message.embeds
    )


def report(game: str, figures: dict[str, float]) -> None:
    print(
        f"\n[surface] {game}: {figures['turns']} turns, "
        f"{figures['interactions_per_turn']} interactions per turn, "
        f"{figures['channel_messages_per_turn']} channel messages per turn, "
        f"widest table {figures['widest_table']} characters"
    )
