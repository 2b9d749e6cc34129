"""`apply` works on a copy rebuilt from the state's plain data: it must equal the state it was
made from, at every step of a real game of every game, and share no mutable part with it."""

import pytest
from pydantic import BaseModel

from bot.engine.game import private_copy
from bot.engine.prng import Rng
from bot.games import get_rules
from bot.sim.games import adapter as get_adapter

CASES = [("haunted", 3), ("faith", 2), ("apollyon", 3), ("catharsis", 3), ("apocrypha", 2)]


def states(game: str, players: int, steps: int = 120):
    rules, ad = get_rules(game), get_adapter(game)
    options = rules.parse_options(ad.options({}, players, 0))
    state = rules.setup(options, players, 20261124, ad.roles({})).state
    policy, rng = ad.all_policies()["greedy"], Rng.from_seed(5)
    for _ in range(steps):
        yield state
        if rules.result(state) is not None:
            return
        seat = ad.next_seat(rules, state, rules.waiting_for(state))
        state = rules.apply(state, seat, policy(state, seat, rules.legal_actions(state, seat), rng)).state


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_copy_equals_the_state_at_every_step(game: str, players: int) -> None:
    seen = 0
    for state in states(game, players):
        copy = private_copy(state)
        assert copy == state and copy is not state
        assert copy.model_dump_json() == state.model_dump_json()
        seen += 1
    assert seen > 10


def mutable_parts(value: object, found: set[int] | None = None) -> set[int]:
    """The ids of every list, dict, set and model inside `value`."""
    found = set() if found is None else found
    if isinstance(value, BaseModel):
        found.add(id(value))
        for item in value.__dict__.values():
            mutable_parts(item, found)
    elif isinstance(value, (list, set, dict)):
        found.add(id(value))
        for item in value.values() if isinstance(value, dict) else value:
            mutable_parts(item, found)
    return found


@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_copy_shares_no_mutable_part(game: str, players: int) -> None:
    state = list(states(game, players, 30))[-1]
    copy = private_copy(state)
    mine, theirs = mutable_parts(copy), mutable_parts(state)
    assert len(mine) > 20 and not mine & theirs
