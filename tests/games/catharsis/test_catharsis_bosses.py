"""The three Boss decks: their build, their special counters, traps, events and specials."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.combat import run_blocks
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id


def test_every_deck_has_monsters_traps_events_specials_and_the_boss_at_the_bottom() -> None:
    for deck in ("corrupted-horse", "forest-elemental", "horrific-mass"):
        kinds = {c.kind for c in content().deck_cards(deck)}
        assert kinds == {"monster", "trap", "event", "special", "boss"}
        cards = build_deck(deck, Rng.from_seed(3))
        assert cards[-1] == content().decks[deck].boss and cards.count(cards[-1]) == 1
    assert "mass-spawn" not in build_deck("horrific-mass", Rng.from_seed(3))  # it only comes with the Mass


def test_monster_health_and_damage_follow_the_starting_party_size() -> None:
    card = content().encounters["blighted-stallion"]
    seen = []
    for n in (1, 2, 3, 4):
        s = new_game(n, first=["blighted-stallion"])
        assert s.public.foes[0].health == card.health[n - 1]  # the card's value for n heroes
        seen.append(s.public.foes[0].health)
    assert seen == sorted(set(seen))  # every extra hero makes the monster tougher


def test_corrupted_horse_shaman_spirit_has_armour_and_lifts_morale_when_beaten() -> None:
    s = new_game(1, roles=["unmei"], first=["shaman-spirit"])
    s.public.morale = 19
    board(s, 0, P("Coup de Grace"))
    dice(s, 0, 2, 2, 2, 2, 2, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1, 2, 3, 4, 5])
    assert s.public.phase == "recover" and s.public.morale == 20


def test_forest_elemental_burn_counters_sear_at_round_end_and_clear_after_the_fight() -> None:
    s = new_game(1, roles=["unmei"], boss="forest-elemental", first=["ember-sprite"])
    s = act(s, 0, type="done")
    assert s.public.heroes[0].counters["burn"] == 1
    s = act(s, 0, type="take", packet=0, slots=[0])  # the Sprite's party damage
    assert [p.amount for p in s.public.packets] == [1]  # Burn bites before the refresh
    s = act(s, 0, type="take", packet=0, slots=[1])
    assert s.public.vote is not None and s.public.vote.kind == "refresh"
    s = act(s, 0, type="vote", option=0)
    board(s, 0, P("Coup de Grace"), P("Quick Draw"))
    dice(s, 0, 2, 2, 2, 2, 2, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1, 2, 3, 4, 5])
    assert s.public.phase == "recover" and s.public.heroes[0].counters["burn"] == 0


def test_forest_elemental_grows_fiercer_with_three_burns() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss="forest-elemental", first=["ash-wolf"])
    s.public.heroes[0].counters["burn"] = 2
    s.public.heroes[1].counters["burn"] = 1
    start = s.public.foes[0].health
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.foes[0].health == start - 2  # 3 damage, 1 shrugged off
    s = act(act(s, 0, type="done"), 1, type="done")
    assert s.public.packets[0].amount == 3 + 1


def test_horrific_mass_traps_can_be_set_aside_to_haunt_later_fights() -> None:
    s = new_game(1, roles=["unmei"], boss="horrific-mass", first=["grasping-pit", "bloated-lump"])
    assert s.public.vote is not None and s.public.vote.options[-1] == "Set it aside"
    s = act(s, 0, type="vote", option=1)
    assert s.public.set_aside == ["grasping-pit"] and s.public.growth_bank == 1
    assert s.public.foes[0].card == "bloated-lump"
    assert [p.amount for p in s.public.packets] == [1]  # the Pit lingers: 1 damage at every fight


def test_horrific_mass_trap_faced_now() -> None:
    s = new_game(1, roles=["unmei"], boss="horrific-mass", first=["grasping-pit"])
    s = act(s, 0, type="vote", option=0)
    assert not s.public.set_aside and [p.amount for p in s.public.packets] == [2]


def test_horrific_mass_growth_feeds_it_each_round() -> None:
    s = new_game(1, roles=["unmei"], boss="horrific-mass", first=["horrific-mass"])
    assert [f.name for f in s.public.foes] == ["Horrific Mass", "Mass Spawn"]
    s.public.foes[0].growth = 2
    wounded = s.public.foes[0].max_health - 4  # room to heal its Growth of 3, from the card's health
    assert wounded >= 1
    s.public.foes[0].health = wounded
    s = act(s, 0, type="done")
    party = next(p for p in s.public.packets if p.mode == "party")
    blow = next(scaled(a.amount, 1) for a in content().encounters["horrific-mass"].attacks if a.kind == "party")
    assert party.amount == blow + 2
    while s.public.packets:
        hero = s.public.heroes[0]
        s = act(
            s,
            0,
            type="take",
            packet=0,
            slots=[i for i, sl in enumerate(hero.board) if sl.ready][: s.public.packets[0].amount],
        )
    assert s.public.foes[0].growth == 3 and s.public.foes[0].health == wounded + 3


def test_tendrils_bank_growth_for_the_mass() -> None:
    s = new_game(1, roles=["unmei"], boss="horrific-mass", first=["crawling-tendril"])
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.growth_bank == 1


def test_events_offer_a_party_choice() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["quiet-spring"])
    s.public.heroes[0].board[0].ready = False
    s = act(act(s, 0, type="vote", option=1), 1, type="vote", option=0)  # tie: the host's pick
    assert s.public.morale == 21  # prayer at full Morale changes nothing
    assert not s.public.heroes[0].board[0].ready


def test_abandoned_camp_draws_into_gaps_and_refreshes() -> None:
    s = new_game(1, roles=["unmei"], first=["rotting-foal"])
    board(s, 0, P("Quick Draw"), P("Petal Cut"), ready=False)
    top = s.secret.decks[0][0]
    run_blocks(s, content().encounters["abandoned-camp"].do, [])
    hero = s.public.heroes[0]
    assert [sl.card for sl in hero.board][-1] == top and hero.deck_count == len(s.secret.decks[0])
    assert [sl.ready for sl in hero.board] == [True, False, True]
    # With nothing exhausted after it, the camp leads straight to the next card: no refresh vote.
    s2 = new_game(1, roles=["unmei"], first=["abandoned-camp", "rotting-foal"])
    assert s2.public.vote is None and s2.public.card == "rotting-foal"


def test_special_claim_and_pass() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["mane-of-storms", "rotting-foal"])
    assert "exactly 2" in refused(s, 0, type="claim", discard=[0])
    s2 = act(act(s, 0, type="pass"), 1, type="pass")
    assert s2.public.foes[0].card == "rotting-foal"
    assert "already passed" in refused(act(s, 0, type="pass"), 0, type="pass")


def test_traps_hurt_every_hero() -> None:
    s = new_game(3, roles=["unmei", "leme", "tenzin"], first=["thorn-fence"])
    assert [(p.seat, p.amount) for p in s.public.packets] == [(0, 1), (1, 1), (2, 1)]
    assert "Damage is waiting" in refused(s, 0, type="roll")
