"""Build Faith tables for tests: any hands, fields and pools, straight into the Action step."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.errors import GameError
from bot.engine.events import Audience, Event
from bot.engine.prng import Rng
from bot.games.faith import RULES, zones
from bot.games.faith.cards import card
from bot.games.faith.state import FaithState, Hand, Held, InPlay, Phase, Public, Secret
from bot.games.faith.state import Seat as SeatState

FILLER = "isaac-son-of-promise"


def table(
    n: int = 2,
    *,
    hands: dict[int, list[str]] | None = None,
    fields: dict[int, list[Any]] | None = None,
    decks: dict[int, list[str]] | None = None,
    exiles: dict[int, list[str]] | None = None,
    light: int = 5,
    dark: int = 5,
    faith: dict[int, int] | None = None,
    active: int = 0,
    turn: int = 5,
    seed: int = 7,
) -> FaithState:
    """Field entries are card ids or (card id, {InPlay fields}). Everyone's pool is light/dark."""
    uid = 0
    pub = Public(phase=Phase.ACTION, turn=turn, active=active, first=0)
    secret, players = Secret(), {}

    def held(cid: str) -> Held:
        nonlocal uid
        card(cid)  # fail early on a typo
        uid += 1
        return Held(uid=uid - 1, card=cid)

    for seat in range(n):
        s = SeatState(light=light, dark=dark, faith=(faith or {}).get(seat, 1), mulliganed=False)
        for entry in (fields or {}).get(seat, []):
            cid, extra = (entry, {}) if isinstance(entry, str) else entry
            h = held(cid)
            s.field.append(InPlay(uid=h.uid, card=cid, **extra))
        s.exile = [held(c) for c in (exiles or {}).get(seat, [])]
        pub.seats.append(s)
        players[seat] = Hand(hand=[held(c) for c in (hands or {}).get(seat, [])])
        secret.decks[seat] = [held(c) for c in (decks or {}).get(seat, [FILLER] * 10)]
    pub.next_uid = uid
    state = FaithState(rng=Rng.from_seed(seed), public=pub, secret=secret, players=players)
    zones.sync_counts(state)
    return state


def uid_of(state: FaithState, seat: int, cid: str, zone: str = "field", nth: int = 0) -> int:
    if zone == "field":
        found = [ip.uid for ip in state.public.seats[seat].field if ip.card == cid]
    elif zone == "hand":
        found = [h.uid for h in state.players[seat].hand if h.card == cid]
    elif zone == "exile":
        found = [h.uid for h in state.public.seats[seat].exile if h.card == cid]
    else:
        found = [h.uid for h in state.secret.decks[seat] if h.card == cid]
    return found[nth]


def on_field(state: FaithState, uid: int) -> InPlay | None:
    found = zones.locate(state, uid)
    return found[1] if found else None


def act(state: FaithState, seat: int, command: dict[str, Any]) -> tuple[FaithState, list[Event]]:
    outcome = RULES.apply(state, seat, RULES.parse_command(command))
    return outcome.state, outcome.events


def refused(state: FaithState, seat: int, command: dict[str, Any], words: str = "") -> str:
    """The command is refused with a plain sentence and the state is exactly as it was."""
    before = state.model_dump()
    with pytest.raises(GameError) as err:
        act(state, seat, command)
    assert state.model_dump() == before
    assert err.value.message.endswith((".", "!", "?")), err.value.message
    assert words.lower() in err.value.message.lower(), err.value.message
    return err.value.message


def public_text(events: list[Event]) -> str:
    return "\n".join(e.text for e in events if e.audience is Audience.PUBLIC)
