"""A hypothesis state machine playing whole games of SCP: Apollyon for 1-6 directors.

After every command: the Masquerade never above its start (nor above 10 once the
veil lifts), no token count negative, Space never destroyed, every character in
exactly one place, nothing hidden in the public state or a public event, and
every listed legal action is one `apply` accepts.
"""

from __future__ import annotations

from apollyon_driver import chaotic, check_invariants, check_public, play, purposeful
from hypothesis import HealthCheck, given
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.engine.prng import Rng
from bot.games.apollyon import RULES
from bot.games.apollyon.state import ApollyonState
from tests.games.machine_settings import machine_settings


class ApollyonGame(RuleBasedStateMachine):
    state: ApollyonState
    driver: Rng

    @initialize(
        players=st.integers(1, 6),
        seed=st.integers(0, 2**32),
        driver=st.integers(0, 2**32),
        event_die=st.booleans(),
    )
    def deal(self, players: int, seed: int, driver: int, event_die: bool) -> None:
        self.state = RULES.setup(RULES.parse_options({"event_die": event_die}), players, seed, {}).state
        self.driver = Rng.from_seed(driver)
        check_invariants(self.state)

    def _step(self, policy) -> None:  # noqa: ANN001
        if RULES.result(self.state) is not None:
            return
        seat = RULES.waiting_for(self.state)[0]
        actions = RULES.legal_actions(self.state, seat)
        assert actions, f"the game waits on seat {seat} who can do nothing"
        out = RULES.apply(self.state, seat, policy(self.state, seat, actions, self.driver))
        check_invariants(out.state)
        check_public(self.state, out.state, out.events)
        self.state = out.state

    @rule(n=st.integers(1, 60))
    def play_well(self, n: int) -> None:
        for _ in range(n):
            self._step(purposeful)

    @rule(n=st.integers(1, 20))
    def play_wildly(self, n: int) -> None:
        for _ in range(n):
            self._step(chaotic)

    @rule()
    def every_legal_action_is_accepted(self) -> None:
        if RULES.result(self.state) is not None:
            return
        for seat in RULES.waiting_for(self.state):
            for cmd in RULES.legal_actions(self.state, seat):
                RULES.apply(self.state, seat, cmd)

    @invariant()
    def waiting_matches_legal(self) -> None:
        if RULES.result(self.state) is None:
            assert RULES.waiting_for(self.state)
        else:
            assert RULES.waiting_for(self.state) == []


ApollyonGame.TestCase.settings = machine_settings(
    max_examples=25,
    stateful_step_count=12,
    suppress_health_check=[HealthCheck.too_slow],
)
TestApollyonGame = ApollyonGame.TestCase


@machine_settings(max_examples=18)
@given(players=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_games_play_to_the_end(players: int, seed: int) -> None:
    state = play(players, seed, check=True)
    assert RULES.result(state) is not None
    assert state.public.outcome in ("won", "lost")
    if state.public.outcome == "lost":
        assert state.public.masquerade == 0


def test_every_director_count_finishes_on_fixed_seeds() -> None:
    for players in range(1, 7):
        for seed in (3, 11):
            assert RULES.result(play(players, seed)) is not None


def test_same_seed_same_game() -> None:
    a = play(3, 42)
    b = play(3, 42)
    assert a.model_dump() == b.model_dump()
