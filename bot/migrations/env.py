"""Alembic's entry point: run the revisions on the connection bot.migrations hands over."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise SystemExit("Run migrations with `python -m bot --migrate`, not the alembic command.")
# SQLite cannot ALTER most things in place: batch mode copies the table instead.
context.configure(connection=connection, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
