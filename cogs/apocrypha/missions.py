"""The guide's own missions on Discord: `/apocrypha mission create|edit|show|list`.

A mission is a server-wide PlayerRecord (guild, user 0, "apocrypha", "mission", name) whose data is
the author and a draft of the engine's Mission (nexuses with their cards in order, mutations and
notes, the lowdown, the clock's omens, fragments to hand out). Only its author edits it; every reply
is ephemeral, since a mission is the guide's secret. `/apocrypha new mission:` starts a session
with it (checked against the box then).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from pydantic import ValidationError

from bot.engine.errors import GameError
from bot.engine.text import plural
from bot.games.apocrypha.cards import CardBook, Mission, slug
from bot.store import PlayerRecord
from cogs.apocrypha.guide import card_list, card_list_choices, card_ref
from cogs.apocrypha.saints import GAME, guild_of
from cogs.common.replies import refuse, say

if TYPE_CHECKING:
    from bot.client import TabletopBot

KIND = "mission"
CLOCK_CARDS = "Gifts or threats (or omens) stacked in the clock, separated by commas"
AFTER_TURNS = "They come up after this many turns (0: on top)"
SERVER = 0  # missions belong to the server, not to one user
NAME_MAX = 60


def _known(book: CardBook, ids: list[str], kinds: tuple[str, ...], what: str) -> list[str]:
    for cid in ids:
        if book.kind_of(cid) not in kinds:
            raise GameError(f"There is no {what} called {cid.replace('_', ' ')} in the box.")
    return ids


def edit_draft(
    book: CardBook,
    draft: dict[str, Any],
    *,
    lowdown: str | None = None,
    clock_omens: int | None = None,
    nexus: str | None = None,
    nexus_name: str | None = None,
    description: str | None = None,
    side: str | None = None,
    cards: str | None = None,
    mutations: str | None = None,
    notes: str | None = None,
    fragment: str | None = None,
    fragment_text: str = "",
    remove_nexus: bool = False,
    clock_cards: str | None = None,
    after_turns: int = 0,
    remove_clock: bool = False,
) -> dict[str, Any]:
    """The draft with one edit: the lowdown, the clock, a nexus added/changed/removed, a fragment."""
    draft = {**draft, "nexuses": [dict(n) for n in draft.get("nexuses", [])]}
    if lowdown is not None:
        draft["lowdown"] = lowdown
    if clock_omens is not None:
        draft["clock_omens"] = clock_omens
    if clock_cards is not None or remove_clock:
        draft["clock_extra"] = stack_clock(book, draft.get("clock_extra", []), clock_cards, after_turns, remove_clock)
    if nexus or nexus_name:
        box = None
        if nexus:
            wanted = nexus.strip().lower()
            box = next((k for k, n in book.nexuses.items() if wanted in (k, n.name.lower())), None)
            if box is None:
                raise GameError(f"There is no nexus called {nexus} in the box.")
        key = box or slug(nexus_name or "")
        entries = draft["nexuses"]
        entry = next((n for n in entries if (n.get("nexus") or slug(n.get("name") or "")) == key), None)
        if remove_nexus:
            if entry is None:
                raise GameError("That nexus is not in this mission.")
            entries.remove(entry)
        else:
            if entry is None:
                entry = {"nexus": box} if box else {"name": nexus_name}
                entries.append(entry)
            if box and nexus_name:
                entry["name"] = nexus_name
            if description is not None:
                entry["description"] = description
            if side is not None:
                entry["side"] = side
            if cards is not None:
                entry["cards"] = _known(book, card_list(book, cards), ("gifts", "threats", "omens"), "card")
            if mutations is not None:
                named = [card_ref(book, m, ("mutations",)) for m in mutations.split(",") if m.strip()]
                entry["mutations"] = _known(book, named, ("mutations",), "mutation")
            if notes is not None:
                entry["notes"] = notes
    elif remove_nexus:
        raise GameError("Name the nexus to remove.")
    if fragment:
        fid = "custom_" + slug(fragment)
        frags = [f for f in draft.get("fragments", []) if f["id"] != fid]
        draft["fragments"] = [*frags, {"id": fid, "name": fragment, "text": fragment_text}]
    return draft


def stack_clock(
    book: CardBook, entries: list[dict[str, Any]], cards: str | None, after_turns: int, remove: bool
) -> list[dict[str, Any]]:
    """The mission's clock cards (gifts, threats, omens that come up after N turns): the named ones
    added with `after_turns`, or with `remove` taken out (all of them when none are named)."""
    named = _known(book, card_list(book, cards or ""), ("gifts", "threats", "omens"), "card")
    if not remove:
        if not named:
            raise GameError("Name the cards to stack in the clock, separated by commas.")
        return [*entries, *({"card": c, "after_turns": after_turns} for c in named)]
    if not named:
        return []
    missing = [c for c in named if c not in {e["card"] for e in entries}]
    if missing:
        raise GameError(f"{book.card(missing[0]).name} is not stacked in this mission's clock.")
    return [e for e in entries if e["card"] not in named]


def mission_of(draft: dict[str, Any]) -> Mission:
    """The engine's Mission from a draft, or a refusal saying what is missing."""
    if not draft.get("nexuses"):
        raise GameError("The mission needs at least one nexus: `/apocrypha mission edit nexus:`.")
    try:
        return Mission.model_validate(draft)
    except ValidationError as exc:
        raise GameError(f"The mission is not complete: {exc.errors()[0]['msg']}.") from None


def describe(book: CardBook, draft: dict[str, Any]) -> str:
    """The whole mission as the guide wrote it (only ever shown to the guide)."""
    lines = [
        f"**{draft['name']}**",
        f"Lowdown: {draft.get('lowdown', '')}",
        f"Clock: {draft.get('clock_omens', 24)} omens",
    ]
    stacked = draft.get("clock_extra", [])
    if stacked:
        lines.append(
            "Stacked in the clock: "
            + ", ".join(f"{book.card(e['card']).name} after {plural(e.get('after_turns', 0), 'turn')}" for e in stacked)
        )
    for n in draft.get("nexuses", []):
        box = book.nexuses.get(n.get("nexus") or "")
        name = n.get("name") or (box.name if box else "?")
        cards = ", ".join(book.card(c).name for c in n.get("cards", [])) or "no cards"
        muts = ", ".join(book.card(m).name for m in n.get("mutations", []))
        lines.append(
            f"- {name} ({n.get('side', 'doom')}): {cards}"
            + (f"; mutations {muts}" if muts else "")
            + (f"; notes: {n['notes']}" if n.get("notes") else "")
        )
    for f in draft.get("fragments", []):
        lines.append(f"Fragment {f['name']}: {f.get('text', '')}")
    return "\n".join(lines)[:1900]


async def mission_records(bot: TabletopBot, guild: int) -> list[PlayerRecord]:
    return await bot.store.list_records(guild, SERVER, GAME, KIND)


async def find_mission(
    bot: TabletopBot, guild: int, name: str, author: int | None = None
) -> dict[str, Any] | None:
    """A server mission's draft by name (any case); with `author`, a refusal for anyone else, since a
    mission is the guide's secret from the saints who will play it."""
    wanted = name.strip().lower()
    for row in await mission_records(bot, guild):
        if row.name.lower() == wanted:
            if author is not None and row.data.get("author") != author:
                raise GameError("Only the guide who wrote that mission can read or start it.")
            return dict(row.data["mission"])
    return None


class MissionCommands:
    """Mixed into the Apocrypha cog: the `/apocrypha mission` subcommand group."""

    bot: TabletopBot
    book: CardBook

    mission = app_commands.Group(
        name="mission", description="Your own guided missions, saved on this server."
    )

    async def _change_mission(
        self, interaction: discord.Interaction, name: str, change: Any, create: bool = False
    ) -> dict[str, Any]:
        guild = guild_of(interaction)
        user = interaction.user.id
        result: dict[str, Any] = {}
        key = name.strip()

        def apply(current: PlayerRecord | None) -> PlayerRecord:
            if create and current is not None:
                raise GameError(f"This server already has a mission called {current.name}.")
            if not create and current is None:
                raise GameError(f"There is no mission called {key} on this server.")
            if current is not None and current.data.get("author") != user:
                raise GameError("Only the guide who wrote this mission can change it.")
            row = current or PlayerRecord(guild_id=guild, user_id=SERVER, game=GAME, kind=KIND, name=key)
            draft = change(dict(row.data.get("mission", {})))
            row.data = {"author": user, "mission": draft}
            result.update(draft)
            return row

        await self.bot.service.update_record(guild, SERVER, GAME, KIND, key, apply)
        return result

    @mission.command(name="create", description="Start a mission of your own (only you can edit it).")
    @app_commands.describe(
        name="The mission's name",
        lowdown="The story as you see it unfolding",
        clock_cards=CLOCK_CARDS,
        after_turns=AFTER_TURNS,
    )
    async def m_create(
        self,
        interaction: discord.Interaction,
        name: app_commands.Range[str, 1, NAME_MAX],
        lowdown: str,
        clock_omens: app_commands.Range[int, 0, 60] = 24,
        clock_cards: str | None = None,
        after_turns: app_commands.Range[int, 0, 60] = 0,
    ) -> None:
        def new(_: dict[str, Any]) -> dict[str, Any]:
            draft = {
                "id": "guide_" + slug(name),
                "name": name.strip(),
                "lowdown": lowdown,
                "clock_omens": clock_omens,
            }
            if clock_cards:
                draft["clock_extra"] = stack_clock(self.book, [], clock_cards, after_turns, False)
            return draft

        try:
            await self._change_mission(interaction, name, new, create=True)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, f"Mission {name.strip()} saved. Add nexuses with `/apocrypha mission edit`.")

    @mission.command(
        name="edit", description="Change your mission: the lowdown, the clock, a nexus, a fragment."
    )
    @app_commands.describe(
        nexus="A nexus from the box to add or change",
        nexus_name="Your own nexus's name (or a new name for the box one)",
        cards="Its cards from the box, top first, separated by commas",
        mutations="Mutations you mean to use there, separated by commas",
        notes="Your scene notes for that nexus",
        fragment="A fragment to hand out: its name",
        fragment_text="That fragment's text",
        remove_nexus="Remove the named nexus instead",
        clock_cards=CLOCK_CARDS,
        after_turns=AFTER_TURNS,
        remove_clock="Take the named clock cards out (all of them if none are named)",
    )
    async def m_edit(
        self,
        interaction: discord.Interaction,
        name: str,
        lowdown: str | None = None,
        clock_omens: app_commands.Range[int, 0, 60] | None = None,
        nexus: str | None = None,
        nexus_name: str | None = None,
        description: str | None = None,
        side: Literal["hope", "doom"] | None = None,
        cards: str | None = None,
        mutations: str | None = None,
        notes: str | None = None,
        fragment: str | None = None,
        fragment_text: str = "",
        remove_nexus: bool = False,
        clock_cards: str | None = None,
        after_turns: app_commands.Range[int, 0, 60] = 0,
        remove_clock: bool = False,
    ) -> None:
        def change(draft: dict[str, Any]) -> dict[str, Any]:
            return edit_draft(
                self.book,
                draft,
                lowdown=lowdown,
                clock_omens=clock_omens,
                nexus=nexus,
                nexus_name=nexus_name,
                description=description,
                side=side,
                cards=cards,
                mutations=mutations,
                notes=notes,
                fragment=fragment,
                fragment_text=fragment_text,
                remove_nexus=remove_nexus,
                clock_cards=clock_cards,
                after_turns=after_turns,
                remove_clock=remove_clock,
            )

        try:
            draft = await self._change_mission(interaction, name, change)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, "Saved.\n" + describe(self.book, draft))

    @mission.command(name="show", description="Read one of your missions in full (only to you).")
    async def m_show(self, interaction: discord.Interaction, name: str) -> None:
        try:
            draft = await find_mission(self.bot, guild_of(interaction), name, interaction.user.id)
            if draft is None:
                raise GameError(f"There is no mission called {name} on this server.")
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, describe(self.book, draft))

    @mission.command(name="list", description="The missions guides have written on this server.")
    async def m_list(self, interaction: discord.Interaction) -> None:
        try:
            rows = await mission_records(self.bot, guild_of(interaction))
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        if not rows:
            await say(
                interaction, "No guide has written a mission on this server yet: `/apocrypha mission create`."
            )
            return
        lines = []
        for r in rows:
            n = len(r.data["mission"].get("nexuses", []))
            lines.append(f"{r.name} ({n} nexus{'es' if n != 1 else ''}) by <@{r.data['author']}>")
        await say(interaction, "\n".join(lines)[:1900])

    async def server_mission_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.guild_id is None:
            return []
        rows = await mission_records(self.bot, interaction.guild_id)
        typed = current.lower()
        return [
            app_commands.Choice(name=r.name[:100], value=r.name[:100])
            for r in rows
            if typed in r.name.lower()
        ][:25]

    @m_edit.autocomplete("name")
    @m_show.autocomplete("name")
    async def _mission_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.server_mission_choices(interaction, current)

    @m_create.autocomplete("clock_cards")
    @m_edit.autocomplete("clock_cards")
    @m_edit.autocomplete("cards")
    async def _box_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return card_list_choices(self.book, current)

    @m_edit.autocomplete("nexus")
    async def _box_nexus(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        typed = current.lower()
        return [
            app_commands.Choice(name=n.name[:100], value=k)
            for k, n in self.book.nexuses.items()
            if typed in n.name.lower()
        ][:25]
