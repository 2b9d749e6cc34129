"""The greedy party's judgement of Dragon & Lich's blessings: a blessing gives its gift to the hero
who takes it and costs the next hero its price, and takes no place on the board, so it is weighed
apart from Specials and allies (`catharsis_party.claimant`). It is taken when the gift outweighs
the price, by the hero who gains most. Values are in hero health points, as in `catharsis_party`.
"""

from __future__ import annotations

from typing import Any

from bot.games.catharsis.boons import next_living
from bot.games.catharsis.cards import content
from bot.games.catharsis.state import CatharsisState, Hero
from bot.sim.games import catharsis_party as v


def price_cost(payer: Hero, blocks: list[dict[str, Any]]) -> float:
    total = 0.0
    for b in blocks:
        op, n = b.get("op"), b.get("amount", b.get("n", 1))
        if op == "price_hurt":
            total += v.hurt_cost(n, v.ready(payer))
        elif op == "price_discard":
            total += 3.0 * n  # a power gone for good
        elif op == "price_exhaust":
            total += 0.7 * min(n, v.ready(payer))
    return total


def gift_value(state: CatharsisState, hero: Hero, blocks: list[dict[str, Any]]) -> float:
    pub = state.public
    total = 0.0
    for b in blocks:
        op, n = b.get("op"), b.get("amount", 1)
        if op == "heal":
            total += 1.5 * min(n, sum(1 for s in hero.board if not s.ready))
        elif op == "draw_self":
            total += 2.0 if len(hero.board) < 6 and hero.deck_count else 0.0
        elif op == "gain_morale":
            total += 2.0 * min(n, pub.start_morale - pub.morale)
        else:
            total -= v.block_cost(state, b)
    return total


def blessing_value(state: CatharsisState, hero: Hero) -> float:
    """The blessing on offer taken by this hero: its gift, less the price on the next living hero."""
    card = content().encounters[state.public.card or ""]
    payer = state.public.heroes[next_living([h.dead for h in state.public.heroes], hero.seat)]
    return gift_value(state, hero, card.gift) - price_cost(payer, card.price)


def is_blessing(state: CatharsisState) -> bool:
    card = content().encounters[state.public.card or ""]
    return card.ability is None and bool(card.gift)


def take_blessing(state: CatharsisState, hero: Hero) -> bool:
    """Take it when it is worth more than nothing and no hero still to answer would gain more."""
    pub = state.public
    mine = blessing_value(state, hero)
    others = [
        blessing_value(state, h) for h in pub.heroes if not h.dead and h.seat != hero.seat and h.seat not in pub.claims_passed
    ]
    return mine > 0 and all(mine >= o for o in others)
