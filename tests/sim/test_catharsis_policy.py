"""Catharsis's greedy party plays as a sensible group: blows where they kill, minions included;
votes by what the options cost; damage on the hero who can best soak it; only legal moves."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.state import Packet, Vote
from bot.sim.games import catharsis as sim
from bot.sim.games import catharsis_boons as boons
from bot.sim.games import catharsis_party as party
from bot.sim.runner import Job, play
from tests.games.catharsis.catharsis_driver import board, dice, new_game, power_id

P = power_id


def _choose(state: Any, seat: int = 0) -> Any:
    return sim.greedy(state, seat, RULES.legal_actions(state, seat), Rng.from_seed(1))


def _mass_fight() -> Any:
    s = new_game(2, seed=3, roles=["jaden", "leme"], boss="horrific-mass", first=["horrific-mass"])
    assert [f.card for f in s.public.foes] == ["horrific-mass", "mass-spawn"]
    return s


def test_legal_actions_offer_every_blow_at_every_standing_foe() -> None:
    s = _mass_fight()
    board(s, 0, P("Pitchfork Thrust"))
    dice(s, 0, 5, 5)
    aims = {a.target for a in RULES.legal_actions(s, 0) if isinstance(a, c.Activate)}
    assert aims == {0, 1}
    s.public.foes[1].health = 0
    aims = {a.target for a in RULES.legal_actions(s, 0) if isinstance(a, c.Activate)}
    assert aims == {0}


def test_a_blow_that_can_fell_the_minion_goes_to_the_minion() -> None:
    s = _mass_fight()
    s.public.foes[1].health = 2  # Pitchfork Thrust's top (2) fells the Mass Spawn, not the Mass
    board(s, 0, P("Pitchfork Thrust"))
    dice(s, 0, 5, 1)
    move = _choose(s)
    assert isinstance(move, c.Activate) and move.target == 1 and not move.boost


def test_the_killing_blow_on_the_boss_wins_over_a_minion() -> None:
    s = _mass_fight()
    s.public.foes[1].health = 0
    s.public.foes[0].health = 4
    board(s, 0, P("Pitchfork Thrust"), P("Spore Puff"))
    dice(s, 0, 5, 5, 3)
    move = _choose(s)
    assert isinstance(move, c.Activate) and move.slot == 0 and move.half == "bottom"  # 4 damage: the win


def test_a_shield_is_worthless_with_nobody_left_to_strike() -> None:
    s = _mass_fight()
    board(s, 0, P("Hay Bale Wall"))
    dice(s, 0, 3)
    hero = s.public.heroes[0]

    def shields() -> list[float]:
        return [sim.move_value(s, hero, a) for a in RULES.legal_actions(s, 0) if isinstance(a, c.Activate)]

    assert shields() and max(shields()) > 0  # the Mass and its Spawn will strike this round
    for f in s.public.foes:
        f.health = 0
    assert shields() and max(shields()) <= 0


def test_a_party_blow_goes_to_the_hero_with_the_most_health_a_point_at_a_time() -> None:
    s = _mass_fight()
    board(s, 0, P("Pitchfork Thrust"))  # Jaden: 2 health
    s.public.packets = [Packet(mode="party", amount=3)]
    assert sim.next_seat(RULES, s, RULES.waiting_for(s)) == 1
    move = _choose(s, 1)
    assert isinstance(move, c.Take) and move.points == 1


def test_the_party_votes_for_the_cheaper_way_through_a_trap() -> None:
    s = _mass_fight()
    card = next(e for e in content().deck_cards("corrupted-horse") if e.choices and "Stand and brace" in e.choices[0].label)
    s.public.vote = Vote(kind="choice", question="?", options=[ch.label for ch in card.choices], data={"card": card.id})
    assert _choose(s).option == 0  # fresh: the party braces, and the bruises mend after the next fight
    for h in s.public.heroes:
        for slot in h.board:
            slot.ready = False
    assert _choose(s).option == 1  # worn out, bracing would cost powers for good: it scatters
    s.public.morale = 6
    assert _choose(s).option == 0  # unless two Morale would make the party Desperate


def test_a_refresh_is_refused_while_the_party_is_fresh() -> None:
    s = _mass_fight()
    s.public.vote = Vote(kind="refresh", question="?", options=["Push on", "Refresh"], data={"next": "next_round"})
    assert _choose(s).option == 0
    for h in s.public.heroes:
        for slot in h.board:
            slot.ready = False
    assert _choose(s).option == 1


@pytest.mark.parametrize("boss", ["horrific-mass", "kings-guard", "godmind"])
def test_greedy_only_ever_picks_a_legal_action(boss: str, monkeypatch: pytest.MonkeyPatch) -> None:
    picks = 0

    def checked(state: Any, seat: int, actions: list[Any], rng: Rng) -> Any:
        nonlocal picks
        move = sim.greedy(state, seat, actions, rng)
        assert move in RULES.legal_actions(state, seat)
        picks += 1
        return move

    monkeypatch.setitem(sim.ADAPTER.policies, "greedy", checked)
    game = play(Job("catharsis", 3, "greedy", {"boss": boss, "difficulty": "veterans"}), 7)
    assert game.error is None and not game.refused and picks > 50


def _special(card: str) -> Any:
    s = new_game(2, roles=["unmei", "leme"], first=[card, "blighted-stallion"])
    assert s.public.phase == "special" and s.public.card == card
    return s


def test_the_hero_who_gives_up_least_claims_the_special_and_the_other_passes() -> None:
    s = _special("iron-horseshoe")  # gives up one power for a ?? power dealing 3
    # a claim gives up the last power on the board (as legal_actions offers it)
    board(s, 0, P("Iai Strike"), P("Temple Guard"), P("Final Bow"), P("Measured Step"))
    board(s, 1, P("Sap Ward"), P("Willow Calm"), P("Moonlit Grove"), P("Willow Calm"))
    assert party.claim_gain(s, s.public.heroes[0], [3]) > 0 > party.claim_gain(s, s.public.heroes[1], [3])
    assert isinstance(_choose(s, 0), c.Claim) and isinstance(_choose(s, 1), c.Pass)
    s = RULES.apply(s, 1, _choose(s, 1)).state  # Leme passes first: Unmei still claims
    s = RULES.apply(s, 0, _choose(s, 0)).state
    assert "iron-horseshoe" in [sl.card for sl in s.public.heroes[0].board]
    assert P("Measured Step") in s.public.heroes[0].discards


def test_a_special_worth_less_than_the_powers_it_costs_is_passed() -> None:
    s = _special("mane-of-storms")  # two powers for an AAA power dealing 7
    for seat in (0, 1):
        board(s, seat, P("Iai Strike"), P("Temple Guard"), P("Final Bow"), P("Iai Strike"))
    assert all(isinstance(_choose(s, seat), c.Pass) for seat in (0, 1))
    board(s, 0, P("Measured Step"), P("Temple Guard"))  # a claim would leave one power: never
    assert isinstance(_choose(s, 0), c.Pass)


def test_an_easy_cost_is_worth_more_than_a_hard_one() -> None:
    assert party.cost_ease("?") > party.cost_ease("AA") > party.cost_ease("AAA") > party.cost_ease("AABB")
    assert party.cost_ease("66|55") > party.cost_ease("66")


def test_a_game_lost_to_the_priests_chant_is_reported_as_its_own_ending() -> None:
    s = new_game(2, roles=["jaden", "leme"], boss="priest-of-the-unknown")
    s.public.phase, s.public.winner = "over", False
    s.public.chant = content().decks["priest-of-the-unknown"].chant_length(2)
    report = sim.report(s)
    assert report.ending == "the chant was completed" and not report.won
    assert report.flags["lost on the chant"] and not report.flags["lost on Morale"]
    s.public.morale = 0  # the engine names Morale first when both end the game
    assert sim.report(s).ending == "Morale ran out" and not sim.report(s).flags["lost on the chant"]
    s = new_game(2, roles=["jaden", "leme"])
    s.public.phase, s.public.winner = "over", False
    s.public.heroes[0].dead = s.public.heroes[1].dead = True
    assert sim.report(s).ending == "the party fell" and "lost on the chant" not in sim.report(s).flags


def test_a_whole_priest_game_reports_whether_the_chant_ended_it() -> None:
    game = play(Job("catharsis", 1, "greedy", {"boss": "priest-of-the-unknown"}), 3)
    assert game.error is None and "lost on the chant" in game.flags
    assert game.flags["lost on the chant"] == (game.ending == "the chant was completed")


def _boon(card: str, players: int = 2) -> Any:
    s = new_game(players, roles=["jaden", "leme", "maladaum"][:players], boss="dragon-and-lich", first=[card])
    assert s.public.phase == "special" and s.public.card == card
    return s


def test_greedy_passes_on_a_blessing_that_would_give_nothing_and_cost_the_next_hero() -> None:
    s = _boon("blessing-of-the-aurora")
    s.public.heroes[0].deck_count = 0  # nothing to draw, nothing to heal: only the price is left
    s.public.heroes[1].deck_count = 0
    assert isinstance(_choose(s, 0), c.Pass)


def test_the_hero_who_gains_most_from_a_blessing_claims_it() -> None:
    s = _boon("blessing-of-the-aurora")
    for slot in s.public.heroes[1].board[:4]:
        slot.ready = False  # Leme is worn: the heal mends four powers for her, none for Jaden
    assert boons.blessing_value(s, s.public.heroes[1]) > 0 > boons.blessing_value(s, s.public.heroes[0])
    assert isinstance(_choose(s, 0), c.Pass)
    s = RULES.apply(s, 0, c.Pass()).state
    assert isinstance(_choose(s, 1), c.Claim)


# -- the Summoner's boons: the party reckons with the ward and with what a summon's fall takes away
def _colt_and_dryad() -> Any:
    """The Corrupted Colt (its boon: +1 to the others' blows) beside the Kindled Dryad (its boon: a
    ward, 1 off every hit on the others), one hero with Rising Sun ready."""
    s = new_game(1, roles=["unmei"], boss="summoner", first=["twin-summoning"])
    assert [f.card for f in s.public.foes] == ["corrupted-colt", "kindled-dryad"]
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    return s


def test_the_party_counts_the_dryads_ward_on_a_blow_at_the_colt() -> None:
    s = _colt_and_dryad()
    dealt = content().powers[P("Rising Sun")].top.do[0]["amount"]
    s.public.foes[0].health = s.public.foes[1].health = dealt
    healths: dict[int, int] = {}
    party.hit_value(s, s.public.heroes[0], 0, 0, dealt, healths)
    assert healths[0] == 1  # the ward takes 1 off: the Colt stands
    move = _choose(s)
    assert isinstance(move, c.Activate) and move.target == 1  # the blow that fells goes to the Dryad


def test_felling_a_summon_is_worth_the_boon_it_gives_the_others() -> None:
    s = _colt_and_dryad()
    colt, dryad = s.public.foes
    boosted, health = party.threat(s, dryad), colt.health
    colt.health = 0
    assert boosted == party.threat(s, dryad) + 1  # the Colt's boon: 1 more on the Dryad's blow
    colt.health = health
    # Each fall is worth more than the summon's own blows: the other loses its boon.
    assert party.kill_bonus(s, 0, {}) > 1.5 * party.threat(s, colt)
    assert party.kill_bonus(s, 1, {}) > 1.5 * party.threat(s, dryad)


def _lone_hidorian_at_the_seal_warden() -> Any:
    """The stall of seed 1 (one hero, the Godmind, New Questors): a lone Hidorian whose pools
    cannot pay Coin Toss (12: 3 damage), the only blow on his board, against the Seal Warden."""
    s = new_game(1, roles=["hidorian"], boss="godmind", first=["seal-warden"])
    assert [f.card for f in s.public.foes] == ["seal-warden"]
    board(s, 0, P("Spindle"), P("Coin Toss"), P("Gentle Nudge"))
    s.public.heroes[0].pools = {1: 1, 2: 0, 3: 1, 4: 0, 5: 1, 6: 3}
    return s


def test_a_lone_hidorian_stores_the_die_his_retrieve_is_missing() -> None:
    s = _lone_hidorian_at_the_seal_warden()
    s.public.heroes[0].counters["store"] = 0
    dice(s, 0, 2, 6, 6, 4, 5, 4, rolls=3)  # no reroll left: an unstored die is lost at the round's end
    move = _choose(s)
    assert isinstance(move, c.Activate) and move.half == "top" and move.slot == 0 and move.dice == [0]
    dice(s, 0, 6, 6, 6, 4, 5, 4, rolls=3)  # a 6 fills nothing his Retrieves lack: not worth a store
    assert not (isinstance(_choose(s), c.Activate) and _choose(s).half == "top")


def test_hidorians_passive_may_name_any_value_and_the_party_names_a_missing_one() -> None:
    s = _lone_hidorian_at_the_seal_warden()
    assert s.public.heroes[0].counters["store"] == 1
    dice(s, 0, 6, 6, 6, 4, 5, 4)
    offered = {a.value for a in RULES.legal_actions(s, 0) if isinstance(a, c.Passive)}
    assert offered == {1, 2, 3, 4, 5, 6}
    move = _choose(s)
    assert isinstance(move, c.Passive) and move.value == 2  # Coin Toss lacks only a 2
