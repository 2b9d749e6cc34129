"""Turns: the six steps, playing card powers (timing, one use per step, costs), transfer, reset, pass."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.apocrypha import build, checks, coop, golden, investigate, sanctify
from bot.games.apocrypha.cards import COST_HIERARCHY, Gift, Omen, Power
from bot.games.apocrypha.commands import Play
from bot.games.apocrypha.state import TURN_STEPS
from bot.games.apocrypha.table import Table

# Ops that change the check or confrontation in progress, whoever they are aimed at.
CHECK_OPS = frozenset(
    {
        "add_dice",
        "boost",
        "skill",
        "reroll",
        "explode",
        "upgrade",
        "downgrade",
        "flip",
        "trash",
        "keep_lowest",
        "grant_rerolls",
        "adjust_result",
        "adjust_target",
        "change_virtue",
    }
)


# -- timing ----------------------------------------------------------------------
def current_timings(t: Table) -> set[str]:
    pub = t.pub
    now = {"any"}
    if pub.step in TURN_STEPS:
        now.add(pub.step)
    if pub.step == "transfer":
        now |= {"move", "give"}
    if pub.step == "sanctify":
        now |= {"guard", "seal"}
    if pub.step == "end":
        now.add("reset")
    if pub.confront is not None:
        now.add(pub.confront.step)
    if pub.check is not None and pub.check.stage != "done":
        now.add(pub.check.stage)
    if pub.damage is not None:
        now.add("damage")
    return now


def is_acting(t: Table, seat: int) -> bool:
    """Whether the saint is the one whose turn, confrontation, check or damage it is."""
    pub = t.pub
    return (
        seat == pub.active
        or (pub.confront is not None and pub.confront.seat == seat)
        or (pub.check is not None and pub.check.seat == seat)
        or (pub.damage is not None and pub.damage.seat == seat)
    )


def require_active(t: Table, seat: int, step: str | None = None) -> None:
    pub = t.pub
    if pub.active is None:
        raise GameError("No saint is taking a turn right now.")
    if seat != pub.active:
        raise GameError(f"It is {seat_ref(pub.active)}'s turn, not yours.")
    if step is not None and pub.step != step:
        raise GameError(
            f"That is done in the {step.capitalize()} step; it is the {pub.step.capitalize()} step now."
        )


def require_free(t: Table) -> None:
    if t.pub.confront is not None:
        raise GameError("Finish the confrontation first.")
    if t.pub.pending:
        raise GameError("The game is waiting for an answer first.")


# -- playing powers ----------------------------------------------------------------
def where_is(t: Table, seat: int, uid: str) -> str:
    if uid == "saint":
        return "saint"
    confront = t.pub.confront
    if confront is not None and confront.card == uid and confront.seat == seat:
        return "confront"  # the optional powers of the card you confront ("you can give ...")
    if uid in t.hand(seat):
        return "hand"
    if t.halo_slot_of(seat, uid) is not None:
        if uid not in t.own_halo(seat):
            raise GameError(f"{t.name(uid)} is only held in your halo; its powers are not yours.")
        return "halo"
    raise GameError("You can only play cards from your hand or your halo.")


def cost_shift(t: Table, seat: int, uid: str, power: Power) -> int:
    """How many places the saint's passive powers move this power's cost (positive: lower)."""
    from bot.games.apocrypha.context import Ctx
    from bot.games.apocrypha.effects import BOOK

    sources: list[tuple[str, list[Power]]] = [("saint", t.saint(seat).powers)]
    sources += [(u, t.card(u).powers) for u in t.own_halo(seat)]
    collect = Ctx(t, seat, [seat])
    for source, powers in sources:
        for p in powers:
            if p.timing == "play":
                collect.uid = source
                BOOK.run(collect, p.effects)
    kind = "saint" if uid == "saint" else t.kind(uid)
    uses = {e["op"] for e in power.effects}
    total = 0
    for steps, want_kind, want_op in collect.shifts:
        if (want_kind is None or want_kind == kind) and (want_op is None or want_op in uses):
            total += steps
    return total


def targets_for(t: Table, seat: int, uid: str, power: Power, cmd: Play) -> list[int]:
    pub = t.pub
    who = power.who
    if who == "you":
        return [seat]
    if who == "all":
        return list(pub.order)
    if who == "active":
        return [pub.check.seat if pub.check else pub.active if pub.active is not None else seat]
    if who in ("left", "right"):
        return [t.left_of(seat) if who == "left" else t.right_of(seat)]
    if who == "nexus":
        others = t.at_nexus(seat)
        target = cmd.target if cmd.target is not None else (others[0] if len(others) == 1 else None)
        if target is None or target not in others:
            raise GameError("Name another saint at your nexus for that power.")
        return [target]
    if who == "halo":
        slot = t.halo_slot_of(seat, uid)
        target = cmd.target if cmd.target is not None else seat
        if slot is None or not t.halo_reaches(seat, slot, target):
            raise GameError("That fragment's place in your halo does not point at that saint.")
        return [target]
    target = cmd.target if cmd.target is not None else seat
    if target not in pub.saints:
        raise GameError("There is no saint in that seat.")
    return [target]


def play(t: Table, seat: int, cmd: Play) -> None:
    from bot.games.apocrypha.context import Ctx
    from bot.games.apocrypha.effects import BOOK

    t.view(seat)
    place = where_is(t, seat, cmd.card)
    card = t.saint(seat) if place == "saint" else t.card(cmd.card)
    powers = card.powers
    if not 0 <= cmd.power < len(powers):
        raise GameError(f"{card.name} has no power number {cmd.power + 1}.")
    power = powers[cmd.power]
    if power.timing in ("play", "always") or power.mandatory:
        raise GameError(f"{card.name}'s power applies by itself; it is not played.")
    if place == "halo" and any(e["op"] == "slot_self" for e in power.effects):
        # A power that slots its own card is played from the hand; played again from the halo it
        # would slot a second confronted card under the same holder (House rule 21).
        holds = any(e.get("with_confronted") for e in power.effects if e["op"] == "slot_self")
        more = "; it holds one card until your hand is empty" if holds else ""
        raise GameError(f"{card.name} is already slotted in your halo{more}.")
    key = f"{'saint' + str(seat) if place == 'saint' else cmd.card}:{cmd.power}"
    if key in t.sec.used:
        raise GameError(f"You have already used {card.name} in this step.")
    if power.timing == "damage" and (t.pub.damage is None or t.pub.damage.seat != seat):
        raise GameError("Damage powers are played while you are suffering damage.")
    if power.timing not in current_timings(t):
        raise GameError(
            f"{card.name} is played in the {power.timing.capitalize()} step, and that is not now."
        )
    if any(p.seat == seat and p.kind != "damage" for p in t.pub.pending):
        raise GameError("Answer the question waiting for you first.")
    if power.who == "you" and power.timing != "any" and not is_acting(t, seat):
        raise GameError("Only the active saint can play that now; it affects only its owner.")
    if not checks.power_applies(t, power, seat):
        raise GameError(f"{card.name} cannot be used against this.")
    if isinstance(card, Omen) and power.timing == "investigate":
        raise GameError("Play an omen to investigate with the investigate command.")
    affected = targets_for(t, seat, cmd.card, power, cmd)
    aims_at_check = any(e["op"] in CHECK_OPS for e in power.effects)
    if aims_at_check and power.who not in ("you", "active", "all"):
        busy = t.pub.check.seat if t.pub.check else t.pub.confront.seat if t.pub.confront else None
        if busy is not None and affected[0] != busy:
            raise GameError(
                f"That power changes the check of the saint it points at, and {seat_ref(affected[0])} is not checking."
            )
    cost = power.cost
    if place == "confront":
        cost = "none"
    if place not in ("saint", "confront") and cost in COST_HIERARCHY:
        cost = t.cost_place(cost, cost_shift(t, seat, cmd.card, power))
    t.sec.used.append(key)
    label = card.name if place != "saint" else f"{card.name}'s saint power"
    paid = f" ({cost})" if cost not in ("none", "display", "give") else ""
    t.say("play", f"{seat_ref(seat)} plays {label}{paid}: {power.text}")
    if place not in ("saint", "confront"):
        pay(t, seat, cmd.card, place, cost)
    BOOK.run(Ctx(t, seat, affected, cmd.card, power, cmd), power.effects)


def pay(t: Table, seat: int, uid: str, place: str, cost: str) -> None:
    if cost in ("none", "display", "give"):
        return
    if cost == "slot":
        if place == "hand":
            t.take_from_hand(seat, uid)
            t.slot(seat, uid)
        return
    if place == "hand":
        t.take_from_hand(seat, uid)
    else:
        slot = t.halo_slot_of(seat, uid)
        t.view(seat).halo.pop(slot)  # type: ignore[arg-type]
    if isinstance(t.card(uid), (Gift, Omen)) or cost == "bury":
        t.put(seat, uid, cost)


# -- steps -------------------------------------------------------------------------
def start_turn(t: Table, seat: int, draw: bool) -> None:
    pub = t.pub
    t.view(seat)
    pub.turn += 1
    pub.active = seat
    pub.last_active = seat
    pub.reset_open = []
    pub.step = "start"
    t.sec.used = []
    pub.moved = False
    pub.gave = False
    pub.investigations = 0
    t.say("turn", f"It is {seat_ref(seat)}'s turn ({t.view(seat).name}).")
    if t.view(seat).nexus is None and pub.nexuses:
        t.say("turn", f"{seat_ref(seat)} is not at a nexus and must move there in Transfer.")
    if draw:
        build.stretch_clock(t)
        uid = t.clock_draw(seat)
        if uid is None and not build.tick_short_clock(t, seat):
            time_out(t)
            return
    checks.run_mandatory(t, "start", seat)


def time_out(t: Table) -> None:
    from bot.games.apocrypha.mission_end import end_mission

    if t.pub.mode == "coop":
        t.say("time_out", "The clock is empty: the choir has timed out.")
        end_mission(t, won=False)
    else:
        t.say("time_out", "The clock is empty. The guide decides how the mission ends.")
        t.tell_guide("time_out", "The clock has run out: end the mission as won or lost when you are ready.")


def next_step(t: Table, seat: int) -> None:
    pub = t.pub
    if pub.confront is not None and pub.confront.seat == seat and pub.check is None:
        investigate.advance(t, seat)
        return
    if pub.check is not None and pub.check.seat == seat and pub.check.stage == "assist":
        checks.to_assemble(t)
        return
    require_active(t, seat)
    require_free(t)
    step = pub.step
    if step == "sanctify" and pub.coop is not None:
        sanctify.next_step(t)
        return
    if step == "investigate" and pub.coop is not None and sanctify.may_enter(t, seat):
        return
    if step == "end":
        end_turn(t, seat, [], [])
        return
    order = list(TURN_STEPS)
    nxt = order[order.index(step) + 1]
    if step == "investigate":
        pub.modifiers = [m for m in pub.modifiers if m.until != "investigation"]
        pub.investigations = 0
        key = t.view(seat).nexus
        empty = key in pub.nexuses and not t.sec.nexus_decks.get(key or "", [])
        # (Co-op enters Sanctify through sanctify.may_enter above, unless a card forbids sealing.)
        nxt = "sanctify" if empty and not pub.nexuses[key or ""].sealed and pub.coop is None else "transfer"
    pub.step = nxt  # type: ignore[assignment]
    t.sec.used = []
    t.say("step", f"{seat_ref(seat)} goes to the {nxt.capitalize()} step.")
    if nxt == "end":
        checks.run_mandatory(t, "end", seat)
    elif nxt in ("support", "investigate", "sanctify", "transfer"):
        checks.run_mandatory(t, nxt, seat)


def investigate_cmd(t: Table, seat: int, omen: str | None) -> None:
    require_active(t, seat, "investigate")
    require_free(t)
    key = t.view(seat).nexus
    if key is None or key not in t.pub.nexuses or t.pub.nexuses[key].sealed:
        raise GameError("You are not at a nexus you can investigate.")
    golden.require(t, seat, "investigate")
    if omen is None:
        if t.pub.investigations <= 0:
            raise GameError("You need to play an omen (or a card that lets you) to investigate.")
        t.pub.investigations -= 1
    else:
        if omen not in t.hand(seat):
            raise GameError("That omen is not in your hand.")
        card = t.card(omen)
        if not isinstance(card, Omen):
            raise GameError(f"{card.name} is not an omen.")
        fake = Power(
            timing="investigate", cost=card.cost, effects=[{"op": "investigate"}], text="investigate"
        )
        cost = t.cost_place(card.cost, cost_shift(t, seat, omen, fake))
        investigate.play_omen(t, seat, omen, cost)
    investigate.investigate(t, seat)


def check_move(t: Table, seat: int, nexus: str) -> None:
    """Refuse a move the rules do not allow now (the one test `move` and the legal actions share)."""
    pub = t.pub
    if pub.step != "transfer" or pub.active is None:
        raise GameError("Saints move in the Transfer step.")
    active = pub.active
    if seat != active:
        allowed = pub.mode == "guided" and t.together(seat, active)
        allowed = allowed or t.view(seat).nexus is None or t.view(seat).nexus not in pub.nexuses
        if not allowed:
            raise GameError(f"It is {seat_ref(active)}'s Transfer step; you cannot move now.")
    require_free(t)
    if nexus not in pub.nexuses or pub.nexuses[nexus].sealed:
        raise GameError(f"There is no open nexus called {nexus}.")
    if t.view(seat).nexus == nexus:
        raise GameError("You are already there.")
    coop.check_move(t, seat, nexus)
    golden.require(t, seat, "move")
    if seat == active and pub.moved:
        raise GameError("You have already moved this turn.")
    if seat == active and pub.gave:
        raise GameError("You gave a card this turn, so you cannot move.")


def move(t: Table, seat: int, nexus: str) -> None:
    pub = t.pub
    check_move(t, seat, nexus)
    t.view(seat).nexus, t.view(seat).sealed_at = nexus, None
    if seat == pub.active:
        pub.moved = True
    t.say("move", f"{seat_ref(seat)} moves to {pub.nexuses[nexus].name}.")
    checks.run_mandatory(t, "move", seat)


def check_give(t: Table, seat: int) -> None:
    """Refuse a give the rules (or the cards) do not allow now, before naming the card."""
    require_active(t, seat, "transfer")
    require_free(t)
    golden.require(t, seat, "give")
    if t.pub.moved:
        golden.require(
            t,
            seat,
            "give_after_move",
            default=False,
            refusal="You moved this turn, so you cannot give a card.",
        )


def give(t: Table, seat: int, uid: str, to: int) -> None:
    pub = t.pub
    check_give(t, seat)
    if pub.gave:
        raise GameError("You have already given a card this turn.")
    if to == seat and coop.may_bury_instead(t, seat):
        t.take_from_hand(seat, uid)
        t.put(seat, uid, "bury")
        pub.gave = True
        t.say("give", f"{seat_ref(seat)} has nobody to give a card to and buries one instead.")
        return
    if to not in pub.saints or to == seat or not t.together(seat, to):
        raise GameError("You can only give a card to another saint at your nexus.")
    t.take_from_hand(seat, uid)
    t.hand(to).append(uid)
    pub.gave = True
    t.say("give", f"{seat_ref(seat)} gives {seat_ref(to)} a card.")
    t.tell(to, "given", f"{seat_ref(seat)} gives you {t.name(uid)}.")


def reset_hand(t: Table, seat: int, discard: list[str], recycle: list[str] | None) -> None:
    """Discard the named cards, recycle extras (the named ones, then those held longest), draw up."""
    hand = t.hand(seat)
    for uid in discard:
        if uid not in hand:
            raise GameError("You can only discard cards in your hand.")
    for uid in discard:
        hand.remove(uid)
        t.put(seat, uid, "discard")
    size = golden.value(t, seat, "hand_size", t.view(seat).hand_size)
    extra = len(hand) - size
    if extra > 0:
        chosen = [u for u in (recycle or []) if u in hand][:extra]
        chosen += [u for u in hand if u not in chosen][: extra - len(chosen)]
        for uid in chosen:
            hand.remove(uid)
            t.put(seat, uid, "recycle")
    if len(hand) < size:
        t.draw(seat, size - len(hand))
    if seat in t.pub.must_reset:
        t.pub.must_reset.remove(seat)
    t.say("reset", f"{seat_ref(seat)} resets to {plural(len(hand), 'card')}.")


def end_turn(t: Table, seat: int, discard: list[str], recycle: list[str]) -> None:
    pub = t.pub
    require_active(t, seat)
    require_free(t)
    if pub.check is not None:
        raise GameError("Finish the check first.")
    if pub.step == "sanctify":
        sanctify.end_with_the_turn(t)
        coop.check_end(t)  # a master with nowhere to escape is cornered
        if pub.step == "over":
            return
    if pub.step != "end":
        pub.step = "end"
        t.sec.used = []
        checks.run_mandatory(t, "end", seat)
    if pub.step == "over":
        return
    reset_hand(t, seat, discard, recycle)
    pass_turn(t, seat)


def pass_turn(t: Table, seat: int) -> None:
    pub = t.pub
    done = {seat, *pub.must_reset}
    for other in list(pub.must_reset):
        reset_hand(t, other, [], None)
    pub.modifiers = [m for m in pub.modifiers if m.until == "mission"]
    t.sec.used = []
    pub.investigations = 0
    t.say("pass", f"{seat_ref(seat)}'s turn ends.")
    if pub.mode == "coop":
        start_turn(t, t.left_of(seat), draw=True)
    else:
        pub.active = None
        pub.step = "setup"
        # The active saint has reset: any other saint may reset too, wherever they are.
        pub.reset_open = [s for s in pub.order if s not in done]
        if pub.reset_open:
            t.say("pass", "Any other saint may reset now, until the next turn starts.")
        t.tell_guide("turn", "The turn is over: start the next saint's turn when you are ready.")


def seal(t: Table, seat: int) -> None:
    from bot.games.apocrypha.mission_end import end_mission

    pub = t.pub
    require_active(t, seat, "sanctify")
    require_free(t)
    key = t.view(seat).nexus or ""
    nexus = pub.nexuses.get(key)
    if nexus is None or nexus.sealed:
        raise GameError("There is no nexus here to seal.")
    golden.require(
        t,
        seat,
        "seal",
        default=not t.sec.nexus_decks.get(key),
        refusal="Only an empty nexus can be sealed without a card that allows it.",
    )
    nexus.sealed = True
    t.say("seal", f"{seat_ref(seat)} seals {nexus.name}; it is removed from the mission.")
    for other in pub.order:
        if t.view(other).nexus == key:
            t.view(other).nexus, t.view(other).sealed_at = None, key
    pub.step = "transfer"
    t.sec.used = []
    if pub.mode == "coop" and all(n.sealed for n in pub.nexuses.values()):
        end_mission(t, won=True)
