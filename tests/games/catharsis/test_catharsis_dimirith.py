"""Dimirith Raizen, the Transmutor: numbered places and `#` costs, super bottoms that replace, the Flip."""

from __future__ import annotations

from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.costs import with_number
from cogs.catharsis import render, views
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id


def _fight(*cards: str, players: int = 1, roles: list[str] | None = None):
    """Dimirith (seat 0) against a Blighted Stallion set to 20 health, his places numbered 1, 2, 3..."""
    s = new_game(players, roles=roles or ["dimirith"], first=["blighted-stallion"])
    s.public.foes[0].health = s.public.foes[0].max_health = 20
    board(s, 0, *[P(name) for name in cards])
    for i, slot in enumerate(s.public.heroes[0].board):
        slot.number = i + 1
    return s


def test_the_board_is_numbered_one_to_six_when_the_game_begins() -> None:
    s = new_game(2, roles=["dimirith", "leme"])
    assert [slot.number for slot in s.public.heroes[0].board] == [1, 2, 3, 4, 5, 6]
    assert [slot.number for slot in s.public.heroes[1].board] == [0] * 6  # other heroes have no numbers


def test_a_hash_cost_needs_a_die_showing_the_power_s_number() -> None:
    s = _fight("Stone Skin", "Quartz Heart", "Ember Palm")  # Ember Palm holds place 3: "#" is a 3
    dice(s, 0, 4, 2, 3)
    assert "do not pay 3" in refused(s, 0, type="activate", slot=2, dice=[0])
    offered = [a for a in RULES.legal_actions(s, 0) if getattr(a, "slot", None) == 2 and a.half == "top"]
    assert [a.dice for a in offered] == [[2]]
    s = act(s, 0, type="activate", slot=2, dice=[2])
    assert s.public.foes[0].health == 20 - 3


def test_with_number_reads_hash_as_the_place_and_refuses_an_unnumbered_power() -> None:
    assert with_number("#?", 3) == "3?" and with_number("##|??", 5) == "55|??" and with_number("AA", 0) == "AA"
    s = _fight("Ember Palm")
    s.public.heroes[0].board[0].number = 0
    dice(s, 0, 1)
    assert "no number" in refused(s, 0, type="activate", slot=0, dice=[0])


def test_a_super_bottom_resolves_then_its_power_is_replaced_keeping_the_number() -> None:
    s = _fight("Stone Skin", "Ember Palm")  # Ember Palm is #2: its bottom costs "22"
    dice(s, 0, 2, 2)
    deck_before = list(s.secret.decks[0])
    s = act(s, 0, type="activate", slot=1, half="bottom", dice=[0, 1])
    hero = s.public.heroes[0]
    assert s.public.foes[0].health == 20 - 8
    assert hero.board[1].card == deck_before[0] and hero.board[1].ready and hero.board[1].number == 2
    assert hero.discards == [P("Ember Palm")]


def test_every_bottom_ends_by_replacing_its_power_and_every_power_costs_hash() -> None:
    for power in content().role_powers("dimirith"):
        assert power.bottom is not None and power.bottom.do[-1] == {"op": "replace"}
        assert "#" in power.top.cost and "#" in power.bottom.cost


def test_bottoms_close_while_the_role_card_is_flipped() -> None:
    s = _fight("Stone Skin", "Ember Palm", players=2, roles=["dimirith", "leme"])
    dice(s, 0, 2, 2, 1)
    s.public.heroes[0].board[0].ready = False
    s = act(s, 0, type="flip", ally=0, ally_slot=0)
    assert s.public.heroes[0].flipped
    assert "Role card is flipped" in refused(s, 0, type="activate", slot=1, half="bottom", dice=[0, 1])
    assert not [a for a in RULES.legal_actions(s, 0) if getattr(a, "half", None) == "bottom"]
    s = act(s, 0, type="activate", slot=1, dice=[0])  # the top still works
    assert s.public.foes[0].health == 20 - 3


def test_flip_replaces_an_ally_s_exhausted_power_with_a_ready_one() -> None:
    s = _fight("Stone Skin", players=2, roles=["dimirith", "leme"])
    leme = s.public.heroes[1]
    leme.board[2].ready = False
    old, top = leme.board[2].card, s.secret.decks[1][0]
    s = act(s, 0, type="flip", ally=1, ally_slot=2)
    leme = s.public.heroes[1]
    assert leme.board[2].card == top and leme.board[2].ready and old in leme.discards
    assert s.public.heroes[0].flipped
    assert "already flipped" in refused(s, 0, type="flip", ally=1, ally_slot=0)


def test_flip_is_refused_without_a_power_to_draw_or_a_place_named() -> None:
    s = _fight("Stone Skin", players=2, roles=["dimirith", "leme"])
    assert "Choose the power" in refused(s, 0, type="flip", ally=1)
    s.secret.decks[1] = []
    assert "no power left to draw" in refused(s, 0, type="flip", ally=1, ally_slot=0)
    dice(s, 0, 1)
    flips = [a for a in RULES.legal_actions(s, 0) if isinstance(a, c.Flip)]
    assert flips and all(f.ally == 0 for f in flips)  # only his own board can still change


def test_the_passive_works_on_its_own() -> None:
    s = _fight("Stone Skin")
    assert "works on its own" in refused(s, 0, type="passive")


def test_a_power_drawn_onto_the_board_takes_the_lowest_free_number() -> None:
    from bot.games.catharsis.damage import draw_power

    s = _fight("Stone Skin", "Ember Palm", "Quartz Heart")
    hero = s.public.heroes[0]
    hero.board.pop(1)  # place 2 was lost
    slot = draw_power(s, hero)
    assert slot is not None and slot.number == 2


def test_panel_and_select_show_the_number_and_what_each_choice_does() -> None:
    s = _fight("Stone Skin", "Ember Palm", players=2, roles=["dimirith", "leme"])
    dice(s, 0, 2, 2, 1)
    pub = project(s, 0)["public"]
    embed = render.panel_embed(pub, 0, [], render.prompt_for(pub, 0))
    assert "#2 Ember Palm" in embed.description and "[2] deal 3 damage / [22] deal 8 damage, replace this power" in embed.description
    assert "[#] a die showing the power's number" in embed.footer.text
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice", "bob"])
    use = next(i for i in items if i.verb == "use")
    flip = next(o for o in use.item.options if o.value.startswith("f."))
    assert flip.description == content().roles["dimirith"].flip[:99] + "…"
    assert all(o.description for o in use.item.options)
    # The Flip asks which power to replace: every power of a hero with a deck to draw from.
    assert views.needs_aim(pub, 0, views.decode(flip.value)) == "replace"
    s.secret.decks[1] = []
    s.public.heroes[1].deck_count = 0
    pub = project(s, 0)["public"]
    [aim] = views.aim_items(1, pub, 0, flip.value, "replace", ["alice", "bob"])
    assert {o.value.split(".")[0] for o in aim.item.options} == {"0"}
    assert views.aimed_command("r" + flip.value, ["0.1"]) == {
        "type": "flip",
        "target": None,
        "ally": 0,
        "ally_slot": 1,
    }


def test_a_power_replacing_a_special_on_his_board_takes_a_free_number() -> None:
    from bot.games.catharsis.damage import replace_power
    from bot.games.catharsis.state import Slot

    s = _fight("Stone Skin", "Ember Palm")
    hero = s.public.heroes[0]
    hero.board.append(Slot(card="mane-of-storms"))  # a claimed Special carries no number
    replace_power(s, hero, 2, [])
    assert hero.board[2].number == 3
    dice(s, 0, 3, 3, 3)
    assert any(getattr(a, "slot", None) == 2 for a in RULES.legal_actions(s, 0))


def test_glass_eye_s_bottom_asks_which_power_to_replace_before_replacing_itself() -> None:
    s = _fight("Stone Skin", "Glass Eye")  # Glass Eye is #2: its bottom costs "2?"
    dice(s, 0, 2, 5)
    pub = project(s, 0)["public"]
    command = views.decode(views.encode(c.Activate(slot=1, half="bottom", dice=[0, 1], target=0)))
    assert views.needs_aim(pub, 0, command) == "replace"
    s = act(s, 0, **{**command, "ally": 0, "ally_slot": 0})
    hero = s.public.heroes[0]
    assert P("Stone Skin") in hero.discards and P("Glass Eye") in hero.discards
    assert s.public.foes[0].health == 20 - 4
