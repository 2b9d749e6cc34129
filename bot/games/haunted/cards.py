"""Haunted's cards: the pydantic model, the loader for data/haunted/*.toml, and name lookup.

Every card is unique, so a card's id (a slug of its name) is its identity in
hands, lines and piles. Settings list the focuses they allow and focuses the
terrors they summon, by name; the loader resolves and cross-checks them.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.engine.cards import CardDataError, load_entries, unique_ids
from bot.engine.errors import GameError

CardType = Literal["setting", "focus", "terror", "event", "action", "acquaintance"]
ESSENTIAL: frozenset[str] = frozenset({"setting", "focus", "terror"})
TYPE_ORDER: tuple[str, ...] = ("setting", "focus", "terror", "event", "action", "acquaintance")

# What the anchor line must hold for a support card to be played there:
# active = not complete and not waiting on a terror (an empty line counts),
# setting = active with a setting, set = a setting alone, focused = setting + focus,
# pending = a terror waiting on its owner's defence, started = any setting (pending too).
Needs = Literal["active", "setting", "set", "focused", "pending", "started"]
# Which fresh card a defensive card answers in the defence step.
Guards = Literal["setting", "focus", "terror", "any"]

NESTED_KEYS = ("then", "otherwise", "essential", "support", "terror")


def slug(name: str) -> str:
    flat = re.sub(r"['\u2019]", "", name.lower())
    return re.sub(r"[^a-z0-9]+", "-", flat).strip("-")


class Mode(BaseModel):
    """One way to play a support card: where it may go and what it does."""

    model_config = ConfigDict(extra="forbid")

    key: str = "play"
    label: str
    needs: Needs = "active"
    settings: list[str] = []  # the anchor's setting must be one of these (or, with focuses, either matches)
    focuses: list[str] = []
    terror: str | None = None
    opponent: bool = False  # only on another player's line
    guards: Guards | None = None  # set: a defensive card, allowed in the defence step
    effects: list[dict[str, Any]] = Field(min_length=1)


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = ""
    name: str
    type: CardType
    text: str = Field(min_length=10)
    aliases: list[str] = []
    focuses: list[str] = []  # settings: the focuses allowed there
    summons: list[str] = []  # focuses: the terrors they summon
    modes: list[Mode] = []

    @property
    def essential(self) -> bool:
        return self.type in ESSENTIAL

    @property
    def defensive(self) -> bool:
        return any(m.guards for m in self.modes)

    def mode(self, key: str | None) -> Mode:
        if key is None:
            if len(self.modes) == 1:
                return self.modes[0]
            keys = " or ".join(m.key for m in self.modes)
            raise GameError(f"Say how you play {self.name}: {keys}.")
        for m in self.modes:
            if m.key == key:
                return m
        raise GameError(f"{self.name} cannot be played as '{key}'.")


class Catalogue:
    """All cards, checked against each other when loaded."""

    def __init__(self, cards: list[Card]) -> None:
        for card in cards:
            if not card.id:
                card.id = slug(card.name)
        unique_ids(cards, "id", "haunted")
        self.cards: dict[str, Card] = {c.id: c for c in cards}
        self._names: dict[str, str] = {}
        for card in cards:
            for name in (card.name, card.id, *card.aliases):
                self._names[_norm(name)] = card.id
        self._resolve_links()

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def name(self, card_id: str) -> str:
        return self.cards[card_id].name

    def names(self, card_ids: list[str]) -> str:
        return ", ".join(self.name(c) for c in card_ids) or "nothing"

    def type_of(self, card_id: str) -> str:
        return self.cards[card_id].type

    def ids(self) -> list[str]:
        return list(self.cards)

    def counts(self) -> dict[str, int]:
        out = dict.fromkeys(TYPE_ORDER, 0)
        for card in self.cards.values():
            out[card.type] += 1
        return out

    def resolve(self, text: str) -> str:
        """A card id from an id, a name or a known alias (case and punctuation ignored)."""
        found = self._names.get(_norm(text))
        if found is None:
            raise GameError(f"There is no Haunted card called {text!r}.")
        return found

    def _id_of(self, name: str, kind: str | tuple[str, ...], where: str) -> str:
        card_id = self._names.get(_norm(name))
        kinds = (kind,) if isinstance(kind, str) else kind
        if card_id is None or self.cards[card_id].type not in kinds:
            raise CardDataError(f"haunted: {where} names {name!r}, which is not a {'/'.join(kinds)} card")
        return card_id

    def _resolve_links(self) -> None:
        from bot.games.haunted.effects import BOOK, validate_effects

        for card in self.cards.values():
            where = f"{card.name}"
            if card.essential and card.modes:
                raise CardDataError(f"haunted: {where}: essential cards have no modes")
            if not card.essential and not card.modes:
                raise CardDataError(f"haunted: {where}: a support card needs at least one mode")
            if card.focuses and card.type != "setting" or card.summons and card.type != "focus":
                raise CardDataError(f"haunted: {where}: only settings list focuses, only focuses summon")
            card.focuses = [self._id_of(n, "focus", where) for n in card.focuses]
            card.summons = [self._id_of(n, "terror", where) for n in card.summons]
            if card.type == "setting" and not card.focuses or card.type == "focus" and not card.summons:
                raise CardDataError(f"haunted: {where}: must list what it allows")
            for mode in card.modes:
                mwhere = f"{where} ({mode.key})"
                mode.settings = [self._id_of(n, "setting", mwhere) for n in mode.settings]
                mode.focuses = [self._id_of(n, "focus", mwhere) for n in mode.focuses]
                if mode.terror is not None:
                    mode.terror = self._id_of(mode.terror, "terror", mwhere)
                if (mode.needs == "pending") != (mode.terror is not None):
                    raise CardDataError(
                        f"haunted: {mwhere}: a terror counter needs needs='pending' and a terror"
                    )
                validate_effects(mode.effects, mwhere, card.id)
                if any(e.get("op") == "hook" for e in mode.effects) and not BOOK.has_hook(card.id):
                    raise CardDataError(
                        f"haunted: {mwhere}: uses a hook but none is registered for {card.id}"
                    )


def _norm(text: str) -> str:
    flat = re.sub(r"['\u2019!\-]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", " ", flat).strip()


@cache
def catalogue() -> Catalogue:
    return Catalogue(load_entries("haunted", "card", Card))


def sort_key(name: str) -> str:
    """Alphabetical rank for the first-player draw: letters and spaces only, case ignored."""
    return re.sub(r"[^a-z ]", "", name.lower())
