"""Morale: the tiers, the difficulty levels, the standard tier effects and the Random Morale Tier tables."""

from __future__ import annotations

from typing import Any

DIFFICULTIES: dict[str, int] = {
    "new-questors": 22,
    "adventurers": 21,
    "veterans": 18,
    "last-ditch": 16,
}

# (name, the Morale at which it is revealed); index 0 is where every party starts.
TIERS: list[tuple[str, int | None]] = [
    ("Heroic", None),
    ("Winded", 17),
    ("Battered", 13),
    ("Exhausted", 9),
    ("Desperate", 5),
    ("Hopeless", 1),
    ("Defeated", 0),
]
THRESHOLDS = [17, 13, 9, 5, 1]

Block = dict[str, Any]

# The tracker's own effects. The rulebook gives only Winded (1 damage to everyone). The rest are
# house rules (see docs/catharsis.md): each tier strikes with a fixed effect of the strength of the
# Random Morale table the difficulty's schedule would roll there (below), milder than that table's
# average, so the tracker grows harsher with the difficulty as the rulebook's tables do, and the
# Random Morale variant stays the harsher tracker at every difficulty. Table 1's is its own mildest
# result (no rerolls next round): a fixed 1 damage each was as harsh as table 1's average, so
# Random Morale changed little at New Questors and Adventurers, which roll mostly table 1.
WINDED: list[Block] = [{"op": "hurt_each", "amount": 1}]
LEVELS: dict[int, list[Block]] = {
    1: [{"op": "no_reroll_next"}],
    2: [{"op": "hurt_each", "amount": 2}],
    3: [{"op": "discard_each", "n": 1}, {"op": "hurt_each", "amount": 1}],
}

# How tough the foes are at each difficulty, in percent of the health their card gives (house rule:
# the rulebook's difficulty sets only the starting Morale). Adventurers, the default, is the card.
TOUGHNESS: dict[str, int] = {
    "new-questors": 90,
    "adventurers": 100,
    "veterans": 110,
    "last-ditch": 115,
}
# Party sizes whose ladder needs its own slope (house rule, measured: docs/balance.md). A lone
# hero's foes have a few health points each, which 90-115% hardly moved once rounded, so one hero
# climbs more steeply; two heroes' Last Ditch lost most games at 115%, so two climb less. Three and
# four heroes' fights are long enough that the lower starting Morale alone makes Veterans and Last
# Ditch hard; with 110-115% on top, New Questors and Adventurers stayed walkovers while Last Ditch
# sat at the foot of its band, so above Adventurers their foes grow little or not at all.
TOUGHNESS_BY_SIZE: dict[int, dict[str, int]] = {
    1: {"new-questors": 88, "adventurers": 100, "veterans": 113, "last-ditch": 118},
    2: {"new-questors": 96, "adventurers": 100, "veterans": 104, "last-ditch": 105},
    3: {"new-questors": 88, "adventurers": 100, "veterans": 100, "last-ditch": 100},
    4: {"new-questors": 94, "adventurers": 100, "veterans": 103, "last-ditch": 103},
}


def toughness(difficulty: str, party_size: int, ladder: dict[int, list[int]] | None = None) -> int:
    """The foes' health at this difficulty, in percent of the card's value for the party size; a deck's
    own ladder for that size (its `ladder`, New Questors to Last Ditch) comes first."""
    if ladder and party_size in ladder:
        return ladder[party_size][list(DIFFICULTIES).index(difficulty)]
    return TOUGHNESS_BY_SIZE.get(party_size, TOUGHNESS)[difficulty]

TABLES: dict[int, list[list[Block]]] = {
    1: [
        [{"op": "no_reroll_next"}],
        [{"op": "hurt_each", "amount": 1}],
        [{"op": "hurt_each", "amount": 2}],
        [{"op": "hurt_party", "amount": [2, 3, 4, 5]}],
        [{"op": "lose_morale", "amount": 1}],
        [{"op": "fewer_dice_next", "n": 2}],
    ],
    2: [
        [{"op": "refresh_cost", "n": 2}],
        [{"op": "discard_each", "n": 1}],
        [{"op": "lose_morale", "amount": 3}],
        [{"op": "hurt_each", "amount": 3}],
        [{"op": "choose_fragile"}],
        [{"op": "fewer_dice_next", "n": 4}],
    ],
    3: [
        [{"op": "half_damage"}],
        [{"op": "lose_die", "n": 1}],
        [{"op": "discard_most"}],
        [{"op": "hurt_each", "amount": 4}],
        [{"op": "choose_weakened"}],
        [{"op": "foe_first_next"}],
    ],
}

TABLE_TEXT: dict[int, list[str]] = {
    1: [
        "no one may reroll during the next combat round",
        "every hero takes 1 damage",
        "every hero takes 2 damage",
        "the party takes 2/3/4/5 damage",
        "Morale drops by 1",
        "everyone rolls 2 fewer dice next combat round",
    ],
    2: [
        "refreshing now costs 2 Morale for the rest of the game",
        "every hero discards a power",
        "Morale drops by 3",
        "every hero takes 3 damage",
        "the party picks a hero who takes 1 extra damage from every source from now on",
        "everyone rolls 4 fewer dice next combat round",
    ],
    3: [
        "every attack deals half damage, rounded down, from now on",
        "every hero loses a die for good",
        "every hero discards 2 ready powers or 3 exhausted ones, whichever is more",
        "every hero takes 4 damage",
        "the party picks a hero whose power numbers all count as 1 from now on",
        "the foe strikes first next combat round",
    ],
}

# Which table each threshold rolls on, per difficulty.
SCHEDULE: dict[str, dict[int, int]] = {
    "new-questors": {17: 1, 13: 1, 9: 1, 5: 2, 1: 2},
    "adventurers": {17: 1, 13: 1, 9: 2, 5: 2, 1: 3},
    "veterans": {17: 1, 13: 1, 9: 2, 5: 3, 1: 3},
    "last-ditch": {17: 1, 13: 2, 9: 2, 5: 3, 1: 3},
}


# What each standard toll does, in the words the table shows when a tier is reached.
TOLL_TEXT: dict[int, str] = {
    1: TABLE_TEXT[1][0],
    2: "every hero takes 2 damage",
    3: "every hero discards a power and takes 1 damage",
}


def toll_text(difficulty: str, threshold: int) -> str:
    """What the standard tracker's tier at this threshold does, at this difficulty."""
    if threshold == THRESHOLDS[0]:
        return "every hero takes 1 damage"
    return TOLL_TEXT[SCHEDULE[difficulty][threshold]]


# The standard tracker's effect at each threshold, per difficulty: Winded is the rulebook's.
STANDARD: dict[str, dict[int, list[Block]]] = {
    level: {t: WINDED if t == THRESHOLDS[0] else LEVELS[table] for t, table in plan.items()}
    for level, plan in SCHEDULE.items()
}


def tier_name(index: int) -> str:
    return TIERS[index][0]


def tier_for(morale: int) -> int:
    """The tier a Morale value would show on a fresh tracker."""
    index = 0
    for i, (_, at) in enumerate(TIERS):
        if at is not None and morale <= at:
            index = i
    return index


def tier_of_threshold(threshold: int) -> int:
    return next(i for i, (_, at) in enumerate(TIERS) if at == threshold)
