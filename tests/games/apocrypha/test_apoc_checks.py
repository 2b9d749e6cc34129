"""The check sequence: assist by position, mutate (lowest of one die per assister), assemble caps and
skills, evaluate in the rulebook's order; and damage."""

from __future__ import annotations

import pytest
from apoc_helpers import Game, guided

from bot.engine.seats import GUIDE
from bot.games.apocrypha import checks
from bot.games.apocrypha.commands import (
    AddMutation,
    Answer,
    AssistCheck,
    Attempt,
    Keep,
    Next,
    Play,
    Present,
    Reroll,
    Roll,
    StartTurn,
)
from bot.games.apocrypha.state import card_id


def at_act(game, seat: int, card: str) -> None:
    game.do(GUIDE, Present(seat=seat, card=card))
    game.do(seat, Next())
    game.do(seat, Next())


def rolled(game, seat: int, card: str, virtue: str, dice: list[int]):
    at_act(game, seat, card)
    game.do(seat, Attempt(virtue=virtue))
    game.dice(*dice)
    game.do(seat, Roll())
    return game.pub.check


# -- assisting -------------------------------------------------------------------------
def test_assist_directions_with_three_saints(rules):
    game = guided(rules, ["ophelia_willows", "dr_zeez", "frank_block"])
    t = game.t
    # Zeez (seat 1): Mind top, Soul left, Body right, Rage bottom. Left of 1 is 2, right of 1 is 0.
    assert t.can_assist(1, 0, "mind") and t.can_assist(1, 2, "mind")  # top: anyone at the nexus
    assert t.can_assist(1, 2, "soul") and not t.can_assist(1, 0, "soul")  # left
    assert t.can_assist(1, 0, "body") and not t.can_assist(1, 2, "body")  # right
    assert t.can_assist(1, 1, "rage") and not t.can_assist(1, 0, "rage")  # bottom: yourself
    assert not t.can_assist(1, 1, "mind")  # top points at another saint
    game.pub.saints[2].nexus = None
    assert not t.can_assist(1, 2, "mind")  # not at the same nexus


def test_one_other_saint_is_left_and_right(rules):
    t = guided(rules, ["dr_zeez", "frank_block"]).t
    assert t.can_assist(0, 1, "soul") and t.can_assist(0, 1, "body")


def test_a_solo_saint_assists_themself_with_every_virtue(rules):
    t = guided(rules, ["dr_zeez"]).t
    assert all(t.can_assist(0, 0, v) for v in ("body", "mind", "rage", "soul"))


def test_assisting_with_a_virtue_that_does_not_point_at_the_saint(rules):
    game = guided(rules, ["ophelia_willows", "dr_zeez", "frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    at_act(game, 0, "gladhander")
    game.do(0, Attempt(virtue="soul"))
    game.fails(1, AssistCheck(virtue="soul"), "does not point")  # Zeez's Soul points at Frank
    game.fails(2, AssistCheck(virtue="mind"), "Soul check")  # only the check's virtue


def test_assist_gives_rerolls_and_mutates_with_the_lowest_of_one_die_each(rules):
    game = guided(rules, ["ophelia_willows", "dr_zeez", "frank_block"])
    game.do(GUIDE, StartTurn(seat=2, draw=False))
    at_act(game, 2, "gladhander")  # Frank, Mind 15
    game.do(2, Attempt(virtue="mind"))
    game.do(1, AssistCheck(virtue="mind"))  # Zeez, top Mind 4
    game.do(2, Answer(option=0))
    game.fails(
        2, AssistCheck(virtue="mind"), "does not point"
    )  # Frank's Mind is on his right, not his bottom
    assert len(game.pub.check.assists) == 1
    game.do(GUIDE, AddMutation(mutation="unseen"))
    game.dice(3)  # one die for the one assisting saint
    game.do(2, Next())
    mutation = game.pub.check.mutations[0]
    assert mutation.rolls == [3] and mutation.side == "Unseen"
    assert game.pub.check.target == 17  # Unseen 3: +2
    game.dice(1, 1, 1)
    game.do(2, Roll())
    game.dice(6, 6, 6)
    game.do(2, Reroll(dice=[0, 1, 2], assist=1))
    game.fails(2, Reroll(dice=[0], assist=1), "up to 0")
    game.do(2, Keep())
    assert "for 18. Success." in game.public_text()


def test_two_assisters_roll_two_dice_and_the_lowest_applies(rules):
    # Zeez (seat 1) sits left of Ophelia (whose Mind points left) and right of Frank (Mind on his right).
    game = guided(rules, ["ophelia_willows", "dr_zeez", "frank_block"])
    game.do(GUIDE, StartTurn(seat=1, draw=False))
    at_act(game, 1, "gladhander")
    game.do(1, Attempt(virtue="mind"))
    game.do(0, AssistCheck(virtue="mind"))
    game.do(2, AssistCheck(virtue="mind"))
    assert game.rules.waiting_for(game.state) == [1]
    game.do(1, Answer(option=0))
    game.do(1, Answer(option=0))
    game.do(GUIDE, AddMutation(mutation="unseen"))
    game.dice(5, 2)
    game.do(1, Next())
    mutation = game.pub.check.mutations[0]
    assert mutation.rolls == [5, 2] and mutation.result == 2
    assert game.pub.check.pool is None  # Unseen 2 queues a trash for Evaluate


def test_a_refused_assist_does_not_count(rules):
    game = guided(rules, ["ophelia_willows", "dr_zeez", "frank_block"])
    game.do(GUIDE, StartTurn(seat=1, draw=False))
    at_act(game, 1, "gladhander")
    game.do(1, Attempt(virtue="mind"))
    game.do(0, AssistCheck(virtue="mind"))
    game.fails(1, Next(), "answer")
    game.do(1, Answer(option=1))
    game.do(1, Next())
    assert game.pub.check.assists == [] and not game.pub.check.mutated


def assisted_check(rules) -> Game:
    game = guided(rules, ["ophelia_willows", "dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    at_act(game, 0, "strix")
    game.do(0, Attempt(virtue="rage"))
    game.do(0, AssistCheck(virtue="rage"))  # Ophelia's Rage is at her bottom: self-assist
    return game


def test_an_assisted_check_waits_for_the_guides_mutation(rules):
    # Defect: Next before the guide added the mutation drew a random one, and the guide's came on top.
    game = assisted_check(rules)
    game.do(0, Next())
    check = game.pub.check
    assert check.stage == "assist" and check.mutations == [] and check.awaiting_mutation
    assert game.rules.waiting_for(game.state) == [GUIDE]
    game.fails(0, Next(), "guide")
    game.fails(0, Roll(), "guide")
    game.do(GUIDE, AddMutation(mutation="fiery", roll=2))
    check = game.pub.check
    assert check.stage == "assemble" and [m.mutation for m in check.mutations] == ["fiery"]
    assert not check.awaiting_mutation


def test_a_guide_who_does_not_choose_in_time_gets_a_random_mutation(rules):
    game = assisted_check(rules)
    game.do(0, Next())
    command = game.rules.timeout_command(game.state, GUIDE)
    assert isinstance(command, AddMutation) and command.mutation is None
    game.do(GUIDE, command)
    check = game.pub.check
    assert check.stage == "assemble" and check.mutated and len(check.mutations) == 1
    assert check.mutations[0].side in ("Unseen", "Fiery")  # the threat side of whichever card


def test_no_assist_no_mutation(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    at_act(game, 0, "strix")
    game.do(0, Attempt(virtue="rage"))
    game.do(0, Next())
    assert not game.pub.check.mutated and game.pub.check.mutations == []


def test_a_mutation_uses_the_other_side_for_a_gift(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    at_act(game, 0, "reaper")
    game.do(0, Attempt(virtue="rage"))
    game.do(GUIDE, AddMutation(mutation="unseen", roll=6))
    game.do(0, Next())
    assert game.pub.check.mutations[0].side == "Shrouded"


# -- assemble ---------------------------------------------------------------------------
def test_dice_caps_four_per_colour_and_four_bonus(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    at_act(game, 0, "strix")
    game.do(0, Attempt(virtue="rage"))
    game.do(0, Next())
    game.pub.check.extra = {"rage": 3, "bonus": 2}  # 7 Rage (3 become bonus) + 2 bonus + Strike 2
    game.dice(*[1] * 8)
    game.do(0, Roll())
    pool = game.pub.check.pool
    assert [d.colour for d in pool.dice].count("rage") == 4
    assert [d.colour for d in pool.dice].count("bonus") == 4
    assert any("lost" in note for note in game.pub.check.notes)


def test_boost_adds_a_die_and_the_gifts_skill_once(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    glasses, scrap = game.hand_of(0, "gallowglasses", "scrapbook")
    at_act(game, 0, "gladhander")
    game.do(0, Attempt(virtue="mind"))
    game.do(0, Next())
    game.do(0, Play(card=glasses))
    game.fails(0, Play(card=scrap), "only once")
    game.dice(*[2] * 5)
    game.do(0, Roll())
    assert [d.colour for d in game.pub.check.pool.dice] == ["mind"] * 4 + ["bonus"]
    assert game.pub.check.skill_used == "sense"


def test_a_skill_on_the_confronted_card_influences_the_check(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    check = rolled(game, 0, "strix", "rage", [1] * 6)  # Strix has Strike; Frank Strike 2
    assert check.skill_used == "strike" and len(check.pool.dice) == 6


def test_an_assemble_card_cannot_be_played_after_the_roll(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (bruiser,) = game.hand_of(0, "bruiser")
    rolled(game, 0, "strix", "rage", [3] * 6)
    game.fails(0, Play(card=bruiser), "Assemble step")


# -- evaluate ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kind", "params", "expect"),
    [
        ("upgrade", {"which": "lowest", "n": 1}, [2, 2, 3, 4]),
        ("downgrade", {"which": "highest", "n": 1}, [1, 2, 3, 3]),
        ("flip", {"which": "all"}, [3, 4, 5, 6]),
        ("trash", {"which": "highest", "n": 2}, [1, 2]),
        ("upgrade", {"which": "all", "colour": "bonus"}, [1, 2, 3, 4]),
    ],
)
def test_each_dice_operation(rules, kind, params, expect):
    game = guided(rules, ["dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    check = rolled(game, 0, "gladhander", "mind", [1, 2, 3, 4])  # Zeez: four Mind dice
    t = game.t
    checks.dice_step(t, kind, params, [])
    checks.keep(t)
    live = sorted(d.value for d in game.pub.check.pool.dice if not d.trashed) if game.pub.check else None
    assert live == expect
    assert check is not None


def test_explode_adds_a_die_of_the_same_colour_or_a_bonus_die(rules):
    game = guided(rules, ["dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    rolled(game, 0, "gladhander", "mind", [6, 6, 1, 1])
    t = game.t
    checks.dice_step(t, "explode", {"on": 6}, [])
    game.dice(5, 4)
    checks.keep(t)
    pool = game.pub.check.pool
    assert [(d.colour, d.value) for d in pool.dice[4:]] == [("bonus", 5), ("bonus", 4)]
    assert game.pub.check.total == 6 + 6 + 5


def test_evaluate_order_reroll_before_flip_before_trash(rules):
    game = guided(rules, ["dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    rolled(game, 0, "gladhander", "mind", [6, 5, 1, 1])
    t = game.t
    # Queued out of order: trash the highest, then flip all; a reroll of chosen dice runs at once.
    checks.dice_step(t, "trash", {"which": "highest", "n": 1}, [])
    checks.dice_step(t, "flip", {"which": "all"}, [])
    game.dice(2)
    checks.dice_step(t, "reroll", {"which": "chosen", "n": 1}, [0])  # 6 -> 2
    checks.keep(t)
    pool = game.pub.check.pool
    # After the reroll: 2,5,1,1 -> flip: 5,2,6,6 -> trash the highest (a 6): 5,2,6 kept.
    assert sorted(d.value for d in pool.dice if d.kept) == [2, 5, 6]
    assert game.pub.check.total == 13


def test_keep_lowest_forces_the_lowest_die_in(rules):
    game = guided(rules, ["dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    rolled(game, 0, "gladhander", "mind", [6, 5, 4, 1])
    t = game.t
    checks.dice_step(t, "keep_lowest", {"n": 1}, [])
    checks.keep(t)
    assert game.pub.check.total == 6 + 5 + 1


def test_choosing_dice_before_the_roll_is_refused(rules):
    game = guided(rules, ["dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    at_act(game, 0, "gladhander")
    game.do(0, Attempt(virtue="mind"))
    from bot.engine.errors import GameError

    with pytest.raises(GameError):
        checks.dice_step(game.t, "upgrade", {"which": "chosen", "n": 1}, [0])


def test_attempt_needs_one_of_the_cards_target_virtues(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    at_act(game, 0, "gladhander")
    game.fails(0, Attempt(virtue="rage"), "Mind or Soul")


# -- damage --------------------------------------------------------------------------------
def fail_vs(game, seat: int, card: str, virtue: str, dice: list[int]) -> None:
    rolled(game, seat, card, virtue, dice)
    game.do(seat, Keep())


def test_damage_matching_virtue_first_then_random(rules):
    game = guided(rules, ["dr_zeez"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    hand = game.hand_of(0, "scrapbook", "reaper", "grifter", "bruiser")
    fail_vs(game, 0, "gladhander", "mind", [1, 1, 1, 1])  # 3 vs. 15: 12 damage, more than the hand
    assert game.state.players[0].hand == []
    assert game.pub.saints[0].discard[0] == hand[0]  # the Mind gift went first
    assert not game.pub.saints[0].fading  # an empty hand ignores the rest


def test_a_threats_damage_power_buries_the_damage(rules):
    game = guided(rules, ["dr_zeez"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    hand = game.hand_of(0, "scrapbook", "reaper")
    fail_vs(game, 0, "authorities", "mind", [3, 3, 3, 2])  # 9 vs. 12: 3 damage
    assert game.state.players[0].buried == [hand[0], hand[1]] or set(game.state.players[0].buried) == set(
        hand
    )
    assert "Scrapbook" not in game.public_text().split("authorities")[-1]


def test_an_optional_damage_power_waits_for_the_saint(rules):
    game = guided(rules, ["dr_zeez"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    kit, a, b, c = game.hand_of(0, "tourniquet", "scrapbook", "reaper", "grifter")
    fail_vs(game, 0, "gladhander", "mind", [4, 4, 4, 3])  # 12 vs. 15: 3 damage
    assert game.pub.damage is not None and game.rules.waiting_for(game.state) == [0]
    game.fails(0, Next(), "damage")
    game.do(0, Play(card=kit))  # discard it: 2 less damage
    game.do(0, Answer())
    assert game.pub.damage is None
    assert len(game.state.players[0].hand) == 2  # 4 - Tourniquet - 1 damage
    assert a in game.pub.saints[0].discard  # the one point took the Mind gift
    assert b in game.state.players[0].hand and c in game.state.players[0].hand


def test_damage_powers_are_only_played_while_suffering_damage(rules):
    game = guided(rules, ["dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (kit,) = game.hand_of(0, "tourniquet")
    game.fails(0, Play(card=kit), "suffering damage")


def test_winning_vs_a_threat_sends_it_to_the_box(rules):
    game = guided(rules, ["frank_block"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    fail_vs(game, 0, "strix", "rage", [6, 6, 6, 1, 1, 1])
    assert game.pub.confront is None
    assert all(
        card_id(u) != "strix"
        for _, u in __import__("bot.games.apocrypha.table", fromlist=["all_zones"]).all_zones(game.state)
    )


def test_a_mutation_takes_matching_cards_from_the_assisters(rules):
    game = guided(rules, ["ophelia_willows", "dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (grifter, other) = game.hand_of(1, "grifter", "reaper")
    at_act(game, 0, "strix")
    game.do(0, Attempt(virtue="rage"))
    game.do(0, AssistCheck(virtue="rage"))  # Ophelia's Rage is at her bottom
    game.do(GUIDE, AddMutation(mutation="fiery", roll=5))
    assert game.t.can_assist(1, 0, "rage") is False
    game.pub.check.assists.append(game.pub.check.assists[0].model_copy(update={"seat": 1}))
    game.do(0, Next())
    assert game.state.secret.decks[1][-1] == grifter  # the Ally gift went to the bottom of Zeez's deck
    assert other in game.state.players[1].hand


def test_a_power_you_play_needs_the_cards_it_acts_on_named(rules):
    game = guided(rules, ["ophelia_willows", "dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (grifter, gift) = game.hand_of(1, "grifter", "reaper")
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(0, Next())  # initiate
    game.fails(1, Play(card=grifter, target=0), "name 1 card")
    game.do(1, Play(card=grifter, target=0, cards=[gift]))
    assert gift in game.state.players[0].hand


def test_the_saint_chooses_which_matching_gifts_damage_takes(rules):
    # 2 Mind damage and three Mind gifts in hand: Zeez names the two she gives up.
    game = guided(rules, ["dr_zeez"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    scrap, glasses, parasight, reaper = game.hand_of(0, "scrapbook", "gallowglasses", "parasight", "reaper")
    fail_vs(game, 0, "gladhander", "mind", [5, 4, 4, 3])  # 13 vs. 15: 2 damage
    pending = game.pub.pending[0]
    assert pending.kind == "damage" and "2 of your Mind gifts" in pending.text
    assert game.rules.waiting_for(game.state) == [0]
    game.fails(0, Answer(cards=[scrap]), "name 2")
    game.fails(0, Answer(cards=[scrap, reaper]), "mind gifts in your hand")
    game.fails(0, Answer(cards=[scrap, scrap]), "name 2")
    game.do(0, Answer(cards=[glasses, parasight]))
    assert game.state.players[0].hand == [scrap, reaper]
    assert set(game.pub.saints[0].discard) == {glasses, parasight}


def test_no_choice_when_every_matching_gift_goes_and_the_timeout_picks_at_random(rules):
    game = guided(rules, ["dr_zeez"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.hand_of(0, "scrapbook", "reaper")
    fail_vs(game, 0, "gladhander", "mind", [5, 4, 4, 3])  # 2 damage, one Mind gift: nothing to choose
    assert game.pub.pending == [] and game.state.players[0].hand == []
    game = guided(rules, ["dr_zeez"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.hand_of(0, "scrapbook", "gallowglasses", "parasight", "reaper")
    fail_vs(game, 0, "gladhander", "mind", [5, 4, 4, 3])
    game.do(0, game.rules.timeout_command(game.state, 0))
    hand = game.state.players[0].hand
    assert len(hand) == 2 and any(u.startswith("reaper") for u in hand)
