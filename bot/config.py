"""Settings, read from the environment and `.env` (see .env.example for every one)."""

from __future__ import annotations

import re

from pydantic import Field, SecretStr, field_validator
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
    sweep_seconds: float = Field(
        default=60.0, gt=0, description="How often idle sessions and answer timeouts are checked."
    )
    log_level: str = Field(default="INFO", description="DEBUG, INFO, WARNING or ERROR.")
    demo_game: bool = Field(
        default=False, description="Register the High Card demonstration game (tests only)."
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

    def token_problem(self) -> str | None:
        """A one-line reason the token cannot work, or None if it looks right."""
        if self.discord_token is None or not self.discord_token.get_secret_value().strip():
            return "DISCORD_TOKEN is not set: put it in .env (copy .env.example) or the environment."
        if not _TOKEN_SHAPE.match(self.discord_token.get_secret_value().strip()):
            return "DISCORD_TOKEN does not look like a bot token (three dot-separated parts): copy it again from the developer portal."
        return None
