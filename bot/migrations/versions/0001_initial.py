"""Today's schema: sessions, dm_messages, player_records (as create_all made them before migrations).

Revision ID: 0001
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

_ACTIVE = sa.text("status IN ('lobby', 'running')")


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("status", sa.String(), nullable=False),
        sa.Column("host_id", sa.BigInteger(), nullable=False),
        sa.Column("seats", sa.JSON(), nullable=False),
        sa.Column("roles", sa.JSON(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=True),
        sa.Column("log", sa.JSON(), nullable=False),
        sa.Column("waiting", sa.JSON(), nullable=False),
        sa.Column("dm_closed", sa.JSON(), nullable=False),
        sa.Column("result", sa.String(), nullable=True),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("moves", sa.JSON(), nullable=False),
        sa.Column("table_channel_id", sa.BigInteger(), nullable=True),
        sa.Column("table_message_id", sa.BigInteger(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_sessions_guild_id", "sessions", ["guild_id"])
    op.create_index("ix_sessions_channel_id", "sessions", ["channel_id"])
    op.create_index(
        "one_active_game_per_channel",
        "sessions",
        ["channel_id"],
        unique=True,
        sqlite_where=_ACTIVE,
        postgresql_where=_ACTIVE,
    )
    op.create_table(
        "dm_messages",
        sa.Column("session_id", sa.Integer(), primary_key=True),
        sa.Column("user_id", sa.BigInteger(), primary_key=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=False),
    )
    op.create_table(
        "player_records",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("game", sa.String(), nullable=False),
        sa.Column("kind", sa.String(), nullable=False),
        sa.Column("name", sa.String(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("guild_id", "user_id", "game", "kind", "name"),
    )
    op.create_index("ix_player_records_guild_id", "player_records", ["guild_id"])
    op.create_index("ix_player_records_user_id", "player_records", ["user_id"])


def downgrade() -> None:
    op.drop_table("player_records")
    op.drop_table("dm_messages")
    op.drop_table("sessions")
