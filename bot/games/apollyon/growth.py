"""The Growth phase: Transfer, the shared Draw pile, Promote and Study."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import Seat, seat_ref
from bot.engine.text import plural
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.state import PileCard, Table

ASSET_DRAWS = 1  # what one Asset card costs from the pile
CHARACTER_DRAWS = 3
STUDY_TOKENS = 2


def take_asset_card(t: Table, seat: Seat, card: str) -> None:
    info = catalogue().assets[card]
    site = t.site(seat)
    for kind, n in info.gain.items():
        site.pool[kind] += n
    t.pub.space_gained += info.gain.space
    t.discard("asset", card)
    t.say("asset", f"{seat_ref(seat)} takes {info.name}.", card=card)


def solo(t: Table) -> bool:
    return len(t.seats) == 1


def pile_budget(t: Table) -> int:
    from bot.games.apollyon.effects import modifier

    base = 3 if solo(t) else len(t.seats) + 1
    return max(0, base + modifier(t, "draw_pile"))


def claim_limit(t: Table) -> int:
    return 2 if solo(t) else 1


def transfer(t: Table, seat: Seat, to: Seat, asset: str | None, character: int | None) -> None:
    site = t.site(seat)
    if site.transferred:
        raise GameError("You have already made your transfer this Growth phase.")
    if to == seat or to not in t.seats:
        raise GameError("Transfer to another director at this table.")
    if (asset is None) == (character is None):
        raise GameError("Transfer either one asset token or one character.")
    if asset is not None:
        if site.pool[asset] < 1:
            raise GameError(f"You have no {asset} token to transfer.")
        site.pool[asset] -= 1
        t.site(to).pool[asset] += 1
        t.say("transfer", f"{seat_ref(seat)} transfers a {asset} token to {seat_ref(to)}.")
    else:
        ch = t.take_from_hand(seat, character or 0)
        if ch is None:
            raise GameError("That character is not in your garrison.")
        t.add_to_hand(to, ch)
        t.say("transfer", f"{seat_ref(seat)} transfers a character to {seat_ref(to)}.")
        t.tell(to, "transfer", f"{ch.info.name} joins your garrison from {seat_ref(seat)}.")
    site.transferred = True


def promote(t: Table, seat: Seat, kind: str) -> None:
    site = t.site(seat)
    need = {"personnel": 2, "resource": 2, "space": 1}[kind]
    if site.pool[kind] < need:
        raise GameError(f"Promoting needs {need} {plural(kind, 'token')} in your pool.")
    site.pool[kind] -= need
    if kind == "personnel":
        card = t.draw("character")
        if card is None:
            raise GameError("The Character deck is empty.")
        ch = t.new_character(card)
        t.add_to_hand(seat, ch)
        t.say("promote", f"{seat_ref(seat)} promotes 2 Personnel into a new character.")
        t.tell(seat, "promote", f"{ch.info.name} joins your garrison.")
    elif kind == "resource":
        site.pool["space"] += 1
        t.pub.space_gained += 1
        t.say("promote", f"{seat_ref(seat)} turns 2 Resources into a Space token.")
    else:
        card = t.draw("asset")
        if card is None:
            raise GameError("The Asset deck is empty.")
        t.pub.space_traded += 1
        t.say("promote", f"{seat_ref(seat)} gives up a Space token for an Asset card.")
        take_asset_card(t, seat, card)


def study(t: Table, seat: Seat, uid: int) -> None:
    site = t.site(seat)
    if site.studied:
        raise GameError("You have already studied an anomaly this Growth phase.")
    found = t.find_contained(uid)
    if found is None:
        raise GameError("That anomaly is not contained anywhere.")
    if site.pool["personnel"] < 1:
        raise GameError("Study needs a Personnel token to spend.")
    site.pool["personnel"] -= 1
    site.spent["personnel"] += 1
    site.studied = True
    found[1].study += STUDY_TOKENS
    t.say("study", f"{seat_ref(seat)} studies {found[1].info.name}: {found[1].study} Study tokens.")


def build_pile(t: Table, seat: Seat, assets: int, characters: int) -> None:
    if t.pub.pile_built:
        raise GameError("The Draw pile has already been made this month.")
    if assets < 0 or characters < 0 or assets + characters == 0:
        raise GameError("Ask for at least one card.")
    cost = assets * ASSET_DRAWS + characters * CHARACTER_DRAWS
    budget = pile_budget(t)
    if cost > budget:
        raise GameError(f"The Draw pile allows {budget} draws; that asks for {cost}.")
    t.pub.pile_built = True
    for kind, n in (("asset", assets), ("character", characters)):
        for _ in range(n):
            card = t.draw(kind)
            if card:
                t.pub.pile.append(PileCard(kind=kind, card=card))
    names = ", ".join(_name(p.kind, p.card) for p in t.pub.pile) or "nothing"
    t.say("pile", f"{seat_ref(seat)} makes the Draw pile: {names}.")


def _name(kind: str, card: str) -> str:
    cat = catalogue()
    return cat.assets[card].name if kind == "asset" else cat.characters[card].name


def claim(t: Table, seat: Seat, index: int) -> None:
    site = t.site(seat)
    if not 0 <= index < len(t.pub.pile):
        raise GameError("There is no such card in the Draw pile.")
    pc = t.pub.pile[index]
    if pc.claimed_by is not None:
        raise GameError("That card has already been taken.")
    if site.claims >= claim_limit(t):
        raise GameError("You have already taken your card from the Draw pile.")
    pc.claimed_by = seat
    site.claims += 1
    if pc.kind == "asset":
        take_asset_card(t, seat, pc.card)
    else:
        ch = t.new_character(pc.card)
        t.add_to_hand(seat, ch)
        t.say("claim", f"{seat_ref(seat)} takes {ch.info.name} from the Draw pile.")


def close_pile(t: Table) -> None:
    for pc in t.pub.pile:
        if pc.claimed_by is None:
            t.discard(pc.kind, pc.card)
    t.pub.pile = []
    t.pub.pile_built = False
