"""Copies of cards (confronted, then gone; the confrontation under way waits) and "otherwise" clauses."""

from __future__ import annotations

from apoc_helpers import guided
from test_apoc_golden import rules_with

from bot.engine.seats import GUIDE
from bot.games.apocrypha.cards import Power
from bot.games.apocrypha.commands import Answer, Next, Play, Present, StartTurn
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import all_zones


def power(timing: str, *blocks: dict, text: str = "A power.", mandatory: bool = True) -> Power:
    return Power(timing=timing, mandatory=mandatory, effects=list(blocks), text=text)


COPY_TO_NEXUS = power(
    "initiate", {"op": "copy", "card": "this", "who": "nexus"}, text="Another saint here faces a copy."
)


def two_saints(rules):
    game = guided(rules, ["frank_block", "dr_zeez"], side="doom")
    game.pub.saints[1].nexus = "main_street"
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    return game


def gaunts(game) -> list[str]:
    return [uid for _, uid in all_zones(game.state) if card_id(uid) == "gaunt"]


def test_another_saint_confronts_a_copy_first_and_it_ceases_to_exist():
    game = two_saints(rules_with(**{"threats.gaunt": [COPY_TO_NEXUS]}))
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    original = game.pub.confront.card
    game.do(0, Next())  # Initiate: the copy comes for Zeez, Frank's confrontation waits
    copy = game.pub.confront
    assert copy.seat == 1 and card_id(copy.card) == "gaunt" and copy.card != original
    assert game.pub.opponents[0].card == original and game.pub.opponents[0].suspended
    game.fails(0, Next(), "")  # Frank cannot take his turn back before the copy is resolved
    game.do(1, Next())  # the copy's own Initiate: a copy cannot copy
    assert "A copied card cannot copy" in game.public_text()
    game.do(1, Next())
    game.do(1, Next())  # Zeez makes no check and loses
    assert copy.card not in [u for _, u in all_zones(game.state)]
    assert gaunts(game) == [original]  # the copy went to no nexus, hand or box
    assert game.pub.confront.card == original and game.pub.confront.step == "initiate"
    assert not game.pub.confront.suspended and game.pub.opponents == []
    assert "ceases to exist" in game.public_text()


def test_a_copy_with_nobody_else_at_the_nexus_is_an_impossible_instruction():
    game = guided(rules_with(**{"threats.gaunt": [COPY_TO_NEXUS]}), ["frank_block"], side="doom")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    game.do(0, Next())
    assert game.pub.confront.seat == 0 and game.pub.confront.step == "initiate" and not game.pub.opponents
    assert "cannot be carried out" in game.public_text()


def test_a_copy_made_as_a_confrontation_ends_comes_next():
    lose = power("lose", {"op": "copy", "card": "this"}, text="It comes back as a copy.")
    game = two_saints(rules_with(**{"threats.gaunt": [lose]}))
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    for _ in range(3):
        game.do(0, Next())  # no check: lost, and a copy comes for Frank himself
    assert game.pub.confront is not None and game.pub.confront.seat == 0
    assert "#copy" in game.pub.confront.card and game.pub.confront.step == "avoid"
    for _ in range(3):
        game.do(0, Next())  # the copy's Lose power cannot copy again
    assert game.pub.confront is None and all("#copy" not in u for u in gaunts(game))


DISCARD_OR_HURT = power(
    "initiate",
    {
        "op": "otherwise",
        "attempt": [
            {"op": "discard", "n": 1, "virtue": "rage", "random": True},
            {"op": "discard", "n": 1, "virtue": "soul", "random": True},
        ],
        "then": [{"op": "damage", "n": 1, "virtue": "body"}],
    },
    text="Discard a Rage gift and a Soul gift; otherwise suffer 1 Body damage.",
)


def test_otherwise_asks_when_the_first_part_is_possible_and_the_saint_may_take_either():
    for answer, rage_left, hurt in ((0, 0, False), (1, 1, True)):
        game = guided(rules_with(**{"threats.gaunt": [DISCARD_OR_HURT]}), ["frank_block"], side="hope")
        game.do(GUIDE, StartTurn(seat=0, draw=False))
        game.hand_of(0, "streetsweeper", "keyhole_necklace", "bruiser")
        game.do(GUIDE, Present(seat=0, card="gaunt"))
        game.do(0, Next())
        assert game.pub.pending and game.pub.pending[0].options == [
            "attempt: discard a Rage gift and a Soul gift",
            "suffer 1 Body damage",
        ]
        game.do(0, Answer(option=answer))
        while game.pub.pending:
            game.do(0, game.rules.timeout_command(game.state, 0))
        rage = [u for u in game.state.players[0].hand if game.t.virtue_of(u) == "rage"]
        assert len(rage) == rage_left, answer
        assert ("1 Body damage" in game.public_text()) is hurt


def test_otherwise_does_the_second_part_when_the_first_cannot_be_done_in_full():
    game = guided(rules_with(**{"threats.gaunt": [DISCARD_OR_HURT]}), ["frank_block"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    reaper = game.hand_of(0, "reaper", "bruiser", "scrapbook")[0]  # a Rage gift but no Soul gift
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    game.do(0, Next())
    while game.pub.pending:
        assert game.pub.pending[0].kind != "choose"  # nothing to ask: only the second part is possible
        game.do(0, game.rules.timeout_command(game.state, 0))
    assert "1 Body damage" in game.public_text()
    assert "so the other part must be" in game.public_text()
    assert reaper in game.state.players[0].hand  # the first part's discard was undone
    assert "must discard Reaper" not in game.public_text()  # the first part left no trace


def otherwise_at_support():
    """A guided game whose saint holds a Scrapbook that reads "Bury a card; otherwise discard one",
    in the Support step: (the rules, the game)."""
    gift = power(
        "support",
        {
            "op": "otherwise",
            "attempt": [{"op": "bury", "n": 1, "required": True}],
            "then": [{"op": "discard", "n": 1}],
        },
        text="Bury a card; otherwise discard one.",
        mandatory=False,
    )
    rules = rules_with(**{"gifts.scrapbook": [gift]})
    game = guided(rules, ["frank_block"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(0, Next())  # Support
    return rules, game


def test_a_played_otherwise_offers_both_parts_and_option_two_skips_the_first():
    rules, game = otherwise_at_support()
    scrapbook, reaper = game.hand_of(0, "scrapbook", "reaper")
    index = len(rules.book.gifts["scrapbook"].powers) - 1
    offered = [
        a
        for a in rules.legal_actions(game.state, 0)
        if isinstance(a, Play) and a.card == scrapbook and a.power == index
    ]
    assert {a.option for a in offered} == {None, 1}
    game.do(0, Play(card=scrapbook, power=index, option=1, cards=[reaper]))
    assert reaper in game.pub.saints[0].discard and not game.state.players[0].buried


def test_the_play_select_says_which_part_of_an_otherwise_a_play_goes_for():
    """Not "option 2": the select names the first part for the play that attempts it and the second
    part for the play that goes straight to it, in the card's words."""
    import discord

    from bot.engine.state import project
    from cogs.apocrypha import views

    rules, game = otherwise_at_support()
    scrapbook, _ = game.hand_of(0, "scrapbook", "reaper")
    hand = list(game.state.players[0].hand)
    actions = rules.legal_actions(game.state, 0)
    public = project(game.state, 0)["public"]
    items = views.saint_items(7, rules.book, public, 0, actions, hand)
    select = next(i.item for i in items if isinstance(i.item, discord.ui.Select) and "play" in i.item.custom_id)
    index = len(rules.book.gifts["scrapbook"].powers) - 1
    labels = {
        (p.option, o.label)
        for p, o in zip([a for a in actions if isinstance(a, Play)], select.options, strict=True)
        if p.card == scrapbook and p.power == index
    }
    assert labels == {
        (None, f"Scrapbook (power {index + 1}): bury a card; with Reaper"),
        (1, f"Scrapbook (power {index + 1}): discard one; with Reaper"),
    }
    assert not any("option" in o.label for o in select.options)


def test_a_chosen_option_is_named_in_the_powers_words():
    from bot.games.apocrypha.context import play_option_words

    choose = power(
        "support",
        {"op": "choose", "options": [[{"op": "draw", "n": 1}], [{"op": "discard", "n": 1}]]},
        text="Choose one: draw a card, or discard a card.",
        mandatory=False,
    )
    assert [play_option_words(choose, i) for i in (0, 1)] == ["draw a card", "discard a card"]
    assert play_option_words(choose, None) == ""
    unsaid = power("support", {"op": "otherwise", "attempt": [{"op": "draw", "n": 1}], "then": [{"op": "discard", "n": 1}]})
    assert [play_option_words(unsaid, o) for o in (None, 1)] == ["the first part", "the second part"]
    assert play_option_words(None, 1) == "option 2"
