"""A hypothesis state machine playing random guided sessions (the guide acting at random too),
checking the invariants after every command."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from apoc_helpers import FIXTURES
from archetype_ledger import ArchetypeLedger
from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.engine.dice import MAX_PER_COLOUR
from bot.engine.errors import GameError
from bot.engine.events import Audience, Event
from bot.engine.seats import GUIDE
from bot.games.apocrypha import commands as c
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.rules import Apocrypha, Options, plan_matches
from bot.games.apocrypha.saints import new_record
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import Table, all_zones
from tests.games.machine_settings import machine_settings

BOOK = load_book(FIXTURES)
RULES = Apocrypha(book=BOOK)
SAINTS = sorted(BOOK.saints)
BOX = sorted([*BOOK.gifts, *BOOK.threats, *BOOK.omens])


@contextmanager
def shown_in_public() -> Iterator[set[str]]:
    """The card ids a command puts in a public place (a discard pile, a halo) while it runs, even
    when a later step of the same command hides them again (discarded, then healed into the deck)."""
    shown: set[str] = set()
    put, slot = Table.put, Table.slot

    def spy_put(self, seat, uid, place):
        if place == "discard":
            shown.add(card_id(uid))
        return put(self, seat, uid, place)

    def spy_slot(self, seat, uid, at=None):
        shown.add(card_id(uid))
        return slot(self, seat, uid, at)

    Table.put, Table.slot = spy_put, spy_slot
    try:
        yield shown
    finally:
        Table.put, Table.slot = put, slot


GUIDE_MOVES = st.one_of(
    st.builds(
        c.StackNexus,
        nexus=st.sampled_from(["motel", "squirrel_lake", "nowhere"]),
        cards=st.lists(st.sampled_from(BOX), min_size=1, max_size=3),
        bottom=st.booleans(),
    ),
    st.builds(
        c.Present,
        seat=st.integers(0, 3),
        nexus=st.sampled_from([None, "motel", "squirrel_lake"]),
        card=st.sampled_from([None, *BOX]),
    ),
    st.builds(
        c.AddMutation,
        mutation=st.sampled_from([*BOOK.mutations, "nonsense"]),
        roll=st.sampled_from([None, 1, 2, 3, 4, 5, 6]),
    ),
    st.builds(c.AdjustTarget, by=st.integers(-3, 3)),
    st.builds(c.Delay, n=st.integers(1, 2)),
    st.builds(c.AllowReset),
    st.builds(
        c.GiveFragment,
        seat=st.integers(0, 3),
        fragment=st.sampled_from([None, *BOOK.fragments, "the_playground"]),
        name=st.sampled_from([None, "The Lantern", "The Dock"]),
    ),
    st.builds(
        c.StackClock,
        random_omens=st.integers(0, 2),
        cards=st.lists(st.sampled_from(BOX), max_size=1),
        after_turns=st.integers(0, 3),
    ),
    st.builds(c.SetDice, values=st.lists(st.integers(1, 6), min_size=1, max_size=4)),
    st.builds(c.RevealNexus, nexus=st.sampled_from(["motel", "squirrel_lake"])),
    st.builds(c.PlaceSaints, nexus=st.sampled_from(["motel", "squirrel_lake"])),
    st.builds(
        c.OrientNexus,
        nexus=st.sampled_from(["motel", "squirrel_lake"]),
        side=st.sampled_from(["hope", "doom"]),
    ),
    st.builds(c.PrepareNexus, name=st.sampled_from(["Diner", "Bridge"]), reveal=st.booleans()),
    st.builds(c.EndActiveTurn),
    st.builds(c.EndMission, won=st.booleans()),
)


class GuidedSession(RuleBasedStateMachine):
    @initialize(seed=st.integers(0, 2**32), n=st.integers(1, 3), mission=st.booleans(), coop=st.booleans())
    def setup(self, seed: int, n: int, mission: bool, coop: bool) -> None:
        self.records = {i: new_record(SAINTS[i], BOOK) for i in range(n)}
        if coop:
            options = Options(mode="coop", saints=self.records)  # the first co-op mission
            out = RULES.setup(options, n, seed, {})
        else:
            options = Options(
                mode="guided", mission="taking_the_plunge" if mission else None, saints=self.records
            )
            out = RULES.setup(options, n, seed, {"guide": True})
        self.state = out.state
        # Co-op: every archetype stays somewhere until beaten, counted once (archetype_ledger.py).
        self.ledger = ArchetypeLedger(self.state, RULES.book) if coop else None
        start = self.state.model_copy(deep=True)
        if coop:
            start.players[0].hand.pop()  # the first turn's clock card is not part of the deck
        for seat, record in self.records.items():
            assert plan_matches(start, BOOK, seat, record), "a saint's deck does not match their virtues"
        self.seen_public: set[str] = set()
        self.note_public()
        self.check_events(out.events, self.hidden_uids(), set(), set())
        if coop:
            return
        if not mission:
            self.apply(GUIDE, c.PrepareNexus(nexus="motel", reveal=True))
            self.apply(GUIDE, c.StackClock(random_omens=6))
        self.apply(GUIDE, c.RevealNexus(nexus="motel"))
        self.apply(GUIDE, c.PlaceSaints(nexus="motel"))

    # -- driving ---------------------------------------------------------------------
    def apply(self, actor: int, cmd) -> bool:
        before = self.state.model_dump_json()
        hidden_before = self.hidden_uids()
        try:
            with shown_in_public() as shown:
                out = RULES.apply(self.state, actor, cmd)
        except GameError as exc:
            assert self.state.model_dump_json() == before, "a refused command changed the state"
            assert exc.message and exc.message[-1] in ".?", exc.message
            return False
        self.state = out.state
        if self.ledger is not None:
            self.ledger.after(self.state, out.events)
        self.note_public()
        # The card a saint plays is shown to the table, wherever its cost sends it.
        played = {getattr(cmd, "card", None), getattr(cmd, "omen", None)} - {None}
        self.check_events(out.events, hidden_before, {card_id(u) for u in played}, shown)
        # A command that ended the mission (a lone co-op saint's End Turn can) refills no hand.
        mission_on = self.state.public.verdict() is None
        if isinstance(cmd, (c.EndTurn, c.ResetHand, c.AllowReset)) and mission_on:
            seats = (
                [actor] if isinstance(cmd, (c.EndTurn, c.ResetHand)) else (cmd.seats or list(self.records))
            )
            for seat in seats:
                view = self.state.public.saints[seat]
                held = len(self.state.players[seat].hand)
                if (
                    self.state.public.mode == "coop"
                    and self.state.public.active == seat
                    and held > view.hand_size
                ):
                    held -= 1  # a solo saint's next turn has already handed them its clock card
                assert held == view.hand_size or (held < view.hand_size and view.fading), (
                    "hand size after reset"
                )
        return True

    @rule(data=st.data())
    def saint_acts(self, data) -> None:
        self.saint_turn(data)

    @rule(data=st.data())
    def saint_acts_more(self, data) -> None:
        # Saints act more often than the guide improvises, so turns get somewhere.
        for _ in range(3):
            self.saint_turn(data)

    def saint_turn(self, data) -> None:
        waiting = [s for s in RULES.waiting_for(self.state) if s in self.records]
        seat = data.draw(st.sampled_from(waiting or sorted(self.records)))
        actions = RULES.legal_actions(self.state, seat)
        if actions:
            cmd = data.draw(st.sampled_from(actions))
            if isinstance(cmd, c.Play):
                hand = self.state.players[seat].hand
                cmd = cmd.model_copy(
                    update={
                        "cards": hand[:2],
                        "dice": [0],
                        "amount": 1,
                        "target": data.draw(st.sampled_from(sorted(self.records))),
                    }
                )
            self.apply(seat, cmd)

    @rule(data=st.data())
    def guide_legal(self, data) -> None:
        actions = [
            a
            for a in RULES.legal_actions(self.state, GUIDE)
            if not isinstance(a, (c.EndMission, c.EndActiveTurn))
        ]
        if actions:
            self.apply(GUIDE, data.draw(st.sampled_from(actions)))

    @rule(cmd=GUIDE_MOVES)
    def guide_improvises(self, cmd) -> None:
        self.apply(GUIDE, cmd)

    @rule(
        seat=st.integers(-2, 4),
        cmd=st.sampled_from([c.Next(), c.Roll(), c.Keep(), c.EndTurn(), c.Seal(), c.Answer()]),
    )
    def anyone_tries(self, seat: int, cmd) -> None:
        self.apply(seat, cmd)

    # -- invariants ----------------------------------------------------------------------
    def hidden_uids(self) -> set[str]:
        hidden = set()
        for where, uid in all_zones(self.state):
            if where.startswith(("deck", "nexus", "clock", "hand", "bury")):
                hidden.add(uid)
        return hidden

    def note_public(self) -> None:
        text = self.state.public.model_dump_json()
        for _, uid in all_zones(self.state):
            if uid in text:
                self.seen_public.add(card_id(uid))

    def check_events(self, events, hidden_before: set[str], played: set[str], shown: set[str]) -> None:
        """No public event names a card whose every copy stayed hidden through this command
        (a card that was played, flipped or discarded may be named; one still in a deck may not).
        `shown`: the card ids the command put in public on the way (shown_in_public)."""
        still = self.hidden_uids()
        revealed = {card_id(u) for u in hidden_before - still} | played | shown
        hidden = {card_id(u) for u in still} - self.seen_public - revealed
        names = {RULES.book.card(cid).name: cid for cid in hidden if RULES.book.kind_of(cid)}
        for event in events:
            if event.audience is not Audience.PUBLIC:
                continue
            for name, cid in names.items():
                assert name not in event.text, f"hidden card {cid} named in public: {event.text}"

    @invariant()
    def no_card_in_two_places(self) -> None:
        uids = [u for _, u in all_zones(self.state)]
        assert len(uids) == len(set(uids)), "a card is in two places"

    @invariant()
    def dice_caps(self) -> None:
        check = self.state.public.check
        if check is not None and check.pool is not None:
            for colour in ("body", "mind", "rage", "soul", "bonus"):
                assert check.pool.count(colour) <= MAX_PER_COLOUR

    @invariant()
    def nothing_hidden_in_public_state(self) -> None:
        text = json.dumps(self.state.public.model_dump(mode="json"))
        for uid in self.hidden_uids():
            assert uid not in text, f"{uid} is hidden but in the public state"

    @invariant()
    def counts_match(self) -> None:
        pub = self.state.public
        for seat, view in pub.saints.items():
            assert view.hand_count == len(self.state.players[seat].hand)
            assert view.deck_count == len(self.state.secret.decks[seat])
        assert pub.clock_count == len(self.state.secret.clock)


GuidedSession.TestCase.settings = machine_settings(
    max_examples=80,
    stateful_step_count=40,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
TestGuidedSession = GuidedSession.TestCase


def test_check_events_still_catches_a_card_that_stayed_hidden():
    """The checker itself: a public event naming a deck card fails, unless the command showed it."""
    machine = GuidedSession()
    machine.setup(seed=26617085, n=1, mission=False, coop=True)
    deck = machine.state.secret.decks[0]
    uid = next(u for u in deck if card_id(u) not in machine.seen_public)
    leak = [Event.public("leak", f"The top of the deck is {BOOK.card(card_id(uid)).name}.")]
    with pytest.raises(AssertionError, match=f"hidden card {card_id(uid)} named in public"):
        machine.check_events(leak, machine.hidden_uids(), set(), set())
    # Discarded and healed back within one command: the card was shown, so it may be named.
    t = Table(machine.state, BOOK)
    with shown_in_public() as shown:
        deck.remove(uid)
        t.put(0, uid, "discard")
        t.view(0).discard.remove(uid)
        t.put(0, uid, "shuffle")
    assert shown == {card_id(uid)} and uid in deck
    machine.check_events(leak, machine.hidden_uids(), set(), shown)
