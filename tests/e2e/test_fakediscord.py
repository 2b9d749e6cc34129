"""The fake Discord against the real discord.py client, with a small bot defined here."""

from __future__ import annotations

import asyncio
import io
import re

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from tests.fakediscord import FakeDiscord, run_client
from tests.fakediscord.validate import message_errors

FACES = ["Crown", "Candle", "Key", "Raven"]


class Counter(discord.ui.DynamicItem[discord.ui.Button], template=r"t:count:(?P<n>\d+)"):
    """A button that survives restarts: its state lives in its custom id."""

    def __init__(self, n: int) -> None:
        super().__init__(discord.ui.Button(label=f"Count {n}", custom_id=f"t:count:{n}"))
        self.n = n

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> Counter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(Counter(self.n + 1))
        await interaction.response.edit_message(content=f"Count is {self.n + 1}", view=view)


class Picker(discord.ui.DynamicItem[discord.ui.Select], template=r"t:pick"):
    def __init__(self) -> None:
        super().__init__(
            discord.ui.Select(custom_id="t:pick", options=[discord.SelectOption(label=f) for f in FACES])
        )

    @classmethod
    async def from_custom_id(cls, interaction, item, match: re.Match[str]) -> Picker:
        return cls()

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"You picked {interaction.data['values'][0]}", ephemeral=True)


def counter_view(n: int = 0) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(Counter(n))
    return view


def make_bot(guild_id: int) -> commands.Bot:
    """A bot with one command of each shape the real bot uses."""
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.default())
    guild = discord.Object(guild_id)
    bot.seen: list[str] = []
    bot.dm_errors: list[discord.HTTPException] = []

    @bot.tree.command(description="Roll some dice")
    @app_commands.describe(expression="Dice to roll, like 2d6")
    async def roll(interaction: discord.Interaction, expression: str, secret: bool = False) -> None:
        await interaction.response.send_message(f"Rolled {expression}", ephemeral=secret)

    haunted = app_commands.Group(name="haunted", description="Haunted games")

    @haunted.command(description="Start a game")
    async def new(interaction: discord.Interaction, short: bool = False) -> None:
        await interaction.response.defer()
        await asyncio.sleep(0.05)
        await interaction.followup.send(f"New game, short={short}", view=counter_view())
        await interaction.edit_original_response(content=f"Game ready, short={short}")

    @haunted.command(description="Answer far too late")
    async def slow(interaction: discord.Interaction) -> None:
        await asyncio.sleep(3.2)
        try:
            await interaction.response.send_message("sorry")
        except discord.NotFound as exc:
            bot.seen.append(f"late:{exc.code}")

    @haunted.command(description="Answer twice")
    async def twice(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("first")
        # Bypass discord.py's own guard to see what Discord says.
        interaction.response._response_type = None
        try:
            await interaction.response.send_message("second")
        except discord.HTTPException as exc:
            bot.seen.append(f"twice:{exc.code}")

    @haunted.command(description="Post a table and a picker in the channel")
    async def table(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("Posting", ephemeral=True)
        msg = await interaction.channel.send("Table: waiting", view=counter_view())
        await msg.edit(content="Table: round 1")
        picker = discord.ui.View(timeout=None)
        picker.add_item(Picker())
        await interaction.channel.send("Pick a face", view=picker)

    @haunted.command(description="Send the caller a private hand")
    async def hand(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        try:
            await interaction.user.send("Your hand: Key, Raven")
        except discord.Forbidden as exc:
            bot.dm_errors.append(exc)
            await interaction.followup.send("I cannot DM you; use /haunted hand later.", ephemeral=True)
        else:
            await interaction.followup.send("Sent to your DMs.", ephemeral=True)

    @haunted.command(description="Send an oversized message")
    async def huge(interaction: discord.Interaction) -> None:
        try:
            await interaction.response.send_message("x" * 2001)
        except discord.HTTPException as exc:
            bot.seen.append(f"huge:{exc.code}")
            await interaction.response.send_message("trimmed")

    apocrypha = app_commands.Group(name="apocrypha", description="Apocrypha")
    saint = app_commands.Group(name="saint", description="Saints", parent=apocrypha)

    @saint.command(name="create", description="Create a saint")
    async def saint_create(interaction: discord.Interaction, name: str, halo: int = 0) -> None:
        perms = interaction.permissions
        await interaction.response.send_message(
            f"Saint {name} with halo {halo}; manage_channels={perms.manage_channels}", ephemeral=True
        )

    @saint_create.autocomplete("name")
    async def saint_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        names = ["Noa", "Noel", "Nora", "Mira"]
        return [app_commands.Choice(name=n, value=n) for n in names if n.lower().startswith(current.lower())]

    bot.tree.add_command(haunted, guild=guild)
    bot.tree.add_command(apocrypha, guild=guild)

    async def setup_hook() -> None:
        bot.add_dynamic_items(Counter, Picker)
        await bot.tree.sync()
        await bot.tree.sync(guild=guild)

    bot.setup_hook = setup_hook
    return bot


@pytest.fixture
def world(fake_discord: FakeDiscord):
    return fake_discord.world


def factory(fake: FakeDiscord):
    return lambda: make_bot(fake.world.guild.id)


async def test_login_and_sync(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)) as bot:
        assert bot.user.id == fake_discord.bot_user.id
        assert bot.get_guild(world.guild.id).get_channel(world.table.id).name == "table"
        assert bot.get_channel(world.thread.id).parent_id == world.table.id
        assert bot.get_guild(world.guild.id).member_count == 5  # the bot, the app owner, three players
        _shards, url, _limit = await bot.http.get_bot_gateway()
        assert url == fake_discord.ws_url
        fetched = await bot.fetch_channel(world.lounge.id)
        sent = await fetched.send("hello")
        assert (await fetched.fetch_message(sent.id)).content == "hello"
    assert set(n for n, _ in fake_discord.commands[None]) == {"roll"}
    assert set(n for n, _ in fake_discord.commands[world.guild.id]) == {"haunted", "apocrypha"}
    paths = {r.path for r in fake_discord.requests}
    assert f"/api/v10/applications/{fake_discord.application_id}/guilds/{world.guild.id}/commands" in paths
    assert fake_discord.gateway.identify_count == 1


async def test_slash_public_and_ephemeral(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)):
        ix = await (await fake_discord.slash(world.alice, world.table, "roll", expression="2d6")).done()
        assert (ix.response_type, ix.content, ix.ephemeral) == (4, "Rolled 2d6", False)
        assert ix.latency is not None and ix.answer_time is not None and 0 <= ix.answer_time <= ix.latency
        assert ix.answer_time < 3
        secret = await (
            await fake_discord.slash(world.bob, world.table, "roll", expression="1d20", secret=True)
        ).done()
    assert secret.ephemeral
    assert "Rolled 2d6" in fake_discord.public_text(world.table)
    assert "Rolled 1d20" not in fake_discord.public_text(world.table)
    assert "Rolled 1d20" in "\n".join(m.text for m in fake_discord.seen_by(world.bob))
    assert "Rolled 1d20" not in "\n".join(m.text for m in fake_discord.seen_by(world.alice))


async def test_defer_followup_and_original_edit(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)):
        ix = await fake_discord.slash(world.alice, world.table, "haunted new", short=True)
        await ix.done(followups=1)
        assert ix.response_type == 5
        await fake_discord.wait_for(lambda: ix.content.startswith("Game ready"))
    # The followup filled in the "thinking" message, which was then edited.
    assert ix.content == "Game ready, short=True"
    assert [h["content"] for h in ix.original.history] == ["New game, short=True"]
    assert ix.original.id == ix.followups[0].id
    assert "Count 0" in ix.text


async def test_dynamic_button_edit_message(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)):
        await (await fake_discord.slash(world.alice, world.table, "haunted table")).done()
        table = await fake_discord.wait_for(
            lambda: next(
                (m for m in fake_discord.messages(world.table) if m.content.startswith("Table")), None
            )
        )
        await fake_discord.wait_for(lambda: table.content == "Table: round 1")
        button = fake_discord.find_button(table, label="Count 0")
        click = await (await fake_discord.click(world.bob, table, button)).done()
        assert click.response_type == 7
        assert table.content == "Count is 1"
        assert fake_discord.find_button(table, label="Count 1") == "t:count:1"
    assert [h["content"] for h in table.history] == ["Table: waiting", "Table: round 1"]


async def test_string_select(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)):
        await (await fake_discord.slash(world.alice, world.table, "haunted table")).done()
        picker = await fake_discord.wait_for(
            lambda: next((m for m in fake_discord.messages(world.table) if m.content == "Pick a face"), None)
        )
        assert {"Crown", "Raven"} <= set(picker.text.split("\n"))
        ix = await (await fake_discord.select(world.carol, picker, "t:pick", ["Raven"])).done()
    assert (ix.content, ix.ephemeral) == ("You picked Raven", True)
    with pytest.raises(LookupError):
        await fake_discord.select(world.carol, picker, "t:pick", ["Sword"])


async def test_autocomplete_and_subcommand_group(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)):
        ix = await (
            await fake_discord.autocomplete(
                world.alice, world.table, "apocrypha saint create", focused="name", name="No"
            )
        ).done()
        assert ix.response_type == 8
        assert [c["name"] for c in ix.choices] == ["Noa", "Noel", "Nora"]
        made = await (
            await fake_discord.slash(
                world.alice,
                world.table,
                "apocrypha saint create",
                name="Noa",
                halo=2,
                permissions=discord.Permissions(manage_channels=True),
            )
        ).done()
        plain = await (
            await fake_discord.slash(world.bob, world.table, "apocrypha saint create", name="Mira")
        ).done()
    assert made.content == "Saint Noa with halo 2; manage_channels=True"
    assert plain.content == "Saint Mira with halo 0; manage_channels=False"


async def test_dm_delivered_and_refused(fake_discord: FakeDiscord, world) -> None:
    fake_discord.close_dms(world.bob)
    async with run_client(fake_discord, factory(fake_discord)) as bot:
        ok = await (await fake_discord.slash(world.alice, world.table, "haunted hand")).done(followups=1)
        refused = await (await fake_discord.slash(world.bob, world.table, "haunted hand")).done(followups=1)
    assert [m.content for m in fake_discord.dm_messages(world.alice)] == ["Your hand: Key, Raven"]
    assert fake_discord.dm_messages(world.bob) == []
    assert [e.code for e in bot.dm_errors] == [50007]
    assert ok.ephemeral and refused.ephemeral
    assert "cannot DM you" in refused.text
    assert "Your hand" in "\n".join(m.text for m in fake_discord.seen_by(world.alice))
    assert "Your hand" not in fake_discord.public_text(world.table)


async def test_late_response_is_rejected(fake_discord: FakeDiscord, world) -> None:
    # Discord's own clock: the command sleeps past 3 s of wall-clock time, which no allowance for a
    # loaded machine may excuse here (the allowance could cover the 0.2 s past the deadline).
    fake_discord.excuse_cpu_wait = False
    async with run_client(fake_discord, factory(fake_discord)) as bot:
        ix = await fake_discord.slash(world.alice, world.table, "haunted slow")
        await fake_discord.wait_for(lambda: bot.seen)
    assert bot.seen == ["late:10062"]
    assert not ix.acknowledged and ix.errors == [(10062, "Unknown interaction")]
    assert [v.code for v in fake_discord.take_violations()] == [10062]


async def test_double_response_is_rejected(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)) as bot:
        ix = await (await fake_discord.slash(world.alice, world.table, "haunted twice")).done()
        await fake_discord.wait_for(lambda: bot.seen)
    assert bot.seen == ["twice:40060"]
    assert ix.content == "first"
    assert [v.code for v in fake_discord.take_violations()] == [40060]


async def test_oversized_message_is_refused(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)) as bot:
        ix = await (await fake_discord.slash(world.alice, world.table, "haunted huge")).done()
    assert bot.seen == ["huge:50035"]
    assert ix.content == "trimmed"
    violations = fake_discord.take_violations()
    assert len(violations) == 1 and "content: 2001 characters" in violations[0].detail


async def test_button_survives_restart(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)):
        await (await fake_discord.slash(world.alice, world.table, "haunted table")).done()
        table = await fake_discord.wait_for(
            lambda: next(
                (m for m in fake_discord.messages(world.table) if m.content == "Table: round 1"), None
            )
        )
        # Let the command finish its last message before the bot goes down.
        await fake_discord.wait_for(lambda: fake_discord.last_message(world.table).content == "Pick a face")
    async with run_client(fake_discord, factory(fake_discord)):
        click = await (await fake_discord.click(world.carol, table, "t:count:0")).done()
    assert click.response_type == 7 and table.content == "Count is 1"
    assert fake_discord.gateway.identify_count == 2


async def test_gateway_drop_then_resume(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, factory(fake_discord)) as bot:
        resumed = asyncio.Event()

        async def on_resumed() -> None:
            resumed.set()

        bot.add_listener(on_resumed)
        await fake_discord.drop_connection()
        # Dispatched while the socket is down: RESUME must replay it.
        ix = await fake_discord.slash(world.alice, world.table, "roll", expression="3d6")
        await asyncio.wait_for(resumed.wait(), 5)
        await ix.done()
    assert ix.content == "Rolled 3d6"
    assert fake_discord.gateway.resume_count == 1 and fake_discord.gateway.identify_count == 1
    first, second = fake_discord.gateway.connections
    assert first.startswith("/?") and second.startswith("/gateway-resume/?")


async def test_json_content_type_is_enforced(fake_discord: FakeDiscord, world) -> None:
    import aiohttp

    async with aiohttp.ClientSession() as session:
        url = f"{fake_discord.base_url}/channels/{world.table.id}/messages"
        async with session.post(
            url, data=b'{"content": "hi"}', headers={"Content-Type": "text/plain"}
        ) as resp:
            assert resp.status == 400
        async with session.post(
            url, data=b'{"content": "hi"}', headers={"Content-Type": "application/json; charset=utf-8"}
        ) as resp:
            assert resp.status == 400
        async with session.post(f"{fake_discord.base_url}/channels/{world.table.id}/pins/1") as resp:
            assert resp.status == 404
    assert [v.code for v in fake_discord.take_violations()] == [50006, 50006, 0]
    assert fake_discord.messages(world.table) == []


def make_rule_breaker(guild_id: int) -> commands.Bot:
    """A bot whose commands break Discord's rules on purpose, plus one that sends a file."""
    bot = make_bot(guild_id)
    rules = app_commands.Group(name="rules", description="Rule breakers")

    @rules.command(description="Follow up without answering first")
    async def early(interaction: discord.Interaction) -> None:
        try:
            await interaction.followup.send("too early")
        except discord.HTTPException as exc:
            bot.seen.append(f"early:{exc.code}")
        await interaction.response.send_message("answered")

    @rules.command(description="Follow up after the token expired")
    async def stale(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        await asyncio.sleep(0.3)
        try:
            await interaction.followup.send("too late")
        except discord.HTTPException as exc:
            bot.seen.append(f"stale:{exc.code}")

    @rules.command(description="Send a file")
    async def upload(interaction: discord.Interaction) -> None:
        await interaction.response.send_message(
            "Here is the log", file=discord.File(io.BytesIO(b"abc"), "log.txt")
        )

    @rules.command(description="Open a form")
    async def rename(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(RenameForm())

    @rules.command(description="Point at a member")
    async def poke(interaction: discord.Interaction, target: discord.Member) -> None:
        await interaction.response.send_message(f"{target.display_name} in {target.guild.name}")

    bot.tree.add_command(rules, guild=discord.Object(guild_id))
    return bot


class RenameForm(discord.ui.Modal, title="Rename"):
    name = discord.ui.TextInput(label="New name", custom_id="rename:name", max_length=40)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"Renamed to {self.name.value}", ephemeral=True)


async def test_followup_before_ack_and_expired_token(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, lambda: make_rule_breaker(world.guild.id)) as bot:
        early = await (await fake_discord.slash(world.alice, world.table, "rules early")).done()
        fake_discord.token_ttl = 0.2
        stale = await (await fake_discord.slash(world.alice, world.table, "rules stale")).done()
        await fake_discord.wait_for(lambda: len(bot.seen) == 2)
    assert bot.seen == ["early:10015", "stale:50027"]
    assert early.content == "answered" and early.followups == []
    assert stale.followups == []
    assert [v.code for v in fake_discord.take_violations()] == [10015, 50027]


async def test_multipart_file_and_dm_slash(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, lambda: make_rule_breaker(world.guild.id)):
        ix = await (await fake_discord.slash(world.alice, world.table, "rules upload")).done()
        dm = fake_discord.dm_channel(world.outsider)
        private = await (await fake_discord.slash(world.outsider, dm, "roll", expression="1d4")).done()
    assert ix.content == "Here is the log"
    assert [a["filename"] for a in ix.original.attachments] == ["log.txt"]
    assert "user" in private.payload and "member" not in private.payload
    assert private.content == "Rolled 1d4"
    assert "Rolled 1d4" in fake_discord.seen_text(world.outsider)
    with pytest.raises(LookupError):
        await fake_discord.slash(world.outsider, world.table, "roll", expression="1d4")


def test_message_limits() -> None:
    assert message_errors({"content": "x" * 2000, "embeds": [{"title": "t" * 256}]}) == []
    row = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "label": "b", "custom_id": str(i)} for i in range(6)],
    }
    long_id = {"type": 1, "components": [{"type": 2, "style": 1, "label": "L" * 81, "custom_id": "c" * 101}]}
    select = {
        "type": 1,
        "components": [
            {"type": 3, "custom_id": "s", "options": [{"label": "o", "value": str(i)} for i in range(26)]}
        ],
    }
    errors = message_errors(
        {
            "embeds": [{"description": "d" * 4097, "fields": [{"name": "n", "value": "v" * 1025}]}] * 2
            + [{"title": "t"}] * 9,
            "components": [row, long_id, select, row, row, row],
        }
    )
    text = "\n".join(errors)
    for expected in (
        "11 embeds",
        "embeds.0.description",
        "embeds.0.fields.0.value",
        "in all, the limit is 6000",
        "6 action rows",
        "6 buttons",
        "label: longer than 80",
        "custom_id: longer than 100",
        "26 options",
    ):
        assert expected in text, expected


async def test_modal_user_option_and_late_guild(fake_discord: FakeDiscord, world) -> None:
    async with run_client(fake_discord, lambda: make_rule_breaker(world.guild.id)) as bot:
        opened = await (await fake_discord.slash(world.alice, world.table, "rules rename")).done()
        assert opened.response_type == 9 and opened.modal["title"] == "Rename"
        submitted = await (await fake_discord.submit_modal(opened, {"rename:name": "Ash"})).done()
        assert (submitted.content, submitted.ephemeral) == ("Renamed to Ash", True)
        poked = await (
            await fake_discord.slash(world.bob, world.table, "rules poke", target=world.carol)
        ).done()
        assert poked.content == "carol in Game Night"
        later = fake_discord.add_guild("Second Table", members=[world.outsider])
        fake_discord.add_channel(later, "attic")
        await fake_discord.announce_guild(later)
        await fake_discord.wait_for(lambda: bot.get_guild(later.id))
        assert [c.name for c in bot.get_guild(later.id).text_channels] == ["attic"]
