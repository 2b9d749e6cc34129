"""Faith's game state: public table, secret decks, private hands.

Every physical card has a uid for the whole game, so "a card is in exactly one
zone" is checkable: each uid sits in one deck, one hand, one field or one exile.
Field and exile are public and carry the card id; decks and hands carry it only
in the secret and private parts.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel

from bot.engine.state import GameState, Part


class Phase(StrEnum):
    MULLIGAN = "mulligan"  # every player may alter their starting hand once
    GATHER = "gather"  # the active player chooses the light/dark split of this turn's energy
    ACTION = "action"
    DISCARD = "discard"  # the active player ends with more than 7 cards in hand
    OVER = "over"


class Held(BaseModel):
    """A card in a deck or a hand."""

    uid: int
    card: str


class InPlay(BaseModel):
    """A card on the field."""

    uid: int
    card: str
    exhausted: bool = False
    damage: int = 0
    entered: int = 0  # the turn number it came onto the field (summoning sickness)
    location: int | None = None  # uid of the location the character is at
    strength_bonus: int = 0  # from effects, until the end of the turn
    arrived: int = 0  # the turn a location's arrival effect last worked for this character


class Seat(BaseModel):
    faith: int = 1
    light: int = 0
    dark: int = 0
    hand_count: int = 0
    deck_count: int = 0
    field: list[InPlay] = []
    exile: list[Held] = []
    mulliganed: bool | None = None  # None: not decided yet
    out: bool = False  # lost by having to draw from an empty deck (3-4 players play on)


class Public(Part):
    phase: Phase = Phase.MULLIGAN
    turn: int = 0  # counts every player turn from 1; 0 before the first
    active: int = 0
    first: int = 0
    energy_due: int = 0  # set during Gather
    seats: list[Seat] = []
    winner: int | None = None
    next_uid: int = 0


class Secret(Part):
    decks: dict[int, list[Held]] = {}  # index 0 is the top


class Hand(Part):
    hand: list[Held] = []


class FaithState(GameState):
    public: Public
    secret: Secret
    players: dict[int, Hand]
