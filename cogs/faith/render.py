"""Faith's renderers: card text, the public table and a player's panel. Pure: row + view in, embeds out."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.faith.cards import Card, card
from bot.games.faith.effects import card_lines
from bot.store import GameSession
from cogs.common.base import COLOUR
from cogs.common.text import EMBED_DESCRIPTION_MAX, FIELD_VALUE_MAX, bar, clip, fill_seats, seat_name

LIGHT, DARK = "☉", "☾"
WIN = 20
PHASE_HINT = {
    "mulligan": "Keep your starting hand, or choose cards to put on the bottom and draw back to 5.",
    "gather": "Gather your energy: choose how much of it is light.",
    "action": "Play cards, use abilities, move, pray and challenge; then end your turn.",
    "discard": "Discard down to 7 cards to end your turn.",
}


def cost_text(c: Card) -> str:
    coloured = f"{c.cost}{LIGHT if c.side == 'light' else DARK}" if c.cost else ""
    neutral = f"{c.neutral}" if c.neutral else ""
    return " + ".join(p for p in (coloured, neutral) if p) or "free"


def type_line(c: Card) -> str:
    side = "" if c.side == "neutral" or c.type != "character" else f"{c.side.capitalize()} "
    subtypes = f" — {', '.join(c.subtypes)}" if c.subtypes else ""
    return f"{side}{c.type.capitalize()}{subtypes}"


def card_text(c: Card) -> str:
    lines = [f"**{c.title}**  ·  {cost_text(c)}", f"*{type_line(c)}*"]
    if c.type == "character":
        lines.append(f"Health {c.health} · Strength {c.strength} · Prayer {c.prayer}")
    lines += card_lines(c)
    lines.append(f"({c.scripture})")
    return "\n".join(lines)


def card_embed(c: Card) -> discord.Embed:
    return discord.Embed(title=c.title, description=clip(card_text(c), EMBED_DESCRIPTION_MAX), colour=COLOUR)


def pool_text(seat: dict[str, Any]) -> str:
    # Spelled out: the bare symbols meant nothing to a new player.
    return f"{seat['light']}{LIGHT} light, {seat['dark']}{DARK} dark"


def numbered(zone: list[dict[str, Any]]) -> dict[int, str]:
    """Each card's title by uid; copies in the zone are numbered in order ("Korah - Rebel #2"), so
    the panel's choices and these lists name the same card the same way."""
    titles = [card(x["card"]).title for x in zone]
    return {
        x["uid"]: f"{t} #{titles[: i + 1].count(t)}" if titles.count(t) > 1 else t
        for i, (x, t) in enumerate(zip(zone, titles, strict=True))
    }


def field_lines(seat: dict[str, Any]) -> list[str]:
    names = numbered(seat["field"])
    out = []
    for ip in seat["field"]:
        c = card(ip["card"])
        state = "exhausted" if ip["exhausted"] else "ready"
        if c.type == "character":
            where = f" @ {names.get(ip['location'], '?')}" if ip["location"] is not None else ""
            out.append(f"• {names[ip['uid']]} — {ip['damage']}/{c.health} damage, {state}{where}")
        else:
            out.append(f"• {names[ip['uid']]} ({c.type}, {state})")
    return out or ["(nothing on the field)"]


def seat_block(row: GameSession, pub: dict[str, Any], index: int) -> tuple[str, str]:
    s = pub["seats"][index]
    turn = "▶ " if index == pub["active"] and pub["phase"] not in ("mulligan", "over") else ""
    out = " (out)" if s["out"] else ""
    name = f"{turn}{seat_name(row, index)}{out}"  # a field title cannot show a mention: the plain name
    body = [
        f"Faith {bar(s['faith'], WIN)}",
        f"Energy {pool_text(s)} · hand {s['hand_count']} · deck {s['deck_count']} · exile {len(s['exile'])}",
        *field_lines(s),
    ]
    return name, clip("\n".join(body), FIELD_VALUE_MAX)


def table_embeds(row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
    pub = view["public"]
    if pub["phase"] == "mulligan":
        status = "Starting hands: everyone may mulligan once."
    elif pub["phase"] == "over":
        status = "The game is over."
    else:
        status = fill_seats(f"Turn {pub['turn']}: @{{{pub['active']}}} is in the {pub['phase']} step.", row)
    embed = discord.Embed(title="Faith", description=status, colour=COLOUR)
    for i in range(len(pub["seats"])):
        name, value = seat_block(row, pub, i)
        embed.add_field(name=name, value=value, inline=False)
    return [embed]


def hand_lines(private: dict[str, Any]) -> list[str]:
    names = numbered(private["hand"])
    return [
        f"• {names[h['uid']]} — {cost_text(card(h['card']))} ({card(h['card']).type})" for h in private["hand"]
    ]


def private_embeds(
    row: GameSession, seat: int, view: dict[str, Any], notes: list[str]
) -> list[discord.Embed]:
    pub, private = view["public"], view["private"]
    me = pub["seats"][seat]
    hint = (
        PHASE_HINT.get(pub["phase"], "")
        if seat == pub["active"] or pub["phase"] == "mulligan"
        else "Wait for your turn."
    )
    if pub["phase"] == "gather" and seat == pub["active"]:
        hint += f" You gather {pub['energy_due']} this turn."
    embed = discord.Embed(title="Faith: your hand", description=hint, colour=COLOUR)
    embed.add_field(name="Faith and energy", value=f"{bar(me['faith'], WIN)}\n{pool_text(me)}", inline=False)
    embed.add_field(
        name=f"Hand ({len(private['hand'])})",
        value=clip("\n".join(hand_lines(private)) or "(empty)", FIELD_VALUE_MAX),
        inline=False,
    )
    embed.add_field(name="Your field", value=clip("\n".join(field_lines(me)), FIELD_VALUE_MAX), inline=False)
    if notes:
        embed.add_field(name="Recent", value=clip("\n".join(notes[-5:]), FIELD_VALUE_MAX), inline=False)
    return [embed]
