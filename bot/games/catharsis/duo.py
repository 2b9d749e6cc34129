"""Duo powers (the rulebook's variant): one power lying between two heroes who agreed to share it.

Each partner is dealt one power fewer. The duo power is on neither board: the hero named first in
`Duo.seats` pays its top half, the other its bottom half, each with their own dice. Used alone, a
half exhausts the card at the end of the players' phase; when both halves are used in the same
round the card's bonus follows at once and the card exhausts. Either partner may take a point of
damage on it (ready: it exhausts; exhausted: it is discarded for good). It cannot be replaced, and
no role's own rules reach it (Fizzleboom & Burrr cannot swap it out, Briggs does not hand it to
Liara, though on his side it fills one of his places while it lasts).
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import model_validator

from bot.engine.cards import CardDataError, load_entries, unique_ids
from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import Ability, Strict, content
from bot.games.catharsis.costs import describe_cost, first_payment, paying_alternative
from bot.games.catharsis.state import CatharsisState, Duo, Hero

SPOT = -1  # the duo power's place in a list of board places (where damage lands)
FOE_OPS = {"damage", "spore"}


class DuoCard(Strict):
    id: str
    name: str
    roles: list[str] = []  # [top payer, bottom payer]; empty: any pair without a card of its own
    blurb: str
    top: Ability
    bottom: Ability
    bonus: list[dict[str, Any]] = []  # when both halves are used in one round

    @model_validator(mode="after")
    def _pair(self) -> DuoCard:
        if self.roles and (len(self.roles) != 2 or self.roles[0] == self.roles[1]):
            raise ValueError("a duo power names two different roles, or none")
        return self


@lru_cache(maxsize=1)
def cards() -> dict[str, DuoCard]:
    return load_duos()


def load_duos(root: Path | None = None) -> dict[str, DuoCard]:
    """The duo powers in data/catharsis/, checked against the roles and power names beside them."""
    from bot.games.catharsis.cards import load_content
    from bot.games.catharsis.effects import BOOK

    data = content() if root is None else load_content(root)
    found = load_entries("catharsis", "duos", DuoCard, root)
    unique_ids(found, "id", "catharsis duos")
    taken = {p.name.lower() for p in data.powers.values()} | {e.name.lower() for e in data.encounters.values()}
    for d in found:
        for role in d.roles:
            if role not in data.roles:
                raise CardDataError(f"catharsis duo {d.id}: unknown role {role!r}")
        if d.id in data.powers or d.name.lower() in taken:
            raise CardDataError(f"catharsis duo {d.id}: {d.name!r} is already the name of another card")
        for where, blocks in (("top", d.top.do), ("bottom", d.bottom.do), ("bonus", d.bonus)):
            BOOK.validate(blocks, f"catharsis duo {d.id} {where}")
    if sum(1 for d in found if not d.roles) != 1:
        raise CardDataError("catharsis duos: exactly one duo power is shared by pairs without their own")
    return {d.id: d for d in found}


def card_for(top_role: str, bottom_role: str) -> tuple[str, bool]:
    """The duo power for a pair, and whether the second hero pays its top (the card names them so)."""
    for d in cards().values():
        if d.roles == [top_role, bottom_role]:
            return d.id, False
        if d.roles == [bottom_role, top_role]:
            return d.id, True
    return next(d.id for d in cards().values() if not d.roles), False


def check_pairs(pairs: list[list[int]], players: int) -> None:
    seen: set[int] = set()
    for pair in pairs:
        if len(pair) != 2 or pair[0] == pair[1] or not all(0 <= s < players for s in pair):
            raise GameError("A duo is two different players of this game.")
        if seen & set(pair):
            raise GameError("Each player may share one duo power at most.")
        seen |= set(pair)


def begin(state: CatharsisState, events: list[Event]) -> None:
    """Once roles are known: find each pair's card, and give each partner's last dealt power back."""
    pub = state.public
    for duo in pub.duos:
        a, b = duo.seats
        duo.card, swap = card_for(pub.heroes[a].role, pub.heroes[b].role)
        if swap:
            duo.seats = [b, a]
        for seat in duo.seats:
            hero = pub.heroes[seat]
            state.secret.decks[seat].insert(0, hero.board.pop().card)  # dealt one power fewer
            hero.deck_count += 1
        top, bottom = duo.seats
        events.append(
            Event.public(
                "duo",
                f"{seat_ref(top)} and {seat_ref(bottom)} share the duo power {cards()[duo.card].name}: "
                f"{seat_ref(top)} pays its top, {seat_ref(bottom)} its bottom.",
            )
        )


def of(state: CatharsisState, seat: int) -> Duo | None:
    """The duo power this hero shares, while it lasts."""
    return next((d for d in state.public.duos if seat in d.seats and d.card and not d.gone), None)


def health(state: CatharsisState, hero: Hero) -> int:
    duo = of(state, hero.seat)
    return 0 if duo is None else (2 if duo.ready else 1)


def wound(state: CatharsisState, hero: Hero, points: int, events: list[Event]) -> None:
    """Points a hero takes on the shared power: the first exhausts it, the next discards it."""
    if not points:
        return
    duo = of(state, hero.seat)
    if duo is None or points > health(state, hero):
        raise GameError("The duo power cannot take that much.")
    name = cards()[duo.card].name
    if duo.ready:
        duo.ready = False
        points -= 1
        events.append(Event.public("duo", f"{seat_ref(hero.seat)} exhausts the shared {name} to take 1 damage."))
    if points:
        duo.gone = True
        events.append(Event.public("duo", f"{seat_ref(hero.seat)} discards the shared {name} for good."))


def half_of(duo: Duo, seat: int) -> str:
    return "top" if duo.seats[0] == seat else "bottom"


def use(state: CatharsisState, hero: Hero, cmd: c.DuoUse, events: list[Event]) -> None:
    from bot.games.catharsis import companions
    from bot.games.catharsis.effects import BOOK, Ctx

    duo = of(state, hero.seat)
    if duo is None:
        raise GameError("You share no duo power.")
    card = cards()[duo.card]
    mine = half_of(duo, hero.seat)
    if cmd.half != mine:
        raise GameError(f"Your partner pays the {cmd.half} of {card.name}; yours is its {mine}.")
    if not duo.ready:
        raise GameError(f"{card.name} is exhausted.")
    if mine in duo.paid:
        raise GameError(f"You have already used your half of {card.name} this round.")
    ab = card.top if mine == "top" else card.bottom
    if len(set(cmd.dice)) != len(cmd.dice) or any(
        not 0 <= i < len(hero.dice) or hero.dice[i].used for i in cmd.dice
    ):
        raise GameError("You can only use your own unused dice, each once.")
    companions.check_own_dice(hero, cmd.dice)
    if paying_alternative(ab.cost, [hero.dice[i].value for i in cmd.dice]) is None:
        raise GameError(f"Those dice do not pay {describe_cost(ab.cost)} for {card.name}.")
    for i in cmd.dice:
        hero.dice[i].used = True
    ctx = Ctx(state=state, events=events, hero=hero, params=cmd)
    BOOK.run(ctx, ab.do)
    duo.paid.append(mine)
    text = f"{seat_ref(hero.seat)} uses the {mine} of the shared {card.name}"
    if ctx.notes:
        text += ": " + "; ".join(ctx.notes)
    events.append(Event.public("duo", text + "."))
    if len(duo.paid) == 2:  # both halves in one round: the bonus, then the card is spent
        from bot.games.catharsis.combat import living_foes

        bonus = [b for b in card.bonus if living_foes(state) or b["op"] not in FOE_OPS]
        together = Ctx(state=state, events=events, hero=hero, params=cmd)
        BOOK.run(together, bonus)
        duo.ready, duo.paid = False, []
        events.append(Event.public("duo", f"Together they unleash {card.name}'s full strength."))


def settle(state: CatharsisState) -> None:
    """At the end of the players' phase (or a won fight) a half used alone exhausts the card."""
    for duo in state.public.duos:
        if duo.paid:
            duo.ready, duo.paid = False, []


def refresh(state: CatharsisState) -> None:
    for duo in state.public.duos:
        if not duo.gone:
            duo.ready = True


def actions(state: CatharsisState, hero: Hero, target: int | None) -> list[Any]:
    """The hero's half of their duo power, with some dice that pay it."""
    from bot.games.catharsis import companions

    duo = of(state, hero.seat)
    if duo is None or not duo.ready:
        return []
    half = half_of(duo, hero.seat)
    if half in duo.paid:
        return []
    card = cards()[duo.card]
    ab = card.top if half == "top" else card.bottom
    if target is None and any(b["op"] in FOE_OPS for b in ab.do):
        return []
    dice = first_payment(ab.cost, {i: hero.dice[i].value for i in companions.own_free(hero)})
    return [] if dice is None else [c.DuoUse(half=half, dice=dice, target=target)]
