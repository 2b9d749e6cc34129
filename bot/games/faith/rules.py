"""Faith: 2-4 players race to 20 Faith with Bible characters who pray. The Rules contract."""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from pydantic import BaseModel, Field

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.game import Outcome, Rules
from bot.engine.prng import Rng
from bot.engine.seats import seat_ref
from bot.engine.text import plural, verb
from bot.games.faith import actions, combat, decks, energy, turn, zones
from bot.games.faith.cards import TYPES, card, catalogue
from bot.games.faith.commands import (
    Activate,
    AnyCommand,
    Challenge,
    Command,
    Discard,
    EndTurn,
    Gather,
    Move,
    Mulligan,
    Play,
    Pray,
)
from bot.games.faith.effects import target_choices
from bot.games.faith.state import FaithState, Hand, Held, Phase, Public, Secret
from bot.games.faith.state import Seat as SeatState


class Pick(BaseModel):
    """A lobby member's chosen deck (kept by the Discord layer, keyed by user id)."""

    name: str
    cards: list[str]


class Options(BaseModel):
    players: int = Field(0, ge=0, le=4)  # the table size asked for with /faith new (0: any of 2-4)
    # Each seat's decklist (card ids) in seat order; a seat without one plays a preconstructed deck.
    decks: list[list[str]] = []
    deck_names: list[str] = []
    picks: dict[str, Pick] = {}


ACTION_COMMANDS = (Play, Activate, Move, Pray, Challenge, EndTurn)


# House rule for two players: going first is an edge the skipped first draw does not make up for.
SECOND_PLAYER_FAITH = 2


class FaithRules(Rules[FaithState]):
    key = "faith"
    title = "Faith"
    min_players = 2
    max_players = 4
    Options = Options
    State = FaithState
    Command = Command

    # -- setup ------------------------------------------------------------------
    def setup(
        self, options: BaseModel, players: int, seed: int, roles: dict[str, bool]
    ) -> Outcome[FaithState]:
        assert isinstance(options, Options)
        if options.players and players != options.players:
            raise GameError(
                f"This table was opened for {plural(options.players, 'player')}, and "
                f"{players} {verb(players, 'has', 'have')} joined."
            )
        rng = Rng.from_seed(seed)
        defaults = list(decks.preconstructed().values())
        public = Public(first=rng.randbelow(players))
        secret = Secret()
        hands: dict[int, Hand] = {}
        uid = 0
        for seat in range(players):
            ids = (
                options.decks[seat]
                if seat < len(options.decks) and options.decks[seat]
                else defaults[seat % len(defaults)]
            )
            found = decks.problems(ids)
            if found:
                raise GameError(f"Seat {seat + 1}'s deck is not legal: {'; '.join(found)}.")
            deck = [Held(uid=uid + i, card=c) for i, c in enumerate(ids)]
            uid += len(ids)
            rng.shuffle(deck)
            secret.decks[seat] = deck
            hands[seat] = Hand()
            public.seats.append(SeatState())
        public.next_uid = uid
        public.active = public.first
        state = FaithState(rng=rng, public=public, secret=secret, players=hands)
        starts = f"everyone starts at 1 Faith. {seat_ref(public.first)} goes first"
        if players == 2:
            # House rule: in a two-player game the second player starts a step ahead (docs/faith.md).
            second = (public.first + 1) % 2
            public.seats[second].faith = SECOND_PLAYER_FAITH
            starts = (
                f"{seat_ref(public.first)} goes first with 1 Faith and gathers 1 energy less on that first turn; "
                f"{seat_ref(second)} starts at {SECOND_PLAYER_FAITH} Faith"
            )
        events = [
            Event.public(
                "start",
                f"Each deck is shuffled and {starts}. "
                "Everyone may now put back any cards from their starting hand once (a mulligan) or keep it.",
            )
        ]
        for seat in range(players):
            zones.draw(state, seat, zones.HAND_SIZE, events)
        return Outcome(state, events)

    # -- commands ----------------------------------------------------------------
    def apply(self, state: FaithState, actor: int, command: Any) -> Outcome[FaithState]:
        """As the base, but copies through pydantic's core (a dump and a validate), which is
        several times faster than deepcopy on a state of ~200 small models."""
        if self.result(state) is not None:
            raise GameError("This game is already over.")
        work = FaithState.model_validate(state.model_dump())
        return Outcome(work, self.handle(work, actor, command))

    def handle(self, state: FaithState, actor: int, command: AnyCommand) -> list[Event]:
        pub = state.public
        if actor not in state.players:
            raise GameError("You are not playing in this game.")
        if pub.seats[actor].out:
            raise GameError("You are out of this game.")
        if pub.phase is Phase.MULLIGAN:
            if not isinstance(command, Mulligan):
                raise GameError("Everyone first decides whether to alter their starting hand.")
            events = turn.mulligan(state, actor, command.cards)
        else:
            if isinstance(command, Mulligan):
                raise GameError("The starting hands are settled; the mulligan is over.")
            if actor != pub.active:
                raise GameError(f"It is not your turn; it is {seat_ref(pub.active)}'s.")
            events = self._turn_command(state, actor, command)
            zones.recheck_damage(state, events)
            # A player who lost on their own turn (an effect made them draw from an empty deck) passes it on.
            if not zones.over(state) and pub.seats[pub.active].out:
                events += turn.pass_turn(state, pub.active)
        zones.sync_counts(state)
        return events

    def _turn_command(self, state: FaithState, seat: int, command: AnyCommand) -> list[Event]:
        phase = state.public.phase
        if phase is Phase.GATHER:
            if not isinstance(command, Gather):
                raise GameError("First gather your energy for this turn.")
            return turn.gather(state, seat, command.light)
        if phase is Phase.DISCARD:
            if not isinstance(command, Discard):
                raise GameError("First discard down to 7 cards.")
            return turn.discard(state, seat, command.cards)
        if isinstance(command, Play):
            return actions.play(state, seat, command)
        if isinstance(command, Activate):
            return actions.activate(state, seat, command)
        if isinstance(command, Move):
            return actions.move(state, seat, command)
        if isinstance(command, Pray):
            return actions.pray(state, seat, command)
        if isinstance(command, Challenge):
            return combat.challenge(state, seat, command.attacker, command.target)
        if isinstance(command, EndTurn):
            return turn.end_turn(state, seat)
        raise GameError("That is not something you can do in the Action step.")

    # -- what a seat may do ----------------------------------------------------------
    def legal_actions(self, state: FaithState, seat: int) -> list[Any]:
        pub = state.public
        if zones.over(state) or seat not in state.players or pub.seats[seat].out:
            return []
        hand = state.players[seat].hand
        if pub.phase is Phase.MULLIGAN:
            if pub.seats[seat].mulliganed is not None:
                return []
            return [
                Mulligan(cards=[]),
                *(Mulligan(cards=[h.uid]) for h in hand),
                Mulligan(cards=[h.uid for h in hand]),
            ]
        if seat != pub.active:
            return []
        if pub.phase is Phase.GATHER:
            return [Gather(light=k) for k in range(pub.energy_due + 1)]
        if pub.phase is Phase.DISCARD:
            extra = len(hand) - zones.HAND_LIMIT
            return [
                Discard(cards=[h.uid for h in hand[-extra:]]),
                Discard(cards=[h.uid for h in hand[:extra]]),
            ]
        return self._action_step(state, seat)

    def _action_step(self, state: FaithState, seat: int) -> list[Any]:
        pool = state.public.seats[seat]
        out: list[Any] = []
        mine = pool.field
        chars = [ip for ip in mine if card(ip.card).type == "character"]
        able = [ip for ip in chars if not ip.exhausted and not turn.sick(state, ip)]
        for h in state.players[seat].hand:
            c = card(h.card)
            targets = _target_sets(state, seat, (c.target, c.target2))
            light, dark = (c.cost, 0) if c.side == "light" else (0, c.cost) if c.side == "dark" else (0, 0)
            payable = bool(energy.split_options(pool, light, dark, c.neutral))
            reciters = (
                [ip.uid for ip in able if card(ip.card).total_cost >= c.total_cost]
                if c.type == "psalm"
                else []
            )
            for t, t2, opp in targets:
                if payable:
                    out.append(Play(card=h.uid, target=t, target2=t2, opponent=opp))
                out += [Play(card=h.uid, recite=r, target=t, target2=t2, opponent=opp) for r in reciters]
        for ip in mine:
            c = card(ip.card)
            if ip.exhausted or (c.type == "character" and turn.sick(state, ip)):
                continue
            for index, a in enumerate(c.abilities):
                if not energy.split_options(pool, a.light, a.dark, a.neutral):
                    continue
                for t, t2, opp in _target_sets(state, seat, (a.target, a.target2)):
                    out.append(Activate(card=ip.uid, index=index, target=t, target2=t2, opponent=opp))
        places = [ip for ip in mine if card(ip.card).type == "location"]
        for ip in chars:
            for place in places:
                if ip.location == place.uid:
                    continue
                side = card(place.card).side
                if side != "neutral":
                    if getattr(pool, side) >= 1:
                        out.append(Move(character=ip.uid, location=place.uid))
                    continue
                # A neutral location takes either energy: the player says which.
                out += [
                    Move(character=ip.uid, location=place.uid, pay=colour)
                    for colour in ("light", "dark")
                    if getattr(pool, colour) >= 1
                ]
        out += [Pray(character=ip.uid) for ip in able if card(ip.card).side != "dark"]
        targets = combat.legal_targets(state, seat)
        out += [Challenge(attacker=ip.uid, target=t) for ip in able for t in targets]
        out.append(EndTurn())
        return out

    def waiting_for(self, state: FaithState) -> list[int]:
        pub = state.public
        if zones.over(state):
            return []
        if pub.phase is Phase.MULLIGAN:
            return [i for i, s in enumerate(pub.seats) if s.mulliganed is None]
        return [pub.active]

    def result(self, state: FaithState) -> str | None:
        w = state.public.winner
        if w is None:
            return None
        return f"{seat_ref(w)} won with {state.public.seats[w].faith} Faith."

    def timeout_command(self, state: FaithState, seat: int) -> Any | None:
        pub = state.public
        if pub.phase is Phase.MULLIGAN:
            return Mulligan(cards=[])
        if pub.phase is Phase.GATHER:
            return Gather(light=(pub.energy_due + 1) // 2)
        if pub.phase is Phase.DISCARD:
            hand = state.players[seat].hand
            return Discard(cards=[h.uid for h in hand[zones.HAND_LIMIT :]])
        return EndTurn()

    def check_config(self) -> str:
        cards = catalogue()
        counts = Counter(c.type for c in cards.values())
        types = ", ".join(f"{t} {counts[t]}" for t in TYPES)
        return f"faith: {len(cards)} cards ({types}), decks {len(decks.preconstructed())}"


def _target_sets(
    state: FaithState, seat: int, kinds: tuple[str, str]
) -> list[tuple[int | None, int | None, int | None]]:
    """Every (target, target2, opponent) a power could be pointed at; [] if it needs one and has none."""
    pools: list[list[int | None]] = [
        [None] if kind in ("none", "opponent") else list(target_choices(state, seat, kind)) for kind in kinds
    ]
    opps: list[int | None] = list(zones.opponents(state, seat)) if "opponent" in kinds else [None]
    return [(t, t2, o) for t, t2, o in product(pools[0], pools[1], opps) if t is None or t != t2]
