"""The shape every game's state has, and the one projection that hides what a viewer may not see."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.engine.prng import Rng
from bot.engine.seats import GUIDE, Seat


class Part(BaseModel):
    """Base for the public, secret and private parts of a state."""

    model_config = ConfigDict(validate_assignment=False)


class GameState(BaseModel):
    """One game's whole state, JSON-serialisable.

    - `public`: what everyone at the table sees.
    - `secret`: what nobody at the table sees (deck order, facedown cards); the
      guide sees it when the game has one.
    - `players`: each seat's private part (their hand).
    - `rng`: the seeded generator; never shown to anyone.

    Games subclass this and narrow the types of the three parts.
    """

    schema_version: int = 1
    rng: Rng
    public: Part
    secret: Part = Part()
    players: dict[int, Part] = {}


def project(state: GameState, viewer: Seat | None) -> dict[str, Any]:
    """What `viewer` may see of `state`, as plain JSON data.

    viewer is a player seat, GUIDE, or None for an onlooker. Players get the
    public part and their own private part; the guide gets the public and the
    secret parts (not the hands); an onlooker gets the public part only.
    """
    view: dict[str, Any] = {"public": state.public.model_dump(mode="json")}
    if viewer == GUIDE:
        view["secret"] = state.secret.model_dump(mode="json")
    elif viewer is not None and viewer in state.players:
        view["private"] = state.players[viewer].model_dump(mode="json")
    return view
