"""The Lap of the Gods table (1.12, R-15): reveal three cards, apply the first row that matches."""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.games.haunted.cards import ESSENTIAL, catalogue
from bot.games.haunted.decisions import BOOK, Ctx, answer, ask, seat_labels
from bot.games.haunted.hands import keep_or_discard, names, replace_hand, rotate_hands
from bot.games.haunted.state import Decision

RIFT, STRUCK, TAMPER, CHILL, SCATTER = "rift", "struck", "tamper", "chill", "scatter"

OUTCOME_TEXT = {
    RIFT: "a rift opens in reality: every player passes their whole hand to the left",
    STRUCK: "an opponent of their choice is struck down and must replace their whole hand",
    TAMPER: "they take a random card from the player on their left",
    CHILL: "a chill: the player on their left takes a random card from them",
    SCATTER: "their plans scatter: they replace their whole hand",
}


def outcome(types: list[str]) -> str:
    """The row of the table for three revealed card types, rift first (R-15)."""
    essentials = sum(1 for ty in types if ty in ESSENTIAL)
    if essentials == 3 and len(set(types)) == 1:
        return RIFT
    return {3: STRUCK, 2: TAMPER, 1: CHILL, 0: SCATTER}[essentials]


@BOOK.op("lap")
def lap(ctx: Ctx) -> None:
    t, seat = ctx.t, ctx.target
    if t.available() < 3:
        t.say(
            "lap", f"{seat_ref(seat)} should draw on the Lap of the Gods, but fewer than three cards remain."
        )
        return
    shown = t.draw(3)
    t.discard(*shown)
    row = outcome([catalogue().type_of(c) for c in shown])
    t.say(
        "lap",
        f"{seat_ref(seat)} draws on the Lap of the Gods and reveals {names(shown)}: {OUTCOME_TEXT[row]}.",
    )
    if row == RIFT:
        rotate_hands(t)
    elif row == SCATTER:
        replace_hand(t, seat)
    elif row == STRUCK:
        others = [s for s in range(t.pub.seats) if s != seat]
        ask(
            ctx,
            seat,
            "struck",
            "Choose the opponent who is struck down and must replace their whole hand.",
            [f"seat:{s}" for s in others],
            labels=seat_labels(others),
            public="is choosing who is struck down.",
        )
    elif row == TAMPER:
        _random_take(ctx, victim=t.left(seat), taker=seat, replace=t.left(seat))
    else:
        _random_take(ctx, victim=seat, taker=t.left(seat), replace=seat)


@answer("struck")
def _struck(ctx: Ctx, d: Decision, option: str) -> None:
    replace_hand(ctx.t, int(option.removeprefix("seat:")))


def _random_take(ctx: Ctx, victim: int, taker: int, replace: int) -> None:
    t = ctx.t
    if not t.hand(victim):
        t.say("lap", f"{seat_ref(victim)} holds no cards, so nothing is taken.")
        return
    card = t.take_from_hand(victim, t.state.rng.choice(t.hand(victim)))
    t.sec.limbo.append(card)
    t.say("lap", f"{seat_ref(taker)} takes a random card from {seat_ref(victim)}'s hand.")
    t.tell(taker, "lap", f"You took {names([card])} from {seat_ref(victim)}.", card=card)
    t.tell(victim, "lap", f"{seat_ref(taker)} took your {names([card])}.", card=card)
    t.draw_into_hand(replace, 1)
    ask(
        ctx,
        taker,
        "lap_keep",
        f"Keep {names([card])} (and discard one of your own cards), or discard it?",
        ["keep", "discard"],
        labels={"keep": f"Keep {names([card])}", "discard": f"Discard {names([card])}"},
        default="discard",
        data={"card": card},
        forced=False,
        public="is deciding whether to keep the card they took.",
    )


@answer("lap_keep")
def _lap_keep(ctx: Ctx, d: Decision, option: str) -> None:
    keep_or_discard(ctx, d.seat, d.data["card"], option == "keep", in_hand=False)
