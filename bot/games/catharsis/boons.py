"""The Dragon & Lich challenge deck: allies and blessings whose price another hero pays.

Allies and blessings are offered like Specials: one hero claims them. An ally joins the claimant's
board as a power (after they give up its sacrifice); a blessing's gift happens to the claimant at
once and takes no place on the board. Either way its price falls on the next living hero after the
claimant in seat order, who takes it like any damage or forced discard; a lone hero pays it
themself.
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.catharsis.cards import Encounter
from bot.games.catharsis.effects import BOOK, Ctx
from bot.games.catharsis.state import CatharsisState, Hero


def next_living(dead: list[bool], seat: int) -> int:
    """The next living seat after `seat` in seat order (`seat` itself when no one else lives)."""
    for step in range(1, len(dead)):
        if not dead[(seat + step) % len(dead)]:
            return (seat + step) % len(dead)
    return seat


def payer(state: CatharsisState, claimant: Hero) -> Hero:
    """The next living hero after the claimant in seat order (the claimant when alone)."""
    heroes = state.public.heroes
    return heroes[next_living([h.dead for h in heroes], claimant.seat)]


def claim(state: CatharsisState, hero: Hero, card: Encounter, events: list[Event]) -> None:
    """After a boon is claimed: a blessing's gift to the claimant, then the price on the payer."""
    if card.gift:
        BOOK.run(Ctx(state=state, events=events, hero=hero), card.gift)
    if card.price:
        who = payer(state, hero)
        events.append(Event.public("price", f"The price of {card.name} falls on {seat_ref(who.seat)}."))
        BOOK.run(Ctx(state=state, events=events, hero=who), card.price)


@BOOK.op("price_hurt")
def _price_hurt(ctx: Ctx, amount: int) -> None:
    from bot.games.catharsis.damage import add_packet

    assert ctx.hero is not None
    add_packet(ctx.state, "seat", amount, seat=ctx.hero.seat)


@BOOK.op("price_discard")
def _price_discard(ctx: Ctx, n: int = 1) -> None:
    from bot.games.catharsis.damage import add_packet

    assert ctx.hero is not None
    add_packet(ctx.state, "discard", n, seat=ctx.hero.seat)


@BOOK.op("price_exhaust")
def _price_exhaust(ctx: Ctx, n: int) -> None:
    """The payer's first n ready powers are exhausted (no choice: the cold takes what it finds)."""
    assert ctx.hero is not None
    done = 0
    for s in ctx.hero.board:
        if done < n and s.ready:
            s.ready, done = False, done + 1
    if done:
        ctx.events.append(Event.public("price", f"{seat_ref(ctx.hero.seat)} has {plural(done, 'power')} exhausted."))


@BOOK.op("draw_self")
def _draw_self(ctx: Ctx) -> None:
    from bot.games.catharsis.damage import draw_power

    assert ctx.hero is not None
    if len(ctx.hero.board) < 6:
        draw_power(ctx.state, ctx.hero)
