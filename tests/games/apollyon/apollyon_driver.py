"""Drivers for SCP: Apollyon tests: a purposeful policy, a random one, and the invariant checks."""

from __future__ import annotations

from typing import Any

from bot.engine.events import Audience
from bot.engine.prng import Rng
from bot.games.apollyon import RULES
from bot.games.apollyon import commands as c
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.state import ApollyonState, Phase

PREFER = {
    Phase.GROWTH: ("build_pile", "claim", "promote", "study", "transfer", "ready"),
    Phase.ASSIGN: ("assign", "mission", "ready"),
    Phase.RETURN: ("deliver", "ready"),
    Phase.SITE: ("contain", "trial", "overcontain", "ready"),
}


def purposeful(state: ApollyonState, seat: int, actions: list[Any], rng: Rng) -> Any:
    """A director who mostly does the sensible thing, with some randomness."""
    phase = state.public.phase
    if phase not in PREFER or rng.randbelow(12) == 0:
        return rng.choice(actions)
    site = state.public.sites[seat]
    for kind in PREFER[phase]:
        options = [a for a in actions if a.type == kind]
        if kind == "assign":
            options = [
                a for a in options if a.to == "mtf1" or a.to == "mtf2" and len(site.mtfs[0].members) >= 3
            ]
        if kind == "mission":
            busy = {a.mtf for a in options if site.mtfs[a.mtf - 1].mission is not None}
            options = [a for a in options if a.mtf not in busy]
        if kind == "build_pile":
            options = sorted(options, key=lambda a: -(a.assets + 3 * a.characters))[:3]
        if kind == "transfer" or kind == "promote" and rng.randbelow(2):
            continue
        if kind == "trial":
            options = [a for a in options if _study(state, a.anomaly) >= 2]
        if kind == "overcontain" and rng.randbelow(4):
            continue
        if options:
            return rng.choice(options)
    return rng.choice(actions)


def _study(state: ApollyonState, uid: int) -> int:
    for site in state.public.sites:
        for a in site.contained():
            if a.uid == uid:
                return a.study
    return 0


def chaotic(state: ApollyonState, seat: int, actions: list[Any], rng: Rng) -> Any:
    return rng.choice(actions)


def where_characters(state: ApollyonState) -> list[int]:
    uids: list[int] = []
    for seat, hand in state.players.items():
        uids += [ch.uid for ch in hand.characters]
        site = state.public.sites[seat]
        uids += [ch.uid for m in site.mtfs for ch in m.members]
        uids += [ch.uid for ch in site.vacation + site.lost]
    return uids


def check_invariants(state: ApollyonState) -> None:
    pub = state.public
    assert 0 <= pub.masquerade <= pub.masquerade_start
    if pub.veil_lifted:
        assert pub.masquerade <= 10 or pub.outcome
    uids = where_characters(state)
    assert len(uids) == len(set(uids)), "a character is in two places"
    space = 0
    for site in pub.sites:
        for part in (site.pool, site.spent):
            assert all(v >= 0 for v in part.values())
        space += site.pool["space"] + site.spent["space"]
        for a in site.contained():
            assert all(v >= 0 for v in a.tokens.values())
            assert a.study >= 0 and a.minions >= 0 and a.counters >= 0
            space += a.tokens["space"]
        assert site.garrison == len(state.players[site.seat].characters)
        for row in site.rows:
            assert len(row) <= 3
        assert len(site.rows) >= 2
        assert len(site.temporary) <= 3
        for m in site.mtfs:
            for ch in m.members:
                assert ch.wounds < ch.info.health
    # Space is never destroyed: what exists is what was gained less what Promote traded away.
    assert space == pub.space_gained - pub.space_traded
    for a in pub.public_zone:
        assert sum(a.tokens.values()) == 0
    for s in pub.situations:
        assert s.tokens >= 0
    assert len(pub.situations) <= pub.slots


def hidden_names(state: ApollyonState) -> set[str]:
    """Card names nobody at the table should see in public: hands and the face-down Apollyon."""
    cat = catalogue()
    names = {ch.info.name for hand in state.players.values() for ch in hand.characters}
    if state.secret.apollyon:
        names.add(cat.anomalies[state.secret.apollyon].name)
    return names


def check_public(before: ApollyonState, after: ApollyonState, events: list[Any]) -> None:
    secret = hidden_names(before) & hidden_names(after)
    public = after.public.model_dump_json()
    text = " ".join(e.text for e in events if e.audience is Audience.PUBLIC)
    for name in secret:
        assert name not in public, f"{name} leaked into the public state"
        assert name not in text, f"{name} leaked into a public event"


def play(
    players: int,
    seed: int,
    policy=purposeful,
    options: dict | None = None,
    limit: int = 20000,
    check: bool = False,
) -> ApollyonState:
    state = RULES.setup(RULES.parse_options(options or {}), players, seed, {}).state
    rng = Rng.from_seed(seed + 1000 * players)
    for _ in range(limit):
        if RULES.result(state) is not None:
            return state
        seat = RULES.waiting_for(state)[0]
        actions = RULES.legal_actions(state, seat)
        assert actions, f"seat {seat} has nothing to do in {state.public.phase}"
        out = RULES.apply(state, seat, policy(state, seat, actions, rng))
        if check:
            check_invariants(out.state)
            check_public(state, out.state, out.events)
        state = out.state
    raise AssertionError("the game did not end")


def ready() -> c.Ready:
    return c.Ready()
