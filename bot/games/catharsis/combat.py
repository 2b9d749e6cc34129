"""Fights: foes entering, hits on foes, dice adjustment, the foes' attack, and the round's ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.catharsis import avatar, godmind, guard, priest, quarry, summoner, vermin
from bot.games.catharsis.cards import Encounter, content, scaled
from bot.games.catharsis.damage import add_packet, lose_morale
from bot.games.catharsis.morale import toughness
from bot.games.catharsis.state import CatharsisState, Foe

if TYPE_CHECKING:
    from bot.games.catharsis.effects import Ctx


def living_foes(state: CatharsisState) -> list[int]:
    return [i for i, f in enumerate(state.public.foes) if f.alive]


def deck_counter(state: CatharsisState) -> str:
    return content().decks[state.public.deck].counter


def burn_total(state: CatharsisState) -> int:
    return sum(h.counters.get("burn", 0) for h in state.public.heroes if not h.dead)


def pick_target(state: CatharsisState, target: int | None) -> int:
    alive = living_foes(state)
    if not alive:
        raise GameError("There is no foe left to aim at.")
    if target is None:
        if len(alive) > 1:
            raise GameError("Choose which foe to aim at.")
        return alive[0]
    if target not in alive:
        raise GameError("That foe is not standing.")
    return target


def hero_hit(ctx: Ctx, foe: int, amount: int) -> None:
    """One attack from a hero's power: Unmei's Flip adds, table 3 halves, armour and flames subtract."""
    pub = ctx.state.public
    amount += pub.bonus_damage
    if pub.half_damage:
        amount //= 2
    ctx.last_target = foe
    target = ctx.state.public.foes[foe]
    if ctx.hero is not None and content().encounters[target.card].spurns_borrowed and godmind.borrowed(ctx.hero, ctx.slot):
        ctx.events.append(Event.public("spurn", f"{target.name} shrugs off the borrowed power."))
        return
    strike(ctx.state, foe, amount, ctx.events)


def strike(state: CatharsisState, foe_index: int, amount: int, events: list[Event]) -> None:
    pub = state.public
    foe = pub.foes[foe_index]
    if not foe.alive:
        return
    card = content().encounters[foe.card]
    resist = card.armor + (burn_total(state) // 3 if deck_counter(state) == "burn" else 0)
    resist += summoner.ward(state, foe_index)
    amount = max(0, amount - resist)
    foe.health = max(0, foe.health - amount)
    events.append(
        Event.public("hit", f"{foe.name} takes {amount} damage ({foe.health}/{foe.max_health} left).")
    )
    if not foe.alive:
        events.append(Event.public("defeat", f"{foe.name} is defeated."))
        run_blocks(state, card.on_defeat, events, foe=foe_index)
        guard.fallen(state, foe, events)
        summoner.fallen(state, foe, events)


def run_blocks(
    state: CatharsisState, blocks: list[dict], events: list[Event], foe: int | None = None
) -> None:
    from bot.games.catharsis.effects import BOOK, Ctx

    BOOK.run(Ctx(state=state, events=events, foe=foe), blocks)


def adjust_dice(ctx: Ctx, count: int, by: int, up_to: bool) -> None:
    """Move unused dice up or down; no wrapping past 1 or 6, no wild or spent dice."""
    plan = list(getattr(ctx.params, "adjust", []) or [])
    if len(plan) > count:
        raise GameError(f"This adjusts at most {count} dice.")
    seen: set[tuple[int, int]] = set()
    heroes = ctx.state.public.heroes
    for a in plan:
        if (a.seat, a.die) in seen:
            raise GameError("Adjust each die only once per ability.")
        seen.add((a.seat, a.die))
        if not 0 <= a.seat < len(heroes) or heroes[a.seat].dead:
            raise GameError("That hero is not in the fight.")
        dice = heroes[a.seat].dice
        if not 0 <= a.die < len(dice) or dice[a.die].used:
            raise GameError("You can only adjust a die that is rolled and unused.")
        die = dice[a.die]
        if die.value == 0:
            raise GameError("A wild die cannot be adjusted.")
        step = abs(a.delta)
        if step == 0 or step > by or (not up_to and step != by):
            raise GameError(f"Each die moves by {'up to ' if up_to else ''}{by}.")
        if not 1 <= die.value + a.delta <= 6:
            raise GameError("Dice do not wrap around: that would leave the 1-6 range.")
    for a in plan:
        heroes[a.seat].dice[a.die].value += a.delta
    if plan:
        ctx.notes.append("adjusts " + ", ".join(f"{seat_ref(a.seat)}'s die by {a.delta:+d}" for a in plan))


def new_foe(state: CatharsisState, card: Encounter) -> Foe:
    pub = state.public
    pct = toughness(pub.difficulty, pub.party_size, content().decks[pub.deck].ladder)
    hp = max(1, round(scaled(card.health, pub.party_size) * pct / 100))
    foe = Foe(card=card.id, name=card.name, health=hp, max_health=hp, boss=card.kind == "boss")
    if deck_counter(state) == "growth" and card.kind == "boss":
        foe.growth = state.public.growth_bank
        state.public.growth_bank = 0
    quarry.enter(state, foe)
    return foe


def start_combat(state: CatharsisState, card: Encounter, events: list[Event]) -> None:
    from bot.games.catharsis.state import Phase

    pub = state.public
    summons = summoner.gather(state, card, events)
    pub.foes = summons if summons is not None else [new_foe(state, card)] + [
        new_foe(state, content().encounters[m]) for m in card.minions
    ]
    pub.phase = Phase.ATTACK
    pub.round = 0
    names = " and ".join(f"{f.name} ({f.health} health)" for f in pub.foes)
    events.append(Event.public("fight", f"A fight begins against {names}."))
    if any(f.cornered for f in pub.foes):
        events.append(Event.public("cornered", f"{pub.foes[0].name} has nowhere left to run and unleashes everything."))
    run_blocks(state, card.on_reveal, events, foe=0)
    summoner.arrive(state, card, events)
    for foe in list(pub.foes):
        priest.enter(state, foe, events)
        avatar.enter(state, foe, events)
    for trap in pub.set_aside:  # Horrific Mass: traps left behind return at every fight
        run_blocks(state, content().encounters[trap].linger, events, foe=0)
    start_round(state, events)


def start_round(state: CatharsisState, events: list[Event]) -> None:
    pub = state.public
    pub.round += 1
    pub.no_reroll, pub.next_no_reroll = pub.next_no_reroll, False
    pub.fewer_dice, pub.next_fewer_dice = pub.next_fewer_dice, 0
    pub.foe_first, pub.next_foe_first = pub.next_foe_first, False
    pub.morale_shield = 0
    pub.bonus_damage = 0
    pub.assisted = False
    for f in pub.foes:
        f.reduced = False
    for h in pub.heroes:
        h.counters.pop("keep", None)  # Briggs's Flip holds his powers for one round only
        h.dice, h.rolls, h.done, h.shield = [], 0, h.dead, 0
        h.passive_used, h.combo_paid, h.strikes, h.storing = False, {}, 0, []
        for s in h.board:
            s.used = False
    events.append(Event.public("round", f"Combat round {pub.round} begins."))
    from bot.games.catharsis.aside import prepare_round  # Artrial's Passive (aside imports this module)

    prepare_round(state, events)
    for i, f in enumerate(pub.foes):
        if f.alive and f.spores:
            events.append(Event.public("spore", f"The spores on {f.name} eat at it."))
            strike(state, i, f.spores, events)
    if fight_over(state):
        return  # the Spores felled the last foe: the fight is over before anything else this round happens
    for h in pub.heroes:
        if not h.dead and h.counters.get("spore", 0) >= 4:
            add_packet(state, "seat", 1, seat=h.seat)
    if pub.foe_first and living_foes(state):  # Random Morale table 3: the foe strikes before the heroes
        events.append(Event.public("first", "The foe strikes first this round."))
        foe_attack(state, events)


def foe_attack(state: CatharsisState, events: list[Event]) -> None:
    pub = state.public
    growth = deck_counter(state) == "growth"
    fuel = burn_total(state) // 3 if deck_counter(state) == "burn" else 0
    maladaum = next((h for h in pub.heroes if h.role == "maladaum" and not h.dead and not h.flipped), None)
    for i, foe in enumerate(pub.foes):
        if not foe.alive:
            continue
        for attack in quarry.arsenal(foe) + guard.frenzy_attacks(foe):
            amount = scaled(attack.amount, pub.party_size)
            if attack.kind in ("player", "party", "each"):
                amount += (foe.growth if growth else 0) + fuel + godmind.unity_bonus(state, foe)
                amount += summoner.rally(state, i) + priest.dread(state, foe) + avatar.might(state, foe)
                if maladaum is not None and not foe.reduced and amount > 1:
                    foe.reduced = True  # Maladaum's armour blunts one blow per foe per round
                    amount -= 1
                    maladaum.counters["fury"] = maladaum.counters.get("fury", 0) + 1
                    events.append(
                        Event.public("armor", f"{seat_ref(maladaum.seat)}'s armour drinks 1 damage.")
                    )
            if attack.kind == "player":
                add_packet(state, "player", amount, source=i)
                events.append(Event.public("attack", f"{foe.name} strikes one hero for {amount}."))
            elif attack.kind == "party":
                add_packet(state, "party", amount, source=i)
                events.append(Event.public("attack", f"{foe.name} deals {amount} damage to the party."))
            elif attack.kind == "each":
                for h in pub.heroes:
                    add_packet(state, "seat", amount, seat=h.seat, source=i)
                events.append(Event.public("attack", f"{foe.name} deals {amount} damage to every hero."))
            elif attack.kind == "discard_each":
                for h in pub.heroes:
                    add_packet(state, "discard", amount, seat=h.seat, source=i)
                events.append(Event.public("attack", f"{foe.name} makes every hero discard {amount}."))
            elif attack.kind == "burn_each":
                for h in pub.heroes:
                    if not h.dead:
                        h.counters["burn"] = h.counters.get("burn", 0) + amount
                events.append(Event.public("attack", f"{foe.name} sets {amount} Burn on every hero."))
            else:  # morale
                guarded = min(pub.morale_shield, amount)
                pub.morale_shield -= guarded
                events.append(Event.public("attack", f"{foe.name} saps {amount} Morale ({guarded} guarded)."))
                lose_morale(state, amount - guarded, events)


def round_end(state: CatharsisState, events: list[Event]) -> None:
    """After the foes' attack: Burn bites, the Horrific Mass grows, the King's guard knits, pets come,
    and foes with round-end effects (the Godmind's exchange, its herald's mending) use them."""
    pub = state.public
    guard.regenerate(state, events)
    vermin.summon(state, events)
    summoner.recall(state, events)
    priest.chant(state, 1, events)
    for i, foe in enumerate(list(pub.foes)):
        if foe.alive:
            run_blocks(state, content().encounters[foe.card].round_end, events, foe=i)
    for h in pub.heroes:
        burn = h.counters.get("burn", 0)
        if burn and not h.dead:
            events.append(Event.public("burn", f"{seat_ref(h.seat)} burns for {burn}."))
            add_packet(state, "seat", burn, seat=h.seat)
    if deck_counter(state) == "growth":
        for f in pub.foes:
            if f.alive and f.boss:
                f.growth += 1
                f.health = min(f.max_health, f.health + f.growth)
                events.append(
                    Event.public("growth", f"{f.name} grows ({f.growth} Growth) and knits to {f.health}.")
                )


def fight_over(state: CatharsisState) -> bool:
    return bool(state.public.foes) and not living_foes(state)
