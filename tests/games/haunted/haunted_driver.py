"""A seeded random player for Haunted, and the invariants every state must keep."""

from __future__ import annotations

import re
from functools import cache

from bot.engine.events import Audience, Event
from bot.engine.prng import Rng
from bot.games.haunted import RULES
from bot.games.haunted.cards import catalogue
from bot.games.haunted.commands import Choose, Discard, Pass, Play, Redraw
from bot.games.haunted.state import HauntedState, Options, Step

TOTAL = 80


def new_game(players: int, seed: int, short: bool = False) -> tuple[HauntedState, list[Event]]:
    out = RULES.setup(Options(short=short), players, seed, {})
    return out.state, out.events


def where_cards_are(state: HauntedState) -> list[str]:
    cards = list(state.secret.stock) + list(state.public.discard) + list(state.public.resolving)
    cards += list(state.secret.limbo)
    for hand in state.players.values():
        cards += hand.cards
    for lines in state.public.lines:
        for ln in lines:
            cards += ln.cards()
    return cards


def hand_cards(state: HauntedState) -> dict[str, int]:
    return {c: s for s, h in state.players.items() for c in h.cards}


@cache
def _names_pattern() -> re.Pattern[str]:
    # Longest names first, so "Fateful Possession" is found whole and not also as "Possession".
    names = sorted((c.name for c in catalogue().cards.values()), key=len, reverse=True)
    return re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")(?!\w)")


def named_in(text: str) -> set[str]:
    """Card ids named in a text."""
    cat = catalogue()
    return {cat.resolve(name) for name in _names_pattern().findall(text)}


def check_invariants(state: HauntedState) -> None:
    cards = where_cards_are(state)
    assert len(cards) == TOTAL, f"{len(cards)} cards found, not {TOTAL}"
    assert sorted(cards) == sorted(catalogue().ids()), "a card is missing or doubled"
    cat = catalogue()
    for lines in state.public.lines:
        assert len(lines) == 3
        for ln in lines:
            if ln.setting:
                assert cat.type_of(ln.setting) == "setting"
            if ln.focus:
                assert ln.setting and cat.type_of(ln.focus) == "focus"
                assert ln.focus in cat[ln.setting].focuses
            if ln.terror:
                assert ln.focus and cat.type_of(ln.terror) == "terror"
                assert ln.terror in cat[ln.focus].summons
    held = hand_cards(state)
    public = state.public.model_dump(mode="json", exclude={"log"})
    blob = repr(public)
    for card in held:
        assert f"'{card}'" not in blob, f"hand card {card} is in the public state"
    assert state.public.hand_counts == [len(state.players[s].cards) for s in range(state.public.seats)]


def check_public_events(before: HauntedState, after: HauntedState, events: list[Event]) -> None:
    """No public event names a card that stayed hidden in a hand, or went from the stockpile into a hand.

    A command that reshuffled the discard pile is skipped: a card named face up on
    its way to the discard pile may then be drawn again, which is no leak.
    """
    if any(e.kind == "reshuffle" for e in events):
        return
    held_before = hand_cards(before)
    held_after = hand_cards(after)
    stock_before = set(before.secret.stock)
    stuck = {c for h in after.players.values() for c in h.stuck}
    secret = {c for c in held_after if c in held_before and c not in stuck}
    secret |= {c for c in held_after if c in stock_before}
    for e in events:
        if e.audience is Audience.PUBLIC:
            leaked = named_in(e.text) & secret
            assert not leaked, f"public event names hidden cards {leaked}: {e.text}"


def pick_action(rng: Rng, actions: list) -> object:
    """Mostly build lines on opponents, sometimes defend, pass when there is little left to do."""
    plays = [a for a in actions if isinstance(a, Play)]
    cat = catalogue()
    essentials = [a for a in plays if cat[a.card].essential]
    if any(isinstance(a, Choose) for a in actions) or any(isinstance(a, Discard) for a in actions):
        return rng.choice(actions)
    roll = rng.randbelow(100)
    if essentials and roll < 70:
        terrors = [a for a in essentials if cat.type_of(a.card) == "terror"]
        return rng.choice(terrors) if terrors and roll < 50 else rng.choice(essentials)
    if plays and roll < 85:
        return rng.choice(plays)
    redraw = [a for a in actions if isinstance(a, Redraw)]
    if redraw and roll < 87:
        return redraw[0]
    return next(a for a in actions if isinstance(a, Pass))


def play_to_end(
    state: HauntedState, rng: Rng, limit: int = 4000, checks: bool = True
) -> tuple[HauntedState, int]:
    steps = 0
    while RULES.result(state) is None and steps < limit:
        seat = RULES.waiting_for(state)[0]
        actions = RULES.legal_actions(state, seat)
        assert actions, f"seat {seat} must act but has no legal action"
        cmd = pick_action(rng, actions)
        out = RULES.apply(state, seat, cmd)
        if checks:
            check_invariants(out.state)
            check_public_events(state, out.state, out.events)
        state = out.state
        steps += 1
    return state, steps


def over(state: HauntedState) -> bool:
    return state.public.step is Step.OVER
