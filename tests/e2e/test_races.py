"""Races through the fake Discord: double clicks, stale panels, clicks from the wrong place.

Every game button carries the moment its panel was drawn for; these tests press
them twice at once, in many channels at once, and check that no click is
applied twice and none is lost (docs/platform.md, "Clicks and their moment").
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from bot.engine.prng import Rng
from bot.games.haunted import RULES as HAUNTED
from bot.service import user_of
from cogs.common.components import parse_custom_id
from cogs.common.replies import DEADLINE, FIRST_BYTES
from tests.e2e.harness import ids_on, private, running_bot, settle
from tests.fakediscord import FakeDiscord, FakeMessage

# Discord's interaction callback types: a deferred update and an edited message mean "applied".
DEFERRED_UPDATE, UPDATE_MESSAGE = 6, 7
# Verbs that never act on the game (they answer with a question or a view): not raced here.
NOT_ACTIONS = {"hand", "join", "leave", "start", "bring", "bring_pick", "ask"}


def applied(ix: Any) -> bool:
    """The click was carried out: acknowledged without a message of its own (a refusal or a question
    after a deferral comes as a follow-up)."""
    return ix.response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE) and not ix.followups


def question(ix: Any, sid: int) -> FakeMessage | None:
    """The private question a click was answered with (where a card goes, what a power aims at)."""
    if applied(ix) or "current panel" in ix.text:
        return None
    return next((m for m in (ix.original, *ix.followups) if m is not None and m.ephemeral and controls(m, sid)), None)


async def click_twice(fake: FakeDiscord, bot: Any, user: Any, msg: FakeMessage, cid: str, value: str | None) -> tuple[Any, Any]:
    """The same control pressed twice at the same moment, until both are fully handled (a click
    deferred while it waited is answered after its acknowledgement)."""

    async def once() -> Any:
        ix = await (fake.click(user, msg, cid) if value is None else fake.select(user, msg, cid, [value]))
        return await ix.done()

    first, second = await asyncio.gather(once(), once())
    await settle(bot)
    return first, second


def controls(msg: FakeMessage, sid: int) -> list[tuple[str, str | None]]:
    """Every (custom id, select value) on a message that acts on session `sid`."""
    out: list[tuple[str, str | None]] = []
    for comp in ids_on(msg.components):
        parts = parse_custom_id(comp["custom_id"])
        if parts is None or parts.session_id != sid or parts.verb in NOT_ACTIONS or comp.get("disabled"):
            continue
        if comp.get("options"):
            if comp.get("min_values", 1) <= 1:
                out += [(comp["custom_id"], o["value"]) for o in comp["options"]]
        else:
            out.append((comp["custom_id"], None))
    return out


def panel_of(fake: FakeDiscord, user: Any, sid: int) -> FakeMessage | None:
    """The user's DM panel for session `sid` (one message per player per session, edited)."""
    for msg in reversed(fake.dm_messages(user)):
        for comp in ids_on(msg.components):
            parts = parse_custom_id(comp["custom_id"])
            if parts is not None and parts.session_id == sid:
                return msg
    return None


async def haunted_two_player(fake: FakeDiscord, bot: Any, channel: Any, host: Any, guest: Any) -> int:
    await (await fake.slash(host, channel, "haunted new")).done()
    await settle(bot)
    lobby = next(m for m in fake.messages(channel) if "Haunted" in m.text and m.components)
    await (await fake.click(guest, lobby, fake.find_button(lobby, label="Join"))).done()
    await (await fake.click(host, lobby, fake.find_button(lobby, label="Start"))).done()
    await settle(bot)
    return (await bot.service.session_in(channel.id)).id


async def test_haunted_double_click_on_end_step_1_is_applied_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """The reported bug: both clicks of a double click on "End step 1" were applied, skipping step 3."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        sid = await haunted_two_player(fake, bot, w.table, w.alice, w.bob)
        row = await bot.store.get(sid)
        before = HAUNTED.load_state(row.state)
        assert before.public.step == "others"
        mover = [w.alice, w.bob][before.public.active]
        [panel] = fake.dm_messages(mover)
        end = fake.find_button(panel, label="End step 1")
        first, second = await click_twice(fake, bot, mover, panel, end, None)
        await settle(bot)
        row = await bot.store.get(sid)
        # Exactly one pass was applied: the state is the one a single pass gives.
        assert len(row.moves) == 1 and row.moves[0]["command"]["type"] == "pass"
        once = HAUNTED.apply(before, before.public.active, HAUNTED.parse_command({"type": "pass"})).state
        assert row.state == once.model_dump(mode="json")
        assert sorted(map(applied, (first, second))) == [False, True]
        refused = first if not applied(first) else second
        assert private(refused) and "already did that" in refused.text and "current panel" in refused.text


async def play_channel(fake: FakeDiscord, bot: Any, sid: int, rounds: int, seed: int, seen: set[str]) -> None:
    """Up to `rounds` double clicks on the panel of a seat the game waits on; each checked."""
    rng = Rng.from_seed(seed)
    for _ in range(rounds):
        await settle(bot)
        row = await bot.store.get(sid)
        if row.status != "running":
            return
        options = []
        for key in row.waiting:
            user = fake.users[user_of(row, int(key))]
            panel = panel_of(fake, user, sid)
            if panel is not None:
                options += [(user, panel, cid, value) for cid, value in controls(panel, sid)]
        assert options, f"session {sid}: no waiting player's panel offers anything"
        user, panel, cid, value = options[rng.randbelow(len(options))]
        pair = await click_twice(fake, bot, user, panel, cid, value)
        # A control that asks a question first (where a card goes, what a power aims at): the
        # answer's first control is then pressed twice.
        asked = next((q for q in (question(ix, sid) for ix in pair) if q is not None), None)
        if asked is not None and not any(applied(ix) for ix in pair):
            cid, value = controls(asked, sid)[0]
            pair = await click_twice(fake, bot, user, asked, cid, value)
        seen.add(parse_custom_id(cid).verb)  # type: ignore[union-attr]
        await settle(bot)
        after = await bot.store.get(sid)
        added = len(after.moves) - len(row.moves)
        assert added == sum(map(applied, pair)), f"session {sid}: {added} moves for {cid} {value}: {[(ix.response_type, ix.ephemeral, ix.text[:80]) for ix in pair]}"
        assert added <= 1, f"session {sid}: a double click on {cid} was applied {added} times"
        for ix in pair:
            assert applied(ix) or private(ix), f"session {sid}: {cid} answered {ix.response_type}"
        if added == 1:
            assert any("already did that" in ix.text for ix in pair if not applied(ix)), [ix.text for ix in pair]


async def test_double_clicks_in_many_channels_at_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Haunted, Catharsis, SCP: Apollyon and High Card in eight channels, every click doubled."""
    fake, w = fake_discord, fake_discord.world
    setups: list[tuple[str, dict[str, Any]]] = [
        ("haunted", {}),
        ("haunted", {"short": True}),
        ("catharsis", {"boss": "corrupted-horse", "difficulty": "new-questors"}),
        ("catharsis", {"boss": "corrupted-horse", "difficulty": "new-questors"}),
        ("apollyon", {}),
        ("apollyon", {}),
        ("highcard", {}),
        ("highcard", {}),
    ]
    async with running_bot(fake, tmp_path, seed=77) as bot:
        sids: list[tuple[str, int]] = []
        for i, (game, options) in enumerate(setups):
            channel = fake.add_channel(w.guild, f"race-{i}")
            host, guest = fake.add_user(name=f"host{i}"), fake.add_user(name=f"guest{i}")
            fake.add_member(w.guild, host)
            fake.add_member(w.guild, guest)
            await (await fake.slash(host, channel, f"{game} new", **options)).done()
            await settle(bot)
            lobby = next(m for m in fake.messages(channel) if m.components)
            await (await fake.click(guest, lobby, fake.find_button(lobby, label="Join"))).done()
            await (await fake.click(host, lobby, fake.find_button(lobby, label="Start"))).done()
            sids.append((game, (await bot.service.session_in(channel.id)).id))
        await settle(bot)
        seen: dict[str, set[str]] = {game: set() for game, _ in setups}
        await asyncio.gather(
            *(play_channel(fake, bot, sid, 12, 100 + i, seen[game]) for i, (game, sid) in enumerate(sids))
        )
        # Several kinds of control were raced in every game.
        assert all(len(verbs) >= 2 for game, verbs in seen.items() if game != "highcard"), seen


async def test_a_click_or_command_that_waits_is_deferred_and_answered_after(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """While another change holds the session's lock, a click and a command are acknowledged within
    Discord's 3 seconds (a deferral) and answered when the lock frees; a quick one is not deferred."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid = await start_highcard(fake, bot)
        # Quick: the ephemeral panel's Swap is answered at once (it shrinks to "✓ Swap"), no deferral.
        panel = (await (await fake.slash(w.alice, w.table, "highcard hand")).done()).original
        deferred = FIRST_BYTES.deferred
        quick = await (await fake.click(w.alice, panel, fake.find_button(panel, label="Swap"))).done()
        assert quick.response_type == UPDATE_MESSAGE and FIRST_BYTES.deferred == deferred
        assert quick.original.content.startswith("✓ ")
        panel = (await (await fake.slash(w.alice, w.table, "highcard hand")).done()).original

        locked, release = asyncio.Event(), asyncio.Event()

        async def hold_the_lock() -> None:
            async with bot.service._lock(("session", sid)):
                locked.set()
                await release.wait()

        holder = asyncio.create_task(hold_the_lock())
        await locked.wait()
        click = await fake.click(w.alice, panel, fake.find_button(panel, label="Reveal"))
        command = await fake.slash(w.bob, w.table, "highcard reveal")
        # Both are acknowledged while the lock is still held: deferred, not answered once it frees.
        await click.done(settle=False)
        await command.done(settle=False)
        assert not holder.done()
        release.set()
        await holder
        await command.done(followups=1)
        assert click.response_type == DEFERRED_UPDATE and click.answer_time is not None and click.answer_time < DEADLINE
        assert command.response_type == 5 and command.answer_time is not None and command.answer_time < DEADLINE
        await settle(bot)
        row = await bot.store.get(sid)
        assert [m["command"]["type"] for m in row.moves] == ["swap", "reveal", "reveal"]
        # The deferred answers follow: the answered panel shrinks to one line, the command's notice.
        assert click.original.content == "✓ Reveal"
        assert command.ephemeral and command.text == "You revealed your card."
        assert FIRST_BYTES.deferred == deferred + 2


async def start_highcard(fake: FakeDiscord, bot: Any) -> int:
    w = fake.world
    await (await fake.slash(w.alice, w.table, "highcard new")).done()
    await settle(bot)
    lobby = next(m for m in fake.messages(w.table) if m.components)
    await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
    await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
    await settle(bot)
    return (await bot.service.session_in(w.table.id)).id


async def test_a_new_game_that_waits_is_deferred_and_its_lobby_posted_for_everyone(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A burst of new games queues for the store: a late `new` is deferred within 3 seconds, publicly,
    and its lobby follows as the channel's table message, which players then join and start from."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        real_new = bot.service.new

        async def slow_new(**kwargs: Any) -> Any:
            # The store is slow: the new game is saved only once Discord has had an answer.
            await fake.wait_for(lambda: all(ix.acknowledged for ix in fake.interactions.values()))
            return await real_new(**kwargs)

        bot.service.new = slow_new
        ix = await (await fake.slash(w.alice, w.table, "highcard new")).done(followups=1)
        assert ix.response_type == 5 and ix.answer_time is not None and ix.answer_time < DEADLINE
        await settle(bot)  # the lobby's place is recorded just after it is posted
        [lobby] = [m for m in fake.messages(w.table) if m.components]
        assert not lobby.ephemeral and "High Card: lobby" in lobby.text
        row = await bot.service.session_in(w.table.id)
        assert row.table_message_id == lobby.id
        await (await fake.click(w.bob, lobby, fake.find_button(lobby, label="Join"))).done()
        await (await fake.click(w.alice, lobby, fake.find_button(lobby, label="Start"))).done()
        await settle(bot)
        assert (await bot.service.session_in(w.table.id)).status == "running"
