"""`legal_actions` offers exactly what `apply` accepts, in random co-op games of every mission for
1-6 saints: every offered command is accepted, and every command of a broad sample that `apply`
accepts is offered (with the same card and power, nexus, option or saint; the free details of a
command, such as which card pays, may differ)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import Phase, given
from hypothesis import strategies as st

from bot.engine.errors import GameError
from bot.games.apocrypha import commands as c
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.rules import Apocrypha, Options
from bot.games.apocrypha.state import ApocryphaState
from bot.games.apocrypha.table import Table
from tests.games.machine_settings import machine_settings

BOOK = load_book()
RULES = Apocrypha(book=BOOK)
MISSIONS = sorted(k for k, m in BOOK.missions.items() if m.mode == "coop")
VIRTUES = ("body", "mind", "rage", "soul")


def signature(cmd: Any, end_step: bool = False) -> tuple:
    """What must match between an accepted command and an offered one."""
    if isinstance(cmd, c.Play):
        return ("play", cmd.card, cmd.power)
    if isinstance(cmd, c.Give):
        return ("give", cmd.to)
    if isinstance(cmd, c.Guard):
        return ("guard", cmd.nexus)
    if isinstance(cmd, c.Answer):
        return ("answer", cmd.option)
    if isinstance(cmd, c.Reroll):
        return ("reroll", cmd.assist)
    if isinstance(cmd, (c.Seal, c.EndTurn, c.ResetHand)):
        return (cmd.type,)
    if isinstance(cmd, c.Next) and end_step:
        return ("end_turn",)  # `next` in the End step ends the turn, as `endturn` does
    return tuple(sorted(cmd.model_dump().items()))


def sample(state: ApocryphaState, seat: int, rng: random.Random) -> list[Any]:
    """A broad sample of commands a saint could send now, legal or not."""
    t = Table(state, BOOK)
    pub = state.public
    hand = list(state.players[seat].hand)
    first = hand[:1] or [None]
    out: list[Any] = [c.Next(), c.EndTurn(), c.Roll(), c.Keep(), c.ResetHand(), c.Investigate()]
    out += [c.Attempt(virtue=v) for v in VIRTUES] + [c.AssistCheck(virtue=v) for v in VIRTUES]
    out += [c.Answer(option=i) for i in range(7)]
    out += [c.Investigate(omen=u) for u in hand if t.is_omen(u)]
    out += [c.Move(nexus=k) for k in pub.nexuses]
    out += [c.Give(card=u, to=o) for u in first if u for o in pub.saints]
    out += [c.Seal()] + [c.Seal(virtue=v, card=u) for v in (None, *VIRTUES) for u in first]
    out += [c.Guard(nexus=k, virtue=v, card=u) for k in pub.nexuses for v in (None, *VIRTUES) for u in first]
    sources = [("saint", t.saint(seat))] + [(u, t.card(u)) for u in [*hand, *t.view(seat).halo.values()]]
    seats = list(pub.saints)
    for uid, card in sources:
        for i, _power in enumerate(card.powers):
            for _ in range(3):
                out.append(
                    c.Play(
                        card=uid,
                        power=i,
                        target=rng.choice([None, *seats]),
                        option=rng.choice([None, 0, 1, 2, 3]),
                        amount=rng.choice([None, 1, 2, 3]),
                        cards=rng.choice([[], hand, *([u] for u in hand)]),
                        dice=rng.choice([[], [0], [0, 1], [1, 2]]),
                    )
                )
    return out


def accepted(state: ApocryphaState, seat: int, cmd: Any) -> bool:
    try:
        RULES.apply(state, seat, cmd)
    except GameError:
        return False
    return True


def play_and_compare(seed: int, saints: int, mission: str, steps: int, every: int) -> None:
    """Play a random game; after each step check that every offered command is accepted, and every
    `every` steps that each saint is offered what a broad sample shows `apply` accepts."""
    rng = random.Random(seed)
    state = RULES.setup(Options(mode="coop", mission=mission), saints, seed, {}).state
    for step in range(steps):
        if RULES.result(state) is not None or state.public.step == "over":
            break
        seat = RULES.waiting_for(state)[0]
        offered = RULES.legal_actions(state, seat)
        assert offered, f"seat {seat} is waited on with nothing to do"
        for cmd in offered:
            assert accepted(state, seat, cmd), f"offered but refused at step {step}: {cmd!r}"
        if step % every == 0:
            end = state.public.step == "end"
            for other in state.public.saints:
                shown = {signature(a, end) for a in RULES.legal_actions(state, other)}
                for cmd in sample(state, other, rng):
                    if accepted(state, other, cmd):
                        assert signature(cmd, end) in shown, f"accepted but not offered to {other}: {cmd!r}"
        state = RULES.apply(state, seat, rng.choice(offered)).state


@machine_settings(max_examples=4, phases=[Phase.generate])
@given(seed=st.integers(0, 2**32), saints=st.integers(1, 6), mission=st.sampled_from(MISSIONS))
def test_legal_actions_are_exactly_what_apply_accepts(seed: int, saints: int, mission: str) -> None:
    play_and_compare(seed, saints, mission, steps=60, every=6)
