"""Haunted's state: three lines per player in public, the stockpile and pending work in secret, hands private."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.engine.state import GameState, Part
from bot.engine.text import tidy

LINES = 3
LOG_SIZE = 12


class Step(StrEnum):
    OTHERS = "others"  # step 1: the active player plays on other players' lines
    DEFENCE = "defence"  # step 2: each other player may defend their own lines
    OWN = "own"  # step 3: the active player plays on their own lines
    DISCARD = "discard"  # step 4: the active player discards one card
    OVER = "over"


STEP_NUMBER = {Step.OTHERS: 1, Step.DEFENCE: 2, Step.OWN: 3, Step.DISCARD: 4}


class Line(Part):
    setting: str | None = None
    focus: str | None = None
    terror: str | None = None
    complete: bool = False
    # Cards the active player put here this turn: only these may be answered in the defence step.
    fresh: list[str] = []

    def cards(self) -> list[str]:
        return [c for c in (self.setting, self.focus, self.terror) if c]

    @property
    def pending(self) -> bool:
        return self.terror is not None and not self.complete

    @property
    def empty(self) -> bool:
        return not self.complete and self.setting is None

    @property
    def active(self) -> bool:
        """Empty, set or focused: open to cards (R-05)."""
        return not self.complete and not self.pending

    def clear(self) -> list[str]:
        cards = self.cards()
        self.setting = self.focus = self.terror = None
        self.fresh = []
        return cards


class Waiting(Part):
    seat: int
    kind: str
    text: str


class Public(Part):
    seats: int
    short: bool = False
    hand_size: int = 7
    lose_at: int = 3
    lines: list[list[Line]]
    hand_counts: list[int]
    stock_count: int = 0
    discard: list[str] = []  # face up, last is the top
    resolving: list[str] = []  # a support card being carried out, discarded when done
    active: int = 0
    step: Step = Step.OTHERS
    defender: int | None = None
    defenders: list[int] = []  # still to defend after the current one
    used: list[str] = []  # "seat:line" already played on by the acting player in this step
    played: bool = False  # the active player has played this turn (no full-hand discard then)
    skips: list[int]
    turn: int = 1
    waiting: Waiting | None = None
    log: list[str] = []
    losers: list[int] = []
    scores: dict[int, int] = {}
    winners: list[int] = []


class Prompt(Part):
    """A question put to one player; the options are what `Choose.option` may be."""

    seat: int
    kind: str
    text: str
    options: list[str]
    labels: dict[str, str] = {}
    default: str


class Decision(Prompt):
    data: dict[str, Any] = {}


class Task(Part):
    """One effect block still to carry out, with the play it belongs to."""

    op: str
    params: dict[str, Any] = {}
    caster: int
    target: int
    line: int
    card: str


class Secret(Part):
    stock: list[str] = []  # facedown, last is the top
    limbo: list[str] = []  # drawn cards a player is deciding about
    tasks: list[Task] = []
    decision: Decision | None = None
    stash: dict[str, Any] = {}


class Hand(Part):
    cards: list[str] = []
    stuck: list[str] = []  # an Urchin Thief placed here: it can only be discarded
    prompt: Prompt | None = None


class HauntedState(GameState):
    public: Public
    secret: Secret
    players: dict[int, Hand]


class Options(BaseModel):
    short: bool = False


class Table:
    """Helpers over a state for rules code: piles, hands and events in one place."""

    def __init__(self, state: HauntedState, events: list[Event]) -> None:
        self.state = state
        self.pub = state.public
        self.sec = state.secret
        self.events = events

    # -- events -------------------------------------------------------------
    # Card names such as "Attacked!" end their own sentence: tidy() drops the stop after them.
    def say(self, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event.public(kind, tidy(text), **data))

    def tell(self, seat: int, kind: str, text: str, **data: Any) -> None:
        self.events.append(Event.private(seat, kind, tidy(text), **data))

    # -- seats ----------------------------------------------------------------
    def left(self, seat: int) -> int:
        return (seat + 1) % self.pub.seats

    def from_left(self, seat: int) -> list[int]:
        """The other seats in order, starting with the one on `seat`'s left."""
        return [(seat + i) % self.pub.seats for i in range(1, self.pub.seats)]

    # -- hands ----------------------------------------------------------------
    def hand(self, seat: int) -> list[str]:
        return self.state.players[seat].cards

    def take_from_hand(self, seat: int, card: str) -> str:
        player = self.state.players[seat]
        player.cards.remove(card)
        if card in player.stuck:
            player.stuck.remove(card)
        return card

    def givable(self, seat: int, exclude: list[str] | None = None) -> list[str]:
        stuck = self.state.players[seat].stuck
        return [c for c in self.hand(seat) if c not in stuck and c not in (exclude or [])]

    def of_type(self, seat: int, *types: str) -> list[str]:
        from bot.games.haunted.cards import catalogue

        cat = catalogue()
        stuck = self.state.players[seat].stuck
        return [c for c in self.hand(seat) if cat.type_of(c) in types and c not in stuck]

    # -- piles ----------------------------------------------------------------
    def discard(self, *cards: str) -> None:
        self.pub.discard.extend(cards)

    def from_discard(self, card: str) -> str:
        self.pub.discard.remove(card)
        return card

    def available(self) -> int:
        return len(self.sec.stock) + len(self.pub.discard)

    def draw(self, n: int) -> list[str]:
        """Up to n cards from the stockpile, shuffling the discard pile in when it runs out (R-19)."""
        out: list[str] = []
        for _ in range(n):
            if not self.sec.stock:
                if not self.pub.discard:
                    break
                self.sec.stock = self.pub.discard
                self.pub.discard = []
                self.state.rng.shuffle(self.sec.stock)
                self.say("reshuffle", "The stockpile ran out: the discard pile is shuffled into a new one.")
            out.append(self.sec.stock.pop())
        return out

    def draw_into_hand(self, seat: int, n: int) -> list[str]:
        cards = self.draw(n)
        self.hand(seat).extend(cards)
        if cards:
            from bot.games.haunted.cards import catalogue

            self.tell(seat, "drew", f"You drew {catalogue().names(cards)}.", cards=cards)
        return cards

    def discard_hand(self, seat: int) -> list[str]:
        cards = list(self.hand(seat))
        self.state.players[seat].cards = []
        self.state.players[seat].stuck = []
        self.discard(*cards)
        return cards

    # -- lines ----------------------------------------------------------------
    def line(self, seat: int, index: int) -> Line:
        return self.pub.lines[seat][index]

    def complete_count(self, seat: int) -> int:
        return sum(1 for ln in self.pub.lines[seat] if ln.complete)


def line_ref(seat: int, index: int) -> str:
    return f"{seat_ref(seat)}'s line {index + 1}"
