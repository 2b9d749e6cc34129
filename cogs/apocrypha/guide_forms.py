"""The guide's panel forms: a fragment handed to a saint and a mutation written on the spot.

The panel's **Hand a fragment** button and the mutation select's "Write your own…" option open a
Discord form (a modal); its answer becomes the same engine command as `/apocrypha guide fragment`
or `/apocrypha guide mutate name: text:`, with names resolved from the guide's view when it is
applied. The bot keeps nothing of an open form (`cogs.common.forms`): its answer carries the
session and the form's kind in its custom id and the typed text by each input's id, so a form
still works after a restart, however long the guide takes to write.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.engine.errors import GameError
from bot.games.apocrypha.cards import CardBook
from cogs.apocrypha.guide import card_ref, saint_labels, seat_ref
from cogs.common.forms import form_id
from cogs.common.text import clip

FRAGMENT, MUTATION = "g_fragment_form", "g_mutate_form"  # the forms' verbs in their custom ids
# What a form's answer becomes, with the guide's view at the time it is applied.
Build = Callable[[dict[str, Any]], dict[str, Any]]


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


def _input(key: str, label: str, **kwargs: Any) -> discord.ui.TextInput[Any]:
    return discord.ui.TextInput(custom_id=key, label=label, **kwargs)


def fragment_form(session_id: int, book: CardBook, view: dict[str, Any]) -> discord.ui.Modal:
    """Hand a saint a fragment: one from the box or the guide's mission, or one written here."""
    form = discord.ui.Modal(title="Hand a saint a fragment", custom_id=form_id(session_id, FRAGMENT))
    names = ", ".join(saint_labels(view).values())
    choices = ", ".join(mission_fragment_names(book, view)) or "a fragment's name from the box"
    for item in (
        _input("saint", "Saint", placeholder=clip(names, 100), max_length=100),
        _input("fragment", "A fragment from the box or your mission", placeholder=clip(choices, 100), required=False, max_length=100),
        _input("name", "Or write your own: its name", required=False, max_length=80),
        _input("text", "Your fragment's text", style=discord.TextStyle.paragraph, required=False, max_length=400),
    ):
        form.add_item(item)
    return form


def mutation_form(session_id: int, view: dict[str, Any]) -> discord.ui.Modal:
    """A mutation written on the spot, for the confrontation under way or a named saint's."""
    form = discord.ui.Modal(title="Write a mutation", custom_id=form_id(session_id, MUTATION))
    public = view["public"]
    every = [c for c in [public.get("confront"), *public.get("opponents", [])] if c]
    labels = saint_labels(view)
    for item in (
        _input("name", "Its name", max_length=80),
        _input("text", "What it does (a ruling you apply)", style=discord.TextStyle.paragraph, max_length=400),
        _input(
            "saint",
            "Whose confrontation (default: the one under way)",
            placeholder=clip(", ".join(labels.get(c["seat"], "") for c in every), 100) or None,
            required=False,
            max_length=100,
        ),
    ):
        form.add_item(item)
    return form


def form_command(book: CardBook, verb: str, values: dict[str, str]) -> tuple[Build, str]:
    """A form's answer as the engine command it asks for (built with the guide's view when it is
    applied), and the notice said once it is done."""
    said = {key: text.strip() for key, text in values.items()}
    saint, name, text = said.get("saint", ""), said.get("name", ""), said.get("text", "")
    if verb == FRAGMENT:
        fragment = said.get("fragment", "")

        def give(view: dict[str, Any]) -> dict[str, Any]:
            if bool(fragment) == bool(name):
                raise GameError("Name one fragment from the box or your mission, or write one with a name.")
            return {
                "type": "g_fragment",
                "seat": seat_ref(view, saint),
                "fragment": fragment_ids(book, view, fragment) if fragment else None,
                "name": name or None,
                "text": text,
            }

        return give, "Fragment given."
    if verb == MUTATION:
        def mutate(view: dict[str, Any]) -> dict[str, Any]:
            if not name or not text:
                raise GameError("A mutation needs a name and what it does.")
            return {"type": "g_mutate", "mutation": None, "name": name, "text": text, "seat": seat_ref(view, saint) if saint else None}

        return mutate, "Mutated."
    raise GameError("That form does not belong to this game, so nothing was done.")
