"""`python -m bot --sync` registers the commands (here: with the fake Discord), globally or to DEV_GUILD_ID."""

from __future__ import annotations

from pathlib import Path

from bot.__main__ import run
from tests.e2e.harness import FAKE_TOKEN, migrate, settings_for
from tests.fakediscord import FakeDiscord, patch_discord, unpatch


async def test_sync_globally_then_to_a_dev_guild(tmp_path: Path, capsys: object) -> None:
    fake = FakeDiscord(token=FAKE_TOKEN)
    guild = fake.add_guild("Dev", members=[fake.add_user(name="dev")])
    await fake.start()
    patch_discord(fake.base_url)
    try:
        assert await run(settings_for(tmp_path), sync=True) == 2  # not yet migrated: refused
        assert "python -m bot --migrate" in capsys.readouterr().err  # type: ignore[attr-defined]
        await migrate(settings_for(tmp_path).database_url)
        assert await run(settings_for(tmp_path), sync=True) == 0
        assert {"roll", "check", "game", "ping", "help"} <= {
            name for (name, _t) in fake.commands.get(None, {})
        }
        assert await run(settings_for(tmp_path, dev_guild_id=guild.id), sync=True) == 0
        assert "roll" in {name for (name, _t) in fake.commands.get(guild.id, {})}
        out = capsys.readouterr().out  # type: ignore[attr-defined]
        assert "to every server (global)" in out and f"to server {guild.id}" in out
    finally:
        unpatch()
        await fake.stop()
