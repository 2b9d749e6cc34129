"""The guide's commands in guided mode: nexuses, the clock, turns, confrontations, mutations,
delays, rests, fragments, and the end of the mission. Only the guide (seat GUIDE) may use them."""

from __future__ import annotations

from typing import Any

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.engine.text import plural, verb
from bot.games.apocrypha import build, checks, damage, guide_tools, investigate, opponents, turns
from bot.games.apocrypha.cards import slug
from bot.games.apocrypha.commands import (
    AddMutation,
    AdjustTarget,
    AllowReset,
    Delay,
    DiceEffect,
    DrawClock,
    EndActiveTurn,
    EndMission,
    GiveCard,
    GiveFragment,
    GuideCheck,
    OrientNexus,
    PlaceSaints,
    PrepareNexus,
    Present,
    Retreat,
    RevealNexus,
    SearchDeck,
    SetDice,
    StackClock,
    StackNexus,
    StartTurn,
    StopPower,
)
from bot.games.apocrypha.mission_end import end_mission
from bot.games.apocrypha.state import ClockCard, Confrontation, MutationApplied, NexusView, Pending
from bot.games.apocrypha.table import Table


def nexus(t: Table, key: str) -> NexusView:
    if key in t.pub.nexuses:
        return t.pub.nexuses[key]
    if key in t.sec.hidden_nexuses:
        return t.sec.hidden_nexuses[key]
    raise GameError(f"There is no nexus called {key}.")


def box_card(t: Table, cid: str, kinds: tuple[str, ...], held: list[str] | None = None) -> str:
    """A fresh copy of a gift/threat/omen from the box, or a refusal naming what is wrong; `held`
    are the cards this command has already taken out of the box."""
    kind = t.book.kind_of(cid)
    if kind is None:
        raise GameError(f"There is no card called {cid} in the box.")
    if kind not in kinds:
        raise GameError(f"{t.book.card(cid).name} cannot go there.")
    return t.new_instance(cid, held=held or ())


def box_cards(t: Table, cids: list[str], kinds: tuple[str, ...]) -> list[str]:
    """Fresh copies of the named cards, each taken out of the box before the next is looked for."""
    uids: list[str] = []
    for cid in cids:
        uids.append(box_card(t, cid, kinds, uids))
    return uids


def require_saint(t: Table, seat: int) -> None:
    if seat not in t.pub.saints:
        raise GameError(f"There is no saint in seat {seat}.")


def prepare(t: Table, cmd: PrepareNexus) -> None:
    if cmd.nexus:
        box = t.book.nexuses.get(cmd.nexus)
        if box is None:
            raise GameError(f"There is no nexus called {cmd.nexus} in the box.")
        key, name, desc = box.id, cmd.name or box.name, cmd.description or box.text
    elif cmd.name:
        key, name, desc = slug(cmd.name), cmd.name, cmd.description
    else:
        raise GameError("Name a nexus from the box or give your own nexus a name.")
    if key in t.pub.nexuses or key in t.sec.hidden_nexuses:
        raise GameError(f"There is already a nexus called {name}.")
    view = NexusView(key=key, name=name, description=desc, box_id=cmd.nexus, side=cmd.side)
    t.sec.nexus_decks[key] = []
    if cmd.reveal:
        t.pub.nexuses[key] = view
        t.say("nexus", f"A new nexus appears: {name} ({cmd.side.capitalize()}).")
    else:
        t.sec.hidden_nexuses[key] = view
    t.tell_guide("nexus", f"Nexus {name} is ready (key {key}).")


def reveal(t: Table, key: str) -> None:
    if key in t.pub.nexuses:
        raise GameError("That nexus is already revealed.")
    view = t.sec.hidden_nexuses.pop(key, None)
    if view is None:
        raise GameError(f"There is no nexus called {key}.")
    t.pub.nexuses[key] = view
    t.say("nexus", f"The saints discover {view.name}. {view.description}".strip())


TOOLS: dict[type, Any] = {
    DrawClock: guide_tools.draw_clock,
    GuideCheck: guide_tools.bare_check,
    DiceEffect: guide_tools.dice_effect,
    StopPower: guide_tools.stop_power,
    GiveCard: guide_tools.give_card,
    SearchDeck: guide_tools.search_deck,
    Retreat: guide_tools.retreat,
}


def mutate(t: Table, cmd: AddMutation) -> None:
    """One or several mutations from the box, or one the guide writes (on a box mutation's effects,
    or in words only)."""
    pub = t.pub
    if cmd.seat is not None and opponents.waiting_for(t, cmd.seat) is not None:
        mutate_waiting(t, opponents.chosen(t, cmd.seat), cmd)
        return
    if cmd.seat is not None:
        opponents.chosen(t, cmd.seat)  # refuses a saint who confronts nothing
    if pub.confront is None and (pub.check is None or pub.check.stage == "done"):
        raise GameError("There is no confrontation or check to mutate.")
    if cmd.name is None:
        for mid in [cmd.mutation, *cmd.also]:
            if mid is not None and mid not in t.book.mutations:
                raise GameError(f"There is no mutation called {mid} in the box.")
        for i, mid in enumerate([cmd.mutation, *cmd.also]):
            checks.mutate_now(t, mid, [cmd.roll] if cmd.roll and i == 0 else [])
        return
    if cmd.also:
        raise GameError("Write one mutation at a time.")
    if cmd.mutation is not None:
        checks.mutate_now(t, cmd.mutation, [cmd.roll] if cmd.roll else [], name=cmd.name)
        return
    if not cmd.text.strip():
        raise GameError("Say what your mutation does (its text), or base it on a mutation from the box.")
    written = MutationApplied(mutation="written", side=cmd.name, rolls=[], result=0, text=cmd.text)
    check = pub.check if pub.check is not None and pub.check.stage != "done" else None
    if check is not None:
        check.mutations.append(written)
        check.mutated = True
    if pub.confront is not None:
        pub.confront.written.append(written)
        pub.confront.mutated = True
    t.say("mutate", f"The guide mutates the confrontation: {cmd.name}. {cmd.text}".strip())


def mutate_waiting(t: Table, confront: Confrontation, cmd: AddMutation) -> None:
    """Mutations for a confrontation waiting its turn: they apply at its check, as queued ones do."""
    written = cmd.name is not None and cmd.mutation is None
    if written and not cmd.text.strip():
        raise GameError("Say what your mutation does (its text), or base it on a mutation from the box.")
    if cmd.name is not None and cmd.also:
        raise GameError("Write one mutation at a time.")
    if written:
        ruling = MutationApplied(mutation="written", side=cmd.name or "", rolls=[], result=0, text=cmd.text)
        confront.written.append(ruling)
    else:
        mids = [m for m in [cmd.mutation, *cmd.also] if m is not None]
        for mid in mids:
            if mid not in t.book.mutations:
                raise GameError(f"There is no mutation called {mid} in the box.")
        for i, mid in enumerate(mids or [t.state.rng.choice(sorted(t.book.mutations))]):
            fixed = cmd.roll if cmd.roll and i == 0 else ""
            confront.queued_mutations.append(f"{mid}:{fixed}:{(cmd.name or '') if i == 0 else ''}")
    confront.mutated = True
    t.say(
        "mutate",
        f"The guide mutates {seat_ref(confront.seat)}'s confrontation vs. {t.name(confront.card)}; "
        "it applies at their check.",
    )


def handle(t: Table, cmd: Any) -> None:
    pub = t.pub
    if isinstance(cmd, PrepareNexus):
        prepare(t, cmd)
    elif isinstance(cmd, RevealNexus):
        reveal(t, cmd.nexus)
    elif isinstance(cmd, PlaceSaints):
        if cmd.nexus not in pub.nexuses or pub.nexuses[cmd.nexus].sealed:
            raise GameError(f"There is no open, revealed nexus called {cmd.nexus}.")
        if pub.confront is not None:
            raise GameError("Saints cannot be moved in the middle of a confrontation.")
        seats = cmd.seats or list(pub.order)
        for seat in seats:
            require_saint(t, seat)
        for seat in seats:
            t.view(seat).nexus, t.view(seat).sealed_at = cmd.nexus, None
        be = "are" if len(seats) > 1 else "is"
        t.say("place", ", ".join(seat_ref(s) for s in seats) + f" {be} at {pub.nexuses[cmd.nexus].name}.")
    elif isinstance(cmd, OrientNexus):
        view = nexus(t, cmd.nexus)
        view.side = cmd.side
        if cmd.nexus in pub.nexuses:
            t.say("orient", f"{view.name} turns to its {cmd.side.capitalize()} side.")
    elif isinstance(cmd, StackNexus):
        nexus(t, cmd.nexus)
        if not cmd.cards:
            raise GameError("Name at least one card to put into the nexus.")
        uids = box_cards(t, cmd.cards, ("gifts", "threats", "omens"))
        deck = t.sec.nexus_decks.setdefault(cmd.nexus, [])
        if cmd.bottom:
            deck.extend(uids)
        else:
            deck[0:0] = uids
        t.tell_guide("stack", f"{plural(len(uids), 'card')} put into {nexus(t, cmd.nexus).name}.")
        if cmd.nexus in pub.nexuses:
            t.say("stack", f"Something stirs at {pub.nexuses[cmd.nexus].name}.")
    elif isinstance(cmd, StackClock):
        if not cmd.cards and not cmd.random_omens:
            raise GameError("Name cards for the clock or ask for random omens.")
        uids = box_cards(t, cmd.cards, ("gifts", "threats", "omens"))
        if build.deal(t, "omen", cmd.random_omens, uids):
            raise GameError(f"The box has fewer than {plural(cmd.random_omens, 'omen')} left.")
        entries = [ClockCard(card=u, after_turns=cmd.after_turns) for u in uids]
        clock = t.sec.clock
        if cmd.after_turns:
            # A card set to trigger after N turns sits under the top N clock cards.
            at = min(cmd.after_turns, len(clock))
            clock[at:at] = entries
        elif cmd.bottom:
            clock.extend(entries)
        else:
            clock[0:0] = entries
        t.say("clock", f"The clock now holds {plural(len(t.sec.clock), 'card')}.")
    elif isinstance(cmd, StartTurn):
        require_saint(t, cmd.seat)
        if pub.active is not None:
            raise GameError(f"It is still {seat_ref(pub.active)}'s turn; end it first.")
        if pub.confront is not None or pub.pending:
            raise GameError("Finish the confrontation or question under way first.")
        if cmd.draw and not t.sec.clock:
            turns.start_turn(t, cmd.seat, draw=False)
            turns.time_out(t)
        else:
            turns.start_turn(t, cmd.seat, draw=cmd.draw)
    elif isinstance(cmd, Present):
        present(t, cmd)
    elif isinstance(cmd, AddMutation):
        mutate(t, cmd)
    elif isinstance(cmd, AdjustTarget):
        if pub.confront is None and pub.check is None:
            raise GameError("There is no confrontation whose target could change.")
        confront = opponents.chosen(t, cmd.seat) if cmd.seat is not None else pub.confront
        if confront is not None:
            confront.target_adjust += cmd.by
        running = confront is pub.confront
        if running and pub.check is not None and pub.check.target is not None and pub.check.stage != "done":
            pub.check.target += cmd.by
        whose = f" of {seat_ref(confront.seat)}'s confrontation" if confront is not None and not running else ""
        t.say("target", f"The guide changes the target{whose} by {cmd.by:+d}.")
    elif isinstance(cmd, Delay) and cmd.add:
        guide_tools.add_delay(t, cmd.n)
    elif isinstance(cmd, Delay):
        if not t.sec.clock:
            raise GameError("The clock is already empty.")
        gone = t.clock_sacrifice(cmd.n)
        t.say("delay", f"A delay: {plural(gone, 'card')} {verb(gone, 'is', 'are')} sacrificed from the clock ({len(t.sec.clock)} left).")
    elif isinstance(cmd, AllowReset):
        if pub.confront is not None or pub.pending:
            raise GameError("Saints cannot rest in the middle of a confrontation or while a question waits.")
        seats = cmd.seats or list(pub.order)
        for seat in seats:
            require_saint(t, seat)
        for seat in seats:
            turns.reset_hand(t, seat, [], None)
        t.say("rest", "The guide gives the saints a breather between scenes.")
    elif isinstance(cmd, GiveFragment):
        give_fragment(t, cmd)
    elif isinstance(cmd, EndActiveTurn):
        if pub.active is None:
            raise GameError("No saint is taking a turn.")
        active = pub.active
        resetting = [active] + [a.seat for a in (pub.check.assists if pub.check else []) if a.accepted]
        # Every confrontation under way ends unbeaten: the one running, then each waiting opponent.
        while pub.confront is not None:
            if pub.damage is not None:
                damage.take_pending(t, pub.damage.seat)
            pub.pending = []
            investigate.terminate(t, False)
        if pub.damage is not None:
            damage.take_pending(t, pub.damage.seat)
        pub.pending = []
        pub.check = None
        for seat in resetting:
            if seat not in pub.must_reset:
                pub.must_reset.append(seat)
        t.say("turn", f"The guide ends {seat_ref(active)}'s turn.")
        pub.step = "end"
        checks.run_mandatory(t, "end", active)
        turns.pass_turn(t, active)
    elif isinstance(cmd, EndMission):
        end_mission(t, cmd.won)
    elif type(cmd) in TOOLS:
        TOOLS[type(cmd)](t, cmd)
    elif isinstance(cmd, SetDice):
        if any(not 1 <= v <= 6 for v in cmd.values):
            raise GameError("Dice results go from 1 to 6.")
        t.sec.forced_dice.extend(cmd.values)
        t.tell_guide(
            "dice", f"The next {plural(len(cmd.values), 'die roll')} will show {', '.join(map(str, cmd.values))}."
        )
    else:
        raise GameError("That is not a guide command.")


def present(t: Table, cmd: Present) -> None:
    require_saint(t, cmd.seat)
    if opponents.of(t, cmd.seat) is not None:
        raise GameError(f"{t.view(cmd.seat).name} is already confronting a card; one at a time.")
    if cmd.nexus is not None:
        nexus(t, cmd.nexus)
        deck = t.sec.nexus_decks.setdefault(cmd.nexus, [])
        if cmd.card is None:
            if not deck:
                raise GameError("That nexus has no cards left.")
            uid = deck.pop(0)
        else:
            uid = next((u for u in deck if u == cmd.card or u.split("#")[0] == cmd.card), None)
            if uid is None:
                raise GameError(f"{cmd.card} is not in that nexus.")
            deck.remove(uid)
        origin: str | None = cmd.nexus
    elif cmd.card is not None:
        uid = box_card(t, cmd.card, ("gifts", "threats"))
        origin = None
    else:
        raise GameError("Say which nexus or which card from the box.")
    if t.kind(uid) not in ("gift", "threat"):
        # An omen from a nexus goes to the saint's hand, as when investigating.
        t.hand(cmd.seat).append(uid)
        t.tell(cmd.seat, "draw", f"You receive the omen {t.name(uid)}.")
        t.say("present", f"The guide hands {seat_ref(cmd.seat)} an omen.")
        return
    investigate.begin_confront(t, cmd.seat, uid, origin)


def give_fragment(t: Table, cmd: GiveFragment) -> None:
    require_saint(t, cmd.seat)
    box = False
    if cmd.fragment:
        mission = t.book.missions.get(t.pub.mission or "")
        custom = {f.id for f in mission.fragments} if mission else set()
        own = {f.id: f for f in (t.sec.guide_mission.fragments if t.sec.guide_mission else [])}
        if cmd.fragment in custom or cmd.fragment in own:
            if (
                t.in_play(cmd.fragment)
                or cmd.fragment in t.pub.fragments_given
                or any(p.data.get("fragment") == f"{cmd.fragment}#1" for p in t.pub.pending)
            ):
                raise GameError("That mission fragment has already been given.")
            if cmd.fragment in own:
                # The guide's own fragment is shown to the saints once it is given, as a written one.
                t.pub.fragments_given[cmd.fragment] = {
                    "name": own[cmd.fragment].name,
                    "text": own[cmd.fragment].text,
                }
            uid = f"{cmd.fragment}#1"
        elif cmd.fragment in t.book.fragments:
            if not t.box_has(cmd.fragment):
                raise GameError(f"There is no {t.book.card(cmd.fragment).name} left in the box.")
            uid, box = cmd.fragment, True
        else:
            raise GameError(f"There is no fragment called {cmd.fragment} in the box.")
    elif cmd.name:
        fid = "custom_" + slug(cmd.name)
        if fid in t.pub.fragments_given:
            raise GameError("A fragment with that name was already written this mission.")
        t.pub.fragments_given[fid] = {"name": cmd.name, "text": cmd.text}
        uid = f"{fid}#1"
    else:
        raise GameError("Name a fragment from the box or write one with a name.")
    if cmd.slot is None and t.free_slot(cmd.seat) is None:
        ask_to_sacrifice(t, cmd.seat, uid, box)
        return
    recover(t, cmd.seat, t.new_instance(uid) if box else uid, cmd.slot)


def recover(t: Table, seat: int, uid: str, slot: int | None) -> None:
    slot = t.slot(seat, uid, slot)
    t.say("fragment", f"{seat_ref(seat)} recovers a memory: the fragment {t.name(uid)} (halo slot {slot}).")


def ask_to_sacrifice(t: Table, seat: int, uid: str, box: bool) -> None:
    """A full halo: the saint gives up one of their fragments for the new one (deaths stay)."""
    halo = t.view(seat).halo
    slots = sorted(s for s, held in halo.items() if t.kind(held) == "fragment")
    name = t.book.card(uid).name if box else t.name(uid)
    if not slots:
        raise GameError(f"{t.view(seat).name}'s halo is full and holds only deaths, so no fragment fits.")
    t.pub.pending.append(
        Pending(
            seat=seat,
            kind="sacrifice",
            text=f"Your halo is full: choose the fragment you give up for {name}.",
            options=[f"Give up {t.name(halo[s])}" for s in slots],
            data={"fragment": uid, "box": box, "slots": slots},
        )
    )
    t.say("fragment", f"{seat_ref(seat)}'s halo is full: they choose a fragment to give up for {name}.")


def sacrifice_for(t: Table, pending: Pending, option: int) -> None:
    seat, slot = pending.seat, t.answer(pending, option, pending.data["slots"])
    gone = t.view(seat).halo.pop(slot)
    t.say("fragment", f"{seat_ref(seat)} gives up the fragment {t.name(gone)}.")
    uid = pending.data["fragment"]
    recover(t, seat, t.new_instance(uid) if pending.data["box"] else uid, slot)
