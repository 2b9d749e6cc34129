"""Briggs and Liara on the panel: Liara's binds, her dice, her Passive and Flip, and whose die is whose."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.companions import SPIRIT
from cogs.catharsis.render import dice_text, power_line, power_summary


def is_pair(hero: dict[str, Any]) -> bool:
    role = content().roles.get(hero["role"])
    return role is not None and bool(role.partner)


def encode(cmd: c.Bind) -> str:
    return f"l.{cmd.essence}.{'-'.join(map(str, cmd.dice))}"


def decode(parts: list[str]) -> dict[str, Any]:
    return {"type": "bind", "essence": int(parts[1]), "dice": [int(x) for x in parts[2].split("-") if x]}


def die_name(hero: dict[str, Any], i: int, name: str) -> str:
    """'Liara's die 2', 'Briggs's die 1', or 'bob: die 3' for anyone else."""
    if not is_pair(hero):
        return f"{name}: die {i + 1}"
    return f"Liara's die {i + 1}" if i < SPIRIT else f"Briggs's die {i - SPIRIT + 1}"


def label(hero: dict[str, Any], cmd: Any) -> str | None:
    """The option's label for the pair's own moves (None: not one of them)."""
    if isinstance(cmd, c.Bind):
        card = hero["essences"][cmd.essence]
        dice = " ".join(str(hero["dice"][i]["value"]) for i in cmd.dice)
        return f"Liara binds {content().card_name(card)} with {dice}"
    if not is_pair(hero):
        return None
    if isinstance(cmd, c.Passive):
        return "Liara's Passive: move a die 1 step onto one of hers (she spends hers)"
    if isinstance(cmd, c.Flip):
        if cmd.value == 1:
            return "Flip Liara's Role card: up to 3 dice copy hers"
        return "Flip Briggs's Role card: keep the powers he uses this round"
    return None


def description(hero: dict[str, Any], cmd: Any) -> str | None:
    role = content().roles[hero["role"]]
    if isinstance(cmd, c.Bind):
        card = hero["essences"][cmd.essence]
        return "To an empty place on Briggs's board, ready. " + power_summary(card)
    if not is_pair(hero):
        return None
    if isinstance(cmd, c.Passive):
        return role.partner_passive
    if isinstance(cmd, c.Flip):
        return role.partner_flip if cmd.value == 1 else role.flip
    return None


def needs_aim(hero: dict[str, Any], command: dict[str, Any]) -> str | None:
    if not is_pair(hero):
        return None
    if command["type"] == "passive":
        return "lend"
    if command["type"] == "flip" and command.get("value") == 1:
        return "echo"
    return None


def aim_options(
    pub: dict[str, Any], seat: int, kind: str, names: list[str]
) -> tuple[list[discord.SelectOption], int]:
    """Liara's Passive (one die by 1 onto a value she spends) or Flip (up to 3 dice copy her values)."""
    me = pub["heroes"][seat]
    values = sorted({d["value"] for d in me["dice"][:SPIRIT] if not d["used"]})
    options = []
    for h in pub["heroes"]:
        if h["dead"]:
            continue
        for i, d in enumerate(h["dice"]):
            if d["used"] or d["value"] == 0 or (h["seat"] == seat and i < SPIRIT):
                continue
            for w in values:
                if w == d["value"] or (kind == "lend" and abs(w - d["value"]) != 1):
                    continue
                spend = f" (spends her {w})" if kind == "lend" else ""
                options.append(
                    discord.SelectOption(
                        label=f"{die_name(h, i, names[h['seat']])} ({d['value']}) → {w}{spend}"[:100],
                        value=f"{h['seat']}.{i}.{w - d['value']}",
                    )
                )
    return options, 1 if kind == "lend" else 3


def panel_lines(hero: dict[str, Any]) -> list[str]:
    """Liara's half of the panel: her Role card, her essences with their binding costs, her dice."""
    role = content().roles[hero["role"]]
    veiled = bool(hero["counters"].get("veil"))
    lines = ["", f"**How {role.name} play:** {role.rules}", "", f"**{role.partner}** · Role card {'flipped' if veiled else 'face up'}"]
    lines.append(f"**{role.partner}'s Passive**{' (off: flipped)' if veiled else ''}: {role.partner_passive}")
    lines.append(f"**{role.partner}'s Flip**: {role.partner_flip}")
    if hero.get("essences"):
        lines.append(f"**{role.partner}'s essences** (bind one for its top cost, with her dice):")
        lines += [f"• {power_line(card, True, detail=True)}" for card in hero["essences"]]
    lost = min(6, len(hero["discards"]))
    blank = f"{lost} blank for good" if lost else "none blank yet"
    lines.append(f"Briggs holds {len(hero['board'])} of his 6 places ({blank}).")
    return lines


def dice_line(hero: dict[str, Any]) -> str:
    dice = hero["dice"]
    return f"Liara {dice_text(dice[:SPIRIT])} · Briggs {dice_text(dice[SPIRIT:]) if dice[SPIRIT:] else 'none'}"


def essence_text(hero: dict[str, Any]) -> str:
    return "Liara holds: " + ", ".join(content().card_name(x) for x in hero["essences"])

