"""`python -m bot`: help, clear one-line errors, --check-config."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.config import Settings

ROOT = Path(__file__).resolve().parents[2]
GOOD_TOKEN = "MTAxMDEwMTAxMDEwMTAxMDEw.GhIjKl.abcdefghijklmnopqrstuvwxyz0123"


def run(args: list[str], tmp_path: Path, **env: str) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_URL", "DEMO_GAME"}}
    # Run from an empty folder so a developer's .env is not read.
    return subprocess.run(
        [sys.executable, "-m", "bot", *args],
        cwd=tmp_path,
        env={**clean, "PYTHONPATH": str(ROOT), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_help_names_every_option(tmp_path: Path) -> None:
    out = run(["--help"], tmp_path)
    assert out.returncode == 0
    assert "--sync" in out.stdout and "DEV_GUILD_ID" in out.stdout and "--check-config" in out.stdout


@pytest.mark.parametrize(
    ("token", "message"),
    [("", "DISCORD_TOKEN is not set"), ("not-a-token", "does not look like a bot token")],
)
def test_missing_or_malformed_token_is_one_clear_line(tmp_path: Path, token: str, message: str) -> None:
    out = run([], tmp_path, DISCORD_TOKEN=token)
    assert out.returncode == 2
    assert message in out.stderr and "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1


def test_bad_setting_is_named(tmp_path: Path) -> None:
    out = run([], tmp_path, DISCORD_TOKEN=GOOD_TOKEN, DATABASE_URL="mysql://x")
    assert out.returncode == 2 and "DATABASE_URL" in out.stderr and "Traceback" not in out.stderr


def test_check_config_prints_a_line_per_game(tmp_path: Path) -> None:
    out = run(["--check-config"], tmp_path, DISCORD_TOKEN=GOOD_TOKEN, DEMO_GAME="true")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "settings: database sqlite+aiosqlite, token ok" in out.stdout
    assert "highcard: 52 cards (standard 52)" in out.stdout


def test_check_config_fails_without_a_token(tmp_path: Path) -> None:
    out = run(["--check-config"], tmp_path)
    assert out.returncode == 1 and "error: DISCORD_TOKEN is not set" in out.stdout


def test_settings_read_env_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("DISCORD_TOKEN", "DEV_GUILD_ID", "IDLE_DAYS"):
        monkeypatch.delenv(key, raising=False)
    (tmp_path / ".env").write_text(f"DISCORD_TOKEN={GOOD_TOKEN}\nDEV_GUILD_ID=\nIDLE_DAYS=3\n")
    monkeypatch.chdir(tmp_path)
    settings = Settings()
    assert settings.token_problem() is None and settings.dev_guild_id is None and settings.idle_days == 3


def test_main_in_process_reports_bad_settings(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("LOG_LEVEL", "LOUD")
    assert main([]) == 2
    assert "LOG_LEVEL" in capsys.readouterr().err


def test_env_example_lists_every_setting() -> None:
    text = (ROOT / ".env.example").read_text()
    for name in Settings.model_fields:
        assert f"{name.upper()}=" in text, name


def test_readme_test_command_is_what_ci_runs() -> None:
    readme = (ROOT / "README.md").read_text()
    ci = (ROOT / ".ci" / "run").read_text()
    assert (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/python -m pytest" in readme
    )
    for part in (
        "python3 -m venv .venv",
        ".venv/bin/pip install -q --disable-pip-version-check -e '.[test]'",
        ".venv/bin/python -m pytest",
    ):
        assert part in ci


def test_migrate_creates_the_database_and_an_unmigrated_one_is_refused(tmp_path: Path) -> None:
    fresh = run([], tmp_path, DISCORD_TOKEN=GOOD_TOKEN)
    assert fresh.returncode == 2 and "Traceback" not in fresh.stderr
    assert fresh.stderr.strip() == "error: The database has not been migrated: run `python -m bot --migrate` first."
    out = run(["--migrate"], tmp_path)  # no token needed to migrate
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("Database schema is at revision ") and (tmp_path / "tabletop.db").exists()
    again = run(["--migrate"], tmp_path)
    assert again.returncode == 0 and again.stdout == out.stdout
