"""Catharsis commands: a discriminated union on `type`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field


class Nudge(BaseModel):
    seat: int
    die: int
    delta: int


class Aim(BaseModel):
    """What an ability is pointed at: a foe, an ally (and one of their powers), dice to adjust."""

    target: int | None = None
    targets: list[int] = []
    ally: int | None = None
    ally_slot: int | None = None
    adjust: list[Nudge] = []
    refresh: list[int] = []  # a heal: which exhausted powers of the healed hero to refresh


class ChooseRole(BaseModel):
    type: Literal["role"] = "role"
    role: str


class Roll(BaseModel):
    type: Literal["roll"] = "roll"


class Reroll(BaseModel):
    type: Literal["reroll"] = "reroll"
    dice: list[int]


class Activate(Aim):
    type: Literal["activate"] = "activate"
    slot: int
    half: Literal["top", "bottom"] = "top"
    dice: list[int] = []
    boost: bool = False


class SetAside(BaseModel):
    """Artrial pays a power's top cost to set it aside instead of using it."""

    type: Literal["aside"] = "aside"
    slot: int
    dice: list[int] = []


class Serve(Aim):
    """Artrial triggers a set-aside power (index into his aside row), top or bottom, with its Preparation."""

    type: Literal["serve"] = "serve"
    index: int
    half: Literal["top", "bottom"] = "top"


class Bind(BaseModel):
    """Liara binds one of her essences (index into her row) onto Briggs's board, paying its top cost."""

    type: Literal["bind"] = "bind"
    essence: int
    dice: list[int] = []


class DuoUse(Aim):
    """A hero uses their half (top or bottom) of the duo power they share."""

    type: Literal["duo"] = "duo"
    half: Literal["top", "bottom"] = "top"
    dice: list[int] = []


class Passive(Aim):
    type: Literal["passive"] = "passive"
    dice: list[int] = []
    value: int | None = None


class Flip(Aim):
    type: Literal["flip"] = "flip"
    dice: list[int] = []
    gifts: list[Nudge] = []  # Hidorian: pool dice handed to heroes (seat, value in `die`)
    value: int | None = None  # Fizzleboom & Burrr: which discarded power goes back under the deck


class Done(BaseModel):
    type: Literal["done"] = "done"


class Take(BaseModel):
    type: Literal["take"] = "take"
    packet: int = 0
    points: int | None = None
    slots: list[int] = []


class CastVote(BaseModel):
    type: Literal["vote"] = "vote"
    option: int


class Recover(BaseModel):
    type: Literal["recover"] = "recover"
    slots: list[int] = []


class Claim(BaseModel):
    type: Literal["claim"] = "claim"
    discard: list[int]


class Pass(BaseModel):
    type: Literal["pass"] = "pass"


AnyCommand = (
    ChooseRole
    | Roll
    | Reroll
    | Activate
    | SetAside
    | Serve
    | Bind
    | DuoUse
    | Passive
    | Flip
    | Done
    | Take
    | CastVote
    | Recover
    | Claim
    | Pass
)
Command = Annotated[AnyCommand, Field(discriminator="type")]
