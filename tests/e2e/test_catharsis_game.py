"""Catharsis end to end: two heroes hunt the Corrupted Horse through the fake Discord, with a fixed seed.

Alice and Bob play from their DM panels. Every move is one a seeded random
player picks among the engine's legal actions that the panel offers, so the
game is the same on every run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import bot.games.catharsis  # noqa: F401  registers the game before the bot starts
from bot.engine.prng import Rng
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from cogs.catharsis.views import needs_aim
from tests.e2e.catharsis_party import open_party, play_out
from tests.e2e.harness import running_bot
from tests.e2e.surface import Surface, report
from tests.fakediscord import FakeDiscord


async def play_until(party: Any, role: str, turns: int, pick: Callable[[Any, int, list[Any]], Any]) -> tuple[Any, int, Any]:
    """Play plain moves (seat 0 takes `role`, the other seat another role) until `pick(state, seat,
    actions)` names an offered action; return the state, the seat and that action."""
    for _ in range(turns):
        state = RULES.load_state((await party.row()).state)
        seat = RULES.waiting_for(state)[0]
        actions = [a for a in RULES.legal_actions(state, seat) if party.offered(seat, a)]
        roles = [a for a in actions if isinstance(a, c.ChooseRole)]
        if roles:
            await party.perform(seat, next(a for a in roles if (a.role == role) == (seat == 0)))
            continue
        found = pick(state, seat, actions)
        if found is not None:
            return state, seat, found
        wanted = (c.Roll, c.Take, c.CastVote, c.Recover, c.Pass)
        await party.perform(seat, next((a for a in actions if isinstance(a, wanted)), actions[-1]))
    raise AssertionError(f"nothing to pick within {turns} turns")


async def test_two_heroes_hunt_the_corrupted_horse(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261122) as bot:
        watch = Surface(fake, bot, w.table)
        party = await open_party(fake, bot, "corrupted-horse", "new-questors")

        async def second_roll(seat: int, action: Any, before: Any, after: Any, taken: list[Any]) -> None:
            if isinstance(action, c.Roll) and not any(isinstance(a, c.Roll) for a in taken):
                # Bad input: a second roll is refused privately and changes nothing.
                version = (await party.row()).version
                again = await (await fake.slash(party.users[seat], w.table, "catharsis roll")).done()
                assert again.ephemeral and "already rolled" in again.text
                assert (await party.row()).version == version

        taken = await play_out(party, watch, Rng.from_seed(7), after=second_roll)
        assert any(isinstance(a, c.Roll) for a in taken) and any(isinstance(a, c.CastVote) for a in taken)
        row = await party.row()
        table = next(m for m in fake.messages(w.table) if "Catharsis: the hunt" in m.text)
        assert "Game over" in table.text and "Morale" in table.text and not table.components
        assert "Corrupted Horse" in (row.result or "")
        report("catharsis", await watch.finish())


async def test_an_answered_question_shrinks_to_the_power_and_the_choice(
    fake_discord: FakeDiscord, tmp_path: Path
) -> None:
    """Leme's Passive asks which die to nudge; once answered, the question is one line in the game's
    words ("✓ Passive: bob: die 2 (3) +1 → 4"), with no controls left on it."""
    fake = fake_discord
    async with running_bot(fake, tmp_path, seed=20261122) as bot:
        party = await open_party(fake, bot, "corrupted-horse", "new-questors")
        state, seat, aimed = await play_until(party, "leme", 40, lambda st, seat, actions: next(
            (a for a in actions if isinstance(a, c.Passive) and needs_aim(st.public.model_dump(), seat, a.model_dump())),
            None,
        ))
        await party.perform(seat, aimed)  # asserts the answered line
        assert party.aims == 1


async def test_hidorian_picks_the_dice_his_store_banks(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    """A Store top takes any dice: the panel asks which, and the answer is what reaches his pools
    (the greedy party and a timeout keep the first unused dice)."""
    fake = fake_discord
    async with running_bot(fake, tmp_path, seed=20261122) as bot:
        party = await open_party(fake, bot, "corrupted-horse", "new-questors")
        state, seat, store = await play_until(party, "hidorian", 60, lambda st, seat, actions: next(
            (a for a in actions if isinstance(a, c.Activate) and needs_aim(st.public.model_dump(), seat, a.model_dump()) == "store"),
            None,
        ))
        free = [i for i, d in enumerate(state.public.heroes[seat].dice) if not d.used]
        chosen = free[-len(store.dice) :]  # the last dice, not the first the button would spend
        assert chosen != store.dice
        await party.perform(seat, store, aim_values=[str(i) for i in chosen])  # asserts the answered line
        hero = RULES.load_state((await party.row()).state).public.heroes[seat]
        assert [i for i in free if hero.dice[i].used] == chosen
        assert sorted(hero.storing) == sorted(state.public.heroes[seat].dice[i].value for i in chosen)
        assert party.aims == 1
