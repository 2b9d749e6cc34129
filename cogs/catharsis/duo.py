"""Duo powers on Discord: the lobby's pairing select, the shared power on the panel and the table,
and where damage may land on it."""

from __future__ import annotations

from typing import Any

import discord

from bot.engine.errors import GameError
from bot.games.catharsis import commands as c
from bot.games.catharsis.duo import SPOT, DuoCard, cards
from cogs.common.components import GameSelect
from cogs.common.text import OPTION_DESCRIPTION_MAX, clip, mention, seat_name

NONE = "none"


# -- the lobby ------------------------------------------------------------------------------
def lobby_items(row: Any) -> list[discord.ui.Item[Any]]:
    """One select: each player names the partner they want; a duo forms when two name each other."""
    if row.id is None or len(row.seats) < 2:
        return []
    options = [
        discord.SelectOption(
            label=f"Share a duo power with {seat_name(row, i)}"[:100],
            value=str(u),
            description="You both start with one power fewer and share one between you.",
        )
        for i, u in enumerate(row.seats)
    ]
    options.append(discord.SelectOption(label="No duo power", value=NONE, description="Withdraw your request."))
    return [GameSelect(row.id, "duo_ask", options=options, placeholder="Duo power variant: pair up with…")]


def ask(options: dict[str, Any], user: int, seats: list[int], value: str) -> str:
    """Record a player's request in the lobby options; returns what to tell them."""
    if user not in seats:
        raise GameError("Join the lobby first; duo powers are shared by two of its players.")
    asks = {k: v for k, v in options.get("duo_asks", {}).items() if int(k) in seats}
    if value == NONE:
        asks.pop(str(user), None)
        options["duo_asks"] = asks
        return "You will not share a duo power."
    if not value.isdigit() or int(value) not in seats:
        raise GameError("That player is not in this lobby.")
    partner = int(value)
    if partner == user:
        raise GameError("A duo power is shared by two different players: pick someone else.")
    asks[str(user)] = partner
    options["duo_asks"] = asks
    if asks.get(str(partner)) == user:
        return f"You and {mention(partner)} will share a duo power."
    return f"You asked {mention(partner)} to share a duo power; it is agreed once they pick you too."


def pairs(options: dict[str, Any], seats: list[int]) -> list[list[int]]:
    """Agreed duos as seat pairs, in seat order (stale requests of players who left are dropped)."""
    asks = {int(k): int(v) for k, v in options.get("duo_asks", {}).items()}
    seat_of = {u: i for i, u in enumerate(seats)}
    out = []
    for u, v in asks.items():
        if u in seat_of and v in seat_of and asks.get(v) == u and seat_of[u] < seat_of[v]:
            out.append([seat_of[u], seat_of[v]])
    return sorted(out)


def lobby_text(options: dict[str, Any], seats: list[int]) -> str:
    asks = {int(k): int(v) for k, v in options.get("duo_asks", {}).items()}
    agreed = pairs(options, seats)
    lines = [f"Duo: {mention(seats[a])} and {mention(seats[b])}" for a, b in agreed]
    paired = {seats[s] for pair in agreed for s in pair}
    lines += [
        f"{mention(u)} asks {mention(v)} to share a duo power"
        for u, v in asks.items()
        if u in seats and v in seats and u not in paired
    ]
    return "\n".join(lines)


# -- the game -------------------------------------------------------------------------------
def of(pub: dict[str, Any], seat: int) -> dict[str, Any] | None:
    return next((d for d in pub.get("duos", []) if seat in d["seats"] and d["card"] and not d["gone"]), None)


def card(d: dict[str, Any]) -> DuoCard:
    return cards()[d["card"]]


def ability(pub: dict[str, Any], seat: int, half: str) -> Any:
    d = of(pub, seat)
    if d is None:
        return None
    return card(d).top if half == "top" else card(d).bottom


def encode(cmd: c.DuoUse) -> str:
    target = "" if cmd.target is None else cmd.target
    ally = "" if cmd.ally is None else cmd.ally
    return f"d.{cmd.half[0]}.{'-'.join(map(str, cmd.dice))}.{target}.{ally}"


def decode(parts: list[str]) -> dict[str, Any]:
    _, half, dice, target, ally = parts
    return {
        "type": "duo",
        "half": "top" if half == "t" else "bottom",
        "dice": [int(x) for x in dice.split("-") if x],
        "target": int(target) if target else None,
        "ally": int(ally) if ally else None,
    }


def _bonus_text(d: DuoCard) -> str:
    from cogs.catharsis.render import block_text

    return ", ".join(block_text(b) for b in d.bonus)


def label(pub: dict[str, Any], seat: int, cmd: c.DuoUse, at: str) -> str:
    from cogs.catharsis.render import ability_text

    hero = pub["heroes"][seat]
    d = card(of(pub, seat) or {})
    dice = " ".join("★" if hero["dice"][i]["value"] == 0 else str(hero["dice"][i]["value"]) for i in cmd.dice)
    ab = d.top if cmd.half == "top" else d.bottom
    return f"Duo {d.name} ({cmd.half}) with {dice}: {ability_text(ab)}{at}"


def description(pub: dict[str, Any], seat: int, cmd: c.DuoUse, names: list[str] | None = None) -> str:
    shared = of(pub, seat)
    if shared is None:
        return ""
    d = card(shared)
    partner = next(s for s in shared["seats"] if s != seat)
    who = names[partner] if names and partner < len(names) else "your partner"
    other = "bottom" if cmd.half == "top" else "top"
    if other in shared["paid"]:
        return clip(f"{who} used the {other}: with yours, {_bonus_text(d)}.", OPTION_DESCRIPTION_MAX)
    return clip(f"Shared with {who}; if they use the {other} this round too: {_bonus_text(d)}.", OPTION_DESCRIPTION_MAX)


def wound_options(pub: dict[str, Any], seat: int) -> list[discord.SelectOption]:
    """Damage may land on the shared power too: it exhausts, then it is discarded for good."""
    shared = of(pub, seat)
    if shared is None:
        return []
    name = card(shared).name

    def option(text: str, value: str, effect: str) -> discord.SelectOption:
        return discord.SelectOption(label=text[:100], value=value, description=clip(effect, OPTION_DESCRIPTION_MAX))

    if shared["ready"]:
        return [
            option(f"Exhaust the shared {name}", f"{SPOT}", "Takes 1 point. Neither of you can use it until refreshed."),
            option(f"Exhaust and discard the shared {name}", f"{SPOT}.2", "Takes 2 points. It is gone for you both."),
        ]
    return [option(f"Discard the shared {name}", f"{SPOT}", "Takes 1 point. It is gone for you both, for good.")]


def table_line(pub: dict[str, Any], names: list[str]) -> list[str]:
    out = []
    for d in pub.get("duos", []):
        if not d["card"]:
            continue
        top, bottom = (names[s] if s < len(names) else f"seat {s + 1}" for s in d["seats"])
        state = "discarded" if d["gone"] else ("🟢 ready" if d["ready"] else "⚫ exhausted")
        out.append(f"Duo power **{card(d).name}** ({top} top, {bottom} bottom): {state}")
    return out


def panel_lines(pub: dict[str, Any], seat: int, names: list[str] | None = None) -> list[str]:
    from cogs.catharsis.render import ability_text

    shared = of(pub, seat)
    if shared is None:
        return []
    d = card(shared)
    partner = next(s for s in shared["seats"] if s != seat)
    who = names[partner] if names and partner < len(names) else "your partner"
    mine = "top" if shared["seats"][0] == seat else "bottom"
    mark = "🟢" if shared["ready"] else "⚫"
    halves = {"top": ability_text(d.top), "bottom": ability_text(d.bottom)}
    used = f" (used this round: {', '.join(shared['paid'])})" if shared["paid"] else ""
    return [
        "",
        f"**Duo power, shared with {who}:** {mark} **{d.name}**{used}",
        f"Your half ({mine}): {halves[mine]} · {who}'s half: {halves['bottom' if mine == 'top' else 'top']}",
        f"Both halves in one round: {_bonus_text(d)}. Damage may land on it; it cannot be replaced.",
    ]
