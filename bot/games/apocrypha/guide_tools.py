"""The guide's tools beyond setting the table: drawing from the clock, delays that add, bare checks,
dice rulings, stopping a card's power, giving and searching cards, and a threat's retreat.

Only the guide reaches these (rules.py checks the seat); each refuses plainly and changes nothing
when it cannot be done.
"""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.engine.text import plural, verb
from bot.games.apocrypha import build, checks, opponents
from bot.games.apocrypha.commands import (
    DiceEffect,
    DrawClock,
    GiveCard,
    GuideCheck,
    Retreat,
    SearchDeck,
    StopPower,
)
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import Table


def require_saint(t: Table, seat: int) -> None:
    if seat not in t.pub.saints:
        raise GameError("There is no such saint in this mission.")


def draw_clock(t: Table, cmd: DrawClock) -> None:
    """Saints draw from the clock in the order named; a gift or threat drawn is confronted at once.
    Several drawn are several opponents at once: the first runs, the others wait their turn."""
    for seat in cmd.seats:
        require_saint(t, seat)
    if len(set(cmd.seats)) != len(cmd.seats):
        raise GameError("Name each saint once.")
    if t.pub.confront is not None or t.pub.pending:
        raise GameError("Finish the confrontation or question under way first.")
    if not t.sec.clock:
        raise GameError("The clock is empty.")
    for seat in cmd.seats:
        if t.clock_draw(seat) is None:
            t.tell_guide("clock", "The clock ran out before everyone drew.")
            return


def add_delay(t: Table, n: int) -> None:
    """A delay that adds to the clock: n random omens go on top of it."""
    added: list[str] = []
    short = build.deal(t, "omen", n, added)
    if not added:
        raise GameError("The box has no omens left to add to the clock.")
    t.clock_add(added)
    t.say("delay", f"A delay: {plural(len(added), 'card')} {verb(len(added), 'is', 'are')} added to the clock ({len(t.sec.clock)} now).")
    if short:
        t.tell_guide("box", f"The box had only {plural(len(added), 'omen')} left of the {n} you asked for.")


def bare_check(t: Table, cmd: GuideCheck) -> None:
    require_saint(t, cmd.seat)
    if t.pub.check is not None and t.pub.check.stage != "done":
        raise GameError("A check is already under way.")
    if t.pub.pending:
        raise GameError("Wait until the question under way is answered.")
    skill = None
    if cmd.skill:
        skill = cmd.skill.strip().lower()
        if not t.skill(cmd.seat, skill):
            raise GameError(f"{t.view(cmd.seat).name} has no {cmd.skill.strip()} skill.")
    check = checks.start_check(t, cmd.seat, cmd.virtue, cmd.target, "none", purpose="guide")
    check.skills = [skill] if skill else []


def dice_effect(t: Table, cmd: DiceEffect) -> None:
    """Queue the ruling with the check's other dice steps (or apply a reroll now, in Evaluate)."""
    params: dict[str, object] = {"which": cmd.which, "n": cmd.n}
    if cmd.colour is not None:
        params["colour"] = cmd.colour
    if cmd.kind == "explode":
        params = {"on": 6, **({"colour": cmd.colour} if cmd.colour else {})}
    checks.dice_step(t, cmd.kind, params, cmd.dice)
    what = "all" if cmd.which == "all" else f"{cmd.n} {cmd.which}"
    colour = f" {cmd.colour.capitalize()}" if cmd.colour else ""
    t.say("ruling", f"The guide rules on the check: {cmd.kind} {what}{colour} dice.")


def stop_power(t: Table, cmd: StopPower) -> None:
    if cmd.seat is None and t.pub.confront is None:
        raise GameError("Nothing is being confronted, so there is no power to stop.")
    confront = opponents.chosen(t, cmd.seat)
    card = t.card(confront.card)
    if not card.powers:
        raise GameError(f"{card.name} has no powers to stop.")
    if cmd.power is not None and not 0 <= cmd.power < len(card.powers):
        raise GameError(f"{card.name} has powers 1 to {len(card.powers)}.")
    stopping = list(range(len(card.powers))) if cmd.power is None else [cmd.power]
    confront.stopped = sorted(set(confront.stopped) | set(stopping))
    which = "its powers" if cmd.power is None else f"its {card.powers[cmd.power].timing.capitalize()} power"
    t.say("stop", f"The guide stops {which} of {card.name} for this confrontation.")


def give_card(t: Table, cmd: GiveCard) -> None:
    require_saint(t, cmd.seat)
    kind = t.book.kind_of(cmd.card)
    if kind not in ("gifts", "omens"):
        raise GameError(
            f"There is no gift or omen called {cmd.card} in the box."
            if kind is None
            else f"{t.book.card(cmd.card).name} is not a card a saint can hold."
        )
    uid = t.new_instance(cmd.card)
    if cmd.to == "hand":
        t.hand(cmd.seat).append(uid)
        t.say("give", f"The guide gives {seat_ref(cmd.seat)} {t.name(uid)}.")
    else:
        t.sec.decks[cmd.seat].insert(0, uid)
        t.say("give", f"The guide puts a card on top of {seat_ref(cmd.seat)}'s deck.")
        t.tell(cmd.seat, "give", f"{t.name(uid)} is on top of your deck.")


def search_deck(t: Table, cmd: SearchDeck) -> None:
    require_saint(t, cmd.seat)
    if t.pub.active is not None or t.pub.confront is not None:
        raise GameError("Saints search their decks in downtime, between turns.")
    deck = t.sec.decks[cmd.seat]
    found = []
    for cid in cmd.cards:
        uid = next((u for u in deck if card_id(u) == cid and u not in found), None)
        if uid is None:
            name = t.book.card(cid).name if t.book.kind_of(cid) else cid
            raise GameError(f"{name} is not in {t.view(cmd.seat).name}'s deck.")
        found.append(uid)
    for uid in found:
        deck.remove(uid)
        t.hand(cmd.seat).append(uid)
    t.state.rng.shuffle(deck)
    t.say("search", f"{seat_ref(cmd.seat)} searches their deck for {plural(len(found), 'card')}, then shuffles it.")
    t.tell(cmd.seat, "search", "You take " + ", ".join(t.name(u) for u in found) + " into your hand.")


def retreat(t: Table, cmd: Retreat) -> None:
    deck = t.sec.nexus_decks.get(cmd.nexus)
    if deck is None:
        raise GameError(f"There is no nexus called {cmd.nexus}.")
    if t.pub.confront is not None:
        raise GameError("Finish the confrontation under way first.")
    if not deck or t.kind(deck[0]) != "threat":
        raise GameError("No threat waits on top of that nexus.")
    uid = deck.pop(0)
    if cmd.to_box:
        t.say("retreat", f"{t.name(uid)} retreats and is gone.")
    else:
        deck.append(uid)
        t.state.rng.shuffle(deck)
        t.say("retreat", "The threat retreats into the shadows of the nexus.")
