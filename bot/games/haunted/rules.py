"""Haunted's rules engine: setup, commands, legal actions, who the game waits for, and the result."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.engine.errors import GameError
from bot.engine.events import Audience, Event
from bot.engine.game import Outcome, Rules
from bot.engine.prng import Rng
from bot.engine.seats import Seat, seat_ref
from bot.games.haunted import effects  # noqa: F401  (registers the effect blocks and hooks)
from bot.games.haunted.cards import catalogue, sort_key
from bot.games.haunted.commands import Choose, Command, Discard, HauntedCommand, Pass, Play, Redraw
from bot.games.haunted.decisions import choose
from bot.games.haunted.plays import check_play, play
from bot.games.haunted.scoring import summary
from bot.games.haunted.state import (
    LINES,
    LOG_SIZE,
    Hand,
    HauntedState,
    Line,
    Options,
    Public,
    Secret,
    Step,
    Table,
    Waiting,
)
from bot.games.haunted.turn import end_step, finish_turn, start_turn

# Said when the platform answers for a player who let the timeout pass (never naming a hidden card).
TIMEOUT_TEXT = {
    "pass": "The game passes for {seat}.",
    "discard": "The game discards a card for {seat}.",
    "choose": "The game takes the default answer for {seat}.",
}

STEP_LABEL = {
    Step.OTHERS: "step 1, playing on other players' lines",
    Step.DEFENCE: "step 2, defence",
    Step.OWN: "step 3, playing on their own lines",
    Step.DISCARD: "step 4, discarding a card",
}


class Haunted(Rules[HauntedState]):
    key = "haunted"
    title = "Haunted"
    min_players = 2
    max_players = 6
    Options = Options
    State = HauntedState
    Command = Command

    # -- setup ----------------------------------------------------------------------
    def setup(
        self, options: BaseModel, players: int, seed: int, roles: dict[str, bool]
    ) -> Outcome[HauntedState]:
        if not self.min_players <= players <= self.max_players:
            raise GameError("Haunted is for 2 to 6 players.")
        opts = options if isinstance(options, Options) else Options.model_validate(options.model_dump())
        cat = catalogue()
        rng = Rng.from_seed(seed)
        stock = cat.ids()
        rng.shuffle(stock)
        hand_size = 9 if opts.short else 7
        state = HauntedState(
            rng=rng,
            public=Public(
                seats=players,
                short=opts.short,
                hand_size=hand_size,
                lose_at=1 if opts.short else LINES,
                lines=[[Line() for _ in range(LINES)] for _ in range(players)],
                hand_counts=[0] * players,
                skips=[0] * players,
            ),
            secret=Secret(stock=stock),
            players={s: Hand() for s in range(players)},
        )
        events: list[Event] = []
        t = Table(state, events)
        stock = state.secret.stock  # pydantic copied the list: work on the state's own
        # Each seat in turn draws a card; the name first in the alphabet plays first (1.6).
        drawn = [stock.pop() for _ in range(players)]
        first = min(range(players), key=lambda s: sort_key(cat.name(drawn[s])))
        shown = ", ".join(f"{seat_ref(s)} {cat.name(c)}" for s, c in enumerate(drawn))
        t.say(
            "first", f"Each player draws a card to choose who starts: {shown}. {seat_ref(first)} goes first."
        )
        stock.extend(drawn)
        rng.shuffle(stock)
        for _ in range(hand_size):
            for i in range(players):
                seat = (first + i) % players
                state.players[seat].cards.append(stock.pop())
        for seat, hand in state.players.items():
            t.tell(seat, "dealt", f"Your hand: {cat.names(hand.cards)}.", cards=list(hand.cards))
        state.public.active = first
        mode = "the short game: one complete line loses, " if opts.short else ""
        t.say("start", f"Haunted begins ({mode}{hand_size}-card hands).")
        start_turn(t)
        self._sync(state, events)
        return Outcome(state, events)

    # -- commands ------------------------------------------------------------------------
    def handle(self, state: HauntedState, actor: Seat, command: Any) -> list[Event]:
        cmd = self.parse_command(command)
        if actor not in state.players:
            raise GameError("You are not playing in this game.")
        events: list[Event] = []
        t = Table(state, events)
        if getattr(cmd, "timed_out", False):
            t.say("timeout", TIMEOUT_TEXT[cmd.type].format(seat=seat_ref(actor)))
        decision = state.secret.decision
        if decision is not None:
            if not isinstance(cmd, Choose):
                if actor == decision.seat:
                    raise GameError(
                        "First answer the question the game has put to you; it is in your hand panel."
                    )
                raise GameError(f"The game is waiting for {seat_ref(decision.seat)} to choose.")
            choose(t, actor, cmd.option)
        elif isinstance(cmd, Choose):
            raise GameError("There is nothing for you to choose right now.")
        else:
            self._turn_command(t, actor, cmd)
        self._sync(state, events)
        return events

    def _turn_command(self, t: Table, actor: Seat, cmd: HauntedCommand) -> None:
        pub = t.pub
        acting = pub.defender if pub.step is Step.DEFENCE else pub.active
        if actor != acting:
            if pub.step is Step.DEFENCE:
                raise GameError(f"It is {seat_ref(acting)}'s turn to defend; wait for yours.")
            if isinstance(cmd, Play) and actor != pub.active:
                raise GameError(
                    f"It is {seat_ref(pub.active)}'s turn; you may only play cards in your own defence window."
                )
            raise GameError(f"It is not your turn; it is {seat_ref(pub.active)}'s.")
        if isinstance(cmd, Play):
            if pub.step is Step.DISCARD:
                raise GameError("It is step 4: discard one card to end your turn.")
            play(t, actor, cmd)
        elif isinstance(cmd, Pass):
            if pub.step is Step.DISCARD:
                raise GameError("You must discard one card in step 4.")
            end_step(t)
        elif isinstance(cmd, Discard):
            if pub.step is not Step.DISCARD:
                raise GameError("You discard in step 4, after playing on your own lines.")
            card = catalogue().resolve(cmd.card)
            if card not in t.hand(actor):
                raise GameError(f"You do not hold {catalogue().name(card)}.")
            t.take_from_hand(actor, card)
            t.discard(card)
            t.say("discard", f"{seat_ref(actor)} discards {catalogue().name(card)}.")
            finish_turn(t)
        elif isinstance(cmd, Redraw):
            if pub.step is not Step.OTHERS or pub.played:
                raise GameError(
                    "You may only discard your whole hand at the start of your turn, instead of playing."
                )
            gone = t.discard_hand(actor)
            t.say(
                "redraw",
                f"{seat_ref(actor)} spends the turn discarding their whole hand: {catalogue().names(gone)}.",
            )
            got = t.draw_into_hand(actor, pub.hand_size)
            t.say("refill", f"{seat_ref(actor)} draws {len(got)} new cards.")
            for lines in pub.lines:
                for ln in lines:
                    ln.fresh = []
            pub.active = t.left(actor)
            pub.turn += 1
            start_turn(t)

    # -- views for the platform ----------------------------------------------------------
    def legal_actions(self, state: HauntedState, seat: Seat) -> list[HauntedCommand]:
        pub = state.public
        if pub.step is Step.OVER or seat not in state.players:
            return []
        decision = state.secret.decision
        if decision is not None:
            return [Choose(option=o) for o in decision.options] if decision.seat == seat else []
        acting = pub.defender if pub.step is Step.DEFENCE else pub.active
        if seat != acting:
            return []
        t = Table(state, [])
        if pub.step is Step.DISCARD:
            return [Discard(card=c) for c in t.hand(seat)]
        out: list[HauntedCommand] = [p for p in self._plays(t, seat)]
        out.append(Pass())
        if pub.step is Step.OTHERS and not pub.played:
            out.append(Redraw())
        return out

    def _plays(self, t: Table, seat: Seat) -> list[Play]:
        cat = catalogue()
        targets = [s for s in range(t.pub.seats) if s != seat] if t.pub.step is Step.OTHERS else [seat]
        found: list[Play] = []
        for card_id in dict.fromkeys(t.hand(seat)):
            modes = [m.key for m in cat[card_id].modes] if len(cat[card_id].modes) > 1 else [None]
            for mode in modes:
                for target in targets:
                    for line in range(1, 4):
                        cmd = Play(card=card_id, target=target, line=line, mode=mode)
                        try:
                            check_play(t, seat, cmd)
                        except GameError:
                            continue
                        found.append(cmd)
        return found

    def waiting_for(self, state: HauntedState) -> list[Seat]:
        pub = state.public
        if pub.step is Step.OVER:
            return []
        if state.secret.decision is not None:
            return [state.secret.decision.seat]
        return [pub.defender if pub.step is Step.DEFENCE and pub.defender is not None else pub.active]

    def result(self, state: HauntedState) -> str | None:
        if state.public.step is not Step.OVER:
            return None
        return summary(Table(state, []))

    def timeout_command(self, state: HauntedState, seat: Seat) -> HauntedCommand | None:
        if seat not in self.waiting_for(state):
            return None
        decision = state.secret.decision
        if decision is not None:
            return Choose(option=decision.default, timed_out=True)
        if state.public.step is Step.DISCARD:
            return Discard(card=state.players[seat].cards[0], timed_out=True)
        return Pass(timed_out=True)

    def prompt(self, state: HauntedState, seat: Seat) -> str:
        """One line telling `seat` what the game wants from them now (for the DM and the table)."""
        pub = state.public
        if pub.step is Step.OVER:
            return summary(Table(state, []))
        decision = state.secret.decision
        if decision is not None:
            return (
                decision.text
                if decision.seat == seat
                else f"Waiting for {seat_ref(decision.seat)} to choose."
            )
        who = self.waiting_for(state)[0]
        if who != seat:
            return f"Waiting for {seat_ref(who)} ({STEP_LABEL[pub.step]})."
        return {
            Step.OTHERS: "Your turn, step 1: play cards on other players' lines (one per line), then pass.",
            Step.DEFENCE: "Step 2: you may play defensive cards against this turn's cards on your lines, then pass.",
            Step.OWN: "Step 3: play cards on your own lines (one per line), then pass.",
            Step.DISCARD: "Step 4: discard one card.",
        }[pub.step]

    def check_config(self) -> str:
        counts = catalogue().counts()
        total = sum(counts.values())
        return f"haunted: {total} cards (" + ", ".join(f"{k} {v}" for k, v in counts.items()) + ")"

    # -- bookkeeping -------------------------------------------------------------------------
    def _sync(self, state: HauntedState, events: list[Event]) -> None:
        pub = state.public
        pub.hand_counts = [len(state.players[s].cards) for s in range(pub.seats)]
        pub.stock_count = len(state.secret.stock)
        said = [e.text for e in events if e.audience is Audience.PUBLIC and e.kind != "ask"]
        pub.log = (pub.log + said)[-LOG_SIZE:]
        decision = state.secret.decision
        if pub.step is Step.OVER:
            pub.waiting = None
        elif decision is not None:
            pub.waiting = Waiting(
                seat=decision.seat, kind="choice", text=f"{seat_ref(decision.seat)} must choose."
            )
        elif pub.step is Step.DEFENCE and pub.defender is not None:
            pub.waiting = Waiting(
                seat=pub.defender, kind="defence", text=f"{seat_ref(pub.defender)} may defend."
            )
        else:
            pub.waiting = Waiting(
                seat=pub.active, kind="turn", text=f"{seat_ref(pub.active)}: {STEP_LABEL[pub.step]}."
            )
