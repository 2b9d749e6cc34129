"""The platform end to end: the real bot against the fake Discord, playing the High Card demo."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.e2e.harness import answer, guests, running_bot, settle
from tests.e2e.surface import Surface, live_table, report
from tests.fakediscord import FakeDiscord, FakeMessage


def table_of(fake: FakeDiscord, channel: object) -> FakeMessage:
    """The lobby/table message: the first message the bot posted with buttons."""
    return next(m for m in fake.messages(channel) if m.components or "High Card" in m.text)


async def open_lobby(fake: FakeDiscord, bot: object) -> FakeMessage:
    w = fake.world
    ix = await (await fake.slash(w.alice, w.table, "highcard new")).done()
    assert not ix.ephemeral and "High Card: lobby" in ix.text
    await settle(bot)  # type: ignore[arg-type]
    return table_of(fake, w.table)


async def start_two_player_game(fake: FakeDiscord, bot: object) -> FakeMessage:
    """Alice opens, Bob joins, Alice starts: the table message of a running game."""
    w = fake.world
    table = await open_lobby(fake, bot)
    await (await fake.click(w.bob, table, fake.find_button(table, label="Join"))).done()
    await (await fake.click(w.alice, table, fake.find_button(table, label="Start"))).done()
    return await live_table(fake, bot, w.table)


async def test_login_sync_and_lobby_with_buttons(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        names = {name for (name, _type) in fake.commands.get(None, {})}
        assert {"game", "highcard"} <= names
        table = await open_lobby(fake, bot)
        join = fake.find_button(table, label="Join")
        await (await fake.click(w.bob, table, join)).done()
        await (await fake.click(w.carol, table, join)).done()
        await settle(bot)
        assert all(f"<@{u.id}>" in table.text for u in (w.alice, w.bob, w.carol))
        again = await (await fake.click(w.bob, table, join)).done()
        assert again.ephemeral and "already in this game" in again.text
        await (await fake.click(w.carol, table, fake.find_button(table, label="Leave"))).done()
        await settle(bot)
        assert f"<@{w.carol.id}>" not in table.text
        not_host = await (await fake.click(w.bob, table, fake.find_button(table, label="Start"))).done()
        assert not_host.ephemeral and "Only the host can start" in not_host.text
        await (await fake.click(w.alice, table, fake.find_button(table, label="Start"))).done()
        lobby, table = table, await live_table(fake, bot, w.table)
        # The lobby stays as the game's opener, closed; the table is posted under it.
        assert "This lobby is closed." in lobby.text and not lobby.components
        assert "Waiting for" in table.text and fake.find_button(table, label="Reveal")
        ended = await (await fake.slash(w.bob, w.table, "game end")).done()
        assert ended.ephemeral and "Only the host" in ended.text
        asked = await (await fake.slash(w.alice, w.table, "game end")).done()
        ended = await answer(fake, w.alice, asked, followups=1)
        assert ended.followups[0].visible_to is None and f"<@{w.alice.id}> ended the game" in ended.text
        await settle(bot)
        assert "Game ended" in table.text and not table.components
        # The result post: after the game's own messages (the Confirm answer is a reply to Alice).
        result = [m for m in fake.messages(w.table) if m.interaction_id is None][-1]
        assert "High Card: game ended" in result.text and "Ended before the finish." in result.text


async def test_hands_go_by_dm_and_a_closed_dm_is_handled(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    fake.close_dms(w.bob)
    async with running_bot(fake, tmp_path) as bot:
        await start_two_player_game(fake, bot)
        [alice_dm] = fake.dm_messages(w.alice)
        assert "Your card" in alice_dm.text
        assert fake.dm_messages(w.bob) == []
        notice = fake.public_text(w.table)
        assert f"<@{w.bob.id}>, I can't send you direct messages" in notice and "/highcard hand" in notice
        hand = await (await fake.slash(w.bob, w.table, "highcard hand")).done()
        assert hand.ephemeral and "Your card" in hand.text
        # Nobody's card is ever in a public message.
        row = await bot.service.session_in(w.table.id)
        from bot.games.highcard.rules import card_name

        cards = [card_name(p["card"]) for p in row.state["players"].values()]
        public = fake.public_text(w.table)
        assert not any(c in public for c in cards)
        assert cards[1] not in fake.seen_text(w.alice).replace(cards[0], "")
        # Bob's DMs stay closed; the game goes on.
        await (await fake.click(w.alice, alice_dm, fake.find_button(alice_dm, label="Reveal"))).done()
        await settle(bot)
        assert f"<@{w.bob.id}>: it's your move." in fake.public_text(w.table)


async def test_restart_mid_game_old_buttons_still_work(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        table = await start_two_player_game(fake, bot)
    # A new bot process on the same database; the old table's Reveal button must still work.
    async with running_bot(fake, tmp_path, sync=False) as bot:
        ix = await (await fake.click(w.alice, table, fake.find_button(table, label="Reveal"))).done()
        assert not ix.ephemeral
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        # The turn passed to Bob, so the table was posted anew at the bottom and the old one deleted.
        assert row.state["public"]["turn"] == 1 and table.deleted
        assert "reveals" in (await live_table(fake, bot, w.table)).text


async def test_two_clicks_at_the_same_moment(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        table = await start_two_player_game(fake, bot)
        reveal = fake.find_button(table, label="Reveal")
        a, b = await asyncio.gather(fake.click(w.alice, table, reveal), fake.click(w.alice, table, reveal))
        await a.done()
        await b.done()
        refused = [ix for ix in (a, b) if ix.ephemeral]
        assert len(refused) == 1 and "You already did that" in refused[0].text
        row = await bot.service.session_in(w.table.id)
        assert list(row.state["public"]["revealed"]) == ["0"]


async def test_non_player_and_wrong_place_get_plain_private_refusals(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        none_here = await (await fake.slash(w.alice, w.lounge, "highcard start")).done()
        assert none_here.ephemeral and "no game in this channel" in none_here.text
        assert "`/highcard new`" in none_here.text and "<game>" not in none_here.text
        status = await (await fake.slash(w.alice, w.lounge, "game status")).done()
        assert status.ephemeral and "`/haunted new`" in status.text and "<game>" not in status.text
        table = await open_lobby(fake, bot)
        dup = await (await fake.slash(w.bob, w.table, "highcard new")).done()
        assert dup.ephemeral and "already has a High Card game (lobby)" in dup.text
        await (await fake.click(w.bob, table, fake.find_button(table, label="Join"))).done()
        await (await fake.click(w.alice, table, fake.find_button(table, label="Start"))).done()
        table = await live_table(fake, bot, w.table)
        version = (await bot.service.session_in(w.table.id)).version
        stranger = await (await fake.click(w.carol, table, fake.find_button(table, label="Reveal"))).done()
        assert stranger.ephemeral and "not playing in this game" in stranger.text
        wrong_turn = await (await fake.slash(w.bob, w.table, "highcard reveal")).done()
        assert wrong_turn.ephemeral and "not your turn" in wrong_turn.text and f"<@{w.alice.id}>" in wrong_turn.text
        no_hand = await (await fake.click(w.carol, table, fake.find_button(table, label="My hand"))).done()
        assert no_hand.ephemeral and "not playing" in no_hand.text
        assert (await bot.service.session_in(w.table.id)).version == version
        listed = await (await fake.slash(w.carol, w.table, "game list")).done()
        assert "High Card" in listed.text and "running" in listed.text


async def test_a_whole_game_to_the_finish(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        watch = Surface(fake, bot, w.table)
        table = await start_two_player_game(fake, bot)
        await watch.check()
        [bob_dm] = fake.dm_messages(w.bob)
        await (await fake.click(w.alice, table, fake.find_button(table, label="Reveal"))).done()
        await watch.check()
        await (await fake.click(w.bob, bob_dm, fake.find_button(bob_dm, label="Swap"))).done()
        await watch.check()
        assert "Your new card is" in bob_dm.text
        await (await fake.click(w.bob, bob_dm, fake.find_button(bob_dm, label="Reveal"))).done()
        await watch.check()
        table = await live_table(fake, bot, w.table)
        assert "Game over" in table.text and "won with" in table.text and not table.components
        report("highcard", await watch.finish())
        row = await bot.store.get((await bot.store.list_guild(w.guild.id, active_only=False))[0].id)
        assert row is not None and row.status == "finished"


async def test_ping_and_help(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path):
        pong = await (await fake.slash(w.alice, w.table, "ping")).done()
        assert pong.ephemeral and pong.text == "Pong."
        helped = await (await fake.slash(w.alice, w.table, "help")).done()
        assert helped.ephemeral and "/highcard" in helped.text and "/roll" in helped.text


async def test_two_users_race_for_the_last_seat(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    extra = guests(fake, *(f"guest{i}" for i in range(4)))
    async with running_bot(fake, tmp_path) as bot:
        table = await open_lobby(fake, bot)
        join = fake.find_button(table, label="Join")
        # Two join at the same moment with room for both: both are seated, once each.
        first = await asyncio.gather(fake.click(w.bob, table, join), fake.click(w.carol, table, join))
        for ix in first:
            await ix.done()
        for user in extra[:2]:
            await (await fake.click(user, table, join)).done()
        # One seat left (High Card seats six): exactly one of the two racers gets it.
        racers = await asyncio.gather(fake.click(extra[2], table, join), fake.click(extra[3], table, join))
        for ix in racers:
            await ix.done()
        refused = [ix for ix in racers if ix.ephemeral]
        assert len(refused) == 1 and "table is full" in refused[0].text
        await settle(bot)
        row = await bot.service.session_in(w.table.id)
        assert len(row.seats) == 6 == len(set(row.seats))
        assert w.bob.id in row.seats and w.carol.id in row.seats
        assert sum(u.id in row.seats for u in extra[2:]) == 1


async def test_a_thread_is_a_table_of_its_own(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await open_lobby(fake, bot)
        in_thread = await (await fake.slash(w.bob, w.thread, "highcard new")).done()
        assert not in_thread.ephemeral and "High Card: lobby" in in_thread.text
        rows = await bot.store.list_guild(w.guild.id)
        assert {r.channel_id for r in rows} == {w.table.id, w.thread.id}


async def test_a_burst_of_joins_edits_the_lobby_once_at_its_newest(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """Joins that land while the lobby's edit waits for room are drawn by that one edit, at the
    newest lobby; an edit with nothing new to show is not sent (a burst of new tables spent the
    bot's budget on lobby edits before any table)."""
    fake, w = fake_discord, fake_discord.world
    extra = guests(fake, *(f"guest{n}" for n in range(3)))
    async with running_bot(fake, tmp_path) as bot:
        table = await open_lobby(fake, bot)
        join = fake.find_button(table, label="Join")
        before = len(fake.requests)
        hold = asyncio.Event()
        ready = bot.publisher.pacer.ready

        async def held(*args: object, **kwargs: object) -> object:
            await hold.wait()  # the channel's budget has no room until every join is saved
            return await ready(*args, **kwargs)  # type: ignore[arg-type]

        bot.publisher.pacer.ready = held  # type: ignore[method-assign]
        clicks = [await fake.click(user, table, join) for user in (w.bob, w.carol, *extra)]
        for ix in clicks:
            await ix.done(settle=False)  # settling would wait for the held edit
        await asyncio.sleep(0.2)
        hold.set()
        await settle(bot)
        def edits() -> int:
            return sum(1 for r in fake.requests[before:] if r.method == "PATCH" and r.path.endswith(f"/messages/{table.id}"))

        assert edits() == 1
        assert all(f"<@{u.id}>" in table.text for u in (w.alice, w.bob, w.carol, *extra))
        # A join's redraw asked for after an edit already drew it (its publish was slower than
        # the edit) sends nothing.
        bot.publisher.refresh_table((await bot.service.session_in(w.table.id)).id)
        await settle(bot)
        assert edits() == 1
