"""Apocrypha's effect vocabulary: the blocks card powers are written in.

Each op is `op(ctx, **params)`. The context (`bot.games.apocrypha.context.Ctx`)
knows the state, who is paying, whose check it is, the card being played,
and the choices the player sent with the command (cards, dice, a seat, an
option), and carries the op out. Ops here only name the vocabulary and check
parameters, so card data validates before the engine runs anything.

Dice ops do not touch the dice at once: they queue a step for the Evaluate
sequence (roll, reroll, explode, upgrade, downgrade, flip, trash, keep), which
the engine runs in the rulebook's order. A reroll played after the roll runs
at once, since rerolling is the first thing done to rolled dice.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine.effects import EffectBook

BOOK: EffectBook[Any] = EffectBook("apocrypha")

# Mission powers whose flow co-op runs itself (bot/games/apocrypha/coop.py), named for card data.
for _hook in ("assister_gives", "give_or_bury"):
    BOOK.hook(_hook)(lambda ctx, **params: None)

VIRTUE_OR_BONUS = ("body", "mind", "rage", "soul", "bonus")
WHICH = ("chosen", "highest", "lowest", "all")
WHO_LOSES = ("you", "active", "assisters", "nexus", "all")
PLACES = ("sacrifice", "bury", "discard", "recycle", "shuffle", "reload")


def _need(cond: bool, message: str) -> None:
    if not cond:
        raise TypeError(message)


def _dice_sel(which: str, n: int, colour: str | None, value: int | None) -> None:
    _need(which in WHICH, f"which must be one of {WHICH}")
    _need(isinstance(n, int) and n >= 1, "n must be a positive whole number")
    _need(
        colour is None or colour in VIRTUE_OR_BONUS or colour == "check",
        "colour must be a virtue, bonus or check",
    )
    _need(value is None or (isinstance(value, int) and 1 <= value <= 6), "value must be 1..6")


# -- the check: dice ----------------------------------------------------------
@BOOK.op("add_dice")
def add_dice(ctx: Any, virtue: str = "same", n: int = 1) -> None:
    """Add n dice: of a virtue, "bonus", "same" (the card's virtue) or "check" (the check's virtue)."""
    _need(virtue in (*VIRTUE_OR_BONUS, "same", "check"), "virtue must be a virtue, bonus, same or check")
    if ctx is not None:
        ctx.add_dice(virtue, n)


@BOOK.op("boost")
def boost(ctx: Any) -> None:
    """Add one die of the gift's virtue, and let the gift's skills influence the check."""
    if ctx is not None:
        ctx.boost()


@BOOK.op("skill")
def skill(ctx: Any, name: str) -> None:
    """Let the saint's skill `name` influence the check ("you may Sense")."""
    if ctx is not None:
        ctx.allow_skill(name)


def _dice_op(kind: str):
    def op(
        ctx: Any, which: str = "chosen", n: int = 1, colour: str | None = None, value: int | None = None
    ) -> None:
        _dice_sel(which, n, colour, value)
        if ctx is not None:
            ctx.dice_step(kind, which=which, n=n, colour=colour, value=value)

    op.__name__ = kind
    op.__doc__ = f"{kind.capitalize()} dice: `which` of chosen/highest/lowest/all, up to n, optionally of a colour or showing a value."
    return op


for _kind in ("reroll", "upgrade", "downgrade", "flip", "trash"):
    BOOK.op(_kind)(_dice_op(_kind))


@BOOK.op("explode")
def explode(ctx: Any, on: int = 6, colour: str | None = None) -> None:
    """Each die showing `on` (optionally of one colour) adds one more die of its colour."""
    _need(1 <= on <= 6, "on must be 1..6")
    if ctx is not None:
        ctx.dice_step("explode", on=on, colour=colour)


@BOOK.op("keep_lowest")
def keep_lowest(ctx: Any, n: int = 1) -> None:
    """The lowest n dice must be among the three kept."""
    _need(1 <= n <= 3, "n must be 1..3")
    if ctx is not None:
        ctx.dice_step("keep_lowest", n=n)


@BOOK.op("grant_rerolls")
def grant_rerolls(ctx: Any, n: int = 1) -> None:
    """The checking saint may reroll up to n dice of their choice in Evaluate (as an assist allows)."""
    _need(n >= 1, "n must be positive")
    if ctx is not None:
        ctx.grant_rerolls(n)


@BOOK.op("adjust_result")
def adjust_result(ctx: Any, by: int) -> None:
    """Add `by` (may be negative) to the check's result."""
    if ctx is not None:
        ctx.adjust_result(by)


@BOOK.op("adjust_target")
def adjust_target(ctx: Any, by: int) -> None:
    """Add `by` (negative lowers it) to the target number of the confrontation."""
    if ctx is not None:
        ctx.adjust_target(by)


@BOOK.op("change_virtue")
def change_virtue(ctx: Any, to: str) -> None:
    """The check uses dice of virtue `to` instead; the target number stays."""
    _need(to in VIRTUE_OR_BONUS[:4], "to must be a virtue")
    if ctx is not None:
        ctx.change_virtue(to)


# -- cards --------------------------------------------------------------------
@BOOK.op("draw")
def draw(ctx: Any, n: int = 1) -> None:
    """The affected saint draws n cards from their deck (fading if it is empty)."""
    if ctx is not None:
        ctx.draw(n)


@BOOK.op("draw_new")
def draw_new(ctx: Any, kind: str = "gift", virtue: str | None = None, keyword: str | None = None) -> None:
    """Take a new random card of `kind` (gift/omen) from the box into the hand; virtue may be "check"."""
    _need(kind in ("gift", "omen"), "kind must be gift or omen")
    if ctx is not None:
        ctx.draw_new(kind, virtue, keyword)


def _lose_op(place: str):
    def op(
        ctx: Any,
        n: int = 1,
        random: bool = False,
        virtue: str | None = None,
        keyword: str | None = None,
        kind: str | None = None,
        who: str = "you",
        required: bool = False,
    ) -> None:
        _need(n >= 1 or n == -1, "n must be positive, or -1 for all that match")
        _need(who in WHO_LOSES, f"who must be one of {WHO_LOSES}")
        _need(kind in (None, "gift", "omen"), "kind must be gift or omen")
        if ctx is not None:
            ctx.lose_cards(
                place,
                n=n,
                random=random,
                virtue=virtue,
                keyword=keyword,
                kind=kind,
                who=who,
                required=required,
            )

    op.__name__ = place
    op.__doc__ = (
        f"Put n cards from hand to {place} (chosen by the player, or random). n=-1: all that match. "
        "required: the power cannot be played without enough matching cards."
    )
    return op


for _place in PLACES:
    BOOK.op(_place)(_lose_op(_place))


@BOOK.op("heal")
def heal(ctx: Any, n: int = 1, virtue: str | None = None) -> None:
    """Shuffle n random cards (optionally of a virtue) from the affected saint's discard pile into their deck."""
    if ctx is not None:
        ctx.heal(n, virtue)


@BOOK.op("draw_buried")
def draw_buried(ctx: Any, n: int = 1) -> None:
    """Draw n random cards from the affected saint's bury pile."""
    if ctx is not None:
        ctx.draw_buried(n)


@BOOK.op("examine")
def examine(ctx: Any, n: int = 1, reorder: bool = True) -> None:
    """Look at the top n cards of your nexus; with reorder, put them back in any order."""
    _need(1 <= n <= 10, "n must be 1..10")
    if ctx is not None:
        ctx.examine(n, reorder)


@BOOK.op("search_deck")
def search_deck(ctx: Any, kind: str = "gift", virtue: str | None = None, keyword: str | None = None) -> None:
    """Search your deck for the first matching card, put it in your hand, shuffle the deck."""
    if ctx is not None:
        ctx.search_deck(kind, virtue, keyword)


@BOOK.op("give")
def give(ctx: Any, n: int = 1) -> None:
    """Give n chosen cards from your hand to the chosen saint."""
    if ctx is not None:
        ctx.give(n)


@BOOK.op("slot_self")
def slot_self(ctx: Any, with_confronted: bool = False) -> None:
    """Slot this card in your halo; with_confronted also slots the card you confront, ending the confrontation."""
    if ctx is not None:
        ctx.slot_self(with_confronted)


@BOOK.op("gain_skill")
def gain_skill(ctx: Any, name: str, n: int = 1) -> None:
    """The affected saint has +n in skill `name` for the rest of the mission."""
    if ctx is not None:
        ctx.gain_skill(name, n)


@BOOK.op("reset")
def reset(ctx: Any) -> None:
    """The affected saint resets their hand."""
    if ctx is not None:
        ctx.reset()


# -- investigating and confronting -----------------------------------------------
@BOOK.op("investigate")
def investigate(ctx: Any) -> None:
    """Investigate your nexus now (only in your Investigate step)."""
    if ctx is not None:
        ctx.investigate()


@BOOK.op("extra_investigation")
def extra_investigation(ctx: Any) -> None:
    """You may investigate once more this Investigate step."""
    if ctx is not None:
        ctx.extra_investigation()


@BOOK.op("avoid")
def avoid(ctx: Any, gift: str = "shuffle", threat: str = "shuffle", again: bool = False) -> None:
    """Avoid the flipped card: gift/threat say what happens to it (shuffle or sacrifice); again = investigate again."""
    _need(
        gift in ("shuffle", "sacrifice") and threat in ("shuffle", "sacrifice"),
        "gift/threat: shuffle or sacrifice",
    )
    if ctx is not None:
        ctx.avoid(gift, threat, again)


@BOOK.op("orient")
def orient(ctx: Any, side: str = "flip") -> None:
    """Turn your nexus to hope, doom, or flip it."""
    _need(side in ("hope", "doom", "flip"), "side must be hope, doom or flip")
    if ctx is not None:
        ctx.orient(side)


@BOOK.op("win")
def win(ctx: Any) -> None:
    """Go to Win in the current confrontation."""
    if ctx is not None:
        ctx.terminate(True)


@BOOK.op("lose")
def lose(ctx: Any) -> None:
    """Go to Lose in the current confrontation."""
    if ctx is not None:
        ctx.terminate(False)


@BOOK.op("mutate")
def mutate(ctx: Any, mutation: str | None = None) -> None:
    """Mutate the current confrontation (a random mutation unless one is named)."""
    if ctx is not None:
        ctx.mutate(mutation)


# -- damage -------------------------------------------------------------------
@BOOK.op("damage")
def damage(ctx: Any, n: int = 1, virtue: str = "check") -> None:
    """The affected saint suffers n damage of a virtue ("check": the check's virtue)."""
    _need(virtue in (*VIRTUE_OR_BONUS[:4], "check"), "virtue must be a virtue or check")
    if ctx is not None:
        ctx.damage(n, virtue)


@BOOK.op("reduce_damage")
def reduce_damage(ctx: Any, n: int = 1) -> None:
    """Reduce the damage being suffered by n."""
    if ctx is not None:
        ctx.change_damage(-n)


@BOOK.op("increase_damage")
def increase_damage(ctx: Any, n: int = 1) -> None:
    """Increase the damage being suffered by n."""
    if ctx is not None:
        ctx.change_damage(n)


@BOOK.op("prevent_damage")
def prevent_damage(ctx: Any) -> None:
    """Prevent all the damage being suffered."""
    if ctx is not None:
        ctx.change_damage(-1000)


@BOOK.op("bury_damage")
def bury_damage(ctx: Any) -> None:
    """Cards lost to this damage are buried instead of discarded."""
    if ctx is not None:
        ctx.damage_to("bury")


# -- table, clock and costs ----------------------------------------------------
@BOOK.op("clock_sacrifice")
def clock_sacrifice(ctx: Any, n: int = 1) -> None:
    """Sacrifice the top n cards of the clock."""
    if ctx is not None:
        ctx.clock_sacrifice(n)


@BOOK.op("clock_add")
def clock_add(ctx: Any, n: int = 1) -> None:
    """Shuffle n new omens from the box into the clock."""
    if ctx is not None:
        ctx.clock_add(n)


@BOOK.op("swap_positions")
def swap_positions(ctx: Any, direction: str = "left") -> None:
    """Exchange table positions of the saints to your left and right (direction: left/right/sides)."""
    _need(direction in ("left", "right", "sides"), "direction must be left, right or sides")
    if ctx is not None:
        ctx.swap_positions(direction)


@BOOK.op("lower_cost")
def lower_cost(ctx: Any, steps: int = 1, kind: str | None = None, uses: str | None = None) -> None:
    """Passive: powers you pay for (of cards of `kind`, or whose effects use op `uses`) cost `steps` places lower."""
    if ctx is not None:
        ctx.cost_shift(steps, kind, uses)


@BOOK.op("raise_cost")
def raise_cost(ctx: Any, steps: int = 1, kind: str | None = None, uses: str | None = None) -> None:
    """Passive: as lower_cost, but `steps` places higher."""
    if ctx is not None:
        ctx.cost_shift(-steps, kind, uses)


@BOOK.op("choose")
def choose(ctx: Any, options: list[Any]) -> None:
    """The affected saint picks one of `options` (each a list of effect blocks)."""
    _need(isinstance(options, list) and len(options) >= 2, "options must list at least two choices")
    if ctx is not None:
        ctx.choose(options)


def validate_blocks(effects: Iterable[Mapping[str, Any]], where: str) -> None:
    """Check blocks (and the blocks nested in `choose`) against the book; ValueError names `where`."""
    effects = list(effects)
    BOOK.validate(effects, where)
    for i, effect in enumerate(effects):
        try:
            params = {k: v for k, v in effect.items() if k != "op"}
            BOOK._ops[effect["op"]](None, **params)  # parameter range checks
        except TypeError as exc:
            raise ValueError(f"{where}: effect {i} ({effect['op']}): {exc}") from exc
        if effect["op"] == "choose":
            for j, option in enumerate(effect["options"]):
                if not isinstance(option, list):
                    raise ValueError(f"{where}: effect {i} option {j} must be a list of effect blocks")
                validate_blocks(option, f"{where} option {j}")
        if effect["op"] == "otherwise":
            validate_blocks(effect["attempt"], f"{where} attempt")
            validate_blocks(effect["then"], f"{where} otherwise")


@BOOK.op("bury_fragment")
def bury_fragment(ctx: Any, n: int = 1, required: bool = False) -> None:
    """The paying saint buries n fragments of their choice from their halo (a cost paid inside the effects).
    required: without n fragments in the halo the power cannot be played."""
    _need(n >= 1, "n must be positive")
    if ctx is not None:
        ctx.bury_fragment(n, required)


@BOOK.op("unslot_self")
def unslot_self(ctx: Any, place: str = "discard") -> None:
    """This slotted card leaves the halo to `place` (discard, recycle, sacrifice, ...)."""
    _need(place in PLACES, f"place must be one of {PLACES}")
    if ctx is not None:
        ctx.unslot_self(place)


@BOOK.op("give_from_deck")
def give_from_deck(ctx: Any, max: int = 3, target_per_card: int = -1) -> None:  # noqa: A002
    """Give a saint at your nexus up to `max` cards from the top of your deck (the player says how many);
    the confrontation's target changes by target_per_card for each card given."""
    _need(max >= 1, "max must be positive")
    if ctx is not None:
        ctx.give_from_deck(max, target_per_card)


@BOOK.op("discard_down_to")
def discard_down_to(ctx: Any, n: int = 1) -> None:
    """The affected saint discards cards of their choice until n remain in hand."""
    _need(n >= 0, "n must be 0 or more")
    if ctx is not None:
        ctx.discard_down_to(n)


@BOOK.op("confronted_to")
def confronted_to(ctx: Any, place: str = "recycle") -> None:
    """In a win power: the gift just won goes to `place` (of the winner's) instead of their hand."""
    _need(place in PLACES, f"place must be one of {PLACES}")
    if ctx is not None:
        ctx.confronted_to(place)


# -- the golden rules: rulings on what saints may do (bot/games/apocrypha/golden.py) -------------
UNTIL = ("confrontation", "investigation", "turn", "mission")


def _ruling_op(word: str):
    def op(ctx: Any, action: str, until: str = "turn") -> None:
        from bot.games.apocrypha.golden import ACTIONS

        _need(action in ACTIONS, f"action must be one of {tuple(ACTIONS)}")
        _need(until in UNTIL, f"until must be one of {UNTIL}")
        if ctx is not None:
            ctx.rule({"op": word, "action": action}, until)

    op.__name__ = word
    op.__doc__ = (
        f"A ruling: the affected saints {word} do `action`. On a power with timing `always` it holds "
        "while the card is in force; played or applied, it holds `until` that ends. The golden rules "
        "settle conflicts (never, then cannot, then may)."
    )
    return op


for _word in ("may", "cannot", "never"):
    BOOK.op(_word)(_ruling_op(_word))


@BOOK.op("set")
def set_rule(ctx: Any, rule: str, value: Any, until: str = "turn") -> None:
    """A ruling on a rule's value (damage_virtue, lost_threat, hand_size); the strongest card's wins."""
    from bot.games.apocrypha.golden import VALUES

    _need(rule in VALUES, f"rule must be one of {tuple(VALUES)}")
    _need(value in VALUES[rule], f"{rule} must be one of {VALUES[rule]}")
    _need(until in UNTIL, f"until must be one of {UNTIL}")
    if ctx is not None:
        ctx.rule({"op": "set", "rule": rule, "value": value}, until)


# -- copies and "otherwise" -------------------------------------------------------------------
@BOOK.op("copy")
def copy(ctx: Any, card: str = "this", who: str = "you") -> None:
    """A saint confronts a temporary copy of `card` ("this": the card whose power it is; "confronted": the card being confronted), suspending
    any confrontation under way; the copy ceases to exist once confronted. who: `you`, or `nexus`
    (another saint at your nexus: the nearest on your left)."""
    _need(who in ("you", "nexus"), "who must be you or nexus")
    _need(isinstance(card, str) and bool(card), "card must name a card id, this or confronted")
    if ctx is not None:
        ctx.copy(card, who)


@BOOK.op("otherwise")
def otherwise(ctx: Any, attempt: list[Any], then: list[Any]) -> None:
    """Attempt the blocks in `attempt`; if they cannot be carried out in full (too few matching
    cards, a ruling forbids it, anything impossible) nothing of them happens and the blocks in
    `then` must be done. A saint who may attempt the first part may also choose the second."""
    _need(isinstance(attempt, list) and bool(attempt), "attempt must be a list of effect blocks")
    _need(isinstance(then, list) and bool(then), "then must be a list of effect blocks")
    if ctx is not None:
        ctx.otherwise(attempt, then)


@BOOK.op("confront_new")
def confront_new(ctx: Any, kind: str = "threat", virtue: str | None = None, keyword: str | None = None) -> None:
    """The affected saint confronts a new random card of `kind` (gift/threat) from the box, of a
    virtue or with a keyword if named; a confrontation under way waits until it is resolved."""
    _need(kind in ("gift", "threat"), "kind must be gift or threat")
    _need(virtue is None or virtue in VIRTUE_OR_BONUS[:4], "virtue must be a virtue")
    if ctx is not None:
        ctx.confront_new(kind, virtue, keyword)
