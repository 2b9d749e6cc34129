"""Every ability type a power can carry, each resolved through the real command path."""

from __future__ import annotations

from bot.games.catharsis.cards import content
from bot.games.catharsis.state import CatharsisState
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused, take_all

P = power_id


def fight(roles: list[str] | None = None, first: str = "blighted-stallion", **opts: object) -> CatharsisState:
    return new_game(len(roles or ["unmei", "leme"]), roles=roles or ["unmei", "leme"], first=[first], **opts)


def test_damage_hits_the_foe_and_exhausts_the_power() -> None:
    s = fight()
    start = s.public.foes[0].health
    board(s, 0, P("Rising Sun"), P("Quick Draw"))
    dice(s, 0, 6, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.foes[0].health == start - 3  # Rising Sun's top: 3 damage for a 6
    hero = s.public.heroes[0]
    assert not hero.board[0].ready and hero.dice[0].used and not hero.dice[1].used


def test_multiple_hits_and_aiming_at_one_of_several_foes() -> None:
    s = fight(first="horrific-mass")  # the Mass enters with a Mass Spawn beside it
    assert [f.card for f in s.public.foes] == ["horrific-mass", "mass-spawn"]
    mass, spawn = (f.health for f in s.public.foes)
    board(s, 0, P("Twin Fangs"), P("Quick Draw"))
    dice(s, 0, 1, 2, 3)
    assert "Choose which foe" in refused(s, 0, type="activate", slot=0, dice=[0, 1])
    s2 = act(s, 0, type="activate", slot=0, dice=[0, 1], target=1)
    assert s2.public.foes[1].health == spawn - 2 and s2.public.foes[0].health == mass  # both hits on one
    s3 = act(s, 0, type="activate", slot=0, dice=[0, 1], targets=[1, 0])
    assert s3.public.foes[1].health == spawn - 1 and s3.public.foes[0].health == mass - 1  # one each


def test_prevent_damage_goes_to_any_hero_and_soaks_the_foes_blow() -> None:
    s = fight()
    board(s, 0, P("Iron Arm Parry"), P("Quick Draw"))
    dice(s, 0, 4)
    s = act(s, 0, type="activate", slot=0, dice=[0], ally=1)
    assert s.public.heroes[1].shield == 2
    s = act(act(s, 0, type="done"), 1, type="done")
    [packet] = s.public.packets  # Blighted Stallion: 3 damage to one hero
    assert packet.mode == "player" and packet.amount == 3
    s = act(s, 1, type="take", packet=0, slots=[0])
    assert s.public.heroes[1].shield == 0 and not s.public.heroes[1].board[0].ready
    assert sum(not sl.ready for sl in s.public.heroes[1].board) == 1


def test_prevent_for_self_only_ignores_the_ally() -> None:
    s = fight()
    board(s, 0, P("Flicker Step"))
    dice(s, 0, 4)
    s = act(s, 0, type="activate", slot=0, dice=[0], ally=1)
    assert s.public.heroes[0].shield == 2 and s.public.heroes[1].shield == 0


def test_prevent_morale_guards_a_morale_attack() -> None:
    s = fight(roles=["leme"], first="shaman-spirit")
    board(s, 0, P("Willow Calm"), P("Bark Skin"), P("Leaf Blades"))
    dice(s, 0, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.morale_shield == 1
    s = act(s, 0, type="done")
    assert s.public.morale == 21  # the Spirit's 1 Morale was guarded


def test_heal_refreshes_exactly_that_many_powers_of_the_chosen_hero() -> None:
    s = fight()
    board(s, 0, P("Drawn Breath"), P("Quick Draw"))
    board(s, 1, P("Leaf Blades"), P("Bark Skin"), P("Thorn Whip"), ready=False)
    dice(s, 0, 1, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1], ally=1)
    assert [sl.ready for sl in s.public.heroes[1].board] == [True, False, False]


def test_adjust_moves_another_players_unused_die_without_wrapping() -> None:
    s = fight()
    board(s, 1, P("Root Grip"))
    dice(s, 1, 3, 4)
    dice(s, 0, 5, 1)
    s2 = act(s, 1, type="activate", slot=0, dice=[0, 1], adjust=[{"seat": 0, "die": 0, "delta": 1}])
    assert s2.public.heroes[0].dice[0].value == 6
    assert "wrap" in refused(
        s, 1, type="activate", slot=0, dice=[0, 1], adjust=[{"seat": 0, "die": 1, "delta": -1}]
    )
    assert "at most 1" in refused(
        s,
        1,
        type="activate",
        slot=0,
        dice=[0, 1],
        adjust=[{"seat": 0, "die": 0, "delta": 1}, {"seat": 0, "die": 1, "delta": 1}],
    )
    s.public.heroes[0].dice[0].used = True
    assert "unused" in refused(
        s, 1, type="activate", slot=0, dice=[0, 1], adjust=[{"seat": 0, "die": 0, "delta": -1}]
    )


def test_adjust_without_up_to_must_move_the_full_amount() -> None:
    s = fight()
    board(s, 0, P("Measured Step"))
    dice(s, 0, 5, 3)
    assert "by 2" in refused(
        s, 0, type="activate", slot=0, half="bottom", dice=[0], adjust=[{"seat": 0, "die": 1, "delta": 1}]
    )
    s = act(
        s, 0, type="activate", slot=0, half="bottom", dice=[0], adjust=[{"seat": 0, "die": 1, "delta": -2}]
    )
    assert s.public.heroes[0].dice[1].value == 1


def test_replace_this_power_draws_a_fresh_one_in_its_place() -> None:
    s = fight(roles=["jaden", "leme"])
    board(s, 0, P("Stubborn Mule"), P("Spore Puff"))
    dice(s, 0, 2)
    top = s.secret.decks[0][0]
    start = s.public.foes[0].health
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0])
    hero = s.public.heroes[0]
    assert hero.board[0].card == top and hero.board[0].ready
    assert P("Stubborn Mule") in hero.discards and s.public.foes[0].health == start - 1


def test_replace_a_target_power_on_any_board() -> None:
    s = fight()
    board(s, 1, P("River Song"), P("Bark Skin"))
    dice(s, 1, 4)
    top = s.secret.decks[0][0]
    old = s.public.heroes[0].board[2].card
    s = act(s, 1, type="activate", slot=0, half="bottom", dice=[0], ally=0, ally_slot=2)
    assert s.public.heroes[0].board[2].card == top and old in s.public.heroes[0].discards
    assert not s.public.heroes[1].board[0].ready


def test_replace_with_an_empty_deck_just_discards() -> None:
    s = fight(roles=["jaden", "leme"])
    board(s, 0, P("Stubborn Mule"), P("Spore Puff"))
    s.secret.decks[0] = []
    dice(s, 0, 1)
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0])
    assert [sl.card for sl in s.public.heroes[0].board] == [P("Spore Puff")]


def test_spore_counters_hurt_the_foe_at_the_start_of_each_round() -> None:
    s = fight(roles=["jaden"])
    start = s.public.foes[0].health
    board(s, 0, P("Spore Puff"), P("Hay Bale Wall"), P("Tough Hide"))
    dice(s, 0, 3)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.foes[0].spores == 1
    s = act(s, 0, type="done")
    s = act(s, 0, type="take", packet=0, slots=[1] * s.public.packets[0].amount)
    if s.public.vote is not None:
        s = act(s, 0, type="vote", option=0)
    assert s.public.round == 2
    # Jaden's Passive added a Spore when the Stallion wounded him; both bit at round 2.
    assert s.public.foes[0].spores == 2 and s.public.foes[0].health == start - 2


def test_boost_takes_a_spore_counter_for_more_damage() -> None:
    s = fight(roles=["jaden", "leme"])
    start = s.public.foes[0].health
    board(s, 0, P("Pitchfork Thrust"))
    dice(s, 0, 1, 2)
    s2 = act(s, 0, type="activate", slot=0, dice=[0, 1], boost=True)
    assert s2.public.foes[0].health == start - 4 and s2.public.heroes[0].counters["spore"] == 1
    board(s, 0, P("Spore Puff"))
    dice(s, 0, 1)
    assert "nothing to gain" in refused(s, 0, type="activate", slot=0, dice=[0], boost=True)


def test_gain_counter_block() -> None:
    s = fight(roles=["tenzin", "leme"])
    board(s, 0, P("Empty Hand"))
    dice(s, 0, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    # 1 from the block and 1 from Tenzin's Passive.
    assert s.public.heroes[0].counters["phantom"] == 2


def test_top_or_bottom_never_both() -> None:
    s = fight()
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6, 6, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert "exhausted" in refused(s, 0, type="activate", slot=0, half="bottom", dice=[1, 2])


def test_does_not_exhaust_and_store_and_retrieve() -> None:
    s = fight(roles=["hidorian", "leme"])
    board(s, 0, P("Fate Thread"), P("Twin Omens"))
    dice(s, 0, 3, 5, 5)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.heroes[0].board[0].ready  # storing one die does not exhaust
    s = act(s, 0, type="activate", slot=1, dice=[1, 2])
    assert not s.public.heroes[0].board[1].ready
    assert s.public.heroes[0].pools[5] == 1  # stored dice arrive only at the end of the phase
    s = act(act(s, 0, type="done"), 1, type="done")
    assert s.public.heroes[0].pools[3] == 2 and s.public.heroes[0].pools[5] == 3


def test_retrieve_pays_from_pools_not_dice() -> None:
    s = fight(roles=["hidorian", "leme"])
    board(s, 0, P("Fate Thread"), P("Twin Omens"))
    dice(s, 0, 1, 3, 5)
    start = s.public.foes[0].health
    assert "pools, not your rolled dice" in refused(
        s, 0, type="activate", slot=0, half="bottom", dice=[0, 1, 2]
    )
    s2 = act(s, 0, type="activate", slot=0, half="bottom")
    hero = s2.public.heroes[0]
    assert hero.pools[1] == 0 and hero.pools[3] == 0 and hero.pools[5] == 0 and not hero.board[0].ready
    assert s2.public.foes[0].health == start - 5
    assert "pools cannot pay" in refused(s, 0, type="activate", slot=1, half="bottom")


def test_combo_takes_each_cost_once_before_exhausting() -> None:
    s = fight(roles=["tenzin", "leme"])
    board(s, 0, P("Palm Strike"), P("Iron Body"))
    dice(s, 0, 1, 1, 2, 3)
    start = s.public.foes[0].health
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.heroes[0].board[0].ready
    assert "do not pay" in refused(s, 0, type="activate", slot=0, dice=[1])
    s = act(s, 0, type="activate", slot=0, dice=[2])
    s = act(s, 0, type="activate", slot=0, dice=[3])
    assert not s.public.heroes[0].board[0].ready
    assert s.public.foes[0].health == start - 6  # 2 for each of the three costs paid


def test_combo_used_once_is_spent_when_the_round_ends() -> None:
    s = fight(roles=["tenzin", "leme"])
    board(s, 0, P("Palm Strike"), P("Iron Body"), P("Crane Step"))
    dice(s, 0, 1)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    s = act(act(s, 0, type="done"), 1, type="done")
    assert not s.public.heroes[0].board[0].ready


def test_specials_gained_are_used_like_powers() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["mane-of-storms", "blighted-stallion"])
    assert s.public.phase == "special"
    s = act(s, 0, type="claim", discard=[0, 1])
    hero = s.public.heroes[0]
    assert len(hero.board) == 5 and hero.board[-1].card == "mane-of-storms"
    assert content().ability("mane-of-storms", "top").cost == "AAA"


def test_a_boost_after_the_killing_blow_is_simply_wasted() -> None:
    s = fight(roles=["jaden", "leme"])
    s.public.foes[0].health = 1
    board(s, 0, P("Pitchfork Thrust"), P("Spore Puff"))
    dice(s, 0, 1, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1], boost=True)
    # The boost was paid (a Spore), then the fight ended and the fungus settled by 1.
    assert s.public.phase == "recover" and s.public.heroes[0].counters["spore"] == 0


def test_the_rulebooks_worked_example_assisted_strike_doubles_an_allys_leaf_blades() -> None:
    """Jim (Unmei) needs a second 6 for Assisted Strike's bottom; Art (Leme) pays 1, 3 and 6 for
    Spiked Growth to turn Jim's 5 into a 6; Jim strikes for 1; Art's Leaf Blades (2, 2) deals 2,
    doubled: 5 damage in all."""
    s = fight()
    board(s, 0, P("Assisted Strike"))
    board(s, 1, P("Spiked Growth"), P("Leaf Blades"))
    dice(s, 0, 5, 6, rolls=3)
    dice(s, 1, 1, 2, 2, 3, 4, 6, rolls=3)
    start = s.public.foes[0].health
    assert "do not pay" in refused(s, 0, type="activate", slot=0, half="bottom", dice=[0, 1])
    s = act(s, 1, type="activate", slot=0, dice=[0, 3, 5], adjust=[{"seat": 0, "die": 0, "delta": 1}])
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0, 1])
    assert s.public.foes[0].health == start - 1 and s.public.assisted
    s = act(s, 1, type="activate", slot=1, half="bottom", dice=[1, 2])
    assert s.public.foes[0].health == start - 5 and not s.public.assisted


def test_assisted_strike_skips_a_bigger_power_and_lapses_at_the_round_end() -> None:
    s = fight(first="horrific-mass")
    board(s, 0, P("Assisted Strike"), P("Steel Wind"), P("Quick Draw"), P("Petal Cut"), P("Iron Arm Parry"), P("Rising Sun"))
    dice(s, 0, 6, 6, 3, 3, 3)
    start = s.public.foes[0].health
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0, 1], target=0)
    s = act(s, 0, type="activate", slot=1, half="bottom", dice=[2, 3, 4], target=0)  # 5 damage: not doubled
    assert s.public.foes[0].health == start - 6 and s.public.assisted
    round_ = s.public.round
    s = take_all(act(act(s, 0, type="done"), 1, type="done"))
    s = act(act(s, 0, type="vote", option=0), 1, type="vote", option=0)  # push on, no refresh
    assert s.public.round == round_ + 1 and not s.public.assisted
