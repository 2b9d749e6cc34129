"""Discord's per-route rate limits, as the fake enforces them when asked.

Discord counts requests per bucket: a route (method and path shape) plus its "major
parameter" (the channel, the guild, or the webhook/interaction token), in windows that reset
after a few seconds, and a global budget per bot. Every answer carries X-RateLimit-* headers;
a request past its bucket's limit gets 429 with `retry_after` (seconds) in the body, and
discord.py sleeps that long and retries. Interaction endpoints (the callback, and the
interaction webhook's follow-ups and edits of the original response) are outside the bot's
global limit, as Discord documents: they have only their own bucket per interaction token.

Off by default (`RateLimits.off()`): generous headers so discord.py never sleeps and tests are
not slowed. `RateLimits.discord()` uses numbers of Discord's order; tests may pass their own.
"""

from __future__ import annotations

import hashlib
import re
import time
from dataclasses import dataclass, field

# Routes Discord does not count against the bot's global limit.
OUTSIDE_GLOBAL = frozenset({"callback", "webhook"})

# The path shapes that have buckets, their major parameter, and the bucket's name in `limits`.
_ROUTES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"^/interactions/(\d+)/[^/]+/callback$"), "callback"),
    (re.compile(r"^/webhooks/\d+/([^/]+)(?:/messages/[^/]+)?$"), "webhook"),
    (re.compile(r"^/channels/(\d+)/messages/\d+$"), "message_edit"),
    (re.compile(r"^/channels/(\d+)/messages$"), "message_send"),
    (re.compile(r"^/users/@me/channels$"), "dm_open"),
)


@dataclass(frozen=True)
class Limit:
    requests: int
    per: float  # seconds


@dataclass
class _Window:
    reset_at: float
    used: int = 0
    per: float = 1.0


@dataclass
class RateLimits:
    limits: dict[str, Limit] = field(default_factory=dict)
    global_per_second: int | None = None
    # (method, path, retry_after) of every 429 answered.
    refused: list[tuple[str, str, float]] = field(default_factory=list)
    _windows: dict[tuple[str, str, str], _Window] = field(default_factory=dict)
    _global: _Window | None = None
    _global_before: _Window | None = None  # the window before, for a request stamped inside it

    @classmethod
    def off(cls) -> RateLimits:
        return cls()

    @classmethod
    def discord(cls) -> RateLimits:
        """Numbers of the order Discord documents and answers with (they change without notice)."""
        return cls(
            limits={
                "webhook": Limit(5, 2.0),  # followups and edits of one interaction
                "message_send": Limit(5, 5.0),  # per channel
                "message_edit": Limit(5, 5.0),  # per channel
            },
            global_per_second=50,
        )

    @property
    def enabled(self) -> bool:
        return bool(self.limits) or self.global_per_second is not None

    def check(self, method: str, path: str, now: float | None = None) -> tuple[dict[str, str], float | None]:
        """The headers to answer with, and retry_after if the request is refused (429)."""
        now = time.monotonic() if now is None else now
        name, major = _bucket(path)
        limit = self.limits.get(name) if name else None
        if name not in OUTSIDE_GLOBAL and self.global_per_second is not None:
            window = self._global
            if window is None or now >= window.reset_at:
                self._global_before, window = window, _Window(now + 1.0)
                self._global = window
            elif now < window.reset_at - window.per and self._global_before is not None and now < self._global_before.reset_at:
                # Stamped before this window began (the fake read it late, after a later one): it
                # arrived in the window before, and counts there, as on Discord.
                window = self._global_before
            if window.used >= self.global_per_second:
                return self._refuse(method, path, window.reset_at - now, scope="global")
            window.used += 1
        if limit is None:
            return {}, None
        key = (method, name, major)  # type: ignore[arg-type]
        window = self._windows.get(key)
        if window is None or now >= window.reset_at:
            window = self._windows[key] = _Window(now + limit.per)
        reset_after = max(window.reset_at - now, 0.001)
        headers = {
            "X-RateLimit-Limit": str(limit.requests),
            "X-RateLimit-Bucket": hashlib.sha1(f"{method} {name}".encode()).hexdigest()[:16],
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Reset": f"{time.time() + reset_after:.3f}",
        }
        if window.used >= limit.requests:
            extra, retry = self._refuse(method, path, reset_after, scope="user")
            return {**headers, **extra}, retry
        window.used += 1
        headers["X-RateLimit-Remaining"] = str(limit.requests - window.used)
        return headers, None

    def _refuse(self, method: str, path: str, retry_after: float, *, scope: str) -> tuple[dict[str, str], float]:
        retry_after = round(max(retry_after, 0.001), 3)
        self.refused.append((method, path, retry_after))
        headers = {"X-RateLimit-Remaining": "0", "X-RateLimit-Scope": scope, "Retry-After": f"{retry_after:.3f}"}
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        return headers, retry_after

    def refused_callbacks(self) -> int:
        return sum(1 for _m, path, _r in self.refused if path.endswith("/callback"))


def _bucket(path: str) -> tuple[str | None, str]:
    path = path.removeprefix("/api/v10")
    for pattern, name in _ROUTES:
        match = pattern.match(path)
        if match:
            return name, match.group(1) if match.groups() else ""
    return None, ""
