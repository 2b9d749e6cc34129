"""Every role's Passive and Flip."""

from __future__ import annotations

from bot.games.catharsis.cards import content
from tests.games.catharsis.catharsis_driver import (
    ROLES,
    act,
    board,
    dice,
    morale_blow,
    new_game,
    power_id,
    refused,
)

P = power_id


def test_every_role_has_twenty_powers_a_passive_and_a_flip() -> None:
    data = content()
    assert sorted(data.roles) == sorted(ROLES)
    for role in ROLES:
        assert len(data.role_powers(role)) == 20
        assert data.roles[role].passive and data.roles[role].flip


def test_unmei_passive_strikes_once_a_round_for_one_die() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["blighted-stallion"])
    start = s.public.foes[0].health
    dice(s, 0, 3, 4)
    s = act(s, 0, type="passive", dice=[1])
    assert s.public.foes[0].health == start - 1 and s.public.heroes[0].dice[1].used
    assert "already struck" in refused(s, 0, type="passive", dice=[0])


def test_unmei_flip_adds_one_damage_to_every_heros_hits_this_round() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["blighted-stallion"])
    start = s.public.foes[0].health
    board(s, 1, P("Wasp Call"))  # 1 damage, 2 hits
    dice(s, 1, 2, 5)
    s = act(s, 0, type="flip")
    assert s.public.heroes[0].flipped and s.public.bonus_damage == 1
    s = act(s, 1, type="activate", slot=0, dice=[0, 1])
    assert s.public.foes[0].health == start - 4  # two hits of 1 + 1
    assert "face down" in refused(s, 0, type="passive", dice=[0])
    assert "already flipped" in refused(s, 0, type="flip")


def test_leme_passive_spends_two_dice_to_nudge_one() -> None:
    s = new_game(2, roles=["leme", "unmei"], first=["blighted-stallion"])
    dice(s, 0, 1, 2, 3)
    dice(s, 1, 5)
    s = act(s, 0, type="passive", dice=[0, 1], adjust=[{"seat": 1, "die": 0, "delta": 1}])
    assert s.public.heroes[1].dice[0].value == 6
    assert [d.used for d in s.public.heroes[0].dice] == [True, True, False]


def test_leme_flip_turns_one_die_of_every_rolled_hero_wild() -> None:
    s = new_game(2, roles=["leme", "unmei"], first=["blighted-stallion"])
    start = s.public.foes[0].health
    board(s, 1, P("Rising Sun"))
    dice(s, 0, 1, 2)
    dice(s, 1, 2, 3)
    s = act(s, 0, type="flip", adjust=[{"seat": 1, "die": 0, "delta": 0}])
    assert s.public.heroes[1].dice[0].value == 0 and s.public.heroes[0].dice[1].value == 0
    s = act(s, 1, type="activate", slot=0, dice=[0])  # a wild die pays the 6
    assert s.public.foes[0].health == start - 3


def test_a_rerolled_wild_die_is_an_ordinary_die_again() -> None:
    s = new_game(2, roles=["leme", "unmei"], first=["blighted-stallion"])
    dice(s, 0, 1, 2)
    dice(s, 1, 2, 3)
    s = act(s, 0, type="flip")
    assert s.public.heroes[1].dice[1].value == 0
    s = act(s, 1, type="reroll", dice=[1])
    assert 1 <= s.public.heroes[1].dice[1].value <= 6


def test_maladaum_passive_blunts_a_blow_and_stores_fury_then_flip_unleashes_it() -> None:
    s = new_game(2, roles=["maladaum", "leme"], first=["blighted-stallion"])
    start = s.public.foes[0].health
    s = act(act(s, 0, type="done"), 1, type="done")
    assert s.public.packets[0].amount == 3 - 1
    assert s.public.heroes[0].counters["fury"] == 1
    s = act(s, 1, type="take", packet=0, slots=[0, 1])
    s = act(act(s, 0, type="vote", option=0), 1, type="vote", option=0)
    assert s.public.round == 2
    s = act(s, 0, type="flip")
    assert s.public.foes[0].health == start - 1 and s.public.heroes[0].counters["fury"] == 0  # 1 stored Fury
    s = act(act(s, 0, type="done"), 1, type="done")
    assert s.public.packets[0].amount == 3  # face down: no more blunting


def test_maladaum_flip_needs_fury() -> None:
    s = new_game(1, roles=["maladaum"], first=["blighted-stallion"])
    assert "no stored Fury" in refused(s, 0, type="flip")


def test_maladaum_free_shields_work_while_a_trap_hurts() -> None:
    s = new_game(2, roles=["maladaum", "leme"], first=["thorn-fence"])
    board(s, 0, P("Oathblade"), P("Relic Ward"))
    assert len(s.public.packets) == 2  # 1 damage to each hero
    s = act(s, 0, type="activate", slot=1, half="bottom", ally=1)
    assert s.public.heroes[1].shield == 2 and not s.public.heroes[0].board[1].ready
    assert "free shielding" in refused(s, 0, type="activate", slot=0, half="top", dice=[])
    assert "Damage is waiting" in refused(s, 1, type="done")
    s = act(s, 1, type="take", packet=1, slots=[])
    assert all(sl.ready for sl in s.public.heroes[1].board)


def test_tenzin_passive_banks_phantom_hits_and_spends_two_for_a_strike() -> None:
    s = new_game(2, roles=["tenzin", "leme"], first=["blighted-stallion"])
    start = s.public.foes[0].health
    board(s, 0, P("Iron Body"), P("Crane Step"))
    dice(s, 0, 1, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert "needs 2" in refused(s, 0, type="passive")
    s = act(s, 0, type="activate", slot=1, dice=[1])
    s = act(s, 0, type="passive")
    assert s.public.heroes[0].counters["phantom"] == 0 and s.public.foes[0].health == start - 1


def test_tenzin_flip_adds_a_phantom_blow_every_second_strike() -> None:
    s = new_game(2, roles=["tenzin", "leme"], first=["shaman-spirit"])  # armour 1
    start = s.public.foes[0].health
    board(s, 0, P("Stone Fist"), P("Sweeping Leg"), P("Empty Hand"))
    dice(s, 0, 5, 6, 1, 1)
    s = act(s, 0, type="flip")
    s = act(s, 0, type="activate", slot=0, dice=[0])  # 3 - 1 armour
    assert s.public.foes[0].health == start - 2
    s = act(s, 0, type="activate", slot=1, dice=[2, 3])  # 2 - 1, then the phantom 2 - 1
    assert s.public.foes[0].health == start - 4
    assert s.public.heroes[0].counters.get("phantom", 0) == 0  # no Passive while flipped


def test_jaden_passive_spores_the_foe_that_wounds_him() -> None:
    s = new_game(1, roles=["jaden"], first=["blighted-stallion"])
    s = act(s, 0, type="done")
    s = act(s, 0, type="take", packet=0, slots=list(range(s.public.packets[0].amount)))
    assert s.public.foes[0].spores == 1


def test_jaden_flip_hurts_him_and_spores_the_foe() -> None:
    s = new_game(1, roles=["jaden"], first=["blighted-stallion"])
    s = act(s, 0, type="flip")
    assert s.public.foes[0].spores == 3 and s.public.packets[0].amount == 2
    s = act(s, 0, type="take", packet=0, slots=[0, 1])
    assert s.public.foes[0].spores == 3  # his own eruption does not trigger the Passive


def test_jaden_too_many_spores_hurt_and_they_fade_after_a_fight() -> None:
    s = new_game(1, roles=["jaden"], first=["rotting-foal", "blighted-stallion"])
    s.public.heroes[0].counters["spore"] = 4
    board(s, 0, P("Windmill Swing"), P("Hay Bale Wall"), P("Tough Hide"))
    dice(s, 0, 1, 1, 1, 1, 1)
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0, 1, 2, 3, 4])
    assert s.public.phase == "recover" and s.public.heroes[0].counters["spore"] == 3
    s.public.heroes[0].counters["spore"] = 4
    s = act(s, 0, type="recover", slots=[0])
    if s.public.vote:
        s = act(s, 0, type="vote", option=0)
    assert s.public.foes[0].card == "blighted-stallion"
    assert [p.amount for p in s.public.packets] == [1]


def test_hidorian_passive_stores_a_die_per_revealed_card() -> None:
    s = new_game(1, roles=["hidorian"], first=["blighted-stallion"])
    assert s.public.heroes[0].counters["store"] == 1
    s = act(s, 0, type="passive", value=6)
    assert s.public.heroes[0].pools[6] == 2
    assert "no die to store" in refused(s, 0, type="passive", value=6)
    assert "value from 1 to 6" in refused(
        new_game(1, roles=["hidorian"], first=["rotting-foal"]), 0, type="passive", value=9
    )


def test_hidorian_flip_hands_pool_dice_to_rolled_heroes_and_stops_retrieving() -> None:
    s = new_game(2, roles=["hidorian", "unmei"], first=["blighted-stallion"])
    start = s.public.foes[0].health
    board(s, 0, P("Fate Thread"))
    board(s, 1, P("Rising Sun"))
    dice(s, 1, 1)
    assert "rolled" in refused(s, 0, type="flip", gifts=[{"seat": 0, "die": 6, "delta": 0}])
    s = act(s, 0, type="flip", gifts=[{"seat": 1, "die": 6, "delta": 0}])
    assert s.public.heroes[0].pools[6] == 0 and [d.value for d in s.public.heroes[1].dice] == [1, 6]
    s = act(s, 1, type="activate", slot=0, dice=[1])
    assert s.public.foes[0].health == start - 3  # Rising Sun paid with the gifted 6
    assert "flipped" in refused(s, 0, type="activate", slot=0, half="bottom")


def test_refreshing_unflips_role_cards() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["blighted-stallion"])
    s = act(s, 0, type="flip")
    s = act(act(s, 0, type="done"), 1, type="done")
    s = act(s, 0, type="take", packet=0, slots=[0, 1, 2])
    s = act(act(s, 0, type="vote", option=1), 1, type="vote", option=1)
    # the Stallion's own Morale blow, then 1 for the refresh
    assert not s.public.heroes[0].flipped and s.public.morale == 21 - morale_blow("blighted-stallion", 2) - 1
    assert all(sl.ready for sl in s.public.heroes[0].board)
