"""Catharsis for the simulator: co-operative, 1-4 heroes.

Options: the game's own (`--opt difficulty=veterans`, `--opt boss=...`, `--opt random_morale=true`).
Roles are chosen by the policy like any other decision (the roles phase comes first).

greedy (simple; refine it here): take the first free role of the baseline party (Hidorian, Jaden,
Leme, Maladaum, then any), so that roles added later do not change what greedy measures; roll; use a ready power (top half
before bottom, a plain activation before a flip or a passive), reroll unused dice while rolls
remain and nothing can be used, then end the turn; serve a ready dish before anything else, and
(Artrial) set a power aside before using one while fewer than two are baking and the board holds
more than three; take the first damage packet offered; vote
at random; recover what it may; never sacrifice powers for a Special card.

<role id> (sealaithe, dimirith, aiden, fizzleboom, artrial): greedy, but the first player takes that role (to measure a
role the greedy party's pick never reaches).
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from bot.engine.prng import Rng
from bot.games.catharsis.cards import content
from bot.games.catharsis.state import CatharsisState
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best, by_type

BASELINE = ("hidorian", "jaden", "leme", "maladaum")
ORDER = (
    "role", "roll", "serve", "activate", "flip", "passive", "aside", "reroll", "take", "recover", "pass", "done"
)


def greedy(state: CatharsisState, seat: int, actions: list[Any], rng: Rng) -> Any:
    kind = actions[0].type
    if kind == "role":
        return min(actions, key=lambda a: BASELINE.index(a.role) if a.role in BASELINE else len(BASELINE))
    if kind == "vote":
        return rng.choice(actions)
    if kind == "take":
        return actions[0]
    rank = by_type(ORDER)
    hero = state.public.heroes[seat]

    def score(a: Any) -> float:
        if a.type == "aside" and len(hero.aside) < 2 and len(hero.board) > 3:
            return rank(SimpleNamespace(type="activate")) + 0.75  # Artrial keeps two dishes baking
        return rank(a) + (0.5 if getattr(a, "half", "top") == "top" else 0)

    return best(actions, score, rng)


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


ADAPTER = Adapter(
    game="catharsis",
    coop=True,
    report=report,
    policies={"greedy": greedy, **{role: prefer(role) for role in ("sealaithe", "dimirith", "aiden", "fizzleboom", "artrial")}},
)
