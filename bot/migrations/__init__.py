"""Schema migrations (Alembic): `python -m bot --migrate` upgrades, the bot refuses an outdated database.

The revisions live in `versions/`; `env.py` runs them on the connection it is handed, so the
same code serves the command line and the tests. How to add a revision: docs/platform.md.

Alembic (with Mako and Pygments, 12 MB of the bot's memory) is imported only to migrate: the check
at every start reads the revision files and Alembic's version table itself (`newest`, `stored`; a
test keeps them equal to Alembic's own answers).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import TYPE_CHECKING

from sqlalchemy import inspect, text
from sqlalchemy.engine import Connection
from sqlalchemy.ext.asyncio import AsyncEngine

if TYPE_CHECKING:
    from alembic.config import Config

HERE = Path(__file__).parent
# Today's schema as `create_all` made it before migrations existed: such a database is stamped so.
BASELINE = "0001"
MIGRATE_COMMAND = "python -m bot --migrate"
# `revision = "0003"` and `down_revision = "0002"` (or a tuple, or None) in a revision file.
_REVISION_LINE = re.compile(r"^(revision|down_revision)\s*(?::[^=]+)?=\s*(.+?)\s*$", re.MULTILINE)


class SchemaOutdated(Exception):
    """The database is not at the newest revision; the message names the command that fixes it."""


def alembic_config(connection: Connection | None = None) -> Config:
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(HERE))
    config.attributes["connection"] = connection
    return config


def head() -> str:
    """The newest revision, as Alembic reads it."""
    from alembic.script import ScriptDirectory

    heads = ScriptDirectory.from_config(alembic_config()).get_heads()
    assert len(heads) == 1, f"the migrations have several heads {heads}: merge them (alembic merge)"
    return heads[0]


def newest() -> str:
    """The newest revision, read from the files in `versions/` without Alembic: the one no other
    revision revises."""
    revisions: set[str] = set()
    revised: set[str] = set()
    for path in (HERE / "versions").glob("*.py"):
        found = dict(_REVISION_LINE.findall(path.read_text()))
        revisions.add(ast.literal_eval(found["revision"]))
        down = ast.literal_eval(found.get("down_revision", "None"))
        revised.update(down if isinstance(down, (tuple, list)) else [down] if down else [])
    heads = sorted(revisions - revised)
    assert len(heads) == 1, f"the migrations have several heads {heads}: merge them (alembic merge)"
    return heads[0]


def current(connection: Connection) -> str | None:
    """The database's revision, as Alembic reads it."""
    from alembic.runtime.migration import MigrationContext

    return MigrationContext.configure(connection).get_current_revision()


def stored(connection: Connection) -> str | None:
    """The database's revision, read from Alembic's version table without Alembic."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def _upgrade(connection: Connection) -> None:
    from alembic import command

    if current(connection) is None and inspect(connection).has_table("sessions"):
        command.stamp(alembic_config(connection), BASELINE)
    command.upgrade(alembic_config(connection), "head")


def _check(connection: Connection) -> None:
    found, wanted = stored(connection), newest()
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
