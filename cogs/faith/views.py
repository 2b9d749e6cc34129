"""Faith's panel components, built from the engine's legal actions, and clicks decoded back to commands.

A select option's value is a compact command ("pl:12:5:-:-:-:1" = play card 12 at target 5
paying 1 of the neutral cost with light); `decode` turns it back into the engine's command data.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.faith.cards import card
from bot.games.faith.energy import split_options
from bot.games.faith.state import Seat as SeatState
from cogs.common.components import GameButton, GameSelect
from cogs.common.text import LABEL_MAX, clip, plural
from cogs.faith.options import card_line, option_description
from cogs.faith.render import DARK, LIGHT, cost_text

FIELDS = {
    "pl": ("play", ["card", "target", "target2", "opponent", "recite", "neutral_light"]),
    "ab": ("ability", ["card", "index", "target", "target2", "opponent", "neutral_light"]),
    "mv": ("move", ["character", "location"]),
    "pr": ("pray", ["character"]),
    "ch": ("challenge", ["attacker", "target"]),
}
CODES = {kind: code for code, (kind, _) in FIELDS.items()}
MAX_OPTIONS = 25
Who = Callable[[int], str]  # a seat's name on the panel ("yours" for the panel's own seat)


def seat_words(seat: int) -> str:
    return f"seat {seat + 1}"


def encode(command: dict[str, Any]) -> str:
    code = CODES[command["type"]]
    values = ["-" if command.get(f) is None else str(command[f]) for f in FIELDS[code][1]]
    return ":".join([code, *values])


def decode(value: str) -> dict[str, Any] | None:
    code, *values = value.split(":")
    if code not in FIELDS:
        return None
    kind, fields = FIELDS[code]
    if len(values) != len(fields) or not all(v == "-" or v.isdigit() for v in values):
        return None
    return {"type": kind, **{f: None if v == "-" else int(v) for f, v in zip(fields, values, strict=True)}}


def _names(view: dict[str, Any]) -> dict[int, str]:
    names = {ip["uid"]: card(ip["card"]).title for s in view["public"]["seats"] for ip in s["field"]}
    names.update({h["uid"]: card(h["card"]).title for h in view.get("private", {}).get("hand", [])})
    return names


def _owner(view: dict[str, Any], uid: int) -> int | None:
    for i, s in enumerate(view["public"]["seats"]):
        if any(ip["uid"] == uid for ip in s["field"]):
            return i
    return None


def describe(command: dict[str, Any], view: dict[str, Any], who: Who = seat_words) -> str:
    """An option's label: the move and what it aims at, each card's owner named by `who`."""
    names = _names(view)

    def at(key: str, word: str = "→") -> str:
        uid = command.get(key)
        if uid is None:
            return ""
        owner = _owner(view, uid)
        return f" {word} {names.get(uid, '?')}" + (f" ({who(owner)})" if owner is not None else "")

    kind = command["type"]
    if kind == "play":
        c = card(view_card(view, command["card"]))
        text = f"Play {c.title} ({cost_text(c)})" + at("target") + at("target2", "and")
        if command.get("opponent") is not None:
            text += f" vs {who(command['opponent'])}"
        if command.get("recite") is not None:
            text += f", reciting with {names.get(command['recite'], '?')}"
        elif command.get("neutral_light") is not None:
            nl = command["neutral_light"]
            text += f", neutral paid {nl}{LIGHT} {c.neutral - nl}{DARK}"
        return text
    if kind == "ability":
        text = f"Use {names.get(command['card'], '?')}" + at("target") + at("target2", "and")
        if command.get("opponent") is not None:
            text += f" vs {who(command['opponent'])}"
        return text
    if kind == "move":
        return f"Move {names.get(command['character'], '?')} to {names.get(command['location'], '?')}"
    if kind == "pray":
        return f"Pray with {names.get(command['character'], '?')}"
    return f"Challenge with {names.get(command['attacker'], '?')}" + at("target")


def view_card(view: dict[str, Any], uid: int) -> str:
    for h in view.get("private", {}).get("hand", []):
        if h["uid"] == uid:
            return h["card"]
    raise KeyError(uid)


def with_payments(commands: list[dict[str, Any]], view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Each paid play once per way to split its neutral cost, when there is a choice."""
    pool = SeatState.model_validate(view["public"]["seats"][seat])
    out: list[dict[str, Any]] = []
    for cmd in commands:
        if cmd["type"] != "play" or cmd.get("recite") is not None:
            out.append(cmd)
            continue
        c = card(view_card(view, cmd["card"]))
        light, dark = (c.cost, 0) if c.side == "light" else (0, c.cost) if c.side == "dark" else (0, 0)
        splits = split_options(pool, light, dark, c.neutral)
        if len(splits) <= 1:
            out.append(cmd)
        else:
            out += [{**cmd, "neutral_light": nl} for nl in splits]
    return out


def _select(
    session: int, arg: str, placeholder: str, commands: list[dict[str, Any]], view: dict[str, Any], who: Who
) -> GameSelect:
    options = [
        discord.SelectOption(
            label=clip(describe(c, view, who), LABEL_MAX),
            value=encode(c),
            description=option_description(c, view) or None,
        )
        for c in commands[:MAX_OPTIONS]
    ]
    return GameSelect(session, "do", arg, options=options, placeholder=placeholder)


def hand_options(hand: list[dict[str, Any]]) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=clip(card(h["card"]).title, LABEL_MAX), value=str(h["uid"]), description=card_line(card(h["card"]))
        )
        for h in hand
    ]


def panel_items(
    session: int, seat: int, view: dict[str, Any], legal: list[Any], who: Who = seat_words
) -> list[discord.ui.Item[Any]]:
    pub = view["public"]
    phase = pub["phase"]
    if not legal:
        return []
    hand = view["private"]["hand"]
    if phase == "mulligan":
        return [
            GameButton(session, "keep", label="Keep this hand", style=discord.ButtonStyle.success),
            GameSelect(
                session,
                "mull",
                options=hand_options(hand),
                placeholder="Put cards on the bottom and draw back to 5…",
                max_values=len(hand),
            ),
        ]
    if phase == "gather":
        due = pub["energy_due"]
        return [
            GameButton(
                session,
                "gather",
                str(k),
                label=f"{k}{LIGHT} {due - k}{DARK}",
                style=discord.ButtonStyle.primary,
            )
            for k in range(due, -1, -1)
        ]
    if phase == "discard":
        extra = len(hand) - 7
        return [
            GameSelect(
                session,
                "discard",
                options=hand_options(hand),
                placeholder=f"Discard {plural(extra, 'card')}…",
                min_values=extra,
                max_values=extra,
            )
        ]
    commands = [c.model_dump() for c in legal if c.type != "end_turn"]
    plays = with_payments([c for c in commands if c["type"] == "play"], view, seat)
    uses = [c for c in commands if c["type"] in ("ability", "move")]
    fights = [c for c in commands if c["type"] in ("pray", "challenge")]
    items: list[discord.ui.Item[Any]] = []
    for arg, placeholder, group in (
        ("1", "Play a card…", plays),
        ("2", "Use an ability or move a character…", uses),
        ("3", "Pray or challenge…", fights),
    ):
        if group:
            items.append(_select(session, arg, placeholder, group, view, who))
    items.append(GameButton(session, "end", label="End turn", style=discord.ButtonStyle.danger))
    return items


def command_from(verb: str, arg: str | None, values: list[str]) -> dict[str, Any] | None:
    if verb == "keep":
        return {"type": "mulligan", "cards": []}
    if verb in ("mull", "discard"):
        if not all(v.isdigit() for v in values):
            return None
        return {"type": "mulligan" if verb == "mull" else "discard", "cards": [int(v) for v in values]}
    if verb == "gather" and arg is not None and arg.isdigit():
        return {"type": "gather", "light": int(arg)}
    if verb == "end":
        return {"type": "end_turn"}
    if verb == "do" and values:
        return decode(values[0])
    return None
