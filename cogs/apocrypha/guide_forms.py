"""The guide's panel forms: a fragment handed to a saint and a mutation written on the spot.

The panel's **Hand a fragment** button and the mutation select's "Write your own…" option open a
Discord form (a modal); its answer becomes the same engine command as `/apocrypha guide fragment`
or `/apocrypha guide mutate name: text:`, with names resolved from the guide's view. A form lives
in the bot's memory only: after a restart its Submit does nothing and the guide presses again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

import discord

from bot.engine.errors import GameError
from bot.games.apocrypha.cards import CardBook
from cogs.apocrypha.guide import card_ref, saint_labels, seat_ref
from cogs.common.replies import apologise, refuse
from cogs.common.text import clip

# Build the command from the guide's view, then act: the cog's `_guide_act` for the panel's session.
Act = Callable[[discord.Interaction, Callable[[dict[str, Any]], dict[str, Any]], str], Awaitable[None]]
TIMEOUT = 15 * 60  # long enough to write a fragment; the panel's button opens a fresh form after


def fragment_ids(book: CardBook, view: dict[str, Any], text: str) -> str:
    """A fragment id from its name: the box mission's, the guide's own mission's, or the box's."""
    mission = book.missions.get(view["public"].get("mission") or "")
    own = {f.name.lower(): f.id for f in mission.fragments} if mission else {}
    written = view.get("secret", {}).get("guide_mission") or {}
    own.update({f["name"].lower(): f["id"] for f in written.get("fragments", [])})
    return own.get(text.strip().lower()) or card_ref(book, text, ("fragments",))


def mission_fragment_names(book: CardBook, view: dict[str, Any]) -> list[str]:
    """The mission's own fragments not handed out yet (the guide's likely choices)."""
    public = view["public"]
    mission = book.missions.get(public.get("mission") or "")
    written = (view.get("secret", {}).get("guide_mission") or {}).get("fragments", [])
    frags = [(f.id, f.name) for f in mission.fragments] if mission else []
    frags += [(f["id"], f["name"]) for f in written]
    held = {u.split("#")[0] for s in public.get("saints", {}).values() for u in s.get("halo", {}).values()}
    return [name for fid, name in frags if fid not in held and fid not in public.get("fragments_given", {})]


class GuideForm(discord.ui.Modal):
    """A guide's form whose answer failed: a mistake in it is refused in plain words; anything else
    is logged and apologised for (once: an answer that came too late is only logged)."""

    async def on_error(self, interaction: discord.Interaction, error: Exception) -> None:
        if isinstance(error, GameError):
            try:
                await refuse(interaction, error.message)
                return
            except discord.HTTPException as exc:
                error = exc
        await apologise(interaction, f"the guide's form {type(self).__name__}", error)


class FragmentForm(GuideForm, title="Hand a saint a fragment"):
    def __init__(self, book: CardBook, view: dict[str, Any], act: Act) -> None:
        super().__init__(timeout=TIMEOUT)
        self.book, self.act = book, act
        names = ", ".join(saint_labels(view).values())
        self.saint: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Saint", placeholder=clip(names, 100), max_length=100
        )
        choices = ", ".join(mission_fragment_names(book, view)) or "a fragment's name from the box"
        self.fragment: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="A fragment from the box or your mission",
            placeholder=clip(choices, 100),
            required=False,
            max_length=100,
        )
        self.name: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Or write your own: its name", required=False, max_length=80
        )
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Your fragment's text",
            style=discord.TextStyle.paragraph,
            required=False,
            max_length=400,
        )
        for item in (self.saint, self.fragment, self.name, self.text):
            self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        saint, fragment, name, text = (str(i.value).strip() for i in (self.saint, self.fragment, self.name, self.text))

        def build(view: dict[str, Any]) -> dict[str, Any]:
            if bool(fragment) == bool(name):
                raise GameError("Name one fragment from the box or your mission, or write one with a name.")
            return {
                "type": "g_fragment",
                "seat": seat_ref(view, saint),
                "fragment": fragment_ids(self.book, view, fragment) if fragment else None,
                "name": name or None,
                "text": text,
            }

        await self.act(interaction, build, "Fragment given.")



class MutationForm(GuideForm, title="Write a mutation"):
    def __init__(self, view: dict[str, Any], act: Act) -> None:
        super().__init__(timeout=TIMEOUT)
        self.act = act
        self.name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Its name", max_length=80)
        self.text: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="What it does (a ruling you apply)", style=discord.TextStyle.paragraph, max_length=400
        )
        public = view["public"]
        every = [c for c in [public.get("confront"), *public.get("opponents", [])] if c]
        labels = saint_labels(view)
        self.saint: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label="Whose confrontation (default: the one under way)",
            placeholder=clip(", ".join(labels.get(c["seat"], "") for c in every), 100) or None,
            required=False,
            max_length=100,
        )
        for item in (self.name, self.text, self.saint):
            self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        name, text, saint = (str(i.value).strip() for i in (self.name, self.text, self.saint))

        def build(view: dict[str, Any]) -> dict[str, Any]:
            return {
                "type": "g_mutate",
                "mutation": None,
                "name": name,
                "text": text,
                "seat": seat_ref(view, saint) if saint else None,
            }

        await self.act(interaction, build, "Mutated.")

