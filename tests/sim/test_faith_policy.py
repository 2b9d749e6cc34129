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


def test_objects_and_locations_are_played_when_the_energy_is_spare() -> None:
    # A permanent used to score as its cost on the field less a card in hand, so greedy never
    # played one: every deck's relics, equipment and locations stayed in hand.
    for cid in ("ark-of-the-covenant", "armor-of-god", "garden-of-eden", "forbidden-fruit", "golden-calf"):
        st = table(hands={0: [cid]}, light=5, dark=5)
        move = _choose(st)
        assert move.type == "play" and move.card == uid_of(st, 0, cid, "hand"), cid


def test_a_character_still_comes_before_an_object() -> None:
    st = table(hands={0: ["armor-of-god", "caleb-faithful-spy"]}, light=3, dark=0)  # one or the other
    move = _choose(st)
    assert move.type == "play" and move.card == uid_of(st, 0, "caleb-faithful-spy", "hand")
