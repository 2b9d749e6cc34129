"""Effects that move cards between hands and piles: forfeit, advantage, swaps, acquaintance gains and losses.

Public events never name a card that ends up in a hand; the players involved
get the names in private events.
"""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.haunted.cards import catalogue
from bot.games.haunted.decisions import BOOK, Ctx, answer, ask, card_labels, unique
from bot.games.haunted.state import Decision, Table

PILE = "pile:"


def names(cards: list[str]) -> str:
    return catalogue().names(cards)


# -- discard one card from hand (a step of several effects) ---------------------------------
@BOOK.op("_discard_one")
def discard_one(ctx: Ctx, seat: int, exclude: list[str] | None = None, why: str = "to make room") -> None:
    # The Urchin Thief is never given up to make room; with nothing else to give up, nothing goes.
    options = ctx.t.givable(seat, exclude)
    if not options:
        return
    ask(
        ctx,
        seat,
        "discard_one",
        f"Discard one card from your hand {why}.",
        options,
        labels=card_labels(options),
        public=f"is choosing a card to discard {why}.",
    )


@answer("discard_one")
def _discard_one(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    t.take_from_hand(d.seat, option)
    t.discard(option)
    t.say("discard", f"{seat_ref(d.seat)} discards {names([option])}.")


# -- forfeit (1.5, R-16) ------------------------------------------------------------------------
@BOOK.op("forfeit")
def forfeit(ctx: Ctx, who: str = "target") -> None:
    start_forfeit(ctx, ctx.caster if who == "caster" else ctx.target)


def start_forfeit(ctx: Ctx, seat: int) -> None:
    t = ctx.t
    if not t.hand(seat):
        t.say("forfeit", f"{seat_ref(seat)} must pay a forfeit but holds no cards, so nothing happens.")
        return
    taker = t.left(seat)
    taken = t.take_from_hand(seat, t.state.rng.choice(t.hand(seat)))
    t.hand(taker).append(taken)
    t.say(
        "forfeit", f"{seat_ref(seat)} pays a forfeit: {seat_ref(taker)} takes a random card from their hand."
    )
    t.tell(taker, "forfeit", f"You took {names([taken])} from {seat_ref(seat)}'s hand.", card=taken)
    t.tell(seat, "forfeit", f"{seat_ref(taker)} took your {names([taken])}.", card=taken)
    own = t.givable(taker, exclude=[taken])
    pile = [PILE + c for c in unique(t.pub.discard)]
    if not own and not pile:
        # Nothing to give back: the taken card is discarded and the forfeiter draws a replacement.
        t.take_from_hand(taker, taken)
        t.discard(taken)
        t.say(
            "forfeit", f"{seat_ref(taker)} has nothing to give back and discards the card: {names([taken])}."
        )
        t.draw_into_hand(seat, 1)
        return
    labels = card_labels(own) | {
        PILE + c: f"{catalogue().name(c)} (discard pile)" for c in unique(t.pub.discard)
    }
    ask(
        ctx,
        taker,
        "forfeit_give",
        f"Give {seat_ref(seat)} a card in return for {names([taken])}: one from your hand, or one from the discard pile.",
        own + pile,
        labels=labels,
        data={"from": seat, "taken": taken},
        public=f"is choosing a card to give {seat_ref(seat)} in return.",
    )


@answer("forfeit_give")
def _forfeit_give(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    seat, taken = d.data["from"], d.data["taken"]
    if not option.startswith(PILE):
        t.take_from_hand(d.seat, option)
        t.hand(seat).append(option)
        t.say("forfeit", f"{seat_ref(d.seat)} gives {seat_ref(seat)} a card from their own hand.")
        t.tell(seat, "forfeit", f"{seat_ref(d.seat)} gave you {names([option])}.", card=option)
        return
    card = t.from_discard(option.removeprefix(PILE))
    t.hand(seat).append(card)
    t.say("forfeit", f"{seat_ref(d.seat)} gives {seat_ref(seat)} a card from the discard pile.")
    t.tell(seat, "forfeit", f"{seat_ref(d.seat)} gave you {names([card])} from the discard pile.", card=card)
    options = ["keep", "discard"] if t.hand(d.seat) != [taken] else ["discard"]
    ask(
        ctx,
        d.seat,
        "forfeit_keep",
        f"Keep {names([taken])} (and discard another card of yours), or discard it?",
        options,
        labels={"keep": f"Keep {names([taken])}", "discard": f"Discard {names([taken])}"},
        default="discard",
        data={"taken": taken},
        public="is deciding whether to keep the card they took.",
    )


@answer("forfeit_keep")
def _forfeit_keep(ctx: Ctx, d: Decision, option: str) -> None:
    keep_or_discard(ctx, d.seat, d.data["taken"], option == "keep", in_hand=True)


def keep_or_discard(ctx: Ctx, seat: int, card: str, keep: bool, *, in_hand: bool) -> None:
    """Keep a card (discarding another one of your own), or discard it. The card is in hand or in limbo."""
    t = ctx.t
    if not in_hand:
        t.sec.limbo.remove(card)
        t.hand(seat).append(card)
    if keep:
        t.say("keep", f"{seat_ref(seat)} keeps the card they took.")
        discard_one(ctx, seat, exclude=[card])
    else:
        t.take_from_hand(seat, card)
        t.discard(card)
        t.say("discard", f"{seat_ref(seat)} discards the card they took: {names([card])}.")


# -- advantage (1.5, R-17) ------------------------------------------------------------------------
@BOOK.op("advantage")
def advantage(ctx: Ctx) -> None:
    t, seat = ctx.t, ctx.target
    drawn = t.draw(2)
    if not drawn:
        t.say("advantage", f"{seat_ref(seat)} would take an advantage, but there are no cards left to draw.")
        return
    t.sec.limbo.extend(drawn)
    t.say("advantage", f"{seat_ref(seat)} takes an advantage and looks at the top {len(drawn)} cards.")
    t.tell(seat, "advantage", f"Your advantage: you drew {names(drawn)}.", cards=drawn)
    ask(
        ctx,
        seat,
        "advantage",
        "Keep one of these (and discard a card from your hand), or keep none.",
        [*drawn, "none"],
        labels=card_labels(drawn) | {"none": "Keep none"},
        default="none",
        forced=False,
        public="is deciding what to keep from their advantage.",
    )


@answer("advantage")
def _advantage(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    kept = [] if option == "none" else [option]
    rest = [c for c in t.sec.limbo if c not in kept]
    t.sec.limbo = []
    t.hand(d.seat).extend(kept)
    t.discard(*rest)
    if rest:
        t.say("advantage", f"{seat_ref(d.seat)} discards {names(rest)} from the advantage.")
    if kept:
        discard_one(ctx, d.seat, exclude=kept)


# -- Refreshments: draw some, keep any, one discard per card kept --------------------------------
@BOOK.op("draw_keep")
def draw_keep(ctx: Ctx, n: int = 2) -> None:
    t, seat = ctx.t, ctx.target
    drawn = t.draw(n)
    if not drawn:
        t.say("draw", "There are no cards left to draw.")
        return
    t.sec.limbo.extend(drawn)
    t.say("draw", f"{seat_ref(seat)} draws {len(drawn)} cards to look at.")
    t.tell(seat, "draw", f"You drew {names(drawn)}.", cards=drawn)
    _ask_keep_more(ctx, seat)


def _ask_keep_more(ctx: Ctx, seat: int) -> None:
    held = list(ctx.t.sec.limbo)
    ask(
        ctx,
        seat,
        "keep_more",
        "Keep a drawn card (you then discard one from your hand), or stop.",
        [*held, "done"],
        labels=card_labels(held) | {"done": "Keep no more"},
        default="done",
        forced=False,
        public="is deciding which drawn cards to keep.",
    )


@BOOK.op("_keep_more")
def keep_more(ctx: Ctx, seat: int) -> None:
    if ctx.t.sec.limbo:
        _ask_keep_more(ctx, seat)


@answer("keep_more")
def _keep_more(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    if option == "done":
        rest, t.sec.limbo = t.sec.limbo, []
        t.discard(*rest)
        t.say("discard", f"{seat_ref(d.seat)} discards the drawn cards they did not keep: {names(rest)}.")
        return
    t.sec.limbo.remove(option)
    t.hand(d.seat).append(option)
    t.say("keep", f"{seat_ref(d.seat)} keeps one drawn card.")
    ctx.push(
        [
            {"op": "_discard_one", "seat": d.seat, "exclude": [option]},
            {"op": "_keep_more", "seat": d.seat},
        ]
    )


# -- acquaintances from the discard pile, and out of the hand -------------------------------------
@BOOK.op("take_acquaintance")
def take_acquaintance(ctx: Ctx) -> None:
    t, seat = ctx.t, ctx.target
    found = unique([c for c in t.pub.discard if catalogue().type_of(c) == "acquaintance"])
    if not found:
        t.say("nothing", "There is no acquaintance in the discard pile, so nothing happens.")
        return
    ask(
        ctx,
        seat,
        "take_acquaintance",
        "Take an acquaintance from the discard pile into your hand.",
        found,
        labels=card_labels(found),
        public="is choosing an acquaintance from the discard pile.",
    )


@answer("take_acquaintance")
def _take_acquaintance(ctx: Ctx, d: Decision, option: str) -> None:
    ctx.t.hand(d.seat).append(ctx.t.from_discard(option))
    ctx.t.say("take", f"{seat_ref(d.seat)} takes an acquaintance from the discard pile into their hand.")
    ctx.t.tell(d.seat, "take", f"You took {names([option])} from the discard pile.", card=option)


@BOOK.op("lose_acquaintance")
def lose_acquaintance(ctx: Ctx, every: bool = False, replace: bool = False) -> None:
    t, seat = ctx.t, ctx.target
    held = t.of_type(seat, "acquaintance")
    if not held:
        t.say("nothing", f"{seat_ref(seat)} holds no acquaintance, so nothing happens.")
        return
    if every:
        for card in held:
            t.take_from_hand(seat, card)
        t.discard(*held)
        t.say("lose", f"{seat_ref(seat)} loses every acquaintance they held: {names(held)}.")
        if replace:
            t.draw_into_hand(seat, len(held))
        return
    ask(
        ctx,
        seat,
        "lose_acquaintance",
        "Choose the acquaintance you lose.",
        held,
        labels=card_labels(held),
        data={"replace": replace},
        public="is choosing which acquaintance to lose.",
    )


@answer("lose_acquaintance")
def _lose_acquaintance(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    t.take_from_hand(d.seat, option)
    t.discard(option)
    t.say("lose", f"{seat_ref(d.seat)} loses an acquaintance: {names([option])}.")
    if d.data["replace"]:
        t.draw_into_hand(d.seat, 1)


# -- Blood Letting: swap cards with the player on the left (R-29) ---------------------------------
@BOOK.op("exchange_left")
def exchange_left(ctx: Ctx, n: int = 2) -> None:
    t, seat = ctx.t, ctx.target
    other = t.left(seat)
    k = min(n, len(t.givable(seat)), len(t.givable(other)))
    if k == 0:
        t.say("nothing", f"{seat_ref(seat)} and {seat_ref(other)} have nothing to exchange.")
        return
    t.sec.stash["exchange"] = {"seats": [seat, other], "k": k, "picked": {str(seat): [], str(other): []}}
    t.say("exchange", f"{seat_ref(seat)} and {seat_ref(other)} each choose {plural(k, 'card')} to exchange.")
    _ask_exchange(ctx, seat)


def _ask_exchange(ctx: Ctx, seat: int) -> None:
    t = ctx.t
    ex = t.sec.stash["exchange"]
    picked = ex["picked"][str(seat)]
    other = ex["seats"][1] if seat == ex["seats"][0] else ex["seats"][0]
    options = t.givable(seat, exclude=picked)
    ask(
        ctx,
        seat,
        "exchange",
        f"Choose a card to give {seat_ref(other)} ({len(picked) + 1} of {ex['k']}).",
        options,
        labels=card_labels(options),
        public=f"is choosing cards to give {seat_ref(other)}.",
    )


@answer("exchange")
def _exchange(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    ex = t.sec.stash["exchange"]
    ex["picked"][str(d.seat)].append(option)
    first, second = ex["seats"]
    if len(ex["picked"][str(d.seat)]) < ex["k"]:
        _ask_exchange(ctx, d.seat)
        return
    if d.seat == first:
        _ask_exchange(ctx, second)
        return
    a, b = ex["picked"][str(first)], ex["picked"][str(second)]
    del t.sec.stash["exchange"]
    for card in a:
        t.take_from_hand(first, card)
    for card in b:
        t.take_from_hand(second, card)
    t.hand(first).extend(b)
    t.hand(second).extend(a)
    t.say("exchange", f"{seat_ref(first)} and {seat_ref(second)} exchange {plural(len(a), 'card')}.")
    t.tell(first, "exchange", f"You gave {names(a)} and received {names(b)}.")
    t.tell(second, "exchange", f"You gave {names(b)} and received {names(a)}.")


def rotate_hands(t: Table) -> None:
    """Every hand passes to the player on the left."""
    old = {s: (p.cards, p.stuck) for s, p in t.state.players.items()}
    for seat, (cards, _stuck) in old.items():
        t.state.players[t.left(seat)].cards = cards
        t.state.players[t.left(seat)].stuck = []
    for seat in t.state.players:
        t.tell(seat, "hand", f"Your new hand: {names(t.hand(seat))}.", cards=list(t.hand(seat)))


def replace_hand(t: Table, seat: int) -> None:
    """Discard a whole hand and draw as many new cards."""
    gone = t.discard_hand(seat)
    t.say("discard", f"{seat_ref(seat)} discards their whole hand: {names(gone)}.")
    t.draw_into_hand(seat, len(gone))
