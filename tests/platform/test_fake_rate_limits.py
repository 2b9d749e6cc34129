"""The fake Discord's global limit counts each request in the window its sender's stamp falls in
(tests/fakediscord/ratelimit.py): the fake reads requests late when its own process is busy, and
one stamped before the current window began arrived in the window before it, as on Discord."""

from __future__ import annotations

from tests.fakediscord.ratelimit import RateLimits

SEND = ("POST", "/api/v10/channels/{}/messages")


def send(limits: RateLimits, channel: int, at: float) -> float | None:
    return limits.check(SEND[0], SEND[1].format(channel), at)[1]


def test_a_request_stamped_before_the_window_counts_in_the_window_before() -> None:
    limits = RateLimits.discord()  # 50 a second
    for n in range(49):  # the window from 10.0 s holds 49
        assert send(limits, n, 10.0 + n / 100) is None
    assert send(limits, 100, 9.5) is None  # read late, stamped in no earlier window: counts in this one (50)
    assert send(limits, 101, 10.6) is not None  # the 51st of [10, 11)
    later = RateLimits.discord()
    assert send(later, 0, 9.2) is None  # a window from 9.2 s
    for n in range(49):
        assert send(later, n + 1, 10.3 + n / 100) is None  # the window from 10.3 s holds 49
    assert send(later, 200, 10.1) is None  # read late, stamped in the window before: counted there
    assert send(later, 201, 10.9) is None  # the 50th of [10.3, 11.3)
    assert send(later, 202, 10.95) is not None  # the 51st
