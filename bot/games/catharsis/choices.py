"""What a seat may do now, as concrete commands: for buttons, timeouts and the random player."""

from __future__ import annotations

from typing import Any

from bot.games.catharsis import commands as c
from bot.games.catharsis import companions, duo
from bot.games.catharsis.aside import aside_actions
from bot.games.catharsis.cards import content
from bot.games.catharsis.combat import living_foes
from bot.games.catharsis.damage import can_take, eligible, swaps_damage, wound_room
from bot.games.catharsis.roles import bottom_open, recallable
from bot.games.catharsis.state import CatharsisState, Hero, Phase


def auto_slots(hero: Hero, points: int) -> list[int]:
    """Exhaust ready powers first, then discard exhausted ones: the gentlest way to take damage."""
    ready = [s.ready for s in hero.board]
    gone = [False] * len(ready)
    out: list[int] = []
    for _ in range(points):
        i = next((j for j, r in enumerate(ready) if r and not gone[j]), None)
        if i is not None:
            ready[i] = False
        else:
            i = next((j for j, g in enumerate(gone) if not g), None)
            if i is None:
                break
            gone[i] = True
        out.append(i)
    return out


def take_command(state: CatharsisState, hero: Hero, index: int, points: int | None = None) -> c.Take:
    p = state.public.packets[index]
    room = wound_room(state, hero) + hero.shield
    if p.mode == "discard":
        n = min(p.amount, eligible(hero, p.only))
        want = [i for i, s in enumerate(hero.board) if p.only == "any" or s.ready == (p.only == "ready")]
        return c.Take(packet=index, slots=want[:n])
    n = min(p.amount, room) if points is None or p.mode != "party" else points
    wounds = n - min(hero.shield, n)
    if hero.seat == state.public.fragile and p.mode in ("party", "player") and n:
        wounds += 1
    wounds = min(wounds, wound_room(state, hero))
    if swaps_damage(hero):  # Fizzleboom & Burrr swap powers round the board, then discard from the left
        swaps = [i % len(hero.board) for i in range(min(wounds, len(state.secret.decks.get(hero.seat, []))))]
        slots = swaps + list(range(min(wounds - len(swaps), len(hero.board))))
    else:
        slots = auto_slots(hero, wounds)
    slots += [duo.SPOT] * (wounds - len(slots))  # what the board cannot take lands on a shared duo power
    return c.Take(packet=index, points=n if p.mode == "party" else None, slots=slots)


def legal_for(state: CatharsisState, seat: int) -> list[Any]:
    from bot.games.catharsis.rules import find_payment

    pub = state.public
    hero = pub.heroes[seat]
    if pub.phase is Phase.ROLES:
        if hero.role:
            return []
        taken = {h.role for h in pub.heroes}
        return [c.ChooseRole(role=r) for r in content().roles if r not in taken]
    if hero.dead:
        return []
    if pub.packets:
        out: list[Any] = [
            take_command(state, hero, i) for i in range(len(pub.packets)) if can_take(state, seat, i)
        ]
        out += [
            take_command(state, hero, i, 1)
            for i, p in enumerate(pub.packets)
            if p.mode == "party" and p.amount > 1 and can_take(state, seat, i)
        ]
        return out + shields_during_damage(hero)
    if pub.vote is not None:
        return [] if seat in pub.vote.votes else [c.CastVote(option=i) for i in range(len(pub.vote.options))]
    if pub.phase is Phase.RECOVER:
        if seat in pub.recovered:
            return []
        return [c.Recover(slots=[i for i, s in enumerate(hero.board) if not s.ready][:2])]
    if pub.phase is Phase.SPECIAL:
        if seat in pub.claims_passed:
            return []
        need = content().encounters[pub.card or ""].sacrifice
        out = [c.Pass()]
        if len(hero.board) >= need:
            out.append(c.Claim(discard=list(range(len(hero.board) - need, len(hero.board)))))
        return out
    if pub.phase is not Phase.ATTACK or hero.done:
        return []
    out = [c.Done()]
    if hero.rolls == 0:
        out.append(c.Roll())
        return out
    free = hero.unused()
    if free and hero.rolls < 3 and not pub.no_reroll:
        out.append(c.Reroll(dice=free))
    foes = living_foes(state)
    target = foes[0] if foes else None
    for i, slot in enumerate(hero.board):
        if not slot.ready:
            continue
        for half in ("top", "bottom"):
            ab = content().ability(slot.card, half, slot.face)
            if ab is None or (half == "bottom" and not bottom_open(hero)):
                continue
            paid = hero.combo_paid.get(i, [])
            if not content().reusable(slot.card) and ((paid and not ab.combo) or (slot.used and not paid)):
                continue
            if ab.pool:
                from bot.games.catharsis.costs import pool_alternative

                if hero.flipped or pool_alternative(ab.cost, hero.pools) is None:
                    continue
                dice: list[int] | None = []
            else:
                dice = find_payment(hero, ab, set(paid), slot.number)
            if dice is None or not companions.may_use(hero, i):
                continue
            aim: dict[str, Any] = {"target": target}
            if any(b["op"] == "replace" and b.get("which") == "target" for b in ab.do):
                others = [j for j in range(len(hero.board)) if j != i]
                if not others:
                    continue
                aim["ally_slot"] = others[0]
            out.append(c.Activate(slot=i, half=half, dice=dice, **aim))
            if ab.boost and hero.role == "jaden":  # the same, taking a Spore counter for the boost
                out.append(c.Activate(slot=i, half=half, dice=dice, boost=True, **aim))
            if companions.is_pair(hero) and companions.can_boost(hero, ab.do):  # with Briggs's Passive
                out.append(c.Activate(slot=i, half=half, dice=dice, boost=True, **aim))
    out += aside_actions(state, hero, target)
    out += companions.actions(state, hero)
    out += duo.actions(state, hero, target)
    out += _role_actions(state, hero, free, target)
    return _aimed_everywhere(state, hero, out, foes)


def _aimed_everywhere(state: CatharsisState, hero: Hero, actions: list[Any], foes: list[int]) -> list[Any]:
    """What the panel offers: an aimed action once per standing foe, and a heal or shield once per
    living hero, so that a policy choosing among legal actions may aim at a minion or mend an ally."""
    others = [h.seat for h in state.public.heroes if not h.dead and h.seat != hero.seat]
    out: list[Any] = []
    for a in actions:
        aimed = [a.model_copy(update={"target": f}) for f in foes] if getattr(a, "target", None) is not None else [a]
        out += aimed
        if not isinstance(a, c.Activate) or not others:
            continue
        slot = hero.board[a.slot]
        ab = content().ability(slot.card, a.half, slot.face)
        if ab is not None and any(b["op"] in ("heal", "prevent") and not b.get("self_only") for b in ab.do):
            # A power that also replaces one of the ally's powers (Song of Second Chances) names a
            # power on that ally's board, not on the singer's; an ally with none cannot be chosen.
            swaps = any(b["op"] == "replace" and b.get("which") == "target" for b in ab.do)
            for o in others:
                if swaps and not state.public.heroes[o].board:
                    continue
                extra = {"ally": o, "ally_slot": 0} if swaps else {"ally": o}
                out += [x.model_copy(update=extra) for x in aimed]
    return out


def shields_during_damage(hero: Hero) -> list[c.Activate]:
    """Maladaum alone may act while damage is taken: his free, shield-only powers."""
    if hero.role != "maladaum":
        return []
    out = []
    for i, slot in enumerate(hero.board):
        ab = content().ability(slot.card, "bottom")
        if slot.ready and ab is not None and is_shield(ab):
            out.append(c.Activate(slot=i, half="bottom"))
    return out


def is_shield(ab: Any) -> bool:
    from bot.games.catharsis.costs import is_free

    # A `#` cost (Dimirith's, perhaps passed to Maladaum by the Godmind) always needs a die.
    return "#" not in ab.cost and is_free(ab.cost) and all(b["op"] in ("prevent", "prevent_morale") for b in ab.do)


def _role_actions(state: CatharsisState, hero: Hero, free: list[int], target: int | None) -> list[Any]:
    if hero.flipped:
        return []
    out: list[Any] = []
    role = hero.role
    if target is not None and role in ("unmei", "leme", "tenzin", "jaden"):
        out.append(c.Flip(target=target))
    if role == "maladaum" and target is not None and hero.counters.get("fury", 0):
        out.append(c.Flip(target=target))
    if role == "unmei" and not hero.passive_used and free and target is not None:
        out.append(c.Passive(dice=free[:1], target=target))
    if role == "leme" and len(free) >= 2:
        nudge = _one_nudge(state, hero, set(free[:2]))
        if nudge is not None:
            out.append(c.Passive(dice=free[:2], adjust=[nudge]))
    if role == "tenzin" and hero.counters.get("phantom", 0) >= 2 and target is not None:
        out.append(c.Passive(target=target))
    if role == "sealaithe":
        out.append(c.Passive())
        if target is not None:
            out.append(c.Flip(target=target))
    if role == "aiden":
        out += _song_moves(hero)
    if role == "artrial" and hero.aside:  # serve everything: tops, or bottoms where they have one
        out += [c.Flip(target=target, value=0), c.Flip(target=target, value=1)]
    if role == "fizzleboom":
        out.append(c.Flip())
        back = recallable(hero)
        if back:
            out.append(c.Flip(value=back[0]))
    if role == "dimirith":
        flip = _reshape(state, hero)
        if flip is not None:
            out.append(flip)
    if role == "hidorian":
        if hero.counters.get("store", 0):  # he names the value: every one is a move of its own
            out += [c.Passive(value=v) for v in range(1, 7)]
        values = [v for v, n in hero.pools.items() if n > 0]
        if values:
            out.append(c.Flip(gifts=[c.Nudge(seat=hero.seat, die=values[0], delta=0)]))
    return out


def _song_moves(hero: Hero) -> list[Any]:
    """Aiden: raise a ready song a level (Passive); leap one two levels, or step one down (Flip)."""
    songs = [(i, s.face) for i, s in enumerate(hero.board) if s.ready and content().song(s.card)]
    out: list[Any] = []
    rising = [i for i, face in songs if face < 3]
    if rising and not hero.passive_used:
        out.append(c.Passive(value=rising[0]))
    if rising:
        out.append(c.Flip(adjust=[c.Nudge(seat=hero.seat, die=rising[0], delta=2)]))
    falling = [i for i, face in songs if face > 0]
    if falling:
        out.append(c.Flip(adjust=[c.Nudge(seat=hero.seat, die=falling[0], delta=-1)]))
    return out


def _reshape(state: CatharsisState, hero: Hero) -> c.Flip | None:
    """Dimirith's Flip: replace a power, his own first exhausted one, else an ally's, else his first."""
    heroes = [hero] + [h for h in state.public.heroes if h is not hero and not h.dead]
    heroes = [h for h in heroes if h.board and state.secret.decks.get(h.seat)]
    for h in heroes:
        spent = [i for i, s in enumerate(h.board) if not s.ready]
        if spent:
            return c.Flip(ally=h.seat, ally_slot=spent[0])
    return c.Flip(ally=heroes[0].seat, ally_slot=0) if heroes else None


def _one_nudge(state: CatharsisState, hero: Hero, spent: set[int]) -> c.Nudge | None:
    for h in state.public.heroes:
        for i, d in enumerate(h.dice):
            if h.dead or d.used or d.value == 0 or (h is hero and i in spent):
                continue
            return c.Nudge(seat=h.seat, die=i, delta=1 if d.value < 6 else -1)
    return None


def default_for(state: CatharsisState, seat: int) -> Any | None:
    """The move made for a seat that did not answer in time: the most cautious legal one."""
    pub = state.public
    if pub.phase is Phase.ATTACK and not pub.packets and pub.vote is None:
        return c.Done()
    options = legal_for(state, seat)
    return options[0] if options else None
