"""Ruby King Rizardo's guard (the King's Guard deck).

Cards of this deck may be set aside instead of being faced. Each one set aside feeds the Royal
Guard at the final fight: at the end of every round it knits 1 health per card still set aside,
and when it falls while cards remain, one card is lost and the Guard rises again at full health.
When it falls with none left it stays down, and the King goes into a frenzy, adding his frenzy
attacks. Once the King falls his Guard rises no more.
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.engine.text import plural
from bot.games.catharsis.cards import Attack, content
from bot.games.catharsis.state import CatharsisState, Foe


def fallen(state: CatharsisState, foe: Foe, events: list[Event]) -> None:
    """A foe has just fallen: a regenerating Guard may rise, or its King may go into a frenzy."""
    pub = state.public
    card = content().encounters[foe.card]
    if not card.regenerate:
        return
    king = next((f for f in pub.foes if f.boss), None)
    if king is None or not king.alive:
        return
    if pub.set_aside:
        lost = pub.set_aside.pop()
        foe.health = foe.max_health
        left = plural(len(pub.set_aside), "set-aside card")
        events.append(
            Event.public(
                "rise",
                f"{foe.name} rises again, feeding on {content().card_name(lost)} ({left} left).",
            )
        )
        return
    king.frenzy = True
    events.append(Event.public("frenzy", f"{foe.name} can rise no more: {king.name} goes into a frenzy!"))


def regenerate(state: CatharsisState, events: list[Event]) -> None:
    """Round end: a standing Guard knits 1 health per card still set aside."""
    pub = state.public
    n = len(pub.set_aside)
    for foe in pub.foes:
        if n and foe.alive and content().encounters[foe.card].regenerate and foe.health < foe.max_health:
            foe.health = min(foe.max_health, foe.health + n)
            events.append(Event.public("regenerate", f"{foe.name} knits to {foe.health} health."))


def frenzy_attacks(foe: Foe) -> list[Attack]:
    return list(content().encounters[foe.card].frenzy) if foe.frenzy else []
