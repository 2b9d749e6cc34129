"""Engaging an anomaly: Force successes against Subdue, Threat successes as wounds in line order."""

from __future__ import annotations

from bot.engine.seats import Seat, seat_ref
from bot.engine.text import plural
from bot.games.apollyon.effects import modifier
from bot.games.apollyon.state import Anomaly, Character, Table

# (seat, characters in line order, whether the line is a private hand)
Line = tuple[Seat, list[Character], bool]


def measure(t: Table, fighters: list[Character]) -> int:
    base = 2 if any(ch.skill("tactician") for ch in fighters) else 3
    return max(2, min(6, base + modifier(t, "force_measure")))


def engage(
    t: Table, lines: list[Line], anomaly: Anomaly, who: str, spread: bool = False
) -> tuple[bool, dict[Seat, int]]:
    """`lines` fight `anomaly`, front to back. Returns (subdued, successes per seat)."""
    fighters = [ch for _, line, _ in lines for ch in line]
    goal = measure(t, fighters)
    per_seat: dict[Seat, int] = {}
    for seat, line, _ in lines:
        for ch in line:
            hits, _ = t.roll(ch.force, goal)
            per_seat[seat] = per_seat.get(seat, 0) + hits
    successes = sum(per_seat.values())
    info = anomaly.info
    threat, _ = t.roll(info.threat + anomaly.minions + modifier(t, "threat"))
    medic = sum(ch.skill("medic") for ch in fighters)
    wounds = max(0, threat - medic)
    force = sum(ch.force for ch in fighters)
    t.say(
        "engage",
        f"{who} engage {info.name} ({info.designation}): Force {force} scores {successes} "
        f"(needs {info.subdue}); it strikes for {plural(threat, 'wound')}, {wounds} after medics.",
        anomaly=anomaly.card,
        successes=successes,
        wounds=wounds,
    )
    if spread:
        spread_wounds(t, lines, wounds)
    else:
        take_wounds(t, lines, wounds)
    t.sync_garrisons()
    survivors = any(line for _, line, _ in lines)
    subdued = successes >= info.subdue and survivors
    if subdued:
        anomaly.minions = 0
        t.say("subdued", f"{info.name} is subdued.", anomaly=anomaly.card)
    else:
        t.say("escaped", f"{info.name} is not subdued.", anomaly=anomaly.card)
    return subdued, per_seat


def take_wounds(t: Table, lines: list[Line], wounds: int) -> None:
    """Wounds land on the first character until it falls, then the next, across the lines in order."""
    for seat, line, private in lines:
        for ch in list(line):
            if wounds <= 0:
                return
            took = min(ch.info.health - ch.wounds, wounds)
            ch.wounds += took
            wounds -= took
            _fall_if_spent(t, seat, line, private, ch)


def spread_wounds(t: Table, lines: list[Line], wounds: int) -> None:
    """MTFs working together spread the wounds (p.16): each wound goes to the character with the
    most health left, the front of the line first on a tie, so nobody falls while others can take it."""
    for _ in range(wounds):
        standing = [(seat, line, private, ch) for seat, line, private in lines for ch in line]
        if not standing:
            return
        seat, line, private, ch = max(standing, key=lambda x: x[3].info.health - x[3].wounds)
        ch.wounds += 1
        _fall_if_spent(t, seat, line, private, ch)


def _fall_if_spent(t: Table, seat: Seat, line: list[Character], private: bool, ch: Character) -> None:
    if ch.wounds < ch.info.health:
        return
    line.remove(ch)
    t.discard("character", ch.card)
    if private:
        t.say("destroyed", f"A garrison character of {seat_ref(seat)}'s site is killed.")
        t.tell(seat, "destroyed", f"{ch.info.name} is killed defending your site.")
    else:
        t.say("destroyed", f"{ch.info.name} of {seat_ref(seat)}'s site is killed in the line of duty.")
