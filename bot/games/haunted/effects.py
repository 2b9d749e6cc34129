"""The effect vocabulary Haunted's card data is written in.

Blocks (card data `effects = [{ op = ..., ... }]`):
  remove_setting, remove_focus, remove_terror   take that card off the anchor line
  forfeit(who)                                  the target (or the caster) pays a forfeit
  advantage                                     the target takes an advantage
  lap                                           the target draws on the Lap of the Gods
  miss_turn(also_left)                          the target (and their left neighbour) miss a turn
  take_acquaintance                             the target takes an acquaintance from the discard pile
  lose_acquaintance(every, replace)             the target loses one (or every) acquaintance in hand
  if_acquaintance(then, otherwise)              branch on whether the target holds an acquaintance
  seal_line(pick)                               the target's smallest/largest open line counts as complete
  test_draw(terror, essential, support)         reveal the top card and branch on its type
  draw_keep(n)                                  draw n, keep any, discarding one card per card kept
  exchange_left(n)                              swap n chosen cards with the player on the left
  hook                                          the card's own named hook (hooks.py)
Blocks whose names start with "_" are steps used inside other blocks, not for card data.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine.cards import CardDataError
from bot.engine.seats import seat_ref
from bot.games.haunted import hands, hooks, lap  # noqa: F401  (they register their blocks)
from bot.games.haunted.cards import ESSENTIAL, NESTED_KEYS, catalogue
from bot.games.haunted.decisions import BOOK, Ctx, answer, ask, line_labels
from bot.games.haunted.state import Decision, Line, line_ref


def _anchor(ctx: Ctx) -> Line:
    return ctx.t.line(ctx.target, ctx.line)


def _remove(ctx: Ctx, field: str) -> None:
    ln = _anchor(ctx)
    card = getattr(ln, field)
    if card is None or ln.complete:
        ctx.t.say("nothing", f"There is no {field} on {line_ref(ctx.target, ctx.line)} to remove.")
        return
    setattr(ln, field, None)
    if card in ln.fresh:
        ln.fresh.remove(card)
    ctx.t.discard(card)
    ctx.t.say(
        "remove", f"{catalogue().name(card)} is removed from {line_ref(ctx.target, ctx.line)}.", card=card
    )


@BOOK.op("remove_setting")
def remove_setting(ctx: Ctx) -> None:
    _remove(ctx, "setting")


@BOOK.op("remove_focus")
def remove_focus(ctx: Ctx) -> None:
    ln = _anchor(ctx)
    if ln.pending:
        # A focus under a waiting terror stays.
        ctx.t.say("nothing", f"The focus on {line_ref(ctx.target, ctx.line)} is held by its hidden terror.")
        return
    _remove(ctx, "focus")


@BOOK.op("remove_terror")
def remove_terror(ctx: Ctx) -> None:
    _remove(ctx, "terror")


@BOOK.op("miss_turn")
def miss_turn(ctx: Ctx, also_left: bool = False) -> None:
    t = ctx.t
    seats = [ctx.target, t.left(ctx.target)] if also_left else [ctx.target]
    for seat in seats:
        t.pub.skips[seat] += 1
        t.say("skip", f"{seat_ref(seat)} will miss their next turn.")


@BOOK.op("if_acquaintance")
def if_acquaintance(ctx: Ctx, then: list[dict[str, Any]], otherwise: list[dict[str, Any]]) -> None:
    ctx.push(then if ctx.t.of_type(ctx.target, "acquaintance") else otherwise)


@BOOK.op("seal_line")
def seal_line(ctx: Ctx, pick: str) -> None:
    t, seat = ctx.t, ctx.target
    open_lines = [i for i, ln in enumerate(t.pub.lines[seat]) if ln.active]
    if not open_lines:
        t.say("nothing", f"{seat_ref(seat)} has no open line, so nothing happens.")
        return
    sizes = {i: len(t.line(seat, i).cards()) for i in open_lines}
    best = (min if pick == "smallest" else max)(sizes.values())
    tied = [i for i in open_lines if sizes[i] == best]
    ask(
        ctx,
        seat,
        "seal_line",
        f"Your {pick} lines are tied: choose the one that counts as complete.",
        [f"line:{i}" for i in tied],
        labels=line_labels(seat, tied),
        public=f"is choosing which of their {pick} lines counts as complete.",
    )


@answer("seal_line")
def _seal_line(ctx: Ctx, d: Decision, option: str) -> None:
    index = int(option.removeprefix("line:"))
    ln = ctx.t.line(d.seat, index)
    ln.complete = True
    ln.fresh = []
    what = catalogue().names(ln.cards()) if ln.cards() else "no cards yet"
    ctx.t.say("complete", f"{line_ref(d.seat, index)} ({what}) now counts as complete.")


@BOOK.op("test_draw")
def test_draw(
    ctx: Ctx,
    essential: list[dict[str, Any]] | None = None,
    support: list[dict[str, Any]] | None = None,
    terror: list[dict[str, Any]] | None = None,
) -> None:
    t = ctx.t
    drawn = t.draw(1)
    if not drawn:
        t.say("test", "There is no card left to draw, so nothing happens.")
        return
    card = drawn[0]
    t.discard(card)
    kind = catalogue().type_of(card)
    t.say("test", f"{seat_ref(ctx.target)} draws {catalogue().name(card)} ({kind}).", card=card)
    if kind == "terror" and terror is not None:
        ctx.push(terror)
    elif kind in ESSENTIAL:
        ctx.push(essential or [])
    else:
        ctx.push(support or [])


@BOOK.op("hook")
def hook(ctx: Ctx, **params: Any) -> None:
    BOOK.run_hook(ctx, ctx.card, **params)


def validate_effects(effects: Iterable[Mapping[str, Any]], where: str, card_id: str) -> None:
    """Check blocks and the blocks nested in their branches; fail naming the card."""
    effects = list(effects)
    try:
        BOOK.validate(effects, where)
    except ValueError as exc:
        raise CardDataError(f"haunted: {exc}") from exc
    for effect in effects:
        if str(effect.get("op", "")).startswith("_"):
            raise CardDataError(f"haunted: {where}: {effect['op']} is an internal step, not a card block")
        for key in NESTED_KEYS:
            if isinstance(effect.get(key), list):
                validate_effects(effect[key], f"{where} {effect['op']}.{key}", card_id)
