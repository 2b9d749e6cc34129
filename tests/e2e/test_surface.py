"""The play surface across restarts and on bad clicks (High Card demo game).

A crash between saving a move and showing it is simulated by a publisher that
drops every redraw (as a killed process would), then a restart: the new
process must redraw exactly what was left behind and mention the waiting
player once.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from cogs.common.components import custom_id
from tests.e2e.harness import highcard_three, private, running_bot, settle
from tests.e2e.surface import Surface, live_table
from tests.e2e.test_platform import start_two_player_game
from tests.e2e.test_refusals import forged, refused_plainly
from tests.fakediscord import FakeDiscord


def kill_publisher(bot: Any) -> None:
    """From now on the bot saves moves but never shows them, like a process about to die (a click
    is acknowledged, but its answer never draws the clicked panel)."""
    bot.publisher.cancel()
    bot.publisher.schedule = lambda key, job: None

    async def draws_nothing(*args: Any) -> bool:
        return False

    bot.publisher.answer_click = draws_nothing


def pings_since(fake: FakeDiscord, start: int, user: Any) -> int:
    """Channel messages posted since request `start` whose allowed mentions notify `user`."""
    count = 0
    for r in fake.requests[start:]:
        if r.method == "POST" and r.path.endswith("/messages") and "/channels/" in r.path and r.json:
            users = (r.json.get("allowed_mentions") or {}).get("users") or []
            count += str(user.id) in {str(u) for u in users}
    return count


async def test_a_restart_redraws_what_a_crash_left_unshown(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        table = await start_two_player_game(fake, bot)
        kill_publisher(bot)
        ix = await (await fake.click(w.alice, table, fake.find_button(table, label="Reveal"))).done()
        assert not ix.ephemeral  # acknowledged: the move is saved
        assert "Waiting for" in table.text and "reveals" not in table.text

    start = len(fake.requests)
    async with running_bot(fake, tmp_path, sync=False) as bot:
        watch = Surface(fake, bot, w.table)
        await watch.check()  # the table is at the bottom and the one prompt names Bob
        live = await live_table(fake, bot, w.table)
        assert "reveals" in live.text and table.deleted
        [prompt] = watch.prompts()
        assert f"<@{w.bob.id}>" in prompt.content and f"<@{w.alice.id}>" not in prompt.content
        assert pings_since(fake, start, w.bob) == 1
        [bob_dm] = fake.dm_messages(w.bob)
        assert fake.find_button(bob_dm, label="Swap") and fake.find_button(bob_dm, label="Reveal")
        # Bob swaps; the process dies again before anything is shown.
        kill_publisher(bot)
        await (await fake.click(w.bob, bob_dm, fake.find_button(bob_dm, label="Swap"))).done()
        assert "Your new card is" not in bob_dm.text
        [alice_dm] = fake.dm_messages(w.alice)

    start = len(fake.requests)
    async with running_bot(fake, tmp_path, sync=False) as bot:
        await settle(bot)
        # Bob's private line ("Only you saw") survived the restart, on his redrawn panel.
        assert "Your new card is" in bob_dm.text
        # Exact: Alice's panel did not change, so it was not redrawn; Bob is not mentioned again.
        touched = {r.path.rsplit("/", 1)[-1] for r in fake.requests[start:] if r.method == "PATCH"}
        assert str(alice_dm.id) not in touched and str(bob_dm.id) in touched
        assert pings_since(fake, start, w.bob) == 0
        await Surface(fake, bot, w.table).check()

    # Nothing left behind: a restart sends nothing at all.
    start = len(fake.requests)
    async with running_bot(fake, tmp_path, sync=False) as bot:
        await settle(bot)
        sent = [r for r in fake.requests[start:] if r.method in ("POST", "PATCH", "DELETE") and "/channels/" in r.path]
        assert sent == []


async def test_a_waiting_player_left_out_by_a_dead_process_prompt_is_mentioned_again(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The dead process posted a prompt it never recorded, naming someone else: what the players
    saw last is that post, so after the restart the player the game waits on is mentioned again."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        table = await start_two_player_game(fake, bot)
        await settle(bot)
        kill_publisher(bot)
        [alice_dm] = fake.dm_messages(w.alice)
        await (await fake.click(w.alice, alice_dm, fake.find_button(alice_dm, label="Swap"))).done()
        # Its last post before dying: a prompt for Bob, never recorded.
        link = bot.publisher.table_link(await bot.service.store.get(1))
        await bot.get_partial_messageable(w.table.id).send(f"<@{w.bob.id}>: it's your turn. ([table]({link}))")
        assert "Waiting for" in table.text

    start = len(fake.requests)
    async with running_bot(fake, tmp_path, sync=False) as bot:
        watch = Surface(fake, bot, w.table)
        await watch.check()
        [prompt] = watch.prompts()
        assert f"<@{w.alice.id}>" in prompt.content and f"<@{w.bob.id}>" not in prompt.content
        assert pings_since(fake, start, w.alice) == 1


async def test_an_older_prompt_left_behind_does_not_stand_for_what_players_saw_last(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A stray prompt older than the recorded one (a duplicate a dead process left) is deleted on
    restart, but what the players saw last is the newer, recorded prompt: a player the stray one
    named, and the game now waits on, is mentioned. (Taking the stray prompt's names left the
    player out: found by the chaos run.)"""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        one, two, three = await highcard_three(fake, bot)
        # A stray prompt naming the third player, never recorded...
        link = bot.publisher.table_link(await bot.service.session_in(w.table.id))
        await bot.get_partial_messageable(w.table.id).send(f"<@{three.id}>: it's your move. ([table]({link}))")
        # ...then the turn passes to the second player: their prompt is posted and recorded.
        await (await fake.click(one, fake.dm_messages(one)[-1], fake.find_button(fake.dm_messages(one)[-1], label="Reveal"))).done()
        await settle(bot)
        # The process dies while the turn passes to the third player.
        kill_publisher(bot)
        await (await fake.click(two, fake.dm_messages(two)[-1], fake.find_button(fake.dm_messages(two)[-1], label="Reveal"))).done()

    start = len(fake.requests)
    async with running_bot(fake, tmp_path, sync=False) as bot:
        watch = Surface(fake, bot, w.table)
        await watch.check()
        [prompt] = watch.prompts()
        assert f"<@{three.id}>" in prompt.content
        assert pings_since(fake, start, three) == 1


async def test_a_player_who_does_not_answer_is_reminded_once(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, reminder_minutes=0.001) as bot:
        await start_two_player_game(fake, bot)
        start = len(fake.requests)
        await asyncio.sleep(0.1)
        await bot.service.sweep()
        await settle(bot)
        [prompt] = Surface(fake, bot, w.table).prompts()
        assert prompt.content.startswith("Reminder: ") and f"<@{w.alice.id}>" in prompt.content
        assert pings_since(fake, start, w.alice) == 1
        await bot.service.sweep()  # once only
        await settle(bot)
        assert pings_since(fake, start, w.alice) == 1
        await Surface(fake, bot, w.table).check()


async def test_a_reminder_keeps_its_word_until_it_is_answered(
    fake_discord: FakeDiscord, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A reminder reworded in place (the same players awaited, in other words) still says "Reminder: ";
    once the reminded player has acted, it no longer does. Neither edit mentions anyone again."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, reminder_minutes=0.001) as bot:
        await start_two_player_game(fake, bot)
        sid = (await bot.service.session_in(w.table.id)).id
        await asyncio.sleep(0.1)
        await bot.service.sweep()
        await settle(bot)
        watch, start = Surface(fake, bot, w.table), len(fake.requests)
        [reminder] = watch.prompts()
        assert reminder.content.startswith(f"Reminder: <@{w.alice.id}>: it's your move.")
        monkeypatch.setattr(bot.game_cog("highcard"), "waiting_prompt", lambda row: "the dealer is waiting on you.")
        bot.publisher.refresh_table(sid)
        await settle(bot)
        assert watch.prompts() == [reminder]  # edited in place
        assert reminder.content.startswith(f"Reminder: <@{w.alice.id}>: the dealer is waiting on you.")
        row = await bot.store.get(sid)
        [swap] = [a for a in bot.service.legal_actions(row, 0) if a.type == "swap"]
        await bot.service.act(sid, w.alice.id, swap)  # answered: Alice is awaited still, for her reveal
        await settle(bot)
        assert watch.prompts() == [reminder]
        assert reminder.content.startswith(f"<@{w.alice.id}>: the dealer is waiting on you.")
        assert pings_since(fake, start, w.alice) == 0
        await watch.check()


async def test_the_log_command_gives_the_whole_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        none = await (await fake.slash(w.alice, w.table, "highcard log")).done()
        assert none.ephemeral and "No High Card game has been played in this channel yet." in none.text
        table = await start_two_player_game(fake, bot)
        await (await fake.click(w.alice, table, fake.find_button(table, label="Reveal"))).done()
        await settle(bot)
        [bob_dm] = fake.dm_messages(w.bob)
        await (await fake.click(w.bob, bob_dm, fake.find_button(bob_dm, label="Reveal"))).done()
        await settle(bot)
        result = fake.last_message(w.table)
        row = await bot.store.last_in_channel(w.table.id)
        assert [a["filename"] for a in result.attachments] == [f"highcard-{row.id}.log"]
        logged = await (await fake.slash(w.carol, w.table, "highcard log")).done()
        assert logged.ephemeral and "2 moves" in logged.text
        assert [a["filename"] for a in logged.original.attachments] == [f"highcard-{row.id}.log"]
        lines = bot.service.history(row).lines
        assert lines[0].startswith("The cards are dealt.") and "wins with" in lines[-1]


async def test_clicks_on_an_old_table_are_refused_plainly_or_applied_if_still_meant(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """A table left on someone's screen after it was posted anew (a client that has not caught up,
    a delete that lost the race): a click there that no longer applies gets a private answer in
    plain words and changes nothing; one that still means what the player meant is applied."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        old = await start_two_player_game(fake, bot)
        sid = (await bot.service.session_in(w.table.id)).id
        reveal = fake.find_button(old, label="Reveal")  # drawn at moment 0, Alice to act
        await (await fake.click(w.alice, old, reveal)).done()
        await settle(bot)
        live = await live_table(fake, bot, w.table)
        assert old.deleted and live.id != old.id
        version = (await bot.store.get(sid)).version

        # Alice presses the old Reveal again: she already did that.
        ix = await forged(fake, w.alice, w.table, reveal, message=old)
        refused_plainly(ix, "You already did that")
        assert "<@" not in ix.text.split("Here is your current panel")[0]  # plain words, no mention soup
        # A click drawn for the current moment on the old table, by a player the game is not waiting
        # for: "That prompt is old", where the game is, and the live table's link.
        now = custom_id("gm", sid, "reveal", moment=1)
        ix = await forged(fake, w.alice, w.table, now, message=old)
        refused_plainly(ix, "That prompt is old: the game now waits for")
        assert f"<@{w.bob.id}>" in ix.text and f"/channels/{w.guild.id}/{w.table.id}/{live.id}" in ix.text
        assert "not your turn" in ix.text
        await settle(bot)
        assert (await bot.store.get(sid)).version == version

        # Bob's Reveal on the old table still means what he meant (he has not acted since): applied.
        ix = await forged(fake, w.bob, w.table, reveal, message=old, refusal=False)
        assert not private(ix), ix.text
        await settle(bot)
        assert (await bot.store.get(sid)).status == "finished"
        await Surface(fake, bot, w.table).check()


async def test_a_start_answer_a_dead_process_never_recorded_is_deleted_on_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """The Start's table and prompt are answers to the Start's interaction, not plain posts: a
    process killed between posting such a prompt and recording it left a second prompt for good
    (the chaos test caught it). The restart deletes it like any post it never recorded."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await start_two_player_game(fake, bot)
        await settle(bot)
        [start_prompt] = Surface(fake, bot, w.table).prompts()
        assert start_prompt.interaction_id is not None  # the Start's follow-up
        kill_publisher(bot)
        [alice_dm] = fake.dm_messages(w.alice)
        await (await fake.click(w.alice, alice_dm, fake.find_button(alice_dm, label="Swap"))).done()
        link = bot.publisher.table_link(await bot.service.store.get(1))
        ghost = fake.new_message(
            w.table, fake.bot_user.id, {"content": f"<@{w.bob.id}>: it's your turn. ([table]({link}))"},
            interaction_id=start_prompt.interaction_id,
        )

    async with running_bot(fake, tmp_path, sync=False) as bot:
        watch = Surface(fake, bot, w.table)
        await watch.check()  # one live prompt
        assert ghost.deleted
        [prompt] = watch.prompts()
        assert f"<@{w.alice.id}>" in prompt.content and f"<@{w.bob.id}>" not in prompt.content
