"""Card models for roles, powers and Boss decks, and the loader that checks them against the engine."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from bot.engine.cards import CardDataError, load_entries, unique_ids
from bot.games.catharsis.costs import parse_cost

Scaled = int | list[int]  # one value, or one per starting party size 1/2/3/4


def scaled(value: Scaled, size: int) -> int:
    return value if isinstance(value, int) else value[max(1, min(size, 4)) - 1]


def _check_scaled(value: Any) -> Any:
    if isinstance(value, list) and len(value) != 4:
        raise ValueError("a per-party-size value lists exactly four numbers (1/2/3/4 players)")
    return value


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Ability(Strict):
    cost: str
    do: list[dict[str, Any]]
    exhaust: bool = True
    pool: bool = False  # Hidorian's Retrieve: paid from his pools, not from rolled dice
    store: bool = False  # Hidorian's Store: the dice go to his pools at the end of the attack phase
    combo: bool = False  # Tenzin's Combo: each alternative may be paid once before the power exhausts
    boost: list[dict[str, Any]] = []  # Jaden: extra blocks if he takes a Spore counter

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: str) -> str:
        parse_cost(v)
        return v


class Power(Strict):
    id: str
    name: str
    role: str
    top: Ability
    bottom: Ability | None = None


class Role(Strict):
    id: str
    name: str
    title: str
    passive: str
    flip: str
    blurb: str
    bottom_limit: int = 0  # Séalaithe: bottoms only while at most this many powers are ready (0: no limit)


class Attack(Strict):
    kind: Literal["player", "party", "each", "morale", "discard_each", "burn_each"]
    amount: Scaled

    _v = field_validator("amount")(lambda cls, v: _check_scaled(v))


class Choice(Strict):
    label: str
    do: list[dict[str, Any]]


Kind = Literal["monster", "trap", "event", "special", "boss"]


class Encounter(Strict):
    id: str
    name: str
    deck: str
    kind: Kind
    copies: int = 1
    health: Scaled = 0
    attacks: list[Attack] = []
    armor: int = 0
    on_reveal: list[dict[str, Any]] = []
    on_defeat: list[dict[str, Any]] = []
    do: list[dict[str, Any]] = []  # traps and events: what happens at once
    choices: list[Choice] = []  # traps and events: a party vote between these
    linger: list[dict[str, Any]] = []  # Horrific Mass: what a set-aside trap does at each later fight
    sacrifice: int = 0  # specials: powers to discard to gain it
    ability: Ability | None = None  # specials: the power gained
    minions: list[str] = []  # bosses: foes that enter the fight beside it
    flee: int = 0  # Demon-eyed Sniper: after each round she survives she slips this many cards deeper
    on_flee: list[dict[str, Any]] = []  # what her escape costs the party
    cornered: list[Attack] = []  # her full arsenal, added to her attacks once no card is left to hide in
    aside: bool = False  # King's Guard: a trap the party may set aside instead of facing it
    regenerate: bool = False  # the Royal Guard: set-aside cards make it knit and rise again
    frenzy: list[Attack] = []  # Ruby King Rizardo: added to his attacks once his guard can rise no more
    recurring: bool = False  # Verminologist: a trap or event that creeps back into the deck once
    summon: str = ""  # Verminologist: the pet it calls up at the end of every round
    summon_cap: int = 0  # at most this many of its pets standing at once
    round_end: list[dict[str, Any]] = []  # Godmind and its herald: what happens at each round's end while it stands
    unity: bool = False  # Godmind: its blows grow by 1 for every 2 powers the party has passed
    spurns_borrowed: bool = False  # the Herald of Verity: no damage from a power its user did not start with

    _v = field_validator("health")(lambda cls, v: _check_scaled(v))

    @model_validator(mode="after")
    def _shape(self) -> Encounter:
        if self.kind in ("monster", "boss") and (not self.health or not self.attacks):
            raise ValueError("a monster or boss needs health and attacks")
        if self.kind == "special" and (self.ability is None or self.sacrifice < 1):
            raise ValueError("a special needs an ability and a sacrifice of at least 1")
        if self.kind in ("trap", "event") and not (self.do or self.choices):
            raise ValueError("a trap or event needs effects or choices")
        return self


class BossDeck(Strict):
    id: str
    name: str
    boss: str
    counter: Literal["none", "burn", "growth"] = "none"
    boss_start: Literal["bottom", "top"] = "bottom"  # the Demon-eyed Sniper starts on top of her deck
    blurb: str


class Content(BaseModel):
    roles: dict[str, Role]
    powers: dict[str, Power]
    encounters: dict[str, Encounter]
    decks: dict[str, BossDeck]

    def role_powers(self, role: str) -> list[Power]:
        return [p for p in self.powers.values() if p.role == role]

    def deck_cards(self, deck: str) -> list[Encounter]:
        return [e for e in self.encounters.values() if e.deck == deck]

    def ability(self, card: str, half: str) -> Ability | None:
        """A board card's ability: a role power's top/bottom, or a special's one ability."""
        if card in self.powers:
            p = self.powers[card]
            return p.top if half == "top" else p.bottom
        enc = self.encounters.get(card)
        return enc.ability if enc is not None and half == "top" else None

    def card_name(self, card: str) -> str:
        if card in self.powers:
            return self.powers[card].name
        return self.encounters[card].name


def load_content(root: Path | None = None) -> Content:
    from bot.games.catharsis.effects import BOOK

    roles = load_entries("catharsis", "roles", Role, root)
    powers = load_entries("catharsis", "powers", Power, root)
    encounters = load_entries("catharsis", "encounters", Encounter, root)
    decks = load_entries("catharsis", "decks", BossDeck, root)
    for items, attr, what in (
        (roles, "id", "roles"),
        (powers, "id", "powers"),
        (encounters, "id", "encounters"),
    ):
        unique_ids(items, attr, f"catharsis {what}")
    unique_ids(decks, "id", "catharsis decks")
    role_ids = {r.id for r in roles}
    enc_ids = {e.id for e in encounters}
    for p in powers:
        if p.role not in role_ids:
            raise CardDataError(f"catharsis power {p.id}: unknown role {p.role!r}")
        for half, ab in (("top", p.top), ("bottom", p.bottom)):
            if ab is not None:
                _check_ability(BOOK, ab, f"catharsis power {p.id} {half}")
    for r in roles:
        n = sum(1 for p in powers if p.role == r.id)
        if n != 20:
            raise CardDataError(f"catharsis role {r.id}: has {n} powers, needs 20")
    for e in encounters:
        where = f"catharsis encounter {e.id}"
        for key in ("on_reveal", "on_defeat", "do", "linger", "on_flee", "round_end"):
            BOOK.validate(getattr(e, key), f"{where} {key}")
        for c in e.choices:
            BOOK.validate(c.do, f"{where} choice {c.label!r}")
        if e.ability is not None:
            _check_ability(BOOK, e.ability, f"{where} ability")
        for m in [*e.minions, *([e.summon] if e.summon else [])]:
            if m not in enc_ids:
                raise CardDataError(f"{where}: unknown minion {m!r}")
    for d in decks:
        boss = next((e for e in encounters if e.id == d.boss), None)
        if boss is None or boss.kind != "boss" or boss.deck != d.id:
            raise CardDataError(f"catharsis deck {d.id}: boss {d.boss!r} is not a boss card of this deck")
    try:
        return Content(
            roles={r.id: r for r in roles},
            powers={p.id: p for p in powers},
            encounters={e.id: e for e in encounters},
            decks={d.id: d for d in decks},
        )
    except ValueError as exc:  # pragma: no cover - the models above already validated
        raise CardDataError(str(exc)) from exc


def _check_ability(book: Any, ab: Ability, where: str) -> None:
    try:
        book.validate(ab.do, where)
        book.validate(ab.boost, f"{where} boost")
    except ValueError as exc:
        raise CardDataError(str(exc)) from exc


@lru_cache(maxsize=1)
def content() -> Content:
    return load_content()
