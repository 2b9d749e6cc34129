"""Saved states outlive releases: each game's chain of upgrade functions, applied when a state loads.

A game's `state_upgrades[i]` turns a state saved at schema_version i+1 into one at i+2 (plain
JSON data in, plain JSON data out), so a state from any older release climbs the chain on load.
A game that changes the shape of its state appends one function and raises its State's
`schema_version` default to `1 + len(state_upgrades)` (a test checks the two agree).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from bot.engine.errors import GameError

StateUpgrade = Callable[[dict[str, Any]], dict[str, Any]]


def current_version(upgrades: Sequence[StateUpgrade]) -> int:
    return 1 + len(upgrades)


def upgrade_state(data: dict[str, Any], upgrades: Sequence[StateUpgrade]) -> dict[str, Any]:
    """`data` at the newest schema_version; the caller's dict is left as it was."""
    version = data.get("schema_version", 1)
    newest = current_version(upgrades)
    if version == newest:
        return data
    if version > newest:
        raise GameError("This game was saved by a newer release of the bot; it cannot be loaded by this one.")
    data = copy.deepcopy(data)
    for step in upgrades[version - 1 :]:
        data = step(data)
        version += 1
        data["schema_version"] = version
    return data
