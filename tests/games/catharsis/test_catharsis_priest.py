"""The Priest of the Unknown challenge deck: the chant's race, villagers saved or left, and the last fight."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis.bossdeck import build_deck
from bot.games.catharsis.cards import content, scaled
from bot.games.catharsis.state import CatharsisState
from cogs.catharsis.lookup import card_embed
from cogs.catharsis.render import table_embed
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, take_all

DECK = "priest-of-the-unknown"
P = power_id


def game(first: list[str], players: int = 1) -> CatharsisState:
    return new_game(players, roles=["unmei", "leme"][:players], boss=DECK, first=first)


def test_a_full_deck_with_the_priest_last_and_his_acolytes_beside_him_only() -> None:
    cards = build_deck(DECK, Rng.from_seed(4))
    assert 14 <= len(cards) <= 18 and cards[-1] == DECK and "chanting-acolyte" not in cards
    villagers = [c for c in cards if "save_villager" in str(content().encounters[c].model_dump())]
    assert len(villagers) == 5  # three to lead out, two held by foes that free them when beaten
    assert content().decks[DECK].chant_length(2) == 32 and content().decks[DECK].challenge


def test_a_lone_heros_chant_track_is_longer() -> None:
    """House rule: a lone hero's fights take more rounds, so the chant's track is longer for one hero."""
    deck = content().decks[DECK]
    assert deck.chant_length(1) > deck.chant_length(2) == deck.chant_length(3) == deck.chant_length(4)
    for players, erased in ((1, False), (2, True)):
        s = game(["temple-cultist"], players=players)
        s.public.chant = deck.chant_length(2) - 1  # one step short of two heroes' full track
        s = take_all(act(s, 0, type="done"))
        if players == 2:
            s = take_all(act(s, 1, type="done"))
        assert s.public.chant == deck.chant_length(2)
        assert (s.public.winner is False and s.public.phase == "over") is erased, players


def test_every_card_revealed_and_every_round_moves_the_chant_on() -> None:
    s = game(["temple-cultist"])
    assert s.public.chant == 1  # the Cultist's reveal
    s = take_all(act(s, 0, type="done"))
    assert s.public.chant == 2  # the round's end


def test_foes_that_chant_add_a_step_each_round() -> None:
    s = game(["gibbering-herald"])
    s = take_all(act(s, 0, type="done"))
    assert s.public.chant == 1 + 1 + 1  # reveal, round, the Herald's own voice


def test_a_full_chant_erases_the_party() -> None:
    s = game(["temple-cultist"])
    s.public.chant = content().decks[DECK].chant_length(1) - 1
    s = take_all(act(s, 0, type="done"))
    assert s.public.winner is False and s.public.phase == "over"
    assert RULES.result(s) == "The party fell before the Priest of the Unknown."


def test_leading_villagers_out_takes_time_and_leaving_them_is_remembered() -> None:
    s = game(["trembling-villagers", "caged-child", "temple-cultist"])
    assert s.public.vote is not None and s.public.vote.options[0].startswith("Lead them out")
    s = act(s, 0, type="vote", option=0)
    # 1 for the villagers' reveal, 2 for leading them out, 1 for the next card's reveal
    assert s.public.saved == 1 and s.public.card == "caged-child" and s.public.chant == 1 + 2 + 1
    s = act(s, 0, type="vote", option=1)
    assert s.public.left == 1 and s.public.saved == 1 and s.public.chant == 4 + 1  # no time spent on her


def test_saved_villagers_weaken_the_priest_and_those_left_behind_sharpen_his_blows() -> None:
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=[DECK])
    full = scaled(content().encounters[DECK].health, 2)
    assert s.public.foes[0].health == full and [f.card for f in s.public.foes[1:]] == ["chanting-acolyte"] * 2
    s = new_game(2, roles=["unmei", "leme"], boss=DECK, first=["lost-pilgrim", DECK])
    s.public.saved, s.public.left, s.public.chant = 2, 1, 10
    s = act(act(s, 0, type="vote", option=1), 1, type="vote", option=1)  # leave the pilgrim: two left now
    assert s.public.vote is None and s.public.foes[0].card == DECK
    assert s.public.foes[0].health == full - 2 * 2  # two saved, 2 health each for two heroes
    assert s.public.chant == 10 + 1 - 2  # the reveal, then the saved villagers' prayer
    s = act(act(s, 0, type="done"), 1, type="done")
    priest_blow = next(p for p in s.public.packets if p.source == 0)
    assert priest_blow.amount == scaled(content().encounters[DECK].attacks[0].amount, 2) + 2


def test_beating_a_warden_frees_a_villager() -> None:
    s = game(["masked-warden"])
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s.public.foes[0].health = 1
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.saved == 1


def test_the_censer_of_silence_quiets_the_chant() -> None:
    s = game(["temple-cultist"])
    s.public.chant = 12
    board(s, 0, "censer-of-silence", P("Rising Sun"))
    dice(s, 0, 3, 3)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1])
    assert s.public.chant == 10


def test_the_table_and_the_lookup_show_the_race() -> None:
    s = game(["trembling-villagers"])
    s = act(s, 0, type="vote", option=0)
    text = table_embed(s.public.model_dump(mode="json"), ["alice"]).description or ""
    assert f"/{content().decks[DECK].chant_length(1)} (full: the party is erased)" in text
    assert "villagers saved 1, left behind 0" in text
    boss = card_embed(DECK).description or ""
    assert "Each villager saved takes 1/2/3/4 health off him" in boss
    chant = "/".join(str(content().decks[DECK].chant_length(n)) for n in (1, 2, 3, 4))
    assert f"His chant erases the party once its track is full: {chant} steps." in boss
    herald = card_embed("gibbering-herald").description or ""
    assert "At the end of every round while it stands: the chant swells 1." in herald
