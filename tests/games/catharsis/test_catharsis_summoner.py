"""The Summoner challenge deck: summoning cards, boons between summons, recalls, and six heroes."""

from __future__ import annotations

import pytest

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.rules import Options
from bot.games.catharsis.state import CatharsisState
from cogs.catharsis.lookup import card_embed, deck_choice
from cogs.catharsis.render import table_embed
from tests.games.catharsis.catharsis_driver import (
    ROLES,
    act,
    board,
    dice,
    new_game,
    power_id,
    random_step,
    take_all,
)

DECK = "summoner"
SEQUENCE = content().decks[DECK].sequence
P = power_id


def hp(card: str, size: int) -> int:
    return scaled(content().encounters[card].health, size)


def push_on(s: CatharsisState) -> CatharsisState:
    """Take every waiting packet and decline the refresh offer."""
    s = take_all(s)
    while s.public.vote is not None and s.public.vote.kind == "refresh":
        s = take_all(act(s, 0, type="vote", option=0))
    return s


def test_the_deck_holds_summoning_cards_and_no_lesser_boss_with_the_summoner_last() -> None:
    cards = build_deck(DECK, Rng.from_seed(3))
    assert 14 <= len(cards) <= 18 and cards[-1] == "the-summoner" and cards.count("the-summoner") == 1
    assert not set(SEQUENCE) & set(cards)
    summons = sum(content().encounters[c].summons for c in cards)
    assert summons == len(SEQUENCE) == 8  # every lesser Boss is met exactly once before the Summoner
    kinds = [content().encounters[c].kind for c in cards]
    assert kinds.count("trap") >= 3 and kinds.count("event") >= 2 and kinds.count("special") >= 2
    # one lesser version of each of the eight Boss decks' Bosses, in a fixed order
    assert len(set(SEQUENCE)) == 8 and all(content().encounters[c].boon for c in SEQUENCE)


def test_summoning_cards_bring_the_next_lesser_bosses_in_order() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["summoning-circle", "twin-summoning"])
    assert [f.card for f in s.public.foes] == SEQUENCE[:1] and s.public.summoned == 1
    s.public.foes[0].health = 0  # the Colt is beaten: the next card brings the next two
    s.public.bound = [SEQUENCE[0]]
    s = act(s, 0, type="done")
    s = push_on(s)
    if s.public.phase == "recover":
        s = act(s, 0, type="recover", slots=[])
    s = push_on(s)
    assert [f.card for f in s.public.foes] == SEQUENCE[1:3] and s.public.summoned == 3
    assert [f.health for f in s.public.foes] == [hp(SEQUENCE[1], 1), hp(SEQUENCE[2], 1)]


def test_a_summon_that_grants_blows_makes_the_others_hit_harder() -> None:
    # Colt (blows) beside the Dryad (ward): the Dryad's party blow gains 1, the Colt's does not.
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=["twin-summoning"])
    assert [f.card for f in s.public.foes] == ["corrupted-colt", "kindled-dryad"]
    s = act(act(s, 0, type="done"), 1, type="done")
    colt, dryad = s.public.packets[0], s.public.packets[1]
    own = [scaled(content().encounters[c].attacks[0].amount, 2) for c in ("corrupted-colt", "kindled-dryad")]
    assert colt.mode == "player" and colt.amount == own[0]  # the Colt's own blow: the Dryad only wards
    assert dryad.mode == "party" and dryad.amount == own[1] + 1  # the Dryad's, +1 from the Colt


def test_a_summon_that_wards_takes_1_off_every_hit_on_the_others() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["twin-summoning"])
    board(s, 0, P("Quick Draw"), P("Rising Sun"))
    dice(s, 0, 1, 6)
    before = s.public.foes[0].health
    s = act(s, 0, type="activate", slot=1, dice=[1], target=0)  # Rising Sun at the Colt, warded by the Dryad
    dealt = content().powers[P("Rising Sun")].top.do[0]["amount"]
    assert s.public.foes[0].health == before - (dealt - 1)
    dryad = s.public.foes[1].health
    s.public.foes[0].health = 0  # with the Colt down, nothing wards the Dryad
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0], target=1)
    assert s.public.foes[1].health == max(0, dryad - dealt)


def test_the_snipers_shade_shoots_before_the_heroes_in_the_first_round() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["twin-summoning", "summoning-circle"])
    s = _beat_all(s)
    assert [f.card for f in s.public.foes] == ["snipers-shade"]
    shot = scaled(content().encounters["snipers-shade"].attacks[0].amount, 1)
    # Before anyone has rolled in round 1, her shot has already been taken (gently: exhausting powers).
    assert s.public.foe_first and s.public.round == 1 and not s.public.heroes[0].dice
    assert s.public.heroes[0].health == 12 - shot


def _beat_all(s: CatharsisState) -> CatharsisState:
    """Fell every foe standing and move on to the next Boss deck card."""
    for f in s.public.foes:
        if f.alive:
            f.health = 0
            s.public.bound.append(f.card)
    s = push_on(act(s, 0, type="done"))
    if s.public.phase == "recover":
        s = act(s, 0, type="recover", slots=[])
    return push_on(s)


def _at_the_summoner(bound: list[str]) -> CatharsisState:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["the-summoner"])
    s.public.bound = list(bound)
    return s


def test_a_beaten_summon_is_bound_for_the_summoner() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["summoning-circle"])
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s.public.foes[0].health = 1
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.bound == ["corrupted-colt"]


def test_the_summoner_calls_back_the_most_recent_summon_at_half_health_up_to_his_limit() -> None:
    s = _at_the_summoner(["corrupted-colt", "kindled-dryad", "snipers-shade", "vermin-caller"])
    called = []
    for _ in range(6):
        s = push_on(act(s, 0, type="done"))
        if s.public.winner is not None:
            break
        for f in s.public.foes[1:]:
            if f.card not in called:
                called.append(f.card)
                assert f.health == (f.max_health + 1) // 2
        for f in s.public.foes[1:]:
            f.health = 0  # beat each one as soon as it comes, so he keeps calling
    limit = content().encounters["the-summoner"].recall
    assert limit >= 2 and called == ["vermin-caller", "snipers-shade", "kindled-dryad"][:limit]  # most recent first
    assert s.public.recalls == limit


def test_the_summoner_calls_nobody_back_while_two_stand_beside_him() -> None:
    from bot.games.catharsis.combat import new_foe

    s = _at_the_summoner(["corrupted-colt"])
    s.public.foes += [new_foe(s, content().encounters[c]) for c in ("ruby-squire", "mass-spawnling")]
    s = push_on(act(s, 0, type="done"))
    assert [f.card for f in s.public.foes] == ["the-summoner", "ruby-squire", "mass-spawnling"]
    assert s.public.recalls == 0 and s.public.bound == ["corrupted-colt"]
    s.public.foes[2].health = 0  # with one beside him, he calls again
    s = push_on(act(s, 0, type="done"))
    assert [f.card for f in s.public.foes if f.alive] == ["the-summoner", "ruby-squire", "corrupted-colt"]


def test_when_the_summoner_falls_his_summons_fade_and_the_party_wins() -> None:
    s = _at_the_summoner(["corrupted-colt"])
    s = push_on(act(s, 0, type="done"))
    assert [f.card for f in s.public.foes if f.alive] == ["the-summoner", "corrupted-colt"]
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s.public.foes[0].health = 1
    s = act(s, 0, type="roll") if not s.public.heroes[0].dice else s
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0], target=0)
    assert s.public.winner is True and not any(f.alive for f in s.public.foes)
    assert RULES.result(s) == "The party defeated the Summoner."


def test_six_heroes_may_face_the_summoner_but_only_four_a_boss_deck() -> None:
    assert RULES.most_players(Options(boss=DECK)) == 6
    assert RULES.most_players(Options(boss="corrupted-horse")) == 4
    s = new_game(6, roles=ROLES[:6], boss=DECK)
    assert len(s.public.heroes) == 6 and s.public.party_size == 6
    assert s.public.foes or s.public.card  # the hunt has begun
    with pytest.raises(GameError, match="at most 4 heroes"):
        RULES.setup(Options(boss="corrupted-horse"), 5, 1, {})


def test_six_value_lists_scale_to_the_party_and_four_value_lists_stop_at_four() -> None:
    assert scaled([1, 2, 3, 4, 5, 6], 5) == 5 and scaled([1, 2, 3, 4, 5, 6], 6) == 6
    assert scaled([1, 2, 3, 4], 6) == 4
    assert hp("the-summoner", 6) > hp("the-summoner", 4)


@pytest.mark.parametrize("players", [5, 6])
def test_a_random_party_of_five_or_six_plays_the_summoner_to_an_end(players: int) -> None:
    for seed in range(3):
        s = new_game(players, seed=seed, roles=ROLES[seed : seed + players], boss=DECK)
        rng = Rng.from_seed(seed)
        for _ in range(20000):
            step = random_step(s, rng)
            if step is None:
                break
            s = step[0]
            assert all(len(h.board) <= 6 for h in s.public.heroes)
        assert RULES.result(s) is not None


def test_the_select_the_lookup_and_the_table_describe_the_summoner() -> None:
    line = deck_choice(content().decks[DECK])
    assert line.startswith("The Summoner (challenge, 1-6 heroes): A boss rush through lesser versions")
    assert "(challenge" not in deck_choice(content().decks["corrupted-horse"])
    colt = card_embed("corrupted-colt")
    assert "every other standing foe deals 1 more damage" in (colt.description or "")
    assert colt.footer.text and "1 to 6 heroes" in colt.footer.text
    boss = card_embed("the-summoner").description or ""
    assert "calls back the summon beaten most recently" in boss
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=["twin-summoning"])
    text = table_embed(s.public.model_dump(mode="json"), ["alice", "bob"]).description or ""
    assert "Corrupted Colt" in text and "others hit +1" in text and "others take 1 less per hit" in text
    assert "Summons: 2 of 8 called up; next, Sniper's Shade" in text


def test_a_dimirith_power_passed_to_maladaum_does_not_break_his_free_shields() -> None:
    # The Shard of the Godmind passes powers between boards; Maladaum's panel asks, while damage is
    # waiting, which of his powers are free shields, and a `#` cost is a die, not free.
    s = new_game(2, roles=["maladaum", "dimirith"], boss=DECK, first=["twin-summoning"])
    s.public.heroes[0].board.append(s.public.heroes[1].board.pop(0))
    s = act(act(s, 0, type="done"), 1, type="done")
    assert s.public.packets and RULES.legal_actions(s, 0)
