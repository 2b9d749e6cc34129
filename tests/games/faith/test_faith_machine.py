"""Random legal games of 2, 3 and 4 players played to the end, with invariants checked at every step."""

from __future__ import annotations

import random

from hypothesis import HealthCheck
from hypothesis import Phase as HPhase
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.engine.errors import GameError
from bot.engine.events import Audience, Event
from bot.games.faith import RULES, zones
from bot.games.faith.cards import card
from bot.games.faith.decks import preconstructed
from bot.games.faith.rules import Options
from bot.games.faith.state import FaithState, Phase
from tests.games.machine_settings import machine_settings

DECKS = list(preconstructed())


def acting_uids(state: FaithState, command) -> list[int]:
    """Field cards a command makes act (they must be ready)."""
    kind = command.type
    if kind == "pray":
        return [command.character]
    if kind == "challenge":
        return [command.attacker]
    if kind == "ability":
        return [command.card]
    if kind == "play" and command.recite is not None:
        return [command.recite]
    return []


def check_step(before: FaithState, command, after: FaithState, events: list[Event]) -> None:
    for uid in acting_uids(before, command):
        found = zones.locate(before, uid)
        assert found is not None and not found[1].exhausted, f"an exhausted card acted: {command}"
    public = {c for s in after.public.seats for c in [ip.card for ip in s.field] + [h.card for h in s.exile]}
    public |= {e.data["card"] for e in events if "card" in e.data}
    hidden = {h.card for s in after.players.values() for h in s.hand} | {
        h.card for d in after.secret.decks.values() for h in d
    }
    secret_titles = {card(c).title for c in hidden - public}
    shown = sorted((card(c).title for c in public), key=len, reverse=True)
    for e in events:
        if e.audience is Audience.PUBLIC and e.kind != "recover":
            text = e.text
            for title in shown:  # "Trumpets of Jericho" on the table is not the hidden "Jericho"
                text = text.replace(title, "")
            leaked = [t for t in secret_titles if t in text]
            assert not leaked, f"public event names a hidden card: {e.text}"


def check_state(state: FaithState) -> None:
    uids = zones.all_uids(state)
    assert len(uids) == len(set(uids)) == state.public.next_uid, "a card is in two zones or none"
    for seat, s in enumerate(state.public.seats):
        assert s.faith >= 1
        assert s.light >= 0 and s.dark >= 0
        assert s.hand_count == len(state.players[seat].hand)
        assert s.deck_count == len(state.secret.decks[seat])
    public = state.public.model_dump_json()
    for hand in state.players.values():
        for h in hand.hand:
            assert f'"uid":{h.uid},' not in public, "a hand card is in the public part"
    if state.public.winner is not None:
        assert state.public.phase is Phase.OVER


class FaithGame(RuleBasedStateMachine):
    state: FaithState

    @initialize(
        players=st.sampled_from([2, 3, 4]),
        seed=st.integers(0, 2**32),
        decks=st.lists(st.sampled_from(DECKS), min_size=4, max_size=4),
    )
    def start(self, players: int, seed: int, decks: list[str]) -> None:
        lists = [preconstructed()[d] for d in decks[:players]]
        self.state = RULES.setup(Options(decks=lists), players, seed, {}).state
        self.tail = random.Random(seed)
        check_state(self.state)

    def _step(self, pick) -> None:
        seats = RULES.waiting_for(self.state)
        seat = seats[pick(len(seats))]
        actions = RULES.legal_actions(self.state, seat)
        assert actions, "the game waits on a seat that can do nothing"
        command = actions[pick(len(actions))]
        before = self.state
        dump = before.model_dump()
        outcome = RULES.apply(before, seat, command)  # a legal action is never refused
        assert before.model_dump() == dump, "apply changed the state it was given"
        check_step(before, command, outcome.state, outcome.events)
        self.state = outcome.state

    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        if RULES.result(self.state) is None:
            self._step(lambda n: data.draw(st.integers(0, n - 1)))

    @rule(data=st.data())
    def someone_else_tries(self, data: st.DataObject) -> None:
        """A seat the game is not waiting on is refused, and nothing changes."""
        waiting = RULES.waiting_for(self.state)
        idle = [s for s in range(len(self.state.public.seats)) if s not in waiting]
        if not idle or RULES.result(self.state) is not None:
            return
        seat = data.draw(st.sampled_from(idle))
        dump = self.state.model_dump()
        try:
            RULES.apply(self.state, seat, RULES.parse_command({"type": "end_turn"}))
        except GameError:
            pass
        else:
            raise AssertionError("an idle seat ended a turn")
        assert self.state.model_dump() == dump

    @invariant()
    def holds(self) -> None:
        check_state(self.state)

    def teardown(self) -> None:
        """Finish the game with a seeded policy that ends the turn less often, so every run ends."""
        if not hasattr(self, "state"):
            return
        for _ in range(5000):
            if RULES.result(self.state) is not None:
                break

            def pick(n: int) -> int:
                return self.tail.randrange(n)

            seats = RULES.waiting_for(self.state)
            seat = seats[pick(len(seats))]
            actions = RULES.legal_actions(self.state, seat)
            busy = [a for a in actions if a.type != "end_turn"]
            command = busy[pick(len(busy))] if busy and self.tail.random() < 0.8 else actions[-1]
            outcome = RULES.apply(self.state, seat, command)
            check_step(self.state, command, outcome.state, outcome.events)
            self.state = outcome.state
            check_state(self.state)
        assert RULES.result(self.state) is not None, "the game did not end"


FaithGame.TestCase.settings = machine_settings(
    max_examples=50,
    stateful_step_count=120,
    phases=[
        HPhase.explicit,
        HPhase.reuse,
        HPhase.generate,
    ],  # a failure prints its steps; shrinking games is slow
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
TestFaithGames = FaithGame.TestCase
