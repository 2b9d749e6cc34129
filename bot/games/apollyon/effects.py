"""The effect vocabulary SCP: Apollyon's cards are written in.

Blocks (card data `{ op = ..., ... }`), applied to every director in `ctx.seats`
(all of them for a loose anomaly or an event; the owner for a Thaumiel's
contained text):
  masquerade(by)                  move the tracker (regaining never passes its cap)
  assets(kind, n, how)            gain, spend or destroy n tokens (a destroyed Space is Spent instead)
  draw_assets(n)                  draw n Asset cards and take their tokens
  deal_situations(n)              deal n more situations
  wound(n)                        the first garrison character takes n wounds
  cognitohazard(n)                the first garrison character takes n Cognitohazard tokens
  lose(n)                         the first n garrison characters become Lost
  recover()                       every Lost character comes home
  characters(per)                 draw one character per `per` directors (rounded up), fewest first
  study(n)                        the least-studied anomaly contained at the site gains n Study
  breach_check(zone)              each anomaly in "temporary", "partial" or "all" containment checks
  breach(zone)                    each anomaly in that zone breaches at once
  breach_cascade()                the site has a Breach Cascade
  release(deck)                   the top anomaly of a deck goes straight to the public zone
  minions(n)                      this anomaly gains n Minion tokens
  counter(at, then)               this anomaly gains a Counter; at `at` they reset and `then` runs
  modify(stat, by)                passive only: a standing change to a number the rules use
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.engine.cards import CardDataError
from bot.engine.effects import EffectBook
from bot.engine.seats import Seat, seat_ref
from bot.engine.text import plural
from bot.games.apollyon.state import COGNITO_LIMIT, Anomaly, Table

STATS = frozenset({"force_measure", "threat", "intel_measure", "situations", "draw_pile", "breach_dice"})
ZONES = frozenset({"temporary", "partial", "all"})


@dataclass
class Ctx:
    t: Table
    seats: list[Seat]
    source: Anomaly | None = None
    mods: dict[str, int] = field(default_factory=dict)


BOOK: EffectBook[Ctx] = EffectBook("apollyon")


def run(
    t: Table,
    blocks: Iterable[Mapping[str, Any]],
    seats: list[Seat] | None = None,
    source: Anomaly | None = None,
) -> None:
    blocks = list(blocks)
    if blocks:
        BOOK.run(Ctx(t, list(t.seats if seats is None else seats), source), blocks)


def modifier(t: Table, stat: str) -> int:
    """The sum of the passive changes to `stat` from every loose anomaly."""
    ctx = Ctx(t, [])
    for a in t.pub.public_zone:
        BOOK.run(ctx, a.info.passive)
    return ctx.mods.get(stat, 0)


def check_passive(blocks: Iterable[Mapping[str, Any]], where: str) -> None:
    for block in blocks:
        if block.get("op") != "modify" or block.get("stat") not in STATS:
            raise CardDataError(f"{where}: passive text must be modify blocks on {sorted(STATS)}")


@BOOK.op("modify")
def modify(ctx: Ctx, stat: str, by: int) -> None:
    ctx.mods[stat] = ctx.mods.get(stat, 0) + by


@BOOK.op("masquerade")
def masquerade(ctx: Ctx, by: int) -> None:
    from bot.games.apollyon import masquerade as mq

    name = ctx.source.info.name if ctx.source else "an event"
    if by < 0:
        mq.pay(ctx.t, -by, name)
    else:
        mq.regain(ctx.t, by, name)


@BOOK.op("assets")
def assets(ctx: Ctx, kind: str, n: int, how: str) -> None:
    if kind not in ("resource", "personnel", "space") or how not in ("gain", "spend", "destroy"):
        raise ValueError(f"assets: bad kind {kind!r} or how {how!r}")
    for seat in ctx.seats:
        site = ctx.t.site(seat)
        if how == "gain":
            site.pool[kind] += n
            if kind == "space":
                ctx.t.pub.space_gained += n
            ctx.t.say("assets", f"{seat_ref(seat)} gains {n} {kind}.")
            continue
        took = min(n, site.pool[kind])
        site.pool[kind] -= took
        if how == "spend" or kind == "space":
            site.spent[kind] += took
        if took:
            verb = "spends" if how == "spend" or kind == "space" else "loses"
            ctx.t.say("assets", f"{seat_ref(seat)} {verb} {took} {kind}.")


@BOOK.op("draw_assets")
def draw_assets(ctx: Ctx, n: int) -> None:
    from bot.games.apollyon.growth import take_asset_card

    for seat in ctx.seats:
        for _ in range(n):
            card = ctx.t.draw("asset")
            if card:
                take_asset_card(ctx.t, seat, card)


@BOOK.op("deal_situations")
def deal_situations(ctx: Ctx, n: int) -> None:
    from bot.games.apollyon.missions import deal_situation

    for _ in range(n):
        deal_situation(ctx.t)


def _front(ctx: Ctx, seat: Seat):  # noqa: ANN202
    hand = ctx.t.hand(seat)
    return hand[0] if hand else None


@BOOK.op("wound")
def wound(ctx: Ctx, n: int) -> None:
    from bot.games.apollyon.engage import take_wounds

    for seat in ctx.seats:
        if ctx.t.hand(seat):
            take_wounds(ctx.t, [(seat, ctx.t.hand(seat), True)], n)
            ctx.t.say("wound", f"The first of {seat_ref(seat)}'s garrison takes {plural(n, 'wound')}.")
    ctx.t.sync_garrisons()


@BOOK.op("cognitohazard")
def cognitohazard(ctx: Ctx, n: int) -> None:
    for seat in ctx.seats:
        ch = _front(ctx, seat)
        if ch is None:
            continue
        if ch.skill("antimemetic"):
            ctx.t.say("cognito", f"{seat_ref(seat)}'s first garrison character shrugs off a cognitohazard.")
            continue
        ch.cognito += n
        ctx.t.say("cognito", f"{seat_ref(seat)}'s first garrison character takes {plural(n, 'Cognitohazard token')}.")
        if ch.cognito >= COGNITO_LIMIT:
            go_lost(ctx.t, seat, ch)


def go_lost(t: Table, seat: Seat, ch) -> None:  # noqa: ANN001
    """Move a character from the hand (or an MTF) to the Lost pile."""
    site = t.site(seat)
    if t.take_from_hand(seat, ch.uid) is None:
        for mtf in site.mtfs:
            if ch in mtf.members:
                mtf.members.remove(ch)
        t.say("lost", f"{ch.info.name} of {seat_ref(seat)}'s site is Lost.")
    else:
        t.say("lost", f"A garrison character of {seat_ref(seat)}'s site is Lost.")
        t.tell(seat, "lost", f"{ch.info.name} is Lost.")
    site.lost.append(ch)


@BOOK.op("lose")
def lose(ctx: Ctx, n: int) -> None:
    for seat in ctx.seats:
        for _ in range(n):
            ch = _front(ctx, seat)
            if ch is not None:
                go_lost(ctx.t, seat, ch)


@BOOK.op("recover")
def recover(ctx: Ctx) -> None:
    for seat in ctx.seats:
        site = ctx.t.site(seat)
        while site.lost:
            ch = site.lost.pop(0)
            ch.cognito = 0
            ctx.t.add_to_hand(seat, ch)
            ctx.t.say("recovered", f"A Lost character finds the way back to {seat_ref(seat)}'s site.")
            ctx.t.tell(seat, "recovered", f"{ch.info.name} is back in your garrison.")


@BOOK.op("characters")
def characters(ctx: Ctx, per: int) -> None:
    t = ctx.t
    count = -(-len(t.seats) // per)
    for _ in range(count):
        card = t.draw("character")
        if card is None:
            return
        seat = min(t.seats, key=lambda s: (len(t.hand(s)) + sum(len(m.members) for m in t.site(s).mtfs), s))
        t.add_to_hand(seat, t.new_character(card))
        t.say("recruit", f"{seat_ref(seat)} recruits a new character.")
        t.tell(seat, "recruit", f"{t.hand(seat)[-1].info.name} joins your garrison.")


@BOOK.op("study")
def study(ctx: Ctx, n: int) -> None:
    for seat in ctx.seats:
        held = [a for a in ctx.t.site(seat).contained() if a.info.cls != "apollyon"]
        if held:
            target = min(held, key=lambda a: a.study)
            target.study += n
            ctx.t.say("study", f"{target.info.name} at {seat_ref(seat)}'s site gains {plural(n, 'Study token')}.")


@BOOK.op("breach_check")
def breach_check(ctx: Ctx, zone: str) -> None:
    from bot.games.apollyon.breach import breach_check as check
    from bot.games.apollyon.breach import zone_members

    if zone not in ZONES:
        raise ValueError(f"breach_check: unknown zone {zone!r}")
    for seat in ctx.seats:
        for a in zone_members(ctx.t.site(seat), zone):
            check(ctx.t, seat, a)


@BOOK.op("breach")
def breach(ctx: Ctx, zone: str) -> None:
    from bot.games.apollyon.breach import breach_containment, zone_members

    if zone not in ZONES:
        raise ValueError(f"breach: unknown zone {zone!r}")
    for seat in ctx.seats:
        for a in zone_members(ctx.t.site(seat), zone):
            breach_containment(ctx.t, seat, a)


@BOOK.op("breach_cascade")
def breach_cascade(ctx: Ctx) -> None:
    from bot.games.apollyon.breach import breach_cascade as cascade

    for seat in ctx.seats:
        cascade(ctx.t, seat)


@BOOK.op("release")
def release(ctx: Ctx, deck: str) -> None:
    card = ctx.t.draw(deck)
    if card is None:
        return
    a = ctx.t.new_anomaly(card)
    ctx.t.pub.public_zone.append(a)
    ctx.t.say("release", f"{a.info.name} ({a.info.designation}) appears in the public zone.", anomaly=card)


@BOOK.op("minions")
def minions(ctx: Ctx, n: int) -> None:
    if ctx.source is not None:
        ctx.source.minions += n
        ctx.t.say("minions", f"{ctx.source.info.name} gathers {plural(n, 'Minion')}: {ctx.source.minions} now.")


@BOOK.op("counter")
def counter(ctx: Ctx, at: int, then: list[dict[str, Any]]) -> None:
    if ctx.source is None:
        return
    ctx.source.counters += 1
    ctx.t.say("counter", f"{ctx.source.info.name} has {plural(ctx.source.counters, 'Counter')} of {at}.")
    if ctx.source.counters >= at:
        ctx.source.counters = 0
        BOOK.run(ctx, then)


def validate_nested(blocks: Iterable[Mapping[str, Any]], where: str) -> None:
    for block in blocks:
        if block.get("op") == "counter":
            BOOK.validate(block.get("then", []), f"{where} (counter)")
