"""The archetypes of a co-op mission, followed command by command (the machines' invariant): each
stays somewhere (a nexus deck, the clock, confronted, held with a slotted card, escaping in
Sanctify) until a public event says it was beaten or left the mission, and each is counted exactly
once, by archetypes_left too."""

from __future__ import annotations

import re

from bot.engine.events import Audience, Event
from bot.games.apocrypha.archetypes import MINION, is_archetype
from bot.games.apocrypha.cards import CardBook
from bot.games.apocrypha.coop import archetypes_left
from bot.games.apocrypha.state import ApocryphaState, card_id
from bot.games.apocrypha.table import Table

# What the engine says when an archetype stops being anywhere (coop.py, investigate.py, sanctify.py).
GONE = (
    "its archetype is sacrificed",
    "its archetype leaves the mission",
    "has nowhere to escape and is sacrificed",
)
# Places an archetype leaves only with one of those words; a nexus deck empties only when sealed.
ANNOUNCED = ("confronted", "held", "sanctify")
# A delay sacrifices the clock's top cards, a Tolling Bell archetype among them (context.py, guide.py).
CLOCK_SACRIFICE = re.compile(r"(\d+) cards? (?:is|are) sacrificed from the clock")


def places(state: ApocryphaState) -> list[tuple[str, str]]:
    """Every archetype instance in the mission and where it is, once per place it is found."""
    sec, pub = state.secret, state.public
    out = [(f"nexus {k}", u) for k, deck in sec.nexus_decks.items() for u in deck if is_archetype(card_id(u))]
    out += [("clock", e.card) for e in sec.clock if is_archetype(card_id(e.card))]
    out += [("confronted", c.archetype) for c in [pub.confront, *pub.opponents] if c and c.archetype]
    out += [("held", h.archetype) for h in pub.holds if h.archetype]
    sanctify = pub.coop.sanctify if pub.coop else None
    if sanctify is not None and sanctify.master:
        out.append(("sanctify", sanctify.master))
    return out


class ArchetypeLedger:
    def __init__(self, state: ApocryphaState, book: CardBook) -> None:
        self.book = book
        self.where: dict[str, str] | None = self.count(state)

    def count(self, state: ApocryphaState) -> dict[str, str]:
        found = places(state)
        uids = [u for _, u in found]
        assert len(uids) == len(set(uids)), f"an archetype is in two places: {sorted(found)}"
        minions = sum(1 for u in uids if card_id(u).startswith(MINION))
        left = archetypes_left(Table(state, self.book), master=False)
        assert left == minions, f"archetypes_left counts {left} minions, {minions} are in the mission"
        return {u: where for where, u in found}

    @staticmethod
    def sealed(state: ApocryphaState, key: str, said: str) -> bool:
        """Whether a seal sacrificed this nexus's cards (a master found in it stays: sanctify.py)."""
        nexus = state.public.nexuses[key]
        return nexus.sealed or f"found in {nexus.name}; it stays, and the rest is sacrificed" in said

    def after(self, state: ApocryphaState, events: list[Event]) -> None:
        """Check one command's result. Nothing is followed from the command that ends the mission:
        Mission End clears the nexuses (between.py)."""
        if self.where is None:
            return
        now = self.count(state)
        if state.public.verdict() is not None:
            self.where = None
            return
        new = set(now) - set(self.where)
        assert not new, f"archetypes from nowhere: {sorted(new)}"
        said = "\n".join(e.text for e in events if e.audience is Audience.PUBLIC)
        announced = sum(said.count(words) for words in GONE)
        gone = {u: self.where[u] for u in set(self.where) - set(now)}
        quiet = {
            u: where
            for u, where in gone.items()
            if where not in (*ANNOUNCED, "clock") and not self.sealed(state, where[6:], said)
        }
        assert not quiet, f"archetypes vanished: {quiet}"
        told = [u for u, where in gone.items() if where in ANNOUNCED]
        assert len(told) <= announced, f"archetypes gone without a word: {told} ({said!r})"
        delayed = [u for u, where in gone.items() if where == "clock"]
        sacrificed = sum(int(n) for n in CLOCK_SACRIFICE.findall(said))
        assert len(delayed) <= sacrificed, f"archetypes gone from the clock unsacrificed: {delayed}"
        self.where = now
