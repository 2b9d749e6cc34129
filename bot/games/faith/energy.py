"""Energy: the Gather table and paying costs (coloured cost in its colour, neutral by either)."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.games.faith.state import Seat

# (lowest highest-Faith, energy gained); 20 Faith has already won.
ALLOWANCE: tuple[tuple[int, int], ...] = ((16, 5), (10, 4), (4, 3), (1, 2))


def allowance(highest_faith: int) -> int:
    for floor, energy in ALLOWANCE:
        if highest_faith >= floor:
            return energy
    return 2


def plan(
    pool: Seat, light: int, dark: int, neutral: int, neutral_light: int | None, prefer: str
) -> tuple[int, int]:
    """How much light and dark energy a cost takes, or GameError if the pool cannot pay it.

    neutral_light None: the neutral part comes from whichever colour has more left
    (ties go to `prefer`, the card's own colour), so the pool stays balanced.
    """
    if pool.light < light or pool.dark < dark:
        need = "light" if pool.light < light else "dark"
        raise GameError(f"You do not have enough {need} energy for that.")
    left_l, left_d = pool.light - light, pool.dark - dark
    if neutral_light is None:
        nl = 0
        for i in range(neutral):
            rest_l, rest_d = left_l - nl, left_d - (i - nl)
            if rest_l > rest_d or (rest_l == rest_d and prefer == "light"):
                nl += 1
        neutral_light = nl
    if neutral_light > neutral:
        raise GameError("You cannot pay more light energy than the neutral cost.")
    if neutral_light > left_l or neutral - neutral_light > left_d:
        raise GameError("You do not have enough energy for that.")
    return light + neutral_light, dark + neutral - neutral_light


def pay(pool: Seat, light: int, dark: int) -> None:
    pool.light -= light
    pool.dark -= dark


def split_options(pool: Seat, light: int, dark: int, neutral: int) -> list[int]:
    """Every workable neutral_light for a cost (for the panel's payment choice)."""
    left_l, left_d = pool.light - light, pool.dark - dark
    if left_l < 0 or left_d < 0:
        return []
    return [nl for nl in range(neutral + 1) if nl <= left_l and neutral - nl <= left_d]
