"""The dice-pool kit: every operation, the box's caps, and the rulebook's worked dice."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.engine.dice import (
    BONUS,
    MAX_PER_COLOUR,
    VIRTUES,
    CheckResult,
    Die,
    Pool,
    assemble,
    virtue_check,
)
from bot.engine.errors import GameError
from bot.engine.prng import Rng

PROPS = settings(max_examples=150, deadline=None, derandomize=True)


def pool_of(*dice: tuple[str, int]) -> Pool:
    return Pool(dice=[Die(colour=colour, value=value) for colour, value in dice])


def values(pool: Pool) -> list[int]:
    return [die.value for die in pool.dice]


def kept_values(pool: Pool) -> list[int]:
    return sorted(die.value for die in pool.dice if die.kept)


def seed_rolling(first: int) -> Rng:
    """A generator whose next d6 shows `first` (found by search, so the test scripts a roll)."""
    seed = next(s for s in range(1000) if Rng.from_seed(s).die(6) == first)
    return Rng.from_seed(seed)


# --- the rulebook's worked examples ---------------------------------------------------------


def test_frank_keeps_two_four_six_from_seven_dice() -> None:
    # Four Rage and three bonus dice show three 1s, two 2s, a 4 and a 6.
    pool = pool_of(("rage", 1), ("rage", 1), ("rage", 2), ("rage", 6), (BONUS, 1), (BONUS, 2), (BONUS, 4))
    assert pool.keep() == 12
    assert kept_values(pool) == [2, 4, 6]
    assert pool.total() == 12


def test_door_slammer_flip_without_the_reroll_keeps_twelve() -> None:
    # Soul 2,4,4,4, a 3 on the bonus die, a 6 on the Body die; Door-Slammer flips every die.
    pool = pool_of(("soul", 2), ("soul", 4), ("soul", 4), ("soul", 4), (BONUS, 3), ("body", 6))
    pool.flip(pool.live())
    assert sorted(values(pool), reverse=True) == [5, 4, 3, 3, 3, 1]
    assert pool.keep() == 12


def test_door_slammer_reroll_before_flip_keeps_fourteen() -> None:
    pool = pool_of(("soul", 2), ("soul", 4), ("soul", 4), ("soul", 4), (BONUS, 3), ("body", 6))
    pool.reroll(seed_rolling(2), [5])  # Muscle Memory rerolls the Body die: a 2
    assert pool.dice[5].value == 2
    pool.flip(pool.live())
    assert sorted(values(pool), reverse=True) == [5, 5, 4, 3, 3, 3]
    assert pool.keep() == 14
    assert pool.dice[5].notes == ["rerolled 6→2", "flipped 2→5"]


def test_gladhander_forced_lowest_die_fails_by_two() -> None:
    # Frank: Mind 1,3,4,5 and a bonus 3; the assist lets him reroll; Unseen forces his lowest die in.
    pool = pool_of(("mind", 1), ("mind", 3), ("mind", 4), ("mind", 5), (BONUS, 3))
    rng = Rng.from_seed(7)
    rerolled = pool.reroll_lowest(rng, 4, keep=3)
    assert rerolled == [0, 1, 4]  # the 1 and both 3s, not the 4: the same choice Frank made
    for index, value in zip(rerolled, [2, 2, 6], strict=True):  # what he rolled
        pool.dice[index].value = value
    assert pool.keep(3, lowest=1) == 13
    assert kept_values(pool) == [2, 5, 6]


# --- assemble --------------------------------------------------------------------------------


def test_assemble_caps_a_virtue_and_turns_the_excess_into_bonus_dice() -> None:
    pool, notes = assemble({"rage": 6}, bonus=1)
    assert pool.count("rage") == 4
    assert pool.count(BONUS) == 3
    assert notes == ["2 extra Rage dice became bonus dice"]


def test_assemble_loses_bonus_dice_beyond_four() -> None:
    pool, notes = assemble({"soul": 5, "body": 6}, bonus=2)
    assert (pool.count("soul"), pool.count("body"), pool.count(BONUS)) == (4, 4, 4)
    assert notes == [
        "1 extra Soul die became a bonus die",
        "2 extra Body dice became bonus dice",
        "1 bonus die was lost: the box has only four",
    ]


def test_assemble_keeps_the_given_colour_order_and_puts_bonus_last() -> None:
    pool, notes = assemble({"Soul": 2, "body": 1, "bonus": 1}, bonus=1)
    assert [die.colour for die in pool.dice] == ["soul", "soul", "body", BONUS, BONUS]
    assert notes == []
    assert all(die.value == 0 and not die.kept for die in pool.dice)


def test_assemble_refuses_unknown_colours_and_negative_counts() -> None:
    with pytest.raises(GameError, match="not a dice colour"):
        assemble({"purple": 1})
    with pytest.raises(GameError, match="negative"):
        assemble({"mind": -1})
    with pytest.raises(GameError, match="negative"):
        assemble({"mind": 1}, bonus=-1)


# --- the operations --------------------------------------------------------------------------


def test_roll_gives_every_live_die_a_face_and_a_note() -> None:
    pool, _ = assemble({"body": 4}, bonus=2)
    pool.trash([5])
    pool.roll(Rng.from_seed(1))
    assert all(1 <= die.value <= 6 for die in pool.dice[:5])
    assert pool.dice[5].value == 0
    assert pool.dice[0].notes == [f"rolled {pool.dice[0].value}"]


def test_reroll_rolls_each_named_die_once() -> None:
    pool = pool_of(("mind", 1), ("mind", 1), ("mind", 1))
    pool.reroll(Rng.from_seed(3), [0, 2, 2])
    assert len(pool.dice[0].notes) == 1 and pool.dice[0].notes[0].startswith("rerolled 1→")
    assert len(pool.dice[2].notes) == 1
    assert pool.dice[1].notes == []


def test_reroll_lowest_picks_the_lowest_and_breaks_ties_by_position() -> None:
    pool = pool_of(("rage", 5), ("rage", 2), ("rage", 6), ("rage", 2), (BONUS, 1))
    assert pool.reroll_lowest(Rng.from_seed(9), 2) == [1, 4]
    pool = pool_of(("rage", 5), ("rage", 2), ("rage", 6), ("rage", 2), (BONUS, 1))
    assert pool.reroll_lowest(Rng.from_seed(9), 3) == [1, 3, 4]


def test_reroll_lowest_skips_trashed_dice_and_clamps_to_the_pool() -> None:
    pool = pool_of(("rage", 1), ("rage", 2), ("rage", 6))
    pool.trash([0])
    assert pool.reroll_lowest(Rng.from_seed(9), 10) == [1, 2]
    assert pool.dice[0].notes == ["trashed"]


def test_reroll_lowest_with_keep_spares_good_kept_dice() -> None:
    pool = pool_of(("soul", 6), ("soul", 5), ("soul", 4), ("soul", 4), (BONUS, 3))
    # The second 4 and the 3 are outside the best three; the kept 6, 5, 4 stay.
    assert pool.reroll_lowest(Rng.from_seed(2), 4, keep=3) == [3, 4]
    pool = pool_of(("soul", 6), ("soul", 3), ("soul", 2))
    assert pool.reroll_lowest(Rng.from_seed(2), 4, keep=3) == [1, 2]


def test_explode_adds_one_die_of_the_same_colour_and_the_new_dice_do_not_explode() -> None:
    pool = pool_of(("rage", 6), ("rage", 3), (BONUS, 6))
    rng = Rng.from_seed(11)
    added = pool.explode(rng, on=6)
    assert added == [3, 4]
    assert [pool.dice[i].colour for i in added] == ["rage", BONUS]
    assert pool.dice[0].notes == ["exploded"]
    assert pool.dice[1].notes == []
    assert all(1 <= pool.dice[i].value <= 6 for i in added)
    assert pool.dice[3].notes == [f"added by an explosion, rolled {pool.dice[3].value}"]
    # A second pass would see the new dice; within one pass they never explode.
    assert len(pool.dice) == 5


def test_explode_uses_a_bonus_die_when_the_colour_is_full_and_nothing_when_bonus_is_full_too() -> None:
    pool = pool_of(*[("mind", 6)] * 4, (BONUS, 2), (BONUS, 2))
    added = pool.explode(Rng.from_seed(5), on=6)
    assert [pool.dice[i].colour for i in added] == [BONUS, BONUS]
    assert pool.count(BONUS) == MAX_PER_COLOUR
    assert pool.dice[1].notes == ["exploded"]  # the first two 6s take the last two bonus dice
    assert pool.dice[2].notes == ["exploded, but the box had no die left"]
    pool = pool_of(*[("mind", 6)] * 4, *[(BONUS, 1)] * 4)
    assert pool.explode(Rng.from_seed(5), on=6) == []
    assert pool.dice[0].notes == ["exploded, but the box had no die left"]
    assert len(pool.dice) == 8


def test_explode_ignores_trashed_dice() -> None:
    pool = pool_of(("body", 6), ("body", 6))
    pool.trash([0])
    assert pool.explode(Rng.from_seed(5), on=6) == [2]


def test_upgrade_and_downgrade_clamp_to_the_faces() -> None:
    pool = pool_of(("body", 4), ("body", 6), ("body", 2), ("body", 1))
    pool.upgrade([0, 1])
    pool.downgrade([2, 3])
    assert values(pool) == [5, 6, 1, 1]
    assert pool.dice[0].notes == ["upgraded 4→5"]
    assert pool.dice[3].notes == ["downgraded 1→1"]
    pool.upgrade([2], by=3)
    pool.downgrade([1], by=10)
    assert values(pool) == [5, 1, 4, 1]


def test_flip_turns_each_die_to_the_opposite_face() -> None:
    pool = pool_of(*[("soul", v) for v in range(1, 7)])
    pool.flip(range(6))
    assert values(pool) == [6, 5, 4, 3, 2, 1]
    assert pool.dice[0].notes == ["flipped 1→6"]


def test_trash_removes_a_die_from_keeping_and_later_operations() -> None:
    pool = pool_of(("rage", 6), ("rage", 5), ("rage", 4), ("rage", 1))
    pool.trash([0])
    assert pool.live() == [1, 2, 3]
    assert pool.keep() == 10
    assert not pool.dice[0].kept
    with pytest.raises(GameError, match="trashed"):
        pool.flip([0])


def test_operations_refuse_a_die_that_is_not_there() -> None:
    pool = pool_of(("rage", 6))
    with pytest.raises(GameError, match="no die number 2"):
        pool.upgrade([1])
    with pytest.raises(GameError, match="no die number 0"):
        pool.reroll(Rng.from_seed(1), [-1])
    with pytest.raises(GameError):
        pool.reroll_lowest(Rng.from_seed(1), -1)
    with pytest.raises(GameError):
        pool.keep(-1)


def test_keep_best_three_and_forced_lowest() -> None:
    pool = pool_of(("body", 3), ("body", 6), ("body", 1), ("body", 5), ("body", 4))
    assert pool.keep() == 15
    assert [die.kept for die in pool.dice] == [False, True, False, True, True]
    # Keeping again resets the marks: the lowest die forced in, then the best two.
    assert pool.keep(3, lowest=1) == 12
    assert kept_values(pool) == [1, 5, 6]
    assert pool.keep(2, lowest=5) == 4  # forcing is capped at n: the two lowest
    assert pool.keep(1) == 6
    assert pool.keep(0) == 0


def test_keep_with_fewer_dice_than_three_keeps_them_all() -> None:
    pool = pool_of(("mind", 2), ("mind", 5))
    assert pool.keep() == 7
    assert all(die.kept for die in pool.dice)


# --- virtue_check ----------------------------------------------------------------------------


def test_virtue_check_reports_success_and_margin() -> None:
    result = virtue_check(Rng.from_seed(42), "Rage", 4, bonus=2, target=10)
    assert result.virtue == "rage"
    kept = [die.value for die in result.pool.dice if die.kept]
    assert len(kept) == 3
    assert result.total == sum(kept)
    assert result.total == sum(sorted(values(result.pool), reverse=True)[:3])
    assert result.margin == result.total - 10
    assert result.success == (result.total >= 10)


def test_virtue_check_without_target_has_no_verdict() -> None:
    result = virtue_check(Rng.from_seed(1), "mind", 2)
    assert (result.success, result.margin, result.target) == (None, None, None)
    assert len(result.pool.dice) == 2


def test_virtue_check_failure_margin_is_the_shortfall() -> None:
    result = virtue_check(Rng.from_seed(1), "body", 1, target=30)
    assert result.success is False
    assert result.margin == result.total - 30 < 0


def test_virtue_check_caps_dice_and_reports_notes() -> None:
    result = virtue_check(Rng.from_seed(3), "soul", 7, bonus=3)
    assert result.pool.count("soul") == 4
    assert result.pool.count(BONUS) == 4
    assert result.notes == [
        "3 extra Soul dice became bonus dice",
        "2 bonus dice were lost: the box has only four",
    ]


def test_virtue_check_rerolls_are_recorded_on_the_dice() -> None:
    result = virtue_check(Rng.from_seed(8), "soul", 4, bonus=4, rerolls=4)
    assert result.rerolled  # eight dice: five are outside the best three, so some reroll happens
    for index in result.rerolled:
        assert result.pool.dice[index].notes[1].startswith("rerolled")
    untouched = set(range(8)) - set(result.rerolled)
    assert all(len(result.pool.dice[i].notes) == 1 for i in untouched)


def test_virtue_check_refuses_bad_input() -> None:
    with pytest.raises(GameError, match="not a virtue"):
        virtue_check(Rng.from_seed(1), "luck", 2)
    with pytest.raises(GameError, match="at least one die"):
        virtue_check(Rng.from_seed(1), "soul", 0)
    with pytest.raises(GameError, match="negative"):
        virtue_check(Rng.from_seed(1), "soul", 2, rerolls=-1)


def test_check_result_round_trips_through_json() -> None:
    result = virtue_check(Rng.from_seed(5), "mind", 3, bonus=1, target=12, rerolls=2)
    assert CheckResult.model_validate_json(result.model_dump_json()) == result


# --- properties ------------------------------------------------------------------------------

checks = st.fixed_dictionaries(
    {
        "seed": st.integers(0, 2**64 - 1),
        "virtue": st.sampled_from(VIRTUES),
        "dice": st.integers(1, 9),
        "bonus": st.integers(0, 6),
        "target": st.none() | st.integers(1, 20),
        "rerolls": st.integers(0, 4),
    }
)


@PROPS
@given(checks)
def test_property_virtue_check_invariants(args: dict) -> None:
    seed = args.pop("seed")
    result = virtue_check(Rng.from_seed(seed), **args)
    kept = [die for die in result.pool.dice if die.kept]
    assert 1 <= len(kept) <= 3
    assert len(kept) == min(3, len(result.pool.dice))
    assert len(kept) <= result.total <= 6 * len(kept)
    assert all(1 <= die.value <= 6 for die in result.pool.dice)
    for colour in (*VIRTUES, BONUS):
        assert result.pool.count(colour) <= MAX_PER_COLOUR
    assert {die.colour for die in result.pool.dice} <= {args["virtue"], BONUS}
    # no unkept die beats a kept one
    dropped = [die.value for die in result.pool.dice if not die.kept]
    assert not dropped or max(dropped) <= min(die.value for die in kept)
    if args["target"] is not None:
        assert result.margin == result.total - args["target"]
        assert result.success == (result.margin >= 0)
    assert virtue_check(Rng.from_seed(seed), **args) == result  # same seed, same result


operations = st.lists(
    st.tuples(
        st.sampled_from(["reroll", "explode", "upgrade", "downgrade", "flip", "trash"]),
        st.integers(1, 6),
        st.sets(st.integers(0, 11), max_size=4),
    ),
    max_size=8,
)


@PROPS
@given(
    st.integers(0, 2**64 - 1),
    st.dictionaries(st.sampled_from(VIRTUES), st.integers(0, 6)),
    st.integers(0, 5),
    operations,
    st.integers(0, 4),
    st.integers(0, 2),
)
def test_property_any_sequence_of_operations_keeps_the_pool_sane(
    seed: int, counts: dict, bonus: int, ops: list, n: int, lowest: int
) -> None:
    rng = Rng.from_seed(seed)
    pool, _ = assemble(counts, bonus)
    pool.roll(rng)
    for name, amount, indices in ops:
        targets = [i for i in indices if i in pool.live()]
        if name == "reroll":
            pool.reroll(rng, targets)
        elif name == "explode":
            pool.explode(rng, on=amount)
        elif name == "upgrade":
            pool.upgrade(targets, by=amount)
        elif name == "downgrade":
            pool.downgrade(targets, by=amount)
        elif name == "flip":
            pool.flip(targets)
        else:
            pool.trash(targets)
    total = pool.keep(n, lowest)
    kept = [die for die in pool.dice if die.kept]
    assert len(kept) == min(n, len(pool.live()))
    assert not any(die.trashed for die in kept)
    assert total == sum(die.value for die in kept)
    assert all(1 <= die.value <= 6 for die in pool.dice)
    for colour in (*VIRTUES, BONUS):
        assert pool.count(colour) <= MAX_PER_COLOUR
