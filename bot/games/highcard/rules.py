"""Each player is dealt one facedown card; in turn they may swap it once, then reveal. Highest wins."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, Field

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.game import Outcome, Rules
from bot.engine.prng import Rng
from bot.engine.seats import Seat, seat_ref
from bot.engine.state import GameState, Part

SUITS = "♣♦♥♠"  # lowest to highest, to break ties
RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def card_name(card: int) -> str:
    return f"{RANKS[card // 4]}{SUITS[card % 4]}"


class Public(Part):
    turn: int = 0
    revealed: dict[int, int] = {}
    swapped: list[int] = []
    deck_count: int = 0
    winner: int | None = None


class Secret(Part):
    deck: list[int] = []


class Hand(Part):
    card: int | None = None


class HighCardState(GameState):
    public: Public
    secret: Secret
    players: dict[int, Hand]


class Swap(BaseModel):
    type: Literal["swap"] = "swap"


class Reveal(BaseModel):
    type: Literal["reveal"] = "reveal"


Command = Annotated[Swap | Reveal, Field(discriminator="type")]


class HighCard(Rules[HighCardState]):
    key = "highcard"
    title = "High Card"
    min_players = 1
    max_players = 6
    State = HighCardState
    Command = Command

    def setup(
        self, options: BaseModel, players: int, seed: int, roles: dict[str, bool]
    ) -> Outcome[HighCardState]:
        rng = Rng.from_seed(seed)
        deck = list(range(52))
        rng.shuffle(deck)
        hands = {seat: Hand(card=deck.pop()) for seat in range(players)}
        state = HighCardState(
            rng=rng, public=Public(deck_count=len(deck)), secret=Secret(deck=deck), players=hands
        )
        events = [Event.public("start", f"The cards are dealt. {seat_ref(0)} goes first.")]
        events += [
            Event.private(s, "dealt", f"You were dealt {card_name(h.card)}.") for s, h in hands.items()
        ]
        return Outcome(state, events)

    def handle(self, state: HighCardState, actor: Seat, command: Swap | Reveal) -> list[Event]:
        pub = state.public
        if actor not in state.players:
            raise GameError("You are not playing in this game.")
        if actor != pub.turn:
            raise GameError(f"It is not your turn; it is {seat_ref(pub.turn)}'s.")
        hand = state.players[actor]
        if isinstance(command, Swap):
            if actor in pub.swapped:
                raise GameError("You have already swapped your card once.")
            state.secret.deck.insert(0, hand.card)
            hand.card = state.secret.deck.pop()
            pub.swapped.append(actor)
            return [
                Event.public("swap", f"{seat_ref(actor)} swaps their card for a new one."),
                Event.private(actor, "dealt", f"Your new card is {card_name(hand.card)}."),
            ]
        pub.revealed[actor] = hand.card
        events = [Event.public("reveal", f"{seat_ref(actor)} reveals {card_name(hand.card)}.")]
        hand.card = None
        if len(pub.revealed) == len(state.players):
            pub.winner = max(pub.revealed, key=lambda s: pub.revealed[s])
            events.append(
                Event.public(
                    "win", f"{seat_ref(pub.winner)} wins with {card_name(pub.revealed[pub.winner])}."
                )
            )
        else:
            pub.turn = (pub.turn + 1) % len(state.players)
            events.append(Event.public("turn", f"It is {seat_ref(pub.turn)}'s turn."))
        return events

    def legal_actions(self, state: HighCardState, seat: Seat) -> list[Swap | Reveal]:
        if self.result(state) is not None or seat != state.public.turn:
            return []
        actions: list[Swap | Reveal] = [Reveal()]
        if seat not in state.public.swapped:
            actions.insert(0, Swap())
        return actions

    def waiting_for(self, state: HighCardState) -> list[Seat]:
        return [] if self.result(state) is not None else [state.public.turn]

    def result(self, state: HighCardState) -> str | None:
        w = state.public.winner
        return None if w is None else f"{seat_ref(w)} won with {card_name(state.public.revealed[w])}."

    def timeout_command(self, state: HighCardState, seat: Seat) -> Reveal:
        return Reveal()

    def check_config(self) -> str:
        return "highcard: 52 cards (standard 52)"
