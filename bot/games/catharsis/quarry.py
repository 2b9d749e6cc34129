"""A Boss who flees through her own deck (the Demon-eyed Sniper).

She starts on top of the Boss deck. Each round she survives, after her side has attacked, she
slips a fixed number of cards deeper into the deck, keeping her wounds, and the fight ends with no
victory and no recovery. Once no card is left beneath her she is cornered: she stays and adds her
full arsenal to her attacks. Killing her at any sighting wins the game.
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.engine.text import plural
from bot.games.catharsis.cards import Attack, content
from bot.games.catharsis.state import CatharsisState, Foe


def enter(state: CatharsisState, foe: Foe) -> None:
    """A fleeing Boss comes back with the wounds she carried away, cornered if nothing is left."""
    card = content().encounters[foe.card]
    if not card.flee:
        return
    if state.public.quarry is not None:
        foe.health = state.public.quarry
    foe.cornered = not state.secret.boss_deck


def arsenal(foe: Foe) -> list[Attack]:
    card = content().encounters[foe.card]
    return [*card.attacks, *card.cornered] if foe.cornered else list(card.attacks)


def flee(state: CatharsisState, events: list[Event]) -> bool:
    """At the end of a round: a standing, uncornered quarry escapes. True when she did."""
    from bot.games.catharsis.combat import run_blocks

    pub = state.public
    for foe in pub.foes:
        card = content().encounters[foe.card]
        if not (card.flee and foe.alive and not foe.cornered):
            continue
        deck = state.secret.boss_deck
        depth = min(card.flee, len(deck))
        deck.insert(depth, foe.card)
        pub.deck_left = len(deck)
        pub.quarry = foe.health
        where = "to the bottom of the Boss deck" if depth == len(deck) - 1 else f"under the next {plural(depth, 'card')}"
        events.append(Event.public("flee", f"{foe.name} slips away {where}, with {foe.health} health left."))
        run_blocks(state, card.on_flee, events)
        return True
    return False


def wound(state: CatharsisState, amount: int, events: list[Event]) -> None:
    """Something the party learned of the quarry's ways costs her health (never below 1)."""
    pub = state.public
    if pub.quarry is None:
        return
    pub.quarry = max(1, pub.quarry - amount)
    events.append(Event.public("quarry", f"The party's quarry will return with {pub.quarry} health."))
