"""The Avatar challenge deck: legs ending at crossroads, realms chosen by vote, and a growing Avatar."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis.avatar import POWER_PER_BLOW
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.state import CatharsisState
from cogs.catharsis.lookup import card_embed
from cogs.catharsis.render import table_embed
from tests.games.catharsis.catharsis_driver import act, new_game, take_all

DECK = "avatar"
LEG0 = {"rift-stalker", "wandering-echo", "planar-shards"}
LEG1 = {"void-hound", "reality-tear", "star-touched-relic"}


def realm(name: str) -> list[str]:
    return [c.id for c in content().deck_cards(DECK) if c.realm == name]


def test_the_deck_is_laid_out_in_legs_each_ending_at_a_crossroads_with_the_avatar_last() -> None:
    for seed in range(5):
        cards = build_deck(DECK, Rng.from_seed(seed))
        assert set(cards[:3]) == LEG0 and cards[3] == "shimmering-rift"
        assert set(cards[4:7]) == LEG1 and cards[7] == "fractured-gate" and cards[8] == "the-avatar"
    assert not {c for r in content().decks[DECK].realms for c in realm(r)} & set(cards)


def after_the_crossroads(s: CatharsisState, n: int) -> set[str]:
    """The n cards that follow the crossroads: those already revealed, then the top of the deck."""
    seen = s.public.revealed[s.public.revealed.index("shimmering-rift") + 1 :]
    return set(seen + s.secret.boss_deck[: n - len(seen)])


def settle(s: CatharsisState) -> CatharsisState:
    """Take damage, push on at votes and skip recovery until the party is in a fight's attack phase."""
    from bot.games.catharsis import RULES

    for _ in range(20):
        s = take_all(s)
        seats = RULES.waiting_for(s)
        if s.public.phase == "attack" or not seats:
            return s
        seat = seats[0]
        move = next(a for a in RULES.legal_actions(s, seat) if a.type in ("vote", "recover", "pass"))
        s = act(s, seat, **move.model_dump())
    return s


def test_a_crossroads_vote_shuffles_the_chosen_realm_on_top_and_leaves_the_other_unseen() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["shimmering-rift"])
    assert s.public.vote is not None and s.public.vote.options[0].startswith("The Ember Wastes")
    left = s.public.deck_left
    s = act(s, 0, type="vote", option=0)
    wastes = realm("ember-wastes")
    assert s.public.realm == "ember-wastes" and s.public.card in wastes  # the first realm card is up
    assert after_the_crossroads(s, len(wastes)) == set(wastes)
    assert not set(realm("drowned-garden")) & set(s.secret.boss_deck)
    assert s.public.deck_left == left + len(wastes) - 1


def test_the_gentler_realm_is_longer() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["shimmering-rift"])
    s = act(s, 0, type="vote", option=1)
    garden = realm("drowned-garden")
    assert s.public.realm == "drowned-garden" and len(garden) == 4 > len(realm("ember-wastes"))
    assert after_the_crossroads(s, len(garden)) == set(garden)


def test_the_avatar_gathers_power_with_every_card_and_brings_it_to_the_fight() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=["planar-shards", "rift-stalker"])
    assert s.public.power == 0  # the first leg: the hunt has not yet crossed into a realm
    s.public.realm = "drowned-garden"
    s.public.power = 1
    s = settle(s)
    assert s.public.power == 2 and s.public.foes[0].card == "rift-stalker"
    avatar = content().encounters["the-avatar"]
    s.public.power = 8  # as if seven more cards had come: the Avatar's own reveal makes 9
    s.secret.boss_deck = ["the-avatar"]
    s.public.foes[0].health = 0
    s = settle(act(s, 0, type="done"))  # the fallen Stalker: the fight is won at once
    [foe] = s.public.foes
    assert foe.card == "the-avatar" and s.public.power == 9
    assert foe.health == foe.max_health == scaled(avatar.health, 2) + 9 * scaled(avatar.empower, 2)
    s = act(act(s, 0, type="done"), 1, type="done")
    blow = next(p for p in s.public.packets if p.mode == "player")
    assert blow.amount == scaled(avatar.attacks[0].amount, 2) + 9 // POWER_PER_BLOW


def test_the_table_and_the_lookup_show_the_realm_and_the_power() -> None:
    s = new_game(1, roles=["unmei"], boss=DECK, first=["shimmering-rift"])
    s = act(s, 0, type="vote", option=0)
    text = table_embed(s.public.model_dump(mode="json"), ["alice"]).description or ""
    assert f"In the Ember Wastes · The Avatar's Power: {s.public.power}" in text
    rift = card_embed("shimmering-rift").description or ""
    assert "A crossroads" in rift and "the party crosses into the Ember Wastes (2 cards)" in rift
    assert "Met only in the Starless Deep" in (card_embed("void-leviathan").description or "")
    assert "It gains 1 Power for every Boss deck card revealed once the party has entered a realm" in (card_embed("the-avatar").description or "")
