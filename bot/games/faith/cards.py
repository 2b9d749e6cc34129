"""Faith's cards: the pydantic model, the loader for data/faith/*.toml, and lookup by id or name.

A card's id is the slug of "Name - Version"; the deckbuilding limit (three
copies) counts ids, so two versions of a character are two different cards.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.engine.cards import CardDataError, load_entries, unique_ids
from bot.engine.errors import GameError

CardType = Literal["character", "object", "event", "psalm", "location"]
Side = Literal["light", "dark", "neutral"]
TYPES: tuple[str, ...] = ("character", "object", "event", "psalm", "location")
# What an effect list needs the player to point at (see effects.py).
Target = Literal["none", "enemy_character", "own_character", "any_character", "opponent"]
SCRIPTURE = re.compile(r"^(?:[1-3] )?[A-Z][A-Za-z]+(?: of [A-Z][a-z]+)? \d+:\d+(?:-\d+)?$")


def slug(text: str) -> str:
    flat = re.sub(r"['\u2019]", "", text.lower())
    return re.sub(r"[^a-z0-9]+", "-", flat).strip("-")


class Ability(BaseModel):
    """An activated ability: its cost (exhaust = the cloud symbol) and its effect blocks."""

    model_config = ConfigDict(extra="forbid")

    exhaust: bool = False
    light: int = Field(0, ge=0)
    dark: int = Field(0, ge=0)
    neutral: int = Field(0, ge=0)
    exile_self: bool = False  # the card is exiled as part of the cost (food eaten, a scroll burnt)
    target: Target = "none"
    target2: Target = "none"
    effects: list[dict[str, Any]] = Field(min_length=1)


class Card(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = ""
    name: str
    version: str = ""
    type: CardType
    side: Side
    cost: int = Field(0, ge=0)  # the light/dark cost, paid in the card's own colour
    neutral: int = Field(0, ge=0)  # paid with either colour
    subtypes: list[str] = []
    keywords: list[str] = []
    scripture: str
    health: int | None = Field(None, ge=1)
    strength: int | None = Field(None, ge=0)
    prayer: int | None = Field(None, ge=0)
    # Events and psalms: what playing them does. Other types: what happens as they enter the field.
    target: Target = "none"
    target2: Target = "none"
    effects: list[dict[str, Any]] = []
    abilities: list[Ability] = []
    manage: list[dict[str, Any]] = []  # run in its controller's Manage step
    # Locations: stat bonuses for characters here, and what a character arriving here triggers.
    bonus_strength: int = 0
    bonus_health: int = 0
    bonus_prayer: int = 0
    on_arrive: list[dict[str, Any]] = []

    @model_validator(mode="after")
    def _check(self) -> Card:
        self.id = self.id or slug(self.title)
        if (self.side == "neutral") != (self.cost == 0):
            raise ValueError("a light or dark card needs a coloured cost above 0; a neutral card has none")
        is_char = self.type == "character"
        stats = (self.health, self.strength, self.prayer)
        if is_char and None in stats:
            raise ValueError("a character needs health, strength and prayer")
        if not is_char and any(s is not None for s in stats):
            raise ValueError("only characters have health, strength and prayer")
        if is_char and self.side == "dark" and self.prayer:
            raise ValueError("dark characters cannot pray, so their prayer is 0")
        if is_char and self.side == "light" and not self.prayer:
            raise ValueError("light characters pray, so their prayer is at least 1")
        if self.type in ("event", "psalm") and not self.effects:
            raise ValueError("events and psalms need effects")
        if self.type in ("event", "psalm") and (self.abilities or self.manage):
            raise ValueError("events and psalms resolve once; they have no abilities")
        if self.type != "location" and (
            self.on_arrive or self.bonus_health or self.bonus_prayer or self.bonus_strength
        ):
            raise ValueError("only locations have arrival effects and bonuses")
        if not SCRIPTURE.match(self.scripture):
            raise ValueError("scripture must look like 'Genesis 6:14' (book chapter:verse)")
        return self

    @property
    def title(self) -> str:
        return f"{self.name} - {self.version}" if self.version else self.name

    @property
    def total_cost(self) -> int:
        return self.cost + self.neutral


# Blocks whose `on` (or `dst`) defaults to the chosen target.
_ON_OPS = frozenset({"damage", "heal", "exhaust", "ready", "strength", "exile", "move_damage"})


def _validate(cards: list[Card]) -> None:
    from bot.games.faith.effects import BOOK
    from bot.games.faith.keywords import KEYWORDS

    for card in cards:
        where = f"data/faith: card {card.title}"
        BOOK.validate(card.effects, where)
        BOOK.validate(card.manage, where)
        BOOK.validate(card.on_arrive, where)
        for i, ability in enumerate(card.abilities):
            BOOK.validate(ability.effects, f"{where} ability {i + 1}")
        for kw in card.keywords:
            if kw not in KEYWORDS:
                raise CardDataError(f"{where}: unknown keyword {kw!r}")
            if card.type != "character":
                raise CardDataError(f"{where}: keywords belong on characters")
        _check_targets(card.effects, (card.target, card.target2), where)
        for ability in card.abilities:
            _check_targets(ability.effects, (ability.target, ability.target2), where)
        _check_targets(card.manage, ("none", "none"), where + " (manage)")
        _check_targets(card.on_arrive, ("none", "none"), where + " (arrival)")


def _check_targets(effects: list[dict[str, Any]], kinds: tuple[str, str], where: str) -> None:
    """Every block must point only at targets its card asks the player for."""
    chars = ("enemy_character", "own_character", "any_character")
    for block in effects:
        moving = block["op"] == "move_damage"
        defaults = {"on": None if moving else "target", "src": "source", "dst": "target" if moving else None}
        for key, default in defaults.items():
            value = block.get(key, default if block["op"] in _ON_OPS else None)
            if value == "target" and kinds[0] not in chars:
                raise CardDataError(f"{where}: {block['op']} points at a target the card does not ask for")
            if value == "target2" and kinds[1] not in chars:
                raise CardDataError(
                    f"{where}: {block['op']} points at a second target the card does not ask for"
                )
        if block.get("who") == "opponent" and "opponent" not in kinds:
            raise CardDataError(f"{where}: {block['op']} needs the card to ask for an opponent")


@cache
def catalogue() -> dict[str, Card]:
    cards = load_entries("faith", "card", Card)
    unique_ids(cards, "id", "data/faith")
    try:
        _validate(cards)
    except ValueError as exc:
        raise CardDataError(str(exc)) from exc
    return {c.id: c for c in cards}


def card(card_id: str) -> Card:
    return catalogue()[card_id]


def find(text: str) -> Card:
    """A card by id, by full title, or by a title prefix that fits one card only."""
    cards = catalogue()
    key = slug(text)
    if key in cards:
        return cards[key]
    hits = [c for c in cards.values() if c.id.startswith(key)] if key else []
    if len(hits) == 1:
        return hits[0]
    if hits:
        raise GameError(f"'{text}' fits several cards, such as {hits[0].title} and {hits[1].title}.")
    raise GameError(f"There is no Faith card called '{text}'.")


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    description: str
    cards: list[str]  # "3 Noah - Captain of the Ark", the same format as the text export


def preconstructed_raw() -> list[DeckEntry]:
    return load_entries("faith", "deck", DeckEntry)
