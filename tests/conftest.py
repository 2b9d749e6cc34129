"""Shared fixtures: a fresh store on SQLite (and on PostgreSQL when TEST_POSTGRES_URL is set)."""

from __future__ import annotations

import os
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import text
from sqlmodel import SQLModel

from bot.store import Store

POSTGRES_URL = os.environ.get(
    "TEST_POSTGRES_URL"
)  # e.g. postgresql+asyncpg://postgres@127.0.0.1/tabletop_test

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--transcripts",
        metavar="DIR",
        default=None,
        help="write, for every test on the fake Discord, one HTML page per user of what they saw",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if POSTGRES_URL:
        return
    skip = pytest.mark.skip(reason="PostgreSQL tests need TEST_POSTGRES_URL (CI starts a server on loopback)")
    for item in items:
        if "postgres" in item.keywords:
            item.add_marker(skip)


async def make_store(backend: str, tmp_path: os.PathLike[str]) -> Store:
    if backend == "sqlite":
        store = Store(f"sqlite+aiosqlite:///{tmp_path}/test.db")
    else:
        assert POSTGRES_URL
        store = Store(POSTGRES_URL)
        async with store.engine.begin() as conn:
            await conn.run_sync(SQLModel.metadata.drop_all)
            await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    await store.init(migrate=True)
    return store


@pytest.fixture(params=BACKENDS)
async def store(request: pytest.FixtureRequest, tmp_path: os.PathLike[str]) -> AsyncIterator[Store]:
    s = await make_store(request.param, tmp_path)
    yield s
    await s.close()
