"""Dealing a build from the box: a saint's deck, a nexus deck, the clock.

There is one box. Each card a build draws is out of the box before the next one is drawn, so a
build never holds more copies of a card than the box does, and builds made later get what the
earlier ones left. When the box has no card left of a kind a build asks for, that part of the
build cannot be done and the golden rules ignore it: the build is smaller (House rule 35). A
co-op clock left short is stretched when it runs out with the omens already turned over from it
(House rule 37).
"""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.engine.text import and_list, plural
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import Table, all_zones

VIRTUES = ("body", "mind", "rage", "soul")


def deal(t: Table, kind: str, n: int, pile: list[str]) -> int:
    """Deal up to `n` random cards of `kind` (a virtue deals gifts of it; else "omen", "threat")
    onto `pile`, whose cards count as out of the box; returns how many the box could not give."""
    for dealt in range(n):
        uid = t.random_new("gift", kind, held=pile) if kind in VIRTUES else t.random_new(kind, held=pile)
        if uid is None:
            return n - dealt
        pile.append(uid)
    return 0


def deal_all(t: Table, counts: dict[str, int], pile: list[str]) -> dict[str, int]:
    """Deal every kind of a deck list onto `pile`; returns what the box was short of, by kind."""
    short = {kind: deal(t, kind, n, pile) for kind, n in counts.items()}
    return {kind: n for kind, n in short.items() if n}


def kind_name(kind: str, n: int) -> str:
    word = f"{kind.capitalize()} gift" if kind in VIRTUES else kind
    return plural(n, word)


def shortfall(short: dict[str, int]) -> str:
    """ "2 Mind gifts and 1 omen" """
    return and_list([kind_name(kind, n) for kind, n in short.items()])


def stretch_clock(t: Table) -> int:
    """House rule 37: a co-op clock the box could not fill has run out while still short. The omens
    turned over from it that are out of play (face up in a discard pile, or sacrificed back to the
    box) are shuffled into a new clock, no more of them than it is still short; returns how many."""
    coop = t.pub.coop
    if coop is None or coop.clock_short <= 0 or t.sec.clock:
        return 0
    turned = set(t.sec.clock_turned)
    in_play = {uid for _, uid in all_zones(t.state)}
    pool: list[tuple[int | None, str]] = [
        (seat, uid) for seat in sorted(t.pub.saints) for uid in t.view(seat).discard if uid in turned
    ]
    pool += [(None, uid) for uid in t.sec.clock_turned if uid not in in_play]
    t.state.rng.shuffle(pool)
    clock: list[str] = []
    taken: dict[int, int] = {}
    back_from_box = 0
    for seat, uid in pool:
        if len(clock) == coop.clock_short:
            break
        if seat is None:
            # Sacrificed: the box holds it again, unless something has since drawn that copy.
            if not t.box_has(card_id(uid), held=clock):
                continue
            clock.append(t.new_instance(card_id(uid), held=clock))
            back_from_box += 1
        else:
            t.view(seat).discard.remove(uid)
            taken[seat] = taken.get(seat, 0) + 1
            clock.append(uid)
    t.sec.clock_turned = [uid for uid in t.sec.clock_turned if uid in in_play and uid not in clock]
    if not clock:
        return 0
    coop.clock_short -= len(clock)
    t.state.rng.shuffle(clock)
    t.clock_add(clock)
    places = [f"{plural(n, 'omen')} from {seat_ref(seat)}'s discard pile" for seat, n in sorted(taken.items())]
    if back_from_box:
        places.append(f"{plural(back_from_box, 'omen')} from the box")
    still = f"{plural(coop.clock_short, 'card')} short of the mission's length" if coop.clock_short else "at the mission's length"
    t.say(
        "clock",
        f"The clock has run out, but the box could not fill it at setup: the choir shuffles the omens "
        f"turned over from it back into a new clock ({and_list(places)}). It now holds "
        f"{plural(len(clock), 'card')} and is {still}.",
    )
    return len(clock)


def tick_short_clock(t: Table, seat: int) -> bool:
    """House rule 37: the clock is empty, still short, and no omen turned over from it is out of
    play to stretch it; the turn counts off one of the missing omens without a card. False when the
    clock is not short: the choir times out."""
    coop = t.pub.coop
    if coop is None or coop.clock_short <= 0 or t.sec.clock:
        return False
    coop.clock_short -= 1
    t.say(
        "clock",
        f"The clock is empty and every omen turned over from it is still in play, but the mission's "
        f"clock is not over: {seat_ref(seat)} starts the turn without a clock card "
        f"({plural(coop.clock_short, 'turn')} of the missing length left).",
    )
    return True
