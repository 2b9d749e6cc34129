"""Loading card data from data/<game>/ and validating it with pydantic, failing loudly."""

from __future__ import annotations

import json
import os
import tomllib
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

M = TypeVar("M", bound=BaseModel)


class CardDataError(ValueError):
    """Card data that does not validate. The message names the file, the entry and the field."""


def data_dir() -> Path:
    """The data folder: $TABLETOP_DATA_DIR, else data/ at the project root."""
    override = os.environ.get("TABLETOP_DATA_DIR")
    if override:
        return Path(override)
    return Path(__file__).resolve().parents[2] / "data"


def read_file(path: Path) -> dict[str, Any]:
    try:
        if path.suffix == ".toml":
            with path.open("rb") as fh:
                return tomllib.load(fh)
        if path.suffix == ".json":
            return json.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise CardDataError(f"{path}: cannot be parsed: {exc}") from exc
    raise CardDataError(f"{path}: unknown data file type (use .toml or .json)")


def game_files(game: str, root: Path | None = None) -> list[Path]:
    folder = (root or data_dir()) / game
    if not folder.is_dir():
        raise CardDataError(f"{folder}: the data folder for {game} is missing")
    return sorted(p for p in folder.iterdir() if p.suffix in (".toml", ".json"))


def load_entries(game: str, key: str, model: type[M], root: Path | None = None) -> list[M]:
    """Every entry under the top-level array `key` in every file of data/<game>/, validated."""
    out: list[M] = []
    for path in game_files(game, root):
        raw = read_file(path)
        entries = raw.get(key, [])
        if not isinstance(entries, list):
            raise CardDataError(f"{path}: '{key}' must be an array of tables")
        for i, entry in enumerate(entries):
            out.append(validate_entry(model, entry, f"{path.name}: {key}[{i}]"))
    return out


def validate_entry(model: type[M], entry: Any, where: str) -> M:
    try:
        return model.model_validate(entry)
    except ValidationError as exc:
        name = entry.get("name") or entry.get("id") if isinstance(entry, dict) else None
        label = f"{where} ({name})" if name else where
        first = exc.errors()[0]
        field = ".".join(str(p) for p in first["loc"]) or "(entry)"
        raise CardDataError(f"{label}: field '{field}': {first['msg']}") from exc


def unique_ids(items: list[Any], attr: str, where: str) -> None:
    seen: set[Any] = set()
    for item in items:
        value = getattr(item, attr)
        if value in seen:
            raise CardDataError(f"{where}: duplicate {attr} {value!r}")
        seen.add(value)
