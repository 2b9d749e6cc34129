"""SCP: Apollyon's state: the public table (sites, zones, tracker), the secret decks, the hands.

Every character and anomaly on the table is an instance with its own uid, so a
card can sit in exactly one place and carry its own tokens. `Table` wraps a
state while a command runs: it draws, rolls, and collects the events.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Literal

from pydantic import BaseModel, Field

from bot.engine.events import Event
from bot.engine.prng import Rng
from bot.engine.seats import Seat
from bot.engine.state import GameState, Part
from bot.games.apollyon.cards import ASSETS, CLASSES, catalogue
from bot.games.apollyon.difficulty import Difficulty

TEMP_FIELDS = 3  # Temporary Containment fields per site
ROW_SIZE = 3  # anomalies per Active Containment row
BASE_ROWS = 2
COGNITO_LIMIT = 3  # the third Cognitohazard token makes a character Lost


class Phase(StrEnum):
    SETUP = "setup"
    GROWTH = "growth"
    ASSIGN = "assign"
    MISSIONS = "missions"
    RETURN = "return"  # Site phase, first step: MTFs bring subdued anomalies home
    SITE = "site"  # Site phase, second step: contain, overcontain, trials
    OVER = "over"


class Options(BaseModel):
    campaign: bool = False
    beaten: list[str] = []  # Apollyon ids this server has beaten (campaign mode)
    event_die: bool = False  # roll the Event die instead of drawing Event cards
    difficulty: Difficulty = "standard"


def empty_pool() -> dict[str, int]:
    return {k: 0 for k in ASSETS}


class Character(BaseModel):
    uid: int
    card: str
    wounds: int = 0
    cognito: int = 0

    @property
    def info(self):  # noqa: ANN201
        return catalogue().characters[self.card]

    def skill(self, name: str) -> int:
        return self.info.skills.get(name, 0)

    @property
    def force(self) -> int:
        return max(0, self.info.force - self.cognito)


class Anomaly(BaseModel):
    uid: int
    card: str
    tokens: dict[str, int] = Field(default_factory=empty_pool)  # containment tokens on it
    study: int = 0
    minions: int = 0
    counters: int = 0

    @property
    def info(self):  # noqa: ANN201
        return catalogue().anomalies[self.card]

    @property
    def held(self) -> int:
        return sum(self.tokens.values())

    @property
    def partial(self) -> bool:
        return any(self.tokens[k] < n for k, n in self.info.cost.items())

    @property
    def masquerade(self) -> int:
        """What it costs while loose: its card, its Minions, and (for an Apollyon) its Counters."""
        extra = self.counters if self.info.cls == "apollyon" else 0
        return self.info.masquerade + self.minions + extra


class Situation(BaseModel):
    uid: int
    card: str
    tokens: int = 0  # Masquerade tokens: what resolving it regains


class Mission(BaseModel):
    kind: Literal["investigate", "intercept", "capture", "scout"]
    target: int | None = None  # a situation uid (investigate) or an anomaly uid (capture)


class Mtf(BaseModel):
    members: list[Character] = []
    mission: Mission | None = None
    done: bool = False


class Site(BaseModel):
    seat: Seat
    pool: dict[str, int] = Field(default_factory=empty_pool)
    spent: dict[str, int] = Field(default_factory=empty_pool)
    temporary: list[Anomaly] = []
    rows: list[list[Anomaly]] = Field(default_factory=lambda: [[] for _ in range(BASE_ROWS)])
    mtfs: list[Mtf] = Field(default_factory=lambda: [Mtf(), Mtf()])
    carrying: list[Anomaly] = []  # subdued in the field, waiting for the Site phase
    vacation: list[Character] = []
    lost: list[Character] = []
    garrison: int = 0  # how many characters are in the (private) hand
    open: bool = False  # agrees to take other directors' subdued anomalies
    ready: bool = False
    transferred: bool = False
    studied: bool = False
    trialled: bool = False
    claimed: bool = False
    claims: int = 0

    def active(self) -> list[Anomaly]:
        return [a for row in self.rows for a in row]

    def contained(self) -> list[Anomaly]:
        return [*self.temporary, *self.active()]


class PileCard(BaseModel):
    kind: Literal["asset", "character"]
    card: str
    claimed_by: Seat | None = None


class Public(Part):
    month: int = 1
    months: int = 6
    phase: Phase = Phase.SETUP
    masquerade: int = 0
    masquerade_start: int = 0
    veil_lifted: bool = False
    slots: int = 8
    situations: list[Situation] = []
    public_zone: list[Anomaly] = []
    apollyon_revealed: bool = False
    apollyon_contained: bool = False
    apollyon_card: str | None = None  # shown once revealed
    sites: list[Site] = []
    pile: list[PileCard] = []
    pile_built: bool = False
    deck_counts: dict[str, int] = {}
    outcome: Literal["won", "lost"] | None = None
    ending: str = ""
    event_die: bool = False
    campaign: bool = False
    difficulty: Difficulty = "standard"
    space_traded: int = 0  # Space given up by Promote: the one explicit destruction of Space
    space_gained: int = 0
    next_uid: int = 1


class Secret(Part):
    decks: dict[str, list[str]] = {}  # anomaly classes, "character", "asset", "event", "situation"
    discards: dict[str, list[str]] = {}
    apollyon: str | None = None  # the face-down Apollyon


class Hand(Part):
    characters: list[Character] = []


class ApollyonState(GameState):
    public: Public
    secret: Secret
    players: dict[int, Hand]


DECKS: tuple[str, ...] = (*CLASSES, "character", "asset", "event", "situation")


class Table:
    """A state being changed by one command, with its events."""

    def __init__(self, state: ApollyonState) -> None:
        self.state = state
        self.pub = state.public
        self.secret = state.secret
        self.rng: Rng = state.rng
        self.events: list[Event] = []

    # -- events ---------------------------------------------------------------
    def say(self, kind: str, text: str, **data: object) -> None:
        self.events.append(Event.public(kind, text, **data))

    def tell(self, seat: Seat, kind: str, text: str) -> None:
        self.events.append(Event.private(seat, kind, text))

    # -- ids, dice, decks -----------------------------------------------------
    def uid(self) -> int:
        self.pub.next_uid += 1
        return self.pub.next_uid - 1

    def roll(self, n: int, measure: int = 3) -> tuple[int, list[int]]:
        dice = self.rng.dice(max(0, n))
        return sum(1 for d in dice if d >= measure), dice

    def draw(self, deck: str) -> str | None:
        cards = self.secret.decks[deck]
        if not cards:
            # An empty deck takes its discards back, shuffled.
            back = self.secret.discards.get(deck, [])
            if not back:
                return None
            self.rng.shuffle(back)
            cards.extend(back)
            back.clear()
            self.say("reshuffle", f"The {deck} deck is reshuffled from its discards.")
        card = cards.pop()
        self.sync_counts()
        return card

    def discard(self, deck: str, card: str) -> None:
        self.secret.discards.setdefault(deck, []).append(card)

    def sync_counts(self) -> None:
        self.pub.deck_counts = {k: len(v) for k, v in self.secret.decks.items()}

    # -- places ---------------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        return [s.seat for s in self.pub.sites]

    def site(self, seat: Seat) -> Site:
        return self.pub.sites[seat]

    def hand(self, seat: Seat) -> list[Character]:
        return self.state.players[seat].characters

    def add_to_hand(self, seat: Seat, ch: Character) -> None:
        self.hand(seat).append(ch)
        self.site(seat).garrison = len(self.hand(seat))

    def sync_garrisons(self) -> None:
        for site in self.pub.sites:
            site.garrison = len(self.hand(site.seat))

    def take_from_hand(self, seat: Seat, uid: int) -> Character | None:
        hand = self.hand(seat)
        for i, ch in enumerate(hand):
            if ch.uid == uid:
                del hand[i]
                self.site(seat).garrison = len(hand)
                return ch
        return None

    def new_character(self, card: str) -> Character:
        return Character(uid=self.uid(), card=card)

    def new_anomaly(self, card: str) -> Anomaly:
        return Anomaly(uid=self.uid(), card=card)

    def find_contained(self, uid: int) -> tuple[Site, Anomaly] | None:
        for site in self.pub.sites:
            for a in site.contained():
                if a.uid == uid:
                    return site, a
        return None

    def public_anomaly(self, uid: int) -> Anomaly | None:
        return next((a for a in self.pub.public_zone if a.uid == uid), None)

    def active_characters(self, seat: Seat) -> list[Character]:
        """Everyone able to fight for a director: MTFs in line order, then the garrison."""
        site = self.site(seat)
        return [*site.mtfs[0].members, *site.mtfs[1].members, *self.hand(seat)]

    def garrison_skill(self, seat: Seat, name: str) -> int:
        return sum(ch.skill(name) for ch in self.hand(seat))

    def destroy_character(self, seat: Seat, ch: Character) -> None:
        """Remove a character from wherever it is and discard it."""
        site = self.site(seat)
        for line in (site.mtfs[0].members, site.mtfs[1].members, site.vacation, site.lost):
            if ch in line:
                line.remove(ch)
        if ch in self.hand(seat):
            self.take_from_hand(seat, ch.uid)
        self.discard("character", ch.card)
