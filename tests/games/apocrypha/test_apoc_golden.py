"""The golden rules' precedence: cards of each kind ruling on the same thing, settled in one place."""

from __future__ import annotations

import itertools

import pytest
from apoc_helpers import FIXTURES, Game, guided

from bot.engine.seats import GUIDE
from bot.games.apocrypha import golden
from bot.games.apocrypha.cards import CardBook, MutationResult, Power, load_book
from bot.games.apocrypha.commands import (
    AddMutation,
    AssistCheck,
    Attempt,
    EndTurn,
    Give,
    Keep,
    Move,
    Next,
    Play,
    PrepareNexus,
    Present,
    Reroll,
    Roll,
    StackNexus,
    StartTurn,
)
from bot.games.apocrypha.golden import Ruling
from bot.games.apocrypha.rules import Apocrypha
from bot.games.apocrypha.state import Modifier

# The rulebook's hierarchy, one representative kind per rung, strongest first.
LADDER = [
    "mission",
    "structure",
    "chapter",
    "mutation",
    "nexus",
    "saint",
    "fragment",
    "threat",
    "gift",
    "omen",
]


def always(*blocks: dict, text: str = "A ruling.", **fields) -> Power:
    return Power(timing="always", mandatory=True, effects=list(blocks), text=text, **fields)


def rules_with(**changes) -> Apocrypha:
    """The fixture box with `always` powers added: changes maps a path to the powers to append."""
    book: CardBook = load_book(FIXTURES).model_copy(deep=True)
    for path, powers in changes.items():
        kind, cid, *rest = path.split(".")
        target = getattr(book, kind)[cid]
        for attr in rest:
            target = getattr(target, attr)
        (target if isinstance(target, list) else target.powers).extend(powers)
    return Apocrypha(book=book)


# -- the resolver itself: every pair of kinds ---------------------------------------------------------
@pytest.mark.parametrize(("high", "low"), list(itertools.combinations(LADDER, 2)))
def test_a_higher_kind_sets_the_value_whichever_came_first(high, low):
    if golden.RANK[high] == golden.RANK[low]:
        pytest.skip("same rung")
    for first, second in ((high, low), (low, high)):
        found = [
            Ruling("set", "damage_virtue", f"{first}-value", first, first, 0),
            Ruling("set", "damage_virtue", f"{second}-value", second, second, 1),
        ]
        assert golden.settle(found, "damage_virtue", "rules") == f"{high}-value"


@pytest.mark.parametrize(("high", "low"), list(itertools.combinations(LADDER, 2)))
def test_no_beats_yes_and_never_beats_both_whatever_the_kinds(high, low):
    # "cannot" from the weaker card still beats "may" from the stronger one, and the other way round.
    for yes, no in ((high, low), (low, high)):
        found = [Ruling("may", "move", None, yes, yes, 0), Ruling("cannot", "move", None, no, no, 1)]
        verdict = golden.decide(found, "move", True)
        assert not verdict.allowed and verdict.by.kind == no
    found = [
        Ruling("may", "move", None, high, high, 0),
        Ruling("cannot", "move", None, high, high, 1),
        Ruling("never", "move", None, low, low, 2),
    ]
    assert golden.decide(found, "move", True).by.word == "never"


def test_the_rules_decide_when_no_card_rules_and_a_card_beats_the_rules():
    assert golden.decide([], "give_after_move", False) == golden.Verdict(False, None)
    found = [Ruling("may", "give_after_move", None, "omen", "Lucky Break", 0)]
    verdict = golden.decide(found, "give_after_move", False)
    assert verdict.allowed and verdict.by.source == "Lucky Break"
    assert golden.settle([], "hand_size", 5) == 5


def test_cards_of_one_kind_the_newest_wins():
    found = [
        Ruling("set", "lost_threat", "box", "threat", "Old", 0),
        Ruling("set", "lost_threat", "top", "threat", "New", 1),
    ]
    assert golden.settle(found, "lost_threat", "shuffle") == "top"


def test_ruling_blocks_are_checked_when_the_data_loads():
    from bot.games.apocrypha.effects import validate_blocks

    validate_blocks([{"op": "cannot", "action": "move"}, {"op": "set", "rule": "hand_size", "value": 3}], "t")
    for bad in (
        {"op": "cannot", "action": "fly"},
        {"op": "set", "rule": "hand_size", "value": 40},
        {"op": "may", "action": "move", "until": "forever"},
    ):
        with pytest.raises(ValueError):
            validate_blocks([bad], "t")


# -- through the engine: pairs of real cards ------------------------------------------------------------
def to_transfer(game: Game, seat: int = 0) -> None:
    while game.pub.step != "transfer":
        game.do(seat, Next())


def two_at_main_street(rules: Apocrypha) -> Game:
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, PrepareNexus(nexus="chapel", reveal=True))
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    return game


def test_a_nexus_that_forbids_moving_beats_a_fragment_that_allows_it():
    rules = rules_with(
        **{
            "nexuses.main_street.doom": [always({"op": "cannot", "action": "move"}, text="No one leaves.")],
            "fragments.the_lantern": [always({"op": "may", "action": "move"})],
        }
    )
    game = two_at_main_street(rules)
    game.state.public.saints[0].halo[1] = "the_lantern#1"
    to_transfer(game)
    message = game.fails(0, Move(nexus="chapel"), "Main Street says you cannot move")
    assert "cannot move" in message
    assert not [a for a in rules.legal_actions(game.state, 0) if isinstance(a, Move)]
    game.state.public.nexuses["main_street"].side = "hope"  # the Hope side forbids nothing
    game.do(0, Move(nexus="chapel"))
    assert game.pub.saints[0].nexus == "chapel"


def test_a_mission_lets_saints_give_after_moving():
    rules = rules_with(**{"missions.taking_the_plunge": [always({"op": "may", "action": "give_after_move"})]})
    game = two_at_main_street(rules)
    game.state.public.mission = "taking_the_plunge"
    game.state.public.saints[1].nexus = "chapel"
    to_transfer(game)
    game.do(0, Move(nexus="chapel"))
    card = game.state.players[0].hand[0]
    assert Give(card=card, to=1) in rules.legal_actions(game.state, 0)
    game.do(0, Give(card=card, to=1))  # the rules say no; the mission says yes: the card wins
    assert card in game.state.players[1].hand


def test_a_fragment_played_lets_a_saint_give_after_moving():
    game = two_at_main_street(Apocrypha(book=load_book()))  # the real box
    game.state.public.saints[1].nexus = "chapel"
    game.state.public.saints[0].halo[1] = game.t.new_instance("the_open_hand")
    to_transfer(game)
    game.do(0, Move(nexus="chapel"))
    card = game.state.players[0].hand[0]
    game.fails(0, Give(card=card, to=1), "moved")
    game.do(0, Play(card=game.state.public.saints[0].halo[1], power=0))
    game.do(0, Give(card=card, to=1))
    assert card in game.state.players[1].hand
    game.do(0, EndTurn())
    assert not [m for m in game.pub.modifiers if m.kind == "fragment"]  # it lasted the turn


def test_a_confronted_threat_forbids_avoiding_it_though_a_gift_would():
    rules = rules_with(
        **{"threats.gaunt": [always({"op": "cannot", "action": "avoid"}, text="It sees you.")]}
    )
    game = guided(rules, ["ophelia_willows"], side="doom")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    banhammer = game.hand_of(0, "banhammer")[0]
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    game.fails(0, Play(card=banhammer, power=0), "Gaunt says you cannot avoid")
    assert game.pub.confront is not None and banhammer in game.state.players[0].hand


def test_a_nexus_sets_the_damage_virtue_over_the_threats_own():
    # Gryla is beaten with Soul; her card makes her damage Rage; the Chapel's Doom side makes all
    # damage there Body, and the nexus outranks the threat.
    cases = {
        "threat only": (
            {"threats.gryla": [always({"op": "set", "rule": "damage_virtue", "value": "rage"})]},
            "Rage",
        ),
        "both": (
            {
                "nexuses.chapel.doom": [always({"op": "set", "rule": "damage_virtue", "value": "body"})],
                "threats.gryla": [always({"op": "set", "rule": "damage_virtue", "value": "rage"})],
            },
            "Body",
        ),
        "neither": ({}, "Soul"),
    }
    for changes, virtue in cases.values():
        game = guided(rules_with(**changes), ["frank_block"], nexus="chapel", side="doom")
        game.do(GUIDE, StartTurn(seat=0, draw=False))
        game.do(GUIDE, Present(seat=0, card="gryla"))
        game.do(0, Next())
        game.do(0, Next())
        game.do(0, Attempt(virtue="soul"))
        game.do(0, Next())
        game.dice(1, 1, 1, 1, 1, 1, 1, 1)
        game.do(0, Roll())
        game.do(0, Keep())
        while game.pub.pending:
            game.do(0, game.rules.timeout_command(game.state, 0))
        assert f" {virtue} damage" in game.public_text(), virtue


def test_a_threat_sets_where_it_goes_when_it_wins_but_a_nexus_outranks_it(rules):
    stronger = rules_with(
        **{
            "threats.gaunt": [always({"op": "set", "rule": "lost_threat", "value": "box"})],
            "nexuses.main_street.doom": [always({"op": "set", "rule": "lost_threat", "value": "shuffle"})],
        }
    )
    only_threat = rules_with(
        **{"threats.gaunt": [always({"op": "set", "rule": "lost_threat", "value": "box"})]}
    )
    for rules_, in_nexus in ((only_threat, False), (stronger, True)):
        game = guided(rules_, ["frank_block"], side="doom")
        game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
        game.do(GUIDE, StartTurn(seat=0, draw=False))
        game.do(GUIDE, Present(seat=0, nexus="main_street"))
        gaunt = game.pub.confront.card
        game.do(0, Next())
        game.do(0, Next())
        game.do(0, Next())  # no check: lost
        assert (gaunt in game.state.secret.nexus_decks["main_street"]) is in_nexus


def test_a_mutation_forbids_rerolls_for_the_rest_of_the_confrontation():
    rules = rules_with()
    book = rules.book
    side = book.mutations["unseen"].vs_threat
    side.results = [
        MutationResult(
            text="No rerolls.", effects=[{"op": "cannot", "action": "reroll", "until": "confrontation"}]
        )
    ] * 6
    game = guided(rules, ["frank_block", "dr_zeez"], side="doom")
    game.pub.saints[1].nexus = "main_street"
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue=game.t.card(game.pub.confront.card).targets[0].virtue))
    game.do(GUIDE, AddMutation(mutation="unseen", roll=3))
    game.do(0, Next())
    game.do(0, Roll())
    game.pub.check.granted_rerolls = 2
    game.fails(0, Reroll(dice=[0]), "Unseen says you cannot reroll")
    assert not [a for a in rules.legal_actions(game.state, 0) if isinstance(a, Reroll)]
    game.do(0, Keep())
    assert not [m for m in game.pub.modifiers if m.until == "confrontation"]


def test_a_saint_that_never_assists_beats_an_omen_that_lets_anyone_assist(rules):
    strict = rules_with(
        **{"saints.dr_zeez": [always({"op": "never", "action": "assist"}, text="Zeez works alone.")]}
    )
    game = guided(strict, ["frank_block", "dr_zeez"], side="doom")
    game.pub.saints[1].nexus = "main_street"
    game.state.public.modifiers.append(
        Modifier(
            source="x",
            power=always({"op": "may", "action": "assist_anyone"}).model_dump(),
            seat=1,
            kind="omen",
            until="turn",
        )
    )
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="rage"))
    game.fails(1, AssistCheck(virtue="rage"), "Dr. Zeez says you never assist")


def test_assist_anyone_lets_a_saint_reach_a_check_their_virtue_does_not_point_at():
    game = guided(Apocrypha(book=load_book()), ["frank_block", "dr_zeez", "ophelia_willows"], side="doom")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gaunt"))
    game.do(0, Next())
    game.do(0, Next())
    virtue = game.t.card(game.pub.confront.card).targets[0].virtue
    game.do(0, Attempt(virtue=virtue))
    helper = next(s for s in (1, 2) if not game.t.can_assist(s, 0, virtue))
    game.fails(helper, AssistCheck(virtue=virtue), "does not point at")
    reach = game.t.new_instance("the_long_reach")
    game.pub.saints[helper].halo[1] = reach
    game.do(helper, Play(card=reach, power=0))
    assert AssistCheck(virtue=virtue) in game.rules.legal_actions(game.state, helper)
    game.do(helper, AssistCheck(virtue=virtue))
    assert any(a.seat == helper for a in game.pub.check.assists)


def test_a_forbidden_heal_is_ignored_and_a_hand_size_set_by_a_fragment(rules):
    r = rules_with(
        **{
            "fragments.the_lantern": [
                always({"op": "cannot", "action": "heal"}),
                always({"op": "set", "rule": "hand_size", "value": 2}),
            ]
        }
    )
    game = guided(r, ["frank_block"], side="hope")
    game.state.public.saints[0].halo[1] = "the_lantern#1"
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    from bot.games.apocrypha.context import Ctx

    t = game.t
    t.view(0).discard.append("reaper#9")
    Ctx(t, 0, [0]).heal(1, None)
    assert "reaper#9" in t.view(0).discard
    assert "The Lantern says they cannot heal" in t.events[-1].text
    game.do(0, EndTurn())
    assert len(game.state.players[0].hand) == 2


def test_a_nexus_that_lets_saints_seal_and_one_that_forbids_investigating_or_sealing():
    from apoc_helpers import Game

    from bot.games.apocrypha.commands import Investigate, Seal
    from bot.games.apocrypha.rules import Options

    def corner(**changes) -> Game:
        rules = rules_with(**changes)
        out = rules.setup(Options(mode="coop", mission="corner_the_troll"), 1, 11, {})
        game = Game(rules, out.state, out.events)
        game.state.public.saints[0].nexus = "main_street"
        return game

    # The rules: Sanctify only on an empty nexus. Main Street (Doom) lets a saint attempt its seal.
    game = corner(**{"nexuses.main_street.doom": [always({"op": "may", "action": "seal"})]})
    assert game.state.secret.nexus_decks["main_street"]
    for _ in range(2):
        game.do(0, Next())
    game.do(0, Next())  # leaving Investigate: the card's "may" opens Sanctify on a full nexus
    assert game.pub.step == "sanctify"
    assert [a for a in game.rules.legal_actions(game.state, 0) if isinstance(a, Seal)]
    # A nexus that forbids investigating, or sealing even when empty.
    game = corner(
        **{
            "nexuses.main_street.doom": [
                always({"op": "cannot", "action": "investigate"}),
                always({"op": "never", "action": "seal"}),
            ]
        }
    )
    game.state.secret.nexus_decks["main_street"] = []
    for _ in range(2):
        game.do(0, Next())
    omen = next(u for u in game.state.players[0].hand if game.t.is_omen(u))
    game.fails(0, Investigate(omen=omen), "Main Street says you cannot investigate")
    assert not [a for a in game.rules.legal_actions(game.state, 0) if isinstance(a, Investigate)]
    game.do(0, Next())  # an empty nexus, but sealing is forbidden: no Sanctify step
    assert game.pub.step == "transfer"
