"""Apocrypha's game state: the public table, the guide's secrets, and each saint's hand.

Cards in play are instances named "<card id>#<n>" so two copies are told
apart and no instance can be in two places. Hidden zones (nexus decks, the
clock, saints' decks) sit in `secret`, which only the guide sees; hands and
bury piles sit in each saint's private part; the public part holds counts and
faceup cards only.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel

from bot.engine.dice import Pool
from bot.engine.state import GameState, Part
from bot.games.apocrypha.cards import Mission

Step = Literal["setup", "start", "support", "investigate", "sanctify", "transfer", "end", "over"]
TURN_STEPS: tuple[str, ...] = ("start", "support", "investigate", "sanctify", "transfer", "end")
ConfrontStep = Literal["avoid", "initiate", "act", "terminate"]

# Halo slots, row by row; 4 is the saint card itself.
HALO_SLOTS = 9
SAINT_SLOT = 4
TOP_ROW = (0, 1, 2)
LEFT_COLUMN = (0, 3, 6)
RIGHT_COLUMN = (2, 5, 8)
BOTTOM_ROW = (6, 7, 8)


def card_id(uid: str) -> str:
    return uid.split("#", 1)[0]


# A power's temporary copy of a card is the instance "<card id>#copy<n>" (copies.py).
COPY_MARK = "#copy"


def is_copy(uid: str | None) -> bool:
    return bool(uid) and COPY_MARK in uid  # type: ignore[operator]


class SaintView(BaseModel):
    """What the table sees of one saint."""

    seat: int
    saint_id: str
    name: str
    title: str = ""
    hand_size: int
    nexus: str | None = None
    sealed_at: str | None = None  # the sealed nexus the saint still stands at, until they move
    hand_count: int = 0
    deck_count: int = 0
    bury_count: int = 0
    discard: list[str] = []
    halo: dict[int, str] = {}  # slot -> card instance (fragments, deaths, slotted cards)
    fading: bool = False
    skill_bonus: dict[str, int] = {}
    mission_deaths: int = 0


class NexusView(BaseModel):
    key: str
    name: str
    description: str = ""
    box_id: str | None = None
    side: Literal["hope", "doom"] = "doom"
    count: int = 0
    sealed: bool = False


class Assist(BaseModel):
    seat: int
    virtue: str
    value: int
    rerolls_left: int
    accepted: bool = False


class MutationApplied(BaseModel):
    mutation: str
    side: str
    rolls: list[int]
    result: int
    text: str


class Check(BaseModel):
    """A check in progress: target, assist, mutate, assemble, evaluate."""

    seat: int
    virtue: str
    original_virtue: str
    target: int | None = None
    vs: Literal["gift", "threat", "none"] = "none"
    stage: Literal["assist", "assemble", "evaluate", "done"] = "assist"
    assists: list[Assist] = []
    mutated: bool = False
    mutations: list[MutationApplied] = []
    extra: dict[str, int] = {}  # colour -> added dice
    skills: list[str] = []  # skills that may influence this check
    skill_used: str | None = None
    plan: list[dict[str, Any]] = []  # queued evaluate steps from cards, mutations, threats
    granted_rerolls: int = 0
    result_adjust: int = 0
    pool: Pool | None = None
    total: int | None = None
    success: bool | None = None
    margin: int | None = None
    notes: list[str] = []
    purpose: str = "confront"  # confront, guard, seal, guide
    awaiting_mutation: bool = False  # guided: assisted, and the guide has yet to choose the mutation


class Confrontation(BaseModel):
    seat: int
    card: str
    kind: Literal["gift", "threat"]
    step: ConfrontStep = "avoid"
    target_adjust: int = 0
    queued_mutations: list[str] = []
    mutated: bool = False
    checks: int = 0
    won: bool | None = None
    won_to: str | None = None  # where a won gift goes instead of the hand
    archetype: str | None = None  # co-op: the archetype this displayed true threat stands in for
    requirement: str | None = None  # co-op: "guard" or "seal" when winning meets a nexus requirement
    stopped: list[int] = []  # the confronted card's powers the guide stopped for this confrontation
    written: list[MutationApplied] = []  # the guide's mutations in words, for every check against it
    suspended: bool = False  # waiting while a copy is confronted first (copies.py): it cannot take the focus


class DamageState(BaseModel):
    """Damage waiting while its saint may play damage powers (reduce, prevent, bury)."""

    seat: int
    n: int
    virtue: str
    up: int = 0
    down: int = 0
    place: str = "discard"
    choice: bool = False  # the saint names the matching gifts lost


class Pending(BaseModel):
    """A question the game waits on: `seat` must answer before play goes on."""

    seat: int
    kind: Literal[
        "accept_assist", "choose", "order", "damage", "death", "sacrifice", "pick_card", "fragment", "give_up", "rebuild"
    ]
    text: str
    options: list[str] = []
    data: dict[str, Any] = {}


class Modifier(BaseModel):
    """A power in force for a while: an omen's investigation conditions, a slotted card's passive."""

    source: str  # card instance or id
    power: dict[str, Any]
    until: Literal["confrontation", "investigation", "turn", "mission"] = "investigation"
    seat: int | None = None
    kind: str | None = None  # the source's kind for the golden rules' hierarchy (None: the card's own)


class Hold(BaseModel):
    seat: int
    holder: str  # the slotted card that holds it (discarded on release)
    card: str | None  # the slotted confronted card (None: a copy, which ceased at once)
    archetype: str | None = None  # co-op: the archetype the slotted true threat stood in for


class Sanctify(BaseModel):
    """Co-op's Sanctify step in progress: Guard (after a master terminates), Escape, then Seal."""

    stage: Literal["guard", "seal"] = "seal"
    nexus: str  # the active saint's nexus
    master: str | None = None  # the master archetype that terminated here (it will try to escape)
    won: bool = False  # a saint won vs. the master: this nexus is guarded and its seal automatic
    auto_seal: bool = False  # the nexus was empty, or a master was beaten here
    guarded: list[str] = []
    tried: list[str] = []  # nexuses whose guard (or this one's seal) has been attempted


class Coop(BaseModel):
    """Co-op play against the game: the displayed true threats and the structures' bookkeeping."""

    clock: str
    nexus_rules: str
    goal: str
    set_aside: list[str] = []  # archetype ids seeded at setup, each a public placeholder name
    trail: list[str] = []  # nexus keys in the mission's order (for nexus structures that care)
    may_seal: bool = False  # a win lets the active saint go to Sanctify and attempt a seal
    sanctify: Sanctify | None = None
    cornered: bool = False  # the master could not escape and was sacrificed
    # House rule 37: omens the clock is still short of the length the mission asked for, which the
    # omens turned over from it may make up when it runs out.
    clock_short: int = 0


class Between(BaseModel):
    """Co-op Mission End after the verdict, then between missions (between.py): the fragment display
    chosen in turn, then the choir rebuilding its decks. Which gifts each saint holds is private
    (Hand.kept); the counts, the table of offered gifts and the choices are public."""

    won: bool
    stage: Literal["fragments", "rebuild", "done"] = "fragments"
    display: list[str] = []  # fragment ids on display
    order: list[int] = []  # who chooses a fragment, in turn
    picks: dict[int, str] = {}  # seat -> "-", "fid", "trade:fid" or "fid@slot" (saints.parse_pick)
    needs: dict[int, dict[str, int]] = {}  # seat -> virtue -> gifts the next deck takes
    held: dict[int, dict[str, int]] = {}  # seat -> virtue -> gifts held now
    table: list[str] = []  # gift ids offered to the choir, in the order they were put down
    drawn: dict[int, int] = {}  # seat -> new Alpha gifts drawn for a shortfall
    dead: list[int] = []  # saints the ninth death kills: their gifts go on the table
    sacrificed: dict[int, list[str]] = {}  # seat -> fragment ids sacrificed at will while rebuilding


class Public(Part):
    mode: Literal["coop", "guided"] = "guided"
    mission: str | None = None
    mission_name: str = ""
    chapter: str = ""  # the mission's chapter: only base cards and its cards are drawn from the box
    pencil: dict[str, int] = {}  # the chapter's divider as the choir keeps it: mark -> count (pencil.py)
    step: Step = "setup"
    active: int | None = None
    last_active: int | None = None  # the saint who took the latest turn (Mission End's choosing order)
    turn: int = 0
    start_count: int = 1  # saints at the start: decides the one-other and solo cases
    order: list[int] = []  # seats clockwise; the saint on your left is the next one
    saints: dict[int, SaintView] = {}
    nexuses: dict[str, NexusView] = {}
    clock_count: int = 0
    confront: Confrontation | None = None
    # Guided: other confrontations under way at the same time (several opponents), each waiting as it
    # was left while `confront` runs; see opponents.py.
    opponents: list[Confrontation] = []
    check: Check | None = None
    pending: list[Pending] = []
    damage: DamageState | None = None
    modifiers: list[Modifier] = []
    investigations: int = 0  # investigations left in this Investigate step
    moved: bool = False
    gave: bool = False
    must_reset: list[int] = []
    reset_open: list[int] = []  # guided: the active saint reset, so these saints may reset too
    holds: list[Hold] = []  # confronted cards slotted away until their saint's hand is empty
    fragments_given: dict[str, dict[str, str]] = {}  # custom fragment id -> {name, text}
    coop: Coop | None = None
    between: Between | None = None  # co-op: Mission End and between missions, before the outcome
    outcome: Literal["won", "lost"] | None = None
    result: str | None = None

    def verdict(self) -> str | None:
        """"won" or "lost" once the mission has ended, while co-op Mission End may still be asking."""
        if self.outcome is None and self.between is not None:
            return "won" if self.between.won else "lost"
        return self.outcome


class ClockCard(BaseModel):
    card: str
    after_turns: int = 0


class Secret(Part):
    decks: dict[int, list[str]] = {}  # top first
    nexus_decks: dict[str, list[str]] = {}  # top first
    clock: list[ClockCard] = []  # top first
    used: list[str] = []  # "<instance>:<power>" used in the current step (kept out of sight: it names cards)
    # Guided, several opponents: each waiting confrontation's `used`, by its saint's seat, so that
    # switching away and back does not make a once-per-step power playable again.
    used_waiting: dict[int, list[str]] = {}
    forced_dice: list[int] = []  # the guide's chosen die results, used before the PRNG
    hidden_nexuses: dict[str, NexusView] = {}  # prepared by the guide, not yet shown to the saints
    next_copy: dict[str, int] = {}  # card id -> next instance number
    # Confronted or held card instance -> the nexus it came from. Secret: a hidden nexus's key must
    # not reach the saints through the confrontation.
    origins: dict[str, str] = {}
    guide_mission: Mission | None = None  # the guide's own mission, kept from the saints
    # House rule 37: the omens drawn from a short co-op clock (secret: which of a saint's omens came
    # from the clock is not on the cards).
    clock_turned: list[str] = []


class Hand(Part):
    hand: list[str] = []
    buried: list[str] = []
    examined: list[str] = []  # cards this saint has looked at and may reorder
    kept: list[str] = []  # between missions: the gift ids this saint holds for the next deck


def origins_to_secret(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 1 -> 2: the nexus a confronted or held card came from moved from the public part
    (confront.origin, holds[].origin) to secret.origins, so a hidden nexus never reaches the saints."""
    public, secret = data.setdefault("public", {}), data.setdefault("secret", {})
    origins = secret.setdefault("origins", {})
    confront = public.get("confront") or {}
    if confront.get("origin"):
        origins[confront["card"]] = confront["origin"]
    confront.pop("origin", None)
    for hold in public.get("holds", []):
        if hold.get("origin"):
            origins[hold["card"]] = hold["origin"]
        hold.pop("origin", None)
    return data


def several_opponents(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 2 -> 3: guided confrontations waiting beside the one under way (none in older saves)."""
    data.setdefault("public", {}).setdefault("opponents", [])
    return data


def used_per_confrontation(data: dict[str, Any]) -> dict[str, Any]:
    """Schema 3 -> 4: each waiting confrontation keeps its powers used this step (none recorded before)."""
    data.setdefault("secret", {}).setdefault("used_waiting", {})
    return data


STATE_UPGRADES = (origins_to_secret, several_opponents, used_per_confrontation)


class ApocryphaState(GameState):
    schema_version: int = 1 + len(STATE_UPGRADES)
    public: Public
    secret: Secret
    players: dict[int, Hand]
