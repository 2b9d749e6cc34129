"""Standard dice notation for `/roll`, on top of Avrae's `d20` parser, with limits and a breakdown.

Pure: no discord. The dice themselves come from d20 (Python's `random`), which is
fine here: a free-form roll is not part of any game state that must replay.
"""

from __future__ import annotations

import warnings

from pydantic import BaseModel

# d20 pins lark-parser 0.x, which imports the deprecated sre_parse/sre_constants
# modules; silence exactly those two so the bot never prints them.
with warnings.catch_warnings():
    warnings.filterwarnings(
        "ignore", message="module 'sre_(parse|constants)' is deprecated", category=DeprecationWarning
    )
    import d20
    from d20 import diceast
    from lark.exceptions import LarkError

MAX_LENGTH = 200  # characters in the whole expression
MAX_DICE_PER_TERM = 100
MAX_DICE = 1000  # written dice in the whole expression
MAX_ROLLS = 1000  # every die thrown, counting rerolls and explosions; stops `1d6rr<7` or `1d2e>0` loops
MIN_SIDES = 2
MAX_SIDES = 1000
MAX_SELECTORS = 6  # each keep/drop/reroll/explode selector costs a pass over the dice

SYNTAX_HINT = (
    "Try `2d6`, `1d20+5`, `4d6kh3` (keep highest 3), `2d6ro<2` (reroll 1s once), `8d6e6` (explode 6s)."
)


class DiceError(ValueError):
    """An expression we will not roll. `message` is one plain sentence plus a reminder for the player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class DieRoll(BaseModel):
    """One die of a term, as it ended up."""

    value: int  # final face
    kept: bool  # False when a keep/drop operator (or a dropped term) left it out of the total
    rerolled_from: list[int] = []  # faces thrown before the final one, each rerolled away, in order
    exploded: bool = False  # its face set off an explosion, adding one more die to the term
    extra: bool = False  # this die was added by an explosion
    adjusted_from: int | None = None  # the face before `mi`/`ma` raised or lowered it


class DiceTerm(BaseModel):
    """One `NdS...` part of the expression."""

    notation: str  # e.g. "4d6kh3"
    count: int
    sides: int
    dice: list[DieRoll]
    kept: bool = True  # False when a set operator dropped the whole term, as in (1d20, 1d20)kh1
    total: int  # sum of its kept dice; 0 if the term was dropped


class RollResult(BaseModel):
    expression: str
    total: int
    terms: list[DiceTerm]
    text: str  # one line: "**Result**: 4d6kh3 (5, ~~1~~, 4, 6) = 15"


class _LineStringifier(d20.MarkdownStringifier):
    """d20's markdown form, with a plain total and no bold on 1s and maxima (bold means 'kept' elsewhere)."""

    def _str_expression(self, node: d20.Expression) -> str:
        return f"{self._stringify(node.roll)} = {_whole(node.total)}"

    def _str_die(self, node: d20.Die) -> str:
        return ", ".join(self._stringify(val) for val in node.values)


class _Roller(d20.Roller):
    """d20's roller with a linear-time keep.

    d20's own `k` re-runs the selection for every die, which is quadratic in the
    dice (sorted each time); a big exploded pool kept with `kh1` took seconds.
    Selecting once is equivalent: dropping a die the selection left out never
    changes what the selection picks among the rest.
    """

    def _eval_operatedset(self, node: diceast.OperatedSet) -> d20.Number:
        target = self._eval(node.value)
        for op in node.operations:
            the_op = d20.SetOperator.from_ast(op)
            if the_op.op == "k":
                chosen = the_op.select(target)
                for value in target.keptset:
                    if value not in chosen:
                        value.drop()
            else:
                the_op.operate(target)
            target.operations.append(the_op)
        return target


_roller = _Roller(d20.RollContext(max_rolls=MAX_ROLLS))


def roll_expression(text: str) -> RollResult:
    """Parse, check the limits, roll, and describe every die. Raises DiceError."""
    expression = " ".join(text.split())
    if not expression:
        raise DiceError(f"Give me something to roll. {SYNTAX_HINT}")
    if len(expression) > MAX_LENGTH:
        raise DiceError(f"That expression is too long: keep it to {MAX_LENGTH} characters or fewer.")
    try:
        tree = _roller.parse(expression)
    except d20.RollSyntaxError as exc:
        raise DiceError(_syntax_sentence(expression, exc)) from None
    except (d20.RollError, LarkError):
        raise DiceError(f"I couldn't read `{_quote(expression)}`. {SYNTAX_HINT}") from None
    _check_limits(tree)
    try:
        rolled = _roller.roll(tree, stringifier=_LineStringifier())
        total = _whole(rolled.expr.total)
        line = rolled.result
    except d20.TooManyRolls:
        raise DiceError(
            f"That roll keeps going: I stop after {MAX_ROLLS} dice, counting rerolls and explosions."
        ) from None
    except d20.RollValueError as exc:
        raise DiceError(f"I couldn't roll `{_quote(expression)}`: {_sentence(str(exc))}") from None
    return RollResult(
        expression=expression, total=total, terms=_terms(rolled.expr), text=f"**Result**: {line}"
    )


def _check_limits(tree: diceast.Node) -> None:
    dice = 0
    selectors = 0
    for node in _walk(tree):
        if isinstance(node, diceast.OperatedSet):
            selectors += sum(len(op.sels) for op in node.operations)
        if not isinstance(node, diceast.Dice):
            continue
        if node.size == "%":
            raise DiceError("Write `d100` for a percentile die.")
        if node.num > MAX_DICE_PER_TERM:
            raise DiceError(f"Too many dice: I roll at most {MAX_DICE_PER_TERM} in one term (`{node}`).")
        if node.size < MIN_SIDES:
            raise DiceError(f"A die needs at least {MIN_SIDES} sides (`{node}`).")
        if node.size > MAX_SIDES:
            raise DiceError(f"Too many sides: my biggest die is a d{MAX_SIDES} (`{node}`).")
        dice += node.num
    if dice > MAX_DICE:
        raise DiceError(
            f"Too many dice: I roll at most {MAX_DICE} in one expression, and that asks for {dice}."
        )
    if selectors > MAX_SELECTORS:
        raise DiceError(f"Too many operators: I handle at most {MAX_SELECTORS} in one expression.")


def _walk(node: diceast.Node):
    yield node
    for child in node.children:
        yield from _walk(child)


def _terms(expr: d20.Number, dropped: bool = False) -> list[DiceTerm]:
    """Every dice term in the rolled tree, left to right."""
    dropped = dropped or not expr.kept
    if isinstance(expr, d20.Dice):
        return [_term(expr, dropped)]
    return [term for child in expr.children for term in _terms(child, dropped)]


def _term(dice: d20.Dice, dropped: bool) -> DiceTerm:
    rolls = []
    for index, die in enumerate(dice.values):
        final = die.values[-1]
        rolls.append(
            DieRoll(
                value=_whole(final.number),
                kept=die.kept and not dropped,
                rerolled_from=[_whole(lit.values[-1]) for lit in die.values[:-1]],
                exploded=final.exploded,
                extra=index >= dice.num,
                adjusted_from=_whole(final.values[0]) if len(final.values) > 1 else None,
            )
        )
    notation = f"{dice.num}d{dice.size}{''.join(str(op) for op in dice.operations)}"
    if dice.annotation:  # a label such as [fire]
        notation += f" {dice.annotation}"
    total = 0 if dropped else sum(r.value for r in rolls if r.kept)
    return DiceTerm(
        notation=notation, count=dice.num, sides=dice.size, dice=rolls, kept=not dropped, total=total
    )


def _whole(number: int | float) -> int:
    return int(number)


def _syntax_sentence(expression: str, exc: d20.RollSyntaxError) -> str:
    got = str(exc.got or "").strip()
    if not got:
        return f"`{_quote(expression)}` stops too early. {SYNTAX_HINT}"
    return (
        f"I couldn't read `{_quote(expression)}` (the trouble starts at `{_quote(got[:20])}`). {SYNTAX_HINT}"
    )


def _quote(text: str) -> str:
    """Keep user text from closing our inline code span."""
    return text.replace("`", "'")


def _sentence(text: str) -> str:
    text = text.strip()
    return text if text.endswith(".") else text + "."
