"""Haunted's commands, a discriminated union on `type`.

`timed_out` is set only by the platform when it answers for a player who let
the timeout pass; the engine then says so in public.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field


class Play(BaseModel):
    """Play `card` from your hand onto `target`'s line number `line` (1-3)."""

    type: Literal["play"] = "play"
    card: str
    target: int
    line: int = Field(ge=1, le=3)
    mode: str | None = None  # for the two-way acquaintances: "remove" or "lap"


class Pass(BaseModel):
    """End your part of the current step (step 1, your defence, or step 3)."""

    type: Literal["pass"] = "pass"
    timed_out: bool = False


class Discard(BaseModel):
    """Step 4: discard one card."""

    type: Literal["discard"] = "discard"
    card: str
    timed_out: bool = False


class Redraw(BaseModel):
    """The alternative turn: discard your whole hand and draw a new one."""

    type: Literal["redraw"] = "redraw"


class Choose(BaseModel):
    """Answer the question the game put to you; `option` is one of the prompt's options."""

    type: Literal["choose"] = "choose"
    option: str
    timed_out: bool = False


HauntedCommand = Play | Pass | Discard | Redraw | Choose
Command = Annotated[HauntedCommand, Field(discriminator="type")]
