"""Fizzleboom & Burrr, the Dynamic Duo: cards that turn around, damage that swaps powers, the Flip."""

from __future__ import annotations

from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from cogs.catharsis import render, views
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id
SPARK = "Spark and Smash"  # upright: 1 for 1 / 66 for 5 · turned: 2 for 1 / 55 for 4


def _fight(*cards: str):
    s = new_game(1, roles=["fizzleboom"], first=["blighted-stallion"])
    s.public.foes[0].health = s.public.foes[0].max_health = 30
    board(s, 0, *[P(name) for name in cards])
    return s


def test_every_card_has_four_abilities_paid_with_exact_dice() -> None:
    for power in content().role_powers("fizzleboom"):
        assert power.turned is not None and power.bottom is not None and power.turned.bottom is not None
        for ab in (power.top, power.bottom, power.turned.top, power.turned.bottom):
            assert ab.cost.isdigit(), ab.cost


def test_using_a_card_turns_it_around_and_it_can_be_used_again_the_same_round() -> None:
    s = _fight(SPARK, "Burly Guard")
    dice(s, 0, 1, 2, 5, 5)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    slot = s.public.heroes[0].board[0]
    assert s.public.foes[0].health == 29 and slot.ready and slot.face == 1
    assert "do not pay" in refused(s, 0, type="activate", slot=0, dice=[1, 2])  # the 66 side is gone
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[2, 3])  # turned bottom: 55 for 4
    assert s.public.foes[0].health == 25 and s.public.heroes[0].board[0].face == 0
    # Upright again, it wants a 1 or a pair of 6s: no unused die fits, so nothing is offered.
    offered = [a for a in RULES.legal_actions(s, 0) if isinstance(a, c.Activate) and a.slot == 0]
    assert offered == []


def test_while_face_up_each_point_of_damage_swaps_a_power_instead_of_wearing_them_down() -> None:
    s = new_game(1, roles=["fizzleboom"], first=["thorn-fence"])  # a trap: damage to every hero
    hero = s.public.heroes[0]
    amount = s.public.packets[0].amount
    top = list(s.secret.decks[0][:amount])
    old = [sl.card for sl in hero.board]
    offered = next(a for a in RULES.legal_actions(s, 0) if isinstance(a, c.Take))
    s = act(s, 0, type="take", packet=0, slots=offered.slots)
    hero = s.public.heroes[0]
    assert all(sl.ready for sl in hero.board) and len(hero.board) == 6
    assert [sl.card for sl in hero.board][:amount] == top and hero.discards == old[:amount]
    assert hero.deck_count == 14 - amount


def test_once_the_deck_is_empty_each_point_discards_a_power() -> None:
    s = new_game(1, roles=["fizzleboom"], first=["thorn-fence"])
    s.secret.decks[0] = s.secret.decks[0][:1]
    s.public.packets[0].amount = 3
    assert "different ones" in refused(s, 0, type="take", packet=0, slots=[0, 1, 1])
    s = act(s, 0, type="take", packet=0, slots=[0, 0, 1])
    hero = s.public.heroes[0]
    assert len(hero.board) == 4 and hero.deck_count == 0 and len(hero.discards) == 3


def test_flipped_they_take_damage_like_anyone() -> None:
    s = new_game(1, roles=["fizzleboom"], first=["thorn-fence"])
    s.public.heroes[0].flipped = True
    s = act(s, 0, type="take", packet=0, slots=[0])
    hero = s.public.heroes[0]
    assert not hero.board[0].ready and hero.discards == [] and hero.deck_count == 14


def test_flip_puts_one_of_their_own_discards_under_the_deck() -> None:
    s = _fight(SPARK)
    hero = s.public.heroes[0]
    hero.discards = [P("Stomp"), "mane-of-storms", P("Big Swing")]
    dice(s, 0, 3)
    assert "own discarded powers" in refused(s, 0, type="flip", value=1)  # a Special is not theirs
    s = act(s, 0, type="flip", value=2)
    hero = s.public.heroes[0]
    assert s.secret.decks[0][-1] == P("Big Swing") and hero.discards == [P("Stomp"), "mane-of-storms"]
    assert hero.flipped and hero.deck_count == 15 and hero.returned == [P("Big Swing")]


def test_flip_with_nothing_put_back_just_turns_off_the_swapping() -> None:
    s = _fight(SPARK)
    dice(s, 0, 3)
    offered = [a for a in RULES.legal_actions(s, 0) if isinstance(a, c.Flip)]
    assert offered == [c.Flip()]
    s = act(s, 0, type="flip")
    assert s.public.heroes[0].flipped


def test_panel_shows_both_sides_and_the_flip_asks_what_to_put_back() -> None:
    s = _fight(SPARK)
    s.public.heroes[0].discards = [P("Stomp")]
    s.public.heroes[0].board[0].face = 1
    dice(s, 0, 2)
    pub = project(s, 0)["public"]
    embed = render.panel_embed(pub, 0, [], render.prompt_for(pub, 0))
    assert "Spark and Smash (turned)**: [2] deal 1 damage / [55] deal 4 damage · turned: [1] deal 1" in (
        embed.description
    )
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice"])
    use = next(i for i in items if i.verb == "use")
    flip, back = [o for o in use.item.options if o.value.startswith("f.")]
    assert back.label == "Flip: put Stomp back under your deck"
    assert views.needs_aim(pub, 0, views.decode(back.value)) is None  # already says which
    assert views.needs_aim(pub, 0, views.decode(flip.value)) == "back"
    [aim] = views.aim_items(1, pub, 0, flip.value, "back", ["alice"])
    assert [o.label for o in aim.item.options] == ["Put nothing back", "Put back Stomp"]
    assert views.aimed_command("b" + flip.value, ["0"])["value"] == 0
    assert views.aimed_command("b" + flip.value, ["-1"])["value"] is None


def test_the_damage_prompt_and_wound_select_speak_of_swapping() -> None:
    s = new_game(1, roles=["fizzleboom"], first=["thorn-fence"])
    pub = project(s, 0)["public"]
    assert "swaps one of your powers" in render.prompt_for(pub, 0)
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice"])
    wound = next(i for i in items if i.verb == "wound")
    assert all(o.label.startswith("Swap out ") for o in wound.item.options)
