"""Challenges: exhaust your character, pick an opposing one, both deal their strength at once."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.faith import zones
from bot.games.faith.cards import card
from bot.games.faith.keywords import GUARDIAN, STEADFAST, TEMPTER, ZEALOUS
from bot.games.faith.state import FaithState, InPlay
from bot.games.faith.turn import own_character, ready_to_act


def has(ip: InPlay, keyword: str) -> bool:
    return keyword in card(ip.card).keywords


def legal_targets(state: FaithState, seat: int) -> list[int]:
    """Opposing characters a challenge may pick: a player's Guardians shield the rest of their field."""
    out: list[int] = []
    for other in zones.opponents(state, seat):
        chars = list(zones.field_cards(state, other, "character"))
        guards = [ip for ip in chars if has(ip, GUARDIAN)]
        out += [ip.uid for ip in (guards or chars)]
    return out


def challenge(state: FaithState, seat: int, attacker_uid: int, target_uid: int) -> list[Event]:
    attacker = own_character(state, seat, attacker_uid)
    ready_to_act(state, attacker, "challenge")
    found = zones.locate(state, target_uid)
    if found is None or found[0] == seat or card(found[1].card).type != "character":
        raise GameError("Choose an opposing character to challenge.")
    if target_uid not in legal_targets(state, seat):
        raise GameError("That player has a Guardian: challenge one of their Guardians first.")
    defender_seat, defender = found
    attacker.exhausted = True
    to_defender = max(0, zones.strength(state, attacker) - (1 if has(defender, STEADFAST) else 0))
    to_attacker = max(0, zones.strength(state, defender) - (1 if has(attacker, STEADFAST) else 0))
    a_name, d_name = card(attacker.card).title, card(defender.card).title
    events = [
        Event.public(
            "challenge",
            f"{seat_ref(seat)}'s {a_name} challenges {seat_ref(defender_seat)}'s {d_name}: "
            f"{to_defender} damage dealt, {to_attacker} taken back.",
        )
    ]
    defender.damage += to_defender
    exiled = zones.check_damage(state, defender.uid, events)
    if exiled and has(attacker, ZEALOUS):
        events.append(Event.public("zealous", f"{a_name} is Zealous and takes no damage back."))
    else:
        attacker.damage += to_attacker
        zones.check_damage(state, attacker.uid, events)
    if exiled and has(attacker, TEMPTER):
        zones.gain_faith(state, defender_seat, -1, events)
    return events
