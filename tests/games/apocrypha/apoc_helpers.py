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
        hand: list[str] = []
        for cid in card_ids:
            mine = next((u for u in deck if u.split("#")[0] == cid), None)
            if mine is not None:
                deck.remove(mine)
            elif t.box_has(cid, held=hand):
                mine = t.new_instance(cid, held=hand)
            else:
                mine = self.take_from_piles(cid)
            hand.append(mine)
        self.state.players[seat].hand = hand
        t.sync()
        return list(self.state.players[seat].hand)

    def take_from_piles(self, cid: str) -> str:
        """A copy of `cid` moved out of the clock, a nexus deck or another saint's deck or hand, for a
        test that wants it in hand when the box has none left (the box never holds more than its
        copies)."""
        sec = self.state.secret
        for entry in sec.clock:
            if entry.card.split("#")[0] == cid:
                sec.clock.remove(entry)
                return entry.card
        hands = [p.hand for p in self.state.players.values()]
        for pile in [*sec.nexus_decks.values(), *sec.decks.values(), *hands]:
            for uid in pile:
                if uid.split("#")[0] == cid:
                    pile.remove(uid)
                    return uid
        raise AssertionError(f"no {cid} left anywhere to put in a hand")

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


def clock_built(state: ApocryphaState, book, wanted: int) -> int:  # noqa: ANN001 - CardBook
    """The omens a clock asking for `wanted` holds: the saints' decks take their omens from the box
    first, and the clock gets what they left when that is fewer (House rule 35). For fresh saints,
    whose decks hold just their saint card's omens."""
    total = sum(card.copies for card in book.omens.values())
    decks = sum(book.saints[v.saint_id].omens for v in state.public.saints.values())
    return min(wanted, total - decks)


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
