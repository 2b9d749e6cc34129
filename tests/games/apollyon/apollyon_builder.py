"""Building SCP: Apollyon states for tests: a started game, placed cards, and loaded dice."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.prng import Rng
from bot.games.apollyon import RULES
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.state import Anomaly, ApollyonState, Character, Phase, Table


def setup(players: int = 2, seed: int = 1, **options: Any) -> ApollyonState:
    return RULES.setup(RULES.parse_options(options), players, seed, {}).state


def started(players: int = 2, seed: int = 1, deck: str = "safe", **options: Any) -> ApollyonState:
    """A game in month 1's Growth phase, every director having started with a `deck` anomaly."""
    state = setup(players, seed, **options)
    for seat in range(players):
        state = RULES.apply(state, seat, {"type": "choose_start", "deck": deck}).state
    return state


def to_assign(players: int = 2, seed: int = 1) -> ApollyonState:
    """A game in month 1's MTF assignment step."""
    state = started(players, seed)
    for seat in range(players):
        state = act(state, seat, type="ready").state
    assert state.public.phase is Phase.ASSIGN
    return state


def act(state: ApollyonState, seat: int, **command: Any):  # noqa: ANN201
    return RULES.apply(state, seat, RULES.parse_command(command))


def loaded_dice(monkeypatch: pytest.MonkeyPatch, *faces: int) -> None:
    """Every die rolls the given faces in turn (the last one repeating)."""
    queue = list(faces)

    def die(self: Rng, sides: int = 6) -> int:
        return queue.pop(0) if len(queue) > 1 else queue[0]

    monkeypatch.setattr(Rng, "die", die)


def anomaly(t: Table, card: str, **fields: Any) -> Anomaly:
    a = t.new_anomaly(card)
    for k, v in fields.items():
        setattr(a, k, v)
    return a


def character(t: Table, card: str, **fields: Any) -> Character:
    ch = t.new_character(card)
    for k, v in fields.items():
        setattr(ch, k, v)
    return ch


def char_with(skill: str | None = None, min_force: int = 0) -> str:
    for c in sorted(catalogue().characters.values(), key=lambda c: c.id):
        if (skill is None or skill in c.skills) and c.force >= min_force:
            return c.id
    raise LookupError(skill)


def card_of(cls: str, **want: Any) -> str:
    for c in sorted(catalogue().anomalies.values(), key=lambda c: c.id):
        if c.cls == cls and all(getattr(c, k) == v for k, v in want.items()):
            return c.id
    raise LookupError(cls)


def fill_full_cost(a: Anomaly) -> None:
    for kind, n in a.info.cost.items():
        a.tokens[kind] = n


def set_level(monkeypatch: pytest.MonkeyPatch, **fields: Any) -> None:
    """Every difficulty at every table size plays by one level: the rulebook's numbers (no help,
    no pressure) changed by `fields`, so a test of a rule does not depend on the tuned table."""
    from bot.games.apollyon import difficulty

    lv = difficulty.Level(**{"veil_situations": 0, "cover_up": 0, "capture_regain": True, **fields})
    monkeypatch.setattr(difficulty, "LEVELS", {d: (lv,) * 6 for d in ("easy", "standard", "hard")})
