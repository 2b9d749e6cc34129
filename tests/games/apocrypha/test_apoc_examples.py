"""The rulebook's worked examples, with the dice fixed through the guide's chance node."""

from __future__ import annotations

from apoc_helpers import guided

from bot.engine.seats import GUIDE
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
    SetDice,
    StackNexus,
    StartTurn,
)
from bot.games.apocrypha.state import card_id


def confront_from_nexus(game, seat: int, card: str, nexus: str = "main_street") -> None:
    game.do(GUIDE, StackNexus(nexus=nexus, cards=[card]))
    game.do(GUIDE, Present(seat=seat, nexus=nexus))
    game.do(seat, Next())  # avoid -> initiate
    game.do(seat, Next())  # initiate -> act


def test_frank_vs_streetsweeper(rules):
    # Frank: Rage 4, Strike 2; Main Street's Hope side adds a bonus die vs. a gift: 4 Rage + 3 bonus.
    game = guided(rules, ["frank_block"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    confront_from_nexus(game, 0, "streetsweeper")
    game.do(0, Attempt(virtue="rage"))
    game.do(GUIDE, SetDice(values=[1, 1, 1, 2, 2, 4, 6]))
    game.do(0, Roll())
    pool = game.pub.check.pool
    assert [d.colour for d in pool.dice] == ["rage"] * 4 + ["bonus"] * 3
    game.do(0, Keep())
    assert sorted(d.value for d in pool.dice if d.kept) == [2, 4, 6] or game.pub.check is None
    assert "keeps 6, 4, 2 for 12. Success." in game.public_text()
    assert any(card_id(u) == "streetsweeper" for u in game.state.players[0].hand)


def test_frank_vs_gladhander_with_zeez_and_unseen(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    hand = game.hand_of(0, "gallowglasses", "scrapbook", "reaper", "streetsweeper", "yankee_clipper")
    confront_from_nexus(game, 0, "gladhander")
    game.do(0, Attempt(virtue="mind"))
    assert game.pub.check.target == 15
    game.do(1, AssistCheck(virtue="mind"))  # Zeez's Mind 4 is on top: a saint at the same nexus
    game.do(0, Answer(option=0))
    game.do(GUIDE, AddMutation(mutation="unseen", roll=1))  # Unseen, and Zeez rolls a 1: keep the lowest die
    game.do(0, Next())  # assist -> mutate -> assemble
    assert game.pub.check.mutations[0].side == "Unseen"
    game.do(0, Play(card=hand[0]))  # Gallowglasses: boost, one Mind die and Sense 1
    game.do(GUIDE, SetDice(values=[1, 3, 4, 5, 3]))
    game.do(0, Roll())
    pool = game.pub.check.pool
    assert [(d.colour, d.value) for d in pool.dice] == [
        ("mind", 1),
        ("mind", 3),
        ("mind", 4),
        ("mind", 5),
        ("bonus", 3),
    ]
    game.do(GUIDE, SetDice(values=[2, 2, 6]))
    game.do(0, Reroll(dice=[0, 1, 4], assist=1))
    game.do(0, Keep())
    text = game.public_text()
    assert "keeps 6, 5, 2 for 13. Failure by 2." in text
    # Two Mind damage: Scrapbook (the only Mind gift) first, then one random card.
    left = [card_id(u) for u in game.state.players[0].hand]
    discard = [card_id(u) for u in game.pub.saints[0].discard]
    assert "scrapbook" in discard and "gallowglasses" in discard
    assert len(left) == 2 and set(left) < {"reaper", "streetsweeper", "yankee_clipper"}
    assert len(set(discard) & {"reaper", "streetsweeper", "yankee_clipper"}) == 1
    # Guided mode: the threat does not retreat into the deck; it waits on top of its nexus for the guide.
    assert card_id(game.state.secret.nexus_decks["main_street"][0]) == "gladhander"
    assert 0 in game.pub.must_reset


def test_door_slammer_dice(rules):
    # Ophelia: Soul 4 and Conjure 1; Bruiser adds a Body die; Door-Slammer flips every die.
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    bruiser, memory = game.hand_of(0, "bruiser", "muscle_memory")
    confront_from_nexus(game, 0, "door_slammer")
    game.do(0, Attempt(virtue="soul"))
    game.do(0, Next())
    game.do(0, Play(card=bruiser))
    game.do(GUIDE, SetDice(values=[2, 4, 4, 4, 6, 3]))
    game.do(0, Roll())
    pool = game.pub.check.pool
    assert [(d.colour, d.value) for d in pool.dice] == [
        ("soul", 2),
        ("soul", 4),
        ("soul", 4),
        ("soul", 4),
        ("body", 6),
        ("bonus", 3),
    ]
    game.do(GUIDE, SetDice(values=[2]))
    game.do(0, Play(card=memory))  # reroll the Body die before the flip
    assert pool.dice[4].value == 6  # the stored copy; the live state moved on
    game.do(0, Keep())
    assert "keeps 5, 5, 4 for 14. Success." in game.public_text()


def test_gryla_check_in_order(rules):
    game = guided(rules, ["ophelia_willows", "dr_zeez", "frank_block"])
    spell = game.t.new_instance("the_fainting_spell")
    game.state.public.saints[0].halo[3] = spell
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (cube,) = game.hand_of(0, "wolfram_cube")
    game.do(0, Play(card=spell))  # swap the saints on Ophelia's left and right
    assert game.pub.order == [0, 2, 1] and game.t.left_of(1) == 0
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gryla"]))
    game.do(GUIDE, Present(seat=0, nexus="main_street"))
    gryla = game.pub.confront.card
    game.do(0, Next())  # initiate
    deck = list(game.state.secret.decks[0][:3])
    game.do(0, Play(card=gryla, target=2, amount=3))  # give Frank the top three cards of her deck
    assert all(u in game.state.players[2].hand for u in deck)
    game.do(0, Next())  # act
    game.do(0, Attempt(virtue="soul"))
    assert game.pub.check.target == 14
    game.do(1, AssistCheck(virtue="soul"))  # Zeez's Soul 3 now points at Ophelia
    game.do(0, Answer(option=0))
    game.do(GUIDE, AddMutation(mutation="fiery", roll=5))  # Fiery 5: assisters recycle an Ally gift
    game.do(0, Next())
    assert game.pub.check.mutations[0].side == "Fiery"
    game.do(0, Play(card=cube))  # vs. a mutated card: add a Body die
    game.do(GUIDE, SetDice(values=[6, 3, 2, 2, 2, 1]))
    game.do(0, Roll())
    assert [d.colour for d in game.pub.check.pool.dice] == ["soul"] * 4 + ["body", "bonus"]
    game.do(GUIDE, SetDice(values=[4, 4, 2]))
    game.do(0, Reroll(dice=[3, 4, 5], assist=1))
    game.do(0, Keep())
    assert "keeps 6, 4, 4 for 14. Success." in game.public_text()
    assert game.pub.confront is None
