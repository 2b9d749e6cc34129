"""Role cards: each role's Passive and Flip, registered as hooks by role id."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.catharsis.cards import LEVELS, content
from bot.games.catharsis.combat import adjust_dice, hero_hit, pick_target
from bot.games.catharsis.damage import add_packet
from bot.games.catharsis.effects import BOOK, Ctx
from bot.games.catharsis.state import Die, Hero

# Passives a player triggers (the others work on their own, inside combat and damage).
ACTIVE_PASSIVES = {"unmei", "leme", "tenzin", "hidorian", "sealaithe", "aiden"}
COMBAT_ONLY = {"unmei", "leme", "tenzin", "sealaithe", "aiden"}


def bottom_open(hero: Hero) -> bool:
    """Séalaithe's bottoms wake only near death (few ready powers) or while his demon is out (flipped);
    Dimirith's only while his Role card is face up (his Passive is what opens them)."""
    role = content().roles.get(hero.role)
    if role is None:
        return True
    if role.bottom_face_up and hero.flipped:
        return False
    limit = role.bottom_limit
    return not limit or hero.flipped or sum(1 for s in hero.board if s.ready) <= limit


def bottom_refusal(hero: Hero) -> str:
    role = content().roles[hero.role]
    if role.bottom_face_up:
        return "Your bottom abilities need your Passive: they are closed while your Role card is flipped."
    return f"Your bottom abilities wake only when {role.bottom_limit} or fewer of your powers are ready."


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


@BOOK.hook("dimirith.flip")
def _dimirith_flip(ctx: Ctx) -> None:
    """He reshapes a body, his own or an ally's: one power is replaced, and the new one comes in ready."""
    from bot.games.catharsis.damage import replace_power

    who = ctx.ally()
    slot = ctx.params.ally_slot
    if slot is None or not 0 <= slot < len(who.board):
        raise GameError("Choose the power to replace.")
    if not ctx.state.secret.decks.get(who.seat):
        raise GameError(f"{seat_ref(who.seat)} has no power left to draw, so nothing can be replaced.")
    replace_power(ctx.state, who, slot, ctx.events)


def _song_slot(hero: Hero, slot: int | None) -> int:
    if slot is None or not 0 <= slot < len(hero.board) or not content().song(hero.board[slot].card):
        raise GameError("Name one of your songs on your board.")
    if not hero.board[slot].ready:
        raise GameError("An exhausted song cannot change level; it starts again from Level I when refreshed.")
    return slot


@BOOK.hook("aiden.passive")
def _aiden_passive(ctx: Ctx) -> None:
    """Once a round he sings ahead: one ready song moves up a level without being used."""
    hero = ctx.hero
    assert hero is not None
    if hero.passive_used:
        raise GameError("Aiden has already raised a song this round.")
    slot = hero.board[_song_slot(hero, ctx.params.value)]
    if slot.face >= 3:
        raise GameError("That song is already at Level IV.")
    slot.face += 1
    hero.passive_used = True
    ctx.notes.append(f"{content().card_name(slot.card)} rises to Level {LEVELS[slot.face]}")


@BOOK.hook("aiden.flip")
def _aiden_flip(ctx: Ctx) -> None:
    """Either one song leaps two levels (no higher than IV), or up to two songs step down one level.

    The choices come as `adjust` entries: `die` is the board place, `delta` +2 or -1.
    """
    hero = ctx.hero
    assert hero is not None
    moves = ctx.params.adjust
    deltas = sorted(m.delta for m in moves)
    if deltas not in ([2], [-1], [-1, -1]):
        raise GameError("Raise one song two levels, or lower one or two songs one level each.")
    places = [_song_slot(hero, m.die) for m in moves]
    if len(set(places)) != len(places):
        raise GameError("Lower two different songs.")
    for m, i in zip(moves, places, strict=True):
        slot = hero.board[i]
        if m.delta < 0 and slot.face == 0:
            raise GameError(f"{content().card_name(slot.card)} is already at Level I.")
        if m.delta > 0 and slot.face >= 3:
            raise GameError(f"{content().card_name(slot.card)} is already at Level IV.")
        slot.face = max(0, min(3, slot.face + m.delta))
        ctx.notes.append(f"{content().card_name(slot.card)} goes to Level {LEVELS[slot.face]}")


def recallable(hero: Hero) -> list[int]:
    """Fizzleboom & Burrr's discards that their Flip may put back: their own powers only."""
    powers = content().powers
    return [i for i, card in enumerate(hero.discards) if card in powers and powers[card].role == hero.role]


@BOOK.hook("fizzleboom.flip")
def _fizzleboom_flip(ctx: Ctx) -> None:
    """They stop swapping powers for damage; one of their discarded powers may go under their deck."""
    hero = ctx.hero
    assert hero is not None
    ctx.notes.append("damage wears them down as it does anyone until the card is refreshed")
    index = ctx.params.value
    if index is None:
        return
    if index not in recallable(hero):
        raise GameError("Choose one of your own discarded powers to put back.")
    card = hero.discards.pop(index)
    ctx.state.secret.decks.setdefault(hero.seat, []).append(card)
    hero.returned.append(card)
    hero.deck_count += 1
    ctx.notes.insert(0, f"{content().card_name(card)} goes back under their deck")


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
