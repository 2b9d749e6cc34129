"""The Priest of the Unknown challenge deck: a race against the chant, and villagers to save.

The chant fills a track as time passes: one step for every Boss deck card revealed and one for
every combat round's end; some foes (his acolytes, the things from beyond) chant louder, and
saving a villager or searching takes time too. When the track is full the chant is complete and
the party is erased: it loses. Villagers saved help at the last fight (each takes health off the
Priest and a step off the chant); villagers left behind feed the force from beyond, adding 1 to
each of the Priest's blows.
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.effects import BOOK, Ctx
from bot.games.catharsis.state import CatharsisState, Foe


def length(state: CatharsisState) -> int:
    """The chant track's length for this deck and party size (0: no chant)."""
    return content().decks[state.public.deck].chant_length(state.public.party_size)


def chant(state: CatharsisState, amount: int, events: list[Event], why: str = "") -> None:
    pub = state.public
    if not length(state) or not amount:
        return
    before = pub.chant
    pub.chant = max(0, min(length(state), pub.chant + amount))
    if pub.chant == before:
        return
    verb = "swells" if pub.chant > before else "falters"
    events.append(Event.public("chant", f"The chant {verb}{why}: {pub.chant} of {length(state)}."))


def complete(state: CatharsisState) -> bool:
    return bool(length(state)) and state.public.chant >= length(state)


def save(state: CatharsisState, events: list[Event]) -> None:
    state.public.saved += 1
    events.append(Event.public("villager", f"Villagers led to safety: {state.public.saved}."))


def leave(state: CatharsisState, events: list[Event]) -> None:
    state.public.left += 1
    events.append(Event.public("villager", "The villagers are left to the force from beyond."))


def enter(state: CatharsisState, foe: Foe, events: list[Event]) -> None:
    """The Priest revealed: saved villagers weaken him and quiet the chant."""
    pub = state.public
    card = content().encounters[foe.card]
    if not (length(state) and card.kind == "boss"):
        return
    if pub.saved:
        wound = pub.saved * scaled(card.villager_wound, pub.party_size)
        foe.health = max(1, foe.health - wound)
        events.append(
            Event.public(
                "villager",
                f"The villagers the party saved cry out his secret name: {foe.name} starts at {foe.health} health.",
            )
        )
        chant(state, -pub.saved, events, " as the saved villagers pray against it")


def dread(state: CatharsisState, foe: Foe) -> int:
    """The Priest's blows grow by 1 for every villager left behind."""
    if not length(state) or content().encounters[foe.card].kind != "boss":
        return 0
    return state.public.left


# -- the blocks its cards are written in -------------------------------------------------------
@BOOK.op("chant")
def _chant(ctx: Ctx, amount: int) -> None:
    chant(ctx.state, amount, ctx.events)
    if ctx.hero is not None:
        ctx.notes.append(f"{'quiets' if amount < 0 else 'feeds'} the chant by {abs(amount)}")


@BOOK.op("save_villager")
def _save(ctx: Ctx) -> None:
    save(ctx.state, ctx.events)


@BOOK.op("leave_villager")
def _leave(ctx: Ctx) -> None:
    leave(ctx.state, ctx.events)
