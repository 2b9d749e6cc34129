"""Copies, and new cards from the box, confronted in the middle of things.

A card that tells you to copy a card brings a temporary copy of it into the game.

A copied gift or threat must be confronted (a power may still avoid it). Once confronted, won or
lost or avoided, the copy ceases to exist: it goes to no hand, nexus or box. A copy confronted
while another confrontation is under way suspends that one, which goes on where it was left once
the copy is resolved. A copy never copies anything itself.

A card that tells you to confront a new card from the box draws one at random (of the kind, virtue
or keyword it names, from the cards the mission's chapter lets in) and the saint confronts it the
same way; lost, a new threat goes back to the box, since it came from no nexus.

Copies are instances named "<card id>#copy<n>", so they are told apart from the box's own copies
of the card and never count against them.
"""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.apocrypha.cards import Gift, Threat
from bot.games.apocrypha.state import COPY_MARK, Confrontation, card_id, is_copy
from bot.games.apocrypha.table import Table


def new_copy(t: Table, cid: str) -> str:
    key = f"{cid}{COPY_MARK}"
    n = t.sec.next_copy.get(key, 0) + 1
    t.sec.next_copy[key] = n
    return f"{cid}{COPY_MARK}{n}"


def confront_copy(t: Table, seat: int, cid: str, by: str | None) -> None:
    """`seat` confronts a copy of card `cid` now; `by` is the card whose power makes the copy."""
    if is_copy(by):
        raise GameError("A copied card cannot copy itself or any other card.")
    if t.book.kind_of(cid) is None:
        raise GameError(f"There is no card called {cid} to copy.")
    card = t.book.card(cid)
    if not isinstance(card, (Gift, Threat)):
        raise GameError(f"{card.name} is not a gift or a threat, so a copy of it cannot be confronted.")
    confront_first(t, seat, new_copy(t, cid), "a copy of the")


def confront_new(t: Table, seat: int, kind: str, virtue: str | None, keyword: str | None) -> None:
    """`seat` confronts a new random card of `kind` from the box (one that did not come from a
    nexus: lost, a threat goes back to the box)."""
    uid = t.random_new(kind, virtue, keyword)
    if uid is None:
        raise GameError(f"The box has no such {kind} left to confront.")
    confront_first(t, seat, uid, "a new")


def confront_first(t: Table, seat: int, uid: str, what: str) -> None:
    """Confront `uid` now: a confrontation under way waits (suspended) until it is resolved, or, if
    that one is ending already, this one comes right after it."""
    card = t.card(uid)
    kind = "gift" if isinstance(card, Gift) else "threat"
    confront = Confrontation(seat=seat, card=uid, kind=kind)  # type: ignore[arg-type]
    targets = " or ".join(f"{x.virtue.capitalize()} {x.number}" for x in card.targets)
    named = f"{what} {kind} {card.name} ({targets})"
    t.sec.origins.pop(uid, None)
    running = t.pub.confront
    if running is None:
        t.pub.confront = confront
        t.sec.used = []
        t.say("confront", f"{seat_ref(seat)} confronts {named}.", card=card_id(uid))
        return
    ending = running.step == "terminate" or (t.pub.check is not None and t.pub.check.stage == "done")
    if ending:
        confront.suspended = True
        t.pub.opponents.insert(0, confront)
        t.sec.used_waiting[seat] = []
        t.say("confront", f"{seat_ref(seat)} must confront {named} next.", card=card_id(uid))
        return
    if t.pub.check is not None:
        raise GameError("Nothing new can be confronted in the middle of a check.")
    running.suspended = True
    t.pub.opponents.insert(0, running)
    t.sec.used_waiting[running.seat] = t.sec.used
    t.pub.confront = confront
    t.sec.used = []
    t.say(
        "confront",
        f"{t.name(running.card)} waits: {seat_ref(seat)} confronts {named} first.",
        card=card_id(uid),
    )


def cease(t: Table, confront: Confrontation, how: str) -> None:
    t.say("copy", f"{seat_ref(confront.seat)} {how} the copy of {t.name(confront.card)}; it ceases to exist.")


def target_card(t: Table, ctx_uid: str | None, card: str) -> str:
    """The card id a `copy` block names: "this" is the card whose power it is, "confronted" the card
    being confronted (a copy is never copied again, so copies cannot chain)."""
    if card == "confronted":
        confront = t.pub.confront
        if confront is None:
            raise GameError("Nothing is being confronted to copy.")
        if is_copy(confront.card):
            raise GameError("A copy is not copied again.")
        return card_id(confront.card)
    if card != "this":
        return card
    if not ctx_uid or ctx_uid == "saint":
        raise GameError("Only a card's own power can copy that card.")
    return card_id(ctx_uid)
