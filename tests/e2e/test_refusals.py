"""Clicks and commands from the wrong place, forged custom ids and malformed arguments get a plain
private refusal: never the apology, never an ERROR log line, and nothing changes."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import pytest

from cogs.common.components import custom_id, parse_custom_id
from cogs.common.confirm import confirm_id
from cogs.common.replies import APOLOGY
from tests.e2e.harness import ids_on, private, running_bot, settle
from tests.fakediscord import FakeDiscord, FakeMessage
from tests.fakediscord.interactions import MESSAGE_COMPONENT

# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, NUMBER = 1, 2, 3, 4, 5, 6, 10
NONSENSE = "zz:9.x.-1,@"
DEFERRED, DEFERRED_UPDATE = 5, 6  # interaction callback types


async def forged(
    fake: FakeDiscord,
    user: Any,
    channel: Any,
    cid: str,
    values: list[str] | None = None,
    message: FakeMessage | None = None,
    refusal: bool = True,
) -> Any:
    """A component interaction with any custom id, as a modified client could send it (`refusal`:
    a deferred answer is followed by a refusal to wait for)."""
    payload = fake._base_payload(MESSAGE_COMPONENT, user, channel, None, "en-US")
    if message is not None:
        # The message as the client shows it, with the forged control on it (discord.py, like
        # Discord, only dispatches a custom id that is on the message).
        control: dict[str, Any] = {"type": 2, "style": 1, "label": "x", "custom_id": cid}
        if values is not None:
            control = {"type": 3, "custom_id": cid, "options": [{"label": v, "value": v} for v in values]}
        payload["message"] = {**fake.message_payload(message), "components": [{"type": 1, "components": [control]}]}
    payload["data"] = (
        {"custom_id": cid, "component_type": 2}
        if values is None
        else {"custom_id": cid, "component_type": 3, "values": values}
    )
    ix = await (await fake._dispatch(payload, message)).done()
    if refusal and ix.response_type in (DEFERRED, DEFERRED_UPDATE):  # deferred while it waited: the refusal follows
        await ix.done(followups=1)
    return ix


def refused_plainly(ix: Any, words: str = "") -> None:
    assert private(ix), f"answered in public: {ix.text}"
    assert APOLOGY not in ix.text and words in ix.text, ix.text


async def new_game(fake: FakeDiscord, bot: Any, channel: Any, game: str, host: Any, guest: Any, **options: Any) -> int:
    await (await fake.slash(host, channel, f"{game} new", **options)).done()
    await settle(bot)
    lobby = next(m for m in fake.messages(channel) if m.components)
    await (await fake.click(guest, lobby, fake.find_button(lobby, label="Join"))).done()
    await (await fake.click(host, lobby, fake.find_button(lobby, label="Start"))).done()
    await settle(bot)
    return (await bot.service.session_in(channel.id)).id


def table_message(fake: FakeDiscord, channel: Any, sid: int) -> FakeMessage:
    return next(
        m
        for m in fake.messages(channel)
        if any((p := parse_custom_id(c["custom_id"])) and p.session_id == sid for c in ids_on(m.components))
    )


async def test_clicks_from_another_channel_and_forged_ids_are_refused(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        here = await new_game(fake, bot, w.table, "highcard", w.alice, w.bob)
        there = await new_game(fake, bot, w.lounge, "highcard", w.carol, w.alice)
        table = table_message(fake, w.table, here)
        reveal = fake.find_button(table, label="Reveal")
        versions = {sid: (await bot.store.get(sid)).version for sid in (here, there)}

        # The table's own button, sent from another channel.
        ix = await forged(fake, w.alice, w.lounge, reveal, message=table)
        refused_plainly(ix, "belongs to a game in another channel")
        # An id naming the lounge's session, clicked in the table's channel (Alice plays in both).
        ix = await forged(fake, w.alice, w.table, custom_id("gm", there, "reveal", moment=0), message=table)
        refused_plainly(ix, "belongs to a game in another channel")
        # In a DM, by someone who is not playing in the named session (Carol's DM panel is hers).
        [carol_dm] = fake.dm_messages(w.carol)
        ix = await forged(fake, w.carol, carol_dm.channel_id, reveal, message=carol_dm)
        refused_plainly(ix, "a game you are not playing in")
        # A session that does not exist.
        ix = await forged(fake, w.alice, w.table, custom_id("gm", 999_999, "reveal", moment=0), message=table)
        refused_plainly(ix, "no longer exists")
        # A custom id from before moments existed: refused with the current panel; My hand still works.
        ix = await forged(fake, w.alice, w.table, f"gm:{here}:reveal", message=table)
        refused_plainly(ix, "older version of the bot")
        assert "Here is your current panel" in ix.text and ix.original is not None and ix.original.components
        ix = await forged(fake, w.alice, w.table, f"gm:{here}:hand", message=table)
        refused_plainly(ix, "Your card")
        # A Confirm button naming a session is checked the same way: no ending a game from elsewhere.
        ix = await forged(fake, w.alice, w.lounge, confirm_id(here, "end", "yes"), message=table)
        refused_plainly(ix, "belongs to a game in another channel")
        await settle(bot)
        assert {sid: (await bot.store.get(sid)).version for sid in (here, there)} == versions
        # The real click from the right place still works.
        ix = await (await fake.click(w.alice, table, reveal)).done()
        assert not ix.ephemeral and len((await bot.store.get(here)).moves) == 1
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


async def test_malformed_click_data_is_a_plain_refusal(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        games = {
            "haunted": await new_game(fake, bot, w.table, "haunted", w.alice, w.bob),
            "apollyon": await new_game(fake, bot, w.lounge, "apollyon", w.alice, w.bob),
            "catharsis": await new_game(
                fake, bot, w.thread, "catharsis", w.alice, w.bob, boss="corrupted-horse", difficulty="new-questors"
            ),
        }
        channels = {"haunted": w.table, "apollyon": w.lounge, "catharsis": w.thread}
        bad = {
            "haunted": [("play", "zzz", None), ("play", "a.b.c.d", None), ("discard", None, ["zzz"]), ("choose", "9", ["zzz"])],
            "apollyon": [("resolve", "x", None), ("do", None, [NONSENSE])],
            "catharsis": [("take", "x.y", None), ("vote", "x", None), ("use", None, [NONSENSE]), ("reroll", None, ["x"])],
        }
        for game, tries in bad.items():
            sid, channel = games[game], channels[game]
            row = await bot.store.get(sid)
            table = table_message(fake, channel, sid)
            for verb, arg, values in tries:
                prefix = "gm" if values is None else "gms"
                cid = custom_id(prefix, sid, verb, arg, moment=len(row.moves))
                ix = await forged(fake, w.alice, channel, cid, values, message=table)
                refused_plainly(ix)
            assert (await bot.store.get(sid)).version == row.version
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], [r.getMessage() for r in caplog.records]


def nonsense_options(fake: FakeDiscord, schema: list[dict[str, Any]], other: Any) -> dict[str, Any]:
    """A value for every option of a command: nonsense text, the smallest number allowed."""
    values: dict[str, Any] = {}
    for opt in schema:
        if opt.get("choices"):
            values[opt["name"]] = opt["choices"][0]["value"]
        elif opt["type"] == STRING:
            values[opt["name"]] = NONSENSE
        elif opt["type"] in (INTEGER, NUMBER):
            values[opt["name"]] = opt.get("min_value", -1)
        elif opt["type"] == BOOLEAN:
            values[opt["name"]] = True
        elif opt["type"] == USER:
            values[opt["name"]] = other
    return values


def every_command(fake: FakeDiscord, name: str) -> list[tuple[str, list[dict[str, Any]]]]:
    """Each subcommand path of a top-level command with its options' schema."""
    cmd = fake.commands.get(None, {})[(name, 1)]
    out: list[tuple[str, list[dict[str, Any]]]] = []

    def walk(path: str, options: list[dict[str, Any]]) -> None:
        subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
        if not subs:
            out.append((path, options))
        for sub in subs:
            walk(f"{path} {sub['name']}", sub.get("options", []))

    walk(name, cmd.get("options") or [])
    return out


async def test_every_slash_command_with_nonsense_arguments_is_a_plain_answer(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Every command of every game, with nonsense in every option, typed by a player of a running
    game (and in a channel with no game): a plain private answer, never the apology or an ERROR."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await new_game(fake, bot, w.table, "haunted", w.alice, w.bob)
        await new_game(fake, bot, w.lounge, "catharsis", w.alice, w.bob, boss="corrupted-horse", difficulty="new-questors")
        await new_game(fake, bot, w.thread, "apollyon", w.alice, w.bob)
        places = {"haunted": w.table, "catharsis": w.lounge, "apollyon": w.thread}
        quiet = fake.add_channel(w.guild, "quiet")
        tried = 0
        for game in ("haunted", "catharsis", "apollyon", "apocrypha", "faith", "highcard"):
            for path, schema in every_command(fake, game):
                if path.split()[-1] in ("new", "end", "start", "leave"):
                    continue  # these change the session on purpose; covered by each game's tests
                options = nonsense_options(fake, schema, w.alice)
                for channel in [places[game], quiet] if game in places else [quiet]:
                    ix = await (await fake.slash(w.alice, channel, path, **options)).done()
                    if ix.response_type == DEFERRED:
                        await ix.done(followups=1)
                    assert APOLOGY not in ix.text, f"/{path} {options}: {ix.text}"
                    tried += 1
                    for opt in schema:  # suggestions for nonsense typed so far: an answer, maybe empty
                        if opt.get("autocomplete"):
                            typed = {**options, opt["name"]: NONSENSE}
                            ix = await (await fake.autocomplete(w.alice, channel, path, focused=opt["name"], **typed)).done()
                            assert ix.choices is not None, f"/{path} {opt['name']}: no suggestions answer"
                            tried += 1
            await settle(bot)
        assert tried > 40
    errors = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors


async def test_a_late_click_on_an_ended_game_says_it_ended(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A panel clicked after the game ended (a second click on the winning move, or an old panel)
    is refused in plain words that say the game is over, with no panel offered."""
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        sid = await new_game(fake, bot, w.table, "highcard", w.alice, w.bob)
        first = table_message(fake, w.table, sid)
        reveal = fake.find_button(first, label="Reveal")  # drawn at moment 0
        await (await fake.click(w.alice, first, reveal)).done()
        await settle(bot)
        second = table_message(fake, w.table, sid)
        await (await fake.click(w.bob, second, fake.find_button(second, label="Reveal"))).done()
        await settle(bot)
        row = await bot.store.get(sid)
        assert row.status == "finished"

        # Bob presses his winning or losing Reveal again; Alice presses the first table's old one.
        ix = await forged(fake, w.bob, w.table, custom_id("gm", sid, "reveal", moment=1), message=second)
        refused_plainly(ix, "You already did that")
        assert "This game has ended." in ix.text and "current panel" not in ix.text
        ix = await forged(fake, w.alice, w.table, reveal, message=first)
        refused_plainly(ix, "This game has ended.")
        assert "current panel" not in ix.text
        await settle(bot)
        assert (await bot.store.get(sid)).version == row.version
