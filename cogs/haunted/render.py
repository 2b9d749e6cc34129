"""Drawing Haunted for Discord: the public table and a player's hand. Pure: views in, embeds out."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.haunted.cards import catalogue
from bot.games.haunted.scoring import line_score
from bot.games.haunted.state import Line
from cogs.common.text import EMBED_DESCRIPTION_MAX, FIELD_VALUE_MAX, clip, lines_within, plural

COLOUR = discord.Colour.from_rgb(88, 40, 92)  # a bruised Edwardian purple
MAX_FIELDS = 25

STEP_TEXT = {
    "others": "step 1: playing on other players' lines",
    "defence": "step 2: defence",
    "own": "step 3: playing on their own lines",
    "discard": "step 4: discarding",
    "over": "the game is over",
}
TYPE_MARK = {
    "setting": "🏚",
    "focus": "🔮",
    "terror": "💀",
    "event": "⚡",
    "action": "✋",
    "acquaintance": "👤",
}


def name(card: str) -> str:
    return catalogue().name(card)


def line_text(data: dict[str, Any]) -> str:
    """One line of a player's tableau, e.g. `Country Walk → Locked Box → Hunting Spirit (waiting)`."""
    ln = Line.model_validate(data)
    cards = " → ".join(name(c) for c in ln.cards())
    if ln.complete:
        return f"☠ complete: {cards or 'no cards (counted complete)'}"
    if not cards:
        return "· empty"
    return cards + (" ⏳ waiting on its owner's defence" if ln.pending else "")


def seat_block(pub: dict[str, Any], seat: int) -> str:
    marks = []
    if seat == pub["active"] and pub["step"] != "over":
        marks.append("▶ active")
    if pub.get("defender") == seat:
        marks.append("🛡 defending")
    skips = pub["skips"][seat]
    if skips:
        marks.append(f"misses {plural(skips, 'turn')}")
    head = plural(pub["hand_counts"][seat], "card") + (f" · {', '.join(marks)}" if marks else "")
    rows = [f"{i + 1}. {line_text(ln)}" for i, ln in enumerate(pub["lines"][seat])]
    if pub["step"] == "over":
        score = sum(line_score(Line.model_validate(ln)) for ln in pub["lines"][seat])
        verdict = " (lost)" if seat in pub["losers"] else (" 🏆" if seat in pub["winners"] else "")
        rows.append(f"Score: {score}{verdict}")
    return clip("\n".join([head, *rows]), FIELD_VALUE_MAX)


def table_embed(pub: dict[str, Any], who: list[str], names: list[str] | None = None) -> discord.Embed:
    """The public table. `who[seat]` names a seat in text (a mention); `names[seat]` titles its
    field (a plain name: a field title cannot show a mention)."""
    short = " (short game: one complete line loses)" if pub["short"] else ""
    if pub["step"] == "over":
        status = "The game is over."
    else:
        status = f"Turn {pub['turn']}: {who[pub['active']]}'s turn, {STEP_TEXT[pub['step']]}."
    top = ", ".join(name(c) for c in reversed(pub["discard"][-3:])) or "empty"
    desc = "\n".join(
        [
            status,
            f"Stockpile: {pub['stock_count']} · Discard pile: {len(pub['discard'])} (top: {top})",
        ]
    )
    embed = discord.Embed(
        title=f"Haunted{short}", description=clip(desc, EMBED_DESCRIPTION_MAX), colour=COLOUR
    )
    for seat in range(pub["seats"])[: MAX_FIELDS - 2]:
        title = names[seat] if names and seat < len(names) else f"Player {seat + 1}"
        embed.add_field(name=title, value=seat_block(pub, seat), inline=False)
    return embed


def card_line(card: str) -> str:
    c = catalogue()[card]
    return f"{TYPE_MARK[c.type]} **{c.name}** ({c.type})"


def card_detail(card: str) -> str:
    c = catalogue()[card]
    extra = ""
    if c.type == "setting":
        extra = " Focuses: " + ", ".join(name(f) for f in c.focuses) + "."
    elif c.type == "focus":
        extra = " Summons: " + ", ".join(name(t) for t in c.summons) + "."
    return f"{card_line(card)}: {c.text}{extra}"


def hand_embed(view: dict[str, Any], prompt_text: str, notes: list[str]) -> discord.Embed:
    """A player's private panel: their hand, what the game asks of them, their recent private news."""
    private = view["private"]
    cards = private["cards"]
    stuck = set(private.get("stuck", []))
    # Each card with what it does, so nobody needs a /haunted card per card to choose.
    rows = [card_detail(c) + (" *(stuck: discard only)*" if c in stuck else "") for c in cards]
    embed = discord.Embed(
        title=f"Your hand ({plural(len(cards), 'card')})",
        description=clip("\n\n".join(rows) or "No cards.", EMBED_DESCRIPTION_MAX),
        colour=COLOUR,
    )
    embed.add_field(name="Now", value=clip(prompt_text, FIELD_VALUE_MAX), inline=False)
    if notes:
        embed.add_field(name="Only you saw", value=lines_within(notes, FIELD_VALUE_MAX), inline=False)
    embed.set_footer(text="Lines are numbered 1-3. /haunted card <name> shows any card's full text.")
    return embed
