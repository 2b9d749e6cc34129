"""The effect queue and the questions it puts to players.

A played card's effect blocks become tasks in `secret.tasks`. Tasks run in
order until one needs a player's answer: it then stores a Decision and the
queue waits. The answer's handler does its part (and may queue more tasks),
then the queue carries on. Everything lives in the state, so a game can be
saved and reloaded mid-effect.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.engine.effects import EffectBook
from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.haunted.state import Decision, Prompt, Table, Task


@dataclass
class Ctx:
    """The play an effect block belongs to: who played which card on whose line."""

    t: Table
    caster: int
    target: int
    line: int
    card: str

    def push(self, effects: Iterable[Mapping[str, Any]]) -> None:
        """Queue blocks to run next, before anything already queued."""
        tasks = [
            Task(
                op=e["op"],
                params={k: v for k, v in e.items() if k != "op"},
                caster=self.caster,
                target=self.target,
                line=self.line,
                card=self.card,
            )
            for e in effects
        ]
        self.t.sec.tasks[0:0] = tasks

    def as_data(self) -> dict[str, Any]:
        return {"caster": self.caster, "target": self.target, "line": self.line, "card": self.card}


BOOK: EffectBook[Ctx] = EffectBook("haunted")

Answer = Callable[[Ctx, Decision, str], None]
ANSWERS: dict[str, Answer] = {}


def answer(kind: str) -> Callable[[Answer], Answer]:
    def register(handler: Answer) -> Answer:
        ANSWERS[kind] = handler
        return handler

    return register


def ask(
    ctx: Ctx,
    seat: int,
    kind: str,
    text: str,
    options: list[str],
    *,
    public: str,
    labels: dict[str, str] | None = None,
    default: str | None = None,
    data: dict[str, Any] | None = None,
    forced: bool = True,
) -> None:
    """Put a question to `seat`. A forced question with a single option answers itself."""
    decision = Decision(
        seat=seat,
        kind=kind,
        text=text,
        options=options,
        labels=labels or {},
        default=default if default is not None else options[0],
        data={**(data or {}), "ctx": ctx.as_data()},
    )
    if forced and len(options) == 1:
        ANSWERS[kind](ctx, decision, options[0])
        return
    ctx.t.sec.decision = decision
    ctx.t.state.players[seat].prompt = Prompt(**decision.model_dump(exclude={"data"}))
    ctx.t.say("ask", f"{seat_ref(seat)} {public}", seat=seat, decision=kind)


def run_tasks(t: Table) -> None:
    """Carry out queued blocks until the queue is empty, a question is open or the game is over."""
    while t.sec.tasks and t.sec.decision is None:
        task = t.sec.tasks.pop(0)
        ctx = Ctx(t, task.caster, task.target, task.line, task.card)
        BOOK.run(ctx, [{"op": task.op, **task.params}])
    if not t.sec.tasks and t.sec.decision is None and t.pub.resolving:
        t.discard(*t.pub.resolving)
        t.pub.resolving = []


def choose(t: Table, actor: int, option: str) -> None:
    decision = t.sec.decision
    if decision is None:
        raise GameError("There is nothing for you to choose right now.")
    if actor != decision.seat:
        raise GameError(f"The game is waiting for {seat_ref(decision.seat)} to choose, not you.")
    if option not in decision.options:
        labels = ", ".join(decision.labels.get(o, o) for o in decision.options)
        raise GameError(f"That is not one of your choices; pick one of: {labels}.")
    t.sec.decision = None
    t.state.players[actor].prompt = None
    c = decision.data["ctx"]
    ctx = Ctx(t, c["caster"], c["target"], c["line"], c["card"])
    ANSWERS[decision.kind](ctx, decision, option)
    run_tasks(t)


def card_labels(cards: list[str], prefix: str = "") -> dict[str, str]:
    from bot.games.haunted.cards import catalogue

    cat = catalogue()
    return {prefix + c: cat.name(c) for c in cards}


def seat_labels(seats: list[int]) -> dict[str, str]:
    return {f"seat:{s}": seat_ref(s) for s in seats}


def line_labels(seat: int, lines: list[int]) -> dict[str, str]:
    return {f"line:{i}": f"line {i + 1}" for i in lines}


def unique(cards: list[str]) -> list[str]:
    return list(dict.fromkeys(cards))
