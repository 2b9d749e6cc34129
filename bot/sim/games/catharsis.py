"""Catharsis for the simulator: co-operative, 1-4 heroes.

Options: the game's own (`--opt difficulty=veterans`, `--opt boss=...`, `--opt random_morale=true`).
Roles are chosen by the policy like any other decision (the roles phase comes first).

greedy: a party that plays as a sensible group would, choosing only among `legal_actions` and
reading only the public table (values in `catharsis_party`, in hero health points). This is the
policy every balance figure is measured with; keep it stable.
- Roles: the first free role of the baseline party (Hidorian, Jaden, Leme, Maladaum, then any),
  so that roles added later do not change what greedy measures.
- Attack phase: every hero rolls before anyone acts (so dice gifts and wild dice reach them).
  Then each uses, one at a time, the move worth most: a blow is worth the damage it deals, more
  when it kills (what the foe would still deal this round and later, the fight's end, the Boss's
  fall), so blows go where they kill or matter, minions included; a shield is worth the blows
  still coming, a heal the powers it readies, a Spore the rounds it will tick; an exhausted power,
  a die spent and a Spore counter taken count against. While nothing is worth using it rerolls
  the unused dice, then says it is done. Artrial serves a ready dish first and keeps two baking.
- Role cards: Hidorian stores a die whenever he may, naming a value one of his Retrieves lacks,
  and never flips (it would shut his pools); a Store top is worth the share of a Retrieve's
  missing digits its dice fill;
  Jaden flips when 3 Spores on a foe outweigh 2 damage and his Passive; Leme flips when two or
  more heroes still hold unused dice (her Passive costs two dice for a nudge: never); Maladaum
  unleashes his Fury when it kills or is worth more than the blunting he gives up; other roles'
  Passives and Flips are used when nothing better is on offer. Maladaum raises his free shields
  while damage is taken when they prevent more than the exhaustion costs.
- Damage: each blow goes to the hero who can best soak it (most health and shield; the fragile
  hero last); the party's shared damage is taken one point at a time, so it spreads.
- Votes (every hero votes the same): refresh when the health it restores outweighs the Morale
  (priced higher for every tier it reaches and near defeat); a trap's or event's option by the
  cost of its effects (setting a card aside costs what it will do in the fights to come); Devil's
  Luck rerolls an effect worse than a fresh roll plus 1 Morale; the fragile hero is the one with
  most health, the weakened one the one with least. Recover what it may.
- Specials (and Dragon & Lich allies): the hero who gains most claims it, when its power (effect
  times how often its cost is paid, over a few uses, plus its place on the board) outweighs the
  powers given up (those `legal_actions` offers) and any price another hero pays, keeping at least
  three powers; everyone else passes. Blessings (a gift, no power, `catharsis_boons`) are taken when
  the gift outweighs the price on the next hero, by the hero who gains most.

simple: the policy before this one (kept for comparison): first free baseline role; a ready
power (top before bottom, aimed at the first standing foe); reroll; done; the first damage packet;
random votes.

<role id> (sealaithe, dimirith, aiden, fizzleboom, artrial, briggs): greedy, but the first player takes
that role (to measure a role the greedy party's pick never reaches). Briggs and Liara's player binds
essences before anything else and flips Briggs before using a power, so the powers he uses that
round stay on his board.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.engine.prng import Rng
from bot.games.catharsis import priest
from bot.games.catharsis.cards import content
from bot.games.catharsis.damage import can_take
from bot.games.catharsis.morale import TABLES
from bot.games.catharsis.state import CatharsisState, Hero, Phase
from bot.sim.adapter import Adapter, Report
from bot.sim.games import catharsis_boons as boons
from bot.sim.games import catharsis_party as v
from bot.sim.policy import best, by_type

BASELINE = ("hidorian", "jaden", "leme", "maladaum")
ORDER = (
    "role", "roll", "bind", "serve", "activate", "duo", "flip", "passive", "aside", "reroll", "take", "recover", "pass", "done"
)


def pick_role(actions: list[Any]) -> Any:
    return min(actions, key=lambda a: BASELINE.index(a.role) if a.role in BASELINE else len(BASELINE))


def simple(state: CatharsisState, seat: int, actions: list[Any], rng: Rng) -> Any:
    kind = actions[0].type
    if kind == "role":
        return pick_role(actions)
    if kind == "vote":
        return rng.choice(actions)
    if kind == "take":
        return actions[0]
    actions = [a for a in actions if not _aimed_elsewhere(state, seat, a)]
    rank = by_type(ORDER)
    hero = state.public.heroes[seat]

    def score(a: Any) -> float:
        if a.type == "aside" and len(hero.aside) < 2 and len(hero.board) > 3:
            return rank(SimpleNamespace(type="activate")) + 0.75  # Artrial keeps two dishes baking
        return rank(a) + (0.5 if getattr(a, "half", "top") == "top" else 0)

    return best(actions, score, rng)


def _aimed_elsewhere(state: CatharsisState, seat: int, a: Any) -> bool:
    """The simple party aims only at the first standing foe and mends only itself."""
    foes = [i for i, f in enumerate(state.public.foes) if f.alive]
    target = getattr(a, "target", None)
    return (target is not None and target != foes[0]) or getattr(a, "ally", None) is not None


# -- greedy -----------------------------------------------------------------------------------
def greedy(state: CatharsisState, seat: int, actions: list[Any], rng: Rng) -> Any:
    kind = actions[0].type
    if kind == "role":
        return pick_role(actions)
    if kind == "vote":
        return vote(state, actions)
    pub = state.public
    hero = pub.heroes[seat]
    if pub.packets:
        return take_damage(state, hero, actions, rng)
    if pub.phase is Phase.SPECIAL:  # claim it if this hero is the one who gains most by it
        claim = [a for a in actions if a.type == "claim"]
        if boons.is_blessing(state):
            wanted = claim and boons.take_blessing(state, hero)
        else:
            wanted = claim and v.claimant(state) == hero.seat
        return claim[0] if wanted else next(a for a in actions if a.type == "pass")
    if kind in ("recover", "pass"):
        return next((a for a in actions if a.type in ("recover", "pass")), actions[0])
    scored = [(move_value(state, hero, a), a) for a in actions]
    top = max(s for s, _ in scored)
    if top > 0:
        return rng.choice([a for s, a in scored if s == top])
    for fallback in ("roll", "reroll", "done"):
        found = [a for a in actions if a.type == fallback]
        if found:
            return found[0]
    return actions[0]


def move_value(state: CatharsisState, hero: Hero, a: Any) -> float:
    """The attack phase: what a move is worth (rolling, rerolling and ending are the fallbacks)."""
    t = a.type
    if t == "activate":
        return v.activation_value(state, hero, a)
    if t == "serve":  # a dish is ready: it only grows stale, so it is served first, where it does most
        ab = content().ability(hero.aside[a.index].card, a.half)
        return 10.0 + (v.ability_value(state, hero, ab, a, None) if ab else 0.0)
    if t == "aside":
        keep = len(hero.aside) < 2 and len(hero.board) > 3
        return 0.3 if keep else -1.0
    if t == "passive":
        return passive_value(state, hero, a)
    if t == "flip":
        return flip_value(state, hero, a)
    return -v.WIN if t not in ("roll", "reroll", "done") else -1.0


def passive_value(state: CatharsisState, hero: Hero, a: Any) -> float:
    role = hero.role
    if role == "hidorian":  # a stored die is free, the more so when a Retrieve lacks its value
        return 2.0 + v.store_gain(state, hero, [a.value])
    if role == "leme":
        return -1.0  # two dice for a nudge the command does not aim
    if a.target is not None and role in ("unmei", "tenzin"):  # an extra 1-damage strike
        return v.hit_value(state, hero, None, a.target, 1, {}) - v.DIE * len(a.dice)
    return 0.05


def flip_value(state: CatharsisState, hero: Hero, a: Any) -> float:
    pub = state.public
    role = hero.role
    if role == "hidorian":
        return -1.0  # his pools would close for the rest of the fight
    if role == "jaden":
        foe = pub.foes[a.target]
        return 0.9 * min(6, foe.health) - 2.0 - 1.0
    if role == "leme":
        holding = [h for h in v.living(state) if not h.done and any(d.value for d in h.dice if not d.used)]
        return 0.9 * len(holding) - 1.0 if len(holding) >= 2 else -1.0
    if role == "maladaum":
        fury = hero.counters.get("fury", 0)
        gain = v.hit_value(state, hero, None, a.target, fury, {})
        return gain - 1.5 * len([f for f in pub.foes if f.alive])
    return 0.1


# -- damage ----------------------------------------------------------------------------------
def assignment(state: CatharsisState) -> tuple[int, int] | None:
    """(seat, packet) for the next damage to take: a packet aimed at a hero goes to that hero;
    shared and single-hero blows go to whoever can best soak them."""
    pub = state.public
    for i, p in enumerate(pub.packets):
        able = [h for h in pub.heroes if can_take(state, h.seat, i)]
        if not able:
            continue
        if p.seat is not None:
            return p.seat, i
        return max(able, key=lambda h: (v.wound_slack(state, h), -h.seat)).seat, i
    return None


def take_damage(state: CatharsisState, hero: Hero, actions: list[Any], rng: Rng) -> Any:
    pub = state.public
    chosen = assignment(state)
    index = chosen[1] if chosen and chosen[0] == hero.seat else None
    shields = [a for a in actions if a.type == "activate"]
    if shields and index is not None:
        p = pub.packets[index]
        need = max(0, p.amount - hero.shield)
        best_shield = max(shields, key=lambda a: v.activation_value(state, hero, a))
        ab = content().ability(hero.board[best_shield.slot].card, "bottom")
        amount = sum(b.get("amount", 0) for b in ab.do if b["op"] == "prevent") if ab else 0
        if min(amount, need) > v.EXHAUST + 1 and need >= 2:
            return best_shield
    takes = [a for a in actions if a.type == "take" and (index is None or a.packet == index)]
    if not takes:
        takes = [a for a in actions if a.type == "take"]
    p = pub.packets[takes[0].packet]
    others = [h for h in v.living(state) if h.seat != hero.seat and can_take(state, h.seat, takes[0].packet)]
    if p.mode == "party" and p.amount > 1 and others:
        single = [a for a in takes if a.points == 1]
        if single:
            return single[0]
    return next((a for a in takes if a.points != 1 or p.amount == 1), takes[0])


# -- votes -----------------------------------------------------------------------------------
def vote(state: CatharsisState, actions: list[Any]) -> Any:
    pub = state.public
    ballot = pub.vote
    assert ballot is not None
    if ballot.kind == "refresh":
        return actions[1 if refresh_worth_it(state) else 0]
    if ballot.kind == "choice":
        costs = v.choice_costs(state, str(ballot.data["card"]))
        return actions[min(range(len(actions)), key=lambda i: costs[i] if i < len(costs) else v.WIN)]
    if ballot.kind == "devil":
        table, result = int(ballot.data["table"]), int(ballot.data["result"])
        now = v.blocks_cost(state, TABLES[table][result])
        fresh = sum(v.blocks_cost(state, r) for r in TABLES[table]) / len(TABLES[table])
        return actions[1 if now > fresh + v.morale_price(state, 1) else 0]
    if ballot.kind == "target":
        seats = [int(s) for s in str(ballot.data["seats"]).split(",")]
        health = [pub.heroes[s].health for s in seats]
        pick = health.index(max(health)) if ballot.data["what"] == "fragile" else health.index(min(health))
        return actions[pick]
    return actions[0]


def refresh_worth_it(state: CatharsisState) -> bool:
    """Refresh when the party is worn (a third of its powers exhausted in a fight, half between
    cards, where a won fight gives two back anyway), the health it gives back outweighs the Morale,
    and enough Morale is kept for the cards still to come."""
    pub = state.public
    assert pub.vote is not None
    fighting = pub.vote.data.get("next") == "next_round"
    heroes = v.living(state)
    slots = [s for h in heroes for s in h.board]
    tired = sum(1 for s in slots if not s.ready)
    if not slots or tired / len(slots) < (0.34 if fighting else 0.5):
        return False
    if pub.morale - pub.refresh_cost < 2 + pub.deck_left // 4:
        return False
    gain = tired * (2.0 if fighting else 1.0) + sum(2.0 for h in heroes if h.flipped)
    return gain > v.morale_price(state, pub.refresh_cost)


def next_seat(rules: Any, state: CatharsisState, waiting: list[int]) -> int:
    """Everyone rolls before anyone acts; damage goes where `assignment` sends it."""
    pub = state.public
    if pub.packets:
        chosen = assignment(state)
        if chosen and chosen[0] in waiting:
            return chosen[0]
        return waiting[0]
    if pub.phase is Phase.ATTACK and pub.vote is None:
        unrolled = [s for s in waiting if pub.heroes[s].rolls == 0]
        if unrolled:
            return unrolled[0]
    return waiting[0]


def prefer(role: str) -> Any:
    """Greedy, except that the role is taken whenever it is on offer."""

    def policy(state: CatharsisState, seat: int, actions: list[Any], rng: Rng) -> Any:
        wanted = [a for a in actions if a.type == "role" and a.role == role]
        if not wanted and role == "briggs" and state.public.heroes[seat].role == "briggs":
            binds = [a for a in actions if a.type == "bind"]
            hold = [a for a in actions if a.type == "flip" and a.value is None]
            used = [a for a in actions if a.type == "activate"]
            wanted = binds or (hold if used else [])
        return wanted[0] if wanted else greedy(state, seat, actions, rng)

    return policy


def report(state: CatharsisState) -> Report:
    pub = state.public
    boss = content().encounters[content().decks[pub.deck].boss].name
    fell = all(h.dead for h in pub.heroes if h.role)
    # As the engine says it: Morale first, then the fallen party, then the Priest's chant.
    chanted = not pub.winner and pub.morale > 0 and not fell and priest.complete(state)
    if pub.winner:
        ending = f"defeated {boss}"
    elif pub.morale <= 0:
        ending = "Morale ran out"
    else:
        ending = "the chant was completed" if chanted else "the party fell"
    flags = {
        "lost on Morale": not pub.winner and pub.morale <= 0,
        "Battered reached": pub.tier >= 2,
        "claimed a Special": any(
            content().encounters.get(s.card) is not None for h in pub.heroes for s in h.board
        ) or any(c in content().encounters for h in pub.heroes for c in h.discards),
    }
    if priest.length(state):
        flags["lost on the chant"] = chanted
    return Report(turns=pub.round, ending=ending, won=bool(pub.winner), flags=flags)


ADAPTER = Adapter(
    game="catharsis",
    coop=True,
    report=report,
    next_seat=next_seat,
    policies={
        "greedy": greedy,
        "simple": simple,
        **{role: prefer(role) for role in ("sealaithe", "dimirith", "aiden", "fizzleboom", "artrial", "briggs")},
    },
)
