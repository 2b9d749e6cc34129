"""Events: what a command did, each with the audience that may see it."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, Field

from bot.engine.seats import GUIDE, Seat


class Audience(StrEnum):
    PUBLIC = "public"  # the channel
    SEAT = "seat"  # one player, by DM or an ephemeral reply
    GUIDE = "guide"  # the guide only


class Event(BaseModel):
    """One thing that happened. `text` is a plain sentence for its audience.

    Text may hold seat placeholders from `seat_ref` ("@{2}"), which the Discord
    layer replaces with that player's mention. A public event never carries a
    secret: engines put hidden details in a SEAT or GUIDE event instead.
    """

    kind: str
    text: str
    audience: Audience = Audience.PUBLIC
    seat: Seat | None = None
    data: dict[str, Any] = Field(default_factory=dict)

    @classmethod
    def public(cls, kind: str, text: str, **data: Any) -> Event:
        return cls(kind=kind, text=text, data=data)

    @classmethod
    def private(cls, seat: Seat, kind: str, text: str, **data: Any) -> Event:
        if seat == GUIDE:
            return cls.guide(kind, text, **data)
        return cls(kind=kind, text=text, audience=Audience.SEAT, seat=seat, data=data)

    @classmethod
    def guide(cls, kind: str, text: str, **data: Any) -> Event:
        return cls(kind=kind, text=text, audience=Audience.GUIDE, seat=GUIDE, data=data)

    def visible_to(self, viewer: Seat | None) -> bool:
        """Whether a viewer (a seat, GUIDE, or None for an onlooker) may see this event."""
        if self.audience is Audience.PUBLIC:
            return True
        if self.audience is Audience.GUIDE:
            return viewer == GUIDE
        return viewer is not None and viewer == self.seat
