"""Morale: difficulty, tiers that only worsen, the tracker's effects, and the Random Morale Tier variant."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.games.catharsis import RULES, summoner
from bot.games.catharsis.cards import BossDeck, content
from bot.games.catharsis.combat import new_foe, run_blocks
from bot.games.catharsis.damage import lose_morale
from bot.games.catharsis.morale import (
    DIFFICULTIES,
    LEVELS,
    SCHEDULE,
    STANDARD,
    TABLES,
    TOUGHNESS,
    TOUGHNESS_BY_SIZE,
    tier_for,
    tier_name,
    toughness,
)
from tests.games.catharsis.catharsis_driver import (
    act,
    board,
    dice,
    morale_blow,
    new_game,
    power_id,
    refused,
    take_all,
)

P = power_id


@pytest.mark.parametrize(
    ("level", "start"), [("new-questors", 22), ("adventurers", 21), ("veterans", 18), ("last-ditch", 16)]
)
def test_difficulty_sets_starting_morale(level: str, start: int) -> None:
    s = new_game(1, roles=["unmei"], difficulty=level, first=["rotting-foal"])
    assert s.public.start_morale == start and DIFFICULTIES[level] == start


def test_last_ditch_suffers_winded_before_the_first_card() -> None:
    s = new_game(2, roles=["unmei", "leme"], difficulty="last-ditch", first=["rotting-foal"])
    assert tier_name(s.public.tier) == "Winded"
    assert s.public.card is None and [p.amount for p in s.public.packets] == [1, 1]
    s = act(act(s, 0, type="take", packet=0, slots=[0]), 1, type="take", packet=0, slots=[0])
    assert s.public.card == "rotting-foal"


def test_tier_names_and_thresholds() -> None:
    assert [tier_name(tier_for(m)) for m in (22, 17, 14, 13, 9, 5, 1, 0)] == [
        "Heroic",
        "Winded",
        "Winded",
        "Battered",
        "Exhausted",
        "Desperate",
        "Hopeless",
        "Defeated",
    ]


def test_tiers_never_improve_and_morale_never_passes_its_start() -> None:
    s = new_game(1, roles=["unmei"], first=["rotting-foal"])
    events: list = []
    lose_morale(s, 11, events)  # 21 -> 10: Winded and Battered both reached
    assert s.public.pending_tiers == [17, 13] and tier_name(s.public.tier) == "Battered"
    run_blocks(s, [{"op": "gain_morale", "amount": 50}], events)
    assert s.public.morale == 21 and tier_name(s.public.tier) == "Battered"
    lose_morale(s, 5, events)  # back to 16: no new tier
    assert s.public.pending_tiers == [17, 13]


def test_standard_tier_effects_apply_in_order() -> None:
    s = new_game(1, roles=["unmei"], first=["shaman-spirit"])
    s.public.morale = 18
    s = act(s, 0, type="done")  # the Spirit saps 1 Morale: Winded, everyone takes 1
    assert s.public.morale == 17 and tier_name(s.public.tier) == "Winded"
    assert [p.amount for p in s.public.packets] == [1] and s.public.pending_tiers == [17]
    s = act(s, 0, type="take", packet=0, slots=[0])
    assert [p.amount for p in s.public.packets] == [1] and not s.public.pending_tiers  # Winded bites


def test_battered_on_table_1_bars_rerolls_next_round_instead_of_hurting() -> None:
    # House rule: below Winded, a tier the schedule rolls on table 1 takes that table's mildest result.
    s = new_game(1, roles=["unmei"], first=["shaman-spirit"])
    s.public.morale, s.public.tier = 14, 1
    s = act(s, 0, type="done")  # the Spirit strikes for 1 and saps 1 Morale: Battered
    assert s.public.morale == 13 and tier_name(s.public.tier) == "Battered"
    assert [p.amount for p in s.public.packets] == [1] and s.public.pending_tiers == [13]
    done = RULES.apply(s, 0, RULES.parse_command({"type": "take", "packet": 0, "slots": [0]}))
    s = done.state
    assert not s.public.packets and not s.public.pending_tiers and s.public.next_no_reroll
    told = [e.text for e in done.events if e.kind == "tier"]
    assert "Battered takes its toll: no one may reroll during the next combat round." in told


def test_desperate_makes_every_hero_discard_from_veterans_up() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal"], difficulty="veterans")
    s.public.morale = 6
    s.public.tier = 3
    events: list = []
    lose_morale(s, 1, events)
    s = act(s, 0, type="done")  # any command lets the flow resolve the queued tier
    assert [p.mode for p in s.public.packets if p.mode == "discard"] == ["discard", "discard"]


def test_morale_at_zero_loses_the_game() -> None:
    s = new_game(1, roles=["unmei"], first=["shaman-spirit"])
    s.public.morale = 1
    s = act(s, 0, type="done")
    assert s.public.winner is False and s.public.phase == "over"


def test_the_schedule_matches_each_difficulty() -> None:
    assert SCHEDULE["new-questors"] == {17: 1, 13: 1, 9: 1, 5: 2, 1: 2}
    assert SCHEDULE["adventurers"] == {17: 1, 13: 1, 9: 2, 5: 2, 1: 3}
    assert SCHEDULE["veterans"] == {17: 1, 13: 1, 9: 2, 5: 3, 1: 3}
    assert SCHEDULE["last-ditch"] == {17: 1, 13: 2, 9: 2, 5: 3, 1: 3}
    assert all(len(t) == 6 for t in TABLES.values())


def fresh():
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal"])
    return s, []


def test_table_1_effects() -> None:
    s, ev = fresh()
    run_blocks(s, TABLES[1][0], ev)
    assert s.public.next_no_reroll
    run_blocks(s, TABLES[1][3], ev)
    assert s.public.packets[-1].mode == "party" and s.public.packets[-1].amount == 3
    run_blocks(s, TABLES[1][4], ev)
    assert s.public.morale == 20
    run_blocks(s, TABLES[1][5], ev)
    assert s.public.next_fewer_dice == 2
    s.public.packets = []
    run_blocks(s, TABLES[1][2], ev)
    assert [p.amount for p in s.public.packets] == [2, 2]


def test_no_rerolls_and_fewer_dice_take_hold_next_round() -> None:
    s = new_game(1, roles=["unmei"], first=["corrupted-horse"])
    s.public.next_no_reroll = True
    s.public.next_fewer_dice = 2
    s = take_all(act(s, 0, type="done"))
    s = act(s, 0, type="vote", option=0)
    s = act(s, 0, type="roll")
    assert len(s.public.heroes[0].dice) == 4
    assert "Nobody may reroll" in refused(s, 0, type="reroll", dice=[0])


def test_table_2_effects() -> None:
    s, ev = fresh()
    run_blocks(s, TABLES[2][0], ev)
    assert s.public.refresh_cost == 2
    run_blocks(s, TABLES[2][1], ev)
    assert [p.mode for p in s.public.packets] == ["discard", "discard"]
    run_blocks(s, TABLES[2][2], ev)
    assert s.public.morale == 18
    run_blocks(s, TABLES[2][5], ev)
    assert s.public.next_fewer_dice == 4
    run_blocks(s, TABLES[2][4], ev)
    assert s.public.vote is not None and s.public.vote.kind == "target"


def test_fragile_hero_takes_one_more_from_every_source() -> None:
    s, ev = fresh()
    run_blocks(s, TABLES[2][4], ev)
    s.public.packets = []
    s = act(act(s, 0, type="vote", option=1), 1, type="vote", option=1)
    assert s.public.fragile == 1
    run_blocks(s, [{"op": "hurt_each", "amount": 1}], ev)
    assert [p.amount for p in s.public.packets] == [1, 2]


def test_vote_tie_goes_to_the_host() -> None:
    s, ev = fresh()
    run_blocks(s, TABLES[3][4], ev)
    s = act(act(s, 1, type="vote", option=0), 0, type="vote", option=1)
    assert s.public.weakened == 1


def test_table_3_effects() -> None:
    s, ev = fresh()
    run_blocks(s, TABLES[3][0], ev)
    assert s.public.half_damage
    run_blocks(s, TABLES[3][1], ev)
    assert all(h.dice_lost == 1 for h in s.public.heroes)
    run_blocks(s, TABLES[3][5], ev)
    assert s.public.next_foe_first
    board(s, 0, P("Quick Draw"), P("Petal Cut"), P("Steel Wind"))
    s.public.heroes[0].board[0].ready = False
    run_blocks(s, TABLES[3][2], ev)
    # Seat 0: 2 ready beat 1 exhausted; seat 1 (all ready): 2 ready.
    assert [(p.seat, p.amount, p.only) for p in s.public.packets] == [(0, 2, "ready"), (1, 2, "ready")]
    s.public.packets = []
    run_blocks(s, TABLES[3][3], ev)
    assert [p.amount for p in s.public.packets] == [4, 4]


def test_half_damage_and_weakened_numbers() -> None:
    s, ev = fresh()
    s.public.half_damage = True
    start = s.public.foes[0].health
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s2 = act(s, 0, type="activate", slot=0, dice=[0])
    assert s2.public.foes[0].health == start - 1  # Rising Sun's 3, halved and rounded down
    s.public.half_damage = False
    s.public.weakened = 0
    s3 = act(s, 0, type="activate", slot=0, dice=[0])
    assert s3.public.foes[0].health == start - 1  # a weakened hero's numbers all count as 1


def test_foe_strikes_first_when_the_table_says_so() -> None:
    s = new_game(1, roles=["unmei"], first=["blighted-stallion"])
    s.public.morale = 17 + 2 * morale_blow("blighted-stallion", 1) + 1  # its two saps reach no tier
    s.public.next_foe_first = True
    s = take_all(act(s, 0, type="done"))
    s = act(s, 0, type="vote", option=0)
    assert s.public.round == 2 and len(s.public.packets) == 1  # the blow lands before anyone rolls
    s = take_all(s)
    s = act(s, 0, type="done")
    assert not s.public.packets  # no second attack that round


def test_random_variant_rolls_the_scheduled_table() -> None:
    s = new_game(1, roles=["unmei"], random_morale=True, difficulty="last-ditch", first=["rotting-foal"])
    assert s.public.rolled.keys() == {"1"} and len(s.public.rolled["1"]) == 1


def test_new_horrors_never_repeats_a_result() -> None:
    s = new_game(1, roles=["unmei"], random_morale=True, new_horrors=True, first=["shaman-spirit"])
    s.public.rolled = {"1": [0, 1, 2, 3, 4]}
    s.public.morale = 18
    s = act(s, 0, type="done")
    s = act(s, 0, type="take", packet=0, slots=[0])  # the Spirit's blow first, then the table
    assert s.public.rolled["1"][-1] == 5


def test_devils_luck_spends_morale_to_reroll() -> None:
    s = new_game(1, roles=["unmei"], random_morale=True, devils_luck=True, first=["shaman-spirit"])
    s.public.morale = 18
    s = act(s, 0, type="done")
    s = act(s, 0, type="take", packet=0, slots=[0])
    assert s.public.vote is not None and s.public.vote.kind == "devil"
    morale = s.public.morale
    s = act(s, 0, type="vote", option=1)
    assert s.public.morale == morale - 1 and len(s.public.rolled["1"]) == 2
    assert s.public.vote is not None and s.public.vote.kind == "devil"


def test_house_rule_tracker_effects_follow_the_difficulty_schedule() -> None:
    # Winded is the rulebook's (1 damage each) everywhere; every other tier strikes with the fixed
    # effect of the table the difficulty's Random Morale schedule would roll there.
    assert all(STANDARD[level][17] == [{"op": "hurt_each", "amount": 1}] for level in DIFFICULTIES)
    for level, plan in SCHEDULE.items():
        assert {t: e for t, e in STANDARD[level].items() if t != 17} == {
            t: LEVELS[table] for t, table in plan.items() if t != 17
        }
    assert STANDARD["new-questors"][9] != STANDARD["adventurers"][9]  # the same tier bites harder
    s, ev = fresh()
    run_blocks(s, LEVELS[1], ev)  # table 1's mildest result: no rerolls next combat round
    assert s.public.next_no_reroll and not s.public.packets
    assert LEVELS[1] == TABLES[1][0]
    run_blocks(s, LEVELS[2], ev)
    assert [(p.mode, p.amount) for p in s.public.packets] == [("seat", 2), ("seat", 2)]
    s.public.packets = []
    run_blocks(s, LEVELS[3], ev)
    assert [(p.mode, p.amount) for p in s.public.packets] == [("discard", 1)] * 2 + [("seat", 1)] * 2


def test_no_refresh_offered_when_it_would_empty_morale() -> None:
    s = new_game(1, roles=["unmei"], first=["thorn-fence", "rotting-foal"])
    s.public.morale = 1
    s = act(s, 0, type="take", packet=0, slots=[0])
    assert s.public.vote is None and s.public.card == "rotting-foal"


def test_foes_are_tougher_the_higher_the_difficulty() -> None:
    # House rule: the card's health is the Adventurers value; the other levels scale it.
    assert TOUGHNESS["adventurers"] == 100
    assert TOUGHNESS["new-questors"] < 100 < min(TOUGHNESS["veterans"], TOUGHNESS["last-ditch"])
    # Every Boss deck's party size (1-4) has its own slope; a size with none (five or six heroes) keeps
    # this one unless its deck climbs its own: the Summoner does at five and six heroes (docs/balance.md).
    assert 5 not in TOUGHNESS_BY_SIZE and 6 not in TOUGHNESS_BY_SIZE
    assert [toughness(level, 5) for level in TOUGHNESS] == list(TOUGHNESS.values())
    card = content().encounters["the-summoner"]
    for heroes in (5, 6):
        own = content().decks["summoner"].ladder[heroes]
        assert own != list(TOUGHNESS.values()) and own[1] == 100
        s = new_game(heroes, boss="summoner")
        for level, pct in zip(TOUGHNESS, own, strict=True):
            s.public.difficulty = level
            foe = new_foe(s, card)
            assert foe.health == foe.max_health == round(card.health[heroes - 1] * pct / 100)


def test_two_heroes_climb_the_ladder_less_steeply() -> None:
    two = TOUGHNESS_BY_SIZE[2]
    assert two["adventurers"] == 100
    assert TOUGHNESS["new-questors"] <= two["new-questors"] < 100 < two["veterans"] <= two["last-ditch"]
    assert two["last-ditch"] < TOUGHNESS["last-ditch"]
    card = content().encounters["blighted-stallion"]
    s = new_game(2, roles=["unmei", "leme"], first=["blighted-stallion"])
    for level, pct in two.items():
        s.public.difficulty = level
        assert new_foe(s, card).health == round(card.health[1] * pct / 100)


def test_a_lone_heros_foes_follow_their_own_steeper_ladder() -> None:
    # House rule: a lone hero's foes have a few health points each, which 90-115% hardly moves.
    lone = TOUGHNESS_BY_SIZE[1]
    assert lone["adventurers"] == 100  # the card's one-hero value is still the Adventurers value
    assert lone["new-questors"] < TOUGHNESS["new-questors"]
    assert lone["veterans"] > TOUGHNESS["veterans"] and lone["last-ditch"] > TOUGHNESS["last-ditch"]
    plain = [d for d in content().decks.values() if not d.challenge and 1 not in d.ladder]
    assert plain  # the decks without a one-hero ladder of their own follow this one
    for deck in plain:
        card = content().encounters[deck.boss]
        s = new_game(1, roles=["hidorian"], boss=deck.id)
        healths = []
        for level, pct in lone.items():
            s.public.difficulty = level
            foe = new_foe(s, card)
            assert foe.health == round(card.health[0] * pct / 100)
            healths.append(foe.health)
        assert healths == sorted(healths) and healths[0] < healths[1] < healths[2]  # a sturdier Boss each step


def test_the_horrific_mass_climbs_a_ladder_of_its_own_against_a_lone_hero() -> None:
    # House rule: the Mass's Growth heals a few points a round whatever the difficulty, and a lone
    # hero's Mass deck has a few health points a foe, so the shared slope hardly reached it (its
    # one-hero ladder read 80/72/72/56%). Its deck climbs its own, steeper slope for one hero.
    deck = content().decks["horrific-mass"]
    own, shared = deck.ladder[1], TOUGHNESS_BY_SIZE[1]
    assert own[1] == 100  # the card's value is still Adventurers'
    assert own[0] < shared["new-questors"] and own[2] > shared["veterans"] and own[3] > shared["last-ditch"]
    cards = [content().encounters[c] for c in ("horrific-mass", "bloated-lump", "flesh-weaver")]
    s = new_game(1, roles=["hidorian"], boss="horrific-mass")
    for card in cards:
        healths = []
        for level, pct in zip(DIFFICULTIES, own, strict=True):
            s.public.difficulty = level
            healths.append(new_foe(s, card).health)
            assert healths[-1] == max(1, round(card.health[0] * pct / 100))
        assert healths == sorted(healths) and healths[0] < healths[1] < healths[3]
    # Sizes the deck gives no ladder keep the shared slope.
    s = new_game(3, boss="horrific-mass")
    assert 3 not in deck.ladder
    for level, pct in TOUGHNESS_BY_SIZE[3].items():
        s.public.difficulty = level
        assert new_foe(s, cards[0]).health == round(cards[0].health[2] * pct / 100)


@pytest.mark.parametrize("ladder", [[80, 90, 120, 130], [80, 100, 130, 120], [80, 100, 120]])
def test_a_decks_ladder_keeps_the_card_at_adventurers_and_rises(ladder: list[int]) -> None:
    deck = content().decks["horrific-mass"]
    with pytest.raises(ValidationError, match="Adventurers"):
        BossDeck(**{**deck.model_dump(), "ladder": {1: ladder}})


@pytest.mark.parametrize("heroes", [3, 4])
def test_three_and_four_heroes_foes_grow_little_above_adventurers(heroes: int) -> None:
    # House rule (docs/balance.md): with three or four heroes the lower starting Morale makes the
    # upper ladder; foes there are at most a few percent sturdier than at Adventurers.
    table = TOUGHNESS_BY_SIZE[heroes]
    assert table["adventurers"] == 100  # the card's value for the party size is still Adventurers'
    assert table["new-questors"] < 100 <= table["veterans"] <= table["last-ditch"] < TOUGHNESS["veterans"]
    card = content().encounters["horrific-mass"]
    s = new_game(heroes, boss="horrific-mass")
    for level, pct in table.items():
        s.public.difficulty = level
        foe = new_foe(s, card)
        assert foe.health == foe.max_health == round(card.health[heroes - 1] * pct / 100)
    s.public.difficulty = "new-questors"
    assert new_foe(s, card).health < card.health[heroes - 1]


def test_the_challenge_decks_climb_ladders_of_their_own_for_one_and_two_heroes() -> None:
    # House rule (docs/balance.md, issue 14 cath16a): on the shared slopes the Summoner's and the
    # Priest's New Questors and Dragon & Lich's upper ladder sat outside their bands, so these decks
    # set their foes' health per difficulty for one and two heroes. A summoned lesser Boss follows its deck's ladder like any other foe.
    decks = content().decks
    assert {1, 2} <= set(decks["summoner"].ladder) and {1, 2} <= set(decks["dragon-and-lich"].ladder)
    assert 1 in decks["priest-of-the-unknown"].ladder
    cases = [
        ("summoner", "corrupted-colt"),
        ("priest-of-the-unknown", "thing-from-beyond"),
        ("dragon-and-lich", "the-lich"),
    ]
    for deck_id, foe_id in cases:
        deck, card = decks[deck_id], content().encounters[foe_id]
        for heroes, own in deck.ladder.items():
            s = new_game(heroes, boss=deck_id)
            for level, pct in zip(DIFFICULTIES, own, strict=True):
                s.public.difficulty = level
                assert new_foe(s, card).health == max(1, round(card.health[heroes - 1] * pct / 100))
    # The lone hero's Summoner summons his lesser Bosses at the ladder's New Questors health.
    s = new_game(1, roles=["hidorian"], boss="summoner", difficulty="new-questors")
    foes = summoner.gather(s, content().encounters["summoning-circle"], [])
    assert foes and content().encounters[foes[0].card].kind == "monster"
    lesser = content().encounters[foes[0].card]
    assert foes[0].health == round(lesser.health[0] * decks["summoner"].ladder[1][0] / 100) < lesser.health[0]
