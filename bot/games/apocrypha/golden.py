"""The golden rules: the one place where card effects that disagree are settled.

A card's power may rule on what saints may do or on how a rule works, with the blocks
`may`, `cannot`, `never` (an action) and `set` (a rule's value). Rulings come from cards in force
for a saint: the mission and its structures, the chapter, the mutations of the check, the nexus
the saint is at (its side up), the saint card and halo, the card being confronted, and the
omens and played powers whose rulings last a while. The rulebook settles their conflicts:

- a card beats the rules (with no ruling, the rules' own answer stands);
- "never" beats any other word, and "no" beats "yes" whatever the cards' kinds: one `cannot`
  forbids an action however many cards say `may`;
- otherwise (two cards setting a rule's value) missions and structures beat mutations, which beat
  nexuses, which beat saints and fragments, which beat threats, which beat gifts and omens; cards
  of one kind: the one put in force last wins (house rule);
- an instruction that is impossible, or forbidden, is ignored (`ignore`).

Every rule check that a card may change asks `allowed` or `value` here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.engine.errors import GameError
from bot.games.apocrypha import chapters
from bot.games.apocrypha.cards import Power
from bot.games.apocrypha.state import Modifier

# The hierarchy, strongest first (a smaller rank wins).
RANK: dict[str, int] = {
    "mission": 0,
    "structure": 0,
    "chapter": 0,
    "mutation": 1,
    "nexus": 2,
    "saint": 3,
    "fragment": 3,
    "death": 3,
    "threat": 4,
    "archetype": 4,
    "gift": 5,
    "omen": 5,
}

WORDS = ("may", "cannot", "never")

# What a ruling may allow or forbid, with the words a refusal uses.
ACTIONS: dict[str, str] = {
    "move": "move",
    "give": "give cards",
    "give_after_move": "give a card after moving",
    "assist": "assist",
    "assist_anyone": "assist a saint your virtue does not point at",
    "avoid": "avoid a card",
    "investigate": "investigate",
    "reroll": "reroll dice",
    "heal": "heal",
    "guard": "guard a nexus",
    "seal": "attempt a seal",
}

# Rules whose value a card may set, with the values allowed.
VALUES: dict[str, tuple[Any, ...]] = {
    "damage_virtue": ("body", "mind", "rage", "soul"),
    "lost_threat": ("shuffle", "top", "box"),  # where a threat that beat a saint goes (co-op)
    "hand_size": tuple(range(1, 11)),
}


@dataclass(frozen=True)
class Ruling:
    word: str  # may, cannot, never, set
    subject: str  # an action, or a rule for `set`
    value: Any
    kind: str  # the source's kind, for the hierarchy
    source: str  # the source's name, for messages
    order: int  # when it came into force: later is newer


@dataclass(frozen=True)
class Verdict:
    allowed: bool
    by: Ruling | None = None  # the ruling that decided, or None when the rules did

    def reason(self, seat_words: str = "you") -> str:
        if self.by is None:
            return ""
        return f"{self.by.source} says {seat_words} {self.by.word} {ACTIONS.get(self.by.subject, self.by.subject)}."


def ruling_blocks(power: Power) -> list[dict[str, Any]]:
    return [e for e in power.effects if e.get("op") in (*WORDS, "set")]


def _standing(t: Any, seat: int) -> list[tuple[str, str, Power]]:
    """(kind, name, power) for every card in force for this saint whose powers hold always."""
    found: list[tuple[str, str, Power]] = []
    mission = t.book.missions.get(t.pub.mission or "")
    if mission is not None:
        found += [("mission", mission.name, p) for p in mission.powers]
    found += chapters.table_powers(t)
    key = t.view(seat).nexus
    nexus = t.pub.nexuses.get(key or "")
    box = t.book.nexuses.get(nexus.box_id or "") if nexus is not None else None
    if box is not None:
        found += [("nexus", nexus.name, p) for p in getattr(box, nexus.side).powers]
    saint = t.saint(seat)
    found += [("saint", saint.name, p) for p in saint.powers]
    for uid in t.own_halo(seat):
        found += [(t.kind(uid), t.name(uid), p) for p in t.card(uid).powers]
    confront = t.pub.confront
    if confront is not None and confront.seat == seat:
        card = t.card(confront.card)
        found += [
            (t.kind(confront.card), card.name, p)
            for i, p in enumerate(card.powers)
            if i not in confront.stopped
        ]
    return [(kind, name, p) for kind, name, p in found if p.timing == "always"]


def rulings(t: Any, seat: int) -> list[Ruling]:
    """Every ruling in force for this saint, oldest first."""
    from bot.games.apocrypha.checks import power_applies

    out: list[Ruling] = []
    order = 0
    for kind, name, power in _standing(t, seat):
        if not power_applies(t, power, seat):
            continue
        for block in ruling_blocks(power):
            out.append(_ruling(block, kind, name, order))
            order += 1
    for mod in t.pub.modifiers:
        if mod.seat not in (None, seat):
            continue
        if mod.power.get("timing") != "always":
            continue
        power = Power.model_validate(mod.power)
        if not power_applies(t, power, seat):
            continue
        kind = mod.kind or _kind_of(t, mod.source)
        for block in ruling_blocks(power):
            out.append(_ruling(block, kind, _name_of(t, mod.source), order))
            order += 1
    return out


def _ruling(block: dict[str, Any], kind: str, name: str, order: int) -> Ruling:
    if block["op"] == "set":
        return Ruling("set", block["rule"], block["value"], kind, name, order)
    return Ruling(block["op"], block["action"], None, kind, name, order)


def _kind_of(t: Any, source: str) -> str:
    try:
        return t.kind(source)
    except GameError:
        return "mission"


def _name_of(t: Any, source: str) -> str:
    try:
        return t.name(source)
    except GameError:
        return source.replace("_", " ")


def strongest(found: list[Ruling]) -> Ruling:
    """The ruling the hierarchy puts first: the highest-ranked kind, then the newest."""
    return min(found, key=lambda r: (RANK.get(r.kind, len(RANK)), -r.order))


def decide(found: list[Ruling], action: str, default: bool) -> Verdict:
    """Settle may/cannot/never rulings on one action: never, then no, then yes, then the rules."""
    mine = [r for r in found if r.subject == action and r.word in WORDS]
    for word, allowed in (("never", False), ("cannot", False), ("may", True)):
        said = [r for r in mine if r.word == word]
        if said:
            return Verdict(allowed, strongest(said))
    return Verdict(default, None)


def settle(found: list[Ruling], rule: str, default: Any) -> Any:
    """A rule's value: the strongest card's `set`, or the rules' default."""
    mine = [r for r in found if r.word == "set" and r.subject == rule]
    return strongest(mine).value if mine else default


def allowed(t: Any, seat: int, action: str, default: bool = True) -> Verdict:
    assert action in ACTIONS, action
    return decide(rulings(t, seat), action, default)


def require(t: Any, seat: int, action: str, default: bool = True, refusal: str = "") -> None:
    """Raise a plain refusal when the cards (or, with no ruling, the rules) forbid the action."""
    verdict = allowed(t, seat, action, default)
    if not verdict.allowed:
        raise GameError(verdict.reason() or refusal or f"You cannot {ACTIONS[action]} now.")


def value(t: Any, seat: int, rule: str, default: Any) -> Any:
    assert rule in VALUES, rule
    return settle(rulings(t, seat), rule, default)


def damage_virtue(t: Any, seat: int, threat: Any, check_virtue: str) -> str:
    """The virtue of a lost check's damage: the check's, unless a card sets it (the threat's own
    `damage_virtue` counts as the threat's ruling, so a nexus or mission that sets it wins)."""
    found = rulings(t, seat)
    if getattr(threat, "damage_virtue", None):
        found.append(Ruling("set", "damage_virtue", threat.damage_virtue, "threat", threat.name, -1))
    return settle(found, "damage_virtue", check_virtue)


def put_in_force(t: Any, source: str, kind: str, block: dict[str, Any], seats: list[int], until: str) -> None:
    """A ruling carried by a power that is played or applied (not one that holds always): it holds
    for the affected saints until the turn (or the investigation, or the mission) ends."""
    power = {"timing": "always", "effects": [block], "text": "a ruling"}
    for seat in seats:
        t.pub.modifiers.append(Modifier(source=source, power=power, until=until, seat=seat, kind=kind))  # type: ignore[arg-type]


def ignore(t: Any, text: str, why: str) -> None:
    """An impossible (or forbidden) instruction is ignored; the table is told why."""
    t.say("power", f"{text} (cannot be carried out: {why})")
