"""Hidden information in every saint's projected view: the guide's unrevealed nexuses never show."""

from __future__ import annotations

from apoc_helpers import Game, assert_views_keep_hidden_nexuses

from bot.engine.seats import GUIDE
from bot.games.apocrypha.commands import Next, PrepareNexus, Present, StackNexus
from bot.games.apocrypha.rules import Options


def hidden_game(rules) -> Game:
    out = rules.setup(Options(mode="guided"), 3, 5, {"guide": True})
    game = Game(rules, out.state, out.events)
    game.do(GUIDE, PrepareNexus(nexus="main_street", reveal=True))
    game.do(GUIDE, PrepareNexus(nexus="chapel"))
    game.do(GUIDE, StackNexus(nexus="chapel", cards=["gaunt", "strix"]))
    return game


def test_a_card_presented_from_a_hidden_nexus_does_not_name_it_to_the_saints(rules):
    game = hidden_game(rules)
    assert_views_keep_hidden_nexuses(game.state)
    game.do(GUIDE, Present(seat=1, nexus="chapel"))
    assert game.pub.confront is not None
    assert_views_keep_hidden_nexuses(game.state)
    game.do(1, Next())
    game.do(1, Next())
    assert_views_keep_hidden_nexuses(game.state)
    game.do(1, Next())  # no check: the threat wins and waits on top of its (hidden) nexus
    assert game.state.secret.nexus_decks["chapel"][0].startswith("gaunt")
    assert_views_keep_hidden_nexuses(game.state)


def test_a_state_saved_with_a_public_origin_loads_with_it_in_secret(rules):
    game = hidden_game(rules)
    game.do(GUIDE, Present(seat=1, nexus="chapel"))
    data = game.state.model_dump(mode="json")
    card = data["public"]["confront"]["card"]
    data["schema_version"] = 1  # as the first release saved it
    data["public"]["confront"]["origin"] = data["secret"].pop("origins")[card]
    loaded = rules.load_state(data)
    assert loaded.secret.origins == {card: "chapel"} and loaded.schema_version == 1 + len(rules.state_upgrades)
    assert "origin" not in loaded.public.confront.model_dump()
