"""Deckbuilding rules, the text format, and the preconstructed decks."""

from __future__ import annotations

import pytest

from bot.engine.errors import GameError
from bot.games.faith import RULES
from bot.games.faith.cards import catalogue
from bot.games.faith.decks import check, export, parse, preconstructed, problems
from bot.games.faith.rules import Options


def legal() -> list[str]:
    # Shadow and Strife holds three Adam - God Breathed, so one more is a fourth copy.
    return list(preconstructed()["Shadow and Strife"])


def test_four_preconstructed_legal_forty_card_decks() -> None:
    decks = preconstructed()
    assert len(decks) >= 4
    for name, ids in decks.items():
        assert len(ids) == 40, name
        assert problems(ids) == [], name


def test_the_preconstructed_decks_mix_light_and_dark_as_described() -> None:
    cards = catalogue()
    light = {n: sum(cards[i].side == "light" for i in ids) for n, ids in preconstructed().items()}
    assert light["Light of Prayer"] == 40
    assert light["Shadow and Strife"] < 20


def test_thirty_nine_cards_are_not_enough() -> None:
    with pytest.raises(GameError, match="39 cards and needs at least 40"):
        check(legal()[:39])


def test_four_copies_are_too_many_but_other_versions_count_apart() -> None:
    ids = legal() + ["adam-god-breathed"]
    with pytest.raises(GameError, match="4 copies of Adam - God Breathed"):
        check(ids)
    check(legal() + ["adam-nomenclator"] * 3)


def test_text_round_trip() -> None:
    ids = legal()
    text = export(ids)
    assert "3 Adam - God Breathed" in text.splitlines()
    assert sorted(parse(text)) == sorted(ids)


def test_parse_accepts_x_counts_single_lines_comments_and_names_bad_lines() -> None:
    assert parse("# mine\n2x Noah - Captain of the Ark\n\nThe Serpent - Deceiver") == [
        "noah-captain-of-the-ark",
        "noah-captain-of-the-ark",
        "the-serpent-deceiver",
    ]
    with pytest.raises(GameError, match="Line 2: There is no Faith card"):
        parse("1 Noah - Captain of the Ark\n3 Goliath of Zork")


def test_an_illegal_deck_stops_the_game_from_starting() -> None:
    with pytest.raises(GameError, match="Seat 2's deck is not legal"):
        RULES.setup(Options(decks=[legal(), legal()[:39]]), 2, 1, {})


def test_a_seat_plays_its_chosen_list() -> None:
    mine = list(preconstructed()["Shadow and Strife"])
    st = RULES.setup(Options(decks=[mine]), 2, 5, {}).state
    assert sorted(h.card for h in st.secret.decks[0] + st.players[0].hand) == sorted(mine)


def test_check_config_line() -> None:
    line = RULES.check_config()
    assert line.startswith("faith: ") and "character " in line and line.endswith("decks 4")
