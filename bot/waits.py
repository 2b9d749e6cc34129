"""Where an interaction's first answer waited: the lock, a work slot, the load, the save, the
publication, the drawing. For the load benchmark's breakdown (tests/bench/bot_process.py).

The action path marks its steps with `span("save")` and so on. Nothing is recorded unless a
`Waits` collector is installed (`COLLECTOR`, set only by the benchmark's bot) and the running
task belongs to an interaction it traces (`begin`): a span then costs one context lookup.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field


@dataclass
class Trace:
    """One interaction: when it arrived, its steps (name, start, end), its first answer and how."""

    label: str
    arrived: float
    spans: list[tuple[str, float, float]] = field(default_factory=list)
    answered: float | None = None
    how: str = ""
    handled: float | None = None  # when its handler first ran


_TRACE: ContextVar[Trace | None] = ContextVar("interaction_trace", default=None)


class Waits:
    def __init__(self, kept: int = 50_000) -> None:
        self.traces: dict[int, Trace] = {}
        self._order: deque[int] = deque()
        self.kept = kept

    def begin(self, interaction_id: int, label: str) -> Trace:
        trace = self.traces[interaction_id] = Trace(label, time.monotonic())
        self._order.append(interaction_id)
        while len(self._order) > self.kept:
            self.traces.pop(self._order.popleft(), None)
        return trace

    def answered(self, interaction_id: int, how: str) -> None:
        trace = self.traces.get(interaction_id)
        if trace is not None and trace.answered is None:
            trace.answered, trace.how = time.monotonic(), how

    def report(self, labels: set[str] | None = None, tail: float = 0.01) -> str:
        """Each step's time before the first answer, over all traced interactions (of `labels`) and
        over the slowest `tail` of them; how those were answered, and what they were."""
        done = [t for t in self.traces.values() if t.answered is not None and (labels is None or t.label.split(" ")[0] in labels)]
        if not done:
            return "[bot] action waits: none traced"
        done.sort(key=lambda t: t.answered - t.arrived)  # type: ignore[operator]
        slow = done[int(len(done) * (1 - tail)):]

        def ms(values: list[float], q: float) -> float:
            ordered = sorted(values) or [0.0]
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

        def before_answer(trace: Trace) -> dict[str, float]:
            """Seconds in each step before the first answer (overlaps cut at it); "other": the rest
            (the event loop's turns between steps, the wait before the handler ran)."""
            assert trace.answered is not None
            took: dict[str, float] = {}
            for name, start, end in trace.spans:
                spent = min(end, trace.answered) - max(start, trace.arrived)
                if spent > 0:
                    took[name] = took.get(name, 0.0) + spent
            if trace.handled is not None:
                took["to the handler"] = max(0.0, min(trace.handled, trace.answered) - trace.arrived)
            took["other"] = max(0.0, trace.answered - trace.arrived - sum(took.values()))
            return took

        names = ["to the handler", *sorted({n for t in done for n, _, _ in t.spans}), "other"]
        every = [before_answer(t) for t in done]
        tails = [before_answer(t) for t in slow]
        lines = [
            f"[bot] action waits: {len(done)} traced, first answer after arriving p50 {ms([t.answered - t.arrived for t in done], 0.5):.0f} ms "  # type: ignore[operator]
            f"p99 {ms([t.answered - t.arrived for t in done], 0.99):.0f} ms; the slowest {len(slow)} from "  # type: ignore[operator]
            f"{(slow[0].answered - slow[0].arrived) * 1000:.0f} ms: answered by "  # type: ignore[operator]
            + ", ".join(f"{how} {n}" for how, n in _counts(t.how for t in slow))
            + "; " + ", ".join(f"{label} {n}" for label, n in _counts(t.label for t in slow)),
        ]
        kinds: dict[str, list[Trace]] = {}
        for trace in done:
            kinds.setdefault(trace.label.split(" ")[0], []).append(trace)
        for kind, traces in sorted(kinds.items()):
            lines.append(
                f"  {kind}: n={len(traces)} p50 {ms([t.answered - t.arrived for t in traces], 0.5):.0f} ms "  # type: ignore[operator]
                f"p99 {ms([t.answered - t.arrived for t in traces], 0.99):.0f} ms; answered by "  # type: ignore[operator]
                + ", ".join(f"{how} {n}" for how, n in _counts(t.how for t in traces))
            )
        lines.append("  step before the first answer: all p50 / p99 (ms), the slowest: mean (ms)")
        for name in names:
            spent = [w.get(name, 0.0) for w in every]
            slow_mean = sum(w.get(name, 0.0) for w in tails) / len(tails) * 1000
            lines.append(f"  {name:>16}: {ms(spent, 0.5):6.1f} / {ms(spent, 0.99):6.1f}   {slow_mean:6.1f}")
        lines.append("  the slowest five (ms after arriving: the handler ran, each step, the first answer):")
        for trace in slow[-5:]:
            def at(when: float, since: float = trace.arrived) -> int:
                return round((when - since) * 1000)

            steps = " ".join(f"{name} {at(start)}-{at(end)}" for name, start, end in trace.spans)
            handled = at(trace.handled) if trace.handled is not None else "never"
            lines.append(f"    {trace.label}: handler {handled}; {steps or 'no step'}; {trace.how} {at(trace.answered)}")  # type: ignore[arg-type]
        return "\n".join(lines)


def _counts(values: Iterator[str] | list[str]) -> list[tuple[str, int]]:
    found: dict[str, int] = {}
    for value in values:
        found[value] = found.get(value, 0) + 1
    return sorted(found.items(), key=lambda kv: -kv[1])


COLLECTOR: Waits | None = None


@contextlib.contextmanager
def traced(interaction_id: int, label: str) -> Iterator[None]:
    """Around the gateway's parsing of an interaction: the tasks it starts trace it."""
    if COLLECTOR is None:
        yield
        return
    token = _TRACE.set(COLLECTOR.begin(interaction_id, label))
    try:
        yield
    finally:
        _TRACE.reset(token)


@contextlib.contextmanager
def span(name: str) -> Iterator[None]:
    """A step of the traced interaction's handling (nothing when none is traced)."""
    trace = _TRACE.get()
    if trace is None:
        yield
        return
    start = time.monotonic()
    try:
        yield
    finally:
        trace.spans.append((name, start, time.monotonic()))


def handling() -> None:
    """The traced interaction's handler runs (the benchmark's bot calls this at each entry point)."""
    trace = _TRACE.get()
    if trace is not None and trace.handled is None:
        trace.handled = time.monotonic()


def answered(interaction_id: int, how: str) -> None:
    if COLLECTOR is not None:
        COLLECTOR.answered(interaction_id, how)
