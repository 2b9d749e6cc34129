"""Haunted's buttons and selects, built from the engine's legal actions.

Playing a card takes two clicks: pick the card in the hand's select (verb
`pick`), then one of the placement buttons the bot answers with (verb `play`,
arg `card.target.line.mode`). Questions from the game are answered with
buttons or selects (verb `choose`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.haunted.cards import catalogue
from bot.games.haunted.commands import Choose, Discard, Pass, Play, Redraw
from cogs.common.components import GameButton, GameSelect
from cogs.common.text import OPTION_DESCRIPTION_MAX, clip

BUTTONS_PER_PROMPT = 5
SELECT_SIZE = 25
MAX_SELECTS = 4
PASS_LABEL = {"others": "End step 1", "defence": "Done defending", "own": "End step 3"}


def play_arg(play: Play) -> str:
    return f"{play.card}.{play.target}.{play.line}.{play.mode or ''}"


def parse_play_arg(arg: str) -> dict[str, Any]:
    card, target, line, mode = arg.split(".")
    return {"type": "play", "card": card, "target": int(target), "line": int(line), "mode": mode or None}


def _chunks(options: list[discord.SelectOption]) -> list[list[discord.SelectOption]]:
    return [options[i : i + SELECT_SIZE] for i in range(0, len(options), SELECT_SIZE)][:MAX_SELECTS]


def prompt_items(sid: int, prompt: dict[str, Any]) -> list[discord.ui.Item[Any]]:
    """Buttons for a short question, selects for a long one (e.g. any card of the discard pile)."""
    labels = prompt.get("labels", {})
    options = prompt["options"]
    if len(options) <= BUTTONS_PER_PROMPT:
        return [
            GameButton(sid, "choose", o, label=labels.get(o, o), style=discord.ButtonStyle.primary)
            for o in options
        ]
    select_options = [discord.SelectOption(label=labels.get(o, o)[:100], value=o) for o in options]
    chunks = _chunks(select_options)
    return [
        GameSelect(sid, "choose", str(i), options=chunk, placeholder=f"Choose… ({i + 1}/{len(chunks)})")
        for i, chunk in enumerate(chunks)
    ]


def turn_items(sid: int, step: str, actions: list[Any]) -> list[discord.ui.Item[Any]]:
    """The acting player's controls: a select of playable cards, pass, and the alternative turn."""
    cat = catalogue()
    items: list[discord.ui.Item[Any]] = []
    discards = [a for a in actions if isinstance(a, Discard)]
    if discards:
        options = [
            discord.SelectOption(label=cat.name(a.card), value=a.card, description=effect(a.card)) for a in discards
        ]
        items.append(
            GameSelect(sid, "discard", options=options[:SELECT_SIZE], placeholder="Step 4: discard a card…")
        )
        return items
    playable = list(dict.fromkeys(a.card for a in actions if isinstance(a, Play)))
    if playable:
        options = [
            discord.SelectOption(label=cat.name(c), value=c, description=effect(c))
            for c in playable
        ]
        items.append(GameSelect(sid, "pick", options=options[:SELECT_SIZE], placeholder="Play a card…"))
    if any(isinstance(a, Pass) for a in actions):
        items.append(
            GameButton(sid, "pass", label=PASS_LABEL.get(step, "Pass"), style=discord.ButtonStyle.success)
        )
    if any(isinstance(a, Redraw) for a in actions):
        items.append(GameButton(sid, "redraw", label="Discard whole hand and redraw (whole turn)"))
    return items


def _mode(play: Play) -> str:
    if not play.mode:
        return ""
    return " · " + next(m.label for m in catalogue()[play.card].modes if m.key == play.mode)


def placement_items(sid: int, plays: list[Play], who: list[str]) -> list[discord.ui.Item[Any]]:
    """One button per place the chosen card may go. `who[seat]` is a short plain name for the seat."""
    items: list[discord.ui.Item[Any]] = []
    for play in plays[:25]:
        label = f"{who[play.target]} · line {play.line}{_mode(play)}"
        items.append(GameButton(sid, "play", play_arg(play), label=label, style=discord.ButtonStyle.primary))
    return items


def placed_line(arg: str, who: list[str], me: int) -> str:
    """An answered "Where does it go?": `Urchin Thief → bob, line 2` (or `→ your line 2`)."""
    play = Play.model_validate(parse_play_arg(arg))
    where = f"your line {play.line}" if play.target == me else f"{who[play.target]}, line {play.line}"
    return f"{catalogue().name(play.card)} → {where}{_mode(play)}"


def choose_command(arg: str | None, values: list[str]) -> dict[str, Any]:
    option = values[0] if values else arg
    return Choose(option=option or "").model_dump()


def effect(card: str) -> str:
    """A select option's description: the card's type and what it does, in Discord's 100 characters."""
    c = catalogue()[card]
    return clip(f"{c.type.capitalize()}: {c.text}", OPTION_DESCRIPTION_MAX)
