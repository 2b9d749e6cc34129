"""SCP: Apollyon's buttons and selects, built from the engine's legal actions.

Each select option's value is the command itself as compact JSON (well under
Discord's 100 characters), so a click turns straight back into the command and
the engine re-checks it. Buttons carry the few one-word actions.
"""

from __future__ import annotations

import json
from typing import Any

import discord

from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.difficulty import level, relieved
from cogs.apollyon.render import assets_text, character_line, mission_text
from cogs.common.components import GameButton, GameSelect
from cogs.common.text import OPTION_DESCRIPTION_MAX, clip, plural

SELECT_SIZE = 25
MAX_SELECTS = 4  # a view has five rows; the last holds the buttons
GROUPS: dict[str, str] = {
    "choose_start": "Choose your starting anomaly…",
    "build_pile": "Make the Draw pile…",
    "claim": "Take a card from the Draw pile…",
    "transfer": "Transfer to another director…",
    "promote": "Promote, study or free a containment token…",
    "study": "Promote, study or free a containment token…",
    "assign": "Assign a character…",
    "mission": "Send an MTF on a mission…",
    "deliver": "Bring an anomaly to a site…",
    "contain": "Contain, trial or overcontain…",
    "trial": "Contain, trial or overcontain…",
    "overcontain": "Contain, trial or overcontain…",
    "withdraw": "Promote, study or free a containment token…",
}


def encode(action: Any) -> str:
    return json.dumps(action.model_dump(exclude_none=True), separators=(",", ":"))


def decode(value: str) -> dict[str, Any]:
    data = json.loads(value)
    if not isinstance(data, dict):
        raise ValueError(value)
    return data


def _anomaly(public: dict[str, Any], uid: int | None) -> dict[str, Any] | None:
    places = [*public["public_zone"]]
    for site in public["sites"]:
        places += site["temporary"] + [a for row in site["rows"] for a in row] + site["carrying"]
    return next((a for a in places if a["uid"] == uid), None)


def _anomaly_name(public: dict[str, Any], uid: int | None) -> str:
    a = _anomaly(public, uid)
    return catalogue().anomalies[a["card"]].name if a else "an anomaly"


def _anomaly_numbers(public: dict[str, Any], uid: int | None) -> str:
    """`Keter, threat 3, subdue 4, 2 minions`: what engaging or holding it is about."""
    a = _anomaly(public, uid)
    if a is None:
        return ""
    info = catalogue().anomalies[a["card"]]
    minions = f", {plural(a['minions'], 'minion')}" if a.get("minions") else ""
    return f"{info.cls.capitalize()}, threat {info.threat}, subdue {info.subdue}{minions}"


def _character_name(view: dict[str, Any], uid: int) -> str:
    ch = _character(view, uid)
    return catalogue().characters[ch["card"]].name if ch else "a character"


def describe(action: Any, view: dict[str, Any], who: Any) -> str:
    """A short label for an action, from what the seat may see."""
    public = view["public"]
    kind = action.type
    if kind == "choose_start":
        return f"Start with a {action.deck.capitalize()} anomaly"
    if kind == "build_pile":
        return f"Draw pile: {plural(action.assets, 'asset')}, {plural(action.characters, 'character')}"
    if kind == "claim":
        p = public["pile"][action.index]
        cat = catalogue()
        name = cat.assets[p["card"]].name if p["kind"] == "asset" else cat.characters[p["card"]].name
        return f"Take {name}"
    if kind == "transfer":
        what = f"a {action.asset} token" if action.asset else _character_name(view, action.character)
        return f"Give {what} to {who(action.to)}"
    if kind == "promote":
        return {
            "personnel": "Promote: 2 Personnel → a character",
            "resource": "Promote: 2 Resources → a Space",
            "space": "Promote: a Space → an Asset card",
        }[action.kind]
    if kind == "study":
        return f"Study {_anomaly_name(public, action.anomaly)} (1 Personnel)"
    if kind == "withdraw":
        return f"Take a {action.asset} token off {_anomaly_name(public, action.anomaly)}"
    if kind == "assign":
        where = {"mtf1": "MTF-01", "mtf2": "MTF-02", "vacation": "On Vacation"}[action.to]
        return f"{_character_name(view, action.character)} → {where}"
    if kind == "mission":
        return f"MTF-0{action.mtf}: {mission_text(action.model_dump(), public)}"
    if kind == "deliver":
        return f"{_anomaly_name(public, action.anomaly)} → site {action.to + 1}"
    if kind == "contain":
        return f"Contain {_anomaly_name(public, action.anomaly)}"
    if kind == "trial":
        return f"Neutralization Trial: {_anomaly_name(public, action.anomaly)}"
    if kind == "overcontain":
        return f"Add a {action.asset} token to {_anomaly_name(public, action.anomaly)}"
    return kind


PROMOTE_EFFECT = {
    "personnel": "Spends 2 Personnel: a new character from the deck joins your garrison.",
    "resource": "Spends 2 Resources: gain 1 Space token.",
    "space": "Gives up 1 Space token: draw an Asset card.",
}


MISSION_EFFECT = {
    "scout": "Each Scout on the team rolls once on the Scout table (anomalies, assets, characters).",
    "intercept": "Resolve the top Situation card: no tokens on it, but each Analyst regains theirs.",
    "none": "The team stays home this month.",
}


def _character(view: dict[str, Any], uid: int | None) -> dict[str, Any] | None:
    return next((c for c in view.get("private", {}).get("characters", []) if c["uid"] == uid), None)


def option_description(action: Any, view: dict[str, Any]) -> str:
    """What an action does, under its option (Discord's 100 characters): the card or anomaly it is
    about, with the numbers that decide it."""
    public, cat, kind = view["public"], catalogue(), action.type
    text = ""
    if kind == "choose_start":
        text = f"The top {action.deck.capitalize()} anomaly starts fully contained at your site, paid for."
    elif kind == "build_pile":
        text = "Assets cost 1 draw, characters 3; each director then takes at most one card."
    elif kind == "claim":
        p = public["pile"][action.index]
        text = cat.assets[p["card"]].text if p["kind"] == "asset" else character_line({"card": p["card"]})
    elif kind == "transfer":
        text = f"1 {action.asset} token from your pool to theirs. One transfer per Growth phase."
        if action.character is not None:
            ch = _character(view, action.character)
            text = f"{character_line(ch) if ch else 'A character'} · one transfer per Growth phase"
    elif kind == "promote":
        text = PROMOTE_EFFECT[action.kind]
    elif kind == "study":
        text = f"Spends 1 Personnel: 2 Study tokens, each Neutralize 1 in a trial. {_anomaly_numbers(public, action.anomaly)}"
    elif kind == "withdraw":
        text = (
            "The token returns to your pool; a Space token sends it back to Temporary Containment."
        )
    elif kind == "assign":
        ch = _character(view, action.character)
        text = character_line(ch) if ch else ""
    elif kind == "mission":
        sit = next((x for x in public["situations"] if x["uid"] == action.target), None)
        if sit is not None:
            info = cat.situations[sit["card"]]
            text = f"Danger {info.danger}; resolving it regains {plural(sit['tokens'], 'Masquerade token')}."
        elif _anomaly(public, action.target):
            text = f"Engage it: {_anomaly_numbers(public, action.target)}. Subdued, it comes home with the MTF."
        else:
            text = MISSION_EFFECT.get(action.kind, "")
    elif kind in ("deliver", "contain", "trial", "overcontain"):
        a = _anomaly(public, action.anomaly)
        info = cat.anomalies[a["card"]] if a else None
        if info is not None and kind == "contain":
            cost = info.cost.model_dump()
            if info.cls == "apollyon":
                lv = level(public.get("difficulty", "standard"), len(public["sites"]))
                cost = relieved(cost, lv.apollyon_relief)
            text = f"Costs {assets_text(cost)} as containment tokens. {_anomaly_numbers(public, action.anomaly)}"
        elif info is not None and kind == "trial":
            text = f"Spends 1 Personnel: roll Study + Researchers (4+) against subdue {info.subdue}; a miss risks a breach."
        elif info is not None and kind == "overcontain":
            text = f"One more token against its Breach Checks (threat {info.threat})."
        elif info is not None:
            text = _anomaly_numbers(public, action.anomaly)
    return clip(text, OPTION_DESCRIPTION_MAX)


def action_items(sid: int, actions: list[Any], view: dict[str, Any], who: Any) -> list[discord.ui.Item[Any]]:
    """Selects grouped by kind of action, then buttons for Ready and each mission to resolve."""
    groups: dict[str, list[discord.SelectOption]] = {}
    buttons: list[discord.ui.Item[Any]] = []
    for action in actions:
        if action.type == "ready":
            continue
        if action.type == "resolve":
            spread = ", spreading wounds" if action.spread else ""
            buttons.append(
                GameButton(
                    sid,
                    "resolve",
                    f"{action.mtf}{'s' if action.spread else ''}",
                    label=f"Resolve MTF-0{action.mtf}{spread}",
                    style=discord.ButtonStyle.secondary if action.spread else discord.ButtonStyle.primary,
                )
            )
            continue
        if action.type == "open_site":
            label = "Accept other sites' anomalies" if action.open else "Stop accepting other sites' anomalies"
            buttons.append(GameButton(sid, "site", "open" if action.open else "close", label=label))
            continue
        label = describe(action, view, who)[:100]
        group = GROUPS.get(action.type, "Other…")
        if action.type == "withdraw" and view["public"]["phase"] == "site":
            group = GROUPS["contain"]
        description = option_description(action, view) or None
        groups.setdefault(group, []).append(
            discord.SelectOption(label=label, value=encode(action), description=description)
        )
    items: list[discord.ui.Item[Any]] = []
    for n, (placeholder, options) in enumerate(groups.items()):
        for i in range(0, len(options), SELECT_SIZE):
            if len(items) >= MAX_SELECTS:
                break
            items.append(
                GameSelect(
                    sid, "do", f"{n}.{i}", options=options[i : i + SELECT_SIZE], placeholder=placeholder
                )
            )
    if any(a.type == "ready" for a in actions):
        buttons.insert(
            0, GameButton(sid, "ready", label="Done with this phase", style=discord.ButtonStyle.success)
        )
    return items + buttons[:5]
