"""The rules engines stay pure (DESIGN.md): no Discord, no database, no clock, no network, no `random`."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = [ROOT / "bot" / "engine", ROOT / "bot" / "games"]
FORBIDDEN_MODULES = {
    "discord",
    "aiohttp",
    "sqlalchemy",
    "sqlmodel",
    "sqlite3",
    "aiosqlite",
    "asyncpg",
    "random",
    "socket",
    "time",
    "asyncio",
    "secrets",
    "bot.store",
    "bot.service",
    "bot.client",
    "cogs",
}
FORBIDDEN_CALLS = {"now", "utcnow", "today", "urandom", "open"}


def _pure_files() -> list[Path]:
    return sorted(p for folder in PURE for p in folder.rglob("*.py"))


@pytest.mark.parametrize("path", _pure_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_module_is_pure(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module]
        for name in names:
            top = {name, name.split(".")[0], ".".join(name.split(".")[:2])}
            assert not top & FORBIDDEN_MODULES, f"{path.name} imports {name}"
        if isinstance(node, ast.Call):
            func = node.func
            called = (
                func.attr
                if isinstance(func, ast.Attribute)
                else func.id
                if isinstance(func, ast.Name)
                else ""
            )
            # The card loader (bot/engine/cards.py) is the one place allowed to read files.
            if path != ROOT / "bot" / "engine" / "cards.py":
                assert called not in FORBIDDEN_CALLS, f"{path.name} calls {called}()"


def test_the_scan_finds_the_engines() -> None:
    assert len(_pure_files()) >= 8
