"""The table: one command's working view of the state, with the moves every rule is built from.

`Table` wraps a (copied) state, the card book and the event list, and knows
where every card is: drawing, discarding, slotting, the box, table positions,
and the halo's directions. Rules modules call these instead of poking lists.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Any

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.prng import Rng
from bot.engine.seats import seat_ref
from bot.games.apocrypha import archetypes, chapters
from bot.games.apocrypha.cards import COST_HIERARCHY, CardBook, Fragment, Gift, Omen, Saint, Threat
from bot.games.apocrypha.state import (
    BOTTOM_ROW,
    LEFT_COLUMN,
    RIGHT_COLUMN,
    SAINT_SLOT,
    TOP_ROW,
    ApocryphaState,
    ClockCard,
    SaintView,
    card_id,
    is_copy,
)

KIND_OF_BOOK = {
    "gifts": "gift",
    "threats": "threat",
    "omens": "omen",
    "fragments": "fragment",
    "deaths": "death",
    "mutations": "mutation",
}


PLACE_WORDS = {
    "sacrifice": "back to the box",
    "bury": "to their bury pile",
    "discard": "to their discard pile",
    "recycle": "to the bottom of their deck",
    "shuffle": "into their deck, shuffled",
    "reload": "to the top of their deck",
}


class ForcedRng(Rng):
    """The state's generator, except that d6 rolls take the guide's chosen results first."""

    forced: list[int] = []

    def randbelow(self, n: int) -> int:
        if n == 6 and self.forced:
            return self.forced.pop(0) - 1
        return super().randbelow(n)


def all_zones(state: ApocryphaState) -> Iterator[tuple[str, str]]:
    """Every card instance in play and where it is."""
    for seat, deck in state.secret.decks.items():
        for uid in deck:
            yield f"deck {seat}", uid
    for key, deck in state.secret.nexus_decks.items():
        for uid in deck:
            yield f"nexus {key}", uid
    for entry in state.secret.clock:
        yield "clock", entry.card
    for seat, hand in state.players.items():
        for uid in hand.hand:
            yield f"hand {seat}", uid
        for uid in hand.buried:
            yield f"bury {seat}", uid
    for seat, view in state.public.saints.items():
        for uid in view.discard:
            yield f"discard {seat}", uid
        for uid in view.halo.values():
            yield f"halo {seat}", uid
    if state.public.confront is not None:
        yield "confront", state.public.confront.card
    for waiting in state.public.opponents:
        yield "confront", waiting.card


class Table:
    def __init__(self, state: ApocryphaState, book: CardBook, events: list[Event] | None = None) -> None:
        self.state = state
        self.book = book
        self.events: list[Event] = events if events is not None else []
        self.pub = state.public
        self.sec = state.secret

    # -- events -------------------------------------------------------------------
    def say(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event.public(kind, text, **data))

    def tell(self, seat: int, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event.private(seat, kind, text, **data))

    def answer(self, pending: Any, option: int, choices: list[Any]) -> Any:
        """The choice a pending question's answer names; the question is then settled."""
        if not 0 <= option < len(choices):
            raise GameError(f"Pick an option from 1 to {len(choices)}.")
        self.pub.pending.remove(pending)
        return choices[option]

    def tell_guide(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event.guide(kind, text, **data))

    # -- cards --------------------------------------------------------------------
    def card(self, uid: str) -> Any:
        cid = card_id(uid)
        if self.book.kind_of(cid):
            return self.book.card(cid)
        mission = self.book.missions.get(self.pub.mission or "")
        if mission:
            for frag in mission.fragments:
                if frag.id == cid:
                    return frag
        if cid in self.pub.fragments_given:
            info = self.pub.fragments_given[cid]
            return Fragment(id=cid, name=info["name"], text=info.get("text", ""), fleeting=False)
        if archetypes.is_archetype(cid):
            return archetypes.card(cid)
        raise GameError(f"There is no card called {cid}.")

    def kind(self, uid: str) -> str:
        cid = card_id(uid)
        book_kind = self.book.kind_of(cid)
        if book_kind:
            return KIND_OF_BOOK.get(book_kind, book_kind)
        return "archetype" if archetypes.is_archetype(cid) else "fragment"

    def name(self, uid: str) -> str:
        if uid == "saint":
            return "saint power"
        return self.card(uid).name

    def in_play(self, cid: str) -> int:
        return self.out_of_box().get(cid, 0)

    def out_of_box(self, held: Iterable[str] = ()) -> Counter[str]:
        """How many copies of each card are out of the box: every instance in play, plus `held`, the
        cards a build has taken out already but not yet laid down (House rule 35). A power's copy
        (copies.py) is no box card and takes nothing from it."""
        uids = {uid for _, uid in all_zones(self.state)}
        uids.update(held)
        return Counter(card_id(u) for u in uids if not is_copy(u))

    def box_has(self, cid: str, held: Iterable[str] = ()) -> bool:
        try:
            card = self.book.card(cid)
        except KeyError:
            return False
        return self.out_of_box(held).get(cid, 0) < card.copies

    def new_instance(self, cid: str, held: Iterable[str] = ()) -> str:
        """Take a copy of a card out of the box (`held`: cards this build has already taken)."""
        if not self.box_has(cid, held):
            name = self.book.card(cid).name if self.book.kind_of(cid) else cid.replace("_", " ")
            raise GameError(f"There is no {name} left in the box.")
        n = self.sec.next_copy.get(cid, 0) + 1
        self.sec.next_copy[cid] = n
        return f"{cid}#{n}"

    def box_left(
        self, kind: str, virtue: str | None = None, keyword: str | None = None, held: Iterable[str] = ()
    ) -> dict[str, int]:
        """Card id -> copies left in the box, for the cards of a kind that have any left (optionally of
        a virtue or with a keyword), among those the mission's chapter lets in."""
        table = {"gift": self.book.gifts, "omen": self.book.omens, "threat": self.book.threats}.get(kind)
        if table is None:
            table = {"fragment": self.book.fragments, "mutation": self.book.mutations}[kind]
        used = self.out_of_box(held)
        out: dict[str, int] = {}
        replaced = chapters.enhanced(self.book, self.pub.chapter)
        for cid, card in sorted(table.items()):
            left = card.copies - used.get(cid, 0)
            if left <= 0 or not chapters.in_box(self, card, replaced):
                continue
            if virtue and getattr(card, "virtue", None) != virtue:
                continue
            if keyword and not (hasattr(card, "keywords") and card.keywords.has(keyword)):
                continue
            if kind == "threat" and card.rank != "threat":
                continue
            if kind == "fragment" and not card.fleeting:
                continue
            out[cid] = left
        return out

    def box_cards(self, kind: str, virtue: str | None = None, keyword: str | None = None) -> list[str]:
        """Card ids of a kind with a copy left in the box (optionally of a virtue or with a keyword)."""
        return list(self.box_left(kind, virtue, keyword))

    def draw_box(self, left: dict[str, int], held: Iterable[str] = ()) -> str | None:
        """A random card from the box's pile of `left` (card id -> copies left): every physical copy
        is as likely as any other, so a card with two copies left comes twice as often."""
        total = sum(left.values())
        if total <= 0:
            return None
        pick = self.state.rng.randbelow(total)
        for cid, n in left.items():
            if pick < n:
                return self.new_instance(cid, held)
            pick -= n
        raise AssertionError("unreachable: the pick is below the total")

    def random_new(
        self, kind: str, virtue: str | None = None, keyword: str | None = None, held: Iterable[str] = ()
    ) -> str | None:
        held = list(held)
        return self.draw_box(self.box_left(kind, virtue, keyword, held), held)

    def has_keyword(self, uid: str, word: str) -> bool:
        card = self.card(uid)
        return hasattr(card, "keywords") and card.keywords.has(word)

    def virtue_of(self, uid: str) -> str | None:
        card = self.card(uid)
        return card.virtue if isinstance(card, Gift) else None

    # -- saints -------------------------------------------------------------------
    def saint(self, seat: int) -> Saint:
        return self.book.saints[self.view(seat).saint_id]

    def view(self, seat: int) -> SaintView:
        if seat not in self.pub.saints:
            raise GameError("You are not playing a saint in this game.")
        return self.pub.saints[seat]

    def hand(self, seat: int) -> list[str]:
        return self.state.players[seat].hand

    def deck(self, seat: int) -> list[str]:
        return self.sec.decks[seat]

    def skill(self, seat: int, name: str) -> int:
        return self.saint(seat).skills.get(name, 0) + self.view(seat).skill_bonus.get(name, 0)

    def sync(self) -> None:
        for seat, view in self.pub.saints.items():
            view.hand_count = len(self.state.players[seat].hand)
            view.deck_count = len(self.sec.decks[seat])
            view.bury_count = len(self.state.players[seat].buried)
        for key, nexus in self.pub.nexuses.items():
            nexus.count = len(self.sec.nexus_decks.get(key, []))
        self.pub.clock_count = len(self.sec.clock)

    def fade(self, seat: int) -> None:
        view = self.view(seat)
        if not view.fading:
            view.fading = True
            self.say("fade", f"{seat_ref(seat)} ({view.name}) has run out of cards and is fading.")

    def draw(self, seat: int, n: int = 1) -> list[str]:
        drawn = []
        for _ in range(n):
            deck = self.deck(seat)
            if not deck:
                self.fade(seat)
                break
            uid = deck.pop(0)
            self.hand(seat).append(uid)
            drawn.append(uid)
        if drawn:
            self.tell(seat, "draw", "You draw " + ", ".join(self.name(u) for u in drawn) + ".")
        return drawn

    def take_from_hand(self, seat: int, uid: str) -> None:
        hand = self.hand(seat)
        if uid not in hand:
            raise GameError("That card is not in your hand.")
        hand.remove(uid)

    def put(self, seat: int, uid: str, place: str) -> None:
        """Put a card (already taken from where it was) in one of a saint's places, or the box."""
        if place == "sacrifice":
            return
        if place == "bury":
            self.state.players[seat].buried.append(uid)
        elif place == "discard":
            self.view(seat).discard.append(uid)
        elif place == "recycle":
            self.deck(seat).append(uid)
        elif place == "shuffle":
            self.deck(seat).append(uid)
            self.state.rng.shuffle(self.deck(seat))
        elif place == "reload":
            self.deck(seat).insert(0, uid)
        elif place == "hand":
            self.hand(seat).append(uid)
        else:
            raise ValueError(place)

    def put_back(self, seat: int, uid: str, place: str) -> None:
        """As `put`, but a card that belongs to no saint (a threat, a death) goes back to the box."""
        if self.kind(uid) in ("gift", "omen"):
            self.put(seat, uid, place)

    # -- halo ---------------------------------------------------------------------
    def free_slot(self, seat: int) -> int | None:
        """The first empty halo slot touching the saint or a filled slot."""
        halo = self.view(seat).halo
        filled = set(halo) | {SAINT_SLOT}
        for slot in (1, 3, 5, 7, 0, 2, 6, 8):
            if slot in halo:
                continue
            r, c = divmod(slot, 3)
            neighbours = {
                (r + dr) * 3 + (c + dc)
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 0 <= r + dr < 3 and 0 <= c + dc < 3
            }
            if neighbours & filled:
                return slot
        return None

    def slot(self, seat: int, uid: str, slot: int | None = None) -> int:
        halo = self.view(seat).halo
        if slot is None:
            slot = self.free_slot(seat)
            if slot is None:
                raise GameError("Your halo has no free slot.")
        if slot == SAINT_SLOT or not 0 <= slot < 9:
            raise GameError("Halo slots are 0-8 around the saint in the middle (4).")
        if slot in halo:
            raise GameError(f"Halo slot {slot} is already taken.")
        halo[slot] = uid
        return slot

    def own_halo(self, seat: int) -> list[str]:
        """The saint's slotted cards whose powers are theirs: a confronted card the Wickety Wack
        Sack holds waits in the halo but is not theirs (House rule 21)."""
        held = {h.card for h in self.pub.holds if h.seat == seat}
        return [u for u in self.view(seat).halo.values() if u not in held]

    def halo_slot_of(self, seat: int, uid: str) -> int | None:
        for slot, held in self.view(seat).halo.items():
            if held == uid:
                return slot
        return None

    # -- table positions ------------------------------------------------------------
    def left_of(self, seat: int) -> int:
        order = self.pub.order
        return order[(order.index(seat) + 1) % len(order)]

    def right_of(self, seat: int) -> int:
        order = self.pub.order
        return order[(order.index(seat) - 1) % len(order)]

    def together(self, a: int, b: int) -> bool:
        na, nb = self.view(a).nexus, self.view(b).nexus
        return na is not None and na == nb

    def at_nexus(self, seat: int) -> list[int]:
        """The other saints at this saint's nexus."""
        return [s for s in self.pub.order if s != seat and self.together(s, seat)]

    def reaches(self, seat: int, direction: str, other: int) -> bool:
        """Whether a virtue or halo slot pointing `direction` from `seat` reaches `other`."""
        if self.pub.start_count == 1:
            return other == seat
        if direction == "top":
            return other != seat and self.together(seat, other)
        if direction == "left":
            return other != seat and other == self.left_of(seat)
        if direction == "right":
            return other != seat and other == self.right_of(seat)
        return other == seat

    def can_assist(self, helper: int, target: int, virtue: str) -> bool:
        saint = self.saint(helper)
        if self.pub.start_count == 1:
            return helper == target
        position = next(v.position for v in saint.virtues if v.virtue == virtue)
        return self.reaches(helper, position, target)

    def halo_reaches(self, seat: int, slot: int, other: int) -> bool:
        if self.pub.start_count == 1:
            return other == seat
        directions = []
        if slot in TOP_ROW:
            directions.append("top")
        if slot in LEFT_COLUMN:
            directions.append("left")
        if slot in RIGHT_COLUMN:
            directions.append("right")
        if slot in BOTTOM_ROW:
            directions.append("bottom")
        return any(self.reaches(seat, d, other) for d in directions)

    # -- clock and nexuses -------------------------------------------------------------
    def clock_draw(self, seat: int) -> str | None:
        """Hand the saint the top clock card; None (a time out) when the clock is empty."""
        if not self.sec.clock:
            return None
        entry = self.sec.clock.pop(0)
        uid = entry.card
        kind = self.kind(uid)
        if kind == "omen":
            self.hand(seat).append(uid)
            if self.pub.coop is not None and self.pub.coop.clock_short > 0:
                self.sec.clock_turned.append(uid)  # House rule 37 may bring it back
            self.tell(seat, "clock", f"From the clock you draw {self.name(uid)}.")
            self.say("clock", f"{seat_ref(seat)} draws from the clock ({len(self.sec.clock)} left).")
        elif kind == "archetype":
            from bot.games.apocrypha.coop import confront_from_clock

            confront_from_clock(self, seat, uid)
        else:
            # A gift or threat waiting in the clock: the saint confronts it now.
            self.say("clock", f"{seat_ref(seat)} draws {self.name(uid)} from the clock and must confront it.")
            from bot.games.apocrypha.investigate import begin_confront

            begin_confront(self, seat, uid, origin=None)
        return uid

    def clock_sacrifice(self, n: int) -> int:
        gone = 0
        for _ in range(n):
            if not self.sec.clock:
                break
            self.sec.clock.pop(0)
            gone += 1
        return gone

    def clock_add(self, uids: list[str], after_turns: int = 0, bottom: bool = False) -> None:
        entries = [ClockCard(card=u, after_turns=after_turns) for u in uids]
        if bottom:
            self.sec.clock.extend(entries)
        else:
            self.sec.clock[0:0] = entries

    def nexus_key(self, key: str) -> str:
        if key not in self.pub.nexuses and key not in self.sec.hidden_nexuses:
            raise GameError(f"There is no nexus called {key}.")
        return key

    def cost_place(self, base: str, shift: int) -> str:
        """A cost moved `shift` places down the hierarchy (lowered) or up (raised), clamped."""
        if base not in COST_HIERARCHY:
            return base
        i = COST_HIERARCHY.index(base) + shift
        return COST_HIERARCHY[max(0, min(len(COST_HIERARCHY) - 1, i))]

    def is_omen(self, uid: str) -> bool:
        return isinstance(self.card(uid), Omen)

    def is_threat(self, uid: str) -> bool:
        return isinstance(self.card(uid), Threat)
