"""Defects found in play: each reproduced here first, then fixed."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.state import CatharsisState, Packet
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused, take_all

P = power_id


def _hidorian_fight() -> CatharsisState:
    s = new_game(1, roles=["hidorian"], first=["blighted-stallion"])
    board(s, 0, P("Fate Thread"), P("Twin Omens"))
    dice(s, 0, 1, 3, 5, 6)
    return s


def test_a_one_die_store_top_is_used_once_a_round_and_stays_ready() -> None:
    s = act(_hidorian_fight(), 0, type="activate", slot=0, half="top", dice=[0])
    slot = s.public.heroes[0].board[0]
    assert slot.ready  # one-die Store abilities do not exhaust...
    assert "already been used this round" in refused(s, 0, type="activate", slot=0, half="top", dice=[1])
    legal = RULES.legal_actions(s, 0)
    assert not [a for a in legal if isinstance(a, c.Activate) and a.slot == 0]


def test_storing_on_a_card_forbids_its_bottom_that_round() -> None:
    s = _hidorian_fight()
    s.public.heroes[0].pools = {1: 1, 3: 1, 5: 1}
    s = act(s, 0, type="activate", slot=0, half="top", dice=[3])
    assert "already been used this round" in refused(s, 0, type="activate", slot=0, half="bottom")


def test_a_store_top_is_ready_again_next_round() -> None:
    s = act(_hidorian_fight(), 0, type="activate", slot=0, half="top", dice=[0])
    first_round = s.public.round
    s = act(s, 0, type="done")
    for _ in range(20):  # the foe strikes, damage is taken, maybe a refresh vote: on to the next round
        if s.public.round > first_round:
            break
        legal = RULES.legal_actions(s, 0)
        s = RULES.apply(s, 0, legal[-1] if legal[0].type == "done" else legal[0]).state
    assert s.public.round == first_round + 1
    assert not s.public.heroes[0].board[0].used



def test_jaden_spore_aimed_at_a_foe_his_blow_fells_is_wasted_while_another_foe_stands() -> None:
    # The Horrific Mass enters with a Mass Spawn beside it: fell the Mass with Rot Touch's bottom.
    s = new_game(2, seed=3, roles=["jaden", "leme"], boss="horrific-mass", first=["horrific-mass"])
    assert [f.card for f in s.public.foes] == ["horrific-mass", "mass-spawn"]
    s.public.foes[0].health = 2
    board(s, 0, P("Rot Touch"), P("Scythe Sweep"))
    dice(s, 0, 5, 5, 1)
    legal = [a for a in RULES.legal_actions(s, 0) if isinstance(a, c.Activate) and a.slot == 0]
    assert legal
    s = act(s, 0, type="activate", slot=0, half="bottom", dice=[0, 1], target=0)
    assert not s.public.foes[0].alive and s.public.foes[1].alive
    assert s.public.foes[1].spores == 0  # the Spore was aimed at the Mass, which fell


def test_heal_refreshes_the_powers_the_healer_chooses() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["blighted-stallion"])
    board(s, 0, P("Drawn Breath"), P("Quick Draw"))
    board(s, 1, P("Leaf Blades"), P("Bark Skin"), P("Thorn Whip"), ready=False)
    dice(s, 0, 1, 2)
    s2 = act(s, 0, type="activate", slot=0, dice=[0, 1], ally=1, refresh=[2])
    assert [sl.ready for sl in s2.public.heroes[1].board] == [False, False, True]
    assert "exhausted powers" in refused(s, 0, type="activate", slot=0, dice=[0, 1], ally=1, refresh=[5])
    assert "up to 1" in refused(s, 0, type="activate", slot=0, dice=[0, 1], ally=1, refresh=[0, 1])


def test_heal_cannot_pick_a_ready_power() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["blighted-stallion"])
    board(s, 0, P("Drawn Breath"), P("Quick Draw"))
    board(s, 1, P("Leaf Blades"), P("Bark Skin"))
    s.public.heroes[1].board[1].ready = False
    dice(s, 0, 1, 2)
    try:
        act(s, 0, type="activate", slot=0, dice=[0, 1], ally=1, refresh=[0])
    except GameError as exc:
        assert "exhausted" in exc.message
    else:
        raise AssertionError("a ready power was refreshed")


def test_maladaum_holding_a_borrowed_hash_cost_power_can_still_take_damage() -> None:
    # The Godmind may pass Dimirith's Bone Spear (`###`) to Maladaum; listing his free shields
    # while damage waits must not choke on a cost that needs numbered places.
    s = new_game(2, roles=["maladaum", "dimirith"], first=["blighted-stallion"])
    board(s, 0, P("Bone Spear"), P("Living Iron"))
    s.public.packets = [Packet(mode="seat", amount=1, seat=0)]
    legal = RULES.legal_actions(s, 0)
    assert legal and all(isinstance(a, c.Take) for a in legal)


def _boss_falls_to_spores_next_round(board_after: list[str]) -> CatharsisState:
    """Jaden alone against the Corrupted Horse, 4 Spores on himself; the Horse has 1 health and a Spore,
    so the Spore fells it as round 2 begins, the moment Jaden's own Spores would hurt him."""
    s = new_game(1, roles=["jaden"], first=["corrupted-horse"])
    horse = s.public.foes[0]
    horse.health, horse.spores = 1, 1
    s.public.heroes[0].counters["spore"] = 4
    s = take_all(act(s, 0, type="done"))
    board(s, 0, *board_after, ready=False)
    if s.public.vote is not None:  # a refresh offer between rounds: push on
        s = act(s, 0, type="vote", option=0)
    return s


def test_the_boss_felled_by_spores_as_a_round_begins_wins_before_jadens_own_spores_bite() -> None:
    """House rule (the rulebook: when every foe is at 0 the combat is over; a Boss's fall wins): the
    Spores on the foes bite first; if they fell the last foe, the round's other opening effects (Jaden's
    own Spores, a foe striking first) never happen."""
    s = _boss_falls_to_spores_next_round([P("Hay Bale Wall")])  # one exhausted power: 1 damage kills him
    assert s.public.phase == "over" and s.public.winner is True
    assert not s.public.packets and not s.public.heroes[0].dead
    assert RULES.result(s) == "The party defeated the Corrupted Horse."


def test_a_monster_felled_by_spores_ends_the_fight_before_jadens_own_spores_bite() -> None:
    s = new_game(1, roles=["jaden"], first=["blighted-stallion", "corrupted-horse"])
    stallion = s.public.foes[0]
    stallion.health, stallion.spores = 1, 1
    s.public.heroes[0].counters["spore"] = 4
    s = take_all(act(s, 0, type="done"))
    if s.public.vote is not None:
        s = act(s, 0, type="vote", option=0)
    assert s.public.phase == "recover" and not s.public.packets
    assert s.public.heroes[0].counters["spore"] == 3  # the fight's end settles his fungus as usual
