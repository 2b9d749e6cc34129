"""Learning a game in Discord (/<game> rules, help, card; the lobby blurb; /help) and the
Confirm / Cancel question before anything that cannot be undone, through the fake Discord."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from cogs.common.help import batches, rulebook
from tests.e2e.harness import answer, running_bot, settle
from tests.fakediscord import FakeDiscord

GAMES = ("apocrypha", "apollyon", "catharsis", "faith", "haunted", "highcard")
LINE = re.compile(r"^`(/[a-z_ -]+)`", re.MULTILINE)


def registered(schema: dict[str, Any], prefix: str = "") -> set[str]:
    """Every runnable command under a synced command's schema, as `/game sub [subsub]`."""
    name = f"{prefix} {schema['name']}".strip()
    subs = [o for o in schema.get("options", []) if o["type"] in (1, 2)]
    if not subs:
        return {f"/{name}"}
    return set().union(*(registered(o, name) for o in subs))


async def test_help_lists_exactly_the_registered_subcommands(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        synced = fake.commands[None]
        for game in GAMES:
            cog = bot.game_cog(game)
            messages = len(batches(cog.help_embeds()))
            ix = await (await fake.slash(w.alice, w.table, f"{game} help")).done(followups=messages - 1)
            assert ix.ephemeral and all(m.ephemeral for m in ix.followups)
            listed = LINE.findall(ix.text)
            assert len(listed) == len(set(listed)), f"{game}: a command is listed twice"
            assert set(listed) == registered(synced[(game, 1)]), game
        guide = registered(synced[("apocrypha", 1)])
        assert {"/apocrypha guide endmission", "/apocrypha saint retire", "/apocrypha rules"} <= guide
        assert len([c for c in guide if c.startswith("/apocrypha guide ")]) >= 18


async def test_rules_topics_autocomplete_and_bad_topics(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path):
        for game in GAMES:
            book = rulebook(game)
            listed = await (await fake.slash(w.bob, w.lounge, f"{game} rules")).done()
            assert listed.ephemeral and book.summary in listed.text
            assert all(f"`{t.key}`: {t.title}" in listed.text for t in book.topics)
            first = book.topics[0]
            shown = await (await fake.slash(w.bob, w.lounge, f"{game} rules", topic=first.key)).done()
            assert shown.ephemeral and first.text in shown.text
        typed = await (await fake.autocomplete(w.bob, w.lounge, "haunted rules", focused="topic", topic="def")).done()
        assert typed.choices == [{"name": "Defending", "value": "defence"}]
        by_title = await (await fake.slash(w.bob, w.lounge, "catharsis rules", topic="reading costs")).done()
        assert "`?` takes any die" in by_title.text
        typo = await (await fake.slash(w.bob, w.lounge, "haunted rules", topic="defense")).done()
        assert typo.ephemeral and "no rules topic called “defense”" in typo.text and "Defending" in typo.text
        assert "/haunted rules` lists them all" in typo.text


async def test_card_lookup_in_every_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    cases = {  # game: (typed into autocomplete, a card it offers, a word of that card's text, a typo)
        "catharsis": ("stamp", "Stampede", "The party votes", "Stampeed"),
        "haunted": ("garro", "Garrotted", "strangler", "Garotted Man"),
        "faith": ("noah", "Noah - Captain of the Ark", "Genesis 6:14", "Noha - Captain"),
        "apocrypha": ("frank", "Frank Block", "Frank Block", "Frnak Blok"),
    }
    async with running_bot(fake, tmp_path) as bot:
        for game, (typed, name, text, typo) in cases.items():
            offered = await (await fake.autocomplete(w.carol, w.table, f"{game} card", focused="name", name=typed)).done()
            choice = next(c for c in offered.choices or [] if c["name"] == name)
            shown = await (await fake.slash(w.carol, w.table, f"{game} card", name=choice["value"])).done()
            assert shown.ephemeral and name in shown.text and text in shown.text, game
            by_name = await (await fake.slash(w.carol, w.table, f"{game} card", name=name.upper())).done()
            assert by_name.embeds == shown.embeds
            wrong = await (await fake.slash(w.carol, w.table, f"{game} card", name=typo)).done()
            assert wrong.ephemeral and f"no card called “{typo}”" in wrong.text and name in wrong.text, game
        nothing = await (await fake.slash(w.carol, w.table, "apollyon card", name="zzzz")).done()
        assert nothing.ephemeral and nothing.text == "There is no card called “zzzz”."
        apollyon = bot.game_cog("apollyon").card_names()
        first = next(iter(apollyon))
        shown = await (await fake.slash(w.carol, w.table, "apollyon card", name=first)).done()
        assert apollyon[first] in shown.text
        # Nobody's private state is involved: the same answer in any channel, with no game running.
        assert await bot.store.active_in_channel(w.table.id) is None


async def test_lobby_blurb_and_the_general_help(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await (await fake.slash(w.alice, w.table, "haunted new")).done()
        await settle(bot)
        lobby = fake.last_message(w.table)
        blurb = lobby.embeds[0]["description"].split("\n")
        assert blurb == [
            rulebook("haunted").summary,
            f"2–6 players · {rulebook('haunted').length}",
            "Press **Join** to take a seat; the host presses **Start**. `/haunted rules` teaches the game.",
        ]
        helped = await (await fake.slash(w.bob, w.lounge, "help")).done()
        for game in GAMES:
            assert f"(`/{game}`): {rulebook(game).summary} Commands: `/{game} help`." in helped.text


async def start_highcard(fake: FakeDiscord, bot: Any) -> None:
    w = fake.world
    await (await fake.slash(w.alice, w.table, "highcard new")).done()
    await settle(bot)
    table = fake.last_message(w.table)
    await (await fake.click(w.bob, table, fake.find_button(table, label="Join"))).done()
    await (await fake.click(w.alice, table, fake.find_button(table, label="Start"))).done()
    await settle(bot)


async def test_ending_a_game_waits_for_confirm_and_survives_a_restart(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await start_highcard(fake, bot)
        row = await bot.service.session_in(w.table.id)
        refused = await (await fake.slash(w.bob, w.table, "highcard end")).done()
        assert refused.ephemeral and "Only the host" in refused.text and not refused.original.components
        asked = await (await fake.slash(w.alice, w.table, "highcard end")).done()
        assert asked.ephemeral and "End this channel's High Card game now?" in asked.text
        assert (await bot.service.session(row.id)).status == "running"  # asking changes nothing
        cancelled = await answer(fake, w.alice, asked, "Cancel")
        assert cancelled.text == "Cancelled: nothing changed." and not asked.original.components
        assert (await bot.service.session(row.id)).version == row.version
        asked = await (await fake.slash(w.alice, w.table, "game end")).done()
    # A new bot process: the question posted before the restart still works.
    async with running_bot(fake, tmp_path, sync=False) as bot:
        done = await answer(fake, w.alice, asked, followups=1)
        assert "You ended the game." in done.text and f"<@{w.alice.id}> ended the game." in done.text
        assert (await bot.service.session(row.id)).status == "abandoned" and not asked.original.components


async def test_guide_end_mission_button_asks_first(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:

        async def run(user: Any, command: str, **options: Any) -> Any:
            ix = await (await fake.slash(user, w.table, command, **options)).done()
            await settle(bot)
            return ix

        await run(w.bob, "apocrypha saint create", saint="Frank Block", name="Frank")
        await run(w.alice, "apocrypha new", mode="guided")
        await run(w.bob, "apocrypha join")
        await run(w.alice, "apocrypha start")
        panel = next(m for m in fake.dm_messages(w.alice) if "End mission: lost" in m.text)
        lost = fake.find_button(panel, label="End mission: lost")
        before = await bot.service.session_in(w.table.id)
        asked = await (await fake.click(w.alice, panel, lost)).done()
        assert asked.ephemeral and "slot a death" in asked.text
        assert (await bot.service.session(before.id)).version == before.version
    async with running_bot(fake, tmp_path, sync=False) as bot:
        done = await answer(fake, w.alice, asked)
        assert done.text == "The mission is lost."
        await settle(bot)
        assert (await bot.service.session(before.id)).state["public"]["outcome"] == "lost"


async def test_retiring_a_saint_waits_for_confirm(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path) as bot:
        await (await fake.slash(w.bob, w.table, "apocrypha saint create", saint="Frank Block", name="Frank")).done()
        unknown = await (await fake.slash(w.bob, w.table, "apocrypha saint retire", name="Fred")).done()
        assert unknown.ephemeral and "no saint called Fred" in unknown.text and not unknown.original.components
        asked = await (await fake.slash(w.bob, w.table, "apocrypha saint retire", name="frank")).done()
        assert "Retire **Frank**" in asked.text
        assert await bot.store.get_record(w.guild.id, w.bob.id, "apocrypha", "saint", "Frank") is not None
        await answer(fake, w.bob, asked, "Cancel")
        assert await bot.store.get_record(w.guild.id, w.bob.id, "apocrypha", "saint", "Frank") is not None
        asked = await (await fake.slash(w.bob, w.table, "apocrypha saint retire", name="Frank")).done()
        done = await answer(fake, w.bob, asked)
        assert done.text == "Frank retires. Their story is over."
        assert await bot.store.get_record(w.guild.id, w.bob.id, "apocrypha", "saint", "Frank") is None


async def test_replacing_a_faith_deck_waits_for_confirm(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world

    async def deck(name: str) -> list[str]:
        record = await bot.store.get_record(w.guild.id, w.bob.id, "faith", "deck", name)
        return sorted(record.data["cards"]) if record else []

    async with running_bot(fake, tmp_path) as bot:
        await (await fake.slash(w.bob, w.table, "faith deck new", name="Mine", copy="Shadow and Strife")).done()
        await (await fake.slash(w.bob, w.table, "faith deck new", name="Other", copy="Light of Prayer")).done()
        exported = await (await fake.slash(w.bob, w.table, "faith deck export", name="Other")).done()
        text = "; ".join(line for line in exported.text.splitlines() if line[:1].isdigit())
        before, other = await deck("Mine"), await deck("Other")
        first = await (await fake.slash(w.bob, w.table, "faith deck import", name="Mine", text=text)).done()
        assert "Replace your deck 'Mine' (40 cards)" in first.text and await deck("Mine") == before
        await answer(fake, w.bob, first, "Cancel")
        assert await deck("Mine") == before
        asked = await (await fake.slash(w.bob, w.table, "faith deck import", name="Mine", text=text)).done()
    async with running_bot(fake, tmp_path, sync=False) as bot:
        done = await answer(fake, w.bob, asked)
        assert done.text == "Deck 'Mine' replaced: 40 cards, legal." and await deck("Mine") == other
        fresh = await (await fake.slash(w.bob, w.table, "faith deck import", name="New", text=text)).done()
        assert "imported: 40 cards, legal" in fresh.text and not fresh.original.components
