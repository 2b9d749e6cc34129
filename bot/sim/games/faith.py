"""Faith for the simulator: competitive, 2-4 players, preconstructed decks.

Options: `--opt decks="Light of Prayer,Judges and Kings"` plays those decks (by name, one per
seat); game i rotates them by i seats, so each deck sits in each seat equally often. Without
it, two-player games cycle through every pair of different decks, in both seat orders (game i
plays pair i // 2, seats swapped when i is odd); larger tables rotate the four decks. Results
are grouped by deck (`labels`), and for two players by pair.

greedy: keep the opening hand; take energy in the proportion the hand's costs need; in the
Action step play the most expensive card it can, then use abilities, then challenge with the
strongest attacker at the weakest target, then pray with every character that can, then end the
turn. It never moves (a move spends energy on a location's effect, which it does not value).
When over the hand limit it discards the cheapest cards.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from bot.engine.prng import Rng
from bot.games.faith import decks
from bot.games.faith.cards import card
from bot.games.faith.commands import Activate, Challenge, Discard, EndTurn, Gather, Mulligan, Play, Pray
from bot.games.faith.state import FaithState
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best


def deck_order(opts: dict[str, Any], players: int, index: int) -> list[str]:
    names = list(decks.preconstructed())
    chosen = opts.get("decks")
    if chosen:
        wanted = [n.strip() for n in chosen.split(",")] if isinstance(chosen, str) else list(chosen)
        unknown = [n for n in wanted if n not in names]
        if unknown:
            raise ValueError(f"unknown Faith deck(s) {unknown}; known: {names}")
        wanted = (wanted * players)[:players]
        shift = index % players
        return wanted[shift:] + wanted[:shift]
    if players == 2:
        pairs = list(combinations(names, 2))
        a, b = pairs[(index // 2) % len(pairs)]
        return [b, a] if index % 2 else [a, b]
    shift = index % len(names)
    return [(names[shift:] + names[:shift])[s % len(names)] for s in range(players)]


def options(opts: dict[str, Any], players: int, index: int) -> dict[str, Any]:
    order = deck_order(opts, players, index)
    precon = decks.preconstructed()
    rest = {k: v for k, v in opts.items() if k != "decks"}
    return {**rest, "decks": [precon[n] for n in order], "deck_names": order}


def _needs(state: FaithState, seat: int) -> tuple[int, int]:
    light = dark = 0
    for h in state.players[seat].hand:
        c = card(h.card)
        if c.side == "light":
            light += c.cost
        elif c.side == "dark":
            dark += c.cost
    return light, dark


def greedy(state: FaithState, seat: int, actions: list[Any], rng: Rng) -> Any:
    first = actions[0]
    if isinstance(first, Mulligan):
        return Mulligan(cards=[])
    if isinstance(first, Gather):
        light, dark = _needs(state, seat)
        due = len(actions) - 1
        want = round(due * light / (light + dark)) if light + dark else (due + 1) // 2
        return best(actions, lambda a: -abs(a.light - want), rng)
    if isinstance(first, Discard):
        return best(actions, lambda a: -sum(_cost(state, seat, u) for u in a.cards), rng)
    plays = [a for a in actions if isinstance(a, Play)]
    if plays:
        return best(plays, lambda a: _cost(state, seat, a.card) + (0.5 if a.recite is None else 0), rng)
    abilities = [a for a in actions if isinstance(a, Activate)]
    if abilities:
        return rng.choice(abilities)
    fights = [a for a in actions if isinstance(a, Challenge)]
    if fights:
        return best(fights, lambda a: _strength(state, a.attacker) - _strength(state, a.target) / 10, rng)
    prayers = [a for a in actions if isinstance(a, Pray)]
    if prayers:
        return rng.choice(prayers)
    return next(a for a in actions if isinstance(a, EndTurn))


def _cost(state: FaithState, seat: int, uid: int) -> int:
    for h in state.players[seat].hand:
        if h.uid == uid:
            return card(h.card).total_cost
    return 0


def _strength(state: FaithState, uid: int) -> int:
    for s in state.public.seats:
        for ip in s.field:
            if ip.uid == uid:
                return card(ip.card).strength + ip.strength_bonus
    return 0


def report(state: FaithState) -> Report:
    pub = state.public
    won = pub.winner
    ending = "last player standing" if any(s.out for s in pub.seats) else "reached the Faith goal"
    return Report(turns=pub.turn, ending=ending, winners=[won] if won is not None else [])


ADAPTER = Adapter(
    game="faith",
    coop=False,
    report=report,
    policies={"greedy": greedy},
    options=options,
    labels=deck_order,
    first=lambda state: state.public.first,
)
