"""The Verminologist's infestation: traps and events that come back, and pets summoned each round.

A recurring trap or event, the first time it is revealed, is also shuffled back into the Boss
deck somewhere above the Boss, so it is met a second time (never a third). In the last fight the
Verminologist summons one of its pets at the end of every round while it stands, up to its cap.
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.games.catharsis.cards import Encounter, content
from bot.games.catharsis.state import CatharsisState


def recur(state: CatharsisState, card: Encounter, events: list[Event]) -> None:
    pub = state.public
    if not card.recurring or card.id in pub.recurred:
        return
    deck = state.secret.boss_deck
    deck.insert(state.rng.randbelow(len(deck)) if deck else 0, card.id)
    pub.recurred.append(card.id)
    pub.deck_left = len(deck)
    events.append(Event.public("recur", f"{card.name} creeps back into the Boss deck; it will be met again."))


def summon(state: CatharsisState, events: list[Event]) -> None:
    """Round end: a standing summoner calls up a pet while fewer than its cap are standing."""
    from bot.games.catharsis.combat import new_foe

    pub = state.public
    for foe in list(pub.foes):
        card = content().encounters[foe.card]
        if not card.summon or not foe.alive:
            continue
        pets = sum(1 for f in pub.foes if f.card == card.summon and f.alive)
        if pets >= card.summon_cap:
            continue
        pet = new_foe(state, content().encounters[card.summon])
        pub.foes.append(pet)
        events.append(Event.public("summon", f"{foe.name} calls up a {pet.name} ({pet.health} health)."))
