"""Schema migrations (Alembic): `python -m bot --migrate` upgrades, the bot refuses an outdated database.

The revisions live in `versions/`; `env.py` runs them on the connection it is handed, so the
same code serves the command line and the tests. How to add a revision: docs/platform.md.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import inspect
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

HERE = Path(__file__).parent
# Today's schema as `create_all` made it before migrations existed: such a database is stamped so.
BASELINE = "0001"
MIGRATE_COMMAND = "python -m bot --migrate"


class SchemaOutdated(Exception):
    """The database is not at the newest revision; the message names the command that fixes it."""


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(HERE))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    assert len(heads) == 1, f"the migrations have several heads {heads}: merge them (alembic merge)"
    return heads[0]


def current(connection: Connection) -> str | None:
    return MigrationContext.configure(connection).get_current_revision()


def _upgrade(connection: Connection) -> None:
    if current(connection) is None and inspect(connection).has_table("sessions"):
        command.stamp(alembic_config(connection), BASELINE)
    command.upgrade(alembic_config(connection), "head")


def _check(connection: Connection) -> None:
    found, wanted = current(connection), head()
    if found == wanted:
        return
    if found is None:
        raise SchemaOutdated(f"The database has not been migrated: run `{MIGRATE_COMMAND}` first.")
    raise SchemaOutdated(
        f"The database schema is at revision {found}, this release needs {wanted}: run `{MIGRATE_COMMAND}` first."
    )


async def upgrade(engine: AsyncEngine) -> None:
    """Bring the database to the newest revision (a no-op when it is there)."""
    async with engine.begin() as conn:
        await conn.run_sync(_upgrade)


async def check(engine: AsyncEngine) -> None:
    """Raise SchemaOutdated unless the database is at the newest revision."""
    async with engine.connect() as conn:
        await conn.run_sync(_check)
