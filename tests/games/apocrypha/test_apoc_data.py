"""The card loader fails loudly, naming the file, the card and the field."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from apoc_helpers import FIXTURES

from bot.engine.cards import CardDataError
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.rules import Apocrypha


def broken(tmp_path: Path, name: str, text: str) -> Path:
    shutil.copytree(FIXTURES, tmp_path / "data")
    (tmp_path / "data" / "apocrypha" / name).write_text(text, encoding="utf-8")
    return tmp_path / "data"


def test_an_unknown_effect_block_names_the_file_and_card(tmp_path):
    root = broken(
        tmp_path,
        "zz.toml",
        '[[gifts]]\nid = "odd"\nname = "Odd"\nvirtue = "body"\n'
        'targets = [{ virtue = "body", number = 5 }]\n[[gifts.powers]]\ntiming = "support"\n'
        'effects = [{ op = "teleport" }]\ntext = "Go."\n',
    )
    with pytest.raises(CardDataError, match=r"gifts \(odd\).*unknown op 'teleport'"):
        load_book(root)


def test_a_bad_parameter_is_refused(tmp_path):
    root = broken(
        tmp_path,
        "zz.toml",
        '[[gifts]]\nid = "odd"\nname = "Odd"\nvirtue = "body"\n'
        'targets = [{ virtue = "body", number = 5 }]\n[[gifts.powers]]\ntiming = "support"\n'
        'effects = [{ op = "explode", on = 9 }]\ntext = "Go."\n',
    )
    with pytest.raises(CardDataError, match="on must be 1..6"):
        load_book(root)


def test_a_bad_field_names_file_entry_and_field(tmp_path):
    root = broken(
        tmp_path,
        "zz.toml",
        '[[gifts]]\nid = "odd"\nname = "Odd"\nvirtue = "spleen"\n'
        'targets = [{ virtue = "body", number = 5 }]\n',
    )
    with pytest.raises(CardDataError, match=r"zz.toml: gifts\[0\] \(Odd\): field 'virtue'"):
        load_book(root)


def test_a_saint_needs_four_virtues_in_four_positions(tmp_path):
    text = (
        (FIXTURES / "apocrypha" / "saints.toml")
        .read_text()
        .replace('position = "bottom"', 'position = "top"', 1)
    )
    root = broken(tmp_path, "saints.toml", text)
    with pytest.raises(CardDataError, match="top, left, right and bottom"):
        load_book(root)


def test_a_mission_naming_a_missing_card(tmp_path):
    text = (
        (FIXTURES / "apocrypha" / "missions.toml")
        .read_text()
        .replace('"gaunt", "authorities"', '"gaunt", "bigfoot"')
    )
    root = broken(tmp_path, "missions.toml", text)
    with pytest.raises(CardDataError, match="bigfoot"):
        load_book(root)


def test_nested_choose_options_are_checked(tmp_path):
    root = broken(
        tmp_path,
        "zz.toml",
        '[[threats]]\nid = "odd"\nname = "Odd"\n'
        'targets = [{ virtue = "body", number = 5 }]\n[[threats.powers]]\ntiming = "initiate"\n'
        'mandatory = true\neffects = [{ op = "choose", options = [[{ op = "lose" }], [{ op = "fly" }]] }]\ntext = "Hm."\n',
    )
    with pytest.raises(CardDataError, match="option 1.*unknown op 'fly'"):
        load_book(root)


def test_check_config_counts(tmp_path):
    line = Apocrypha(root=FIXTURES).check_config()
    assert line.startswith("apocrypha: ") and "saints 3, nexuses 3, missions 2" in line
    assert "gift " in line and "threat " in line and "omen " in line
