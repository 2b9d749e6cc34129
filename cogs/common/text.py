"""Plain-text helpers for messages: seat mentions, progress bars, Discord's length limits."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bot.engine.text import plural as plural
from bot.engine.text import verb as verb
from bot.store import GameSession

_SEAT = re.compile(r"@\{(guide|\d+)\}")

# Discord's limits (characters).
CONTENT_MAX = 2000
EMBED_DESCRIPTION_MAX = 4096
FIELD_VALUE_MAX = 1024
LABEL_MAX = 80
OPTION_DESCRIPTION_MAX = 100


def mention(user_id: int | None) -> str:
    return f"<@{user_id}>" if user_id else "someone"


def fill_seats(text: str, row: GameSession) -> str:
    """Swap the engine's seat placeholders ("@{2}", "@{guide}") for Discord mentions."""

    def swap(m: re.Match[str]) -> str:
        key = m.group(1)
        if key == "guide":
            return mention(row.roles.get("guide"))
        seat = int(key)
        return mention(row.seats[seat]) if seat < len(row.seats) else f"seat {seat + 1}"

    return _SEAT.sub(swap, text)


def name_seats(text: str, who: Callable[[int], str]) -> str:
    """Swap seat placeholders ("@{2}") for whatever `who(seat)` calls that seat."""
    return re.sub(r"@\{(\d+)\}", lambda m: who(int(m.group(1))), text)


def seat_name(row: GameSession, seat: int) -> str:
    """A seat's plain name (for button labels and DMs, where a mention does not render):
    the player's display name when they joined, else 'Player 2'."""
    uid = row.seats[seat] if 0 <= seat < len(row.seats) else None
    return (row.names or {}).get(str(uid)) or f"Player {seat + 1}"


def bar(value: int, maximum: int, width: int = 10, *, full: str = "█", empty: str = "░") -> str:
    """A text progress bar: `███████░░░ 7/10`."""
    maximum = max(maximum, 1)
    filled = round(width * max(0, min(value, maximum)) / maximum)
    return f"{full * filled}{empty * (width - filled)} {value}/{maximum}"


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def lines_within(lines: Sequence[str], limit: int, *, newest_last: bool = True) -> str:
    """Join as many of the newest lines as fit in `limit` characters."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines) if newest_last else lines:
        if size + len(line) + 1 > limit:
            break
        kept.append(line)
        size += len(line) + 1
    if newest_last:
        kept.reverse()
    return "\n".join(kept)
