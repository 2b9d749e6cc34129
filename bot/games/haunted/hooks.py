"""Named hooks: the cards whose powers are too odd for the common blocks, registered by card id."""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.games.haunted.cards import ESSENTIAL, catalogue
from bot.games.haunted.decisions import BOOK, Ctx, answer, ask, card_labels, line_labels, seat_labels, unique
from bot.games.haunted.hands import names, start_forfeit
from bot.games.haunted.state import Decision, Line, line_ref


def _name(card: str) -> str:
    return catalogue().name(card)


# -- Coach and Horses (EVT-01, R-26) ------------------------------------------------------------
@BOOK.hook("coach-and-horses")
def coach_and_horses(ctx: Ctx, shields: list[str]) -> None:
    t, seat = ctx.t, ctx.target
    held = t.of_type(seat, "acquaintance")
    shield_ids = {catalogue().resolve(s) for s in shields}
    if not held or shield_ids & set(held):
        t.say("blocked", f"The coach only blocks {seat_ref(ctx.caster)}'s path, and they pay a forfeit.")
        start_forfeit(ctx, ctx.caster)
        return
    ctx.push([{"op": "lose_acquaintance"}])


# -- Urchin Thief (EVT-04, R-27) -----------------------------------------------------------------
@BOOK.hook("urchin-thief")
def urchin_thief(ctx: Ctx) -> None:
    t, seat = ctx.t, ctx.target
    options = t.of_type(seat, "action", "acquaintance")
    if not options:
        t.say("nothing", f"{seat_ref(seat)} holds no action or acquaintance; the urchin runs off.")
        return
    ask(
        ctx,
        seat,
        "urchin",
        "The urchin steals an action or acquaintance of your choice: which one?",
        options,
        labels=card_labels(options),
        public="is choosing what the urchin steals.",
    )


@answer("urchin")
def _urchin(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    t.take_from_hand(d.seat, option)
    t.discard(option)
    t.pub.resolving.remove(ctx.card)
    t.hand(d.seat).append(ctx.card)
    t.state.players[d.seat].stuck.append(ctx.card)
    t.say(
        "urchin",
        f"The urchin steals {_name(option)} from {seat_ref(d.seat)} and stays in their hand "
        "until they discard him at the end of a turn.",
    )


# -- Attacked! (EVT-13, R-25) ----------------------------------------------------------------------
@BOOK.hook("attacked")
def attacked(ctx: Ctx) -> None:
    t, seat = ctx.t, ctx.target
    if not any(ln.empty for ln in t.pub.lines[seat]):
        t.say("attacked", f"{seat_ref(seat)} has no room for another setting.")
        ctx.push(
            [
                {
                    "op": "if_acquaintance",
                    "then": [{"op": "lose_acquaintance"}],
                    "otherwise": [{"op": "forfeit"}],
                }
            ]
        )
        return
    for placer in t.from_left(seat):
        settings = t.of_type(placer, "setting")
        if settings:
            t.say(
                "attacked", f"{seat_ref(placer)} is the first from {seat_ref(seat)}'s left holding a setting."
            )
            ask(
                ctx,
                placer,
                "attacked_setting",
                f"You must place a setting on one of {seat_ref(seat)}'s empty lines: which setting?",
                settings,
                labels=card_labels(settings),
                data={"placer": placer},
                public=f"is choosing a setting to place in front of {seat_ref(seat)}.",
            )
            return
        t.say("attacked", f"{seat_ref(placer)} holds no setting.")
    t.say("nothing", "Nobody else holds a setting, so nothing happens.")


@answer("attacked_setting")
def _attacked_setting(ctx: Ctx, d: Decision, option: str) -> None:
    t, seat = ctx.t, ctx.target
    empty = [i for i, ln in enumerate(t.pub.lines[seat]) if ln.empty]
    ask(
        ctx,
        d.seat,
        "attacked_line",
        f"Which of {seat_ref(seat)}'s empty lines gets {_name(option)}?",
        [f"line:{i}" for i in empty],
        labels=line_labels(seat, empty),
        data={"setting": option},
        public=f"is choosing which of {seat_ref(seat)}'s lines gets the setting.",
    )


@answer("attacked_line")
def _attacked_line(ctx: Ctx, d: Decision, option: str) -> None:
    t, seat, placer = ctx.t, ctx.target, d.seat
    index = int(option.removeprefix("line:"))
    card = t.take_from_hand(placer, d.data["setting"])
    ln = t.line(seat, index)
    ln.setting = card
    ln.fresh.append(card)
    t.say("place", f"{seat_ref(placer)} places {_name(card)} on {line_ref(seat, index)}.", card=card)
    found = unique(t.pub.discard)
    if not found:
        t.draw_into_hand(placer, 1)
        return
    ask(
        ctx,
        placer,
        "attacked_refill",
        "Take a card of your choice from the discard pile to replace the setting.",
        found,
        labels=card_labels(found),
        public="is choosing a card from the discard pile to replace the setting.",
    )


@answer("attacked_refill")
def _attacked_refill(ctx: Ctx, d: Decision, option: str) -> None:
    ctx.t.hand(d.seat).append(ctx.t.from_discard(option))
    ctx.t.say("take", f"{seat_ref(d.seat)} takes a card from the discard pile.")
    ctx.t.tell(d.seat, "take", f"You took {_name(option)} from the discard pile.", card=option)


# -- Hidden Compartment (EVT-17, R-24) ------------------------------------------------------------
def _size(ln: Line) -> int:
    return 3 if ln.pending else len(ln.cards())


@BOOK.hook("hidden-compartment")
def hidden_compartment(ctx: Ctx) -> None:
    ask(
        ctx,
        ctx.target,
        "compartment",
        "Investigate the hollow wall (draw a card and take what comes), or leave it alone?",
        ["investigate", "leave"],
        labels={"investigate": "Investigate", "leave": "Leave it"},
        default="leave",
        forced=False,
        public="is deciding whether to investigate the hollow wall.",
    )


@answer("compartment")
def _compartment(ctx: Ctx, d: Decision, option: str) -> None:
    t, seat = ctx.t, ctx.target
    if option == "leave":
        t.say("nothing", f"{seat_ref(seat)} leaves the wall alone.")
        return
    drawn = t.draw(1)
    if not drawn:
        t.say("nothing", "There is no card left to draw, so nothing happens.")
        return
    card = drawn[0]
    t.discard(card)
    kind = catalogue().type_of(card)
    t.say("test", f"{seat_ref(seat)} draws {_name(card)} ({kind}).", card=card)
    if kind in ESSENTIAL:
        started = [i for i, ln in enumerate(t.pub.lines[seat]) if ln.setting and not ln.complete]
        if not started:
            t.say("nothing", f"{seat_ref(seat)} has no started line to lose.")
            return
        best = min(_size(t.line(seat, i)) for i in started)
        tied = [i for i in started if _size(t.line(seat, i)) == best]
        ask(
            ctx,
            seat,
            "compartment_remove",
            "Your smallest lines are tied: choose the one you abandon.",
            [f"line:{i}" for i in tied],
            labels=line_labels(seat, tied),
            public="is choosing which of their smallest lines to abandon.",
        )
        return
    empty = [i for i, ln in enumerate(t.pub.lines[seat]) if ln.empty]
    if not empty:
        t.say("nothing", f"{seat_ref(seat)} already has three started lines, so nothing more happens.")
        return
    lines = [
        (s, i)
        for s in range(t.pub.seats)
        if s != seat
        for i, ln in enumerate(t.pub.lines[s])
        if ln.setting and ln.active
    ]
    if not lines:
        t.say("nothing", "No other player has a started line to hand over.")
        return
    best = min(_size(t.line(s, i)) for s, i in lines)
    owners = unique([str(s) for s, i in lines if _size(t.line(s, i)) == best])
    owner = int(t.state.rng.choice(owners))
    tied = [i for s, i in lines if s == owner and _size(t.line(s, i)) == best]
    if len(owners) > 1:
        t.say("draw", f"Several players tie for the smallest line; the draw picks {seat_ref(owner)}.")
    ask(
        ctx,
        owner,
        "compartment_give",
        f"You must hand one of your smallest lines to {seat_ref(seat)}: which one?",
        [f"line:{i}" for i in tied],
        labels=line_labels(owner, tied),
        data={"to": seat},
        public=f"is choosing which line to hand to {seat_ref(seat)}.",
    )


@answer("compartment_remove")
def _compartment_remove(ctx: Ctx, d: Decision, option: str) -> None:
    index = int(option.removeprefix("line:"))
    gone = ctx.t.line(d.seat, index).clear()
    ctx.t.discard(*gone)
    ctx.t.say("remove", f"{seat_ref(d.seat)} flees: {line_ref(d.seat, index)} ({names(gone)}) is discarded.")


@answer("compartment_give")
def _compartment_give(ctx: Ctx, d: Decision, option: str) -> None:
    t, to = ctx.t, d.data["to"]
    index = int(option.removeprefix("line:"))
    dest = next(i for i, ln in enumerate(t.pub.lines[to]) if ln.empty)
    moved = t.line(d.seat, index).model_copy(deep=True)
    moved.fresh = []  # a handed-over line is not this turn's play
    t.pub.lines[to][dest] = moved
    t.line(d.seat, index).clear()
    t.say(
        "move",
        f"{line_ref(d.seat, index)} ({names(moved.cards())}) is handed over and becomes {line_ref(to, dest)}.",
    )


# -- Activate Focus (ACT-18, R-28) ------------------------------------------------------------------
@BOOK.hook("activate-focus")
def activate_focus(ctx: Ctx) -> None:
    t = ctx.t
    ln = t.line(ctx.target, ctx.line)
    options = [c for c in catalogue()[ln.focus].summons if c in t.pub.discard] if ln.focus else []
    if not options or not ln.active:
        t.say(
            "nothing", "No hidden terror that this focus summons is in the discard pile, so nothing happens."
        )
        return
    ask(
        ctx,
        ctx.caster,
        "activate",
        "Both terrors this focus summons are in the discard pile: which one rises?",
        options,
        labels=card_labels(options),
        public="is choosing which hidden terror rises.",
    )


@answer("activate")
def _activate(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    ln = t.line(ctx.target, ctx.line)
    ln.terror = t.from_discard(option)
    ln.fresh.append(option)
    t.say(
        "place",
        f"{_name(option)} rises from the discard pile onto {line_ref(ctx.target, ctx.line)}.",
        card=option,
    )


# -- Wellwishing Stranger (ACQ-07, R-29) -------------------------------------------------------------
@BOOK.hook("wellwishing-stranger")
def wellwishing_stranger(ctx: Ctx) -> None:
    _ask_next(ctx, [])


def _ask_next(ctx: Ctx, asked: list[int]) -> None:
    t, seat = ctx.t, ctx.target
    left = [s for s in t.from_left(seat) if s not in asked]
    if not left:
        t.say("nothing", "Nobody had an action card to give, so nothing happens.")
        return
    ask(
        ctx,
        seat,
        "stranger_ask",
        "Name a player who must give you an action card.",
        [f"seat:{s}" for s in left],
        labels=seat_labels(left),
        data={"asked": asked},
        public="is choosing whom to ask for an action card.",
    )


@answer("stranger_ask")
def _stranger_ask(ctx: Ctx, d: Decision, option: str) -> None:
    t = ctx.t
    giver = int(option.removeprefix("seat:"))
    asked = [*d.data["asked"], giver]
    actions = t.of_type(giver, "action")
    if not actions:
        t.say("stranger", f"{seat_ref(giver)} has no action card to give.")
        _ask_next(ctx, asked)
        return
    ask(
        ctx,
        giver,
        "stranger_give",
        f"Give {seat_ref(ctx.target)} one of your action cards.",
        actions,
        labels=card_labels(actions),
        public=f"is choosing an action card to give {seat_ref(ctx.target)}.",
    )


@answer("stranger_give")
def _stranger_give(ctx: Ctx, d: Decision, option: str) -> None:
    t, seat = ctx.t, ctx.target
    t.take_from_hand(d.seat, option)
    t.hand(seat).append(option)
    t.say("stranger", f"{seat_ref(d.seat)} gives {seat_ref(seat)} an action card.")
    t.tell(seat, "stranger", f"{seat_ref(d.seat)} gave you {_name(option)}.", card=option)
    back = t.givable(seat, exclude=[option])
    if not back:
        t.say("stranger", f"{seat_ref(seat)} has nothing to give back.")
        return
    ask(
        ctx,
        seat,
        "stranger_return",
        f"Give {seat_ref(d.seat)} a card from your hand in return.",
        back,
        labels=card_labels(back),
        data={"giver": d.seat},
        public=f"is choosing a card to give {seat_ref(d.seat)} in return.",
    )


@answer("stranger_return")
def _stranger_return(ctx: Ctx, d: Decision, option: str) -> None:
    t, giver = ctx.t, d.data["giver"]
    t.take_from_hand(d.seat, option)
    t.hand(giver).append(option)
    t.say("stranger", f"{seat_ref(d.seat)} gives {seat_ref(giver)} a card in return.")
    t.tell(giver, "stranger", f"{seat_ref(d.seat)} gave you {_name(option)} in return.", card=option)
