"""Helpers for the Apocrypha rules tests: a small game driver over the fixture cards."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.engine.errors import GameError
from bot.engine.events import Audience, Event
from bot.engine.seats import GUIDE
from bot.games.apocrypha.commands import PlaceSaints, PrepareNexus
from bot.games.apocrypha.rules import Apocrypha, Options
from bot.games.apocrypha.saints import new_record
from bot.games.apocrypha.state import ApocryphaState
from bot.games.apocrypha.table import Table

FIXTURES = Path(__file__).parent / "fixtures"


class Game:
    def __init__(self, rules: Apocrypha, state: ApocryphaState, events: list[Event]) -> None:
        self.rules = rules
        self.state = state
        self.events = list(events)

    @property
    def t(self) -> Table:
        return Table(self.state, self.rules.book)

    @property
    def pub(self):
        return self.state.public

    def do(self, actor: int, cmd: Any) -> list[Event]:
        out = self.rules.apply(self.state, actor, cmd)
        self.state = out.state
        self.events += out.events
        return out.events

    def fails(self, actor: int, cmd: Any, match: str = "") -> str:
        before = self.state.model_dump()
        with pytest.raises(GameError) as info:
            self.rules.apply(self.state, actor, cmd)
        assert self.state.model_dump() == before
        assert match.lower() in info.value.message.lower()
        assert info.value.message.endswith((".", "?"))
        return info.value.message

    def hand_of(self, seat: int, *card_ids: str) -> list[str]:
        """Replace a saint's hand with fresh copies of these cards (the old hand goes under the deck)."""
        t = self.t
        deck = self.state.secret.decks[seat]
        deck.extend(self.state.players[seat].hand)
        hand = []
        for cid in card_ids:
            mine = next((u for u in deck if u.split("#")[0] == cid), None)
            if mine is not None:
                deck.remove(mine)
            hand.append(mine or t.new_instance(cid))
        self.state.players[seat].hand = hand
        t.sync()
        return list(self.state.players[seat].hand)

    def dice(self, *values: int) -> None:
        self.state.secret.forced_dice.extend(values)

    def public_text(self) -> str:
        return "\n".join(e.text for e in self.events if e.audience is Audience.PUBLIC)


def guided(
    rules: Apocrypha, saints: list[str], nexus: str = "main_street", side: str = "doom", seed: int = 7
) -> Game:
    records = {i: new_record(s, rules.book) for i, s in enumerate(saints)}
    out = rules.setup(Options(mode="guided", saints=records), len(saints), seed, {"guide": True})
    game = Game(rules, out.state, out.events)
    game.do(GUIDE, PrepareNexus(nexus=nexus, side=side, reveal=True))
    game.do(GUIDE, PlaceSaints(nexus=nexus))
    return game


def hidden_nexus_words(state: ApocryphaState) -> list[str]:
    """The keys and names of the nexuses the guide has not revealed."""
    return [w for key, view in state.secret.hidden_nexuses.items() for w in (key, view.name)]


def assert_views_keep_hidden_nexuses(state: ApocryphaState) -> None:
    """No saint's projected view (nor an onlooker's) carries an unrevealed nexus's key or name."""
    import json

    from bot.engine.state import project

    words = hidden_nexus_words(state)
    assert words, "the test needs a hidden nexus"
    for seat in [*state.players, None]:
        seen = json.dumps(project(state, seat)).lower()
        for word in words:
            assert f'"{word.lower()}"' not in seen and word.lower() not in seen, (seat, word)
