"""The Avatar challenge deck: crossroads whose choices lead to different realms, and an Avatar that
grows stronger the longer the hunt takes.

The deck is laid out in legs: each leg's cards are shuffled and end with a crossroads card. At a
crossroads the party votes between two realms; the chosen realm's cards are shuffled onto the top
of the Boss deck (the other realm is never seen). Realms differ in length and danger: a short realm
is harsh, a long one gentler. Once the party has taken a realm the Avatar gains 1 Power for every
Boss deck card revealed (its own included); when it is met, each Power adds health and every 5 Power add 1 to each of its blows.
"""

from __future__ import annotations

from bot.engine.events import Event
from bot.engine.prng import Rng
from bot.engine.text import plural
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.effects import BOOK, Ctx
from bot.games.catharsis.state import CatharsisState, Foe

POWER_PER_BLOW = 5  # every this many Power add 1 to each of the Avatar's blows


def build(deck: str, rng: Rng) -> list[str] | None:
    """An Avatar deck's legs in order, each shuffled with its crossroads last; None for other decks."""
    book = content()
    if not book.decks[deck].grows:
        return None
    cards = [c for c in book.deck_cards(deck) if c.kind != "boss" and not c.realm]
    out: list[str] = []
    for leg in sorted({c.leg for c in cards}):
        plain = [c.id for c in cards if c.leg == leg and not c.crossroads for _ in range(c.copies)]
        rng.shuffle(plain)
        out += plain + [c.id for c in cards if c.leg == leg and c.crossroads]
    return [*out, book.decks[deck].boss]


def realm_cards(state: CatharsisState, realm: str) -> list[str]:
    return [c.id for c in content().deck_cards(state.public.deck) if c.realm == realm for _ in range(c.copies)]


def grow(state: CatharsisState, events: list[Event]) -> None:
    """A card revealed once the party is crossing the realms: the hunt goes on, and the Avatar grows."""
    if content().decks[state.public.deck].grows and state.public.realm:
        state.public.power += 1


def enter(state: CatharsisState, foe: Foe, events: list[Event]) -> None:
    card = content().encounters[foe.card]
    power = state.public.power
    if not (card.empower and power):
        return
    foe.max_health += power * scaled(card.empower, state.public.party_size)
    foe.health = foe.max_health
    events.append(
        Event.public(
            "avatar",
            f"{foe.name} has gathered {power} Power while the party searched: {foe.health} health,"
            f" +{power // POWER_PER_BLOW} damage on each blow.",
        )
    )


def might(state: CatharsisState, foe: Foe) -> int:
    """Every POWER_PER_BLOW Power add 1 to each of the Avatar's blows."""
    return state.public.power // POWER_PER_BLOW if content().encounters[foe.card].empower else 0


@BOOK.op("enter_realm")
def _enter_realm(ctx: Ctx, realm: str) -> None:
    state = ctx.state
    cards = realm_cards(state, realm)
    state.rng.shuffle(cards)
    state.secret.boss_deck[:0] = cards
    state.public.deck_left = len(state.secret.boss_deck)
    state.public.realm = realm
    name = content().decks[state.public.deck].realms.get(realm, realm)
    ctx.events.append(Event.public("realm", f"The party crosses into {name} ({plural(len(cards), 'card')})."))
