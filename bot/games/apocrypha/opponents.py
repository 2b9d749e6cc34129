"""Several opponents at once (guided mode): more than one confrontation under way, checks in any order.

The guide may set several cards on the saints at the same time; the saints then do their checks in
any order. One confrontation runs at a time: `public.confront`, which every rule reads. The others
wait in `public.opponents`, each as it was left (its step, mutations, stopped powers; the powers used
in its step wait in `secret.used_waiting`, by seat, since they name cards). A saint whose
confrontation waits takes the focus whenever no check, question or damage is under way (`Focus`, or
simply attempting their check); when the running confrontation ends, the first waiting one goes on.
A saint confronts one card at a time.
"""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.apocrypha.state import Confrontation
from bot.games.apocrypha.table import Table


def of(t: Table, seat: int) -> Confrontation | None:
    """The confrontation this saint is in, running or waiting."""
    if t.pub.confront is not None and t.pub.confront.seat == seat:
        return t.pub.confront
    return next((c for c in t.pub.opponents if c.seat == seat), None)


def chosen(t: Table, seat: int | None) -> Confrontation:
    """The confrontation a guide tool aims at: the named saint's, or the running one."""
    if seat is None:
        if t.pub.confront is None:
            raise GameError("Nothing is being confronted right now.")
        return t.pub.confront
    if seat not in t.pub.saints:
        raise GameError("There is no such saint in this mission.")
    confront = of(t, seat)
    if confront is None:
        raise GameError(f"{t.pub.saints[seat].name} is not confronting anything.")
    return confront


def waiting_for(t: Table, seat: int) -> Confrontation | None:
    """This saint's confrontation if it is one of those waiting (not one suspended behind a copy)."""
    return next((c for c in t.pub.opponents if c.seat == seat and not c.suspended), None)


def add(t: Table, confront: Confrontation) -> None:
    """Another opponent: it waits until the saint takes the focus or the running one ends."""
    pub = t.pub
    if pub.mode != "guided":
        raise GameError("Finish the current confrontation first.")
    if of(t, confront.seat) is not None:
        raise GameError(f"{seat_ref(confront.seat)} is already confronting a card; one at a time.")
    pub.opponents.append(confront)
    t.sec.used_waiting[confront.seat] = []  # a fresh confrontation: nothing used in its step yet
    running = pub.confront
    assert running is not None
    t.say(
        "opponent",
        f"{seat_ref(confront.seat)} faces {t.name(confront.card)} at the same time; they may take their "
        f"turn at it once {seat_ref(running.seat)}'s check is done.",
    )


def why_not_now(t: Table) -> str | None:
    """Why the focus cannot move now (a check being rolled, a question, damage), or None."""
    pub = t.pub
    if pub.check is not None and pub.check.stage != "done":
        return f"Wait until {seat_ref(pub.check.seat)}'s check is decided."
    if pub.pending or pub.damage is not None:
        return "The game is waiting for an answer first."
    return None


def focus(t: Table, seat: int) -> None:
    """The saint goes on with their waiting confrontation; the running one waits (next in line)."""
    pub = t.pub
    waiting = waiting_for(t, seat)
    if waiting is None:
        if pub.confront is not None and pub.confront.seat == seat:
            raise GameError("Your confrontation is the one under way.")
        raise GameError("You are not confronting anything.")
    reason = why_not_now(t)
    if reason:
        raise GameError(reason)
    pub.opponents.remove(waiting)
    if pub.confront is not None:
        pub.opponents.insert(0, pub.confront)
        t.sec.used_waiting[pub.confront.seat] = t.sec.used  # kept for when this one goes on again
    pub.confront = waiting
    pub.check = None
    t.sec.used = t.sec.used_waiting.pop(seat, [])
    t.say("opponent", f"{seat_ref(seat)} takes their turn vs. {t.name(waiting.card)} ({waiting.step} step).")


def next_up(t: Table) -> None:
    """The running confrontation ended: the first waiting one goes on."""
    pub = t.pub
    if pub.confront is not None or not pub.opponents:
        return
    pub.confront = pub.opponents.pop(0)
    pub.confront.suspended = False
    t.sec.used = t.sec.used_waiting.pop(pub.confront.seat, [])
    t.say(
        "opponent",
        f"{seat_ref(pub.confront.seat)}'s confrontation vs. {t.name(pub.confront.card)} goes on "
        f"({pub.confront.step} step).",
    )
