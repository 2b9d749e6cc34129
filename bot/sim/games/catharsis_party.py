"""The greedy party's judgement for Catharsis: what a move, a card's effects or a blow is worth.

Every value is in hero health points (a ready power is 2, an exhausted one 1): a point of damage
on a foe is worth 1, more when the blow kills (what the foe would still deal is saved), a point of
Morale is worth more the nearer it brings the party to a tier or to defeat. Nothing here looks at
hidden cards or future dice; it reads only the public table and the cards' printed effects.
"""

from __future__ import annotations

from collections import Counter
from types import SimpleNamespace
from typing import Any

from bot.games.catharsis import godmind, guard, quarry, summoner
from bot.games.catharsis.cards import Ability, content, scaled
from bot.games.catharsis.combat import burn_total, deck_counter, living_foes
from bot.games.catharsis.costs import parse_cost
from bot.games.catharsis.damage import wound_room
from bot.games.catharsis.morale import STANDARD, THRESHOLDS, tier_of_threshold
from bot.games.catharsis.state import CatharsisState, Foe, Hero

EXHAUST = 0.4  # an exhausted power is one health nearer a discard until it is refreshed
DIE = 0.25  # an unused die might still pay for something better
BOOST = 0.7  # Jaden's Spore counter: four of them hurt him every round
FIGHT_END = 3.0  # the fight over: no more blows, and two powers back for everyone
WIN = 1000.0
LATER = 0.8  # an effect a round or more away: the fight may be over, the foe changed


def living(state: CatharsisState) -> list[Hero]:
    return [h for h in state.public.heroes if not h.dead]


def size(state: CatharsisState, value: Any) -> int:
    return scaled(value, state.public.party_size)


# -- Morale -----------------------------------------------------------------------------------
def tier_cost(state: CatharsisState, threshold: int) -> float:
    """What reaching a tier costs: its standard effects, or a Random Morale roll's average."""
    if state.public.random_morale:
        return 3.0 * len(living(state)) + 2.0
    return 1.0 + sum(block_cost(state, b) for b in STANDARD[state.public.difficulty][threshold])


def morale_price(state: CatharsisState, n: int) -> float:
    """Losing n Morale now: 2 a point, every tier it reaches, and dearer still near the end."""
    pub = state.public
    if n <= 0:
        return 0.0
    after = pub.morale - n
    if after <= 0:
        return WIN
    price = 2.0 * n
    for t in THRESHOLDS:
        if after <= t < pub.morale and pub.tier < tier_of_threshold(t):
            price += tier_cost(state, t)
    if after <= 5:
        price += 2.0 * (6 - after)
    return price


# -- foes ---------------------------------------------------------------------------------------
def threat(state: CatharsisState, foe: Foe) -> float:
    """What a foe deals in one round, in health points (Morale at 2.5 a point)."""
    n = len(living(state))
    total = 0.0
    rally = summoner.rally(state, state.public.foes.index(foe)) if foe in state.public.foes else 0
    for attack in quarry.arsenal(foe) + guard.frenzy_attacks(foe):
        amount = size(state, attack.amount)
        if attack.kind in ("player", "party"):
            total += amount + rally + godmind.unity_bonus(state, foe) + (foe.growth if deck_counter(state) == "growth" else 0)
        elif attack.kind == "each":
            total += amount * n
        elif attack.kind == "morale":
            total += 2.5 * amount
        elif attack.kind == "discard_each":
            total += 3.0 * amount * n
        elif attack.kind == "burn_each":
            total += 1.5 * amount * n
    return total


def incoming(state: CatharsisState, morale: bool = False) -> float:
    """The blows still to come this round (hero damage, or Morale) that nothing yet prevents."""
    pub = state.public
    total = 0
    for f in pub.foes:
        if not f.alive:
            continue
        for attack in quarry.arsenal(f) + guard.frenzy_attacks(f):
            amount = size(state, attack.amount)
            if (attack.kind == "morale") == morale and attack.kind in ("morale", "player", "party"):
                total += amount
            elif not morale and attack.kind == "each":
                total += amount * len(living(state))
    if morale:
        return max(0, total - pub.morale_shield)
    return max(0, total - sum(h.shield for h in living(state)))


def kill_bonus(state: CatharsisState, index: int, healths: dict[int, int]) -> float:
    """What felling foe `index` is worth beyond the damage: its blows, the fight, the game."""
    pub = state.public
    foe = pub.foes[index]
    card = content().encounters[foe.card]
    if card.regenerate and pub.set_aside and any(f.boss and f.alive for f in pub.foes):
        return 0.5  # the Guard rises again at once
    bonus = 1.5 * threat(state, foe) + boon_lost(state, index, healths)
    bonus -= sum(3.0 * b.get("amount", 1) for b in card.on_defeat if b.get("op") == "growth")
    if all(healths.get(i, f.health) <= 0 for i, f in enumerate(pub.foes)):
        bonus += WIN if any(f.boss for f in pub.foes) else FIGHT_END
    return bonus


def standing_others(state: CatharsisState, index: int, healths: dict[int, int]) -> list[int]:
    return [i for i, f in enumerate(state.public.foes) if i != index and healths.get(i, f.health) > 0]


def boon_lost(state: CatharsisState, index: int, healths: dict[int, int]) -> float:
    """What a summon's fall takes from the others (the Summoner's deck): its +1 on every blow they
    strike, or its ward, 1 off every hit the party lands on them, about one hit a hero a round."""
    boon = content().encounters[state.public.foes[index].card].boon
    others = standing_others(state, index, healths)
    if boon == "blows":
        blows = sum(
            1 for i in others for a in quarry.arsenal(state.public.foes[i]) if a.kind in ("player", "party")
        )
        return 1.5 * blows
    if boon == "ward" and others:
        return float(len(living(state)))
    return 0.0


def ward(state: CatharsisState, index: int, healths: dict[int, int]) -> int:
    """1 off each hit on this foe for every other summon still standing that wards it."""
    foes = state.public.foes
    return sum(1 for i in standing_others(state, index, healths) if content().encounters[foes[i].card].boon == "ward")


def hit_value(state: CatharsisState, hero: Hero | None, slot: int | None, index: int, amount: int,
              healths: dict[int, int]) -> float:
    """One hit of `amount` on foe `index`, with the table's modifiers; `healths` tracks earlier hits."""
    pub = state.public
    foe = pub.foes[index]
    card = content().encounters[foe.card]
    left = healths.get(index, foe.health)
    if left <= 0:
        return 0.0
    if hero is not None and card.spurns_borrowed and godmind.borrowed(hero, slot):
        return 0.0
    amount += pub.bonus_damage
    if pub.half_damage:
        amount //= 2
    resist = card.armor + (burn_total(state) // 3 if deck_counter(state) == "burn" else 0)
    amount = max(0, amount - resist - ward(state, index, healths))
    dealt = min(amount, left)
    healths[index] = left - dealt
    value = float(dealt)
    if healths[index] <= 0:
        value += kill_bonus(state, index, healths)
    elif foe.max_health:  # focus fire: a wounded, dangerous foe is the better target
        value += 0.1 * dealt * threat(state, foe) / foe.max_health
    return value


# -- effect blocks --------------------------------------------------------------------------
def ready(hero: Hero) -> int:
    return sum(1 for s in hero.board if s.ready)


def hurt_cost(amount: int, ready_powers: int) -> float:
    """Damage that only exhausts ready powers is mended after the fight; past them it discards."""
    return 0.7 * min(amount, ready_powers) + 2.5 * max(0, amount - ready_powers)


def block_cost(state: CatharsisState, block: dict[str, Any]) -> float:
    """What a Boss deck card's block costs the party (negative: it helps)."""
    op = block.get("op")
    n = len(living(state))
    amount = size(state, block.get("amount", 1))
    if op == "hurt_each":
        return sum(hurt_cost(amount, ready(h)) for h in living(state))
    if op == "hurt_party":
        return hurt_cost(amount, sum(ready(h) for h in living(state)))
    if op == "hurt_player":
        return hurt_cost(amount, max((ready(h) for h in living(state)), default=0))
    if op == "discard_each":
        return 3.0 * block.get("n", 1) * n
    if op == "discard_most":
        return 6.0 * n
    if op == "lose_morale":
        return morale_price(state, amount)
    if op == "gain_morale":
        pub = state.public
        return -2.0 * min(amount, pub.start_morale - pub.morale)
    if op == "refresh_each":
        return -sum(min(amount, sum(1 for s in h.board if not s.ready)) for h in living(state))
    if op == "draw_each":
        return -2.0 * sum(1 for h in living(state) if h.deck_count)
    if op == "burn_each":
        return 1.5 * amount * n
    if op == "no_reroll_next":
        return 1.0 * n
    if op == "fewer_dice_next":
        return 0.5 * block.get("n", 1) * n
    if op == "growth":
        return 3.0 * amount
    if op == "wound_quarry":
        return -1.0 * amount
    if op == "lose_die":
        return 4.0 * n
    if op in ("half_damage", "refresh_cost"):
        return 8.0
    if op == "price_hurt":  # Dragon & Lich: a price one hero pays
        return hurt_cost(amount, max((ready(h) for h in living(state)), default=0))
    if op == "price_exhaust":
        return 0.7 * block.get("n", 1)
    if op == "price_discard":
        return 3.0 * block.get("n", 1)
    return 1.0


def blocks_cost(state: CatharsisState, blocks: list[dict[str, Any]]) -> float:
    return sum(block_cost(state, b) for b in blocks)


def remaining_fights(state: CatharsisState) -> float:
    return max(1.0, 0.55 * state.public.deck_left)


def choice_costs(state: CatharsisState, card_id: str) -> list[float]:
    """The cost of each option a trap or event offers the party, in the vote's order."""
    card = content().encounters[card_id]
    costs = [blocks_cost(state, c.do) for c in card.choices] or [blocks_cost(state, card.do)]
    if card.linger:  # it haunts every fight to come, and feeds the Mass a Growth counter
        costs.append(blocks_cost(state, card.linger) * remaining_fights(state) + 3.0)
    elif card.aside:  # the King's Guard rises once more and knits faster
        guard_card = next((e for e in content().deck_cards(state.public.deck) if e.regenerate), None)
        costs.append(size(state, guard_card.health) + 2.0 if guard_card else 4.0)
    return costs


# -- powers ---------------------------------------------------------------------------------
def ability_value(state: CatharsisState, hero: Hero, ab: Ability, cmd: Any, slot: int | None,
                  blocks: list[dict[str, Any]] | None = None) -> float:
    """What using an ability (its blocks, aimed as the command aims them) does for the party."""
    pub = state.public
    healths: dict[int, int] = {}
    value = 0.0
    ally = hero if getattr(cmd, "ally", None) is None else pub.heroes[cmd.ally]
    for b in ab.do if blocks is None else blocks:
        op = b.get("op")
        if op == "damage":
            target = getattr(cmd, "target", None)
            if target is None:
                foes = living_foes(state)
                target = foes[0] if foes else None
            if target is None:
                continue
            for _ in range(b.get("hits", 1)):
                value += hit_value(state, hero, slot, target, b["amount"], healths)
        elif op == "spore":
            target = getattr(cmd, "target", None)
            if target is not None and healths.get(target, pub.foes[target].health) > 0:
                value += 0.9 * min(2 * b["amount"], pub.foes[target].health)
        elif op == "prevent":
            value += 0.9 * min(b["amount"], incoming(state))
        elif op == "prevent_morale":
            value += 2.5 * min(b["amount"], incoming(state, morale=True))
        elif op == "heal":
            who = hero if b.get("self_only") else ally
            tired = sum(1 for i, s in enumerate(who.board) if not s.ready and not (who is hero and i == slot))
            value += 1.5 * min(b["amount"], tired)
        elif op == "replace":
            if b.get("which", "this") == "this":
                value += EXHAUST + 0.3 if hero.deck_count else -2.0
            else:
                i = getattr(cmd, "ally_slot", None)
                if i is not None and i < len(ally.board) and not ally.board[i].ready:
                    value += 1.0
        elif op == "sacrifice":
            value -= 2.0
        elif op == "gain":
            value += 0.5 * b.get("amount", 1)
        elif op == "adjust":
            continue  # the offered command names no die to move
        else:
            value -= block_cost(state, b)
    return value


def activation_value(state: CatharsisState, hero: Hero, cmd: Any) -> float:
    slot = hero.board[cmd.slot]
    ab = content().ability(slot.card, cmd.half, slot.face)
    if ab is None:
        return -WIN
    blocks = [*ab.do, *ab.boost] if cmd.boost else ab.do  # a boost's blow lands after the first
    value = ability_value(state, hero, ab, cmd, cmd.slot, blocks) - (BOOST if cmd.boost else 0.0)
    reusable = content().reusable(slot.card)
    if ab.exhaust and not reusable and not ab.combo:
        value -= EXHAUST
    if ab.store:
        value += 0.8 * DIE * len(cmd.dice)  # the dice come back in his pools
        stored = [hero.dice[d].value for d in cmd.dice]
        value += store_gain(state, hero, stored, None if reusable or not ab.exhaust else cmd.slot)
    value -= DIE * len(cmd.dice)
    if ab.pool:
        value -= 0.3 * len(ab.cost)
    return value


def store_gain(state: CatharsisState, hero: Hero, values: list[int], skip: int | None = None) -> float:
    """Hidorian: what dice put into his pools are worth. A Retrieve on his board (ready, and not the
    power `skip` that a Store would exhaust) whose digits his pools lack gains the share of the
    missing digits these dice fill, of what it would do now, paid a round later at the earliest."""
    have = Counter({v: n for v, n in hero.pools.items() if n > 0}) + Counter(hero.storing)
    best = 0.0
    for i, slot in enumerate(hero.board):
        ab = content().ability(slot.card, "bottom", slot.face)
        if i == skip or not slot.ready or ab is None or not ab.pool:
            continue
        for pattern in parse_cost(ab.cost):
            if pattern.anys or pattern.sets or not pattern.fixed:
                continue
            missing = Counter(pattern.fixed) - have
            filled = sum((missing & Counter(values)).values())
            if filled:
                worth = ability_value(state, hero, ab, SimpleNamespace(target=None), i)
                best = max(best, LATER * worth * filled / sum(missing.values()))
    return best


def wound_slack(state: CatharsisState, hero: Hero) -> int:
    """How much damage a hero can soak: their health and shield, one less for the fragile hero."""
    return wound_room(state, hero) + hero.shield - (1 if state.public.fragile == hero.seat else 0)


# -- Specials -------------------------------------------------------------------------------
USES = 2.5  # a power on the board is used about this many times before the game ends or it is lost
SET_EASE = {2: 0.8, 3: 0.5, 4: 0.3}  # how often six dice and two rerolls make a set of that size


def cost_ease(cost: str) -> float:
    """A rough chance that one round's dice pay the cost (any of its alternatives)."""
    miss = 1.0
    for p in parse_cost(cost.replace("#", "1")):
        ease = 0.95**p.anys * 0.6 ** len(p.fixed)
        for i, (_, n) in enumerate(p.sets):
            ease *= SET_EASE.get(n, 0.2) * (0.7 if i else 1.0)
        miss *= 1.0 - ease
    return 1.0 - miss


def effect_worth(ab: Ability) -> float:
    """What one use of an ability does, on average over a fight (health points, Morale at 2.5)."""
    worth = 0.0
    for b in ab.do:
        op, amount = b.get("op"), b.get("amount", 0)
        if op == "damage":
            worth += amount * b.get("hits", 1)
        elif op == "prevent":
            worth += 0.9 * amount
        elif op == "prevent_morale":
            worth += 2.5 * amount
        elif op == "heal":
            worth += 1.5 * amount
        elif op == "spore":
            worth += 1.8 * amount
        elif op == "chant":
            worth += 2.0 * max(0, -amount)
    return worth * (1.5 if not ab.exhaust else 1.0)


def power_worth(card: str) -> float:
    """A board power's worth: its better half (top or bottom) used USES times, and its place (2 health)."""
    halves = [content().ability(card, h) for h in ("top", "bottom")]
    per_use = max((effect_worth(ab) * cost_ease(ab.cost) for ab in halves if ab is not None), default=0.0)
    return USES * per_use + 2.0


def claim_gain(state: CatharsisState, hero: Hero, discard: list[int]) -> float:
    """What claiming the Special on the table gains the party when `hero` gives up `discard`:
    the Special as a power, less the powers given up and any price (Dragon & Lich) another pays."""
    card = content().encounters[state.public.card or ""]
    if card.ability is None:
        return -WIN  # a blessing: its gift and price are not weighed here, so it is left alone
    gain = power_worth(card.id) - sum(power_worth(hero.board[i].card) for i in discard)
    return gain - blocks_cost(state, card.price) if card.price else gain


def claim_offer(state: CatharsisState, hero: Hero) -> list[int] | None:
    """The powers a claim by `hero` gives up, as `legal_actions` offers it (None: too few to give)."""
    need = content().encounters[state.public.card or ""].sacrifice
    return list(range(len(hero.board) - need, len(hero.board))) if len(hero.board) >= need else None


def claimant(state: CatharsisState) -> int | None:
    """The seat that should claim the Special on the table, if claiming it is worth it: of the heroes
    who have not passed, the one who gains most, keeping at least three powers on the board."""
    pub = state.public
    best, seat = 0.0, None
    for h in living(state):
        offer = claim_offer(state, h)
        if h.seat in pub.claims_passed or offer is None or len(h.board) - len(offer) + 1 < 3:
            continue
        gain = claim_gain(state, h, offer)
        if gain > best:
            best, seat = gain, h.seat
    return seat
