"""Artrial's kitchen: powers set aside for their top cost, Preparation counters, and serving them later.

A set-aside power leaves the board (it is no longer health). At the start of every combat round his
Passive adds a Preparation counter to the two powers that have waited longest; one with 2 or more may
be served: its top or its bottom resolves with every amount raised by its Preparation bonus, and the
power comes back to his board exhausted (discarded if the board is full).
"""

from __future__ import annotations

from typing import Any

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.combat import living_foes
from bot.games.catharsis.costs import describe_cost, paying_alternative, with_number
from bot.games.catharsis.damage import free_number
from bot.games.catharsis.effects import BOOK, Ctx
from bot.games.catharsis.state import Aside, CatharsisState, Hero, Slot

READY = 2  # Preparation counters a power needs before it may be served (the Flip ignores this)
BOARD = 6
FOE_OPS = {"damage", "spore"}


def can_set_aside(hero: Hero) -> bool:
    role = content().roles.get(hero.role)
    return role is not None and role.sets_aside


def set_aside(state: CatharsisState, hero: Hero, cmd: c.SetAside, events: list[Event]) -> None:
    if not can_set_aside(hero):
        raise GameError("Only Artrial sets powers aside.")
    if not 0 <= cmd.slot < len(hero.board):
        raise GameError("There is no power in that place on your board.")
    slot = hero.board[cmd.slot]
    name = content().card_name(slot.card)
    ab = content().ability(slot.card, "top", slot.face)
    if ab is None or not slot.ready or slot.used:
        raise GameError(f"{name} cannot be set aside now: it must be ready and unused this round.")
    if len(hero.board) == 1:
        raise GameError("Your last power cannot leave your board: you would fall.")
    if len(set(cmd.dice)) != len(cmd.dice) or any(
        not 0 <= i < len(hero.dice) or hero.dice[i].used for i in cmd.dice
    ):
        raise GameError("You can only use your own unused dice, each once.")
    cost = with_number(ab.cost, slot.number)
    if paying_alternative(cost, [hero.dice[i].value for i in cmd.dice]) is None:
        raise GameError(f"Those dice do not pay {describe_cost(cost)} for {name}.")
    for i in cmd.dice:
        hero.dice[i].used = True
    hero.board.pop(cmd.slot)
    hero.combo_paid = {(i if i < cmd.slot else i - 1): p for i, p in hero.combo_paid.items() if i != cmd.slot}
    hero.aside.append(Aside(card=slot.card))
    events.append(Event.public("aside", f"{seat_ref(hero.seat)} sets {name} aside to prepare it."))


def prepared(blocks: list[dict[str, Any]], bonus: int) -> list[dict[str, Any]]:
    """The blocks with every amount raised by the Preparation bonus."""
    return [{**b, "amount": b["amount"] + bonus} if "amount" in b else dict(b) for b in blocks]


def serve(state: CatharsisState, hero: Hero, cmd: c.Serve, events: list[Event], *, flip: bool = False) -> None:
    if not 0 <= cmd.index < len(hero.aside):
        raise GameError("There is no power set aside in that place.")
    dish = hero.aside[cmd.index]
    name = content().card_name(dish.card)
    if not flip and dish.prep < READY:
        raise GameError(f"{name} needs at least {READY} Preparation counters before it can be served.")
    ab = content().ability(dish.card, cmd.half)
    if ab is None:
        raise GameError(f"{name} has no {cmd.half} ability.")
    blocks = prepared(ab.do, ab.prep * dish.prep)
    if not living_foes(state):  # served after the last foe fell: the blows have nothing to land on
        blocks = [b for b in blocks if b["op"] not in FOE_OPS]
    ctx = Ctx(state=state, events=events, hero=hero, params=cmd)
    BOOK.run(ctx, [b for b in blocks if b["op"] not in ("replace", "sacrifice")])
    hero.aside.pop(cmd.index)
    text = f"{seat_ref(hero.seat)} serves {name} with {dish.prep} Preparation"
    if ctx.notes:
        text += ": " + "; ".join(ctx.notes)
    if len(hero.board) < BOARD:
        hero.board.append(Slot(card=dish.card, ready=False, number=free_number(hero)))
        text += "; it returns to the board exhausted"
    else:
        hero.discards.append(dish.card)
        text += "; the board is full, so it is discarded"
    events.append(Event.public("serve", text + "."))


def prepare_round(state: CatharsisState, events: list[Event]) -> None:
    """Artrial's Passive at the start of every combat round: 1 Preparation on the two oldest dishes."""
    for hero in state.public.heroes:
        if hero.dead or hero.flipped or not can_set_aside(hero) or not hero.aside:
            continue
        dishes = hero.aside[:2]
        for dish in dishes:
            dish.prep += 1
        names = " and ".join(content().card_name(d.card) for d in dishes)
        verb = "gains" if len(dishes) == 1 else "gain"
        events.append(Event.public("prep", f"{seat_ref(hero.seat)} tends the kitchen: {names} {verb} Preparation."))


@BOOK.hook("artrial.flip")
def _artrial_flip(ctx: Ctx) -> None:
    """Everything comes out of the oven at once: +1 Preparation on each dish, then each is served."""
    hero = ctx.hero
    assert hero is not None
    if not hero.aside:
        raise GameError("Nothing is set aside to serve.")
    half = "bottom" if ctx.params.value == 1 else "top"
    for dish in hero.aside:
        dish.prep += 1
    while hero.aside:
        alive = living_foes(ctx.state)
        target = ctx.params.target if ctx.params.target in alive else (alive[0] if alive else None)
        has = content().ability(hero.aside[0].card, half) is not None
        cmd = c.Serve(index=0, half=half if has else "top", target=target, ally=ctx.params.ally)
        serve(ctx.state, hero, cmd, ctx.events, flip=True)
    ctx.notes.append(f"everything set aside is served ({half} abilities where they have one)")


def aside_actions(state: CatharsisState, hero: Hero, target: int | None) -> list[Any]:
    """Setting a ready power aside (paying its top cost), and serving dishes that are ready."""
    from bot.games.catharsis.rules import find_payment

    if not can_set_aside(hero):
        return []
    out: list[Any] = []
    if len(hero.board) > 1:
        for i, slot in enumerate(hero.board):
            ab = content().ability(slot.card, "top", slot.face)
            if slot.ready and not slot.used and ab is not None and not ab.pool:
                dice = find_payment(hero, ab, None, slot.number)
                if dice is not None:
                    out.append(c.SetAside(slot=i, dice=dice))
    for i, dish in enumerate(hero.aside):
        if dish.prep < READY:
            continue
        for half in ("top", "bottom"):
            ab = content().ability(dish.card, half)
            if ab is None:
                continue
            foe = any(b["op"] in FOE_OPS for b in ab.do)
            if foe and target is None:
                continue
            out.append(c.Serve(index=i, half=half, target=target if foe else None))
    return out
