"""Apocrypha's commands: what saints and the guide can ask the engine to do."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

Virtue = Literal["body", "mind", "rage", "soul"]


# -- saints --------------------------------------------------------------------
class Play(BaseModel):
    """Play a power of a card in hand or halo ("saint" for the saint's own power).

    The choices a power needs come with the command: `cards` (hand cards it
    acts on), `dice` (dice indices), `target` (a seat), `option` (for a
    "choose 1" power), `amount` (how many, where the power lets you pick).
    """

    type: Literal["play"] = "play"
    card: str
    power: int = 0
    cards: list[str] = []
    dice: list[int] = []
    target: int | None = None
    option: int | None = None
    amount: int | None = None


class Investigate(BaseModel):
    """Investigate your nexus by playing an omen from your hand, or with an investigation you were given."""

    type: Literal["investigate"] = "investigate"
    omen: str | None = None


class Next(BaseModel):
    """Go on to the next step (of the turn, or of the confrontation)."""

    type: Literal["next"] = "next"


class Attempt(BaseModel):
    """Attempt the check to win vs. the confronted card, with one of its target virtues."""

    type: Literal["attempt"] = "attempt"
    virtue: Virtue


class AssistCheck(BaseModel):
    """Offer to assist the check in progress with one of your virtues."""

    type: Literal["assist"] = "assist"
    virtue: Virtue


class Answer(BaseModel):
    """Answer the question the game is waiting on: accept (option 0) or refuse (1), or pick an option.

    `order`: the examined cards in their new order; `cards`: the cards chosen (gifts lost to damage)."""

    type: Literal["answer"] = "answer"
    option: int = 0
    order: list[str] = []
    cards: list[str] = []


class Focus(BaseModel):
    """Guided, several opponents at once: go on with your waiting confrontation now (checks in any order)."""

    type: Literal["focus"] = "focus"


class Roll(BaseModel):
    """End assembling and roll the dice."""

    type: Literal["roll"] = "roll"


class Reroll(BaseModel):
    """Reroll chosen dice with the rerolls an assist (or a card) gave you."""

    type: Literal["reroll"] = "reroll"
    dice: list[int]
    assist: int | None = None  # the assisting seat whose rerolls to use; None: granted rerolls


class Keep(BaseModel):
    """Finish evaluating: the remaining dice steps run, three dice are kept, the check is decided."""

    type: Literal["keep"] = "keep"


class Move(BaseModel):
    type: Literal["move"] = "move"
    nexus: str


class Give(BaseModel):
    type: Literal["give"] = "give"
    card: str
    to: int


class Offer(BaseModel):
    """Between missions: put a gift you hold on the table for the choir (a trade)."""

    type: Literal["offer"] = "offer"
    gift: str


class Take(BaseModel):
    """Between missions: take a gift from the table into your next deck."""

    type: Literal["take"] = "take"
    gift: str


class SacrificeFragment(BaseModel):
    """Between missions: sacrifice a fragment from your halo, at will (it goes back to the box)."""

    type: Literal["sacrifice_fragment"] = "sacrifice_fragment"
    fragment: str


class EndTurn(BaseModel):
    """Reset (discard any cards you name, recycle the named extras) and pass the turn."""

    type: Literal["end_turn"] = "end_turn"
    discard: list[str] = []
    recycle: list[str] = []


class ResetHand(BaseModel):
    """Reset when the game lets you (after the guide calls a rest, or when another saint resets)."""

    type: Literal["reset"] = "reset"
    discard: list[str] = []
    recycle: list[str] = []


class Seal(BaseModel):
    """Attempt your nexus's seal (or guard) requirement in the Sanctify step."""

    type: Literal["seal"] = "seal"
    virtue: Virtue | None = None
    card: str | None = None  # the card paying a cost requirement


class Guard(BaseModel):
    """Co-op: attempt the guard requirement of the Hope-side nexus you are at, so the master
    cannot escape into it."""

    type: Literal["guard"] = "guard"
    nexus: str
    virtue: Virtue | None = None
    card: str | None = None  # the card paying a cost requirement


# -- the guide -----------------------------------------------------------------
class PrepareNexus(BaseModel):
    """Prepare a nexus: a box nexus by id, or a custom one with a name and description."""

    type: Literal["g_prepare"] = "g_prepare"
    nexus: str | None = None
    name: str | None = None
    description: str = ""
    side: Literal["hope", "doom"] = "doom"
    reveal: bool = False


class RevealNexus(BaseModel):
    type: Literal["g_reveal"] = "g_reveal"
    nexus: str


class PlaceSaints(BaseModel):
    """The story puts saints at a revealed nexus (the opening scene, a capture, a chase)."""

    type: Literal["g_place"] = "g_place"
    nexus: str
    seats: list[int] = []


class OrientNexus(BaseModel):
    type: Literal["g_orient"] = "g_orient"
    nexus: str
    side: Literal["hope", "doom"]


class StackNexus(BaseModel):
    """Put cards from the box into a nexus, in this order (first on top), on top or at the bottom."""

    type: Literal["g_stack"] = "g_stack"
    nexus: str
    cards: list[str]
    bottom: bool = False


class StackClock(BaseModel):
    """Put cards from the box into the clock (first on top); gifts/threats may wait N turns to trigger."""

    type: Literal["g_clock"] = "g_clock"
    cards: list[str] = []
    random_omens: int = 0
    after_turns: int = 0
    bottom: bool = False


class StartTurn(BaseModel):
    """Start a saint's turn, handing them the top clock card (or not)."""

    type: Literal["g_start"] = "g_start"
    seat: int
    draw: bool = True


class Present(BaseModel):
    """Make a saint confront a card now: the top card of a nexus, a named card in it, or one from the box."""

    type: Literal["g_present"] = "g_present"
    seat: int
    nexus: str | None = None
    card: str | None = None


class AddMutation(BaseModel):
    """Mutate the current confrontation with a chosen mutation (None: a random one); `roll` fixes the d6.

    `also`: more mutations at once. `name` (and `text`): a mutation the guide writes now; with
    `mutation` it uses that mutation's effects under the new name, without it it is a ruling in words
    that the guide applies."""

    type: Literal["g_mutate"] = "g_mutate"
    mutation: str | None
    roll: int | None = Field(default=None, ge=1, le=6)
    also: list[str] = []
    name: str | None = None
    text: str = ""
    seat: int | None = None  # the confrontation of this saint (several opponents); None: the one under way


class AdjustTarget(BaseModel):
    type: Literal["g_target"] = "g_target"
    by: int
    seat: int | None = None  # as AddMutation.seat


class Delay(BaseModel):
    """Sacrifice cards from the top of the clock, or (`add`) put that many random omens on top of it."""

    type: Literal["g_delay"] = "g_delay"
    n: int = Field(default=1, ge=1, le=20)
    add: bool = False


class DrawClock(BaseModel):
    """At a turn's start any number of saints draw a card from the clock."""

    type: Literal["g_draw"] = "g_draw"
    seats: list[int] = Field(min_length=1)


class GuideCheck(BaseModel):
    """A bare check the guide calls, outside any card: a virtue, a target, maybe a skill."""

    type: Literal["g_check"] = "g_check"
    seat: int
    virtue: Literal["body", "mind", "rage", "soul"]
    target: int = Field(ge=0, le=60)
    skill: str | None = None


class DiceEffect(BaseModel):
    """An effect the guide rules onto the check in progress: trash, downgrade, upgrade, flip, reroll or
    explode `n` dice (the lowest, the highest, all, or the numbered ones), of one colour or any."""

    type: Literal["g_dice_effect"] = "g_dice_effect"
    kind: Literal["trash", "downgrade", "upgrade", "flip", "reroll", "explode"]
    n: int = Field(default=1, ge=1, le=12)
    which: Literal["lowest", "highest", "all", "chosen"] = "lowest"
    colour: Literal["body", "mind", "rage", "soul", "bonus"] | None = None
    dice: list[int] = []


class StopPower(BaseModel):
    """Stop a power of the confronted card for this confrontation (None: all of its powers)."""

    type: Literal["g_stop"] = "g_stop"
    power: int | None = None
    seat: int | None = None  # as AddMutation.seat


class GiveCard(BaseModel):
    """Give a saint a card from the box: into their hand, or on top of their deck."""

    type: Literal["g_give"] = "g_give"
    seat: int
    card: str
    to: Literal["hand", "deck"] = "hand"


class SearchDeck(BaseModel):
    """Downtime: a saint takes the named cards from their deck into their hand; the deck is shuffled."""

    type: Literal["g_search"] = "g_search"
    seat: int
    cards: list[str] = Field(min_length=1)


class Retreat(BaseModel):
    """A threat waiting on top of its nexus retreats: shuffled into the nexus, or back to the box."""

    type: Literal["g_retreat"] = "g_retreat"
    nexus: str
    to_box: bool = False


class AllowReset(BaseModel):
    """Between scenes: every saint (or the listed ones) resets their hand now."""

    type: Literal["g_rest"] = "g_rest"
    seats: list[int] = []


class GiveFragment(BaseModel):
    """Give a saint a fragment from the box, or one written on the spot (name and text)."""

    type: Literal["g_fragment"] = "g_fragment"
    seat: int
    fragment: str | None = None
    name: str | None = None
    text: str = ""
    slot: int | None = None


class EndActiveTurn(BaseModel):
    type: Literal["g_end_turn"] = "g_end_turn"


class EndMission(BaseModel):
    type: Literal["g_end_mission"] = "g_end_mission"
    won: bool


class SetDice(BaseModel):
    """The chance node: the next dice the rules roll show these values, in order."""

    type: Literal["g_dice"] = "g_dice"
    values: list[int] = Field(min_length=1, max_length=24)


SAINT_COMMANDS = (
    Play,
    Investigate,
    Next,
    Attempt,
    AssistCheck,
    Answer,
    Roll,
    Reroll,
    Keep,
    Move,
    Give,
    EndTurn,
    ResetHand,
    Seal,
    Focus,
    Offer,
    Take,
    SacrificeFragment,
)
GUIDE_COMMANDS = (
    PrepareNexus,
    RevealNexus,
    PlaceSaints,
    OrientNexus,
    StackNexus,
    StackClock,
    StartTurn,
    Present,
    AddMutation,
    AdjustTarget,
    Delay,
    AllowReset,
    GiveFragment,
    EndActiveTurn,
    EndMission,
    SetDice,
    DrawClock,
    GuideCheck,
    DiceEffect,
    StopPower,
    GiveCard,
    SearchDeck,
    Retreat,
)

Command = Annotated[
    Play
    | Investigate
    | Next
    | Attempt
    | AssistCheck
    | Answer
    | Roll
    | Reroll
    | Keep
    | Move
    | Give
    | EndTurn
    | ResetHand
    | Seal
    | Guard
    | Focus
    | Offer
    | Take
    | SacrificeFragment
    | PrepareNexus
    | RevealNexus
    | PlaceSaints
    | OrientNexus
    | StackNexus
    | StackClock
    | StartTurn
    | Present
    | AddMutation
    | AdjustTarget
    | Delay
    | AllowReset
    | GiveFragment
    | EndActiveTurn
    | EndMission
    | SetDice
    | DrawClock
    | GuideCheck
    | DiceEffect
    | StopPower
    | GiveCard
    | SearchDeck
    | Retreat,
    Field(discriminator="type"),
]
