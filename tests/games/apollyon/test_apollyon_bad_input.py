"""Bad input: a plain refusal and nothing changed."""

from __future__ import annotations

from typing import Any

import pytest
from apollyon_builder import act, started, to_assign

from bot.engine.errors import GameError
from bot.games.apollyon import RULES
from bot.games.apollyon.state import ApollyonState


def refused(state: ApollyonState, seat: int, match: str, **command: Any) -> None:
    before = state.model_dump_json()
    with pytest.raises(GameError, match=match) as err:
        act(state, seat, **command)
    assert state.model_dump_json() == before
    message = err.value.message
    assert message.endswith(".") and "\n" not in message


def test_assigning_a_character_twice() -> None:
    state = to_assign()
    ch = state.players[0].characters[0]
    state = act(state, 0, type="assign", character=ch.uid, to="mtf1").state
    refused(state, 0, "already assigned", type="assign", character=ch.uid, to="mtf2")
    refused(state, 0, "not in your garrison", type="assign", character=9999, to="mtf2")


def test_someone_elses_character_cannot_be_assigned() -> None:
    state = to_assign()
    theirs = state.players[1].characters[0]
    refused(state, 0, "not in your garrison", type="assign", character=theirs.uid, to="mtf1")


def test_mission_without_the_prerequisite_skill() -> None:
    state = to_assign()
    for ch in list(state.players[0].characters):
        state = act(state, 0, type="assign", character=ch.uid, to="mtf1").state
    skills = {s for ch in state.public.sites[0].mtfs[0].members for s in ch.info.skills}
    if "scout" not in skills:
        refused(state, 0, "needs a Scout", type="mission", mtf=1, kind="scout")
    refused(state, 0, "nobody assigned", type="mission", mtf=2, kind="scout")


def test_spending_assets_you_do_not_have() -> None:
    state = started(2)
    state.public.sites[0].pool.update(resource=0, personnel=0, space=0)
    refused(state, 0, "needs 2 personnel", type="promote", kind="personnel")
    refused(state, 0, "needs 1 space", type="promote", kind="space")
    refused(state, 0, "no resource token", type="transfer", to=1, asset="resource")
    uid = state.public.sites[1].active()[0].uid
    refused(state, 0, "needs a Personnel", type="study", anomaly=uid)


def test_a_second_transfer_in_one_growth_phase() -> None:
    state = started(2)
    state = act(state, 0, type="transfer", to=1, asset="space").state
    refused(state, 0, "already made your transfer", type="transfer", to=1, asset="personnel")


def test_transfer_to_yourself_or_nobody() -> None:
    state = started(2)
    refused(state, 0, "another director", type="transfer", to=0, asset="space")
    refused(state, 0, "another director", type="transfer", to=5, asset="space")
    refused(state, 0, "either one asset", type="transfer", to=1)


def test_acting_outside_your_phase() -> None:
    state = started(2)
    refused(state, 0, "Growth phase", type="assign", character=1, to="mtf1")
    refused(state, 0, "Growth phase", type="resolve", mtf=1)
    refused(state, 0, "Growth phase", type="contain", anomaly=1)
    state = to_assign()
    refused(state, 0, "MTF assignment phase", type="promote", kind="space")
    refused(state, 0, "MTF assignment phase", type="choose_start", deck="safe")


def test_acting_after_saying_done() -> None:
    state = started(2)
    state = act(state, 0, type="ready").state
    refused(state, 0, "already said you are done", type="promote", kind="space")


def test_outsiders_and_unknown_commands() -> None:
    state = started(2)
    refused(state, 7, "not a Site Director", type="ready")
    with pytest.raises(GameError, match="not one this game knows"):
        RULES.parse_command({"type": "launch_nukes"})


def test_claim_from_an_empty_pile_and_bad_pile_sizes() -> None:
    state = started(2)
    refused(state, 0, "no such card", type="claim", index=0)
    refused(state, 0, "at least one card", type="build_pile", assets=0, characters=0)
    refused(state, 0, "allows 3 draws", type="build_pile", assets=1, characters=1)
