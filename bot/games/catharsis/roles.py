"""Role cards: each role's Passive and Flip, registered as hooks by role id."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.catharsis.cards import content
from bot.games.catharsis.combat import adjust_dice, hero_hit, pick_target
from bot.games.catharsis.damage import add_packet
from bot.games.catharsis.effects import BOOK, Ctx
from bot.games.catharsis.state import Die, Hero

# Passives a player triggers (the others work on their own, inside combat and damage).
ACTIVE_PASSIVES = {"unmei", "leme", "tenzin", "hidorian", "sealaithe"}
COMBAT_ONLY = {"unmei", "leme", "tenzin", "sealaithe"}


def bottom_open(hero: Hero) -> bool:
    """Séalaithe's bottoms wake only near death (few ready powers) or while his demon is out (flipped)."""
    limit = content().roles[hero.role].bottom_limit if hero.role in content().roles else 0
    return not limit or hero.flipped or sum(1 for s in hero.board if s.ready) <= limit


def spend_dice(hero: Hero, dice: list[int], count: int) -> list[int]:
    if len(dice) != count or len(set(dice)) != count:
        raise GameError(f"This needs exactly {count} of your unused dice.")
    for i in dice:
        if not 0 <= i < len(hero.dice) or hero.dice[i].used:
            raise GameError("You can only spend your own unused dice.")
    for i in dice:
        hero.dice[i].used = True
    return [hero.dice[i].value for i in dice]


@BOOK.hook("unmei.passive")
def _unmei_passive(ctx: Ctx) -> None:
    """Her wakizashi: once a round, any one die makes an extra 1-damage strike."""
    hero = ctx.hero
    assert hero is not None
    if hero.passive_used:
        raise GameError("Unmei's wakizashi has already struck this round.")
    foe = pick_target(ctx.state, ctx.params.target)
    spend_dice(hero, ctx.params.dice, 1)
    hero.passive_used = True
    hero_hit(ctx, foe, 1)


@BOOK.hook("unmei.flip")
def _unmei_flip(ctx: Ctx) -> None:
    """Blossom on the wind: every hero's attacks deal 1 more per hit for the rest of the round."""
    ctx.state.public.bonus_damage += 1
    ctx.notes.append("every attack this round deals 1 more damage")


@BOOK.hook("leme.passive")
def _leme_passive(ctx: Ctx) -> None:
    """At a steep price (two of her own dice), Leme nudges one unused die by 1."""
    hero = ctx.hero
    assert hero is not None
    if len(ctx.params.adjust) != 1:
        raise GameError("Name the one die to adjust.")
    if any(a.seat == hero.seat and a.die in ctx.params.dice for a in ctx.params.adjust):
        raise GameError("You cannot adjust a die you are spending.")
    adjust_dice(ctx, 1, 1, up_to=True)
    spend_dice(hero, ctx.params.dice, 2)


@BOOK.hook("leme.flip")
def _leme_flip(ctx: Ctx) -> None:
    """One unused die of every hero who has rolled becomes wild. Picks come in `adjust`; else the last."""
    chosen = {a.seat: a.die for a in ctx.params.adjust}
    for h in ctx.state.public.heroes:
        free = [i for i in h.unused() if h.dice[i].value != 0]
        if h.dead or not free:
            continue
        die = chosen.get(h.seat, free[-1])
        if die not in free:
            raise GameError(f"{seat_ref(h.seat)} has no such unused die.")
        h.dice[die].value = 0
    ctx.notes.append("one die of every hero turns wild")


@BOOK.hook("maladaum.flip")
def _maladaum_flip(ctx: Ctx) -> None:
    """Every point of Fury the armour stored is unleashed on one foe."""
    hero = ctx.hero
    assert hero is not None
    fury = hero.counters.get("fury", 0)
    if not fury:
        raise GameError("Maladaum has no stored Fury to unleash.")
    foe = pick_target(ctx.state, ctx.params.target)
    hero.counters["fury"] = 0
    hero_hit(ctx, foe, fury)


@BOOK.hook("tenzin.passive")
def _tenzin_passive(ctx: Ctx) -> None:
    """Two Phantom Hit counters become one more strike of 1 damage."""
    hero = ctx.hero
    assert hero is not None
    if hero.counters.get("phantom", 0) < 2:
        raise GameError("Tenzin needs 2 Phantom Hit counters.")
    foe = pick_target(ctx.state, ctx.params.target)
    hero.counters["phantom"] -= 2
    hero_hit(ctx, foe, 1)


@BOOK.hook("tenzin.flip")
def _tenzin_flip(ctx: Ctx) -> None:
    ctx.notes.append("every second strike of his this round brings a phantom blow")


@BOOK.hook("jaden.flip")
def _jaden_flip(ctx: Ctx) -> None:
    """His body erupts: 2 damage to Jaden, 3 Spores on a foe."""
    hero = ctx.hero
    assert hero is not None
    foe = pick_target(ctx.state, ctx.params.target)
    ctx.state.public.foes[foe].spores += 3
    add_packet(ctx.state, "seat", 2, seat=hero.seat)
    ctx.notes.append(f"3 Spores burst onto {ctx.state.public.foes[foe].name}")


@BOOK.hook("hidorian.passive")
def _hidorian_passive(ctx: Ctx) -> None:
    """Each Boss deck card revealed lets him store one die of a value he names."""
    hero = ctx.hero
    assert hero is not None
    if hero.counters.get("store", 0) < 1:
        raise GameError("Hidorian has no die to store until the next Boss deck card.")
    value = ctx.params.value
    if value not in range(1, 7):
        raise GameError("Name a die value from 1 to 6 to store.")
    hero.counters["store"] -= 1
    hero.pools[value] = hero.pools.get(value, 0) + 1
    ctx.notes.append(f"stores a {value}")


@BOOK.hook("hidorian.flip")
def _hidorian_flip(ctx: Ctx) -> None:
    """Up to 3 dice from his pools go to heroes who have rolled, as extra unused dice."""
    hero = ctx.hero
    assert hero is not None
    gifts = ctx.params.gifts
    if not 1 <= len(gifts) <= 3:
        raise GameError("Hand out between 1 and 3 dice from your pools.")
    heroes = ctx.state.public.heroes
    for g in gifts:
        value = g.die
        if hero.pools.get(value, 0) < 1:
            raise GameError(f"Your pool holds no {value}.")
        if not 0 <= g.seat < len(heroes) or heroes[g.seat].dead or heroes[g.seat].rolls == 0:
            raise GameError("Dice can go only to a living hero who has rolled.")
        hero.pools[value] -= 1
        heroes[g.seat].dice.append(Die(value=value))
    ctx.notes.append("hands out " + ", ".join(f"a {g.die} to {seat_ref(g.seat)}" for g in gifts))


@BOOK.hook("sealaithe.passive")
def _sealaithe_passive(ctx: Ctx) -> None:
    """He may forgo the next party refresh: his exhausted powers stay down and each becomes Rage."""
    hero = ctx.hero
    assert hero is not None
    holding = not hero.counters.get("hold", 0)
    hero.counters["hold"] = int(holding)
    ctx.notes.append(
        "will hold his rage at the next refresh" if holding else "will rest at the next refresh after all"
    )


@BOOK.hook("sealaithe.flip")
def _sealaithe_flip(ctx: Ctx) -> None:
    """The demon comes out: every Rage counter is spent on one blow, and his bottoms wake this round."""
    hero = ctx.hero
    assert hero is not None
    foe = pick_target(ctx.state, ctx.params.target)
    rage = hero.counters.get("rage", 0)
    hero.counters["rage"] = 0
    hero_hit(ctx, foe, 1 + rage)
    ctx.notes.append(f"the demon strikes with {rage} Rage behind it")


def use_role(ctx: Ctx, which: str) -> list[Event]:
    hero = ctx.hero
    assert hero is not None
    key = f"{hero.role}.{which}"
    if which == "passive":
        if hero.flipped:
            raise GameError("Your Role card is face down: its Passive is out of reach until it is refreshed.")
        if hero.role not in ACTIVE_PASSIVES:
            raise GameError("Your Passive works on its own; there is nothing to trigger.")
    elif hero.flipped:
        raise GameError("Your Role card is already flipped.")
    BOOK.run_hook(ctx, key)
    if which == "flip":
        hero.flipped = True
    return ctx.events
