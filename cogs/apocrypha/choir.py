"""The co-op lobby's choir choices: seat order, each saint's starting nexus, the first saint.

Choices are kept in the lobby's options by Discord user (`choir`), and turned into the engine's
`order`, `starts` and `first` (by seat) when the host starts; the engine checks them against the
mission's nexus structure, so a forbidden start is refused at Start in plain words.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import discord

from bot.engine.errors import GameError
from bot.games.apocrypha.cards import CardBook, Mission
from bot.games.apocrypha.structures import STRUCTURES
from bot.store import GameSession
from cogs.common.components import GameSelect
from cogs.common.text import mention

SELECT_MAX = 25


def mission_of(book: CardBook, row: GameSession) -> Mission | None:
    if row.options.get("mode") != "coop":
        return None
    key = row.options.get("mission") or next(
        (k for k, m in sorted(book.missions.items()) if m.mode == "coop"), None
    )
    mission = book.missions.get(key or "")
    return mission if mission is not None and mission.mode == "coop" else None


def nexuses_for(mission: Mission, book: CardBook, saints: int) -> list[tuple[str, str]]:
    return [
        (nx.key, nx.name or book.nexuses[nx.nexus or ""].name)
        for nx in mission.nexuses
        if nx.min_saints <= max(1, saints)
    ]


def circles(seats: list[int]) -> list[list[int]]:
    """Every seating around the table, counted once (the first player stays put)."""
    if not seats:
        return []
    first, rest = seats[0], seats[1:]
    return [[first, *p] for p in permutations(rest)][:SELECT_MAX]


def items(book: CardBook, row: GameSession) -> list[discord.ui.Item[Any]]:
    mission = mission_of(book, row)
    if mission is None or row.id is None or not row.seats:
        return []
    names = {u: f"Player {i + 1}" for i, u in enumerate(row.seats)}
    places = [
        discord.SelectOption(label=name[:100], value=key)
        for key, name in nexuses_for(mission, book, len(row.seats))
    ][:SELECT_MAX]
    firsts = [discord.SelectOption(label=names[u], value=str(u)) for u in row.seats]
    orders = [
        discord.SelectOption(
            label=" → ".join(names[u] for u in circle)[:100], value=".".join(map(str, circle))
        )
        for circle in circles(row.seats)
    ]
    out: list[discord.ui.Item[Any]] = [
        GameSelect(row.id, "choir_start", options=places, placeholder="Your starting nexus…"),
        GameSelect(row.id, "choir_first", options=firsts, placeholder="Who goes first…"),
    ]
    if len(orders) > 1:
        out.append(GameSelect(row.id, "choir_order", options=orders, placeholder="Seat order, clockwise…"))
    return out


def choose(options: dict[str, Any], user: int, seats: list[int], verb: str, value: str) -> str:
    """Record one choice in the lobby options; returns what to tell the player."""
    if user not in seats:
        raise GameError("Join the lobby first; the choir's choices are for its saints.")
    choir = dict(options.get("choir", {}))
    if verb == "choir_start":
        choir["starts"] = {**choir.get("starts", {}), str(user): value}
        told = "Your saint will start at that nexus."
    elif verb == "choir_first":
        if not value.isdigit() or int(value) not in seats:
            raise GameError("That player is not in this lobby.")
        choir["first"] = int(value)
        told = f"{mention(int(value))} will go first."
    elif verb == "choir_order":
        order = [int(u) for u in value.split(".") if u.isdigit()]
        if sorted(order) != sorted(seats):
            raise GameError("The players in the lobby have changed; choose the seat order again.")
        choir["order"] = order
        told = "The seat order is set."
    else:
        raise GameError("That is not a choice this lobby knows.")
    options["choir"] = choir
    return told


def engine_options(options: dict[str, Any], seats: list[int]) -> dict[str, Any]:
    """The choir's choices by seat, for the engine (stale choices of players who left are dropped)."""
    choir = options.get("choir", {})
    seat_of = {u: i for i, u in enumerate(seats)}
    out: dict[str, Any] = {}
    order = choir.get("order")
    if order and sorted(order) == sorted(seats):
        out["order"] = [seat_of[u] for u in order]
    starts = {str(seat_of[int(u)]): k for u, k in choir.get("starts", {}).items() if int(u) in seat_of}
    if starts:
        out["starts"] = starts
    if choir.get("first") in seat_of:
        out["first"] = seat_of[choir["first"]]
    return out


def text(book: CardBook, row: GameSession) -> str:
    mission = mission_of(book, row)
    if mission is None:
        return ""
    choir = row.options.get("choir", {})
    names = dict(nexuses_for(mission, book, len(row.seats)))
    lines = [", ".join(STRUCTURES[getattr(mission, f)].name for f in ("clock", "nexus_rules", "goal"))]
    starts = choir.get("starts", {})
    placed = [f"{mention(int(u))} at {names.get(k, k)}" for u, k in starts.items() if int(u) in row.seats]
    if placed:
        lines.append("Starting: " + ", ".join(placed))
    if choir.get("first") in row.seats:
        lines.append(f"First: {mention(choir['first'])}")
    if choir.get("order") and sorted(choir["order"]) == sorted(row.seats):
        lines.append("Clockwise: " + " → ".join(mention(u) for u in choir["order"]))
    return "\n".join(lines)
