"""Damage to heroes (exhaust or discard, point by point), deaths, draws, and Morale loss."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.catharsis import duo
from bot.games.catharsis.cards import content
from bot.games.catharsis.morale import THRESHOLDS, tier_name, tier_of_threshold
from bot.games.catharsis.state import CatharsisState, Hero, Packet, Slot


def add_packet(
    state: CatharsisState,
    mode: str,
    amount: int,
    seat: int | None = None,
    source: int | None = None,
    only: str = "any",
) -> None:
    if amount <= 0:
        return
    if seat is not None and state.public.heroes[seat].dead:
        return
    if mode == "seat" and seat == state.public.fragile:
        amount += 1
    state.public.packets.append(Packet(mode=mode, amount=amount, seat=seat, source=source, only=only))


def can_take(state: CatharsisState, seat: int, index: int) -> bool:
    pub = state.public
    if not 0 <= index < len(pub.packets) or pub.heroes[seat].dead:
        return False
    p = pub.packets[index]
    return p.seat is None or p.seat == seat


def points_for(state: CatharsisState, hero: Hero, packet: Packet, asked: int | None) -> int:
    """How many points of this packet the hero takes now."""
    room = wound_room(state, hero) + hero.shield
    if packet.mode == "discard":
        return min(packet.amount, eligible(hero, packet.only))
    if packet.mode in ("seat", "player") or asked is None:  # by default, take all that fits
        return min(packet.amount, room)
    if asked < 1:
        raise GameError("Take at least 1 point of the party's damage.")
    if asked > packet.amount:
        raise GameError(f"Only {packet.amount} damage is left to share.")
    if asked > room:
        raise GameError("You cannot take more damage than you have health.")
    return asked


def eligible(hero: Hero, only: str) -> int:
    if only == "ready":
        return sum(1 for s in hero.board if s.ready)
    if only == "exhausted":
        return sum(1 for s in hero.board if not s.ready)
    return len(hero.board)


def take(
    state: CatharsisState, hero: Hero, index: int, asked: int | None, slots: list[int], events: list[Event]
) -> None:
    """Hero takes (part of) packet `index`, naming a board slot for every point the shield leaves."""
    pub = state.public
    packet = pub.packets[index]
    points = points_for(state, hero, packet, asked)
    if packet.mode == "discard":
        pub.packets.pop(index)  # a refusal below throws the whole working copy away
        _discard_points(state, hero, packet, points, slots, events)
        return
    absorbed = min(hero.shield, points)
    extra = 1 if hero.seat == pub.fragile and packet.mode in ("party", "player") and points else 0
    wounds = points - absorbed + extra
    wounds = min(wounds, wound_room(state, hero))
    if len(slots) != wounds:
        raise GameError(f"Name exactly {plural(wounds, 'power')} to take the damage on, one per point.")
    duo.wound(state, hero, slots.count(duo.SPOT), events)  # points on a shared duo power
    slots = [s for s in slots if s != duo.SPOT]
    if swaps_damage(hero):
        hero.shield -= absorbed
        swapped, gone = _swap_wounds(state, hero, slots)
        _taken(state, hero, index, points, absorbed, gone, events, swapped)
        return
    board = [s.model_copy() for s in hero.board]
    for slot in slots:
        if not 0 <= slot < len(board) or board[slot].card == "":
            raise GameError("That power is not on your board.")
        if board[slot].ready:
            board[slot].ready = False
        else:
            board[slot].card = ""  # discarded; removed below so indices stay put while naming
    hero.shield -= absorbed
    for s in board:  # an exhausted song starts again from Level I when it is refreshed
        if not s.ready and content().song(s.card):
            s.face = 0
    gone = [hero.board[i].card for i, s in enumerate(board) if s.card == ""]
    hero.discards.extend(gone)
    hero.board = [s for s in board if s.card != ""]
    _taken(state, hero, index, points, absorbed, gone, events)


def _taken(
    state: CatharsisState,
    hero: Hero,
    index: int,
    points: int,
    absorbed: int,
    gone: list[str],
    events: list[Event],
    swapped: list[str] | None = None,
) -> None:
    pub = state.public
    packet = pub.packets[index]
    packet.amount -= points
    if packet.amount <= 0 or packet.mode == "seat":
        pub.packets.pop(index)
    text = f"{seat_ref(hero.seat)} takes {points} damage"
    if absorbed:
        text += f" ({absorbed} prevented)"
    if swapped:
        text += f", swapping out {', '.join(content().card_name(c) for c in swapped)} for new powers"
    if gone:
        text += f" and discards {', '.join(content().card_name(c) for c in gone)}"
    events.append(Event.public("hurt", text + "."))
    if points - absorbed > 0 and packet.source is not None:
        _spore_passive(state, hero, packet.source, events)
    check_death(state, hero, events)


def swaps_damage(hero: Hero) -> bool:
    """Fizzleboom & Burrr's Passive: while their Role card is face up, damage replaces powers."""
    role = content().roles.get(hero.role)
    return role is not None and role.damage_replaces and not hero.flipped


def wound_room(state: CatharsisState, hero: Hero) -> int:
    """How many points of damage (after prevention) the hero can still take."""
    if swaps_damage(hero):  # each point swaps a power while the deck lasts, then discards one
        return len(state.secret.decks.get(hero.seat, [])) + len(hero.board) + duo.health(state, hero)
    return hero.health + duo.health(state, hero)


def _swap_wounds(state: CatharsisState, hero: Hero, slots: list[int]) -> tuple[list[str], list[str]]:
    """Each named power is replaced from the deck; once the deck is empty, each is discarded instead.

    Replacements may name a place again (the new power is swapped out in turn); the discards that
    follow an empty deck name different powers. Returns the swapped and the discarded cards.
    """
    deck = state.secret.decks.get(hero.seat, [])
    swaps, drops = slots[: len(deck)], slots[len(deck) :]
    if any(not 0 <= i < len(hero.board) for i in slots) or len(set(drops)) != len(drops):
        raise GameError("Name powers on your board (different ones once your deck is empty).")
    swapped = []
    for i in swaps:
        old = hero.board[i]
        swapped.append(old.card)
        hero.board[i] = Slot(card=deck.pop(0), number=old.number or free_number(hero))
    hero.discards.extend(swapped)
    hero.deck_count = len(deck)
    gone = [hero.board[i].card for i in drops]
    hero.board = [s for i, s in enumerate(hero.board) if i not in drops]
    hero.discards.extend(gone)
    return swapped, gone


def _discard_points(
    state: CatharsisState, hero: Hero, packet: Packet, points: int, slots: list[int], events: list[Event]
) -> None:
    if len(slots) != points or len(set(slots)) != points:
        raise GameError(f"Name exactly {plural(points, 'different power')} to discard.")
    for slot in slots:
        if not 0 <= slot < len(hero.board):
            raise GameError("That power is not on your board.")
        s = hero.board[slot]
        if (packet.only == "ready" and not s.ready) or (packet.only == "exhausted" and s.ready):
            raise GameError(f"You must discard {packet.only} powers here.")
    gone = [hero.board[i].card for i in slots]
    hero.board = [s for i, s in enumerate(hero.board) if i not in slots]
    hero.discards.extend(gone)
    if gone:
        names = ", ".join(content().card_name(c) for c in gone)
        events.append(Event.public("discard", f"{seat_ref(hero.seat)} discards {names}."))
    check_death(state, hero, events)


def _spore_passive(state: CatharsisState, hero: Hero, source: int, events: list[Event]) -> None:
    """Jaden's Passive: a foe that wounds him gets a Spore counter."""
    foes = state.public.foes
    if hero.role == "jaden" and not hero.flipped and 0 <= source < len(foes) and foes[source].alive:
        foes[source].spores += 1
        events.append(Event.public("spore", f"Spores burst onto {foes[source].name}."))


def check_death(state: CatharsisState, hero: Hero, events: list[Event]) -> None:
    if hero.board or hero.dead:
        return
    hero.dead = True
    hero.dice = []
    state.public.packets = [p for p in state.public.packets if p.seat != hero.seat]
    events.append(Event.public("death", f"{seat_ref(hero.seat)} has fallen."))


def refresh_powers(hero: Hero, n: int, skip: int | None = None, chosen: list[int] | None = None) -> int:
    """Ready up to n exhausted powers: the ones the healer chose, else in board order."""
    if chosen:
        if len(set(chosen)) != len(chosen) or len(chosen) > n:
            raise GameError(f"Choose up to {n} different exhausted powers to refresh.")
        for i in chosen:
            if not 0 <= i < len(hero.board) or hero.board[i].ready or i == skip:
                raise GameError("Choose exhausted powers on that hero's board (not the one being used).")
        for i in chosen:
            hero.board[i].ready = True
        return len(chosen)
    done = 0
    for i, s in enumerate(hero.board):
        if done >= n:
            break
        if not s.ready and i != skip:
            s.ready = True
            done += 1
    return done


def draw_power(state: CatharsisState, hero: Hero) -> Slot | None:
    from bot.games.catharsis import companions

    if companions.is_pair(hero):  # Liara hands Briggs a power
        return companions.draw(state, hero)
    deck = state.secret.decks.get(hero.seat, [])
    if not deck:
        return None
    slot = Slot(card=deck.pop(0), number=free_number(hero))
    hero.deck_count = len(deck)
    hero.board.append(slot)
    return slot


def free_number(hero: Hero) -> int:
    """Dimirith: a power joining his board takes the lowest number no other place holds (0 for others)."""
    if not content().roles[hero.role].numbered:
        return 0
    taken = {s.number for s in hero.board}
    return next(n for n in range(1, 8) if n not in taken)


def replace_power(state: CatharsisState, hero: Hero, slot: int, events: list[Event]) -> None:
    """Discard the power and draw one into the same place, ready. An empty deck draws nothing."""
    from bot.games.catharsis import companions

    if companions.is_pair(hero):  # Briggs returns it to Liara, who hands him another
        companions.replace(state, hero, slot, events)
        return
    old = hero.board[slot].card
    hero.discards.append(old)
    deck = state.secret.decks.get(hero.seat, [])
    name = content().card_name(old)
    if deck:
        # The new power takes the old one's place, and with it Dimirith's number for `#` costs.
        # (A Special on Dimirith's board has no number: its replacement takes the lowest free one.)
        hero.board[slot] = Slot(card=deck.pop(0), number=hero.board[slot].number or free_number(hero))
        hero.deck_count = len(deck)
        new = content().card_name(hero.board[slot].card)
        events.append(Event.public("replace", f"{seat_ref(hero.seat)} replaces {name} with {new}."))
    else:
        hero.board.pop(slot)
        events.append(Event.public("replace", f"{seat_ref(hero.seat)} discards {name}; their deck is empty."))
        check_death(state, hero, events)


def lose_morale(state: CatharsisState, n: int, events: list[Event]) -> None:
    """Lower Morale and queue the effect of every threshold newly reached. Tiers never improve."""
    pub = state.public
    if n <= 0:
        return
    pub.morale -= n
    events.append(Event.public("morale", f"Morale drops by {n} to {max(pub.morale, 0)}."))
    for t in THRESHOLDS:
        index = tier_of_threshold(t)
        if pub.morale <= t and pub.tier < index:
            pub.tier = index
            pub.pending_tiers.append(t)
            events.append(Event.public("tier", f"The party is {tier_name(index)}."))
    if pub.morale <= 0:
        pub.tier = len(THRESHOLDS) + 1
        pub.pending_tiers = []


def refresh_all(state: CatharsisState) -> None:
    duo.refresh(state)
    for h in state.public.heroes:
        if h.dead:
            continue
        if h.counters.get("hold"):  # Séalaithe's Passive: exhausted powers stay down and feed his Rage
            h.counters["hold"] = 0
            h.counters["rage"] = h.counters.get("rage", 0) + sum(1 for s in h.board if not s.ready)
        else:
            for s in h.board:
                s.ready = True
        h.flipped = False
        h.counters.pop("veil", None)  # Liara's Role card (Briggs and Liara) is refreshed with everyone's


def discard_power(
    state: CatharsisState, hero: Hero, slot: int, events: list[Event], how: str = "sacrifices {name}"
) -> None:
    """A sacrificed power (or a finished song) is discarded and nothing takes its place."""
    old = hero.board.pop(slot).card
    hero.discards.append(old)
    hero.combo_paid = {(i if i < slot else i - 1): p for i, p in hero.combo_paid.items() if i != slot}
    events.append(Event.public("sacrifice", f"{seat_ref(hero.seat)} {how.format(name=content().card_name(old))}."))
    check_death(state, hero, events)
