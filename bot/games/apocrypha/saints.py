"""Persistent saints, the pure side: the record the Discord layer stores per (server, user), the
mission deck built from it, and Mission End (fragments, deaths, the eight-card halo limit, kept
gifts, the deck rebuilt with new Alpha gifts, and a ninth death that ends the saint)."""

from __future__ import annotations

from pydantic import BaseModel

from bot.engine.prng import Rng
from bot.games.apocrypha.cards import VIRTUE_NAMES, CardBook
from bot.games.apocrypha.state import SAINT_SLOT, ApocryphaState, card_id

HALO_LIMIT = 8  # fragments and deaths together
DEATH_LIMIT = 9  # the ninth death kills the saint for good
DEATH_ID = "death"


class SaintRecord(BaseModel):
    saint_id: str
    name: str
    halo: dict[int, str] = {}  # slot (0-8, not 4) -> fragment or death card id
    custom: dict[str, dict[str, str]] = {}  # fragments written by a guide: id -> {name, text}
    missions: int = 0
    gifts: list[str] = []  # the gift ids in the saint's deck
    dead: bool = False
    pencil: dict[str, dict[str, int]] = {}  # chapter id -> its divider's marks as this saint's choir left them

    def deaths(self) -> int:
        return sum(1 for cid in self.halo.values() if is_death(cid))

    def fragments(self) -> list[int]:
        return [slot for slot, cid in self.halo.items() if not is_death(cid)]


def is_death(cid: str) -> bool:
    """Death cards have ids `death` or `death_<something>` (the data keeps to that)."""
    return cid == DEATH_ID or cid.startswith("death_")


def new_record(saint_id: str, book: CardBook, rng: Rng | None = None) -> SaintRecord:
    saint = book.saints[saint_id]
    record = SaintRecord(saint_id=saint_id, name=saint.name, gifts=list(saint.alpha_gifts))
    record.gifts = fit_gifts(record, book, rng or Rng.from_seed(0))
    return record


def deck_plan(record: SaintRecord, book: CardBook) -> dict[str, int]:
    """How many gifts of each virtue and how many omens the saint's deck holds at mission start."""
    saint = book.saints[record.saint_id]
    plan = {v: saint.value(v) for v in VIRTUE_NAMES}
    plan["omen"] = saint.omens
    for cid in record.halo.values():
        fragment = book.fragments.get(cid)
        if fragment is not None:
            for kind, n in fragment.deck.items():
                plan[kind] = plan.get(kind, 0) + n
    return plan


def fit_gifts(record: SaintRecord, book: CardBook, rng: Rng) -> list[str]:
    """The record's gifts trimmed to the plan; each missing gift is a new Alpha gift of that virtue."""
    plan = deck_plan(record, book)
    saint = book.saints[record.saint_id]
    out: list[str] = []
    for virtue in VIRTUE_NAMES:
        have = [g for g in record.gifts if g in book.gifts and book.gifts[g].virtue == virtue][: plan[virtue]]
        wanted = [g for g in saint.alpha_gifts if book.gifts[g].virtue == virtue and g not in have]
        alphas = sorted(g for g, c in book.gifts.items() if c.alpha and c.virtue == virtue)
        anything = sorted(g for g, c in book.gifts.items() if c.virtue == virtue)
        while len(have) < plan[virtue]:
            if wanted:
                have.append(wanted.pop(0))
            elif alphas or anything:
                have.append(rng.choice(alphas or anything))
            else:
                break
        out += have
    return out


def draw_death(book: CardBook, rng: Rng) -> str:
    """A random death from the box, weighted by copies (the generic `death` if the box has none)."""
    pile = [d for d, card in sorted(book.deaths.items()) for _ in range(card.copies)]
    return rng.choice(pile) if pile else DEATH_ID


def slot_death(record: SaintRecord, death: str = DEATH_ID) -> None:
    """Slot one death; the ninth kills the saint, who loses all gifts, deaths and fragments."""
    if record.deaths() + 1 >= DEATH_LIMIT:
        record.dead = True
        record.halo = {}
        record.gifts = []
        return
    free = free_slot(record)
    if free is None:
        # Make room: a fragment gives way to the death.
        free = record.fragments()[0]
        record.halo.pop(free)
    record.halo[free] = death


def free_slot(record: SaintRecord) -> int | None:
    filled = set(record.halo) | {SAINT_SLOT}
    for slot in (1, 3, 5, 7, 0, 2, 6, 8):
        if slot in record.halo:
            continue
        r, c = divmod(slot, 3)
        near = {
            (r + dr) * 3 + (c + dc)
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
            if 0 <= r + dr < 3 and 0 <= c + dc < 3
        }
        if near & filled:
            return slot
    return None


def enforce_limit(record: SaintRecord) -> list[str]:
    """Sacrifice fragments (earliest slots first) until fragments and deaths are at most eight."""
    gone = []
    while len(record.halo) > HALO_LIMIT and record.fragments():
        slot = record.fragments()[0]
        gone.append(record.halo.pop(slot))
    return gone


def fragment_display(state: ApocryphaState, book: CardBook, rng: Rng) -> tuple[list[str], list[int]]:
    """After a won mission: the fragments on display and the order saints choose in
    (the saint who took the last turn first, then to the left)."""
    pub = state.public
    mission = book.missions.get(pub.mission or "")
    held = {card_id(u) for view in pub.saints.values() for u in view.halo.values()}
    display = [mission.back_fragment] if mission and mission.back_fragment else []
    display += [f.id for f in mission.fragments] if mission else []
    display = [f for f in display if f not in held]
    fleeting = sorted(f for f, c in book.fragments.items() if c.fleeting and f not in display and f not in held)
    display += rng.sample(fleeting, min(len(pub.order), len(fleeting)))
    last = next((s for s in (pub.active, pub.last_active) if s is not None), pub.order[0] if pub.order else 0)
    start = pub.order.index(last) if last in pub.order else 0
    order = pub.order[start:] + pub.order[:start]
    return display, order


NO_PICK = "-"


def parse_pick(pick: str) -> tuple[str | None, bool, int | None]:
    """A Mission End fragment choice as stored: "-" (none), "fid", "trade:fid" (given up to avoid the
    death) or "fid@slot" (a full halo gives up that slot for it) -> (fragment, trade, give_up)."""
    head, _, slot = pick.partition("@")
    fragment = None if head == NO_PICK else head.removeprefix("trade:")
    return fragment, head.startswith("trade:"), int(slot) if slot.isdigit() else None


def kept_gifts(state: ApocryphaState, seat: int, book: CardBook) -> list[str]:
    """The gift ids a saint still has when the mission ends: slotted, in hand, buried, deck, discard."""
    view = state.public.saints[seat]
    hand = state.players[seat]
    zones = [*view.halo.values(), *hand.hand, *hand.buried, *state.secret.decks.get(seat, []), *view.discard]
    return [card_id(u) for u in zones if card_id(u) in book.gifts]


def settle_halo(
    record: SaintRecord,
    state: ApocryphaState,
    seat: int,
    book: CardBook,
    rng: Rng,
    pick: str = NO_PICK,
    sacrificed: list[str] | None = None,
) -> SaintRecord:
    """The record's halo after Mission End: the fragments and deaths kept, the fragment chosen from the
    display (slotted, or traded for the death), the death slotted, the eight-card limit, then the
    fragments the saint sacrificed at will between missions. Gifts untouched."""
    fragment, trade_for_death, give_up = parse_pick(pick)
    rec = record.model_copy(deep=True)
    view = state.public.saints[seat]
    rec.missions += 1
    if state.public.chapter:
        rec.pencil[state.public.chapter] = dict(state.public.pencil)
    # The halo keeps fragments and deaths; slotted gifts return to the deck, anything else to the box.
    rec.halo = kept_halo(state, seat, book)
    for cid in rec.halo.values():
        if cid in state.public.fragments_given:
            rec.custom[cid] = dict(state.public.fragments_given[cid])
    death = bool(view.mission_deaths)
    if fragment is not None:
        if death and trade_for_death and view.fading:
            death = False
        else:
            slot = free_slot(rec)
            if slot is None and rec.fragments():
                # A full halo gives up the fragment the saint chose (the earliest if none), never the new one.
                slot = give_up if give_up in rec.fragments() else min(rec.fragments())
            if slot is not None:
                rec.halo[slot] = fragment
    if death:
        slot_death(rec, draw_death(book, rng))
    if not rec.dead:
        enforce_limit(rec)
    for fid in sacrificed or []:
        slot = next((s for s in sorted(rec.fragments()) if rec.halo[s] == fid), None)
        if slot is not None:
            rec.halo.pop(slot)
    return rec


def deck_needs(record: SaintRecord, book: CardBook) -> dict[str, int]:
    """How many gifts of each virtue the record's next deck takes (nothing for a dead saint)."""
    plan = deck_plan(record, book)
    return {} if record.dead else {v: plan[v] for v in VIRTUE_NAMES}


def after_mission(
    record: SaintRecord,
    state: ApocryphaState,
    seat: int,
    book: CardBook,
    rng: Rng,
    pick: str = NO_PICK,
    gifts: list[str] | None = None,
    sacrificed: list[str] | None = None,
) -> SaintRecord:
    """The saint's record after Mission End.

    pick: the saint's choice from the fragment display (see parse_pick).
    gifts: the deck the choir rebuilt for the saint between missions; without it, the gifts the
    saint kept, trimmed to the deck and filled with new Alpha gifts.
    sacrificed: the fragments the saint sacrificed at will between missions.
    """
    rec = settle_halo(record, state, seat, book, rng, pick, sacrificed)
    if rec.dead:
        return rec
    rec.gifts = list(gifts) if gifts is not None else kept_gifts(state, seat, book)
    rec.gifts = fit_gifts(rec, book, rng)
    return rec


def kept_halo(state: ApocryphaState, seat: int, book: CardBook) -> dict[int, str]:
    """The fragments and deaths (slot -> card id) the saint's halo keeps after the mission."""
    kept = {}
    for slot, uid in state.public.saints[seat].halo.items():
        cid = card_id(uid)
        if cid in book.gifts:
            continue
        if cid in book.fragments or cid in book.deaths or cid.startswith("custom_") or _mission_fragment(state, book, cid):
            kept[slot] = cid
    return kept


def fragments_to_give_up(state: ApocryphaState, seat: int, book: CardBook) -> dict[int, str]:
    """A full halo at Mission End: the fragments (slot -> card id) the saint may give up for a new
    one; empty when a new fragment fits."""
    rec = SaintRecord(saint_id="", name="", halo=kept_halo(state, seat, book))
    if free_slot(rec) is not None:
        return {}
    return {slot: rec.halo[slot] for slot in sorted(rec.fragments())}


def _mission_fragment(state: ApocryphaState, book: CardBook, cid: str) -> bool:
    mission = book.missions.get(state.public.mission or "")
    return bool(mission and any(f.id == cid for f in mission.fragments))
