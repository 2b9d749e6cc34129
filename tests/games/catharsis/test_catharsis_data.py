"""The shipped content loads, and broken content fails naming the file, the entry and the problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.engine.cards import CardDataError, data_dir
from bot.games.catharsis import RULES
from bot.games.catharsis.cards import load_content


def test_check_config_line() -> None:
    assert RULES.check_config() == (
        "catharsis: 430 cards (power 240, monster 74, trap 47, event 28, special 27, boss 12, duo 2), roles 12, "
        "bosses 8, challenge decks 4"
    )


def test_check_config_checks_the_duo_powers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A broken duo card fails `--check-config`, naming the card; a duo named like a power too."""
    from bot.games.catharsis import duo

    root = copy_data(tmp_path)
    f = root / "catharsis" / "duo.toml"
    good = f.read_text()
    assert len(duo.load_duos(root)) == 2
    f.write_text(good.replace('roles = ["leme", "maladaum"]', 'roles = ["leme", "merlin"]'))
    with pytest.raises(CardDataError, match="duo-briar-vow: unknown role 'merlin'"):
        duo.load_duos(root)
    f.write_text(good.replace('name = "Bond of Arms"', 'name = "Quick Draw"'))
    with pytest.raises(CardDataError, match="'Quick Draw' is already the name of another card"):
        duo.load_duos(root)
    f.write_text(good.replace('bonus = [{ op = "damage", amount = 3 }', 'bonus = [{ op = "smite", amount = 3 }'))
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(root))
    duo.cards.cache_clear()
    try:
        with pytest.raises(ValueError, match="duo-briar-vow bonus.*unknown op 'smite'"):
            RULES.check_config()
    finally:
        monkeypatch.undo()
        duo.cards.cache_clear()
    assert "duo 2" in RULES.check_config()


def copy_data(tmp_path: Path) -> Path:
    shutil.copytree(data_dir() / "catharsis", tmp_path / "catharsis")
    return tmp_path


def test_unknown_effect_block_is_refused(tmp_path: Path) -> None:
    root = copy_data(tmp_path)
    f = root / "catharsis" / "role_leme.toml"
    f.write_text(f.read_text().replace('op = "heal"', 'op = "teleport"', 1))
    with pytest.raises(ValueError, match="leme-.*unknown op 'teleport'"):
        load_content(root)


def test_bad_cost_symbol_is_refused(tmp_path: Path) -> None:
    root = copy_data(tmp_path)
    f = root / "catharsis" / "role_unmei.toml"
    f.write_text(f.read_text().replace('cost = "6"', 'cost = "7"', 1))
    with pytest.raises(CardDataError, match="role_unmei.toml.*cost"):
        load_content(root)


def test_a_role_needs_twenty_powers(tmp_path: Path) -> None:
    root = copy_data(tmp_path)
    f = root / "catharsis" / "role_tenzin.toml"
    text = f.read_text()
    cut = text.rindex("[[powers]]")
    f.write_text(text[:cut])
    with pytest.raises(CardDataError, match="tenzin: has 19 powers"):
        load_content(root)


def test_monster_values_list_four_party_sizes(tmp_path: Path) -> None:
    root = copy_data(tmp_path)
    f = root / "catharsis" / "boss_corrupted_horse.toml"
    text = f.read_text()
    at = text.index("health = [", text.index('id = "blighted-stallion"'))
    f.write_text(text[:at] + "health = [4, 7]" + text[text.index("]", at) + 1 :])
    with pytest.raises(CardDataError, match="Blighted Stallion.*health"):
        load_content(root)
