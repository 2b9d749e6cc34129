"""`/roll` notation: the breakdown, the limits, the error sentences, and d20's import warnings."""

from __future__ import annotations

import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from unittest import mock

import d20
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rolling import (
    MAX_DICE,
    MAX_DICE_PER_TERM,
    MAX_LENGTH,
    MAX_ROLLS,
    MAX_SIDES,
    DiceError,
    roll_expression,
)

ROOT = Path(__file__).resolve().parents[2]


class Script:
    """Stands in for d20's `random` module: hands out the faces we choose, in order."""

    def __init__(self, faces: tuple[int, ...]) -> None:
        self.faces = list(faces)

    def randrange(self, size: int) -> int:
        face = self.faces.pop(0)
        assert 1 <= face <= size
        return face - 1


@pytest.fixture
def faces(monkeypatch: pytest.MonkeyPatch) -> Callable[..., None]:
    def script(*values: int) -> None:
        monkeypatch.setattr(d20.expression, "random", Script(values))

    return script


def test_d20_imports_and_rolls_under_the_project_warning_settings() -> None:
    # pytest runs with filterwarnings=error, so any stray warning from d20 or lark fails here.
    result = d20.roll("4d6kh3")
    assert 3 <= result.total <= 18


def test_importing_rolling_prints_no_warning_even_with_warnings_as_errors() -> None:
    code = "from bot.rolling import roll_expression; print(roll_expression('1d20+5').total)"
    proc = subprocess.run(
        [sys.executable, "-W", "error", "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert 6 <= int(proc.stdout) <= 25


# --- the breakdown ---------------------------------------------------------------------------


def test_keep_highest_marks_the_dropped_die(faces: Callable[..., None]) -> None:
    faces(5, 1, 4, 6)
    result = roll_expression("4d6kh3")
    assert result.total == 15
    assert result.text == "**Result**: 4d6kh3 (5, ~~1~~, 4, 6) = 15"
    [term] = result.terms
    assert (term.notation, term.count, term.sides, term.total) == ("4d6kh3", 4, 6, 15)
    assert [(d.value, d.kept) for d in term.dice] == [(5, True), (1, False), (4, True), (6, True)]


def test_modifier_adds_to_the_total_but_is_not_a_term(faces: Callable[..., None]) -> None:
    faces(12)
    result = roll_expression("1d20 + 5")
    assert result.total == 17
    assert result.expression == "1d20 + 5"
    assert [t.notation for t in result.terms] == ["1d20"]
    assert result.text == "**Result**: 1d20 (12) + 5 = 17"


def test_reroll_once_keeps_the_history(faces: Callable[..., None]) -> None:
    faces(4, 1, 1)
    result = roll_expression("2d6ro<2")
    first, second = result.terms[0].dice
    assert (first.value, first.rerolled_from, first.kept) == (4, [], True)
    assert (second.value, second.rerolled_from) == (1, [1])  # once only: stuck with the second 1
    assert result.total == 5
    assert "~~1~~, 1" in result.text


def test_explosions_mark_the_source_and_the_extra_dice(faces: Callable[..., None]) -> None:
    faces(6, 2, 6, 3)
    result = roll_expression("2d6e6")
    dice = result.terms[0].dice
    assert [(d.value, d.exploded, d.extra) for d in dice] == [
        (6, True, False),
        (2, False, False),
        (6, True, True),
        (3, False, True),
    ]
    assert result.total == 17
    assert result.terms[0].count == 2


def test_minimum_records_the_original_face(faces: Callable[..., None]) -> None:
    faces(1, 5)
    result = roll_expression("2d6mi3")
    assert [(d.value, d.adjusted_from) for d in result.terms[0].dice] == [(3, 1), (5, None)]
    assert result.total == 8


def test_a_dropped_set_member_drops_its_whole_term(faces: Callable[..., None]) -> None:
    faces(7, 15)
    result = roll_expression("(1d20, 1d20)kh1 + 2")
    low, high = result.terms
    assert (low.kept, low.total, low.dice[0].kept) == (False, 0, False)
    assert (high.kept, high.total) == (True, 15)
    assert result.total == 17


def test_several_terms_in_order_and_arithmetic(faces: Callable[..., None]) -> None:
    faces(3, 4, 2, 8)
    result = roll_expression("(2d6 - 1d4) * 1d8")
    assert [t.notation for t in result.terms] == ["2d6", "1d4", "1d8"]
    assert [t.total for t in result.terms] == [7, 2, 8]
    assert result.total == 40


def test_a_label_stays_with_its_term(faces: Callable[..., None]) -> None:
    faces(4, 2)
    result = roll_expression("1d6 [fire] + 1d4")
    assert [t.notation for t in result.terms] == ["1d6 [fire]", "1d4"]
    assert result.total == 6


def test_whitespace_is_tidied() -> None:
    assert roll_expression("  1d6   +  2 ").expression == "1d6 + 2"


def test_division_truncates_to_a_whole_number(faces: Callable[..., None]) -> None:
    faces(5)
    assert roll_expression("1d6/2").total == 2


# --- limits ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("expression", "needle"),
    [
        (f"{MAX_DICE_PER_TERM + 1}d6", f"at most {MAX_DICE_PER_TERM} in one term"),
        ("+".join(["100d6"] * 11), f"at most {MAX_DICE} in one expression, and that asks for 1100"),
        ("1d1", "at least 2 sides"),
        ("1d0", "at least 2 sides"),
        (f"1d{MAX_SIDES + 1}", f"biggest die is a d{MAX_SIDES}"),
        ("1d%", "d100"),
        ("1+" * 100 + "1", f"{MAX_LENGTH} characters or fewer"),
        ("10d6" + "kh1" * 7, "at most 6"),
    ],
)
def test_absurd_expressions_are_refused_before_rolling(expression: str, needle: str) -> None:
    with pytest.raises(DiceError) as caught:
        roll_expression(expression)
    assert needle in caught.value.message


def test_exactly_the_length_limit_is_allowed() -> None:
    expression = "1+" * 99 + "11"
    assert len(expression) == MAX_LENGTH
    assert roll_expression(expression).total == 110


def test_the_biggest_legal_expression_rolls() -> None:
    result = roll_expression("+".join([f"100d{MAX_SIDES}"] * 10))
    assert sum(len(t.dice) for t in result.terms) == MAX_DICE


@pytest.mark.parametrize("expression", ["1d2rr<3", "1d2e>0", "10d6e<7kh1", "10d6rr>0kh1"])
def test_endless_rerolls_and_explosions_stop_at_the_roll_cap(expression: str) -> None:
    with pytest.raises(DiceError, match=f"after {MAX_ROLLS} dice"):
        roll_expression(expression)


def test_a_big_exploding_pool_with_keep_keeps_one_die() -> None:
    # d20's own keep is quadratic; ours selects once. Its speed is measured in tests/bench/bench_dice.py.
    for _ in range(10):
        try:
            result = roll_expression("100d12e>1kh1")
        except DiceError as exc:
            assert "dice" in exc.message
            continue
        assert sum(d.kept for d in result.terms[0].dice) == 1


# --- errors ----------------------------------------------------------------------------------


def test_unreadable_input_names_the_spot_and_shows_the_syntax() -> None:
    with pytest.raises(DiceError) as caught:
        roll_expression("2x6")
    message = caught.value.message
    assert message.startswith("I couldn't read `2x6` (the trouble starts at `x6`).")
    assert "`4d6kh3` (keep highest 3)" in message
    assert "`8d6e6` (explode 6s)" in message


@pytest.mark.parametrize("expression", ["1d6+", "(1d6", "1d"])
def test_unfinished_input_says_so(expression: str) -> None:
    with pytest.raises(DiceError, match="stops too early"):
        roll_expression(expression)


def test_empty_input_asks_for_something() -> None:
    with pytest.raises(DiceError, match="Give me something to roll"):
        roll_expression("   ")


def test_backticks_cannot_break_out_of_the_quote() -> None:
    with pytest.raises(DiceError) as caught:
        roll_expression("1d6 `@everyone`")
    assert "`@everyone`" not in caught.value.message
    assert caught.value.message.count("`") % 2 == 0


def test_division_by_zero_is_a_plain_sentence() -> None:
    with pytest.raises(DiceError, match="I couldn't roll `1d6/0`: Cannot divide by zero."):
        roll_expression("1d6/0")


def test_bad_operator_value_is_a_plain_sentence() -> None:
    with pytest.raises(DiceError, match="not a valid selector"):
        roll_expression("2d6mih1")


# --- properties ------------------------------------------------------------------------------


@settings(max_examples=100, deadline=None, derandomize=True)
@given(
    st.integers(0, 2**32),
    st.integers(1, 20),
    st.integers(2, 100),
    st.integers(0, 25),
    st.sampled_from(["kh", "kl"]),
)
def test_property_kept_dice_make_the_total(seed: int, count: int, sides: int, keep: int, op: str) -> None:
    with mock.patch.object(d20.expression, "random", random.Random(seed)):
        result = roll_expression(f"{count}d{sides}{op}{keep}+3")
    [term] = result.terms
    kept = [d.value for d in term.dice if d.kept]
    assert len(term.dice) == count
    assert len(kept) == min(keep, count)
    assert all(1 <= d.value <= sides for d in term.dice)
    assert result.total == sum(kept) + 3 == term.total + 3
    ordered = sorted((d.value for d in term.dice), reverse=(op == "kh"))
    assert sorted(kept) == sorted(ordered[: len(kept)])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(st.integers(0, 2**32), st.integers(1, 30), st.integers(2, 8))
def test_property_explosions_only_follow_the_exploding_face(seed: int, count: int, sides: int) -> None:
    with mock.patch.object(d20.expression, "random", random.Random(seed)):
        result = roll_expression(f"{count}d{sides}e{sides}")
    dice = result.terms[0].dice
    assert sum(1 for d in dice if d.exploded) == len(dice) - count == sum(1 for d in dice if d.extra)
    assert all(d.exploded == (d.value == sides) for d in dice)
