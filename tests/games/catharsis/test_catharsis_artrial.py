"""Artrial, Chef General of the Divine Army: powers set aside, Preparation each round, serving, the Flip."""

from __future__ import annotations

from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.state import Aside
from cogs.catharsis import render, views
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id
FLAMBE = "Flambé"  # top: 6 for 2 damage, +2 per Preparation · bottom: 66 for 4, +2 per Preparation


def _fight(*cards: str, players: int = 1):
    s = new_game(players, roles=["artrial", "leme"][:players], first=["blighted-stallion"])
    s.public.foes[0].health = s.public.foes[0].max_health = 30
    board(s, 0, *[P(name) for name in cards])
    return s


def test_setting_aside_pays_the_top_cost_and_takes_the_power_off_the_board() -> None:
    s = _fight(FLAMBE, "Proving Dough")
    dice(s, 0, 5, 6)
    assert "do not pay 6" in refused(s, 0, type="aside", slot=0, dice=[0])
    s = act(s, 0, type="aside", slot=0, dice=[1])
    hero = s.public.heroes[0]
    assert [sl.card for sl in hero.board] == [P("Proving Dough")] and hero.aside == [Aside(card=P(FLAMBE))]
    assert hero.dice[1].used and s.public.foes[0].health == 30  # nothing happens yet
    assert hero.health == 2  # a set-aside power is not health


def test_the_last_power_cannot_be_set_aside_and_others_cannot_set_aside() -> None:
    s = _fight(FLAMBE)
    dice(s, 0, 6)
    assert "last power" in refused(s, 0, type="aside", slot=0, dice=[0])
    s = new_game(1, roles=["leme"], first=["blighted-stallion"])
    dice(s, 0, 6)
    assert "Only Artrial" in refused(s, 0, type="aside", slot=0, dice=[0])


def test_each_round_the_two_oldest_dishes_gain_preparation_and_serve_at_two() -> None:
    s = _fight(FLAMBE, "Proving Dough", "Knife Work", "Skewer")
    hero = s.public.heroes[0]
    hero.aside = [Aside(card=P("Knife Work")), Aside(card=P("Skewer")), Aside(card=P(FLAMBE))]
    dice(s, 0, 1)
    assert "needs at least 2" in refused(s, 0, type="serve", index=2)
    s = act(s, 0, type="done")  # the foe strikes; take it, push on, and a new round begins
    while s.public.packets or s.public.vote:
        seat_moves = RULES.legal_actions(s, 0)
        s = RULES.apply(s, 0, seat_moves[0]).state
    assert [d.prep for d in s.public.heroes[0].aside] == [1, 1, 0]


def test_serving_adds_the_preparation_bonus_and_the_power_comes_back_exhausted() -> None:
    s = _fight("Proving Dough")
    s.public.heroes[0].aside = [Aside(card=P(FLAMBE), prep=3)]
    dice(s, 0, 1)
    s = act(s, 0, type="serve", index=0, half="bottom")
    hero = s.public.heroes[0]
    assert s.public.foes[0].health == 30 - (4 + 2 * 3)
    assert hero.aside == [] and hero.board[-1].card == P(FLAMBE) and not hero.board[-1].ready


def test_a_served_dish_is_discarded_when_the_board_is_full() -> None:
    s = _fight("Proving Dough", "Knife Work", "Skewer", "Carving Blow", "Oven Blast", "Tasting Spoon")
    s.public.heroes[0].aside = [Aside(card=P(FLAMBE), prep=2)]
    dice(s, 0, 1)
    s = act(s, 0, type="serve", index=0)
    hero = s.public.heroes[0]
    assert s.public.foes[0].health == 30 - 6 and len(hero.board) == 6 and P(FLAMBE) in hero.discards


def test_flip_adds_preparation_everywhere_and_serves_everything() -> None:
    s = _fight("Proving Dough")
    s.public.heroes[0].aside = [Aside(card=P(FLAMBE), prep=0), Aside(card=P("Carving Blow"), prep=1)]
    dice(s, 0, 1)
    s = act(s, 0, type="flip", value=0)
    hero = s.public.heroes[0]
    assert s.public.foes[0].health == 30 - (2 + 2) - (2 + 2 * 2)
    assert hero.aside == [] and hero.flipped and len(hero.board) == 3
    assert "Nothing is set aside" in refused(_fight("Proving Dough"), 0, type="flip")


def test_flip_serving_after_the_foe_falls_wastes_the_blows_only() -> None:
    s = _fight("Proving Dough")
    s.public.foes[0].health = 3
    s.public.heroes[0].aside = [Aside(card=P(FLAMBE), prep=0), Aside(card=P("Simmering Stew"), prep=0)]
    dice(s, 0, 1)
    s = act(s, 0, type="flip", value=0)
    assert not s.public.foes[0].alive and s.public.heroes[0].aside == []


def test_the_random_player_sets_aside_serves_and_flips() -> None:
    s = _fight(FLAMBE, "Proving Dough")
    s.public.heroes[0].aside = [Aside(card=P("Carving Blow"), prep=2)]
    dice(s, 0, 6, 3)
    offered = RULES.legal_actions(s, 0)
    assert c.SetAside(slot=0, dice=[0]) in offered
    assert c.Serve(index=0, half="top", target=0) in offered
    assert c.Flip(target=0, value=0) in offered


def test_panel_shows_the_dishes_and_each_select_option_says_what_it_serves() -> None:
    s = _fight(FLAMBE, "Proving Dough")
    s.public.heroes[0].aside = [Aside(card=P("Carving Blow"), prep=2)]
    dice(s, 0, 6, 3)
    pub = project(s, 0)["public"]
    embed = render.panel_embed(pub, 0, [], render.prompt_for(pub, 0))
    assert "**Set aside** (served at 2 or more): Carving Blow (2 Preparation counters)" in embed.description
    assert "[6] deal 2 damage (+2 per Preparation)" in embed.description
    table = render.table_embed(project(s, None)["public"], ["alice"])
    assert "Set aside: Carving Blow (2 Preparation counters)" in "".join(f.value for f in table.fields)
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice"])
    use = next(i for i in items if i.verb == "use")
    options = {o.label: o for o in use.item.options}
    serve = options["Serve Carving Blow (top, 2 Preparation)"]
    assert serve.description == "[4] deal 6 damage"
    assert views.decode(serve.value) == {"type": "serve", "index": 0, "half": "top", "target": 0, "ally": None}
    assert options["Set aside Flambé with 6"].description.startswith("Pays its top cost")
    flips = [label for label in options if label.startswith("Flip")]
    assert flips == ["Flip: serve everything set aside (tops)", "Flip: serve everything set aside (bottoms)"]
    s = act(s, 0, **views.decode(serve.value))
    assert s.public.foes[0].health == 24
