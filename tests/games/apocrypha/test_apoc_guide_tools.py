"""The guide's tools beyond the table: clock draws, delays that add, bare checks, dice rulings,
stopped powers, written mutations, giving and searching cards, a threat's retreat, and resets."""

from __future__ import annotations

from apoc_helpers import Game, assert_views_keep_hidden_nexuses, guided

from bot.engine.seats import GUIDE
from bot.games.apocrypha.commands import (
    AddMutation,
    Attempt,
    Delay,
    DiceEffect,
    DrawClock,
    EndActiveTurn,
    EndTurn,
    GiveCard,
    GuideCheck,
    Keep,
    Next,
    PrepareNexus,
    Present,
    ResetHand,
    Retreat,
    Roll,
    SearchDeck,
    StackClock,
    StackNexus,
    StartTurn,
    StopPower,
)
from bot.games.apocrypha.state import card_id


def three(rules) -> Game:
    return guided(rules, ["frank_block", "dr_zeez", "ophelia_willows"], side="hope")


def test_saints_draw_from_the_clock_then_one_takes_the_turn(rules):
    game = three(rules)
    game.do(GUIDE, StackClock(cards=["good_karma", "bad_news", "good_karma"]))
    sizes = [len(game.state.players[s].hand) for s in (0, 1, 2)]
    game.do(GUIDE, DrawClock(seats=[2, 0]))
    assert [len(game.state.players[s].hand) for s in (0, 1, 2)] == [sizes[0] + 1, sizes[1], sizes[2] + 1]
    assert card_id(game.state.players[2].hand[-1]) == "good_karma"
    game.do(GUIDE, StartTurn(seat=2, draw=False))
    assert game.pub.active == 2 and game.pub.clock_count == 1
    game.fails(GUIDE, DrawClock(seats=[1, 1]), "once")
    game.fails(GUIDE, DrawClock(seats=[9]), "no such saint")
    game.fails(1, DrawClock(seats=[1]), "only the guide")


def test_a_clock_threat_is_confronted_and_the_saints_after_it_still_draw(rules):
    game = three(rules)
    game.do(GUIDE, StackClock(cards=["gaunt", "good_karma"]))
    game.do(GUIDE, DrawClock(seats=[1, 0]))
    assert card_id(game.pub.confront.card) == "gaunt" and game.pub.confront.seat == 1
    assert card_id(game.state.players[0].hand[-1]) == "good_karma" and game.pub.clock_count == 0


def test_a_delay_adds_to_the_clock_as_well_as_removing(rules):
    game = three(rules)
    game.do(GUIDE, StackClock(random_omens=2))
    game.do(GUIDE, Delay(n=3, add=True))
    assert game.pub.clock_count == 5
    game.do(GUIDE, Delay(n=2))
    assert game.pub.clock_count == 3


def test_a_bare_check_with_a_skill_and_the_guides_dice_rulings(rules):
    game = three(rules)
    game.do(GUIDE, GuideCheck(seat=1, virtue="body", target=10, skill="Resist"))
    check = game.pub.check
    assert check.purpose == "guide" and check.target == 10 and check.skills == ["resist"]
    assert game.pub.confront is None
    game.fails(GUIDE, GuideCheck(seat=0, virtue="mind", target=8), "already under way")
    game.do(GUIDE, DiceEffect(kind="trash", n=1, which="lowest"))
    game.dice(6, 5, 4, 1, 1, 1)
    game.do(1, Roll())
    assert game.pub.check.pool is not None
    game.do(1, Keep())
    # Body 2 plus Resist 2: four dice 6, 5, 4, 1; the lowest is trashed; 6 + 5 + 4 = 15.
    assert game.pub.check is None
    assert "keeps 6, 5, 4 for 15. Success." in game.public_text()
    game.fails(GUIDE, GuideCheck(seat=0, virtue="mind", target=8, skill="juggle"), "no juggle skill")
    game.fails(GUIDE, DiceEffect(kind="trash"), "no check")


def test_stopping_the_confronted_cards_power(rules):
    game = three(rules)
    game.do(GUIDE, StartTurn(seat=1, draw=False))
    hand = game.hand_of(1, "scrapbook", "parasight")
    game.do(GUIDE, Present(seat=1, card="authorities"))
    game.do(GUIDE, StopPower(power=0))  # its damage power buries the cards: not this time
    assert game.pub.confront.stopped == [0]
    game.fails(GUIDE, StopPower(power=3), "powers 1 to 1")
    game.do(1, Next())
    game.do(1, Next())
    game.do(1, Attempt(virtue="mind"))
    game.dice(1, 1, 1, 1)
    game.do(1, Roll())
    game.do(1, Keep())
    assert game.state.players[1].buried == []
    assert set(hand) <= set(game.pub.saints[1].discard)


def test_the_guides_mutations_several_at_once_and_written_ones(rules):
    game = three(rules)
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(GUIDE, AddMutation(mutation="unseen", roll=6, also=["fiery"]))
    game.do(GUIDE, AddMutation(mutation=None, name="Slick Ice", text="The saints slide; no ruling on dice."))
    game.do(GUIDE, AddMutation(mutation="fiery", roll=2, name="Burning Rope"))
    game.fails(GUIDE, AddMutation(mutation=None, name="Vague"), "what your mutation does")
    game.fails(GUIDE, AddMutation(mutation="moon", also=[]), "no mutation called moon")
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="rage"))
    game.do(0, Next())
    sides = [m.side for m in game.pub.check.mutations]
    assert sides[0] == "Slick Ice" and len(sides) == 4
    assert any(s.startswith("Burning Rope (as ") for s in sides)
    assert [m.mutation for m in game.pub.check.mutations][1:3] == ["unseen", "fiery"]


def test_giving_a_card_and_searching_a_deck_in_downtime(rules):
    game = three(rules)
    before = len(game.state.players[0].hand)
    game.do(GUIDE, GiveCard(seat=0, card="bad_news"))
    assert len(game.state.players[0].hand) == before + 1
    game.do(GUIDE, GiveCard(seat=0, card="bad_news", to="deck"))
    assert card_id(game.state.secret.decks[0][0]) == "bad_news"
    game.fails(GUIDE, GiveCard(seat=0, card="excalibur"), "no gift or omen called excalibur")
    game.fails(GUIDE, GiveCard(seat=0, card="gaunt"), "not a card a saint can hold")
    game.fails(GUIDE, GiveCard(seat=7, card="bad_news"), "no such saint")
    wanted = card_id(game.state.secret.decks[1][-1])
    game.do(GUIDE, SearchDeck(seat=1, cards=[wanted]))
    assert card_id(game.state.players[1].hand[-1]) == wanted
    game.fails(GUIDE, SearchDeck(seat=1, cards=["love_battery"] * 9), "not in")
    game.do(GUIDE, StartTurn(seat=1, draw=False))
    game.fails(GUIDE, SearchDeck(seat=1, cards=[wanted]), "downtime")


def test_an_unbeaten_threat_confronts_again_or_retreats(rules):
    game = three(rules)
    game.do(GUIDE, PrepareNexus(nexus="chapel"))
    game.do(GUIDE, StackNexus(nexus="chapel", cards=["gaunt", "bad_news"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, nexus="chapel"))
    for _ in range(3):
        game.do(0, Next())  # no check: Gaunt wins and waits on top of the hidden Chapel
    assert card_id(game.state.secret.nexus_decks["chapel"][0]) == "gaunt"
    assert_views_keep_hidden_nexuses(game.state)
    game.do(GUIDE, Present(seat=0, nexus="chapel"))  # it keeps confronting
    for _ in range(3):
        game.do(0, Next())
    game.do(GUIDE, Retreat(nexus="chapel"))
    assert sorted(card_id(u) for u in game.state.secret.nexus_decks["chapel"]) == ["bad_news", "gaunt"]
    game.state.secret.nexus_decks["chapel"].sort(key=lambda u: not u.startswith("gaunt"))
    game.do(GUIDE, Retreat(nexus="chapel", to_box=True))
    assert [card_id(u) for u in game.state.secret.nexus_decks["chapel"]] == ["bad_news"]
    game.fails(GUIDE, Retreat(nexus="chapel"), "no threat waits")
    game.fails(GUIDE, Retreat(nexus="atlantis"), "no nexus")


def test_ending_the_turn_resets_the_active_saint_and_lets_any_other_saint_reset(rules):
    game = three(rules)
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.fails(1, ResetHand(), "after the active saint resets")
    game.do(GUIDE, EndActiveTurn())
    assert game.pub.reset_open == [1, 2]
    game.do(2, ResetHand())
    game.fails(2, ResetHand(), "after the active saint resets")
    game.do(1, ResetHand())
    game.do(GUIDE, StartTurn(seat=1, draw=False))
    for _ in range(4):
        game.do(1, Next())
    game.do(1, EndTurn())  # the saint ends their own turn: the others may reset too
    assert game.pub.reset_open == [0, 2]
    game.do(GUIDE, StartTurn(seat=2, draw=False))
    assert game.pub.reset_open == []
    game.fails(0, ResetHand(), "after the active saint resets")


def guide_mission():
    from bot.games.apocrypha.cards import Mission

    return Mission.model_validate(
        {
            "id": "guide_cold_night",
            "name": "Cold Night",
            "lowdown": "A Wendigo hides under the pier; the mayor knows.",
            "nexuses": [
                {
                    "nexus": "chapel",
                    "cards": ["gaunt", "bad_news"],
                    "mutations": ["fiery"],
                    "notes": "Bells.",
                },
                {"name": "Frozen Pier", "description": "Planks and ice.", "cards": ["strix"]},
            ],
            "fragments": [{"id": "custom_the_mayor", "name": "The Mayor", "text": "You saw him smile."}],
            "clock_omens": 4,
        }
    )


def test_a_guides_own_mission_sets_up_hidden_and_hands_out_its_fragment(rules):
    import json

    from bot.engine.state import project
    from bot.games.apocrypha.commands import GiveFragment, RevealNexus
    from bot.games.apocrypha.rules import Options
    from bot.games.apocrypha.saints import new_record

    records = {i: new_record(s, rules.book) for i, s in enumerate(["frank_block", "dr_zeez"])}
    out = rules.setup(
        Options(mode="guided", guide_mission=guide_mission(), saints=records), 2, 3, {"guide": True}
    )
    game = Game(rules, out.state, out.events)
    assert game.pub.mission_name == "Cold Night" and game.pub.clock_count == 4
    assert [card_id(u) for u in game.state.secret.nexus_decks["frozen_pier"]] == ["strix"]
    assert set(game.state.secret.hidden_nexuses) == {"chapel", "frozen_pier"}
    for seat in (0, 1, None):
        seen = json.dumps(project(game.state, seat))
        assert "Wendigo" not in seen and "The Mayor" not in seen and "Frozen Pier" not in seen
    assert_views_keep_hidden_nexuses(game.state)
    game.do(GUIDE, RevealNexus(nexus="frozen_pier"))
    game.do(GUIDE, GiveFragment(seat=1, fragment="custom_the_mayor"))
    assert game.pub.fragments_given["custom_the_mayor"]["name"] == "The Mayor"
    game.fails(GUIDE, GiveFragment(seat=0, fragment="custom_the_mayor"), "already been given")
    reloaded = rules.load_state(json.loads(json.dumps(game.state.model_dump(mode="json"))))
    assert reloaded.secret.guide_mission.name == "Cold Night"


def test_a_guides_mission_with_a_card_not_in_the_box_is_refused(rules):
    import pytest

    from bot.engine.errors import GameError
    from bot.games.apocrypha.rules import Options

    bad = guide_mission().model_copy(deep=True)
    bad.nexuses[0].cards = ["excalibur"]
    with pytest.raises(GameError, match="not in the box"):
        rules.setup(Options(mode="guided", guide_mission=bad), 2, 3, {"guide": True})
    with pytest.raises(GameError, match="guided mode"):
        rules.setup(Options(mode="coop", guide_mission=guide_mission()), 2, 3, {})
