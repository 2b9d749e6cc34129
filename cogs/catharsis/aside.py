"""Artrial's set-aside powers on the panel: codes, labels and descriptions of setting aside and serving."""

from __future__ import annotations

from typing import Any

from bot.games.catharsis import commands as c
from bot.games.catharsis.aside import prepared
from bot.games.catharsis.cards import content
from cogs.catharsis.render import ability_text


def encode(cmd: c.SetAside | c.Serve) -> str:
    if isinstance(cmd, c.SetAside):
        return f"s.{cmd.slot}.{'-'.join(map(str, cmd.dice))}"
    target = "" if cmd.target is None else cmd.target
    ally = "" if cmd.ally is None else cmd.ally
    return f"v.{cmd.index}.{cmd.half[0]}.{target}.{ally}"


def decode(parts: list[str]) -> dict[str, Any]:
    if parts[0] == "s":
        return {"type": "aside", "slot": int(parts[1]), "dice": [int(x) for x in parts[2].split("-") if x]}
    _, index, half, target, ally = parts
    return {
        "type": "serve",
        "index": int(index),
        "half": "top" if half == "t" else "bottom",
        "target": int(target) if target else None,
        "ally": int(ally) if ally else None,
    }


def served_text(hero: dict[str, Any], index: int, half: str) -> str:
    """What a dish does if served now: its ability with the Preparation already added in."""
    dish = hero["aside"][index]
    ab = content().ability(dish["card"], half)
    if ab is None:
        return ""
    return ability_text(ab.model_copy(update={"do": prepared(ab.do, ab.prep * dish["prep"]), "prep": 0}))


def label(hero: dict[str, Any], cmd: c.SetAside | c.Serve) -> str:
    if isinstance(cmd, c.SetAside):
        card = hero["board"][cmd.slot]["card"]
        dice = " ".join("★" if hero["dice"][i]["value"] == 0 else str(hero["dice"][i]["value"]) for i in cmd.dice)
        return f"Set aside {content().card_name(card)}" + (f" with {dice}" if dice else "")
    dish = hero["aside"][cmd.index]
    return f"Serve {content().card_name(dish['card'])} ({cmd.half}, {dish['prep']} Preparation)"


def description(hero: dict[str, Any], cmd: c.SetAside | c.Serve) -> str:
    if isinstance(cmd, c.SetAside):
        return "Pays its top cost; it leaves your board and gains Preparation each round until served"
    return served_text(hero, cmd.index, cmd.half)


def serves(hero: dict[str, Any], cmd: c.Serve, ops: tuple[str, ...]) -> bool:
    """Whether serving this dish uses any of these blocks (for aiming heals and shields at allies)."""
    ab = content().ability(hero["aside"][cmd.index]["card"], cmd.half)
    return ab is not None and any(b["op"] in ops and not b.get("self_only") for b in ab.do)
