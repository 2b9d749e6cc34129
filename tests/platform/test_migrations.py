"""Schema migrations: a database from an older release upgrades with `--migrate`, then plays on."""

from __future__ import annotations

import contextlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import text
from sqlmodel import SQLModel

from bot import migrations
from bot.engine.errors import GameError
from bot.games import all_rules
from bot.migrations import SchemaOutdated
from bot.service import SessionService
from bot.store import GameSession, Store
from tests.bench.play import choose
from tests.conftest import BACKENDS, POSTGRES_URL

RELEASES = Path(__file__).resolve().parents[1] / "fixtures"
FIRST_RELEASE = RELEASES / "release-2026-11-23"


async def empty_store(backend: str, tmp_path: os.PathLike[str]) -> Store:
    """A store on a database with no tables at all (not even Alembic's)."""
    if backend == "sqlite":
        return Store(f"sqlite+aiosqlite:///{tmp_path}/old.db")
    assert POSTGRES_URL
    store = Store(POSTGRES_URL)
    async with store.engine.begin() as conn:
        await conn.run_sync(SQLModel.metadata.drop_all)
        await conn.execute(text("DROP TABLE IF EXISTS alembic_version"))
    return store


async def load_release(store: Store, release: Path, backend: str) -> list[GameSession]:
    """Recreate the database `release` left: its tables, and its saved sessions."""
    saved = json.loads((release / "sessions.json").read_text())
    rows = [GameSession.model_validate(r) for r in saved]
    # Only the columns that release had: later revisions add the rest.
    columns = set().union(*(r.keys() for r in saved))
    ddl = (release / f"schema.{backend}.sql").read_text()
    async with store.engine.begin() as conn:
        for statement in filter(str.strip, ddl.split(";")):
            await conn.execute(text(statement))
        table = GameSession.__table__  # type: ignore[attr-defined]
        await conn.execute(
            table.insert(), [{k: v for k, v in r.model_dump().items() if k in columns} for r in rows]
        )
        if backend == "postgresql":  # rows came with their ids: move the sequence past them
            await conn.execute(text("SELECT setval('sessions_id_seq', (SELECT max(id) FROM sessions))"))
    return rows


def schema_diff(connection) -> list[object]:  # type: ignore[no-untyped-def]
    return compare_metadata(MigrationContext.configure(connection), SQLModel.metadata)


@pytest.mark.parametrize("backend", BACKENDS)
async def test_the_migrated_schema_is_exactly_the_models(backend: str, tmp_path: Path) -> None:
    # Fails when a column is added to a table in bot/store.py without a revision that adds it.
    store = await empty_store(backend, tmp_path)
    try:
        await store.migrate()
        async with store.engine.connect() as conn:
            assert await conn.run_sync(schema_diff) == []
            assert await conn.run_sync(migrations.current) == migrations.head()
    finally:
        await store.close()


@pytest.mark.parametrize("backend", BACKENDS)
async def test_an_unmigrated_database_is_refused_with_the_command(backend: str, tmp_path: Path) -> None:
    store = await empty_store(backend, tmp_path)
    try:
        with pytest.raises(SchemaOutdated, match=r"run `python -m bot --migrate`"):
            await store.init()
        await store.init(migrate=True)
        await store.init()  # now current: accepted
        await store.migrate()  # and migrating again changes nothing
        async with store.engine.connect() as conn:
            assert await conn.run_sync(migrations.current) == migrations.head()
    finally:
        await store.close()


@pytest.mark.parametrize("backend", BACKENDS)
async def test_the_first_release_database_upgrades_and_every_game_plays_on(backend: str, tmp_path: Path) -> None:
    store = await empty_store(backend, tmp_path)
    try:
        saved = await load_release(store, FIRST_RELEASE, backend)
        assert {r.game for r in saved} == {"apocrypha", "apollyon", "catharsis", "faith", "haunted"}
        with pytest.raises(SchemaOutdated, match="has not been migrated"):
            await store.init()
        await store.migrate()
        await store.init()
        async with store.engine.connect() as conn:
            assert await conn.run_sync(schema_diff) == []
        games = all_rules()
        service = SessionService(store, games)
        for old in saved:
            assert old.id is not None
            row = await service.session(old.id)
            assert row.state == old.state and row.moves == old.moves and row.version == old.version
            rules = games[row.game]
            rng = random.Random(old.id)
            played = 0
            for _ in range(30):  # a few tries: a legal-looking move may be refused on a closer look
                if played == 3 or row.status != "running":
                    break
                pick = choose(rules, rules.load_state(row.state or {}), rng)
                assert pick is not None, f"{row.game} session {row.id} offers no move"
                seat, command = pick
                user = row.roles["guide"] if seat < 0 else row.seats[seat]
                with contextlib.suppress(GameError):
                    row = (await service.act(old.id, user, command)).session
                    played += 1
            assert played == 3 or row.status != "running", f"{row.game} session {row.id} could not play on"
            # The upgraded game is the same game, carried on: its old moves, then the new ones.
            # (Not a replay from the seed: a later release may rule an old move differently.)
            assert row.moves[: len(old.moves)] == old.moves and row.seed == old.seed
            assert len(row.moves) == len(old.moves) + played
        # And new games open beside them.
        assert (await service.new(guild_id=1, channel_id=1, game="faith", host_id=7)).session.id
    finally:
        await store.close()


@pytest.mark.parametrize("backend", BACKENDS)
async def test_the_check_at_start_reads_what_alembic_reads(backend: str, tmp_path: Path) -> None:
    """The bot checks the schema without Alembic (`newest`, `stored`): the same answers as Alembic's."""
    assert migrations.newest() == migrations.head()
    store = await empty_store(backend, tmp_path)
    try:
        async with store.engine.connect() as conn:
            assert await conn.run_sync(migrations.stored) is None
        await store.migrate()
        async with store.engine.connect() as conn:
            assert await conn.run_sync(migrations.stored) == await conn.run_sync(migrations.current) == migrations.head()
        async with store.engine.begin() as conn:
            await conn.execute(text("UPDATE alembic_version SET version_num = '0002'"))
        with pytest.raises(SchemaOutdated, match=f"at revision 0002, this release needs {migrations.head()}: run `python -m bot --migrate`"):
            await store.init()
    finally:
        await store.close()


async def test_a_started_bot_has_not_loaded_alembic(tmp_path: Path) -> None:
    """Alembic, Mako and Pygments cost the bot process 12 MB: only `--migrate` loads them. A fresh
    interpreter loads the bot with every game and checks the schema, as `python -m bot` does."""
    url = f"sqlite+aiosqlite:///{tmp_path}/started.db"
    store = Store(url)
    await store.migrate()
    await store.close()
    code = """
import asyncio, sys
import bot.__main__, bot.client, cogs.apocrypha, cogs.apollyon, cogs.catharsis, cogs.dice, cogs.faith, cogs.game, cogs.haunted, cogs.meta
from bot.store import Store

async def start():
    store = Store(sys.argv[1])
    await store.init()
    await store.close()

asyncio.run(start())
print(sorted(m for m in sys.modules if m.split(".")[0] in ("alembic", "mako", "pygments")))
"""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", code, url], cwd=root, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
