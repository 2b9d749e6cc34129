"""Settings, read from the environment and `.env` (see .env.example for every one)."""

from __future__ import annotations

import re

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

# Three base64url parts joined by dots: how every bot token looks.
_TOKEN_SHAPE = re.compile(r"^[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}$")


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", env_ignore_empty=True
    )

    discord_token: SecretStr | None = Field(
        default=None, description="The bot's token from the Discord developer portal."
    )
    database_url: str = Field(
        default="sqlite+aiosqlite:///tabletop.db",
        description="SQLAlchemy URL: sqlite+aiosqlite:///file.db or postgresql+asyncpg://user:pw@host/db",
    )
    dev_guild_id: int | None = Field(
        default=None, description="Sync commands to this server only (instant) with --sync."
    )
    idle_days: float = Field(default=7.0, gt=0, description="A session idle this long is marked abandoned.")
    answer_timeout_minutes: float = Field(
        default=10.0, gt=0, description="How long a game waits for one player's answer."
    )
    reminder_minutes: float = Field(
        default=5.0,
        ge=0,
        description="Remind a player once when the game has waited this long on them (0: never).",
    )
    sweep_seconds: float = Field(
        default=60.0, gt=0, description="How often idle sessions and answer timeouts are checked."
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    shard_count: int | None = Field(
        default=None, ge=1, description="How many shards the bot runs as in all (with SHARD_IDS); unset: one."
    )
    shard_ids: int | None = Field(
        default=None,
        ge=0,
        description="The shard this process runs (0 to SHARD_COUNT-1): one process per shard, all on one PostgreSQL.",
    )
    demo_game: bool = Field(
        default=False, description="Register the High Card demonstration game (tests only)."
    )
    pace_redraws: bool = Field(
        default=True,
        description="Pace table and DM redraws to Discord's per-channel and global rate limits, drawing the "
        "newest state once when room comes (tests against a fake Discord without limits turn it off).",
    )
    pictures: bool = Field(
        default=True, description="Draw the table and hands as pictures (servers and users can still opt out)."
    )

    @field_validator("log_level")
    @classmethod
    def _level(cls, value: str) -> str:
        value = value.upper()
        if value not in {"DEBUG", "INFO", "WARNING", "ERROR"}:
            raise ValueError("must be DEBUG, INFO, WARNING or ERROR")
        return value

    @field_validator("database_url")
    @classmethod
    def _url(cls, value: str) -> str:
        if not value.startswith(("sqlite+aiosqlite://", "postgresql+asyncpg://")):
            raise ValueError("must start with sqlite+aiosqlite:// or postgresql+asyncpg://")
        return value

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        if (self.shard_ids is None) != (self.shard_count is None):
            raise ValueError("SHARD_IDS and SHARD_COUNT go together: set both or neither")
        if self.shard_ids is not None and self.shard_count is not None and self.shard_ids >= self.shard_count:
            raise ValueError("SHARD_IDS must be below SHARD_COUNT (shards are numbered from 0)")
        if self.shard_count and self.shard_count > 1 and self.database_url.startswith("sqlite"):
            raise ValueError("several shards need one shared PostgreSQL database: set DATABASE_URL")
        return self

    def shard_options(self) -> dict[str, int]:
        """discord.py's shard_id/shard_count, when this process is one shard of several."""
        if self.shard_ids is None or self.shard_count is None:
            return {}
        return {"shard_id": self.shard_ids, "shard_count": self.shard_count}

    def token_problem(self) -> str | None:
        """A one-line reason the token cannot work, or None if it looks right."""
        if self.discord_token is None or not self.discord_token.get_secret_value().strip():
            return "DISCORD_TOKEN is not set: put it in .env (copy .env.example) or the environment."
        if not _TOKEN_SHAPE.match(self.discord_token.get_secret_value().strip()):
            return "DISCORD_TOKEN does not look like a bot token (three dot-separated parts): copy it again from the developer portal."
        return None
