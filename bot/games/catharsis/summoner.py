"""The Summoner challenge deck: a boss rush of lesser bosses, then the Summoner himself.

His deck holds summoning cards instead of monsters. Each brings the next lesser bosses of the
deck's fixed sequence (one of each of the eight Boss decks), often two at once. Every standing
summon grants the other foes a boon: harder blows, or a ward that takes 1 off every hit. In the
last fight the Summoner calls back the summons the party beat, the most recent first, one at the
end of each round while fewer than two stand, up to his recall limit; when he falls, whatever he
holds fades with him.
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.games.catharsis.cards import Encounter, content
from bot.games.catharsis.state import CatharsisState, Foe


def gather(state: CatharsisState, card: Encounter, events: list[Event]) -> list[Foe] | None:
    """A summoning card's foes: the next lesser bosses of the sequence (None for any other card)."""
    from bot.games.catharsis.combat import new_foe

    if not card.summons:
        return None
    pub = state.public
    sequence = content().decks[pub.deck].sequence
    ids = [sequence[(pub.summoned + k) % len(sequence)] for k in range(card.summons)]
    pub.summoned += len(ids)
    foes = [new_foe(state, content().encounters[i]) for i in ids]
    names = " and ".join(f.name for f in foes)
    events.append(Event.public("summon", f"{card.name}: the Summoner calls up {names}."))
    return foes


def arrive(state: CatharsisState, card: Encounter, events: list[Event]) -> None:
    """The summons' own arrival effects (a lesser Sniper shooting first, say)."""
    from bot.games.catharsis.combat import run_blocks

    if not card.summons:
        return
    for i, foe in enumerate(state.public.foes):
        blocks = content().encounters[foe.card].on_reveal
        if blocks:
            run_blocks(state, blocks, events, foe=i)


def _boons(state: CatharsisState, foe_index: int, kind: str) -> int:
    """How many other standing foes grant this boon to the foe."""
    return sum(
        1
        for i, f in enumerate(state.public.foes)
        if i != foe_index and f.alive and content().encounters[f.card].boon == kind
    )


def rally(state: CatharsisState, foe_index: int) -> int:
    """Extra damage on each of this foe's blows, one per other standing summon granting it."""
    return _boons(state, foe_index, "blows")


def ward(state: CatharsisState, foe_index: int) -> int:
    """Damage taken off each hit on this foe, one per other standing summon warding it."""
    return _boons(state, foe_index, "ward")


def fallen(state: CatharsisState, foe: Foe, events: list[Event]) -> None:
    """A summon beaten is bound for the Summoner to call back; the Summoner beaten frees them all."""
    pub = state.public
    card = content().encounters[foe.card]
    if card.boon and foe.card not in pub.bound:
        pub.bound.append(foe.card)
    if card.recall:
        held = [f for f in pub.foes if f.alive]
        for f in held:
            f.health = 0
        if held:
            names = " and ".join(f.name for f in held)
            events.append(Event.public("fade", f"With {foe.name} gone, {names} fade away."))


def recall(state: CatharsisState, events: list[Event]) -> None:
    """Round end: a standing Summoner calls back his most recently beaten summon at half health."""
    from bot.games.catharsis.combat import new_foe

    pub = state.public
    for foe in list(pub.foes):
        card = content().encounters[foe.card]
        if not (card.recall and foe.alive and pub.bound and pub.recalls < card.recall):
            continue
        if sum(1 for f in pub.foes if f.alive and f is not foe) >= 2:
            continue
        back = new_foe(state, content().encounters[pub.bound.pop()])
        back.health = (back.max_health + 1) // 2
        pub.foes.append(back)
        pub.recalls += 1
        events.append(Event.public("recall", f"{foe.name} calls {back.name} back ({back.health} health)."))
