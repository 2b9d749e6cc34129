"""Situations and missions: dealing, Investigate (and intercepts), Capture, Scout, collaboration."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import Seat, seat_ref
from bot.games.apollyon import masquerade as mq
from bot.games.apollyon.difficulty import for_table
from bot.games.apollyon.effects import run
from bot.games.apollyon.engage import Line, engage
from bot.games.apollyon.growth import take_asset_card
from bot.games.apollyon.state import Anomaly, Mtf, Situation, Table

FALSE_ALARM_REWARD = "resource"


def deal_situation(t: Table) -> None:
    card = t.draw("situation")
    if card is None:
        return
    info = _situation(card)
    if len(t.pub.situations) >= t.pub.slots:
        # A full zone: the situation is flipped, its anomaly walks free, and nothing is paid or gained.
        t.discard("situation", card)
        t.say("zone_full", f"The situation zone is full: {info.name} is flipped and discarded.")
        if info.leads != "false_alarm":
            drawn = t.draw(info.leads)
            if drawn:
                a = t.new_anomaly(drawn)
                t.pub.public_zone.append(a)
                t.say(
                    "loose",
                    f"{a.info.name} ({a.info.designation}) goes straight to the public zone.",
                    anomaly=drawn,
                )
        return
    sit = Situation(uid=t.uid(), card=card, tokens=info.masquerade)
    t.pub.situations.append(sit)
    t.say("situation", f"A situation is dealt: {info.name} (danger {info.danger}, cost {info.masquerade}).")
    mq.pay(t, info.masquerade, info.name)


def _situation(card: str):  # noqa: ANN202
    from bot.games.apollyon.cards import catalogue

    return catalogue().situations[card]


def first_contact(t: Table, a: Anomaly) -> None:
    if a.info.first_contact:
        t.say("first_contact", f"First Contact! {a.info.name} makes itself known.")
        run(t, a.info.first_contact, source=a)


def partners(t: Table, seat: Seat, index: int) -> list[tuple[Seat, int]]:
    """The MTFs resolving this mission together: the lead first, then any other MTF sent to the same target."""
    lead = t.site(seat).mtfs[index].mission
    out = [(seat, index)]
    if lead is None or lead.target is None:
        return out
    for site in t.pub.sites:
        for i, mtf in enumerate(site.mtfs):
            m = mtf.mission
            if (
                (site.seat, i) != (seat, index)
                and not mtf.done
                and m
                and m.kind == lead.kind
                and m.target == lead.target
            ):
                out.append((site.seat, i))
    return out


def resolve(t: Table, seat: Seat, index: int, spread: bool = False) -> None:
    mtf = t.site(seat).mtfs[index]
    if mtf.mission is None or mtf.done:
        raise GameError("That MTF has no mission waiting to be resolved.")
    team = partners(t, seat, index)
    mtfs: list[Mtf] = [t.site(s).mtfs[i] for s, i in team]
    for m in mtfs:
        m.done = True
    lines: list[Line] = [(s, t.site(s).mtfs[i].members, False) for s, i in team]
    names = " and ".join(f"{seat_ref(s)}'s MTF-0{i + 1}" for s, i in team)
    mission = mtf.mission
    if mission.kind == "scout":
        scout(t, seat, mtf)
        return
    if mission.kind == "capture":
        a = t.public_anomaly(mission.target or 0)
        if a is None:
            t.say("fizzle", f"{names} find nothing left to capture.")
            return
        subdued, _ = engage(t, lines, a, names, spread=spread)
        if subdued:
            t.pub.public_zone.remove(a)
            if for_table(t).capture_regain:
                mq.regain(t, a.info.masquerade, f"capturing {a.info.name}")
            carry(t, seat, a)
        return
    if mission.kind == "intercept":
        card = t.draw("situation")
        if card is None:
            t.say("fizzle", f"{names} find no upcoming situation to intercept.")
            return
        sit = Situation(uid=t.uid(), card=card, tokens=0)
        t.say("intercept", f"{names} intercept an upcoming situation: {_situation(card).name}.")
    else:
        sit = next((s for s in t.pub.situations if s.uid == mission.target), None)
        if sit is None:
            t.say("fizzle", f"{names} arrive to find the situation already closed.")
            return
        t.pub.situations.remove(sit)
    investigate(t, seat, sit, lines, names, intercepted=mission.kind == "intercept", spread=spread)


def investigate(
    t: Table,
    seat: Seat,
    sit: Situation,
    lines: list[Line],
    names: str,
    intercepted: bool = False,
    spread: bool = False,
) -> None:
    info = _situation(sit.card)
    # Analysts turn an intercepted situation into a cover story before the news breaks (house rule).
    analysts = sum(ch.skill("analyst") for _, line, _ in lines for ch in line) if intercepted else 0
    t.discard("situation", sit.card)
    if info.leads == "false_alarm":
        t.say("false_alarm", f"{info.name} was a False Alarm.")
        mq.regain(t, sit.tokens + analysts, f"closing {info.name}")
        t.site(seat).pool[FALSE_ALARM_REWARD] += 1
        t.say("false_alarm", f"{seat_ref(seat)} gains 1 {FALSE_ALARM_REWARD} from the evidence.")
        return
    card = t.draw(info.leads)
    if card is None:
        t.say("fizzle", f"{info.name} leads nowhere: the {info.leads} deck is empty.")
        mq.regain(t, sit.tokens, f"closing {info.name}")
        return
    a = t.new_anomaly(card)
    t.say("reveal", f"{info.name} hides {a.info.name} ({a.info.designation}, {a.info.cls}).", anomaly=card)
    first_contact(t, a)
    if t.pub.outcome:
        return
    subdued, _ = engage(t, lines, a, names, spread=spread)
    if subdued:
        diplomats = sum(ch.skill("diplomat") for _, line, _ in lines for ch in line)
        mq.regain(t, sit.tokens + diplomats + analysts, f"resolving {info.name}")
        carry(t, seat, a)
    else:
        t.pub.public_zone.append(a)
        t.say("loose", f"{a.info.name} escapes into the public zone.", anomaly=card)


def carry(t: Table, seat: Seat, a: Anomaly) -> None:
    t.site(seat).carrying.append(a)
    t.say("carry", f"{seat_ref(seat)}'s team brings {a.info.name} back under guard.")


SCOUT_TABLE = {1: "euclid", 2: "safe"}


def scout(t: Table, seat: Seat, mtf: Mtf) -> None:
    scouts = sum(1 for ch in mtf.members if ch.skill("scout"))
    for _ in range(scouts):
        if t.pub.outcome:
            return
        face = t.rng.die(6)
        if face in SCOUT_TABLE:
            card = t.draw(SCOUT_TABLE[face])
            if card is None:
                continue
            a = t.new_anomaly(card)
            t.say(
                "scout", f"Scouting ({face}): {seat_ref(seat)}'s team runs into {a.info.name}.", anomaly=card
            )
            first_contact(t, a)
            subdued, _ = engage(t, [(seat, mtf.members, False)], a, f"{seat_ref(seat)}'s scouts")
            if subdued:
                carry(t, seat, a)
            else:
                t.pub.public_zone.append(a)
                t.say("loose", f"{a.info.name} escapes into the public zone.", anomaly=card)
        elif face <= 4:
            t.say("scout", f"Scouting ({face}): {seat_ref(seat)}'s team secures supplies.")
            for _ in range(2):
                card = t.draw("asset")
                if card:
                    take_asset_card(t, seat, card)
        else:
            card = t.draw("character")
            if card:
                ch = t.new_character(card)
                t.site(seat).vacation.append(ch)
                t.say(
                    "scout", f"Scouting ({face}): {ch.info.name} joins {seat_ref(seat)}'s site (On Vacation)."
                )
