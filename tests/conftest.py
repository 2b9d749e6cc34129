"""Shared fixtures: a fresh store on SQLite (and on PostgreSQL when TEST_POSTGRES_URL is set)."""

from __future__ import annotations

import asyncio
import os
from collections.abc import AsyncIterator

import pytest
from sqlalchemy import URL, make_url, text
from sqlalchemy.ext.asyncio import create_async_engine
from sqlmodel import SQLModel

from bot.store import Store

# e.g. postgresql+asyncpg://postgres@127.0.0.1/tabletop_test. Each test run works in a database of
# its own made beside that one (pytest_configure), so two runs at once never drop each other's tables.
BASE_POSTGRES_URL = os.environ.get("TEST_POSTGRES_URL")
POSTGRES_URL: str | None = None

BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--transcripts",
        metavar="DIR",
        default=None,
        help="write, for every test on the fake Discord, one HTML page per user of what they saw",
    )


def pytest_configure(config: pytest.Config) -> None:
    global POSTGRES_URL
    if BASE_POSTGRES_URL:
        url = make_url(BASE_POSTGRES_URL)
        name = f"{url.database}_{os.getpid()}"
        asyncio.run(_admin(url, f'DROP DATABASE IF EXISTS "{name}"', f'CREATE DATABASE "{name}"'))
        POSTGRES_URL = url.set(database=name).render_as_string(hide_password=False)


def pytest_unconfigure(config: pytest.Config) -> None:
    if BASE_POSTGRES_URL and POSTGRES_URL:
        name = make_url(POSTGRES_URL).database
        asyncio.run(_admin(make_url(BASE_POSTGRES_URL), f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))


async def _admin(url: URL, *statements: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as conn:
            for sql in statements:
                await conn.execute(text(sql))
    finally:
        await engine.dispose()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if BASE_POSTGRES_URL:
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
