"""Séalaithe, the Demon Hunter: bottoms that wake near death, held Rage, the demon's Flip, sacrifices."""

from __future__ import annotations

from bot.games.catharsis import RULES
from bot.games.catharsis.cards import content
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id


def _fight(*cards: str, ready: int | None = None):
    """Séalaithe alone against a Blighted Stallion (set to 7 health) with these powers, the first `ready` ready."""
    s = new_game(1, roles=["sealaithe"], first=["blighted-stallion"])
    s.public.foes[0].health = 7
    board(s, 0, *[P(c) for c in cards])
    for i, slot in enumerate(s.public.heroes[0].board):
        slot.ready = ready is None or i < ready
    return s


def test_bottoms_sleep_while_three_or_more_powers_are_ready() -> None:
    s = _fight("Silver Bolt", "Hunter's Mark", "Warding Sigil")
    dice(s, 0, 1, 2)
    assert "2 or fewer" in refused(s, 0, type="activate", slot=0, half="bottom", dice=[0])
    offered = RULES.legal_actions(s, 0)
    assert not [a for a in offered if getattr(a, "half", None) == "bottom"]
    assert [a for a in offered if getattr(a, "half", None) == "top"]


def test_bottoms_wake_at_two_ready_powers_counting_the_one_used() -> None:
    s = _fight("Silver Bolt", "Hunter's Mark", "Warding Sigil", ready=2)
    dice(s, 0, 1, 2)
    assert any(getattr(a, "half", None) == "bottom" for a in RULES.legal_actions(s, 0))
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0])
    assert s.public.foes[0].health == 7 - 4


def test_flip_spends_every_rage_counter_on_one_blow_and_wakes_the_bottoms() -> None:
    s = _fight("Silver Bolt", "Hunter's Mark", "Warding Sigil", "Chain Lash")
    s.public.heroes[0].counters["rage"] = 3
    dice(s, 0, 1, 2)
    s = act(s, 0, type="flip")
    hero = s.public.heroes[0]
    assert s.public.foes[0].health == 7 - 4 and hero.counters["rage"] == 0 and hero.flipped
    assert "already flipped" in refused(s, 0, type="flip")
    s = act(s, 0, type="activate", slot=1, half="bottom", dice=[1])  # 4 ready, yet open while flipped
    assert not s.public.foes[0].alive
    assert "not something you can do" in refused(s, 0, type="passive")  # the fight is over


def test_flip_with_no_rage_still_strikes_for_one() -> None:
    s = _fight("Silver Bolt", "Hunter's Mark", "Warding Sigil")
    s = act(s, 0, type="flip")
    assert s.public.foes[0].health == 6


def test_passive_pledges_to_hold_the_rage_and_can_be_taken_back() -> None:
    s = _fight("Silver Bolt", "Hunter's Mark", "Warding Sigil")
    s = act(s, 0, type="passive")
    assert s.public.heroes[0].counters["hold"] == 1
    s = act(s, 0, type="passive")
    assert s.public.heroes[0].counters["hold"] == 0


def test_a_held_refresh_keeps_powers_exhausted_and_turns_them_into_rage() -> None:
    s = new_game(1, roles=["sealaithe"], first=["thorn-fence", "rotting-foal"])
    hero = s.public.heroes[0]
    hero.counters["hold"] = 1
    hero.flipped = True
    hero.board[1].ready = False
    s = act(s, 0, type="take", packet=0, slots=[0])
    assert s.public.vote is not None and s.public.vote.kind == "refresh"
    s = act(s, 0, type="vote", option=1)
    hero = s.public.heroes[0]
    assert [sl.ready for sl in hero.board[:2]] == [False, False] and all(sl.ready for sl in hero.board[2:])
    assert hero.counters["rage"] == 2 and hero.counters["hold"] == 0
    assert not hero.flipped  # the Role card itself is refreshed


def test_sacrifice_discards_the_power_for_good_and_feeds_rage() -> None:
    s = _fight("Blood Offering", "Silver Bolt", "Hunter's Mark")
    dice(s, 0, 4)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    hero = s.public.heroes[0]
    assert [content().card_name(sl.card) for sl in hero.board] == ["Silver Bolt", "Hunter's Mark"]
    assert hero.discards == [P("Blood Offering")] and hero.counters["rage"] == 2
    assert hero.deck_count == s.public.heroes[0].deck_count  # nothing was drawn in its place


def test_sacrificing_the_last_power_is_death() -> None:
    s = _fight("Blood Offering")
    dice(s, 0, 4)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.heroes[0].dead and s.public.winner is False


def test_other_heroes_use_bottoms_with_a_full_board() -> None:
    s = new_game(1, roles=["tenzin"], first=["blighted-stallion"])
    s.public.foes[0].health = 7
    board(s, 0, P("Flying Kick"), P("Palm Strike"), P("Knee Strike"))
    dice(s, 0, 3, 3, 3)
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0, 1, 2])
    assert s.public.foes[0].health == 1
