"""The bot in a process of its own, pointed at a fake Discord: what the load benchmark measures.

    python -m tests.bench.bot_process <fake base url> <database url> <token> [pictures]

In production the bot's event loop serves only the bot; running it beside the fake in one
process would charge the fake's work to the bot. This runs the real TabletopBot (with the demo
game) exactly as `python -m bot` does, after pointing discord.py at the fake.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

from bot.client import TabletopBot
from tests.e2e.harness import migrate, settings_for
from tests.fakediscord import patch_discord


async def main(base_url: str, database_url: str, token: str, pictures: bool = False) -> None:
    logging.basicConfig(level=logging.WARNING)
    patch_discord(base_url)
    settings = settings_for(Path("."), database_url=database_url, pictures=pictures)
    await migrate(database_url)
    bot = TabletopBot(settings)
    async with bot:
        await bot.login(token)
        await bot.sync_commands()
        await bot.connect()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:] == ["pictures"]))
