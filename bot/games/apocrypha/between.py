"""Co-op Mission End after the verdict, and between missions.

After a win the fragments on display are chosen in turn (the saint who took the last turn first,
then to the left): one each, or none; a faded saint may give theirs up to avoid the death; a full
halo chooses which fragment gives way, or keeps its halo and leaves the new one on display. Then,
won or lost, the choir rebuilds its decks: each saint holds the gifts they ended the mission with
and needs as many of each virtue as their virtues and fragments say. Saints trade by putting gifts
on the table (`Offer`) and taking them (`Take`), then say they are done; a surplus goes on the table
by itself. When every saint is done, each shortfall is filled from the table first (in the order
the gifts were put down) and by a new Alpha gift last; what is left on the table goes back to the box.

Every choice is a pending question for the saint it belongs to; a saint who does not answer in time
gets the first option (the first fragment, give up the earliest fragment, done). The cog writes the
records from `pub.between` and each saint's `Hand.kept` once the outcome is set.
"""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.apocrypha.cards import VIRTUE_NAMES
from bot.games.apocrypha.saints import (
    NO_PICK,
    SaintRecord,
    deck_needs,
    fit_gifts,
    fragment_display,
    fragments_to_give_up,
    is_death,
    kept_gifts,
    settle_halo,
)
from bot.games.apocrypha.state import Between, Pending, card_id
from bot.games.apocrypha.table import Table

KEEP_HALO = "keep"
DONE = "Done: my deck is ready"


def start(t: Table, won: bool) -> None:
    """The verdict is in: the fragment display after a win, then the rebuild."""
    pub = t.pub
    b = pub.between = Between(won=won)
    pub.step = "over"
    if won:
        b.display, b.order = fragment_display(t.state, t.book, t.state.rng)
        pub.active = None
        names = ", ".join(t.name(f) for f in b.display)
        t.say("mission_end", f"Fragments on display: {names}. Each saint chooses one in turn.")
        ask_fragment(t)
    else:
        pub.active = None
        begin_rebuild(t)


# -- the fragment display ------------------------------------------------------------------------------
def ask_fragment(t: Table) -> None:
    pub, b = t.pub, _between(t)
    if len(b.picks) < len(b.order) and b.display:
        seat = b.order[len(b.picks)]
        view = t.view(seat)
        values = [*b.display]
        labels = [f"Take {t.name(f)}" for f in b.display]
        if view.fading and view.mission_deaths:
            values += [f"trade:{f}" for f in b.display]
            labels += [f"Give up {t.name(f)} to avoid your death" for f in b.display]
        values.append(NO_PICK)
        labels.append("No fragment")
        pub.pending = [
            Pending(
                seat=seat,
                kind="fragment",
                text="Choose a fragment from the display (or none).",
                options=labels,
                data={"values": values},
            )
        ]
        return
    for seat in b.order[len(b.picks) :]:
        b.picks[seat] = NO_PICK  # the display is empty
    begin_rebuild(t)


def answer_fragment(t: Table, pending: Pending, option: int) -> None:
    b, seat = _between(t), pending.seat
    value = t.answer(pending, option, pending.data["values"])
    if value == NO_PICK:
        b.picks[seat] = NO_PICK
        t.say("fragment", f"{seat_ref(seat)} takes no fragment.")
    elif value.startswith("trade:"):
        fid = value.removeprefix("trade:")
        b.display.remove(fid)
        b.picks[seat] = value
        t.say("fragment", f"{seat_ref(seat)} takes {t.name(fid)} and gives it up to avoid their death.")
    else:
        b.display.remove(value)
        slots = fragments_to_give_up(t.state, seat, t.book)
        if slots:
            t.pub.pending = [
                Pending(
                    seat=seat,
                    kind="give_up",
                    text=f"Your halo is full: choose the fragment you give up for {t.name(value)}.",
                    options=[f"Give up {t.name(cid)}" for cid in slots.values()]
                    + [f"Keep my halo; leave {t.name(value)} on display"],
                    data={"values": [*map(str, slots), KEEP_HALO], "fragment": value},
                )
            ]
            t.say("fragment", f"{seat_ref(seat)} takes {t.name(value)}; their halo is full, so one must give way.")
            return
        b.picks[seat] = value
        t.say("fragment", f"{seat_ref(seat)} takes the fragment {t.name(value)}.")
    ask_fragment(t)


def answer_give_up(t: Table, pending: Pending, option: int) -> None:
    b, seat = _between(t), pending.seat
    value = t.answer(pending, option, pending.data["values"])
    fid = pending.data["fragment"]
    if value == KEEP_HALO:
        b.picks[seat] = NO_PICK
        b.display.append(fid)
        t.say("fragment", f"{seat_ref(seat)} keeps their halo and leaves {t.name(fid)} on display.")
    else:
        gone = t.view(seat).halo.get(int(value), "")
        b.picks[seat] = f"{fid}@{value}"
        t.say("fragment", f"{seat_ref(seat)} gives up {t.name(gone)} for {t.name(fid)}.")
    ask_fragment(t)


# -- rebuilding the decks ------------------------------------------------------------------------------
def settled(t: Table, seat: int) -> SaintRecord:
    """The saint's record as Mission End leaves it (halo, deaths); the gifts come after the rebuild.
    The death drawn here is a stand-in: only whether the saint dies matters for the deck."""
    view = t.view(seat)
    base = SaintRecord(saint_id=view.saint_id, name=view.name)
    b = _between(t)
    return settle_halo(
        base, t.state, seat, t.book, Rng.from_seed(0), b.picks.get(seat, NO_PICK), b.sacrificed.get(seat, [])
    )


def begin_rebuild(t: Table) -> None:
    pub, b = t.pub, _between(t)
    b.stage = "rebuild"
    pub.pending = []
    gifts_of = {seat: kept_gifts(t.state, seat, t.book) for seat in pub.order}
    records = {seat: settled(t, seat) for seat in pub.order}
    clear_the_table(t)
    for seat in pub.order:
        gifts, record = gifts_of[seat], records[seat]
        if record.dead:
            b.dead.append(seat)
            b.table += gifts
            t.state.players[seat].kept = []
            t.say("rebuild", f"The ninth death takes {seat_ref(seat)} for good; their gifts go on the table.")
            continue
        b.needs[seat] = deck_needs(record, t.book)
        t.state.players[seat].kept = gifts
        _count(t, seat)
    living = [s for s in pub.order if s not in b.dead]
    for seat in living:
        if len(living) > 1 or b.table or _surplus(t, seat):
            pub.pending.append(_ask_rebuild(t, seat))
    t.say("rebuild", "The choir rebuilds its decks: trade gifts on the table, then say you are done.")
    if not pub.pending:
        finish(t)


def clear_the_table(t: Table) -> None:
    """The mission's cards go back to the box: each saint keeps only their saint card, fragments and
    deaths (in the halo) and gifts (held for the rebuild)."""
    for seat, view in t.pub.saints.items():
        hand = t.state.players[seat]
        hand.hand, hand.buried, hand.examined = [], [], []
        t.sec.decks[seat] = []
        view.discard = []
        view.halo = {slot: uid for slot, uid in view.halo.items() if card_id(uid) not in t.book.gifts}
    for key in t.sec.nexus_decks:
        t.sec.nexus_decks[key] = []
    t.sec.clock = []
    t.pub.holds = []
    t.pub.confront, t.pub.check, t.pub.damage, t.pub.opponents = None, None, None, []


def _ask_rebuild(t: Table, seat: int) -> Pending:
    return Pending(
        seat=seat, kind="rebuild", text=need_text(t, seat), options=[DONE], data={"fragments": fragments_held(t, seat)}
    )


def need_text(t: Table, seat: int) -> str:
    b = _between(t)
    parts = []
    for v in VIRTUE_NAMES:
        need, held = b.needs[seat].get(v, 0), b.held[seat].get(v, 0)
        if held > need:
            parts.append(f"{held - need} {v.capitalize()} over")
        elif held < need:
            parts.append(f"{need - held} {v.capitalize()} short")
    state = ", ".join(parts) if parts else "complete"
    return f"Rebuild your deck ({state}), trading on the table, then say you are done."


def offer(t: Table, seat: int, gift: str) -> None:
    kept = _rebuilding(t, seat)
    cid = _gift_id(t, gift)
    if cid not in kept:
        raise GameError(f"You do not hold {t.name(cid)}, so you cannot trade it.")
    kept.remove(cid)
    _between(t).table.append(cid)
    _count(t, seat)
    t.say("trade", f"{seat_ref(seat)} puts {t.name(cid)} ({_virtue(t, cid).capitalize()}) on the table for the choir.")


def take(t: Table, seat: int, gift: str) -> None:
    kept = _rebuilding(t, seat)
    cid = _gift_id(t, gift)
    table = _between(t).table
    if cid not in table:
        raise GameError(f"{t.name(cid)} is not on the table.")
    table.remove(cid)
    kept.append(cid)
    _count(t, seat)
    t.say("trade", f"{seat_ref(seat)} takes {t.name(cid)} from the table.")


def fragments_held(t: Table, seat: int) -> list[str]:
    """The fragments in the saint's halo as Mission End leaves it (the one just chosen included), in slot
    order; what a saint may sacrifice at will while rebuilding."""
    record = settled(t, seat)
    return [record.halo[slot] for slot in sorted(record.fragments())]


def sacrifice(t: Table, seat: int, fragment: str) -> None:
    """A saint sacrifices a fragment at will between missions (the rulebook allows any number). It goes
    back to the box; a fragment that added cards to the deck no longer asks for them."""
    b = t.pub.between
    if b is None or b.stage != "rebuild":
        raise GameError("Fragments are sacrificed at will only between missions, while the choir rebuilds its decks.")
    if not any(p.seat == seat and p.kind == "rebuild" for p in t.pub.pending):
        raise GameError("You are done rebuilding your deck, so your halo is settled for the next mission.")
    held = fragments_held(t, seat)
    wanted = fragment.split("#", 1)[0].strip()
    fid = next((f for f in held if f == wanted or t.name(f).lower() == wanted.lower()), None)
    if fid is None:
        halo = settled(t, seat).halo.values()
        if any(is_death(c) and wanted.lower() in (c, t.name(c).lower()) for c in halo):
            raise GameError("Only fragments can be sacrificed at will; a death stays in your halo.")
        raise GameError(f"{fragment} is not a fragment in your halo.")
    b.sacrificed.setdefault(seat, []).append(fid)
    b.needs[seat] = deck_needs(settled(t, seat), t.book)
    _count(t, seat)
    t.say("fragment", f"{seat_ref(seat)} sacrifices the fragment {t.name(fid)}; it goes back to the box.")


def done(t: Table, pending: Pending) -> None:
    """The saint is done: any surplus goes on the table (the gifts taken last first)."""
    seat = pending.seat
    t.answer(pending, 0, [DONE])
    kept, b = t.state.players[seat].kept, _between(t)
    for v in VIRTUE_NAMES:
        extra = b.held[seat].get(v, 0) - b.needs[seat].get(v, 0)
        for cid in [c for c in reversed(kept) if _virtue(t, c) == v][: max(extra, 0)]:
            kept.remove(cid)
            b.table.append(cid)
            t.say("trade", f"{seat_ref(seat)} puts {t.name(cid)} on the table: their deck has no room for it.")
    _count(t, seat)
    t.say("rebuild", f"{seat_ref(seat)} is done rebuilding.")
    if not any(p.kind == "rebuild" for p in t.pub.pending):
        finish(t)


def finish(t: Table) -> None:
    """Every saint is done: shortfalls from the table, then new Alpha gifts; the verdict stands."""
    from bot.games.apocrypha.mission_end import close

    pub, b = t.pub, _between(t)
    for seat in pub.order:
        if seat in b.dead:
            continue
        kept = t.state.players[seat].kept
        for v in VIRTUE_NAMES:
            short = b.needs[seat].get(v, 0) - sum(1 for c in kept if _virtue(t, c) == v)
            for cid in [c for c in b.table if _virtue(t, c) == v][: max(short, 0)]:
                b.table.remove(cid)
                kept.append(cid)
                t.say("trade", f"{seat_ref(seat)} takes {t.name(cid)} from the table for a shortfall.")
        before = len(kept)
        record = settled(t, seat)
        record.gifts = list(kept)
        kept[:] = fit_gifts(record, t.book, t.state.rng)
        b.drawn[seat] = max(0, len(kept) - before)
        if b.drawn[seat]:
            t.say("rebuild", f"{seat_ref(seat)} draws {plural(b.drawn[seat], 'new Alpha gift')} for a shortfall.")
        _count(t, seat)
    if b.table:
        t.say("rebuild", f"{plural(len(b.table), 'gift')} left on the table go back to the box.")
    b.table = []
    b.stage = "done"
    close(t, b.won)


# -- helpers -------------------------------------------------------------------------------------------
def _between(t: Table) -> Between:
    b = t.pub.between
    if b is None:
        raise GameError("The mission is not over.")
    return b


def _rebuilding(t: Table, seat: int) -> list[str]:
    b = t.pub.between
    if b is None or b.stage != "rebuild":
        raise GameError("Gifts are traded only between missions, while the choir rebuilds its decks.")
    if not any(p.seat == seat and p.kind == "rebuild" for p in t.pub.pending):
        raise GameError("You are done rebuilding your deck.")
    return t.state.players[seat].kept


def _gift_id(t: Table, gift: str) -> str:
    cid = gift.split("#", 1)[0]
    if cid not in t.book.gifts:
        found = [g for g, card in t.book.gifts.items() if card.name.lower() == gift.strip().lower()]
        if not found:
            raise GameError(f"There is no gift called {gift}.")
        cid = found[0]
    return cid


def _virtue(t: Table, cid: str) -> str:
    return t.book.gifts[cid].virtue


def _surplus(t: Table, seat: int) -> bool:
    b = _between(t)
    return any(b.held[seat].get(v, 0) > b.needs[seat].get(v, 0) for v in VIRTUE_NAMES)


def _count(t: Table, seat: int) -> None:
    """The public counts of the saint's gifts by virtue, and their question's wording, kept current."""
    b = _between(t)
    kept = t.state.players[seat].kept
    b.held[seat] = {v: sum(1 for c in kept if _virtue(t, c) == v) for v in VIRTUE_NAMES}
    for p in t.pub.pending:
        if p.seat == seat and p.kind == "rebuild":
            p.text = need_text(t, seat)
            p.data = {"fragments": fragments_held(t, seat)}  # what the saint may sacrifice (the halo is public)
