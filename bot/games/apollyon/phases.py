"""The six phases of a month. Intel, Event and End run by themselves; Growth, MTF and Site wait on the directors."""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.games.apollyon import masquerade as mq
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.difficulty import for_table
from bot.games.apollyon.effects import modifier, run
from bot.games.apollyon.engage import Line, engage
from bot.games.apollyon.growth import close_pile
from bot.games.apollyon.missions import carry, deal_situation
from bot.games.apollyon.state import Anomaly, Phase, Table

INTEL_MEASURE = 4
RECOVERY_MEASURE = 4
EVENT_DIE = {
    1: [{"op": "breach_cascade"}],
    2: [{"op": "breach_check", "zone": "partial"}],
    3: [{"op": "breach_check", "zone": "partial"}],
    4: [{"op": "breach", "zone": "temporary"}],
    5: [{"op": "breach", "zone": "temporary"}],
    6: [{"op": "characters", "per": 2}],
}


def fresh_month_flags(t: Table) -> None:
    for site in t.pub.sites:
        site.ready = False
        site.transferred = site.studied = site.trialled = False
        site.claims = 0
        for mtf in site.mtfs:
            mtf.mission = None
            mtf.done = False


# -- 1) Intel -------------------------------------------------------------------
def intel(t: Table) -> None:
    t.say("month", f"Month {t.pub.month} begins.")
    for a in list(t.pub.public_zone):
        if a.info.start and not t.pub.outcome:
            run(t, a.info.start, source=a)
    for site in t.pub.sites:
        for a in site.active():
            if a.info.contained and not a.partial and not t.pub.outcome:
                run(t, a.info.contained, seats=[site.seat], source=a)
    recovery_checks(t)
    if t.pub.month >= t.pub.months and not t.pub.apollyon_revealed and not t.pub.outcome:
        reveal_apollyon(t)
    if t.pub.outcome:
        return
    n = -(-len(t.seats) // 2)
    measure = INTEL_MEASURE + modifier(t, "intel_measure")
    for seat in t.seats:
        hit, dice = t.roll(1, measure)
        if not hit:
            n += 1
            t.say("intel", f"{seat_ref(seat)}'s Intel Check fails ({dice[0]}): one more situation.")
    n += (for_table(t).veil_situations if t.pub.veil_lifted else 0) + modifier(t, "situations")
    for _ in range(max(0, n)):
        if t.pub.outcome:
            return
        deal_situation(t)


def recovery_checks(t: Table) -> None:
    for site in t.pub.sites:
        for ch in list(site.lost):
            hit, dice = t.roll(1, RECOVERY_MEASURE)
            if hit:
                site.lost.remove(ch)
                ch.cognito = 0
                t.add_to_hand(site.seat, ch)
                t.say(
                    "recovered",
                    f"A Lost character of {seat_ref(site.seat)}'s passes a Recovery Check ({dice[0]}).",
                )
                t.tell(site.seat, "recovered", f"{ch.info.name} is back in your garrison.")


def reveal_apollyon(t: Table) -> None:
    card = t.secret.apollyon
    if card is None:
        return
    t.secret.apollyon = None
    a = t.new_anomaly(card)
    t.pub.apollyon_revealed = True
    t.pub.apollyon_card = card
    t.pub.public_zone.append(a)
    t.say("apollyon", f"The Apollyon arrives: {a.info.name} ({a.info.designation}).", anomaly=card)
    mq.pay(t, mq.loose_cost(t, a), a.info.name)
    if a.info.first_contact and not t.pub.outcome:
        run(t, a.info.first_contact, source=a)


def begin_month(t: Table) -> None:
    fresh_month_flags(t)
    intel(t)
    if not t.pub.outcome:
        t.pub.phase = Phase.GROWTH


# -- 2) Growth -> 3) MTF -----------------------------------------------------------
def end_growth(t: Table) -> None:
    close_pile(t)
    t.pub.phase = Phase.ASSIGN
    for site in t.pub.sites:
        site.ready = False


def end_assign(t: Table) -> None:
    t.pub.phase = Phase.MISSIONS
    for site in t.pub.sites:
        site.ready = False
    t.say("missions", "The MTFs are in the field.")
    if not any(m.mission for s in t.pub.sites for m in s.mtfs):
        after_missions(t)


def missions_left(t: Table) -> bool:
    return any(m.mission and not m.done for s in t.pub.sites for m in s.mtfs)


def after_missions(t: Table) -> None:
    event(t)
    if t.pub.outcome:
        return
    t.pub.phase = Phase.RETURN
    for site in t.pub.sites:
        site.ready = not site.carrying
    if all(site.ready for site in t.pub.sites):
        start_site(t)


# -- 4) Event -------------------------------------------------------------------
def apollyon_loose(t: Table) -> Anomaly | None:
    return next((a for a in t.pub.public_zone if a.info.cls == "apollyon"), None)


def event(t: Table) -> None:
    boss = apollyon_loose(t)
    if boss is not None:
        apollyon_engages(t, boss)
    elif t.pub.event_die:
        face = t.rng.die(6)
        t.say("event", f"The Event die shows {face}.")
        run(t, EVENT_DIE[face])
    else:
        card = t.draw("event")
        if card is not None:
            info = catalogue().events[card]
            t.say("event", f"Event: {info.name}. {info.text}", card=card)
            t.discard("event", card)
            run(t, info.effects)
    if t.pub.outcome:
        return
    for site in t.pub.sites:
        science = t.garrison_skill(site.seat, "scientist")
        if science:
            run(t, [{"op": "study", "n": science}], seats=[site.seat])
    amnestics = sum(ch.skill("amnestics") for seat in t.seats for ch in t.active_characters(seat))
    if amnestics:
        mq.regain(t, amnestics, "amnestics")


def apollyon_engages(t: Table, boss: Anomaly) -> None:
    """The Apollyon fights every active character at once; the burden starts at a different site each month."""
    seats = t.seats
    start = (t.pub.month - 1) % len(seats)
    lines: list[Line] = []
    for seat in seats[start:] + seats[:start]:
        site = t.site(seat)
        lines += [
            (seat, site.mtfs[0].members, False),
            (seat, site.mtfs[1].members, False),
            (seat, t.hand(seat), True),
        ]
    if not any(line for _, line, _ in lines):
        t.say("apollyon", f"{boss.info.name} finds no one left to face it.")
        return
    subdued, per_seat = engage(t, lines, boss, "Every active character")
    if subdued:
        t.pub.public_zone.remove(boss)
        best = max(per_seat, key=lambda s: (per_seat[s], -s))
        carry(t, best, boss)


# -- 5) Site ----------------------------------------------------------------------
def start_site(t: Table) -> None:
    t.pub.phase = Phase.SITE
    for site in t.pub.sites:
        site.ready = False


# -- 6) End -----------------------------------------------------------------------
def end_phase(t: Table) -> None:
    for a in list(t.pub.public_zone):
        if a.info.end and not t.pub.outcome:
            run(t, a.info.end, source=a)
    if t.pub.outcome:
        return
    for site in t.pub.sites:
        for mtf in site.mtfs:
            for ch in mtf.members:
                t.add_to_hand(site.seat, ch)
            mtf.members = []
        for ch in site.vacation:
            t.add_to_hand(site.seat, ch)
        site.vacation = []
        for ch in t.hand(site.seat):
            ch.wounds = 0
        for kind, n in site.spent.items():
            site.pool[kind] += n
            site.spent[kind] = 0
    for a in list(t.pub.public_zone):
        if a.info.cls == "apollyon":
            a.counters += 1  # a loose Apollyon costs more every month (house rule)
        mq.pay(t, mq.loose_cost(t, a, monthly=True), f"{a.info.name} loose in the world")
        if t.pub.outcome:
            return
    lv = for_table(t)
    if t.pub.veil_lifted:
        mq.pay(t, lv.veil_drain, "the spreading story")
        if t.pub.outcome:
            return
    elif lv.cover_story and t.pub.masquerade < mq.cap(t):
        mq.regain(t, lv.cover_story, "the cover-up's standing stories")
    for a in list(t.pub.public_zone):
        if a.info.monthly and not t.pub.outcome:
            t.say("monthly", f"Monthly Effect: {a.info.name}.")
            run(t, a.info.monthly, source=a)
    if t.pub.outcome:
        return
    t.pub.month += 1
    begin_month(t)
