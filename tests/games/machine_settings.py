"""Hypothesis settings for the game engines' state machines and property tests.

CI runs them small and derandomized, so every run repeats. A bug hunt by hand turns them random
and large with environment variables, without touching CI's sizes:

    GAME_HUNT_EXAMPLES=500 [GAME_HUNT_STEPS=200] [GAME_HUNT_SHRINK=1] nice -n 10 \
        python -m pytest tests/games/faith/test_faith_machine.py --hypothesis-seed=12345

`--hypothesis-seed=S` picks (and replays) the random search. A hunt skips shrinking unless
`GAME_HUNT_SHRINK=1`: shrinking a long game takes minutes, and the failing steps are printed anyway.
"""

from __future__ import annotations

import os
from typing import Any

from hypothesis import HealthCheck, Phase, settings


def _env_int(name: str) -> int | None:
    value = os.environ.get(name, "").strip()
    return int(value) if value else None


def machine_settings(*, max_examples: int, stateful_step_count: int | None = None, **extra: Any) -> settings:
    """CI's small derandomized settings, or the hunt's large random ones when GAME_HUNT_EXAMPLES is set."""
    hunt = _env_int("GAME_HUNT_EXAMPLES")
    chosen: dict[str, Any] = {"deadline": None, "suppress_health_check": list(HealthCheck)}
    if hunt is None:
        chosen.update(derandomize=True, max_examples=max_examples)
    else:
        chosen.update(derandomize=False, max_examples=hunt)
        if not os.environ.get("GAME_HUNT_SHRINK"):
            chosen["phases"] = [Phase.explicit, Phase.reuse, Phase.generate]
    if stateful_step_count is not None:
        steps = _env_int("GAME_HUNT_STEPS") if hunt is not None else None
        chosen["stateful_step_count"] = steps or stateful_step_count
    if hunt is not None and "phases" in extra and "phases" in chosen:
        extra = {k: v for k, v in extra.items() if k != "phases"} | {
            "phases": [p for p in extra["phases"] if p in chosen["phases"]]
        }
    return settings(**(chosen | extra))
