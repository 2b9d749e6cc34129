"""Investigations and confrontations: flip, avoid, confront (initiate, act, terminate), win or lose."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.apocrypha import archetypes, checks, coop, copies, damage, golden, opponents, sanctify
from bot.games.apocrypha.cards import Gift, Omen, Threat
from bot.games.apocrypha.state import Confrontation, Hold, Modifier, card_id
from bot.games.apocrypha.table import PLACE_WORDS, Table


def play_omen(t: Table, seat: int, uid: str, cost: str) -> None:
    """Pay for an omen, turn the nexus to its side, and put its conditions in force."""
    omen = t.card(uid)
    assert isinstance(omen, Omen)
    t.take_from_hand(seat, uid)
    t.put(seat, uid, cost)
    nexus = t.pub.nexuses[t.view(seat).nexus or ""]
    turned = nexus.side != omen.side
    nexus.side = omen.side
    t.say(
        "omen",
        f"{seat_ref(seat)} plays the {omen.side.capitalize()} omen {omen.name}"
        + (f"; {nexus.name} turns to {omen.side.capitalize()}." if turned else "."),
    )
    for power in omen.during:
        t.pub.modifiers.append(
            Modifier(source=uid, power=power.model_dump(), until="investigation", seat=seat)
        )


def investigate(t: Table, seat: int) -> None:
    """Flip the top card of the saint's nexus: omens are drawn, anything else is confronted."""
    key = t.view(seat).nexus
    if key is None or key not in t.pub.nexuses:
        raise GameError("You are not at a nexus you can investigate.")
    if t.pub.confront is not None:
        raise GameError("Finish the current confrontation first.")
    deck = t.sec.nexus_decks.setdefault(key, [])
    name = t.pub.nexuses[key].name
    while deck:
        uid = deck.pop(0)
        if archetypes.is_archetype(card_id(uid)):
            coop.confront_archetype(t, seat, uid, key)
            return
        if isinstance(t.card(uid), Omen):
            t.hand(seat).append(uid)
            t.say("investigate", f"{seat_ref(seat)} turns up an omen at {name} and draws it.")
            t.tell(seat, "draw", f"You draw the omen {t.name(uid)}.")
            continue
        begin_confront(t, seat, uid, origin=key)
        return
    t.say("investigate", f"{seat_ref(seat)} investigates {name}, but it is empty.")


def begin_confront(t: Table, seat: int, uid: str, origin: str | None) -> Confrontation:
    card = t.card(uid)
    kind = "gift" if isinstance(card, Gift) else "threat" if isinstance(card, Threat) else None
    if kind is None:
        raise GameError(f"{card.name} is not a gift or a threat, so it cannot be confronted.")
    confront = Confrontation(seat=seat, card=uid, kind=kind)  # type: ignore[arg-type]
    targets = " or ".join(f"{x.virtue.capitalize()} {x.number}" for x in card.targets)
    t.say("confront", f"{seat_ref(seat)} confronts the {kind} {card.name} ({targets}).", card=card.id)
    if t.pub.confront is not None:
        opponents.add(t, confront)  # guided: several opponents at once
    else:
        t.pub.confront = confront
        t.sec.used = []
    t.sec.origins.pop(uid, None)
    if origin is not None:
        t.sec.origins[uid] = origin
    return confront


def require_confront(t: Table, seat: int, step: str | None = None) -> Confrontation:
    confront = t.pub.confront
    if confront is None:
        raise GameError("Nothing is being confronted right now.")
    if seat != confront.seat:
        raise GameError(f"Only {seat_ref(confront.seat)} can do that in this confrontation.")
    if step and confront.step != step:
        raise GameError(
            f"That belongs to the {step.capitalize()} step; this confrontation is at {confront.step.capitalize()}."
        )
    return confront


def advance(t: Table, seat: int) -> None:
    """Next step of the confrontation: avoid -> initiate -> act; leaving Act without a check loses."""
    confront = require_confront(t, seat)
    if t.pub.check is not None:
        raise GameError("Finish the check first.")
    if confront.step == "avoid":
        confront.step = "initiate"
        t.sec.used = []
        t.say("step", f"{seat_ref(seat)} initiates vs. {t.name(confront.card)}.")
        checks.run_mandatory(t, "initiate", seat)
    elif confront.step == "initiate":
        confront.step = "act"
        t.sec.used = []
        t.say("step", f"{seat_ref(seat)} acts vs. {t.name(confront.card)}.")
        checks.run_mandatory(t, "act", seat)
    elif confront.step == "act":
        t.say("step", f"{seat_ref(seat)} makes no check and so loses.")
        terminate(t, False)


def attempt(t: Table, seat: int, virtue: str) -> None:
    confront = require_confront(t, seat, "act")
    if t.pub.check is not None:
        raise GameError("A check is already under way.")
    card = t.card(confront.card)
    target = next((x.number for x in card.targets if x.virtue == virtue), None)
    if target is None:
        options = " or ".join(x.virtue.capitalize() for x in card.targets)
        raise GameError(f"{card.name} can be beaten with {options}, not {virtue.capitalize()}.")
    confront.checks += 1
    checks.start_check(t, seat, virtue, target + confront.target_adjust, confront.kind)


def after_check(t: Table) -> None:
    """Terminate the confrontation by the check's result; a failed check vs. a threat deals damage."""
    check = t.pub.check
    confront = t.pub.confront
    if check is None or confront is None or check.purpose != "confront":
        return
    if check.success:
        terminate(t, True)
        return
    if confront.kind == "threat" and check.margin is not None:
        virtue = golden.damage_virtue(t, check.seat, t.card(confront.card), check.virtue)
        damage.suffer(t, check.seat, -check.margin, virtue, source=confront.card, choice=True)
        if t.pub.mode == "guided" and check.seat not in t.pub.must_reset:
            t.pub.must_reset.append(check.seat)
    terminate(t, False)


def terminate(t: Table, won: bool) -> None:
    confront = t.pub.confront
    assert confront is not None
    confront.step = "terminate"
    confront.won = won
    seat = confront.seat
    uid = confront.card
    name = t.name(uid)
    checks.run_mandatory(t, "win" if won else "lose", seat)
    lost_to = golden.value(t, seat, "lost_threat", "top" if t.pub.mode == "guided" else "shuffle")
    if copies.is_copy(uid):
        copies.cease(t, confront, "wins vs." if won else "loses vs.")
    elif confront.kind == "gift":
        if won and confront.won_to:
            t.put(seat, uid, confront.won_to)
            t.say("win", f"{seat_ref(seat)} wins vs. {name}; it goes {PLACE_WORDS[confront.won_to]}.")
        elif won:
            t.hand(seat).append(uid)
            t.say("win", f"{seat_ref(seat)} wins vs. {name} and takes it into their hand.")
        else:
            t.say("lose", f"{seat_ref(seat)} loses vs. {name}; it goes back to the box.")
    elif confront.archetype is not None:
        coop.return_archetype(t, confront, won)
    elif won:
        t.say("win", f"{seat_ref(seat)} wins vs. {name}; it goes back to the box.")
    elif t.sec.origins.get(uid) in t.sec.nexus_decks and lost_to != "box":
        deck = t.sec.nexus_decks[t.sec.origins[uid]]
        if lost_to == "top":
            # Guided, the guide decides whether it fights on or retreats: it waits on top of its nexus.
            deck.insert(0, uid)
            t.say("lose", f"{seat_ref(seat)} loses vs. {name}; it lurks at the nexus still.")
        else:
            deck.append(uid)
            t.state.rng.shuffle(deck)
            t.say("lose", f"{seat_ref(seat)} loses vs. {name}; it is shuffled back into its nexus.")
    else:
        t.say("lose", f"{seat_ref(seat)} loses vs. {name}; it goes back to the box.")
    t.pub.confront = None
    t.pub.check = None
    end_confrontation(t)
    if confront.archetype is not None and t.pub.coop is not None:
        coop.after_archetype(t, confront)
    sanctify.after_confront(t, confront)


def end_confrontation(t: Table) -> None:
    t.pub.pending = [p for p in t.pub.pending if p.kind != "accept_assist"]
    t.pub.modifiers = [m for m in t.pub.modifiers if m.until != "confrontation"]
    t.sec.used = []
    # The card's origin is kept only while a hold may still send it back to its nexus, or while
    # it is one of the opponents still waiting.
    kept = {h.card for h in t.pub.holds} | {c.card for c in t.pub.opponents}
    t.sec.origins = {u: k for u, k in t.sec.origins.items() if u in kept}
    opponents.next_up(t)


def avoid(t: Table, gift: str, threat: str, again: bool) -> None:
    confront = t.pub.confront
    if confront is None or confront.step != "avoid":
        raise GameError("You can only avoid a card right after it is flipped.")
    golden.require(t, confront.seat, "avoid")
    uid = confront.card
    fate = gift if confront.kind == "gift" else threat
    if copies.is_copy(uid):
        copies.cease(t, confront, "avoids")
    elif confront.archetype is not None:
        # A true threat standing in for an archetype: the stand-in goes back to the box and the
        # archetype itself is shuffled back into its nexus, whatever the avoiding card says.
        origin = t.sec.origins.get(uid)
        if origin in t.sec.nexus_decks and not t.pub.nexuses[origin].sealed:
            deck = t.sec.nexus_decks[origin]
            deck.append(confront.archetype)
            t.state.rng.shuffle(deck)
            where = "its archetype is shuffled back into the nexus"
        else:
            where = "its archetype leaves the mission"
        t.say("avoid", f"{seat_ref(confront.seat)} avoids {t.name(uid)}; {where}.")
    elif fate == "shuffle" and t.sec.origins.get(uid) in t.sec.nexus_decks:
        deck = t.sec.nexus_decks[t.sec.origins[uid]]
        deck.append(uid)
        t.state.rng.shuffle(deck)
        t.say("avoid", f"{seat_ref(confront.seat)} avoids {t.name(uid)}; it is shuffled back into the nexus.")
    else:
        t.say("avoid", f"{seat_ref(confront.seat)} avoids {t.name(uid)}; it goes back to the box.")
    if again:
        t.pub.investigations = 1
    t.pub.confront = None
    t.pub.check = None
    end_confrontation(t)


def _unslot(t: Table, hold: Hold) -> None:
    """The hold ends: its card and the card holding it leave the saint's halo."""
    t.pub.holds.remove(hold)
    view = t.view(hold.seat)
    for uid in (hold.card, hold.holder):
        slot = t.halo_slot_of(hold.seat, uid) if uid else None
        if slot is not None:
            view.halo.pop(slot)


def release_at_mission_end(t: Table) -> None:
    """Mission End: a slotted card's power has reached its end (the rulebook, Ending a Mission), so
    the Wickety Wack Sack lets go of what it holds whatever the hand: the held card goes back to the
    box with the rest of the mission (an archetype leaves with the mission) and the holder is
    discarded, still the saint's gift for the rebuild (House rule 36)."""
    for hold in list(t.pub.holds):
        _unslot(t, hold)
        if hold.card:
            t.sec.origins.pop(hold.card, None)
            t.say(
                "release",
                f"The mission is over: {t.name(hold.card)} slips out of {seat_ref(hold.seat)}'s halo and "
                f"goes back to the box, and {t.name(hold.holder)} is discarded.",
            )
        t.put_back(hold.seat, hold.holder, "discard")


def release_holds(t: Table) -> None:
    """A card slotted away with its holder returns when the saint's hand is empty: the card to its
    nexus (shuffled in) or the box, the holder to the discard pile. A true threat that stood in for
    an archetype goes back to the box and its archetype to the nexus, as when it is avoided."""
    for hold in list(t.pub.holds):
        if t.hand(hold.seat):
            continue
        _unslot(t, hold)
        origin = t.sec.origins.get(hold.card) if hold.card else None
        if hold.card is None:
            pass  # a copy: it ceased when it was slotted away
        elif hold.archetype is not None:
            if origin is not None and origin in t.sec.nexus_decks and not t.pub.nexuses[origin].sealed:
                t.sec.nexus_decks[origin].append(hold.archetype)
                t.state.rng.shuffle(t.sec.nexus_decks[origin])
                where = "its archetype is shuffled back into the nexus"
            else:
                where = "its archetype leaves the mission"
            t.say("release", f"{t.name(hold.card)} slips out of {seat_ref(hold.seat)}'s halo; {where}.")
        elif origin is not None and origin in t.sec.nexus_decks:
            t.sec.nexus_decks[origin].append(hold.card)
            t.state.rng.shuffle(t.sec.nexus_decks[origin])
            t.say(
                "release",
                f"{t.name(hold.card)} slips out of {seat_ref(hold.seat)}'s halo, back into its nexus.",
            )
        else:
            t.say("release", f"{t.name(hold.card)} slips out of {seat_ref(hold.seat)}'s halo.")
        if hold.card:
            t.sec.origins.pop(hold.card, None)
        t.put_back(hold.seat, hold.holder, "discard")
