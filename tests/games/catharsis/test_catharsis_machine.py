"""Random legal games (every role, every Boss deck, with and without a duo power), played to a win or
a loss on many seeds, checking the game's invariants."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis.cards import content
from bot.games.catharsis.commands import Done
from bot.games.catharsis.morale import DIFFICULTIES
from bot.games.catharsis.rules import Options
from bot.games.catharsis.state import CatharsisState
from tests.games.catharsis.catharsis_driver import ROLES, random_step
from tests.games.machine_settings import machine_settings

DECKS = sorted(content().decks)


class CatharsisGame(RuleBasedStateMachine):
    state: CatharsisState

    @initialize(
        players=st.integers(1, 6),
        seed=st.integers(0, 2**32),
        deck=st.sampled_from(DECKS),
        difficulty=st.sampled_from(sorted(DIFFICULTIES)),
        variant=st.booleans(),
        horrors=st.booleans(),
        luck=st.booleans(),
        roles=st.permutations(ROLES),
        duo=st.booleans(),
    )
    def start(self, players, seed, deck, difficulty, variant, horrors, luck, roles, duo) -> None:
        players = min(players, content().decks[deck].most_players)  # 5 and 6 only against the Summoner
        options = Options(
            boss=deck,
            difficulty=difficulty,
            random_morale=variant,
            new_horrors=horrors,
            devils_luck=luck,
            duos=[[0, 1]] if duo and players > 1 else [],  # the duo powers variant
        )
        self.state = RULES.setup(options, players, seed, {}).state
        for seat in range(players):
            self.state = RULES.apply(
                self.state, seat, RULES.parse_command({"type": "role", "role": roles[seat]})
            ).state
        self.tier = self.state.public.tier
        self.rng = Rng.from_seed(seed)

    @rule(data=st.data())
    def move(self, data: st.DataObject) -> None:
        seats = RULES.waiting_for(self.state)
        if RULES.result(self.state) is not None or not seats:
            return
        seat = data.draw(st.sampled_from(seats))
        moves = RULES.legal_actions(self.state, seat)
        assert moves, f"seat {seat} is waited on but has nothing to do"
        self.state = RULES.apply(self.state, seat, data.draw(st.sampled_from(moves))).state

    @invariant()
    def board_morale_and_tiers(self) -> None:
        pub = self.state.public
        assert all(len(h.board) <= 6 for h in pub.heroes)
        assert pub.morale <= pub.start_morale
        assert pub.tier >= self.tier
        self.tier = pub.tier
        assert all(h.dead == (not h.board) for h in pub.heroes)

    @invariant()
    def the_dead_do_nothing(self) -> None:
        for h in self.state.public.heroes:
            if h.dead:
                assert RULES.legal_actions(self.state, h.seat) == []
                assert h.seat not in RULES.waiting_for(self.state)
                with pytest.raises(GameError):
                    RULES.apply(self.state, h.seat, Done())

    def teardown(self) -> None:
        # Finish the game with random legal moves: every game must end in a win or a loss.
        for _ in range(5000):
            step = random_step(self.state, self.rng)
            if step is None:
                break
            self.state = step[0]
            self.board_morale_and_tiers()
        assert RULES.result(self.state) is not None


CatharsisGame.TestCase.settings = machine_settings(
    max_examples=60,
    stateful_step_count=60,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
test_random_games = CatharsisGame.TestCase
