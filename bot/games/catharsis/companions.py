"""Briggs and Liara, the Eternal Companions: one player runs two heroes who pass powers between them.

Liara is a spirit: she takes no damage and no Boss deck card touches her, so she is not a hero of
her own here. She rides on Briggs's `Hero`: her 6 dice come first in the pair's dice, her face-up
essences are `Hero.essences`, her deck is the seat's secret deck, and her Role card is flipped while
the `veil` counter is set. She binds an essence onto an empty place of Briggs's board by paying its
top cost with her dice. Briggs uses it with his own dice and hands it back to the bottom of her deck
(unless his Flip holds his powers this round). A power Briggs discards leaves its place blank for
good: his board holds 6 places less one for every power he has discarded.
"""

from __future__ import annotations

from typing import Any

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.costs import describe_cost, first_payment, paying_alternative
from bot.games.catharsis.state import CatharsisState, Hero, Phase, Slot

SPIRIT = 6  # Liara's own dice, always 6: Boss deck cards that take dice away do not reach her
HAND = 3  # essences Liara holds face up
BOARD = 6
BOOSTED = ("damage", "prevent", "heal")  # what Briggs's Passive adds 1 to


def is_pair(hero: Hero) -> bool:
    role = content().roles.get(hero.role)
    return role is not None and bool(role.partner)


def deal(state: CatharsisState, hero: Hero) -> None:
    """After Briggs's board is dealt, Liara takes the next essences from the deck into her hand."""
    deck = state.secret.decks[hero.seat]
    hero.essences, state.secret.decks[hero.seat] = deck[:HAND], deck[HAND:]
    hero.deck_count = len(state.secret.decks[hero.seat])


def capacity(hero: Hero, state: CatharsisState | None = None) -> int:
    """Places on Briggs's board: a discarded power leaves its place blank for good, and a duo power
    he shares fills one while it lasts."""
    from bot.games.catharsis import duo

    shared = 1 if state is not None and duo.of(state, hero.seat) is not None else 0
    return max(0, BOARD - len(hero.discards) - shared)


def spirit(hero: Hero, die: int) -> bool:
    return is_pair(hero) and 0 <= die < SPIRIT


def own_free(hero: Hero) -> list[int]:
    """The hero's unused dice that pay their powers (for the pair: Briggs's, not Liara's)."""
    return [i for i in hero.unused() if not spirit(hero, i)]


def spirit_free(hero: Hero) -> list[int]:
    return [i for i in hero.unused() if spirit(hero, i)] if is_pair(hero) else []


def dice_count(hero: Hero, count: int) -> int:
    return count + SPIRIT if is_pair(hero) else count


def dice_text(hero: Hero) -> str | None:
    if not is_pair(hero):
        return None
    show = lambda dice: " ".join("★" if d.value == 0 else str(d.value) for d in dice)  # noqa: E731
    return f"Liara {show(hero.dice[:SPIRIT])} · Briggs {show(hero.dice[SPIRIT:]) or 'none'}"


def check_own_dice(hero: Hero, dice: list[int]) -> None:
    if any(spirit(hero, i) for i in dice):
        raise GameError("Briggs pays for his powers with his own dice; Liara's dice bind essences.")


def may_use(hero: Hero, slot: int) -> bool:
    """Offered on the panel: not the power whose handing back would leave Briggs with none."""
    return not is_pair(hero) or len(hero.board) > 1 or holds(hero) or not goes_back(hero, hero.board[slot].card)


def holds(hero: Hero) -> bool:
    return bool(hero.counters.get("keep"))


def goes_back(hero: Hero, card: str) -> bool:
    """Briggs's own powers go back to Liara; a Special he claimed stays like anyone's."""
    power = content().powers.get(card)
    return is_pair(hero) and power is not None and power.role == hero.role


# -- Briggs ---------------------------------------------------------------------------------
def boosted(hero: Hero, blocks: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Briggs's Passive: the power's first damage, prevention or healing is 1 greater, once a round."""
    if hero.flipped:
        raise GameError("Briggs's Role card is flipped: his Passive is out of reach until it is refreshed.")
    if hero.passive_used:
        raise GameError("Briggs has already used his Passive this round.")
    out = [dict(b) for b in blocks]
    first = next((b for b in out if b["op"] in BOOSTED), None)
    if first is None:
        raise GameError("Briggs's Passive adds to damage, prevention or healing; this power has none.")
    first["amount"] += 1
    hero.passive_used = True
    return out


def can_boost(hero: Hero, blocks: list[dict[str, Any]]) -> bool:
    return not hero.flipped and not hero.passive_used and any(b["op"] in BOOSTED for b in blocks)


def hand_back(state: CatharsisState, hero: Hero, slot: int, events: list[Event]) -> None:
    """A power Briggs used goes to the bottom of Liara's deck, and its place stands empty."""
    from bot.games.catharsis.damage import check_death

    card = hero.board[slot].card
    if holds(hero) or not goes_back(hero, card):
        return
    hero.board.pop(slot)
    _under_deck(state, hero, card)
    events.append(Event.public("handback", f"Briggs hands {content().card_name(card)} back to Liara."))
    check_death(state, hero, events)


def _under_deck(state: CatharsisState, hero: Hero, card: str) -> None:
    state.secret.decks.setdefault(hero.seat, []).append(card)
    hero.deck_count += 1
    if card not in hero.returned:  # everyone saw it go under her deck
        hero.returned.append(card)


def _draw_essence(state: CatharsisState, hero: Hero) -> None:
    deck = state.secret.decks.get(hero.seat, [])
    while len(hero.essences) < HAND and deck:
        hero.essences.append(deck.pop(0))
    hero.deck_count = len(deck)


def _hand_over(state: CatharsisState, hero: Hero) -> str | None:
    """Liara hands Briggs a power without its cost: the essence she has held longest, else her top card."""
    if hero.essences:
        card = hero.essences.pop(0)
    else:
        deck = state.secret.decks.get(hero.seat, [])
        if not deck:
            return None
        card = deck.pop(0)
    _draw_essence(state, hero)
    return card


def replace(state: CatharsisState, hero: Hero, slot: int, events: list[Event]) -> None:
    """Told to replace a power, Briggs returns it to Liara and she hands him one for free."""
    from bot.games.catharsis.damage import check_death

    old = hero.board[slot].card
    new = _hand_over(state, hero)
    _under_deck(state, hero, old)
    name = content().card_name(old)
    if new is None:
        hero.board.pop(slot)
        events.append(Event.public("replace", f"Briggs returns {name} to Liara, who has nothing to give back."))
        check_death(state, hero, events)
        return
    hero.board[slot] = Slot(card=new)
    events.append(
        Event.public("replace", f"Briggs returns {name} to Liara, who hands him {content().card_name(new)}.")
    )


def draw(state: CatharsisState, hero: Hero) -> Slot | None:
    """An effect that draws a power: Liara hands Briggs one, if a place on his board is empty."""
    if len(hero.board) >= capacity(hero, state):
        return None
    card = _hand_over(state, hero)
    if card is None:
        return None
    slot = Slot(card=card)
    hero.board.append(slot)
    return slot


# -- commands -------------------------------------------------------------------------------
def handle(state: CatharsisState, hero: Hero, cmd: Any, events: list[Event]) -> None:
    if state.public.phase is not Phase.ATTACK:
        raise GameError("That works only during combat.")
    if isinstance(cmd, c.Bind):
        bind(state, hero, cmd, events)
    elif isinstance(cmd, c.Passive):
        _lend(state, hero, cmd, events)
    elif cmd.value == 1:
        _liara_flip(state, hero, cmd, events)
    else:
        _briggs_flip(hero, events)


def bind(state: CatharsisState, hero: Hero, cmd: c.Bind, events: list[Event]) -> None:
    if not is_pair(hero):
        raise GameError("Only Liara binds essences.")
    if not 0 <= cmd.essence < len(hero.essences):
        raise GameError("Liara holds no essence in that place.")
    if len(hero.board) >= capacity(hero, state):
        raise GameError("Briggs's board has no empty place for another essence.")
    card = hero.essences[cmd.essence]
    name = content().card_name(card)
    cost = content().powers[card].top.cost
    if len(set(cmd.dice)) != len(cmd.dice) or not all(i in spirit_free(hero) for i in cmd.dice):
        raise GameError("Liara binds with her own unused dice, each once.")
    if paying_alternative(cost, [hero.dice[i].value for i in cmd.dice]) is None:
        raise GameError(f"Those dice do not pay {describe_cost(cost)} to bind {name}.")
    for i in cmd.dice:
        hero.dice[i].used = True
    hero.essences.pop(cmd.essence)
    hero.board.append(Slot(card=card))
    _draw_essence(state, hero)
    events.append(Event.public("bind", f"Liara binds {name} onto Briggs's board."))


def _targets(state: CatharsisState, hero: Hero, cmd: Any, most: int) -> list[tuple[int, int, int]]:
    """Checked (seat, die, new value) for each die Liara reaches: Briggs's or an ally's, unused, not wild."""
    plan = list(cmd.adjust)
    if not 1 <= len(plan) <= most:
        raise GameError(f"Choose {'one die' if most == 1 else f'1 to {most} dice'} for Liara to change.")
    out, seen = [], set()
    heroes = state.public.heroes
    for a in plan:
        if (a.seat, a.die) in seen:
            raise GameError("Change each die only once.")
        seen.add((a.seat, a.die))
        if not 0 <= a.seat < len(heroes) or heroes[a.seat].dead:
            raise GameError("That hero is not in the fight.")
        who = heroes[a.seat]
        if who is hero and spirit(hero, a.die):
            raise GameError("Liara changes the dice of Briggs and the others, not her own.")
        if not 0 <= a.die < len(who.dice) or who.dice[a.die].used or who.dice[a.die].value == 0:
            raise GameError("Liara can only change a rolled, unused die that is not wild.")
        new = who.dice[a.die].value + a.delta
        if a.delta == 0 or not 1 <= new <= 6:
            raise GameError("A die keeps to 1-6 and must change.")
        out.append((a.seat, a.die, new))
    return out


def _lend(state: CatharsisState, hero: Hero, cmd: c.Passive, events: list[Event]) -> None:
    """Liara's Passive: one of her dice is spent to move a die 1 step onto its own value."""
    if hero.counters.get("veil"):
        raise GameError("Liara's Role card is flipped: her Passive is out of reach until it is refreshed.")
    [(seat, die, new)] = _targets(state, hero, cmd, 1)
    if abs(cmd.adjust[0].delta) != 1:
        raise GameError("Liara's Passive moves a die by exactly 1.")
    source = next((i for i in spirit_free(hero) if hero.dice[i].value == new), None)
    if source is None:
        raise GameError(f"Liara has no unused {new} to spend.")
    hero.dice[source].used = True
    state.public.heroes[seat].dice[die].value = new
    events.append(Event.public("passive", f"Liara spends a {new}: {_owner(state, hero, seat)}'s die becomes a {new}."))


def _liara_flip(state: CatharsisState, hero: Hero, cmd: c.Flip, events: list[Event]) -> None:
    if hero.counters.get("veil"):
        raise GameError("Liara's Role card is already flipped.")
    plan = _targets(state, hero, cmd, 3)
    values = {hero.dice[i].value for i in spirit_free(hero)}
    for _, _, new in plan:
        if new not in values:
            raise GameError(f"Liara has no unused {new} to copy.")
    for seat, die, new in plan:
        state.public.heroes[seat].dice[die].value = new
    hero.counters["veil"] = 1
    changed = ", ".join(f"{_owner(state, hero, s)}'s die to {v}" for s, _, v in plan)
    events.append(Event.public("flip", f"Liara flips her Role card: {changed}."))


def _briggs_flip(hero: Hero, events: list[Event]) -> None:
    if hero.flipped:
        raise GameError("Briggs's Role card is already flipped.")
    hero.flipped = True
    hero.counters["keep"] = 1
    events.append(Event.public("flip", "Briggs flips his Role card: the powers he uses this round stay with him."))


def _owner(state: CatharsisState, hero: Hero, seat: int) -> str:
    from bot.engine.seats import seat_ref

    return "Briggs" if seat == hero.seat else seat_ref(seat)


# -- what the panel and the simulator may do ------------------------------------------------
def actions(state: CatharsisState, hero: Hero) -> list[Any]:
    """Binds Liara can pay now, her Passive on the first die it can reach, and both Flips."""
    if not is_pair(hero):
        return []
    out: list[Any] = []
    free = spirit_free(hero)
    if len(hero.board) < capacity(hero, state):
        for k, card in enumerate(hero.essences):
            dice = first_payment(content().powers[card].top.cost, {i: hero.dice[i].value for i in free})
            if dice is not None:
                out.append(c.Bind(essence=k, dice=dice))
    values = {hero.dice[i].value for i in free}
    reach = [(h.seat, i, d.value) for h in state.public.heroes if not h.dead for i, d in enumerate(h.dice)
             if not d.used and d.value and not (h is hero and spirit(hero, i))]
    if not hero.counters.get("veil"):
        lend = next(((s, i, v) for s, i, v in reach for k in (1, -1) if v + k in values), None)
        if lend is not None:
            s, i, v = lend
            k = 1 if v + 1 in values else -1
            out.append(c.Passive(adjust=[c.Nudge(seat=s, die=i, delta=k)]))
        copy = next(((s, i, v) for s, i, v in reach for w in values if w != v), None)
        if copy is not None:
            s, i, v = copy
            w = max(values - {v})
            out.append(c.Flip(value=1, adjust=[c.Nudge(seat=s, die=i, delta=w - v)]))
    if not hero.flipped:
        out.append(c.Flip())
    return out

