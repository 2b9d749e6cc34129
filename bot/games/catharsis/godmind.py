"""The Godmind's merging: heroes' powers pass from board to board, and its henchman spurns them.

An exchange passes each living hero's first power to the next living hero in seat order (it keeps
its state and joins the end of that board); a lone hero instead replaces their first power from
their own deck. Every power passed merges the party a little more with the Godmind, whose blows
grow by 1 for every 2 powers passed. Its henchman takes no damage from a power used by a hero it
did not start with (a Special counts as the user's own).
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.catharsis.cards import content
from bot.games.catharsis.state import CatharsisState, Foe, Hero


def exchange(state: CatharsisState, events: list[Event]) -> None:
    from bot.games.catharsis.damage import replace_power

    pub = state.public
    living = [h for h in pub.heroes if not h.dead and h.board]
    if len(living) == 1:
        replace_power(state, living[0], 0, events)
        return
    if not living:
        return
    given = [h.board.pop(0) for h in living]
    for i, slot in enumerate(given):
        taker = living[(i + 1) % len(living)]
        slot.used = False
        taker.board.append(slot)
        events.append(
            Event.public(
                "exchange",
                f"{seat_ref(living[i].seat)}'s {content().card_name(slot.card)} passes to {seat_ref(taker.seat)}.",
            )
        )
    pub.merged += len(given)


def borrowed(hero: Hero, slot: int | None) -> bool:
    """Whether the power in this slot came from another hero's deck."""
    if slot is None or not 0 <= slot < len(hero.board):
        return False
    power = content().powers.get(hero.board[slot].card)
    return power is not None and power.role != hero.role


def unity_bonus(state: CatharsisState, foe: Foe) -> int:
    return state.public.merged // 2 if content().encounters[foe.card].unity else 0
