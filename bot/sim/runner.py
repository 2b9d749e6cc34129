"""Plays seeded games on a pure engine with one policy, one process per core."""

from __future__ import annotations

import traceback
from dataclasses import asdict, dataclass, field
from multiprocessing import get_context
from typing import Any

from pydantic import ValidationError

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.games import get_rules
from bot.sim.games import adapter as get_adapter

# The policy's generator is seeded apart from the game's, so a policy drawing more or fewer
# numbers never changes the shuffles the engine makes.
POLICY_SALT = 0x51_3D_0B_A1


@dataclass
class Game:
    """One played game: its report fields, or what went wrong (`error`) and where."""

    seed: int
    decisions: int = 0
    turns: int = 0
    ending: str = ""
    winners: list[int] = field(default_factory=list)
    won: bool | None = None
    first: int = 0
    labels: list[str] = field(default_factory=list)
    flags: dict[str, bool] = field(default_factory=dict)
    error: str | None = None  # "exception: ...", "stuck: ..." or None for a game that finished
    # Legal actions the engine then refused ("decision N: command: why"); the policy chose again.
    refused: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Job:
    game: str
    players: int
    policy: str
    opts: dict[str, Any]


def check(job: Job, seed: int) -> str | None:
    """Why the game cannot be set up with these options (a bad mission or boss id, a value of
    the wrong type), in the engine's own words, or None: asked once before any game is played,
    so a typo gives one plain line instead of the same exception for every seed."""
    ad = get_adapter(job.game)
    rules = get_rules(job.game)
    known = sorted(rules.Options.model_fields)
    unknown = sorted(set(job.opts) - set(known))
    if unknown:
        return f"{job.game} has no option {', '.join(unknown)}; its options are {', '.join(known)}."
    try:
        options = rules.parse_options(ad.options(job.opts, job.players, 0))
        rules.setup(options, job.players, seed, ad.roles(job.opts))
    except GameError as exc:
        return exc.message
    except ValidationError as exc:
        return "; ".join(f"option {'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
    return None


def play(job: Job, seed: int, index: int = 0) -> Game:
    """One whole game. Never raises: an exception or a stuck state is recorded with its seed."""
    ad = get_adapter(job.game)
    rules = get_rules(job.game)
    policy = ad.all_policies()[job.policy]
    rng = Rng.from_seed(seed ^ POLICY_SALT)
    record = Game(seed=seed)
    try:
        options = rules.parse_options(ad.options(job.opts, job.players, index))
        state = rules.setup(options, job.players, seed, ad.roles(job.opts)).state
        record.first = ad.first(state)
        record.labels = ad.labels(job.opts, job.players, index)
        while rules.result(state) is None:
            if record.decisions >= ad.max_decisions:
                record.error = f"stuck: still running after {ad.max_decisions} decisions"
                return record
            waiting = rules.waiting_for(state)
            if not waiting:
                record.error = "stuck: the game waits on nobody"
                return record
            seat = ad.next_seat(rules, state, waiting)
            actions = rules.legal_actions(state, seat)
            if not actions:
                record.error = f"stuck: seat {seat} is waited on with no legal action"
                return record
            state = _decide(rules, policy, state, seat, actions, rng, record)
            if state is None:
                record.error = f"stuck: the engine refused every legal action of seat {seat}"
                return record
            record.decisions += 1
        report = ad.report(state)
    except Exception as exc:  # noqa: BLE001 - the simulator reports every crash with its seed
        last = traceback.extract_tb(exc.__traceback__)[-1]
        record.error = f"exception: {type(exc).__name__}: {exc} ({last.filename}:{last.lineno})"
        return record
    fields = asdict(report)
    for key, value in fields.items():
        setattr(record, key, value)
    return record


def _decide(
    rules: Any, policy: Any, state: Any, seat: int, actions: list[Any], rng: Rng, record: Game
) -> Any:
    """The state after the policy's choice. A legal action the engine refuses is an engine defect:
    it is recorded and the policy chooses again among the rest (None when none is left)."""
    while actions:
        command = policy(state, seat, actions, rng)
        try:
            return rules.apply(state, seat, command).state
        except GameError as exc:
            record.refused.append(f"decision {record.decisions}: {command!r}: {exc.message}")
            actions = [a for a in actions if a != command]
    return None


def _play_star(args: tuple[Job, int, int]) -> Game:
    return play(*args)


def run(job: Job, games: int, seed: int, jobs: int = 0) -> list[Game]:
    """Game i is played with seed `seed + i`; jobs 0 means one worker per core, 1 runs in-process."""
    work = [(job, seed + i, i) for i in range(games)]
    if jobs == 1 or games <= 1:
        return [_play_star(w) for w in work]
    with get_context("spawn").Pool(jobs or None) as pool:
        return pool.map(_play_star, work, chunksize=max(1, games // (8 * (jobs or 2))))
