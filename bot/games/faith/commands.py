"""Faith's commands: a discriminated union on `type`. Card and character arguments are uids."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field


class Mulligan(BaseModel):
    """Put these hand cards on the bottom (in random order) and draw back to 5; [] keeps the hand."""

    type: Literal["mulligan"] = "mulligan"
    cards: list[int] = []


class Gather(BaseModel):
    """Take this turn's energy: `light` of it as light energy, the rest as dark."""

    type: Literal["gather"] = "gather"
    light: int = Field(ge=0)


class Play(BaseModel):
    """Play a hand card. neutral_light: how much of the neutral cost to pay with light (None: the
    bot picks). recite: a ready character of yours to exhaust instead of paying (psalms only)."""

    type: Literal["play"] = "play"
    card: int
    neutral_light: int | None = Field(None, ge=0)
    recite: int | None = None
    target: int | None = None
    target2: int | None = None
    opponent: int | None = None


class Activate(BaseModel):
    type: Literal["ability"] = "ability"
    card: int
    index: int = Field(0, ge=0)
    neutral_light: int | None = Field(None, ge=0)
    target: int | None = None
    target2: int | None = None
    opponent: int | None = None


class Move(BaseModel):
    type: Literal["move"] = "move"
    character: int
    location: int
    pay: Literal["light", "dark"] | None = None  # for a neutral location: which energy to spend


class Pray(BaseModel):
    type: Literal["pray"] = "pray"
    character: int


class Challenge(BaseModel):
    type: Literal["challenge"] = "challenge"
    attacker: int
    target: int


class EndTurn(BaseModel):
    type: Literal["end_turn"] = "end_turn"


class Discard(BaseModel):
    """At the end of the turn: the hand cards to exile to get down to 7."""

    type: Literal["discard"] = "discard"
    cards: list[int]


AnyCommand = Mulligan | Gather | Play | Activate | Move | Pray | Challenge | EndTurn | Discard
Command = Annotated[AnyCommand, Field(discriminator="type")]
