"""Persistent saints on Discord: `/apocrypha saint create|show|list|retire`, and the record store.

A saint is a PlayerRecord (guild, user, "apocrypha", "saint", name) whose data is the engine's
SaintRecord; the engine's saints.py decides what a mission does to it, this module stores it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.engine.errors import GameError
from bot.games.apocrypha.cards import CardBook
from bot.games.apocrypha.saints import SaintRecord, new_record
from bot.service import actor_of
from bot.store import PlayerRecord
from cogs.apocrypha import render
from cogs.common.confirm import Done, ask, confirmed
from cogs.common.replies import refuse, say

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME, KIND = "apocrypha", "saint"
NAME_MAX = 40


def box_saint(book: CardBook, text: str) -> str:
    """A box saint's id from its id or (any case) name."""
    wanted = text.strip().lower()
    for sid, saint in book.saints.items():
        if wanted in (sid, saint.name.lower()):
            return sid
    raise GameError(f"There is no saint called {text} in the box.")


def guild_of(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None:
        raise GameError("Saints belong to a server: use this command in a server channel.")
    return interaction.guild_id


async def saint_records(bot: TabletopBot, guild: int, user: int) -> list[SaintRecord]:
    rows = await bot.store.list_records(guild, user, GAME, KIND)
    return [SaintRecord.model_validate(r.data) for r in rows]


async def find_saint(bot: TabletopBot, guild: int, user: int, name: str) -> SaintRecord:
    """The user's saint with this name (any case), or a refusal naming their saints."""
    records = await saint_records(bot, guild, user)
    for record in records:
        if record.name.lower() == name.strip().lower():
            return record
    names = ", ".join(r.name for r in records)
    if not names:
        raise GameError("You have no saints on this server yet: make one with `/apocrypha saint create`.")
    raise GameError(f"You have no saint called {name}; yours are {names}.")


async def save_saint(bot: TabletopBot, guild: int, user: int, record: SaintRecord) -> None:
    def change(current: PlayerRecord | None) -> PlayerRecord:
        row = current or PlayerRecord(guild_id=guild, user_id=user, game=GAME, kind=KIND, name=record.name)
        row.data = record.model_dump(mode="json")
        return row

    await bot.service.update_record(guild, user, GAME, KIND, record.name, change)


def _choices(named: dict[str, str], current: str) -> list[app_commands.Choice[str]]:
    typed = current.lower()
    return [app_commands.Choice(name=n[:100], value=v[:100]) for v, n in named.items() if typed in n.lower()][
        :25
    ]


class SaintCommands:
    """Mixed into the Apocrypha cog: the `/apocrypha saint` subcommand group."""

    bot: TabletopBot
    book: CardBook  # the cog's card book

    saint = app_commands.Group(name="saint", description="Your persistent Apocrypha saints on this server.")

    @saint.command(name="create", description="Make a new saint from one in the box.")
    @app_commands.describe(
        saint="The saint card from the box", name="What to call this saint (default: the card's name)"
    )
    async def saint_create(
        self, interaction: discord.Interaction, saint: str, name: str | None = None
    ) -> None:
        try:
            guild = guild_of(interaction)
            sid = box_saint(self.book, saint)
            label = (name or self.book.saints[sid].name).strip()
            if not label or len(label) > NAME_MAX:
                raise GameError(f"A saint's name takes 1 to {NAME_MAX} characters.")
            for other in await saint_records(self.bot, guild, interaction.user.id):
                if other.name.lower() == label.lower():
                    raise GameError(f"You already have a saint called {other.name}.")
            record = new_record(sid, self.book)
            record.name = label
            await save_saint(self.bot, guild, interaction.user.id, record)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(
            interaction,
            f"{label} is ready. Bring them to a mission with `/apocrypha join saint:{label}`.",
            embeds=[render.record_embed(self.book, record)],
        )

    @saint.command(
        name="show", description="Show one of your saints: halo, fragments, deaths, gifts (only to you)."
    )
    async def saint_show(self, interaction: discord.Interaction, name: str | None = None) -> None:
        try:
            guild = guild_of(interaction)
            if name is None:
                records = await saint_records(self.bot, guild, interaction.user.id)
                if len(records) != 1:
                    raise GameError(
                        "Name the saint to show." if records else "You have no saints on this server yet."
                    )
                record = records[0]
            else:
                record = await find_saint(self.bot, guild, interaction.user.id, name)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, embeds=[render.record_embed(self.book, record)])

    @saint.command(name="list", description="List your saints on this server (only to you).")
    async def saint_list(self, interaction: discord.Interaction) -> None:
        try:
            records = await saint_records(self.bot, guild_of(interaction), interaction.user.id)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        if not records:
            await say(
                interaction, "You have no saints on this server yet: make one with `/apocrypha saint create`."
            )
            return
        await say(interaction, "\n".join(render.record_line(self.book, r) for r in records))

    @saint.command(name="retire", description="Retire one of your saints for good (their record is deleted).")
    async def saint_retire(self, interaction: discord.Interaction, name: str) -> None:
        try:
            record = await find_saint(self.bot, guild_of(interaction), interaction.user.id, name)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await ask(
            interaction,
            f"Retire **{record.name}** and delete their record for good?",
            0,
            "retire",
            record.name,
        )

    @saint.command(
        name="trade",
        description="Between missions: put a gift you hold on the table for the choir, or take one from it.",
    )
    @app_commands.describe(give="A gift you hold, for the table", take="A gift on the table, for your deck")
    async def saint_trade(self, interaction: discord.Interaction, give: str = "", take: str = "") -> None:
        if bool(give) == bool(take):
            await refuse(interaction, "Name one gift: `give:` one you hold, or `take:` one from the table.")
            return
        command = {"type": "offer", "gift": give} if give else {"type": "take", "gift": take}
        notice = "You put it on the table." if give else "You take it."
        await self._saint_act(interaction, lambda v, s, r: command, notice)  # type: ignore[attr-defined]

    @saint.command(
        name="sacrifice",
        description="Between missions: sacrifice a fragment from your halo, at will (it goes back to the box).",
    )
    @app_commands.describe(fragment="A fragment in your saint's halo")
    async def saint_sacrifice(self, interaction: discord.Interaction, fragment: str) -> None:
        command = {"type": "sacrifice_fragment", "fragment": fragment}
        await self._saint_act(interaction, lambda v, s, r: command, "You sacrifice it.")  # type: ignore[attr-defined]

    @saint_sacrifice.autocomplete("fragment")
    async def _halo_fragments(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The fragments the saint may sacrifice now (their rebuild question lists them)."""
        try:
            row = await self._here(interaction)  # type: ignore[attr-defined]
        except GameError:
            return []
        public = (row.state or {}).get("public") or {}
        seat = actor_of(row, interaction.user.id)
        mine = [p for p in public.get("pending", []) if p.get("seat") == seat and p.get("kind") == "rebuild"]
        fragments = (mine[0].get("data") or {}).get("fragments", []) if mine else []
        name = render.namer(self.book, public)
        return _choices({f: name(f) for f in fragments}, current)

    @saint_create.autocomplete("saint")
    async def _box_saints(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _choices({s.id: f"{s.name}, {s.title}" for s in self.book.saints.values()}, current)

    @saint_show.autocomplete("name")
    @saint_retire.autocomplete("name")
    async def _my_saints(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.own_saint_choices(interaction, current)

    async def own_saint_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        records = await saint_records(self.bot, interaction.guild_id, interaction.user.id)
        return _choices({r.name: r.name + (" (dead)" if r.dead else "") for r in records}, current)


@confirmed("retire")
async def _confirmed_retire(
    bot: TabletopBot, interaction: discord.Interaction, session_id: int, name: str
) -> Done:
    guild = guild_of(interaction)
    record = await find_saint(bot, guild, interaction.user.id, name)
    await bot.service.update_record(guild, interaction.user.id, GAME, KIND, record.name, lambda _: None)
    return Done(f"{record.name} retires. Their story is over.")


def record_data(records: dict[str, Any], seat: int) -> SaintRecord | None:
    data = records.get(str(seat), records.get(seat))  # type: ignore[call-overload]
    return SaintRecord.model_validate(data) if data else None
