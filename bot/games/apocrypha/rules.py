"""Apocrypha's Rules: setup from saint records and a mission, command dispatch, and what each seat may do."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel

from bot.engine.cards import CardDataError
from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.game import Outcome, Rules
from bot.engine.prng import Rng
from bot.engine.seats import GUIDE, Seat, seat_ref
from bot.engine.text import plural
from bot.games.apocrypha import (
    between,
    build,
    checks,
    coop,
    damage,
    golden,
    guide,
    investigate,
    opponents,
    pencil,
    playable,
    sanctify,
    turns,
)
from bot.games.apocrypha.cards import CardBook, Mission, cached_book, check_mission, load_book
from bot.games.apocrypha.commands import (
    GUIDE_COMMANDS,
    AddMutation,
    Answer,
    AssistCheck,
    Attempt,
    Command,
    EndActiveTurn,
    EndMission,
    EndTurn,
    Focus,
    Give,
    Guard,
    Investigate,
    Keep,
    Move,
    Next,
    Offer,
    PlaceSaints,
    Play,
    Present,
    Reroll,
    ResetHand,
    RevealNexus,
    Roll,
    SacrificeFragment,
    Seal,
    StartTurn,
    Take,
)
from bot.games.apocrypha.context import Ctx
from bot.games.apocrypha.mission_end import choose_death
from bot.games.apocrypha.saints import SaintRecord, deck_plan, fit_gifts, new_record
from bot.games.apocrypha.state import (
    STATE_UPGRADES,
    ApocryphaState,
    Hand,
    NexusView,
    Public,
    SaintView,
    Secret,
    card_id,
)
from bot.games.apocrypha.table import Table


class Options(BaseModel):
    mode: Literal["coop", "guided"] = "guided"
    mission: str | None = None
    # The saints brought to the table, by seat (persistent records); seats left out get a fresh saint.
    saints: dict[int, SaintRecord] = {}
    # In the lobby: the saint each player chose, by Discord user id; resolved into `saints` at start.
    picks: dict[str, str] = {}
    # Co-op: the choir's starting choices (seats clockwise, seat -> starting nexus, the first saint).
    order: list[int] = []
    starts: dict[int, str] = {}
    first: int | None = None
    # In the lobby: those choices by Discord user id (cogs/apocrypha/choir.py), resolved at start.
    choir: dict[str, Any] = {}
    # A mission the guide composed and saved on the server (guided mode), used instead of a box one.
    guide_mission: Mission | None = None


class Apocrypha(Rules[ApocryphaState]):
    key = "apocrypha"
    title = "Apocrypha Adventure Card Game"
    min_players = 1
    max_players = 6  # the guided sample mission is for up to six saints; co-op too
    roles = ("guide",)
    state_upgrades = STATE_UPGRADES
    Options = Options
    State = ApocryphaState
    Command = Command

    def __init__(self, book: CardBook | None = None, root: Path | None = None) -> None:
        self._book = book
        self._root = root

    @property
    def book(self) -> CardBook:
        if self._book is None:
            self._book = cached_book(str(self._root) if self._root else None)
        return self._book

    def required_roles(self, options: BaseModel) -> list[str]:
        """Roles that must be filled before this game can start: a guide in guided mode."""
        mode = getattr(options, "mode", None) or (options.get("mode") if isinstance(options, dict) else None)
        return ["guide"] if (mode or "guided") == "guided" else []

    # -- setup ------------------------------------------------------------------------
    def setup(
        self, options: BaseModel, players: int, seed: int, roles: dict[str, bool]
    ) -> Outcome[ApocryphaState]:
        opts = options if isinstance(options, Options) else Options.model_validate(options.model_dump())
        book = self.book
        if opts.mode == "guided" and not roles.get("guide", False):
            raise GameError("Guided mode needs a guide.")
        mission: Mission | None = None
        if opts.guide_mission is not None:
            if opts.mode != "guided":
                raise GameError("A guide's own mission is played in guided mode.")
            mission = opts.guide_mission
            try:
                check_mission(book, mission)
            except CardDataError as exc:
                raise GameError(f"That mission names something not in the box ({exc}).") from None
        elif opts.mission is not None:
            mission = book.missions.get(opts.mission)
            if mission is None:
                ids = sorted(k for k, m in book.missions.items() if m.mode == opts.mode)
                raise GameError(
                    f"There is no mission called {opts.mission}. The "
                    f"{'co-op' if opts.mode == 'coop' else opts.mode} missions are: "
                    f"{', '.join(ids)}."
                )
        elif opts.mode == "coop":
            coop_missions = sorted(k for k, m in book.missions.items() if m.mode == "coop")
            if not coop_missions:
                raise GameError("Co-op mode needs a co-op mission, and none are in the box.")
            mission = book.missions[coop_missions[0]]
        if opts.mode == "coop" and mission is not None and mission.mode != "coop":
            raise GameError(f"{mission.name} is a guided mission; co-op mode needs a co-op mission.")
        rng = Rng.from_seed(seed)
        state = ApocryphaState(
            rng=rng,
            public=Public(
                mode=opts.mode,
                mission=mission.id if mission else None,
                mission_name=mission.name if mission else "",
                chapter=mission.chapter if mission else "",
                start_count=players,
                order=list(range(players)),
            ),
            secret=Secret(),
            players={},
        )
        t = Table(state, book)
        saint_ids = sorted(book.saints)
        taken: set[str] = set()
        brought = []
        for seat in range(players):
            record = opts.saints.get(seat)
            if record is None:
                free = [s for s in saint_ids if s not in taken] or saint_ids
                record = new_record(free[0], book, rng)
            if record.dead:
                raise GameError(f"{record.name} is dead and cannot join a mission.")
            if record.saint_id not in book.saints:
                raise GameError(f"There is no saint called {record.saint_id}.")
            taken.add(record.saint_id)
            self._seat_saint(t, seat, record)
            brought.append(record)
        state.public.pencil = pencil.choir_marks(brought, state.public.chapter)
        first = 0
        if mission is not None and opts.mode == "coop":
            coop.prepare(t, mission, players)
            first = coop.start(t, opts.order, opts.starts, opts.first)
        elif mission is not None:
            self._prepare_mission(t, mission, players)
        if opts.guide_mission is not None:
            state.secret.guide_mission = opts.guide_mission
        for seat in range(players):
            t.draw(seat, t.view(seat).hand_size)
        t.sync()
        mode = "guided" if opts.mode == "guided" else "co-op"
        t.events.insert(
            0, Event.public("start", f"A {mode} mission begins{': ' + mission.name if mission else ''}.")
        )
        if opts.mode == "coop":
            turns.start_turn(t, first, draw=True)
        else:
            t.tell_guide(
                "start", "You are the guide. Prepare nexuses and the clock, then start a saint's turn."
            )
        t.sync()
        return Outcome(state, t.events)

    def _seat_saint(self, t: Table, seat: int, record: SaintRecord) -> None:
        book = t.book
        saint = book.saints[record.saint_id]
        view = SaintView(
            seat=seat, saint_id=saint.id, name=saint.name, title=saint.title, hand_size=saint.hand_size
        )
        t.pub.saints[seat] = view
        t.state.players[seat] = Hand()
        t.sec.decks[seat] = []
        for cid, info in record.custom.items():
            t.pub.fragments_given[cid] = dict(info)
        for slot, cid in record.halo.items():
            n = t.sec.next_copy.get(cid, 0) + 1
            t.sec.next_copy[cid] = n
            view.halo[slot] = f"{cid}#{n}"
        gifts = fit_gifts(record, book, t.state.rng)
        deck: list[str] = []
        for cid in gifts:
            if t.box_has(cid, held=deck):
                deck.append(t.new_instance(cid, held=deck))
                continue
            # Every copy is out (in another saint's deck, or this one's): an Alpha gift of the same
            # virtue stands in, or any gift of it when no Alpha one is left.
            virtue = book.gifts[cid].virtue
            left = t.box_left("gift", virtue, held=deck)
            alpha = {g: n for g, n in left.items() if book.gifts[g].alpha}
            uid = t.draw_box(alpha or left, held=deck)
            if uid is not None:
                deck.append(uid)
        build.deal(t, "omen", deck_plan(record, book)["omen"], deck)
        t.state.rng.shuffle(deck)
        t.sec.decks[seat] = deck

    def _prepare_mission(self, t: Table, mission: Mission, players: int) -> None:
        book = t.book
        guided = t.pub.mode == "guided"
        first: str | None = None
        missing: list[str] = []  # what the box could not give, for the guide (House rule 35)
        for nx in mission.nexuses:
            if nx.min_saints > players:
                continue
            box = book.nexuses.get(nx.nexus or "")
            key = nx.key
            view = NexusView(
                key=key,
                name=nx.name or (box.name if box else key),
                description=nx.description or (box.text if box else ""),
                box_id=nx.nexus,
                side=nx.side,
            )
            deck: list[str] = []
            for cid in nx.cards:
                if t.box_has(cid, held=deck):
                    deck.append(t.new_instance(cid, held=deck))
                else:
                    missing.append(f"{t.name(cid)} for {view.name}")
            if not nx.cards and box is not None:
                short = build.deal_all(t, box.deck, deck)
                if short:
                    missing.append(f"{build.shortfall(short)} for {view.name}")
                t.state.rng.shuffle(deck)
            t.sec.nexus_decks[key] = deck
            if guided:
                t.sec.hidden_nexuses[key] = view
            else:
                t.pub.nexuses[key] = view
                first = first or key
        clock: list[str] = []
        short = build.deal(t, "omen", mission.clock_omens, clock)
        if short:
            missing.append(f"{plural(short, 'omen')} for the clock")
        t.state.rng.shuffle(clock)
        t.clock_add(clock)
        for entry in mission.clock_extra:
            if not t.box_has(entry.card):
                missing.append(f"{t.name(entry.card)} for the clock")
            else:
                at = min(entry.after_turns, len(t.sec.clock))
                from bot.games.apocrypha.state import ClockCard

                t.sec.clock.insert(
                    at, ClockCard(card=t.new_instance(entry.card), after_turns=entry.after_turns)
                )
        if first is not None:
            for seat in t.pub.order:
                t.view(seat).nexus = first
        if missing:
            t.tell_guide("box", f"The box has run out of cards the mission asks for: {'; '.join(missing)}.")

    # -- commands ----------------------------------------------------------------------
    def handle(self, state: ApocryphaState, actor: Seat, command: Any) -> list[Event]:
        t = Table(state, self.book)
        if isinstance(command, GUIDE_COMMANDS):
            if actor != GUIDE:
                raise GameError("Only the guide can do that.")
            if state.public.mode != "guided":
                raise GameError("Guide commands are for guided mode.")
            guide.handle(t, command)
        else:
            if actor == GUIDE or actor not in state.players:
                raise GameError("Only a saint in this mission can do that.")
            self._saint(t, actor, command)
        coop.check_end(t)
        if state.public.step != "over":
            investigate.release_holds(t)
        t.sync()
        return t.events

    def _saint(self, t: Table, seat: int, cmd: Any) -> None:
        pub = t.pub
        mine = [p for p in pub.pending if p.seat == seat]
        if isinstance(cmd, SacrificeFragment):
            return between.sacrifice(t, seat, cmd.fragment)
        if pub.step == "over" and not isinstance(cmd, (Answer, Offer, Take)):
            raise GameError("The mission is over: only the Mission End choices are left.")
        if isinstance(cmd, Offer):
            return between.offer(t, seat, cmd.gift)
        if isinstance(cmd, Take):
            return between.take(t, seat, cmd.gift)
        if mine and not isinstance(cmd, Answer) and not (mine[0].kind == "damage" and isinstance(cmd, Play)):
            raise GameError(f"First answer: {mine[0].text}")
        if pub.pending and not mine and not isinstance(cmd, (AssistCheck, Play)):
            raise GameError(f"The game is waiting for {seat_ref(pub.pending[0].seat)} to answer.")
        if isinstance(cmd, Play):
            turns.play(t, seat, cmd)
        elif isinstance(cmd, Investigate):
            turns.investigate_cmd(t, seat, cmd.omen)
        elif isinstance(cmd, Next) and opponents.waiting_for(t, seat) is not None:
            opponents.focus(t, seat)  # a saint whose confrontation waits goes on with it first
        elif isinstance(cmd, Next):
            turns.next_step(t, seat)
        elif isinstance(cmd, Attempt):
            if opponents.waiting_for(t, seat) is not None:
                opponents.focus(t, seat)  # checks in any order: attempting takes the focus
            investigate.attempt(t, seat, cmd.virtue)
        elif isinstance(cmd, Focus):
            opponents.focus(t, seat)
        elif isinstance(cmd, AssistCheck):
            checks.offer_assist(t, seat, cmd.virtue)
        elif isinstance(cmd, Answer):
            self._answer(t, seat, cmd)
        elif isinstance(cmd, Roll):
            check = checks.require_check(t, ("assist", "assemble"))
            if seat != check.seat:
                raise GameError("Only the saint attempting the check rolls.")
            checks.roll(t)
        elif isinstance(cmd, Reroll):
            checks.reroll(t, seat, cmd.dice, cmd.assist)
        elif isinstance(cmd, Keep):
            check = checks.require_check(t, "evaluate")
            if seat != check.seat:
                raise GameError("Only the saint attempting the check decides it.")
            checks.keep(t)
            investigate.after_check(t)
            sanctify.after_check(t)
            if pub.check is not None and pub.check.stage == "done" and pub.confront is None:
                pub.check = None
        elif isinstance(cmd, Move):
            turns.move(t, seat, cmd.nexus)
        elif isinstance(cmd, Give):
            turns.give(t, seat, cmd.card, cmd.to)
        elif isinstance(cmd, EndTurn):
            turns.end_turn(t, seat, cmd.discard, cmd.recycle)
        elif isinstance(cmd, ResetHand):
            allowed = seat in pub.must_reset or seat in pub.reset_open
            if not allowed:
                raise GameError(
                    "You can reset only after the active saint resets (until the next turn starts) "
                    "or when the guide calls a rest."
                )
            turns.reset_hand(t, seat, cmd.discard, cmd.recycle)
            if seat in pub.reset_open:
                pub.reset_open.remove(seat)
        elif isinstance(cmd, Seal) and pub.coop is not None:
            sanctify.seal(t, seat, cmd.virtue, cmd.card)
        elif isinstance(cmd, Seal):
            turns.seal(t, seat)
        elif isinstance(cmd, Guard):
            sanctify.guard(t, seat, cmd.nexus, cmd.virtue, cmd.card)
        else:
            raise GameError("That action is not one this game knows.")

    def _answer(self, t: Table, seat: int, cmd: Answer) -> None:
        from bot.games.apocrypha.effects import BOOK

        pub = t.pub
        pending = next((p for p in pub.pending if p.seat == seat), None)
        if pending is None:
            raise GameError("Nothing is waiting for your answer.")
        if pending.kind in ("damage", "order") and cmd.option != 0:
            raise GameError("That question has one answer: option 0.")
        if pending.kind == "accept_assist":
            if cmd.option not in (0, 1):
                raise GameError("Answer 0 to accept the assist or 1 to refuse it.")
            pub.pending.remove(pending)
            checks.answer_assist(t, pending.data["helper"], cmd.option == 0)
            if cmd.option == 0:
                coop.after_assist(t, pending.data["helper"])
        elif pending.kind == "choose":
            options = pending.data["options"]
            if not 0 <= cmd.option < len(options):
                raise GameError(f"Pick an option from 0 to {len(options) - 1}.")
            pub.pending.remove(pending)
            ctx = Ctx(t, pending.data.get("actor", seat), [seat], pending.data.get("uid"), None, None)
            ctx.asked = bool(pending.data.get("asked"))
            BOOK.run(ctx, options[cmd.option])
        elif pending.kind == "pick_card":
            coop.answer_pick(t, seat, pending, cmd.option)
        elif pending.kind == "damage":
            damage.take_pending(t, seat, cmd.cards)
        elif pending.kind == "death":
            choose_death(t, pending, cmd.option)
        elif pending.kind == "fragment":
            between.answer_fragment(t, pending, cmd.option)
        elif pending.kind == "give_up":
            between.answer_give_up(t, pending, cmd.option)
        elif pending.kind == "rebuild":
            if cmd.option != 0:
                raise GameError("That question has one answer: done.")
            between.done(t, pending)
        elif pending.kind == "sacrifice":
            guide.sacrifice_for(t, pending, cmd.option)
        elif pending.kind == "order":
            examined = t.state.players[seat].examined
            if sorted(cmd.order) != sorted(examined):
                raise GameError("Give the order of exactly the cards you examined.")
            deck = t.sec.nexus_decks.get(pending.data["nexus"], [])
            if deck[: len(examined)] != examined and sorted(deck[: len(examined)]) != sorted(examined):
                raise GameError("Those cards are no longer on top of the nexus.")
            deck[: len(examined)] = list(cmd.order)
            t.state.players[seat].examined = []
            pub.pending.remove(pending)
            t.say("reload", f"{seat_ref(seat)} puts the cards back on top of the nexus.")

    # -- what each seat may do ----------------------------------------------------------
    def legal_actions(self, state: ApocryphaState, seat: Seat) -> list[Any]:
        if self.result(state) is not None:
            return []
        pub = state.public
        t = Table(state, self.book)
        if seat == GUIDE:
            if pub.mode != "guided":
                return []
            acts: list[Any] = [EndMission(won=True), EndMission(won=False)]
            acts += [RevealNexus(nexus=k) for k in state.secret.hidden_nexuses]
            if pub.check is not None and pub.check.awaiting_mutation:
                acts.append(AddMutation(mutation=None))  # an assist waits for the guide's mutation
            if pub.active is None:
                acts += [StartTurn(seat=s, draw=bool(state.secret.clock)) for s in pub.order]
                if pub.confront is None:
                    acts += [
                        PlaceSaints(nexus=k)
                        for k, n in pub.nexuses.items()
                        if not n.sealed and any(v.nexus != k for v in pub.saints.values())
                    ]
            else:
                acts.append(EndActiveTurn())
                key = pub.saints[pub.active].nexus
                if key and state.secret.nexus_decks.get(key):
                    # The nexus's top card, for the active saint; once a confrontation is under way,
                    # for another saint there (several opponents at once).
                    free = [s for s in pub.order if t.together(s, pub.active) or s == pub.active]
                    free = [s for s in free if opponents.of(t, s) is None]
                    if pub.confront is None:
                        free = [pub.active] if pub.active in free else []
                    acts += [Present(seat=s, nexus=key) for s in free]
            return acts
        if seat not in pub.saints:
            return []
        mine = [p for p in pub.pending if p.seat == seat]
        if mine:
            p = mine[0]
            if p.kind == "order":
                return [Answer(order=list(state.players[seat].examined))]
            if p.kind == "damage":
                return [Answer(), *self._playable(Table(state, self.book), seat)]
            if p.kind == "rebuild":
                kept = sorted(set(state.players[seat].kept))
                table = sorted(set(pub.between.table)) if pub.between else []
                forget = [SacrificeFragment(fragment=f) for f in between.fragments_held(t, seat)]
                return [Answer(), *(Offer(gift=g) for g in kept), *(Take(gift=g) for g in table), *forget]
            count = len(state.players[seat].hand) if p.kind == "pick_card" else len(p.options) or 2
            return [Answer(option=i) for i in range(count)]
        if pub.step == "over":
            return []
        acts = []
        check = pub.check
        if pub.pending:
            # Someone else must answer first; meanwhile a saint may still offer an assist or play a power.
            if check is not None and check.stage == "assist" and check.seat != seat:
                acts += self._assists(t, seat)
            return acts + self._playable(t, seat)
        if check is not None and check.stage != "done":
            if check.seat == seat:
                if check.stage in ("assist", "assemble"):
                    acts.append(Roll())
                if check.stage == "assist":
                    acts.append(Next())
                if check.stage == "evaluate":
                    acts.append(Keep())
                    rerolls = golden.allowed(t, seat, "reroll").allowed
                    for a in check.assists if rerolls else []:
                        if a.accepted and a.rerolls_left and check.pool:
                            low = sorted(check.pool.live(), key=lambda i: check.pool.dice[i].value)[
                                : a.rerolls_left
                            ]
                            acts.append(Reroll(dice=low, assist=a.seat))
            if check.stage == "assist":
                acts += self._assists(t, seat)
        elif pub.confront is not None:
            if pub.confront.seat == seat:
                acts.append(Next())
                if pub.confront.step == "act":
                    acts += [Attempt(virtue=x.virtue) for x in t.card(pub.confront.card).targets]
        elif pub.active == seat:
            here = pub.nexuses.get(pub.saints[seat].nexus or "")
            if (
                pub.step == "investigate"
                and here is not None
                and not here.sealed
                and golden.allowed(t, seat, "investigate").allowed
            ):
                acts += [Investigate(omen=u) for u in state.players[seat].hand if t.is_omen(u)]
                if pub.investigations > 0:
                    acts.append(Investigate())
            if pub.step == "transfer" and not pub.gave and _allowed(lambda: turns.check_give(t, seat)):
                cards = list({card_id(u): u for u in reversed(state.players[seat].hand)}.values())[::-1]
                acts += [Give(card=u, to=o) for u in cards for o in t.at_nexus(seat)]
                if coop.may_bury_instead(t, seat):
                    acts += [Give(card=u, to=seat) for u in cards]
            if pub.step == "sanctify" and pub.coop is None and golden.allowed(t, seat, "seal").allowed:
                acts.append(Seal())
            acts.append(Next() if pub.step != "end" else EndTurn())
            if pub.step != "end":
                acts.append(EndTurn())
        elif seat in pub.must_reset or seat in pub.reset_open:
            acts.append(ResetHand())
        if opponents.waiting_for(t, seat) is not None and opponents.why_not_now(t) is None:
            acts.append(Focus())
        if check is None and pub.confront is None:
            acts += [Move(nexus=k) for k in pub.nexuses if _allowed(lambda k=k: turns.check_move(t, seat, k))]
        if pub.coop is not None and check is None and pub.confront is None:
            acts += sanctify.legal(t, seat)
        acts += self._playable(t, seat)
        return acts

    @staticmethod
    def _assists(t: Table, seat: int) -> list[AssistCheck]:
        check = t.pub.check
        if check is None or any(a.seat == seat for a in check.assists):
            return []
        virtue = check.original_virtue
        return (
            [AssistCheck(virtue=virtue)] if checks.assist_problem(t, seat, check.seat, virtue) is None else []
        )

    def _playable(self, t: Table, seat: int) -> list[Play]:
        """Card powers playable now, each with its choices, kept only if the engine accepts them."""
        state = t.state

        def accepts(play: Play) -> bool:
            try:
                self.apply(state, seat, play)
            except GameError:
                return False
            return True

        return playable.playable(t, seat, accepts)

    def waiting_for(self, state: ApocryphaState) -> list[Seat]:
        pub = state.public
        if self.result(state) is not None:
            return []
        if pub.pending:
            return sorted({p.seat for p in pub.pending})
        if pub.check is not None and pub.check.awaiting_mutation:
            return [GUIDE]
        if pub.check is not None and pub.check.stage != "done":
            return [pub.check.seat]
        if pub.confront is not None:
            return [pub.confront.seat]
        if pub.active is not None:
            return [pub.active]
        return [GUIDE] if pub.mode == "guided" else []

    def timeout_command(self, state: ApocryphaState, seat: Seat) -> Any | None:
        """What a saint who did not answer in time does: refuse offers, take damage, end their part."""
        pub = state.public
        if seat == GUIDE and pub.check is not None and pub.check.awaiting_mutation:
            return AddMutation(mutation=None)  # as in co-op: a random mutation
        pending = next((p for p in pub.pending if p.seat == seat), None)
        if pending is not None:
            if pending.kind == "accept_assist":
                return Answer(option=1)
            if pending.kind == "order":
                return Answer(order=list(state.players[seat].examined))
            return Answer(option=0)
        if pub.check is not None and pub.check.seat == seat and pub.check.stage != "done":
            return Keep() if pub.check.stage == "evaluate" else Roll()
        if pub.confront is not None and pub.confront.seat == seat:
            return Next()
        if pub.active == seat:
            return EndTurn()
        return None

    def result(self, state: ApocryphaState) -> str | None:
        return state.public.result if state.public.outcome is not None else None

    def check_config(self) -> str:
        book = load_book(self._root)
        counts = book.counts()
        kinds = ("gifts", "threats", "omens", "fragments", "mutations", "deaths")
        copies = {k: sum(getattr(c, "copies", 1) for c in getattr(book, k).values()) for k in kinds}
        total = sum(copies.values())
        parts = ", ".join(f"{k[:-1] if k != 'mutations' else 'mutation'} {copies[k]}" for k in kinds)
        return (
            f"apocrypha: {total} cards ({parts}), saints {counts['saints']}, "
            f"nexuses {counts['nexuses']}, missions {counts['missions']}"
        )


def _allowed(test: Any) -> bool:
    """Whether a rule check passes (it raises GameError when it does not)."""
    try:
        test()
    except GameError:
        return False
    return True


def plan_matches(state: ApocryphaState, book: CardBook, seat: int, record: SaintRecord) -> bool:
    """Whether a saint's cards at mission start match their virtues, omen number and fragments."""
    from bot.games.apocrypha.state import card_id

    plan = deck_plan(record, book)
    cards = [*state.secret.decks[seat], *state.players[seat].hand]
    counts: dict[str, int] = {}
    for uid in cards:
        cid = card_id(uid)
        kind = book.gifts[cid].virtue if cid in book.gifts else "omen" if cid in book.omens else "other"
        counts[kind] = counts.get(kind, 0) + 1
    return all(counts.get(k, 0) == n for k, n in plan.items()) and "other" not in counts
