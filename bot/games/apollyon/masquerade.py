"""The Masquerade tracker: paying, regaining, the Lifted Veil at 10 and the loss at 0."""

from __future__ import annotations

from bot.games.apollyon.difficulty import for_table
from bot.games.apollyon.state import Anomaly, Table

VEIL = 10


def cap(t: Table) -> int:
    """The highest the tracker may go: its start, or 10 once the veil has lifted."""
    return VEIL if t.pub.veil_lifted else t.pub.masquerade_start


def loose_cost(t: Table, a: Anomaly, monthly: bool = False) -> int:
    """What a loose anomaly costs: at once when it gets out, or in an End phase (`monthly`),
    less the difficulty's cover-up (docs/apollyon.md, "Difficulty"). A loose Apollyon always
    costs at least 1, so the game cannot stall once it has arrived."""
    lv = for_table(t)
    if a.info.cls == "apollyon":
        return max(1, a.masquerade - lv.apollyon_cover)
    return max(0, a.masquerade - lv.cover_up) if monthly else a.masquerade


def pay(t: Table, n: int, why: str) -> None:
    if n <= 0 or t.pub.outcome:
        return
    t.pub.masquerade = max(0, t.pub.masquerade - n)
    t.say("masquerade", f"The Masquerade pays {n} for {why}: {t.pub.masquerade} left.", change=-n)
    if t.pub.masquerade <= VEIL and not t.pub.veil_lifted:
        lift_veil(t)
    if t.pub.masquerade == 0:
        lose(t, "The Masquerade tracker reached 0: the world has learned the truth.")


def regain(t: Table, n: int, why: str) -> None:
    if n <= 0 or t.pub.outcome:
        return
    before = t.pub.masquerade
    t.pub.masquerade = min(cap(t), before + n)
    gained = t.pub.masquerade - before
    t.say("masquerade", f"The Masquerade regains {gained} from {why}: {t.pub.masquerade}.", change=gained)


def lift_veil(t: Table) -> None:
    """Broken Masquerade: each director destroys a Resource; the cap drops to 10; one more situation a month."""
    t.pub.veil_lifted = True
    t.say("veil", "The Masquerade breaks: a Lifted Veil scenario begins.")
    for site in t.pub.sites:
        if site.pool["resource"] > 0:
            site.pool["resource"] -= 1
            t.say("veil", f"Site {site.seat + 1} loses a Resource to the cover-up.")


def lose(t: Table, why: str) -> None:
    if t.pub.outcome is None:
        t.pub.outcome = "lost"
        t.pub.ending = why
        t.pub.phase = t.pub.phase.__class__.OVER
        t.say("lost", why)


def win(t: Table, why: str) -> None:
    if t.pub.outcome is None:
        t.pub.outcome = "won"
        t.pub.ending = why
        t.pub.phase = t.pub.phase.__class__.OVER
        t.say("won", why)
