"""Seats: players are numbered 0..n-1 in join order; the guide has a seat of its own."""

from __future__ import annotations

Seat = int

# Apocrypha's guided mode: the guide acts as this seat. No player ever has it.
GUIDE: Seat = -1


def seat_ref(seat: Seat) -> str:
    """A placeholder for a seat in event text; the Discord layer swaps in a mention or name."""
    return "@{guide}" if seat == GUIDE else f"@{{{seat}}}"


def next_seat(seat: Seat, count: int, step: int = 1) -> Seat:
    """The seat `step` places to the left (higher numbers), wrapping around the table."""
    return (seat + step) % count
