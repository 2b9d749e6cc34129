"""Helpers for Catharsis tests: build games at a chosen card, set boards and dice, play random moves."""

from __future__ import annotations

from typing import Any

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis.cards import content
from bot.games.catharsis.rules import Options
from bot.games.catharsis.state import CatharsisState, Die, Slot

ROLES = [
    "unmei", "leme", "maladaum", "tenzin", "jaden", "hidorian", "sealaithe", "dimirith", "aiden", "fizzleboom", "artrial",
    "briggs",
]


def new_game(
    players: int = 2,
    seed: int = 1,
    roles: list[str] | None = None,
    first: list[str] | None = None,
    **options: Any,
) -> CatharsisState:
    """A game with roles chosen; `first` puts those Boss deck cards on top, in order."""
    state = RULES.setup(Options(**options), players, seed, {}).state
    if first:
        rest = [c for c in state.secret.boss_deck if c not in first]
        state.secret.boss_deck = [*first, *rest]
    for seat, role in enumerate(roles or ROLES[:players]):
        state = act(state, seat, type="role", role=role)
    return state


def act(state: CatharsisState, seat: int, **command: Any) -> CatharsisState:
    return RULES.apply(state, seat, RULES.parse_command(command)).state


def refused(state: CatharsisState, seat: int, **command: Any) -> str:
    """The refusal text; fails if the command went through. apply() never changes `state`."""
    before = state.model_dump()
    try:
        RULES.apply(state, seat, RULES.parse_command(command))
    except GameError as exc:
        assert state.model_dump() == before
        return exc.message
    raise AssertionError(f"{command} was accepted")


def board(state: CatharsisState, seat: int, *cards: str, ready: bool = True) -> None:
    """Put exactly these cards on a hero's board (test setup, mutates)."""
    state.public.heroes[seat].board = [Slot(card=c, ready=ready) for c in cards]


def dice(state: CatharsisState, seat: int, *values: int, rolls: int = 1) -> None:
    hero = state.public.heroes[seat]
    hero.dice = [Die(value=v) for v in values]
    hero.rolls = rolls


def take_all(state: CatharsisState) -> CatharsisState:
    """Every waiting packet of damage is taken the gentlest way, by whoever it falls on first."""
    from bot.games.catharsis.choices import take_command

    while state.public.packets:
        p = state.public.packets[0]
        seat = p.seat if p.seat is not None else next(h.seat for h in state.public.heroes if not h.dead)
        state = act(state, seat, **take_command(state, state.public.heroes[seat], 0).model_dump())
    return state


def power_id(name: str) -> str:
    return next(p.id for p in content().powers.values() if p.name == name)


def random_step(state: CatharsisState, rng: Rng) -> tuple[CatharsisState, int, Any] | None:
    """One random legal move by a random waiting seat; None when nobody can move."""
    seats = RULES.waiting_for(state)
    if not seats:
        return None
    seat = rng.choice(seats)
    moves = RULES.legal_actions(state, seat)
    if not moves:
        return None
    move = rng.choice(moves)
    return RULES.apply(state, seat, move).state, seat, move


def morale_blow(card: str, players: int) -> int:
    """The Morale a foe's own attacks take each round, for that starting party size (0 if none)."""
    from bot.games.catharsis.cards import scaled

    attacks = content().encounters[card].attacks
    return sum(scaled(a.amount, players) for a in attacks if a.kind == "morale")
