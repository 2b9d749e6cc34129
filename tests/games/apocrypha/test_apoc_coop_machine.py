"""A hypothesis state machine: random games of every co-op mission for 1-6 saints, played
with the legal actions to their end, Mission End and the rebuild between missions included (every
offered action is accepted), checking after every command that no card is in two places, the clock
is never negative, no archetype's place is ever public before it is flipped, every archetype stays
somewhere until it is beaten and is counted once (archetype_ledger.py), a copy exists only while it
is confronted, and nexus decks hold only base cards and the mission's chapter's."""

from __future__ import annotations

from archetype_ledger import ArchetypeLedger
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from bot.engine.errors import GameError
from bot.engine.events import Audience
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.rules import Apocrypha, Options
from bot.games.apocrypha.table import all_zones
from tests.games.machine_settings import machine_settings

BOOK = load_book()
RULES = Apocrypha(book=BOOK)


class CoopGame(RuleBasedStateMachine):
    @initialize(
        seed=st.integers(0, 2**32),
        saints=st.integers(1, 6),
        mission=st.sampled_from(sorted(k for k, m in BOOK.missions.items() if m.mode == "coop")),
    )
    def setup(self, seed: int, saints: int, mission: str) -> None:
        self.rules = RULES
        out = self.rules.setup(Options(mode="coop", mission=mission), saints, seed, {})
        self.state = out.state
        self.public_text = "\n".join(e.text for e in out.events if e.audience is Audience.PUBLIC)
        self.flipped: set[str] = set()
        self.ledger = ArchetypeLedger(self.state, BOOK)

    def running(self) -> bool:
        return self.rules.result(self.state) is None

    @precondition(lambda self: self.running())
    @rule(data=st.data())
    def act(self, data) -> None:
        waiting = self.rules.waiting_for(self.state)
        seat = waiting[0] if waiting else self.state.public.active
        actions = self.rules.legal_actions(self.state, seat)
        assert actions, f"seat {seat} is waited on with nothing to do"
        action = data.draw(st.sampled_from(actions))
        before = self.state.model_dump_json()
        try:
            out = self.rules.apply(self.state, seat, action)
        except GameError as exc:  # an offered action is always accepted (test_apoc_legal.py)
            assert self.state.model_dump_json() == before
            raise AssertionError(f"offered {action!r}, refused: {exc.message}") from exc
        self.state = out.state
        self.public_text += "\n".join(e.text for e in out.events if e.audience is Audience.PUBLIC)
        self.ledger.after(self.state, out.events)
        confront = self.state.public.confront
        if confront is not None and confront.archetype:
            self.flipped.add(confront.archetype)

    @precondition(lambda self: not self.running())
    @rule()
    def the_end_is_won_or_lost(self) -> None:
        pub = self.state.public
        assert pub.outcome in ("won", "lost") and not pub.pending
        # Between missions: every living saint's next deck matches their virtues and fragments.
        b = pub.between
        assert b is not None and b.stage == "done" and not b.table
        for seat in pub.order:
            assert seat in b.dead or b.held[seat] == b.needs[seat]

    @invariant()
    def no_card_in_two_places(self) -> None:
        if not hasattr(self, "state"):
            return
        seen = [uid for _, uid in all_zones(self.state)]
        assert len(seen) == len(set(seen))

    @invariant()
    def the_clock_is_never_negative(self) -> None:
        if hasattr(self, "state"):
            assert self.state.public.clock_count == len(self.state.secret.clock) >= 0

    @invariant()
    def copies_live_only_while_confronted_and_chapters_stay_in_their_box(self) -> None:
        if not hasattr(self, "state"):
            return
        for where, uid in all_zones(self.state):
            assert "#copy" not in uid or where == "confront", (where, uid)
        chapter = self.state.public.chapter
        for key, deck in self.state.secret.nexus_decks.items():
            for uid in deck:
                card = BOOK.card(uid.split("#")[0]) if BOOK.kind_of(uid.split("#")[0]) else None
                keywords = getattr(card, "keywords", None)
                if chapter and keywords is not None:
                    assert keywords.chapter in ("base", chapter), (key, uid)

    @invariant()
    def archetypes_stay_hidden_until_flipped(self) -> None:
        if not hasattr(self, "state"):
            return
        public = self.state.public.model_dump_json() + self.public_text
        for deck in self.state.secret.nexus_decks.values():
            for uid in deck:
                if uid.startswith("archetype_") and uid not in self.flipped:
                    assert uid not in public


TestCoopGame = CoopGame.TestCase
# Derandomized in CI like the other game machines; a hunt runs it at random (machine_settings.py).
# A random search found a Wickety Wack Sack played again from the halo, holding two threats and
# discarded twice (seed 51157174860712291329060760845074957494; fixed, and replayed step by step in
# test_apoc_coop.py::test_a_slotted_wickety_wack_sack_cannot_take_a_second_threat).
TestCoopGame.settings = machine_settings(max_examples=12, stateful_step_count=120)
