"""Breach Checks, Breaching Containment and the Breach Cascade (house rules, docs/apollyon.md)."""

from __future__ import annotations

from bot.engine.seats import Seat, seat_ref
from bot.games.apollyon import masquerade as mq
from bot.games.apollyon.containment import remove_from_site, to_temporary
from bot.games.apollyon.effects import modifier
from bot.games.apollyon.engage import engage
from bot.games.apollyon.state import Anomaly, Site, Table

CHECK_MEASURE = 4


def zone_members(site: Site, zone: str) -> list[Anomaly]:
    if zone == "temporary":
        return list(site.temporary)
    if zone == "partial":
        return [a for a in site.active() if a.partial]
    return site.contained()


def breach_check(t: Table, seat: Seat, a: Anomaly, bonus: int = 0) -> bool:
    """Roll Threat + Minions (+bonus) at 4+; more successes than the hold means a breach."""
    dice = a.info.threat + a.minions + bonus + modifier(t, "breach_dice")
    hits, _ = t.roll(dice, CHECK_MEASURE)
    hold = a.held + t.garrison_skill(seat, "security")
    t.say(
        "breach_check",
        f"Breach Check for {a.info.name} at {seat_ref(seat)}'s site: {hits} against a hold of {hold}.",
    )
    if hits > hold:
        breach_containment(t, seat, a)
        return True
    return False


def breach_containment(t: Table, seat: Seat, a: Anomaly) -> None:
    """The anomaly gets out: its tokens may be destroyed, then the garrison tries to stop it."""
    site = t.site(seat)
    if not remove_from_site(t, site, a):
        return
    t.say("breach", f"{a.info.name} breaches containment at {seat_ref(seat)}'s site!", anomaly=a.card)
    for kind in ("resource", "personnel", "space"):
        for _ in range(a.tokens[kind]):
            kept, _ = t.roll(1)
            if kept:
                site.pool[kind] += 1
            elif kind == "space":
                site.spent[kind] += 1  # Space is never destroyed, only Spent
            else:
                t.say("breach", f"A {kind} token of {seat_ref(seat)}'s is destroyed in the breach.")
        a.tokens[kind] = 0
    a.study = 0
    if a.info.cls == "apollyon":
        t.pub.apollyon_contained = False
    garrison = t.hand(seat)
    subdued = False
    if garrison:
        subdued, _ = engage(t, [(seat, garrison, True)], a, f"{seat_ref(seat)}'s garrison")
    if subdued and len(site.temporary) < 3:
        to_temporary(t, site, a)
        return
    t.pub.public_zone.append(a)
    t.say("loose", f"{a.info.name} escapes into the public zone.", anomaly=a.card)
    mq.pay(t, mq.loose_cost(t, a), f"{a.info.name} loose in the world")


def breach_cascade(t: Table, seat: Seat) -> None:
    """Checks sweep the site, Temporary first; each breach adds a die; the first hold stops it."""
    site = t.site(seat)
    order = [
        *site.temporary,
        *[a for a in site.active() if a.partial],
        *[a for a in site.active() if not a.partial],
    ]
    t.say("cascade", f"A Breach Cascade runs through {seat_ref(seat)}'s site.")
    # Every breach so far adds a die to the next check, which is the index in the order.
    for bonus, a in enumerate(order):
        if t.pub.outcome:
            return
        if not breach_check(t, seat, a, bonus):
            return
