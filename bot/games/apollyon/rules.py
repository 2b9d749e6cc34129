"""SCP: Apollyon's Rules: setup, the command table per phase, legal actions, waiting and results."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.game import Outcome, Rules
from bot.engine.prng import Rng
from bot.engine.seats import Seat, seat_ref
from bot.engine.text import plural, verb
from bot.games.apollyon import commands as c
from bot.games.apollyon import containment, growth, missions, phases
from bot.games.apollyon import masquerade as mq
from bot.games.apollyon.cards import CLASSES, catalogue
from bot.games.apollyon.state import (
    DECKS,
    ApollyonState,
    Hand,
    Mission,
    Options,
    Phase,
    Public,
    Secret,
    Site,
    Table,
)

START_DECKS = ("safe", "euclid", "keter")
ALLOWED: dict[Phase, tuple[type, ...]] = {
    Phase.SETUP: (c.ChooseStart,),
    Phase.GROWTH: (c.Transfer, c.BuildPile, c.Claim, c.Promote, c.Study, c.Withdraw, c.Ready),
    Phase.ASSIGN: (c.Assign, c.SetMission, c.Ready),
    Phase.MISSIONS: (c.Resolve,),
    Phase.RETURN: (c.Deliver, c.Ready),
    Phase.SITE: (c.Contain, c.Overcontain, c.Withdraw, c.Trial, c.Ready),
}
PHASE_NAMES = {
    Phase.SETUP: "setup",
    Phase.GROWTH: "Growth",
    Phase.ASSIGN: "MTF assignment",
    Phase.MISSIONS: "MTF missions",
    Phase.RETURN: "Site (return)",
    Phase.SITE: "Site",
    Phase.OVER: "finished",
}


def apollyon_deck(options: Options) -> list[str]:
    """Campaign mode leaves out the Apollyons this server has beaten; all beaten means a fresh campaign."""
    deck = catalogue().deck("apollyon")
    if options.campaign:
        left = [a for a in deck if a not in set(options.beaten)]
        return left or deck
    return deck


class Apollyon(Rules[ApollyonState]):
    key = "apollyon"
    title = "SCP: Apollyon"
    min_players = 1
    max_players = 6
    Options = Options
    State = ApollyonState
    Command = c.Command

    # -- setup --------------------------------------------------------------------
    def setup(
        self, options: BaseModel, players: int, seed: int, roles: dict[str, bool]
    ) -> Outcome[ApollyonState]:
        opts = options if isinstance(options, Options) else Options.model_validate(options.model_dump())
        if not 1 <= players <= 6:
            raise GameError("SCP: Apollyon is for 1 to 6 Site Directors.")
        cat = catalogue()
        rng = Rng.from_seed(seed)
        decks: dict[str, list[str]] = {cls: cat.deck(cls) for cls in CLASSES}
        decks["apollyon"] = apollyon_deck(opts)
        decks["character"] = sorted(cat.characters)
        decks["asset"] = sorted(cat.assets)
        decks["event"] = sorted(cat.events)
        decks["situation"] = sorted(cat.situations)
        for name in DECKS:
            rng.shuffle(decks[name])
        start = 10 + 5 * players
        pub = Public(
            masquerade=start,
            masquerade_start=start,
            slots=8 if players > 3 else 6,
            sites=[Site(seat=s, pool={"resource": 1, "personnel": 1, "space": 1}) for s in range(players)],
            event_die=opts.event_die,
            campaign=opts.campaign,
            difficulty=opts.difficulty,
            space_gained=players,
        )
        state = ApollyonState(
            rng=rng, public=pub, secret=Secret(decks=decks), players={s: Hand() for s in range(players)}
        )
        t = Table(state)
        t.secret.apollyon = t.draw("apollyon")
        per_hand = 3 if players == 1 else 2
        for seat in range(players):
            for _ in range(per_hand):
                card = t.draw("character")
                if card:
                    t.add_to_hand(seat, t.new_character(card))
            names = ", ".join(ch.info.name for ch in t.hand(seat))
            t.tell(seat, "hand", f"Your starting garrison: {names}.")
        t.sync_counts()
        t.say(
            "start",
            f"{plural(players, 'Site Director')} {verb(players, 'prepares', 'prepare')}. The Masquerade stands at {start}; an Apollyon lies face down. "
            "Each director chooses a Safe, Euclid or Keter anomaly to start with.",
        )
        return Outcome(state, t.events)

    # -- commands -------------------------------------------------------------------
    def handle(self, state: ApollyonState, actor: Seat, command: Any) -> list[Event]:
        cmd = self.parse_command(command) if isinstance(command, dict) else command
        t = Table(state)
        if actor not in t.seats:
            raise GameError("You are not a Site Director in this game.")
        site = t.site(actor)
        if isinstance(cmd, c.OpenSite):
            site.open = cmd.open
            t.say(
                "open",
                f"{seat_ref(actor)}'s site {'accepts' if cmd.open else 'no longer accepts'} other teams' anomalies.",
            )
            return t.events
        phase = t.pub.phase
        if not isinstance(cmd, ALLOWED.get(phase, ())):
            raise GameError(f"That is not something you can do in the {PHASE_NAMES[phase]} phase.")
        if phase is not Phase.MISSIONS and site.ready:
            raise GameError("You have already said you are done with this phase.")
        handler = getattr(self, f"_{cmd.type}")
        handler(t, actor, cmd)
        self._advance(t)
        return t.events

    def _choose_start(self, t: Table, seat: Seat, cmd: c.ChooseStart) -> None:
        card = t.draw(cmd.deck)
        if card is None:
            raise GameError(f"The {cmd.deck} deck is empty.")
        site = t.site(seat)
        a = t.new_anomaly(card)
        for kind, n in a.info.cost.items():
            a.tokens[kind] = n
        t.pub.space_gained += a.info.cost.space
        containment.place_in_rows(site, a)
        site.ready = True
        t.say(
            "start_anomaly",
            f"{seat_ref(seat)} starts with {a.info.name} ({a.info.designation}) fully contained.",
        )

    def _transfer(self, t: Table, seat: Seat, cmd: c.Transfer) -> None:
        growth.transfer(t, seat, cmd.to, cmd.asset, cmd.character)

    def _build_pile(self, t: Table, seat: Seat, cmd: c.BuildPile) -> None:
        growth.build_pile(t, seat, cmd.assets, cmd.characters)

    def _claim(self, t: Table, seat: Seat, cmd: c.Claim) -> None:
        growth.claim(t, seat, cmd.index)

    def _promote(self, t: Table, seat: Seat, cmd: c.Promote) -> None:
        growth.promote(t, seat, cmd.kind)

    def _study(self, t: Table, seat: Seat, cmd: c.Study) -> None:
        growth.study(t, seat, cmd.anomaly)

    def _withdraw(self, t: Table, seat: Seat, cmd: c.Withdraw) -> None:
        containment.withdraw(t, seat, cmd.anomaly, cmd.asset)

    def _assign(self, t: Table, seat: Seat, cmd: c.Assign) -> None:
        site = t.site(seat)
        ch = t.take_from_hand(seat, cmd.character)
        if ch is None:
            placed = [m for mtf in site.mtfs for m in mtf.members] + site.vacation + site.lost
            if any(m.uid == cmd.character for m in placed):
                raise GameError("That character is already assigned this month.")
            raise GameError("That character is not in your garrison.")
        if cmd.to == "vacation":
            ch.cognito = max(0, ch.cognito - 1)
            site.vacation.append(ch)
            t.say("vacation", f"{ch.info.name} of {seat_ref(seat)}'s site goes On Vacation.")
            return
        index = 0 if cmd.to == "mtf1" else 1
        site.mtfs[index].members.append(ch)
        t.say("assign", f"{seat_ref(seat)} assigns {ch.info.name} to MTF-0{index + 1}.")

    def _mission(self, t: Table, seat: Seat, cmd: c.SetMission) -> None:
        mtf = t.site(seat).mtfs[cmd.mtf - 1]
        if cmd.kind == "none":
            mtf.mission = None
            return
        if not mtf.members:
            raise GameError(f"MTF-0{cmd.mtf} has nobody assigned to it.")
        skills = {s for ch in mtf.members for s in ch.info.skills}
        if cmd.kind == "investigate":
            if not any(s.uid == cmd.target for s in t.pub.situations):
                raise GameError("There is no such situation to investigate.")
        elif cmd.kind == "capture":
            if t.public_anomaly(cmd.target or 0) is None:
                raise GameError("There is no such anomaly in the public zone.")
        elif cmd.kind == "scout" and "scout" not in skills:
            raise GameError("A Scout mission needs a Scout on the team.")
        target = cmd.target if cmd.kind in ("investigate", "capture") else None
        mtf.mission = Mission(kind=cmd.kind, target=target)
        t.say("mission", f"{seat_ref(seat)} sends MTF-0{cmd.mtf} to {cmd.kind}.")

    def _resolve(self, t: Table, seat: Seat, cmd: c.Resolve) -> None:
        missions.resolve(t, seat, cmd.mtf - 1, spread=cmd.spread)

    def _deliver(self, t: Table, seat: Seat, cmd: c.Deliver) -> None:
        site = t.site(seat)
        a = next((a for a in site.carrying if a.uid == cmd.anomaly), None)
        if a is None:
            raise GameError("Your teams are not carrying that anomaly.")
        if cmd.to not in t.seats:
            raise GameError("There is no such site.")
        dest = t.site(cmd.to)
        if cmd.to != seat and not dest.open:
            raise GameError("That site has not agreed to take anomalies.")
        if not containment.has_room(dest):
            raise GameError("That site's Temporary Containment is full.")
        site.carrying.remove(a)
        containment.to_temporary(t, dest, a)

    def _contain(self, t: Table, seat: Seat, cmd: c.Contain) -> None:
        containment.contain(t, seat, cmd.anomaly)

    def _overcontain(self, t: Table, seat: Seat, cmd: c.Overcontain) -> None:
        containment.overcontain(t, seat, cmd.anomaly, cmd.asset)

    def _trial(self, t: Table, seat: Seat, cmd: c.Trial) -> None:
        containment.trial(t, seat, cmd.anomaly)

    def _ready(self, t: Table, seat: Seat, cmd: c.Ready) -> None:
        site = t.site(seat)
        if t.pub.phase is Phase.RETURN:
            for a in list(site.carrying):
                site.carrying.remove(a)
                if containment.has_room(site):
                    containment.to_temporary(t, site, a)
                else:
                    t.pub.public_zone.append(a)
                    t.say("loose", f"{seat_ref(seat)}'s site has no room: {a.info.name} gets away.")
                    mq.pay(t, mq.loose_cost(t, a), f"{a.info.name} loose in the world")
        site.ready = True

    # -- flow -----------------------------------------------------------------------
    def _advance(self, t: Table) -> None:
        pub = t.pub
        if pub.outcome:
            return
        everyone = all(s.ready for s in pub.sites)
        if pub.phase is Phase.SETUP and everyone:
            phases.begin_month(t)
        elif pub.phase is Phase.GROWTH and everyone:
            phases.end_growth(t)
        elif pub.phase is Phase.ASSIGN and everyone:
            phases.end_assign(t)
        elif pub.phase is Phase.MISSIONS and not phases.missions_left(t):
            phases.after_missions(t)
        elif pub.phase is Phase.RETURN and everyone:
            phases.start_site(t)
        elif pub.phase is Phase.SITE and everyone:
            phases.end_phase(t)
        t.sync_counts()
        t.sync_garrisons()

    # -- queries --------------------------------------------------------------------
    def legal_actions(self, state: ApollyonState, seat: Seat) -> list[Any]:
        from bot.games.apollyon.legal import legal

        if self.result(state) is not None or seat not in state.players:
            return []
        return legal(Table(state), seat)

    def waiting_for(self, state: ApollyonState) -> list[Seat]:
        pub = state.public
        if pub.outcome:
            return []
        if pub.phase is Phase.MISSIONS:
            return [s.seat for s in pub.sites if any(m.mission and not m.done for m in s.mtfs)]
        return [s.seat for s in pub.sites if not s.ready]

    def result(self, state: ApollyonState) -> str | None:
        pub = state.public
        if pub.outcome is None:
            return None
        verb = "won" if pub.outcome == "won" else "lost"
        return f"The Foundation {verb} in month {pub.month}: {pub.ending}"

    def timeout_command(self, state: ApollyonState, seat: Seat) -> Any | None:
        pub = state.public
        if pub.phase is Phase.SETUP:
            return c.ChooseStart(deck="safe")
        if pub.phase is Phase.MISSIONS:
            for i, m in enumerate(pub.sites[seat].mtfs):
                if m.mission and not m.done:
                    return c.Resolve(mtf=i + 1)
            return None
        return c.Ready()

    def check_config(self) -> str:
        cat = catalogue()
        n = cat.counts()
        total = sum(n.values())
        parts = ", ".join(f"{k} {v}" for k, v in n.items())
        return (
            f"apollyon: {total} cards ({parts}), anomalies {n['anomaly']}, "
            f"characters {n['character']}, situations {n['situation']}"
        )
