"""Card models for roles, powers and Boss decks, and the loader that checks them against the engine."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, field_validator, model_validator

from bot.engine.cards import CardDataError, load_entries, unique_ids
from bot.games.catharsis.costs import parse_cost

LEVELS = ("I", "II", "III", "IV")  # Aiden's song levels, as the cards print them
Scaled = int | list[int]  # one value, or one per starting party size 1-4 (1-6 for the Summoner's cards)


def scaled(value: Scaled, size: int) -> int:
    return value if isinstance(value, int) else value[max(1, min(size, len(value))) - 1]


def _check_scaled(value: Any) -> Any:
    if isinstance(value, list) and len(value) not in (4, 6):
        raise ValueError("a per-party-size value lists four numbers (1-4 players) or six (1-6 players)")
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
    prep: int = 0  # Artrial: served after being set aside, each Preparation counter adds this to every amount

    @field_validator("cost")
    @classmethod
    def _cost(cls, v: str) -> str:
        parse_cost(v.replace("#", "1"))  # Dimirith's `#` is a digit once his board numbers the power
        return v


class Face(Strict):
    """The other way up of a card that turns around (Fizzleboom & Burrr): two more abilities."""

    top: Ability
    bottom: Ability | None = None


class Power(Strict):
    id: str
    name: str
    role: str
    top: Ability
    bottom: Ability | None = None
    levels: list[Ability] = []  # Aiden's songs: Levels II, III and IV (`top` is Level I); no bottom
    turned: Face | None = None  # Fizzleboom & Burrr: what the card offers once turned around

    @model_validator(mode="after")
    def _song(self) -> Power:
        if self.levels and (len(self.levels) != 3 or self.bottom is not None):
            raise ValueError("a song has Level I as its top and exactly three more levels, and no bottom")
        return self


class Role(Strict):
    id: str
    name: str
    title: str
    passive: str
    flip: str
    blurb: str
    bottom_limit: int = 0  # Séalaithe: bottoms only while at most this many powers are ready (0: no limit)
    bottom_face_up: bool = False  # Dimirith: bottoms only while the Role card is face up (his Passive)
    sets_aside: bool = False  # Artrial: may pay a top cost to set the power aside and serve it later
    damage_replaces: bool = False  # Fizzleboom & Burrr: while face up, each point of damage swaps a power
    numbered: bool = False  # Dimirith: each place on the board carries a number 1-6 for `#` costs
    partner: str = ""  # Briggs and Liara: the second hero one player runs, and her Role card's text
    partner_passive: str = ""
    partner_flip: str = ""
    rules: str = ""  # how the pair plays, beyond their Role cards


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
    # The Summoner (summoner.py): a summoning card brings the next lesser bosses of its deck's sequence;
    # each summon grants the other foes a boon; the Summoner calls beaten summons back.
    summons: int = 0
    boon: Literal["", "blows", "ward"] = ""
    recall: int = 0
    villager_wound: Scaled = 0  # the Priest of the Unknown: health each saved villager takes off him
    gift: list[dict[str, Any]] = []  # Dragon & Lich: a blessing's gift to the hero who claims it (boons.py)
    price: list[dict[str, Any]] = []  # Dragon & Lich: what the next hero pays for an ally or a blessing
    # The Avatar (avatar.py): realm cards come in only when a crossroads leads there; legs keep order.
    realm: str = ""
    leg: int = 0
    crossroads: bool = False
    empower: Scaled = 0  # the Avatar: health gained per Power

    _v = field_validator("health", "villager_wound", "empower")(lambda cls, v: _check_scaled(v))

    @model_validator(mode="after")
    def _shape(self) -> Encounter:
        if self.kind in ("monster", "boss") and not self.summons and (not self.health or not self.attacks):
            raise ValueError("a monster or boss needs health and attacks")
        if self.kind == "special" and self.ability is None and not self.gift:
            raise ValueError("a special needs an ability (or, a blessing, a gift)")
        if self.kind == "special" and self.ability is not None and self.sacrifice < 1:
            raise ValueError("a special that joins the board needs a sacrifice of at least 1")
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
    challenge: bool = False  # one of the rulebook's four challenge decks, not a Boss deck
    most_players: int = 4  # the Summoner takes up to 6 heroes
    sequence: list[str] = []  # the Summoner: the lesser bosses, in the order his summoning cards bring them
    # The Priest of the Unknown: the chant track's length, per starting party size (a lone hero's fights
    # take more rounds, so his track is longer); the party loses when it is full.
    chant: Scaled = 0
    grows: bool = False  # the Avatar: laid out in legs and realms, and it gains Power per card revealed
    realms: dict[str, str] = {}  # the Avatar: realm id -> the realm's name
    # Party size -> the foes' health in percent at New Questors, Adventurers, Veterans and Last Ditch,
    # for a deck whose ladder needs its own slope at that size (house rule; else TOUGHNESS_BY_SIZE).
    ladder: dict[int, list[int]] = {}

    @field_validator("ladder")
    @classmethod
    def _ladder(cls, v: dict[int, list[int]]) -> dict[int, list[int]]:
        for size, pcts in v.items():
            if len(pcts) != 4 or pcts[1] != 100 or pcts != sorted(pcts):
                raise ValueError(f"ladder for {size}: four rising percentages, Adventurers (the card) 100")
        return v

    _v = field_validator("chant")(lambda cls, v: _check_scaled(v))

    def chant_length(self, party_size: int) -> int:
        """The chant track's length for this starting party size (0: no chant)."""
        return scaled(self.chant, party_size)


class Content(BaseModel):
    roles: dict[str, Role]
    powers: dict[str, Power]
    encounters: dict[str, Encounter]
    decks: dict[str, BossDeck]

    def role_powers(self, role: str) -> list[Power]:
        return [p for p in self.powers.values() if p.role == role]

    def deck_cards(self, deck: str) -> list[Encounter]:
        return [e for e in self.encounters.values() if e.deck == deck]

    def ability(self, card: str, half: str, face: int = 0) -> Ability | None:
        """A board card's ability: a role power's top/bottom (at the slot's level or side), or a special's."""
        if card in self.powers:
            p = self.powers[card]
            if p.levels:  # a song offers only the ability of its current level
                return (p.top, *p.levels)[min(face, 3)] if half == "top" else None
            side = p.turned if face and p.turned is not None else p
            return side.top if half == "top" else side.bottom
        enc = self.encounters.get(card)
        return enc.ability if enc is not None and half == "top" else None

    def song(self, card: str) -> bool:
        """Aiden's powers level up as they are used instead of exhausting."""
        return card in self.powers and bool(self.powers[card].levels)

    def turns(self, card: str) -> bool:
        """Fizzleboom & Burrr's powers turn around when used instead of exhausting."""
        return card in self.powers and self.powers[card].turned is not None

    def reusable(self, card: str) -> bool:
        """Used without exhausting and without the once-a-round limit: a song climbs, a duo card turns."""
        return self.song(card) or self.turns(card)

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
        halves = [("top", p.top), ("bottom", p.bottom), *((f"level {i + 2}", a) for i, a in enumerate(p.levels))]
        if p.turned is not None:
            halves += [("turned top", p.turned.top), ("turned bottom", p.turned.bottom)]
        for half, ab in halves:
            if ab is not None:
                _check_ability(BOOK, ab, f"catharsis power {p.id} {half}")
    for r in roles:
        n = sum(1 for p in powers if p.role == r.id)
        if n != 20:
            raise CardDataError(f"catharsis role {r.id}: has {n} powers, needs 20")
    for e in encounters:
        where = f"catharsis encounter {e.id}"
        for key in ("on_reveal", "on_defeat", "do", "linger", "on_flee", "round_end", "gift", "price"):
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
        for m in d.sequence:
            if m not in enc_ids:
                raise CardDataError(f"catharsis deck {d.id}: unknown summon {m!r}")
        for e in encounters:
            if e.deck == d.id and e.realm and e.realm not in d.realms:
                raise CardDataError(f"catharsis encounter {e.id}: unknown realm {e.realm!r}")
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
