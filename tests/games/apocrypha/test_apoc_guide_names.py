"""The guide names saints in forms and commands by their labels: two players who bring the same saint
from the box (both keeping the card's name) are told apart by the players' own names, and the full
label picks one seat where a shorter word would fit both."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.errors import GameError
from bot.store import GameSession
from cogs.apocrypha.guide import saint_labels, seat_ref, with_saint_names


def table(given: list[str], cards: list[str], players: list[str]) -> dict[str, Any]:
    row = GameSession(
        channel_id=1,
        game="apocrypha",
        host_id=9,
        seats=[10 + i for i in range(len(cards))],
        options={"saints": {str(i): {"name": n} for i, n in enumerate(given)}},
        names={str(10 + i): p for i, p in enumerate(players)},
    )
    view = {"public": {"saints": {str(i): {"name": c} for i, c in enumerate(cards)}}}
    return with_saint_names(row, view)


def test_two_copies_of_one_saint_named_as_the_card_are_told_apart_by_their_players() -> None:
    view = table(["Hollis Crane", "Hollis Crane", "Mara Vell"], ["Hollis Crane", "Hollis Crane", "Mara Vell"], ["Ada", "Ben", "Cy"])
    assert saint_labels(view) == {0: "Hollis Crane (Ada)", 1: "Hollis Crane (Ben)", 2: "Mara Vell"}
    assert seat_ref(view, "Hollis Crane (Ben)") == 1  # the label the form's placeholder lists
    assert seat_ref(view, "ada") == 0 and seat_ref(view, "Mara") == 2
    with pytest.raises(GameError, match="More than one saint answers to Hollis Crane"):
        seat_ref(view, "Hollis Crane")


def test_a_name_the_player_gave_their_saint_labels_it() -> None:
    view = table(["Old Hollis", "Hollis Crane"], ["Hollis Crane", "Hollis Crane"], ["Ada", "Ben"])
    assert saint_labels(view) == {0: "Hollis Crane (Old Hollis)", 1: "Hollis Crane (Ben)"}
    assert seat_ref(view, "old hollis") == 0 and seat_ref(view, "Hollis Crane (Ben)") == 1
    with pytest.raises(GameError, match="no saint called Nobody"):
        seat_ref(view, "Nobody")

