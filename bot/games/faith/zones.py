"""Moving cards between zones and the counters every rule touches: draw, exile, damage, Faith.

Every helper appends the public (and private) events it causes, so a rule
reads as a list of steps and the log tells the table what happened.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.faith.cards import Card, card
from bot.games.faith.state import FaithState, Held, InPlay, Phase

WIN_FAITH = 20
HAND_SIZE = 5
HAND_LIMIT = 7


def live_seats(state: FaithState) -> list[int]:
    return [i for i, s in enumerate(state.public.seats) if not s.out]


def from_active(state: FaithState) -> list[int]:
    """Seats still playing, starting with the active player and going to the left."""
    n = len(state.public.seats)
    order = [(state.public.active + i) % n for i in range(n)]
    return [s for s in order if not state.public.seats[s].out]


def opponents(state: FaithState, seat: int) -> list[int]:
    return [s for s in from_active(state) if s != seat]


def locate(state: FaithState, uid: int) -> tuple[int, InPlay] | None:
    for seat, s in enumerate(state.public.seats):
        for ip in s.field:
            if ip.uid == uid:
                return seat, ip
    return None


def field_cards(state: FaithState, seat: int, kind: str | None = None) -> Iterator[InPlay]:
    for ip in state.public.seats[seat].field:
        if kind is None or card(ip.card).type == kind:
            yield ip


def _location_of(state: FaithState, ip: InPlay) -> Card | None:
    if ip.location is None:
        return None
    found = locate(state, ip.location)
    return card(found[1].card) if found else None


def strength(state: FaithState, ip: InPlay) -> int:
    where = _location_of(state, ip)
    return max(0, (card(ip.card).strength or 0) + ip.strength_bonus + (where.bonus_strength if where else 0))


def health(state: FaithState, ip: InPlay) -> int:
    where = _location_of(state, ip)
    return max(1, (card(ip.card).health or 1) + (where.bonus_health if where else 0))


def prayer(state: FaithState, ip: InPlay) -> int:
    c = card(ip.card)
    if c.side == "dark" or not c.prayer:
        return 0
    where = _location_of(state, ip)
    return c.prayer + (where.bonus_prayer if where else 0)


def sync_counts(state: FaithState) -> None:
    for seat, s in enumerate(state.public.seats):
        s.hand_count = len(state.players[seat].hand)
        s.deck_count = len(state.secret.decks[seat])


def gain_faith(state: FaithState, seat: int, n: int, events: list[Event]) -> None:
    """Faith moves by n but never below 1; reaching 20 wins at once."""
    s = state.public.seats[seat]
    before = s.faith
    s.faith = max(1, s.faith + n)
    if s.faith == before:
        return
    verb = "gains" if s.faith > before else "loses"
    events.append(
        Event.public("faith", f"{seat_ref(seat)} {verb} {abs(s.faith - before)} Faith ({s.faith}).")
    )
    if s.faith >= WIN_FAITH and state.public.winner is None:
        declare_winner(state, seat, events, f"{seat_ref(seat)} reaches {s.faith} Faith and wins!")


def declare_winner(state: FaithState, seat: int, events: list[Event], text: str) -> None:
    state.public.winner = seat
    state.public.phase = Phase.OVER
    events.append(Event.public("win", text))


def over(state: FaithState) -> bool:
    return state.public.winner is not None


def draw(state: FaithState, seat: int, n: int, events: list[Event]) -> None:
    """Draw n cards; a player who must draw from an empty deck loses."""
    deck, hand = state.secret.decks[seat], state.players[seat].hand
    drawn: list[str] = []
    for _ in range(n):
        if state.public.seats[seat].out or over(state):
            break
        if not deck:
            knock_out(state, seat, events, "has no card left to draw")
            break
        top = deck.pop(0)
        hand.append(top)
        drawn.append(card(top.card).title)
    if drawn:
        events.append(Event.public("draw", f"{seat_ref(seat)} draws {plural(len(drawn), 'card')}."))
        events.append(Event.private(seat, "drew", "You drew " + ", ".join(drawn) + "."))
    sync_counts(state)


def knock_out(state: FaithState, seat: int, events: list[Event], why: str) -> None:
    """The seat loses. With 3-4 players the rest play on; their field goes to their exile."""
    s = state.public.seats[seat]
    s.out = True
    events.append(Event.public("out", f"{seat_ref(seat)} {why} and loses the game."))
    for ip in list(s.field):
        exile_from_field(state, ip.uid, events, quiet=True)
    left = live_seats(state)
    if len(left) == 1:
        declare_winner(state, left[0], events, f"{seat_ref(left[0])} is the last player standing and wins!")


def exile_from_field(state: FaithState, uid: int, events: list[Event], *, quiet: bool = False) -> None:
    found = locate(state, uid)
    if found is None:
        return
    seat, ip = found
    state.public.seats[seat].field.remove(ip)
    state.public.seats[seat].exile.append(Held(uid=ip.uid, card=ip.card))
    # Characters at a location that leaves the field stay on the field, at no location.
    for s in state.public.seats:
        for other in s.field:
            if other.location == uid:
                other.location = None
    if not quiet:
        events.append(Event.public("exile", f"{card(ip.card).title} ({seat_ref(seat)}) is exiled."))


def check_damage(state: FaithState, uid: int, events: list[Event]) -> bool:
    """Exile a character whose damage reached its health. True if it was exiled."""
    found = locate(state, uid)
    if found is None:
        return False
    _, ip = found
    if card(ip.card).type == "character" and ip.damage >= health(state, ip):
        exile_from_field(state, uid, events)
        return True
    return False


def recheck_damage(state: FaithState, events: list[Event]) -> None:
    """Exile every character whose damage has reached its health: health can drop without damage
    being dealt (moving off Bethlehem, losing a location), and that must kill as well."""
    for seat_state in state.public.seats:
        for ip in list(seat_state.field):
            check_damage(state, ip.uid, events)


def exile_from_hand(state: FaithState, seat: int, held: Held) -> None:
    state.players[seat].hand.remove(held)
    state.public.seats[seat].exile.append(held)
    sync_counts(state)


def all_uids(state: FaithState) -> list[int]:
    """Every card's uid in every zone (the invariant: each appears once)."""
    out: list[int] = []
    for seat, s in enumerate(state.public.seats):
        out += [h.uid for h in state.secret.decks[seat]]
        out += [h.uid for h in state.players[seat].hand]
        out += [ip.uid for ip in s.field]
        out += [h.uid for h in s.exile]
    return out
