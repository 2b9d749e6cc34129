"""Catharsis end to end, one game per role added after the first release: the role's own mechanic is
played through its player's DM panel (selects and the follow-up aim select), to the end of the game.

Alice plays the role under test, Bob plays Leme. A seeded player picks among the legal actions the
panel offers, always taking the role's own moves when they are on offer, so each game is the same
on every run and reaches the mechanic.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import bot.games.catharsis  # noqa: F401  registers the game before the bot starts
from bot.engine.prng import Rng
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.state import CatharsisState
from tests.e2e.catharsis_party import open_party, play_out
from tests.e2e.harness import running_bot
from tests.e2e.surface import Surface
from tests.fakediscord import FakeDiscord


def _dimirith_move(state: CatharsisState, seat: int, action: Any) -> bool:
    return isinstance(action, c.Flip) or getattr(action, "half", None) == "bottom"


def _dimirith_seen(before: CatharsisState, after: CatharsisState) -> bool:
    """A Flip or a super bottom replaced a power: something new sits on some board."""
    cards = lambda s: [sl.card for h in s.public.heroes for sl in h.board]  # noqa: E731
    return len(after.public.heroes[0].discards) > len(before.public.heroes[0].discards) and cards(
        before
    ) != cards(after)


def _aiden_move(state: CatharsisState, seat: int, action: Any) -> bool:
    return isinstance(action, (c.Passive, c.Flip, c.Activate))


def _aiden_seen(before: CatharsisState, after: CatharsisState) -> bool:
    """A song changed level (sung, raised or lowered) or was finished and discarded."""
    faces = lambda s: [(sl.card, sl.face) for sl in s.public.heroes[0].board]  # noqa: E731
    return faces(before) != faces(after) and len(after.public.heroes[0].board) >= len(before.public.heroes[0].board) - 1


def _fizzleboom_move(state: CatharsisState, seat: int, action: Any) -> bool:
    return isinstance(action, (c.Flip, c.Activate, c.Take))


def _fizzleboom_seen(before: CatharsisState, after: CatharsisState) -> bool:
    """A card turned around, damage swapped a power, or the Flip put a discard back."""
    sides = lambda s: [(sl.card, sl.face) for sl in s.public.heroes[0].board]  # noqa: E731
    return sides(before) != sides(after) or after.public.heroes[0].flipped != before.public.heroes[0].flipped


def _artrial_move(state: CatharsisState, seat: int, action: Any) -> bool:
    """Serve whatever is ready; keep two dishes baking (setting aside more would leave him no health)."""
    baking = len(state.public.heroes[seat].aside)
    return isinstance(action, c.Serve) or (isinstance(action, c.SetAside) and baking < 2)


def _artrial_seen(before: CatharsisState, after: CatharsisState) -> bool:
    """A power went aside, or dishes were served (the aside row changed)."""
    return before.public.heroes[0].aside != after.public.heroes[0].aside


def _briggs_move(state: CatharsisState, seat: int, action: Any) -> bool:
    return isinstance(action, (c.Bind, c.Passive, c.Flip, c.Activate))


def _briggs_seen(before: CatharsisState, after: CatharsisState) -> bool:
    """Liara bound an essence onto Briggs's board, or a power he used went back to her."""
    b, a = before.public.heroes[0], after.public.heroes[0]
    return len(a.essences) != len(b.essences) or a.deck_count != b.deck_count or len(a.board) != len(b.board)


# role -> (is this one of the role's own moves, did the move show its effect, what the table then said)
ROLES: dict[str, tuple[Callable[..., bool], Callable[..., bool], str]] = {
    "dimirith": (_dimirith_move, _dimirith_seen, " replaces "),
    "aiden": (_aiden_move, _aiden_seen, " at Level III"),
    "fizzleboom": (_fizzleboom_move, _fizzleboom_seen, "for new powers"),
    "artrial": (_artrial_move, _artrial_seen, " serves "),
    "briggs": (_briggs_move, _briggs_seen, " back to Liara"),
}


# The seeded player's seed, where seed 3's game ends before the mechanic shows in full (the numbers
# that set a game's length are retuned from time to time).
SEEDS = {"aiden": 4}


@pytest.mark.parametrize("role", sorted(ROLES))
async def test_a_role_s_mechanic_through_the_panel(fake_discord: FakeDiscord, tmp_path: Path, role: str) -> None:
    own_move, effect_seen, words = ROLES[role]
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261123) as bot:
        watch = Surface(fake, bot, w.table)
        party = await open_party(fake, bot, "corrupted-horse", "new-questors")
        await party.perform(0, c.ChooseRole(role=role))
        await party.perform(1, c.ChooseRole(role="leme"))
        name = content().roles[role].name
        assert name in fake.public_text(w.table)

        rng = Rng.from_seed(SEEDS.get(role, 3))
        used, said = 0, False

        async def own_moves_first(state: CatharsisState, seat: int, actions: list[Any]) -> Any:
            return rng.choice([a for a in actions if seat == 0 and own_move(state, seat, a)] or actions)

        async def count(seat: int, action: Any, before: CatharsisState, after: CatharsisState, _: Any) -> None:
            nonlocal used, said
            used += seat == 0 and own_move(before, seat, action) and effect_seen(before, after)
            said = said or words in fake.public_text(w.table)

        await play_out(party, watch, rng, choose=own_moves_first, after=count)
        assert used >= 2, f"{name}'s own mechanic was played {used} times through the panel"
        assert said, f"the table never said {words!r}"
        await watch.finish()
