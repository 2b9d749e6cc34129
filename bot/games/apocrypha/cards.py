"""Apocrypha's card data: one pydantic model per card kind, and the loader that checks it all.

Cards live in data/apocrypha/*.toml under top-level arrays named for their kind
(`saints`, `gifts`, `threats`, `omens`, `mutations`, `fragments`, `deaths`,
`nexuses`, `missions`). Every power's effect blocks are checked against the
EffectBook when the data loads, so a card naming a block the engine cannot
carry out fails at start-up with its file and card named.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from bot.engine.cards import CardDataError, load_entries, unique_ids

Virtue = Literal["body", "mind", "rage", "soul"]
VIRTUE_NAMES: tuple[Virtue, ...] = ("body", "mind", "rage", "soul")
Position = Literal["top", "left", "right", "bottom"]
Side = Literal["hope", "doom"]

# The steps and moments a power can be used in. Turn steps, investigation
# steps, check steps, and the special Damage and Play steps ("play" powers
# change how other powers are paid for, e.g. lowering costs; "always" powers carry the golden
# rules' rulings, `may`/`cannot`/`never`/`set`, that hold while their card is in force).
Timing = Literal[
    "start",
    "support",
    "investigate",
    "avoid",
    "initiate",
    "act",
    "assist",
    "mutate",
    "assemble",
    "evaluate",
    "terminate",
    "win",
    "lose",
    "sanctify",
    "guard",
    "seal",
    "transfer",
    "move",
    "give",
    "end",
    "reset",
    "damage",
    "play",
    "mission_start",
    "mission_end",
    "any",
    "always",
]

# The cost hierarchy, highest first. Lowering moves one place down the list
# (bury -> discard), raising one place up (discard -> bury).
COST_HIERARCHY: tuple[str, ...] = ("sacrifice", "bury", "discard", "recycle", "shuffle", "reload")
# Costs outside the hierarchy: they cannot be lowered or raised.
OTHER_COSTS: tuple[str, ...] = ("slot", "display", "give", "none")
Cost = Literal[
    "sacrifice", "bury", "discard", "recycle", "shuffle", "reload", "slot", "display", "give", "none"
]

# Who a power may affect (the rulebook's positioning symbols).
Who = Literal["you", "nexus", "left", "right", "any", "all", "active", "halo"]
# What a power is used against: the card being confronted, or the check.
Vs = Literal["any", "gift", "threat", "true_threat", "mutated", "check"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False)


class Target(Strict):
    """One alternative way to win: 'Rage 9' is Target(virtue='rage', number=9)."""

    virtue: Virtue
    number: int = Field(ge=1, le=40)


class Keywords(Strict):
    chapter: str = "base"
    skills: list[str] = []
    traits: list[str] = []

    @field_validator("skills", "traits")
    @classmethod
    def _lower(cls, value: list[str]) -> list[str]:
        return [v.strip().lower() for v in value]

    def has(self, word: str) -> bool:
        w = word.lower()
        return w == self.chapter.lower() or w in self.skills or w in self.traits


Effect = dict[str, Any]


class Power(Strict):
    """One power: when it is usable, what it costs, and what it does.

    `effects` is a list of effect blocks (`{op = "draw", n = 1}`) run in order;
    `hook` names a registered hook for a power too odd for the blocks.
    Powers on saints, gifts, omens and fragments are optional unless
    `mandatory`; powers on nexuses, threats, missions and mutations are always
    mandatory (the engine applies them by itself).
    """

    timing: Timing
    vs: Vs = "any"
    vs_keyword: str | None = None
    vs_virtue: Virtue | None = None
    who: Who = "you"
    cost: Cost = "none"
    mandatory: bool = False
    effects: list[Effect] = []
    hook: str | None = None
    text: str = Field(min_length=1)

    @model_validator(mode="after")
    def _does_something(self) -> Power:
        if not self.effects and not self.hook:
            raise ValueError("a power needs effects or a hook")
        return self


class CardBase(Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    text: str = ""  # flavour, in the content engineer's words
    copies: int = Field(default=1, ge=1, le=40)
    powers: list[Power] = []


class SaintVirtue(Strict):
    virtue: Virtue
    value: int = Field(ge=0, le=6)
    position: Position


class Saint(CardBase):
    title: str = Field(min_length=1)  # the archetype, e.g. "Karmacologist"
    virtues: list[SaintVirtue]
    hand_size: int = Field(ge=1, le=10)
    omens: int = Field(ge=0, le=10)
    skills: dict[str, int] = {}
    alpha_gifts: list[str] = []

    @field_validator("skills")
    @classmethod
    def _skills(cls, value: dict[str, int]) -> dict[str, int]:
        return {k.strip().lower(): v for k, v in value.items()}

    @model_validator(mode="after")
    def _four_virtues(self) -> Saint:
        if sorted(v.virtue for v in self.virtues) != sorted(VIRTUE_NAMES):
            raise ValueError("a saint has each of body, mind, rage and soul exactly once")
        if sorted(v.position for v in self.virtues) != sorted(("top", "left", "right", "bottom")):
            raise ValueError("a saint's virtues sit at top, left, right and bottom, one each")
        return self

    def value(self, virtue: str) -> int:
        return next((v.value for v in self.virtues if v.virtue == virtue), 0)

    def at(self, position: str) -> SaintVirtue:
        return next(v for v in self.virtues if v.position == position)


class Gift(CardBase):
    virtue: Virtue
    targets: list[Target] = Field(min_length=1)
    keywords: Keywords = Keywords()
    alpha: bool = False
    # An Enhanced card (a chapter's altered version of a Base card): the Base card's id. While its
    # chapter is in the box, it stands in the box instead of that Base card (chapters.py).
    enhances: str = ""


class Threat(CardBase):
    targets: list[Target] = Field(min_length=1)
    keywords: Keywords = Keywords()
    # "threat" is an ordinary threat; masters and minions are true threats. A novem is one of the
    # nine mightiest true threats: displayed as a master, and its powers outside a confrontation
    # hold for the whole mission while it is at large (bot/games/apocrypha/chapters.py).
    rank: Literal["threat", "master", "minion", "novem"] = "threat"
    # Damage is of the check's virtue unless the card says otherwise.
    damage_virtue: Virtue | None = None
    enhances: str = ""  # an Enhanced threat: the Base threat it alters (see Gift.enhances)


class Omen(CardBase):
    side: Side
    # Paid to play the omen to investigate (default: it goes back to the box).
    cost: Cost = "sacrifice"
    # Conditions that hold for the rest of the Investigate step it was played in.
    during: list[Power] = []


class MutationResult(Strict):
    text: str = Field(min_length=1)
    effects: list[Effect] = []


class MutationSide(Strict):
    name: str = Field(min_length=1)
    results: list[MutationResult] = Field(min_length=6, max_length=6)  # index = d6 roll - 1


class Mutation(Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    vs_threat: MutationSide
    other: MutationSide
    copies: int = Field(default=1, ge=1, le=40)
    text: str = ""


class Fragment(CardBase):
    fleeting: bool = True
    # Cards this fragment adds to the saint's deck while it is in the halo: {soul = 1, omen = 1}.
    deck: dict[Literal["body", "mind", "rage", "soul", "omen"], int] = {}


class Death(CardBase):
    pass


class Requirement(Strict):
    """A guard or seal requirement: a check (any one of `targets`), a cost, or both."""

    text: str = Field(min_length=1)
    targets: list[Target] = []
    cost: Cost = "none"
    # Win vs. a new random card from the box instead: {kind = "gift", keyword = "relic"}.
    confront_new: dict[str, str] | None = None
    # A saint there suffers damage equal to the number of saints at the nexus.
    damage_per_saint: bool = False


class NexusSide(Strict):
    powers: list[Power] = []


class Nexus(Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    text: str = ""
    hope: NexusSide = NexusSide()
    doom: NexusSide = NexusSide()
    # Deck composition: number of cards per kind ("threat", "omen", "body", "mind", "rage", "soul").
    deck: dict[Literal["threat", "omen", "body", "mind", "rage", "soul"], int] = {}
    guard: Requirement
    seal: Requirement


class MissionNexus(Strict):
    """A nexus in a mission: a box nexus by id or a custom one with a name and a description."""

    nexus: str | None = None
    name: str | None = None
    description: str = ""
    min_saints: int = Field(default=1, ge=1, le=6)
    side: Side = "doom"
    cards: list[str] = []  # in order, top first
    mutations: list[str] = []
    notes: str = ""

    @model_validator(mode="after")
    def _named(self) -> MissionNexus:
        if not self.nexus and not self.name:
            raise ValueError("a mission nexus names a box nexus (`nexus`) or gives a custom `name`")
        return self

    @property
    def key(self) -> str:
        return self.nexus or slug(self.name or "nexus")


class RollTable(Strict):
    """A true threat that is a table (the Yule Lads): roll `dice`d6 + `add` (+ `alone` with no other
    saint at your nexus); result 1 is the first threat of `results`, clamped to the table."""

    dice: int = Field(default=2, ge=1, le=4)
    add: int = 0
    alone: int = 0
    results: list[str] = Field(min_length=1)


class MissionTrueThreat(Strict):
    role: Literal["master", "minion"]
    label: str = ""  # "A", "B", "C"
    threat: str = ""  # the displayed threat; empty for a table
    name: str = ""  # the displayed name of a table true threat ("Yule Lads")
    table: RollTable | None = None
    archetypes: list[int] = []
    nexus: str | None = None

    @model_validator(mode="after")
    def _one_card(self) -> MissionTrueThreat:
        if bool(self.threat) == bool(self.table):
            raise ValueError("a true threat names a `threat` or gives a `table`, not both")
        return self

    @property
    def title(self) -> str:
        return self.name or self.threat.replace("_", " ").title()


class PencilMark(Strict):
    """A line on the back of a chapter's divider, kept in pencil from mission to mission: a tick box
    (most = 1) or a tally up to `most`."""

    key: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    most: int = Field(default=1, ge=1, le=20)
    text: str = ""


class Chapter(Strict):
    """A chapter of the storybooks: its cards (keywords.chapter = its id) join the box when one of
    its missions is prepared, and its chapter powers apply during its missions."""

    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    divider: str = ""  # what the back of the chapter's divider tells the players
    power_name: str = ""  # the chapter power's name ("Lycanthropy")
    powers: list[Power] = []
    pencil: list[PencilMark] = []  # what the divider's back asks the choir to track (pencil.py)


class PencilWrite(Strict):
    """A mission writes on its chapter's divider when it ends: `add` (or rub out, if negative) marks."""

    when: Literal["won", "lost"]
    mark: str
    add: int = Field(default=1, ge=-20, le=20)


class PencilRead(Strict):
    """A mission reads its chapter's divider when it is prepared: the clock changes by
    `clock` omens for each mark of `mark`."""

    mark: str
    clock: int = Field(ge=-12, le=12)
    text: str = Field(min_length=1)


class ClockEntry(Strict):
    card: str
    after_turns: int = Field(default=0, ge=0)


class Mission(Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    name: str = Field(min_length=1)
    mode: Literal["guided", "coop"] = "guided"
    lowdown: str = Field(min_length=1)
    structures: list[str] = []
    nexuses: list[MissionNexus] = Field(min_length=1)
    true_threats: list[MissionTrueThreat] = []
    gifts: dict[str, list[str]] = {}  # nexus key -> gift ids
    threats: dict[str, list[str]] = {}  # nexus key -> threat ids
    delays: list[str] = []
    powers: list[Power] = []
    fragments: list[Fragment] = []  # custom fragments this mission hands out
    # The box fragment printed on the back of the mission card: on display after a win, unless a saint
    # of the choir already holds it (Christmas in Candlepoint: The Abandoned House).
    back_fragment: str = ""
    clock_omens: int = Field(default=24, ge=0, le=60)
    # A Candle for Each: omens per saint, and omens to start with whatever the choir's size.
    candles: int = Field(default=8, ge=1, le=12)
    candle_base: int = Field(default=0, ge=0, le=24)
    clock_extra: list[ClockEntry] = []
    text: str = ""
    # Co-op structures by key (bot/games/apocrypha/structures.py); a co-op mission names all three.
    clock: str = ""
    nexus_rules: str = ""
    goal: str = ""
    # The chapter the mission belongs to (a `chapters` id): only base cards and that chapter's are
    # in the box. Empty: every chapter's cards are (a guide's own mission may use any).
    chapter: str = ""
    # What the mission writes on, and reads from, its chapter's divider (pencil.py).
    pencil_writes: list[PencilWrite] = []
    pencil_reads: list[PencilRead] = []


def slug(name: str) -> str:
    out = "".join(c if c.isalnum() else "_" for c in name.lower()).strip("_")
    while "__" in out:
        out = out.replace("__", "_")
    return out or "card"


Card = Saint | Gift | Threat | Omen | Mutation | Fragment | Death | Nexus | Mission | Chapter

KINDS: dict[str, type[BaseModel]] = {
    "saints": Saint,
    "gifts": Gift,
    "threats": Threat,
    "omens": Omen,
    "mutations": Mutation,
    "fragments": Fragment,
    "deaths": Death,
    "nexuses": Nexus,
    "missions": Mission,
    "chapters": Chapter,
}


class CardBook(BaseModel):
    """Every Apocrypha card, by kind and by id, validated."""

    saints: dict[str, Saint] = {}
    gifts: dict[str, Gift] = {}
    threats: dict[str, Threat] = {}
    omens: dict[str, Omen] = {}
    mutations: dict[str, Mutation] = {}
    fragments: dict[str, Fragment] = {}
    deaths: dict[str, Death] = {}
    nexuses: dict[str, Nexus] = {}
    missions: dict[str, Mission] = {}
    chapters: dict[str, Chapter] = {}

    def kind_of(self, card_id: str) -> str | None:
        for kind in ("gifts", "threats", "omens", "fragments", "deaths", "mutations", "nexuses", "saints"):
            if card_id in getattr(self, kind):
                return kind
        return None

    def card(self, card_id: str) -> Any:
        kind = self.kind_of(card_id)
        if kind is None:
            raise KeyError(card_id)
        return getattr(self, kind)[card_id]

    def counts(self) -> dict[str, int]:
        return {kind: len(getattr(self, kind)) for kind in KINDS}


def all_powers(card: Any) -> list[tuple[str, Power]]:
    """Every power on a card with a label saying where it sits."""
    found: list[tuple[str, Power]] = [(f"powers[{i}]", p) for i, p in enumerate(getattr(card, "powers", []))]
    if isinstance(card, Omen):
        found += [(f"during[{i}]", p) for i, p in enumerate(card.during)]
    if isinstance(card, Nexus):
        found += [(f"hope.powers[{i}]", p) for i, p in enumerate(card.hope.powers)]
        found += [(f"doom.powers[{i}]", p) for i, p in enumerate(card.doom.powers)]
    if isinstance(card, Mission):
        for frag in card.fragments:
            found += [(f"fragments.{frag.id}.{where}", p) for where, p in all_powers(frag)]
    return found


def validate_effects(card: Any, where: str) -> None:
    from bot.games.apocrypha.effects import BOOK, validate_blocks

    for label, power in all_powers(card):
        validate_blocks(power.effects, f"{where} ({card.id}) {label}")
        if power.hook and not BOOK.has_hook(power.hook):
            raise CardDataError(f"{where} ({card.id}) {label}: unknown hook {power.hook!r}")
    if isinstance(card, Mutation):
        for side_name, side in (("vs_threat", card.vs_threat), ("other", card.other)):
            for i, result in enumerate(side.results):
                validate_blocks(result.effects, f"{where} ({card.id}) {side_name}.results[{i}]")


def load_book(root: Path | None = None) -> CardBook:
    """Load and cross-check all of data/apocrypha (or `root`/apocrypha). Fails naming file and card."""
    book = CardBook()
    for key, model in KINDS.items():
        entries = load_entries("apocrypha", key, model, root)
        unique_ids(entries, "id", f"apocrypha {key}")
        for entry in entries:
            try:
                validate_effects(entry, f"apocrypha {key}")
            except ValueError as exc:
                raise CardDataError(str(exc)) from exc
        getattr(book, key).update({e.id: e for e in entries})  # type: ignore[attr-defined]
    _cross_check(book)
    return book


def _cross_check(book: CardBook) -> None:
    ids: dict[str, str] = {}
    for kind in ("gifts", "threats", "omens", "fragments", "deaths", "mutations", "nexuses", "saints"):
        for card_id in getattr(book, kind):
            if card_id in ids:
                raise CardDataError(f"apocrypha: id {card_id!r} is used by both {ids[card_id]} and {kind}")
            ids[card_id] = kind
    for saint in book.saints.values():
        for gift in saint.alpha_gifts:
            if gift not in book.gifts:
                raise CardDataError(f"apocrypha saints ({saint.id}): alpha gift {gift!r} is not a gift")
    for kind in ("gifts", "threats"):
        for card in getattr(book, kind).values():
            chapter = card.keywords.chapter.lower()
            if chapter != "base" and chapter not in book.chapters:
                raise CardDataError(f"apocrypha {kind} ({card.id}): chapter {chapter!r} is not a chapter")
            if card.enhances:
                base = getattr(book, kind).get(card.enhances)
                if base is None or base.keywords.chapter.lower() != "base" or chapter == "base":
                    raise CardDataError(
                        f"apocrypha {kind} ({card.id}): an Enhanced card is a chapter's card altering a Base "
                        f"{kind[:-1]}, and {card.enhances!r} is not one"
                    )
    for mission in book.missions.values():
        check_mission(book, mission)


def check_mission(book: CardBook, mission: Mission) -> None:
    """Every card, nexus and mutation a mission names is in the box (a box mission or a guide's own)."""
    where = f"apocrypha missions ({mission.id})"
    custom = {f.id for f in mission.fragments}
    for nx in mission.nexuses:
        if nx.nexus and nx.nexus not in book.nexuses:
            raise CardDataError(f"{where}: nexus {nx.nexus!r} is not a nexus")
        for card in nx.cards:
            if book.kind_of(card) not in ("gifts", "threats", "omens") and card not in custom:
                raise CardDataError(f"{where}: nexus card {card!r} is not a gift, threat or omen")
        for mut in nx.mutations:
            if mut not in book.mutations:
                raise CardDataError(f"{where}: mutation {mut!r} is not a mutation")
    for tt in mission.true_threats:
        for threat in tt.table.results if tt.table else [tt.threat]:
            if threat not in book.threats:
                raise CardDataError(f"{where}: true threat {threat!r} is not a threat")
            if book.threats[threat].rank == "novem" and tt.role != "master":
                raise CardDataError(f"{where}: the novem {threat!r} is displayed as a master")
    if mission.back_fragment and mission.back_fragment not in book.fragments:
        raise CardDataError(f"{where}: back fragment {mission.back_fragment!r} is not a fragment")
    if mission.chapter and mission.chapter not in book.chapters:
        raise CardDataError(f"{where}: chapter {mission.chapter!r} is not a chapter")
    marks = {m.key for m in book.chapters[mission.chapter].pencil} if mission.chapter in book.chapters else set()
    for line in [*mission.pencil_writes, *mission.pencil_reads]:
        if line.mark not in marks:
            raise CardDataError(f"{where}: {line.mark!r} is not on its chapter's divider")
    if mission.mode == "coop":
        from bot.games.apocrypha.structures import check_mission as check_structure

        problem = check_structure(mission)
        if problem:
            raise CardDataError(f"{where}: {problem}")
    for table, kind in ((mission.gifts, "gifts"), (mission.threats, "threats")):
        for card_ids in table.values():
            for card in card_ids:
                if card not in getattr(book, kind):
                    raise CardDataError(f"{where}: {card!r} is not in {kind}")
    for entry in mission.clock_extra:
        if book.kind_of(entry.card) not in ("gifts", "threats", "omens"):
            raise CardDataError(f"{where}: clock card {entry.card!r} is not a gift, threat or omen")


@lru_cache(maxsize=4)
def cached_book(root: str | None = None) -> CardBook:
    return load_book(Path(root) if root else None)
