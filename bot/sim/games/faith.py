"""Faith for the simulator: competitive, 2-4 players, preconstructed decks.

Options: `--opt decks="Light of Prayer,Judges and Kings"` plays those decks (by name, one per
seat); game i rotates them by i seats, so each deck sits in each seat equally often. Without
it, two-player games cycle through every pair of different decks, in both seat orders (game i
plays pair i // 2, seats swapped when i is odd); larger tables rotate the four decks. Results
are grouped by deck (`labels`), and for two players by pair.

greedy (since issue 15's balance pass): keep the opening hand; take energy in the proportion
the hand's costs need. In the Action step it looks one move ahead: each play (one per card name,
target and way to pay), ability, move and challenge (the 12 most promising by a quick damage
sum) is tried on a copy of the state and the resulting table is scored for the player (`value`:
Faith, the prayer still to come from ready light characters, the field's prayer, strength and
health, objects and locations at their cost plus 3, energy and cards in hand, less the
opponents' on average). It makes the best move while
that gains anything, then prays with every character that can, then ends the turn. When over the
hand limit it discards the cheapest cards. So a deck's mechanic counts as far as one move shows
it: a Zealous challenge, a reciter that cannot pray, a location's bonus, a plague on the leader.

simple: the greedy policy before that pass (plays the most expensive card, uses random abilities,
challenges with every character, prays with what is left, never moves), kept to reproduce the
older figures.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.games.faith import RULES, decks, turn, zones
from bot.games.faith.cards import card
from bot.games.faith.commands import Activate, Challenge, Discard, EndTurn, Gather, Move, Mulligan, Play, Pray
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


def _opening(state: FaithState, seat: int, actions: list[Any], rng: Rng) -> Any | None:
    """Mulligan, gather and discard, the same for both policies; None in the Action step."""
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
    return None


def simple(state: FaithState, seat: int, actions: list[Any], rng: Rng) -> Any:
    chosen = _opening(state, seat, actions, rng)
    if chosen is not None:
        return chosen
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


WIN = 1_000_000.0
CHALLENGES_TRIED = 12
# An object or location on the field is worth its cost plus this: more than the card in hand (2),
# since it works every turn. At its bare cost greedy never played one (playing lost the hand card).
PERMANENT = 3.0


def value(state: FaithState, seat: int) -> float:
    """How good the table is for `seat`: its own worth less its opponents' average."""
    pub = state.public
    if pub.winner is not None:
        return WIN if pub.winner == seat else -WIN
    live = [s for s in zones.live_seats(state) if s != seat]
    if not live:
        return WIN
    mine = _worth(state, seat, own=True)
    return mine - sum(_worth(state, s, own=False) for s in live) / len(live)


def _worth(state: FaithState, seat: int, *, own: bool) -> float:
    s = state.public.seats[seat]
    if s.out:
        return -WIN / 10
    total = s.faith * 10.0 + (s.light + s.dark) + s.hand_count * 2.0
    for ip in s.field:
        c = card(ip.card)
        if c.type != "character":
            total += c.total_cost + PERMANENT  # objects and locations
            continue
        p = zones.prayer(state, ip)
        left = zones.health(state, ip) - ip.damage
        total += p * 6 + zones.strength(state, ip) * 2 + left
        if own and p and not ip.exhausted and not turn.sick(state, ip):
            total += p * 10  # a prayer still to come this turn
    return total


def _candidates(state: FaithState, seat: int, actions: list[Any]) -> list[Any]:
    """The moves worth trying: one play per card name and choice, every ability and move, and the
    challenges with the best quick damage sum."""
    names = {h.uid: h.card for h in state.players[seat].hand}
    seen: set[tuple[Any, ...]] = set()
    out: list[Any] = []
    for a in actions:
        if isinstance(a, Play):
            key = (names.get(a.card), a.target, a.target2, a.opponent, a.recite)
            if key not in seen:
                seen.add(key)
                out.append(a)
        elif isinstance(a, Activate | Move):
            out.append(a)
    fights = [a for a in actions if isinstance(a, Challenge)]
    fights.sort(key=lambda a: -_quick(state, a))
    return out + fights[:CHALLENGES_TRIED]


def _quick(state: FaithState, a: Challenge) -> float:
    att, dfn = zones.locate(state, a.attacker), zones.locate(state, a.target)
    if att is None or dfn is None:
        return 0.0
    hit = zones.strength(state, att[1])
    kills = hit >= zones.health(state, dfn[1]) - dfn[1].damage
    return (10 if kills else 0) + hit - zones.prayer(state, att[1]) * 5


def greedy(state: FaithState, seat: int, actions: list[Any], rng: Rng) -> Any:
    chosen = _opening(state, seat, actions, rng)
    if chosen is not None:
        return chosen
    now = value(state, seat)
    scored: list[tuple[float, Any]] = []
    for a in _candidates(state, seat, actions):
        try:
            after = RULES.apply(state, seat, a).state
        except GameError:
            continue
        scored.append((value(after, seat) - now, a))
    if scored:
        top = max(g for g, _ in scored)
        if top > 0:
            return rng.choice([a for g, a in scored if g == top])
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
    policies={"greedy": greedy, "simple": simple},
    options=options,
    labels=deck_order,
    first=lambda state: state.public.first,
)
