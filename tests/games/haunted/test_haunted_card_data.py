"""The card data: all 80 cards load, cross-reference correctly and fail loudly when wrong."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bot.engine.cards import CardDataError, load_entries
from bot.games.haunted import RULES
from bot.games.haunted.cards import Card, Catalogue, catalogue

DATA = Path(__file__).resolve().parents[3] / "data" / "haunted"


def test_check_config_counts_every_type():
    assert RULES.check_config() == (
        "haunted: 80 cards (setting 10, focus 15, terror 5, event 20, action 20, acquaintance 10)"
    )


def test_every_setting_allows_six_focuses_and_every_focus_fits_four_settings():
    cat = catalogue()
    settings = [c for c in cat.cards.values() if c.type == "setting"]
    assert all(len(s.focuses) == 6 for s in settings)
    per_focus = Counter(f for s in settings for f in s.focuses)
    assert set(per_focus.values()) == {4}
    assert len(per_focus) == 15


def test_every_terror_is_summoned_by_six_focuses():
    cat = catalogue()
    per_terror = Counter(t for c in cat.cards.values() if c.type == "focus" for t in c.summons)
    assert len(per_terror) == 5 and set(per_terror.values()) == {6}


def test_each_terror_has_one_event_and_one_action_counter():
    cat = catalogue()
    counters: dict[str, list[str]] = {}
    for card in cat.cards.values():
        for mode in card.modes:
            if mode.terror:
                counters.setdefault(mode.terror, []).append(card.type)
    assert len(counters) == 5
    assert all(sorted(v) == ["action", "event"] for v in counters.values())


@pytest.mark.parametrize(
    "alias, name",
    [
        ("Pouch of Rune Stones", "Pouch of Runestones"),
        ("magical dabbler", "Magickal Dabbler"),
        ("Well-Wishing Stranger", "Wellwishing Stranger"),
        ("Over-Indulgence", "Over Indulgence"),
        ("Garroted", "Garrotted"),
        ("Attacked", "Attacked!"),
        ("Fatal Possession", "Fateful Possession"),
        ("wealthy relatives mansion", "Wealthy Relative's Mansion"),
    ],
)
def test_names_and_aliases_resolve(alias, name):
    cat = catalogue()
    assert cat.name(cat.resolve(alias)) == name


def test_every_support_card_has_a_mode_and_essentials_none():
    for card in catalogue().cards.values():
        assert bool(card.modes) != card.essential, card.name


def _write(tmp_path: Path, extra: str) -> Path:
    folder = tmp_path / "haunted"
    folder.mkdir()
    for path in DATA.glob("*.toml"):
        (folder / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    with (folder / "events.toml").open("a", encoding="utf-8") as fh:
        fh.write(extra)
    return tmp_path


def test_an_unknown_effect_block_fails_naming_the_card(tmp_path):
    root = _write(
        tmp_path,
        '\n[[card]]\nname = "Bad Omen"\ntype = "event"\ntext = "A card with a power nobody wrote."\n'
        '[[card.modes]]\nlabel = "x"\neffects = [{ op = "summon_bats" }]\n',
    )
    with pytest.raises(CardDataError, match="Bad Omen.*summon_bats"):
        Catalogue(load_entries("haunted", "card", Card, root=root))


def test_a_focus_naming_an_unknown_terror_fails(tmp_path):
    root = _write(
        tmp_path,
        '\n[[card]]\nname = "Odd Doll"\ntype = "focus"\ntext = "A doll that watches."\nsummons = ["Grey Lady"]\n',
    )
    with pytest.raises(CardDataError, match="Odd Doll.*Grey Lady"):
        Catalogue(load_entries("haunted", "card", Card, root=root))


def test_a_missing_field_fails_naming_file_entry_and_field(tmp_path):
    root = _write(tmp_path, '\n[[card]]\nname = "Blank"\ntype = "event"\n')
    with pytest.raises(CardDataError, match=r"events.toml.*Blank.*text"):
        Catalogue(load_entries("haunted", "card", Card, root=root))


def test_card_text_is_not_copied_from_the_scan():
    scan = Path(__file__).resolve().parents[4] / "shared" / "seeds" / "haunted-cards-and-rules.ocr.txt"
    if not scan.exists():
        pytest.skip("the scan is not available here")
    words = scan.read_text(encoding="utf-8").lower().split()
    runs = {" ".join(words[i : i + 8]) for i in range(len(words) - 7)}
    for card in catalogue().cards.values():
        text = card.text.lower().split()
        for i in range(len(text) - 7):
            assert " ".join(text[i : i + 8]) not in runs, f"{card.name} copies the scan"
