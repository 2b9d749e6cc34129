"""The effect blocks powers, role cards and Boss deck cards are written in."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from bot.engine.effects import EffectBook
from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.catharsis.cards import Scaled, scaled

if TYPE_CHECKING:
    from bot.games.catharsis.state import CatharsisState, Hero


@dataclass
class Ctx:
    state: CatharsisState
    events: list[Event]
    hero: Hero | None = None  # who is using the power, if a power is used
    params: Any = None  # the activation command: target, ally, ally_slot, adjust
    slot: int | None = None
    foe: int | None = None  # the foe whose card this is, for Boss deck blocks
    replace_self: bool = False
    discard_self: bool = False  # the power is sacrificed: discarded for good once it resolves
    dealt_damage: bool = False
    doubled: bool = False  # Assisted Strike doubles this power's damage
    last_target: int | None = None
    notes: list[str] = field(default_factory=list)

    def num(self, n: int) -> int:
        """Random Morale table 3 can make every number on one hero's powers count as 1."""
        if self.hero is not None and self.state.public.weakened == self.hero.seat:
            return min(n, 1)
        return n

    def size(self, value: Scaled) -> int:
        return scaled(value, self.state.public.party_size)

    def ally(self) -> Hero:
        assert self.hero is not None
        seat = getattr(self.params, "ally", None)
        if seat is None:
            return self.hero
        heroes = self.state.public.heroes
        if not 0 <= seat < len(heroes) or heroes[seat].dead:
            raise GameError("That hero is not in the fight.")
        return heroes[seat]


BOOK: EffectBook[Ctx] = EffectBook("catharsis")


# -- powers -------------------------------------------------------------------------------
@BOOK.op("damage")
def _damage(ctx: Ctx, amount: int, hits: int = 1) -> None:
    from bot.games.catharsis.combat import hero_hit, pick_target

    if ctx.dealt_damage and not ctx.state.public.foes[ctx.last_target or 0].alive:
        return  # a later block of the same power (a boost) against a foe already down is wasted
    targets = list(getattr(ctx.params, "targets", []) or [])
    first = pick_target(ctx.state, targets[0] if targets else getattr(ctx.params, "target", None))
    for i in range(hits):
        # Later hits go where they are aimed; a hit on a fallen foe is simply wasted.
        foe = first if i >= len(targets) or i == 0 else pick_target(ctx.state, targets[i])
        hero_hit(ctx, foe, ctx.num(amount) * (2 if ctx.doubled else 1))
    ctx.dealt_damage = True


def printed_damage(blocks: list[dict[str, Any]]) -> int:
    """The damage a power's blocks deal as printed (every hit counted), before any bonus."""
    return sum(b.get("amount", 0) * b.get("hits", 1) for b in blocks if b["op"] == "damage")


@BOOK.op("assist")
def _assist(ctx: Ctx) -> None:
    """Assisted Strike: the next other power used this round that deals 3 damage or less deals
    double (any hero's; the rulebook's worked example doubles an ally's Leaf Blades)."""
    ctx.state.public.assisted = True
    ctx.notes.append("the next power this round that deals 3 damage or less deals double")


@BOOK.op("prevent")
def _prevent(ctx: Ctx, amount: int, self_only: bool = False) -> None:
    assert ctx.hero is not None
    who = ctx.hero if self_only else ctx.ally()
    who.shield += ctx.num(amount)
    ctx.notes.append(f"prevents {ctx.num(amount)} damage to {seat_ref(who.seat)}")


@BOOK.op("prevent_morale")
def _prevent_morale(ctx: Ctx, amount: int) -> None:
    ctx.state.public.morale_shield += ctx.num(amount)
    ctx.notes.append(f"guards {ctx.num(amount)} Morale")


@BOOK.op("heal")
def _heal(ctx: Ctx, amount: int, self_only: bool = False) -> None:
    from bot.games.catharsis.damage import refresh_powers

    assert ctx.hero is not None
    who = ctx.hero if self_only else ctx.ally()
    chosen = list(getattr(ctx.params, "refresh", []) or [])
    n = refresh_powers(who, ctx.num(amount), skip=ctx.slot if who is ctx.hero else None, chosen=chosen)
    ctx.notes.append(f"heals {seat_ref(who.seat)} ({n} refreshed)")


@BOOK.op("adjust")
def _adjust(ctx: Ctx, dice: int, by: int, up_to: bool = True) -> None:
    from bot.games.catharsis.combat import adjust_dice

    adjust_dice(ctx, ctx.num(dice), ctx.num(by), up_to)


@BOOK.op("replace")
def _replace(ctx: Ctx, which: str = "this") -> None:
    from bot.games.catharsis.damage import replace_power

    assert ctx.hero is not None
    if which == "this":
        ctx.replace_self = True
        return
    who = ctx.ally()
    slot = getattr(ctx.params, "ally_slot", None)
    if slot is None or not 0 <= slot < len(who.board) or (who is ctx.hero and slot == ctx.slot):
        raise GameError("Choose another power to replace.")
    replace_power(ctx.state, who, slot, ctx.events)


@BOOK.op("sacrifice")
def _sacrifice(ctx: Ctx) -> None:
    """The power leaves the board for good once it resolves, and no new one is drawn."""
    ctx.discard_self = True


@BOOK.op("spore")
def _spore(ctx: Ctx, amount: int) -> None:
    from bot.games.catharsis.combat import living_foes, pick_target

    if ctx.dealt_damage and (
        not living_foes(ctx.state) or not ctx.state.public.foes[ctx.last_target or 0].alive
    ):
        return  # the strike before it felled the foe this Spore was aimed at: it is wasted
    foe = pick_target(ctx.state, getattr(ctx.params, "target", None))
    ctx.state.public.foes[foe].spores += ctx.num(amount)
    ctx.notes.append(f"puts {ctx.num(amount)} Spore on {ctx.state.public.foes[foe].name}")


@BOOK.op("gain")
def _gain(ctx: Ctx, counter: str, amount: int = 1) -> None:
    assert ctx.hero is not None
    ctx.hero.counters[counter] = ctx.hero.counters.get(counter, 0) + ctx.num(amount)


# -- Boss deck cards and Morale ---------------------------------------------------------
def _living(ctx: Ctx) -> list[Hero]:
    return [h for h in ctx.state.public.heroes if not h.dead]


@BOOK.op("hurt_each")
def _hurt_each(ctx: Ctx, amount: Scaled) -> None:
    from bot.games.catharsis.damage import add_packet

    for h in _living(ctx):
        add_packet(ctx.state, "seat", ctx.size(amount), seat=h.seat, source=ctx.foe)


@BOOK.op("hurt_party")
def _hurt_party(ctx: Ctx, amount: Scaled) -> None:
    from bot.games.catharsis.damage import add_packet

    add_packet(ctx.state, "party", ctx.size(amount), source=ctx.foe)


@BOOK.op("hurt_player")
def _hurt_player(ctx: Ctx, amount: Scaled) -> None:
    from bot.games.catharsis.damage import add_packet

    add_packet(ctx.state, "player", ctx.size(amount), source=ctx.foe)


@BOOK.op("discard_each")
def _discard_each(ctx: Ctx, n: int = 1, only: str = "any") -> None:
    from bot.games.catharsis.damage import add_packet

    for h in _living(ctx):
        add_packet(ctx.state, "discard", n, seat=h.seat, only=only)


@BOOK.op("discard_most")
def _discard_most(ctx: Ctx) -> None:
    from bot.games.catharsis.damage import add_packet

    for h in _living(ctx):
        ready = min(2, sum(1 for s in h.board if s.ready))
        spent = min(3, sum(1 for s in h.board if not s.ready))
        if spent >= ready:
            add_packet(ctx.state, "discard", spent, seat=h.seat, only="exhausted")
        else:
            add_packet(ctx.state, "discard", ready, seat=h.seat, only="ready")


@BOOK.op("lose_morale")
def _lose_morale(ctx: Ctx, amount: Scaled) -> None:
    from bot.games.catharsis.damage import lose_morale

    lose_morale(ctx.state, ctx.size(amount), ctx.events)


@BOOK.op("gain_morale")
def _gain_morale(ctx: Ctx, amount: Scaled) -> None:
    pub = ctx.state.public
    before = pub.morale
    pub.morale = min(pub.start_morale, pub.morale + ctx.size(amount))
    ctx.events.append(Event.public("morale", f"Morale rises to {pub.morale} (+{pub.morale - before})."))


@BOOK.op("refresh_each")
def _refresh_each(ctx: Ctx, amount: int) -> None:
    from bot.games.catharsis.damage import refresh_powers

    for h in _living(ctx):
        refresh_powers(h, amount)


@BOOK.op("draw_each")
def _draw_each(ctx: Ctx) -> None:
    from bot.games.catharsis import duo
    from bot.games.catharsis.damage import draw_power

    for h in _living(ctx):
        if len(h.board) < 6 - (duo.of(ctx.state, h.seat) is not None):  # a duo power fills a place
            draw_power(ctx.state, h)


@BOOK.op("burn_each")
def _burn_each(ctx: Ctx, amount: Scaled) -> None:
    for h in _living(ctx):
        h.counters["burn"] = h.counters.get("burn", 0) + ctx.size(amount)


@BOOK.op("growth")
def _growth(ctx: Ctx, amount: int) -> None:
    pub = ctx.state.public
    live = [f for f in pub.foes if f.alive]
    if live:
        for f in live:
            f.growth += amount
    else:
        pub.growth_bank += amount


@BOOK.op("wound_quarry")
def _wound_quarry(ctx: Ctx, amount: Scaled) -> None:
    from bot.games.catharsis.quarry import wound

    wound(ctx.state, ctx.size(amount), ctx.events)


@BOOK.op("exchange")
def _exchange(ctx: Ctx) -> None:
    from bot.games.catharsis.godmind import exchange

    exchange(ctx.state, ctx.events)


@BOOK.op("heal_foes")
def _heal_foes(ctx: Ctx, amount: Scaled) -> None:
    for f in ctx.state.public.foes:
        if f.alive:
            f.health = min(f.max_health, f.health + ctx.size(amount))


@BOOK.op("no_reroll_next")
def _no_reroll(ctx: Ctx) -> None:
    ctx.state.public.next_no_reroll = True


@BOOK.op("fewer_dice_next")
def _fewer(ctx: Ctx, n: int) -> None:
    ctx.state.public.next_fewer_dice = max(ctx.state.public.next_fewer_dice, n)


@BOOK.op("foe_first_next")
def _foe_first(ctx: Ctx) -> None:
    ctx.state.public.next_foe_first = True


@BOOK.op("refresh_cost")
def _refresh_cost(ctx: Ctx, n: int) -> None:
    ctx.state.public.refresh_cost = max(ctx.state.public.refresh_cost, n)


@BOOK.op("half_damage")
def _half(ctx: Ctx) -> None:
    ctx.state.public.half_damage = True


@BOOK.op("lose_die")
def _lose_die(ctx: Ctx, n: int = 1) -> None:
    for h in _living(ctx):
        h.dice_lost = min(6, h.dice_lost + n)


@BOOK.op("choose_fragile")
def _choose_fragile(ctx: Ctx) -> None:
    from bot.games.catharsis.votes import open_target_vote

    open_target_vote(ctx.state, "fragile", "Which hero will take 1 extra damage from every source?")


# The challenge decks' own blocks live with their structure (imported for their registrations).
from bot.games.catharsis import avatar, boons, priest  # noqa: E402,F401


@BOOK.op("choose_weakened")
def _choose_weakened(ctx: Ctx) -> None:
    from bot.games.catharsis.votes import open_target_vote

    open_target_vote(ctx.state, "weakened", "Whose power numbers will all count as 1?")
