"""States saved by older releases climb each game's chain of upgrade functions when they load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.engine.errors import GameError
from bot.engine.upgrades import current_version, upgrade_state
from bot.games import all_rules
from tests.bench.play import USUAL_TABLES

RELEASE = Path(__file__).resolve().parents[1] / "fixtures" / "release-2026-11-23" / "sessions.json"


def rename_score(data: dict) -> dict:
    data["public"]["points"] = data["public"].pop("score")
    return data


def add_round(data: dict) -> dict:
    data["public"]["round"] = 1
    return data


CHAIN = (rename_score, add_round)


def test_a_state_from_each_older_version_reaches_the_newest() -> None:
    v1 = {"schema_version": 1, "public": {"score": 4}}
    v2 = {"schema_version": 2, "public": {"points": 4}}
    for old in (v1, v2):
        assert upgrade_state(old, CHAIN) == {"schema_version": 3, "public": {"points": 4, "round": 1}}
    assert v1 == {"schema_version": 1, "public": {"score": 4}}  # the caller's data is untouched
    assert upgrade_state({"public": {"score": 1}}, CHAIN)["public"] == {"points": 1, "round": 1}  # no version: 1


def test_a_current_state_is_returned_as_is_and_a_newer_one_is_refused() -> None:
    current = {"schema_version": 3, "public": {"points": 2, "round": 5}}
    assert upgrade_state(current, CHAIN) is current
    with pytest.raises(GameError, match="newer release"):
        upgrade_state({"schema_version": 4, "public": {}}, CHAIN)


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_every_game_saves_states_at_the_version_its_chain_ends_at(game: str) -> None:
    # A game that appends an upgrade must raise its State's schema_version default with it.
    rules = all_rules()[game]
    assert rules.State.model_fields["schema_version"].default == current_version(rules.state_upgrades)


@pytest.mark.parametrize("game", sorted(t.game for t in USUAL_TABLES))
def test_states_saved_by_the_first_release_load_and_keep_their_contents(game: str) -> None:
    rules = all_rules()[game]
    saved = [row["state"] for row in json.loads(RELEASE.read_text()) if row["game"] == game]
    assert len(saved) == 3
    for data in saved:
        state = rules.load_state(data)
        assert state.schema_version == current_version(rules.state_upgrades)
        assert state.model_dump(mode="json")["rng"] == data["rng"]
        rules.waiting_for(state)  # the loaded state is one the rules can read
