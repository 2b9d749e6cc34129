"""Catharsis for the simulator: co-operative, 1-4 heroes.

Options: the game's own (`--opt difficulty=veterans`, `--opt boss=...`, `--opt random_morale=true`).
Roles are chosen by the policy like any other decision (the roles phase comes first).

greedy (simple; refine it here): take the first free role; roll; use a ready power (top half
before bottom, a plain activation before a flip or a passive), reroll unused dice while rolls
remain and nothing can be used, then end the turn; take the first damage packet offered; vote
at random; recover what it may; never sacrifice powers for a Special card.

sealaithe: greedy, but the first player takes Séalaithe (to measure a role the greedy party's
first-free pick never reaches).
"""

from __future__ import annotations

from typing import Any

from bot.engine.prng import Rng
from bot.games.catharsis.cards import content
from bot.games.catharsis.state import CatharsisState
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best, by_type

ORDER = ("role", "roll", "activate", "flip", "passive", "reroll", "take", "recover", "pass", "done")


def greedy(state: CatharsisState, seat: int, actions: list[Any], rng: Rng) -> Any:
    kind = actions[0].type
    if kind == "role":
        return actions[0]
    if kind == "vote":
        return rng.choice(actions)
    if kind == "take":
        return actions[0]
    rank = by_type(ORDER)
    return best(actions, lambda a: rank(a) + (0.5 if getattr(a, "half", "top") == "top" else 0), rng)


def prefer(role: str) -> Any:
    """Greedy, except that the role is taken whenever it is on offer."""

    def policy(state: CatharsisState, seat: int, actions: list[Any], rng: Rng) -> Any:
        wanted = [a for a in actions if a.type == "role" and a.role == role]
        return wanted[0] if wanted else greedy(state, seat, actions, rng)

    return policy


def report(state: CatharsisState) -> Report:
    pub = state.public
    boss = content().encounters[content().decks[pub.deck].boss].name
    ending = f"defeated {boss}" if pub.winner else "the party fell"
    return Report(turns=pub.round, ending=ending, won=bool(pub.winner))


ADAPTER = Adapter(game="catharsis", coop=True, report=report, policies={"greedy": greedy, "sealaithe": prefer("sealaithe")})
