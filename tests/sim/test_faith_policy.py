"""Faith's greedy policy looks one move ahead: it prays rather than throw a prayer away in a
losing fight, challenges when the fight pays, and recites with a character that cannot pray."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.faith import RULES
from bot.sim.games.faith import greedy, value
from tests.games.faith.faith_builder import table, uid_of


def _choose(st, seat: int = 0):
    return greedy(st, seat, RULES.legal_actions(st, seat), Rng.from_seed(1))


def test_a_prayer_prays_instead_of_dying_in_a_challenge() -> None:
    # Hannah (strength 0, prayer 2) could only hurt herself against Cain.
    st = table(fields={0: ["hannah-prayerful-mother"], 1: ["cain-first-murderer"]}, light=0, dark=0)
    assert _choose(st).type == "pray"


def test_a_zealous_fighter_kills_a_prayer_it_outlasts() -> None:
    # Samson (strength 5, Zealous, prayer 1) exiles Mary (prayer 3) and takes nothing back.
    st = table(fields={0: ["samson-nazirite"], 1: ["mary-mother-of-jesus"]}, light=0, dark=0)
    move = _choose(st)
    assert move.type == "challenge" and move.target == uid_of(st, 1, "mary-mother-of-jesus")
    after = RULES.apply(st, 0, move).state
    assert value(after, 0) > value(st, 0)


def test_a_psalm_is_recited_by_a_character_that_cannot_pray() -> None:
    st = table(
        hands={0: ["psalm-of-praise"]},
        fields={0: ["daniel-in-the-lions-den", "saul-tormented-king"]},  # both cost 3 or more
        light=0,
        dark=0,
    )
    move = _choose(st)
    assert move.type == "play" and move.recite == uid_of(st, 0, "saul-tormented-king")
