"""The Boss deck: building it, revealing the next card, traps, events and specials."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.prng import Rng
from bot.engine.seats import seat_ref
from bot.games.catharsis import avatar, boons, priest, vermin
from bot.games.catharsis.cards import Encounter, content
from bot.games.catharsis.combat import run_blocks, start_combat
from bot.games.catharsis.state import CatharsisState, Hero, Phase, Slot
from bot.games.catharsis.votes import open_vote

SET_ASIDE = "Set it aside"


def build_deck(deck: str, rng: Rng) -> list[str]:
    """Every card but the Boss, shuffled, with the Boss at the bottom (or on top, for a Boss who flees)."""
    laid_out = avatar.build(deck, rng)
    if laid_out is not None:
        return laid_out
    boss = content().decks[deck].boss
    cards = [c.id for c in content().deck_cards(deck) if c.id != boss for _ in range(c.copies)]
    rng.shuffle(cards)
    return [boss, *cards] if content().decks[deck].boss_start == "top" else [*cards, boss]


def reveal_next(state: CatharsisState, events: list[Event]) -> None:
    pub = state.public
    card_id = state.secret.boss_deck.pop(0)
    pub.deck_left = len(state.secret.boss_deck)
    pub.revealed.append(card_id)
    pub.card = card_id
    card = content().encounters[card_id]
    events.append(Event.public("reveal", f"The Boss deck reveals {card.name} ({card.kind})."))
    priest.chant(state, 1, events)  # time passes: the Priest's chant goes on
    avatar.grow(state, events)  # and the Avatar grows
    for h in pub.heroes:
        if h.role == "hidorian" and not h.dead and not h.flipped:
            h.counters["store"] = h.counters.get("store", 0) + 1
    if card.kind in ("monster", "boss"):
        start_combat(state, card, events)
    elif card.kind == "special":
        pub.phase = Phase.SPECIAL
        pub.claims_passed = []
    else:
        vermin.recur(state, card, events)
        resolve_encounter(state, card, events)


def resolve_encounter(state: CatharsisState, card: Encounter, events: list[Event]) -> None:
    """A trap or event: its blocks at once, or a party vote between its choices."""
    pub = state.public
    pub.phase = Phase.BETWEEN
    options = [c.label for c in card.choices]
    if card.linger or card.aside:
        options = (options or ["Face it"]) + [SET_ASIDE]
    if options:
        open_vote(state, "choice", f"{card.name}: what does the party do?", options, card=card.id)
    else:
        run_blocks(state, card.do, events)
    pub.after = "between"


def resolve_choice(state: CatharsisState, card_id: str, option: int, events: list[Event]) -> None:
    card = content().encounters[card_id]
    if (card.linger or card.aside) and option == len(card.choices or [None]):
        state.public.set_aside.append(card.id)
        if card.linger:
            state.public.growth_bank += 1
            events.append(Event.public("aside", f"{card.name} is set aside; it will haunt every fight to come."))
        else:
            events.append(Event.public("aside", f"{card.name} is set aside; the King's guard will feed on it."))
        return
    blocks = card.choices[option].do if card.choices else card.do
    label = card.choices[option].label if card.choices else "Face it"
    events.append(Event.public("choice", f"The party chooses: {label}."))
    run_blocks(state, blocks, events)


def claim_special(state: CatharsisState, hero: Hero, discard: list[int], events: list[Event]) -> None:
    card = content().encounters[state.public.card or ""]
    n = card.sacrifice
    if len(hero.board) < n:
        raise GameError(f"You need {n} powers to give up for {card.name}.")
    if len(discard) != n or len(set(discard)) != n or any(not 0 <= i < len(hero.board) for i in discard):
        raise GameError(f"Name exactly {n} different powers on your board to give up.")
    gone = [hero.board[i].card for i in discard]
    hero.board = [s for i, s in enumerate(hero.board) if i not in discard]
    hero.discards.extend(gone)
    if card.ability is not None:  # a blessing (Dragon & Lich) gives its gift instead of a place on the board
        hero.board.append(Slot(card=card.id))
    names = ", ".join(content().card_name(c) for c in gone)
    given = f"gives up {names} and gains" if gone else "takes"
    events.append(Event.public("special", f"{seat_ref(hero.seat)} {given} {card.name}."))
    boons.claim(state, hero, card, events)
