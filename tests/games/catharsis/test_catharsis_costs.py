"""The cost notation: specific values, ?, sets, a second set, choices, free costs, pools, wild dice."""

from __future__ import annotations

import pytest

from bot.games.catharsis.costs import (
    describe_cost,
    fits,
    is_free,
    parse_cost,
    paying_alternative,
    pool_alternative,
)


@pytest.mark.parametrize(
    ("cost", "values", "ok"),
    [
        ("6", [6], True),
        ("6", [5], False),
        ("345", [5, 3, 4], True),
        ("345", [3, 4, 4], False),
        ("?", [2], True),
        ("??", [1, 6], True),
        ("??", [1], False),  # too few dice
        ("?", [1, 2], False),  # too many dice
        ("AA", [4, 4], True),
        ("AA", [4, 5], False),
        ("AAA", [2, 2, 2], True),
        ("AAA", [2, 2, 3], False),
        ("AAAAAA", [1, 1, 1, 1, 1, 1], True),
        ("AABB", [3, 5, 3, 5], True),
        ("AABB", [3, 3, 3, 3], False),  # the second set must differ from the first
        ("AABB", [1, 1, 2, 3], False),
        ("AA?", [6, 6, 6], True),
        ("AA6", [2, 2, 6], True),
        ("AA6", [6, 6, 2], False),
        # BB differs from every other die of the cost, not only from AA.
        ("AABB??", [2, 2, 4, 4, 2, 4], False),  # whichever pair is BB, its value is repeated
        ("AABB??", [2, 2, 4, 4, 2, 2], True),  # BB = 4 4, and the free dice are 2s
        ("AABB5", [2, 2, 5, 5, 5], True),  # AA = 5 5, BB = 2 2
        ("BBCC5", [5, 5, 5, 3, 3], True),
        ("AA?", [2, 2, 2], True),  # the first set may share a value with a free die
    ],
)
def test_single_patterns(cost: str, values: list[int], ok: bool) -> None:
    assert (paying_alternative(cost, values) is not None) is ok


def test_choice_of_costs_picks_the_alternative_paid() -> None:
    assert paying_alternative("2|4", [4]) == 1
    assert paying_alternative("2|4", [2]) == 0
    assert paying_alternative("2|4", [3]) is None
    assert paying_alternative("55|66", [6, 6]) == 1
    # A Combo power: an alternative already paid this round is out of reach.
    assert paying_alternative("1|2|3", [1], allowed={1, 2}) is None
    assert paying_alternative("1|2|3", [2], allowed={1, 2}) == 1


def test_wild_die_fits_any_token_but_sets_stay_consistent() -> None:
    assert paying_alternative("6", [0]) == 0
    assert paying_alternative("AAA", [4, 0, 4]) == 0
    assert paying_alternative("AABB", [0, 0, 3, 3]) == 0
    assert paying_alternative("AA", [0, 0]) == 0
    assert paying_alternative("AAA", [4, 0, 5]) is None


def test_free_cost_needs_no_dice() -> None:
    assert is_free("-")
    assert not is_free("?")
    assert paying_alternative("-", []) == 0
    assert paying_alternative("-", [3]) is None
    assert describe_cost("-") == "free"
    assert describe_cost("2|4") == "2 or 4"


def test_pool_cost_reads_digits_from_pools() -> None:
    pools = {1: 1, 3: 1, 5: 0}
    assert pool_alternative("135", pools) is None
    pools[5] = 1
    assert pool_alternative("135", pools) == 0
    assert pool_alternative("66|13", {1: 1, 3: 1}) == 1
    assert pool_alternative("??", {1: 5}) is None  # Retrieve costs name values


def test_bad_notation_is_refused() -> None:
    with pytest.raises(ValueError):
        parse_cost("7")
    with pytest.raises(ValueError):
        parse_cost("A?")  # a lone letter is not a set
    assert parse_cost("AAB B".replace(" ", ""))[0].sets == (("A", 2), ("B", 2))


def test_fits_is_order_free() -> None:
    pattern = parse_cost("AA1")[0]
    assert fits(pattern, [1, 5, 5]) and fits(pattern, [5, 1, 5])


def test_a_hash_cost_is_never_free_even_off_dimiriths_board() -> None:
    """The Godmind can pass a `#` power to Maladaum, whose panel asks whether each bottom is free."""
    from bot.games.catharsis.costs import is_free

    assert not is_free("##") and not is_free("#??") and is_free("-")
