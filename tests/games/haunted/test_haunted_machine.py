"""A hypothesis state machine playing random legal games of Haunted to the end.

Invariants after every command: all 80 cards are somewhere (stockpile, discard
pile, hands, lines, or set aside while a player decides), no line breaks the
setting -> focus -> terror order, no hand card is in the public state or named
in a public event, and `apply` accepts exactly the plays `legal_actions` lists.
"""

from __future__ import annotations

from haunted_driver import check_invariants, check_public_events, pick_action, play_to_end
from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.games.haunted import RULES
from bot.games.haunted.cards import catalogue
from bot.games.haunted.commands import Play
from bot.games.haunted.state import HauntedState, Options, Step
from tests.games.machine_settings import machine_settings

CARD_IDS = sorted(catalogue().ids())


class HauntedGame(RuleBasedStateMachine):
    state: HauntedState
    driver: Rng

    @initialize(
        players=st.integers(2, 6),
        seed=st.integers(0, 2**32),
        short=st.booleans(),
        driver=st.integers(0, 2**32),
    )
    def deal(self, players: int, seed: int, short: bool, driver: int) -> None:
        self.state = RULES.setup(Options(short=short), players, seed, {}).state
        self.driver = Rng.from_seed(driver)

    def _apply(self, seat: int, cmd: object) -> None:
        out = RULES.apply(self.state, seat, cmd)
        check_invariants(out.state)
        check_public_events(self.state, out.state, out.events)
        self.state = out.state

    @rule(n=st.integers(1, 30))
    def play_some(self, n: int) -> None:
        for _ in range(n):
            if RULES.result(self.state) is not None:
                return
            seat = RULES.waiting_for(self.state)[0]
            actions = RULES.legal_actions(self.state, seat)
            assert actions, "the game waits on a seat that has nothing it may do"
            self._apply(seat, pick_action(self.driver, actions))

    @rule()
    def let_the_clock_run_out(self) -> None:
        if RULES.result(self.state) is not None:
            return
        seat = RULES.waiting_for(self.state)[0]
        cmd = RULES.timeout_command(self.state, seat)
        assert cmd is not None
        self._apply(seat, cmd)

    @rule(
        seat=st.integers(0, 5), card=st.sampled_from(CARD_IDS), whom=st.integers(0, 5), line=st.integers(1, 3)
    )
    def try_any_play(self, seat: int, card: str, whom: int, line: int) -> None:
        if RULES.result(self.state) is not None or seat >= self.state.public.seats:
            return
        cmd = Play(card=card, target=whom, line=line)
        legal = cmd in RULES.legal_actions(self.state, seat)
        before = self.state.model_dump(mode="json")
        try:
            self._apply(seat, cmd)
        except GameError as exc:
            assert not legal, f"legal_actions offered {cmd} but apply refused: {exc.message}"
            assert self.state.model_dump(mode="json") == before
            assert exc.message and "\n" not in exc.message
        else:
            assert legal, f"apply accepted {cmd}, which legal_actions did not offer"

    @invariant()
    def consistent(self) -> None:
        if hasattr(self, "state"):
            check_invariants(self.state)
            waiting = RULES.waiting_for(self.state)
            assert (waiting == []) == (self.state.public.step is Step.OVER)

    def teardown(self) -> None:
        if not hasattr(self, "state"):
            return
        state, _ = play_to_end(self.state, self.driver, limit=6000)
        assert RULES.result(state) is not None, "the game did not end"
        losers = state.public.losers
        assert losers and all(
            sum(ln.complete for ln in state.public.lines[s]) >= state.public.lose_at for s in losers
        )


HauntedGame.TestCase.settings = machine_settings(
    max_examples=30,
    stateful_step_count=15,
    suppress_health_check=[HealthCheck.too_slow],
)
TestHauntedGame = HauntedGame.TestCase
