"""SCP: Apollyon's card models and the loader for data/apollyon/*.toml.

Anomaly powers are lists of effect blocks keyed by timing; `catalogue()` loads
every file once and checks every block against the effect book, so a card the
engine cannot carry out fails at start-up.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.engine.cards import CardDataError, load_entries, unique_ids

ASSETS: tuple[str, ...] = ("resource", "personnel", "space")
CLASSES: tuple[str, ...] = ("safe", "euclid", "keter", "thaumiel", "archon", "apollyon")
SKILLS: frozenset[str] = frozenset(
    {
        "scout",
        "analyst",
        "tactician",
        "medic",
        "diplomat",
        "amnestics",
        "scientist",
        "security",
        "researcher",
        "engineer",
        "antimemetic",
    }
)
TIMINGS: tuple[str, ...] = ("passive", "first_contact", "start", "monthly", "end", "contained")

AnomalyClass = Literal["safe", "euclid", "keter", "thaumiel", "archon", "apollyon"]
Effects = list[dict[str, Any]]


class Cost(BaseModel):
    model_config = ConfigDict(extra="forbid")

    resource: int = Field(0, ge=0)
    personnel: int = Field(0, ge=0)
    space: int = Field(0, ge=0)

    def items(self) -> list[tuple[str, int]]:
        return [(k, getattr(self, k)) for k in ASSETS]

    @property
    def total(self) -> int:
        return self.resource + self.personnel + self.space


class AnomalyCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    designation: str
    cls: AnomalyClass
    cost: Cost
    masquerade: int = Field(ge=0)
    threat: int = Field(ge=0)
    subdue: int = Field(ge=1)
    text: str = Field(min_length=10)
    passive: Effects = []
    first_contact: Effects = []
    start: Effects = []
    monthly: Effects = []
    end: Effects = []
    contained: Effects = []


class CharacterCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    skills: dict[str, int] = {}
    force: int = Field(ge=0)
    health: int = Field(ge=1)
    text: str = ""


class SituationCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    text: str = Field(min_length=10)
    danger: int = Field(ge=1, le=6)
    masquerade: int = Field(ge=0)
    # The hidden side: the anomaly deck it leads to, or a false alarm.
    leads: Literal["safe", "euclid", "keter", "thaumiel", "archon", "false_alarm"]


class EventCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    text: str = Field(min_length=10)
    effects: Effects = Field(min_length=1)


class AssetCard(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    name: str
    text: str = Field(min_length=10)
    gain: Cost


class Catalogue:
    def __init__(self) -> None:
        self.anomalies = {c.id: c for c in load_entries("apollyon", "anomaly", AnomalyCard)}
        self.characters = {c.id: c for c in load_entries("apollyon", "character", CharacterCard)}
        self.situations = {c.id: c for c in load_entries("apollyon", "situation", SituationCard)}
        self.events = {c.id: c for c in load_entries("apollyon", "event", EventCard)}
        self.assets = {c.id: c for c in load_entries("apollyon", "asset", AssetCard)}
        every: list[Any] = [
            *self.anomalies.values(),
            *self.characters.values(),
            *self.situations.values(),
            *self.events.values(),
            *self.assets.values(),
        ]
        unique_ids(every, "id", "data/apollyon")
        self._check()

    def _check(self) -> None:
        from bot.games.apollyon.effects import BOOK, check_passive, validate_nested

        for card in self.anomalies.values():
            for timing in TIMINGS:
                blocks = getattr(card, timing)
                BOOK.validate(blocks, f"data/apollyon: anomaly {card.id} {timing}")
                validate_nested(blocks, f"data/apollyon: anomaly {card.id} {timing}")
                if timing == "passive":
                    check_passive(blocks, f"data/apollyon: anomaly {card.id}")
            if card.contained and card.cls != "thaumiel":
                raise CardDataError(
                    f"data/apollyon: anomaly {card.id}: only Thaumiel cards have contained text"
                )
        for event in self.events.values():
            BOOK.validate(event.effects, f"data/apollyon: event {event.id}")
            validate_nested(event.effects, f"data/apollyon: event {event.id}")
        for char in self.characters.values():
            unknown = set(char.skills) - SKILLS
            if unknown:
                raise CardDataError(f"data/apollyon: character {char.id}: unknown skills {sorted(unknown)}")

    def deck(self, cls: str) -> list[str]:
        return sorted(c.id for c in self.anomalies.values() if c.cls == cls)

    def counts(self) -> dict[str, int]:
        return {
            "anomaly": len(self.anomalies),
            "character": len(self.characters),
            "situation": len(self.situations),
            "event": len(self.events),
            "asset": len(self.assets),
        }


@cache
def catalogue() -> Catalogue:
    return Catalogue()
