"""The turn in order: Prepare, Manage, Draw, Gather, Action, Discard; the opening mulligan."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.faith import energy, zones
from bot.games.faith.cards import card
from bot.games.faith.effects import Ctx, run
from bot.games.faith.keywords import SWIFT
from bot.games.faith.state import FaithState, InPlay, Phase


# -- lookups shared by the action rules ------------------------------------------
def own_field_card(state: FaithState, seat: int, uid: int) -> InPlay:
    for ip in state.public.seats[seat].field:
        if ip.uid == uid:
            return ip
    raise GameError("That card is not on your field.")


def own_character(state: FaithState, seat: int, uid: int) -> InPlay:
    ip = own_field_card(state, seat, uid)
    if card(ip.card).type != "character":
        raise GameError(f"{card(ip.card).title} is not a character.")
    return ip


def sick(state: FaithState, ip: InPlay) -> bool:
    """Summoning sickness: a character played this turn, unless it is Swift."""
    c = card(ip.card)
    return c.type == "character" and ip.entered == state.public.turn and SWIFT not in c.keywords


def ready_to_act(state: FaithState, ip: InPlay, verb: str) -> None:
    title = card(ip.card).title
    if ip.exhausted:
        raise GameError(f"{title} is exhausted, so it cannot {verb} until it is prepared.")
    if sick(state, ip):
        raise GameError(f"{title} was played this turn, so it cannot {verb} yet.")


# -- the opening ------------------------------------------------------------------
def mulligan(state: FaithState, seat: int, uids: list[int]) -> list[Event]:
    s = state.public.seats[seat]
    if s.mulliganed is not None:
        raise GameError("You have already decided on your starting hand.")
    hand = state.players[seat].hand
    chosen = [h for h in hand if h.uid in uids]
    if len(chosen) != len(set(uids)):
        raise GameError("You can only put back cards that are in your hand.")
    state.rng.shuffle(chosen)
    for h in chosen:
        hand.remove(h)
        state.secret.decks[seat].append(h)
    s.mulliganed = bool(chosen)
    events = [
        Event.public(
            "mulligan",
            f"{seat_ref(seat)} puts {plural(len(chosen), 'card')} on the bottom of their deck and draws back to 5."
            if chosen
            else f"{seat_ref(seat)} keeps their starting hand.",
        )
    ]
    if chosen:
        zones.draw(state, seat, zones.HAND_SIZE - len(hand), events)
    zones.sync_counts(state)
    if all(p.mulliganed is not None for p in state.public.seats):
        events += start_turn(state, state.public.first)
    return events


# -- a player's turn ---------------------------------------------------------------------
def start_turn(state: FaithState, seat: int) -> list[Event]:
    pub = state.public
    pub.turn += 1
    pub.active = seat
    events = [Event.public("turn", f"It is {seat_ref(seat)}'s turn.")]
    # Prepare
    for ip in pub.seats[seat].field:
        ip.exhausted = False
    # Manage
    for ip in list(pub.seats[seat].field):
        c = card(ip.card)
        if c.manage and zones.locate(state, ip.uid):
            run(Ctx(state, seat, source=ip.uid, events=events), c.manage)
    if zones.over(state):
        return events
    # Draw: only the first player's very first turn of a two-player game skips it.
    if not _opening_turn(state):
        zones.draw(state, seat, 1, events)
    if zones.over(state):
        return events
    if pub.seats[seat].out:
        return events + start_turn(state, _next(state, seat))
    # Gather: the player chooses the split with a Gather command.
    highest = max(s.faith for s in pub.seats if not s.out)
    pub.energy_due = energy.allowance(highest) - (1 if _opening_turn(state) else 0)
    pub.phase = Phase.GATHER
    return events


def _opening_turn(state: FaithState) -> bool:
    """The first player's very first turn of a two-player game. House rule: it gathers 1 energy
    less, as going first is worth more than the skipped draw alone makes up for (docs/faith.md)."""
    return state.public.turn == 1 and len(state.public.seats) == 2


def gather(state: FaithState, seat: int, light: int) -> list[Event]:
    pub = state.public
    if light > pub.energy_due:
        raise GameError(f"You gather {pub.energy_due} energy this turn, so at most {pub.energy_due} light.")
    s = pub.seats[seat]
    dark = pub.energy_due - light
    s.light += light
    s.dark += dark
    pub.energy_due = 0
    pub.phase = Phase.ACTION
    return [Event.public("gather", f"{seat_ref(seat)} gathers {light} light and {dark} dark energy.")]


def _next(state: FaithState, seat: int) -> int:
    n = len(state.public.seats)
    for step in range(1, n + 1):
        other = (seat + step) % n
        if not state.public.seats[other].out:
            return other
    return seat


def end_turn(state: FaithState, seat: int) -> list[Event]:
    if len(state.players[seat].hand) > zones.HAND_LIMIT:
        state.public.phase = Phase.DISCARD
        extra = len(state.players[seat].hand) - zones.HAND_LIMIT
        return [Event.public("discard_due", f"{seat_ref(seat)} must discard {plural(extra, 'card')} down to 7.")]
    return pass_turn(state, seat)


def discard(state: FaithState, seat: int, uids: list[int]) -> list[Event]:
    hand = state.players[seat].hand
    extra = len(hand) - zones.HAND_LIMIT
    chosen = [h for h in hand if h.uid in set(uids)]
    if len(chosen) != len(set(uids)) or len(chosen) != extra:
        raise GameError(f"Choose exactly {plural(extra, 'card')} from your hand to discard.")
    for h in chosen:
        zones.exile_from_hand(state, seat, h)
    events = [
        Event.public(
            "discard", f"{seat_ref(seat)} discards " + ", ".join(card(h.card).title for h in chosen) + "."
        )
    ]
    return events + pass_turn(state, seat)


def pass_turn(state: FaithState, seat: int) -> list[Event]:
    for s in state.public.seats:
        for ip in s.field:
            ip.strength_bonus = 0
    state.public.phase = Phase.ACTION
    return start_turn(state, _next(state, seat))
