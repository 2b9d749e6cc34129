"""Command line: run the bot, sync its slash commands, or check the configuration.

python -m bot                 run the bot (token from .env or the environment)
python -m bot --migrate       create or upgrade the database schema (run after every upgrade)
python -m bot --sync          register the slash commands, then exit
python -m bot --check-config  validate settings and every game's card data, offline
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys

from pydantic import ValidationError

from bot.config import Settings
from bot.memory import limit_malloc_arenas


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bot",
        description="Tabletop GM: a Discord bot that is the game master for Apocrypha, Haunted, Catharsis, Faith and SCP: Apollyon. "
        "Settings come from the environment or a .env file (see .env.example).",
    )
    parser.add_argument(
        "--sync",
        action="store_true",
        help="register the slash commands with Discord and exit: to the DEV_GUILD_ID server if set (instant), "
        "otherwise globally (may take up to an hour to show). Run it once after installing or upgrading.",
    )
    parser.add_argument(
        "--migrate",
        action="store_true",
        help="create or upgrade the database schema to this release's and exit (after syncing, with --sync). "
        "Run it after installing or upgrading: the bot refuses to start on a database that needs it.",
    )
    parser.add_argument(
        "--check-config",
        action="store_true",
        help="validate the settings and every game's card data without connecting, print one line per game, and exit "
        "(non-zero if anything is wrong)",
    )
    return parser.parse_args(argv)


def load_settings() -> Settings | str:
    try:
        return Settings()
    except ValidationError as exc:
        first = exc.errors()[0]
        if not first["loc"]:  # a rule across settings (e.g. SHARD_IDS with SHARD_COUNT)
            return f"Settings are inconsistent: {first['msg'].removeprefix('Value error, ')}."
        return f"Setting {str(first['loc'][0]).upper()} is invalid: {first['msg']}."


def check_config(settings: Settings) -> int:
    """Print what the bot would load; return the exit code."""
    from bot.client import game_rules
    from bot.engine.cards import CardDataError

    ok = True
    problem = settings.token_problem()
    print(
        f"settings: database {settings.database_url.split('://')[0]}, token {'ok' if not problem else 'missing or malformed'}"
    )
    if problem:
        print(f"error: {problem}")
        ok = False
    try:
        games = game_rules(settings)
    except (CardDataError, ValueError) as exc:
        print(f"error: card data: {exc}")
        return 1
    for rules in games.values():
        try:
            print(rules.check_config())
        except (CardDataError, ValueError) as exc:
            print(f"error: {rules.key}: {exc}")
            ok = False
    return 0 if ok else 1


async def migrate(settings: Settings) -> None:
    from bot import migrations
    from bot.store import Store

    store = Store(settings.database_url)
    try:
        await store.migrate()
    finally:
        await store.close()
    print(f"Database schema is at revision {migrations.head()}.")


async def run(settings: Settings, *, sync: bool) -> int:
    from bot.migrations import SchemaOutdated
    from bot.store import Store

    store = Store(settings.database_url)
    try:  # before anything else loads: an outdated database is one plain line
        await store.init()
    except SchemaOutdated as exc:
        await store.close()
        print(f"error: {exc}", file=sys.stderr)
        return 2

    import discord

    from bot.client import TabletopBot

    bot = TabletopBot(settings, store=store)
    token = settings.discord_token.get_secret_value().strip()  # type: ignore[union-attr]
    try:
        if sync:
            async with bot:
                await bot.login(token)
                count = await bot.sync_commands()
                where = (
                    f"server {settings.dev_guild_id}" if settings.dev_guild_id else "every server (global)"
                )
                print(f"Synced {count} top-level commands to {where}.")
            return 0
        async with bot:
            await bot.start(token)
    except discord.LoginFailure:
        print(
            "error: Discord refused DISCORD_TOKEN; copy the bot token again from the developer portal.",
            file=sys.stderr,
        )
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    settings = load_settings()
    if isinstance(settings, str):
        print(f"error: {settings}", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    limit_malloc_arenas()  # before the store's threads start (bot/memory.py)
    # Alembic logs each plugin it loads at INFO; `--migrate` prints its own line instead.
    logging.getLogger("alembic").setLevel(max(logging.WARNING, logging.getLevelName(settings.log_level)))
    if args.check_config:
        return check_config(settings)
    if args.migrate:
        asyncio.run(migrate(settings))
        if not args.sync:
            return 0  # migrating needs no token
    problem = settings.token_problem()
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    try:
        return asyncio.run(run(settings, sync=args.sync))
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    sys.exit(main())
