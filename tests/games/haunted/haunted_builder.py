"""Build Haunted states card by card for rules tests, and apply commands with checks."""

from __future__ import annotations

from typing import Any

import pytest
from haunted_driver import check_invariants

from bot.engine.errors import GameError
from bot.engine.events import Audience, Event
from bot.games.haunted import RULES
from bot.games.haunted.cards import catalogue
from bot.games.haunted.state import HauntedState, Line, Options, Step


def ids(names: list[str]) -> list[str]:
    return [catalogue().resolve(n) for n in names]


def cid(name: str) -> str:
    return catalogue().resolve(name)


def build(
    players: int = 3,
    hands: dict[int, list[str]] | None = None,
    lines: dict[int, list[list[str]]] | None = None,
    stock: list[str] | None = None,
    discard: list[str] | None = None,
    active: int = 0,
    step: Step = Step.OTHERS,
    short: bool = False,
    fresh: bool = False,
) -> HauntedState:
    """A state with exactly these cards placed. `stock` is listed top first; the other cards lie beneath it.

    A line is a list of names; a trailing "complete" seals it. With fresh=True the
    cards on lines count as played this turn (for defence-step tests).
    """
    state = RULES.setup(Options(short=short), players, 1, {}).state
    used: list[str] = []
    for seat in range(players):
        cards = ids((hands or {}).get(seat, []))
        state.players[seat].cards = cards
        used += cards
    for seat, spec in (lines or {}).items():
        for index, names in enumerate(spec):
            complete = "complete" in names
            cards = ids([n for n in names if n != "complete"])
            kinds = {catalogue().type_of(c): c for c in cards}
            state.public.lines[seat][index] = Line(
                setting=kinds.get("setting"),
                focus=kinds.get("focus"),
                terror=kinds.get("terror"),
                complete=complete,
                fresh=list(cards) if fresh and not complete else [],
            )
            used += cards
    pile = ids(discard or [])
    top = ids(stock or [])
    used += pile + top
    assert len(used) == len(set(used)), "a card is placed twice"
    rest = [c for c in catalogue().ids() if c not in used]
    state.secret.stock = rest + list(reversed(top))
    state.public.discard = pile
    state.public.active = active
    state.public.step = step
    if step is Step.DEFENCE:
        state.public.defender = (active + 1) % players
    RULES._sync(state, [])
    check_invariants(state)
    return state


def act(state: HauntedState, seat: int, **command: Any) -> tuple[HauntedState, list[Event]]:
    out = RULES.apply(state, seat, command)
    check_invariants(out.state)
    return out.state, out.events


def pick(state: HauntedState, seat: int, option: str) -> tuple[HauntedState, list[Event]]:
    return act(state, seat, type="choose", option=option)


def refused(state: HauntedState, seat: int, match: str, **command: Any) -> GameError:
    before = state.model_dump(mode="json")
    with pytest.raises(GameError, match=match) as info:
        RULES.apply(state, seat, command)
    assert state.model_dump(mode="json") == before
    return info.value


def hand(state: HauntedState, seat: int) -> list[str]:
    return state.players[seat].cards


def public_text(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.audience is Audience.PUBLIC)


def asked(state: HauntedState) -> tuple[int, str, list[str]] | None:
    d = state.secret.decision
    return None if d is None else (d.seat, d.kind, d.options)
