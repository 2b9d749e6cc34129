"""Where an interaction's first answer waited: the lock, a work slot, the load, the save, the
publication, the drawing. For the load benchmark's breakdown (tests/bench/bot_process.py).

The action path marks its steps with `span("save")` and so on. Nothing is recorded unless a
`Waits` collector is installed (`COLLECTOR`, set only by the benchmark's bot) and the running
task belongs to an interaction it traces (`begin`): a span then costs one context lookup.

The collector must not weigh on the memory it helps measure (issue 11: a `Trace` per interaction,
27,000 at 1,000 channels, held about 25 MB). A trace lives only until its first answer; then its
figures go into a row of small numbers (`Rows`, about 50 bytes) and only the slowest few traces
per kind are kept whole, for the report's step-by-step lines.
"""

from __future__ import annotations

import contextlib
import heapq
import itertools
import time
from array import array
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass, field

SLOWEST = 5  # traces kept whole per kind, for the report's "the slowest five"
UNANSWERED_KEPT = 60.0  # seconds a trace waits for its first answer before it is forgotten
OTHER, HANDLER = "other", "to the handler"


@dataclass(slots=True)
class Trace:
    """One interaction: when it arrived, its steps (name, start, end; end None while it runs), its
    first answer and how."""

    label: str
    arrived: float
    spans: list[tuple[str, float, float | None]] = field(default_factory=list)
    answered: float | None = None
    how: str = ""
    handled: float | None = None  # when its handler first ran

    @property
    def kind(self) -> str:
        return self.label.split(" ")[0]

    def before_answer(self) -> dict[str, float]:
        """Seconds in each step before the first answer (overlaps, and steps still running, cut at
        it); "to the handler": before the handler first ran (all of it if the answer came first, as
        the guard's does); "other": the rest (the event loop's turns between steps)."""
        assert self.answered is not None
        took: dict[str, float] = {}
        for name, start, end in self.spans:
            spent = min(self.answered if end is None else end, self.answered) - max(start, self.arrived)
            if spent > 0:
                took[name] = took.get(name, 0.0) + spent
        handled = self.answered if self.handled is None else min(self.handled, self.answered)
        took[HANDLER] = max(0.0, handled - self.arrived)
        took[OTHER] = max(0.0, self.answered - self.arrived - sum(took.values()))
        return took


class Rows:
    """The answered interactions, one row each in typed arrays: kind, label and how as small codes,
    the wait and each step's seconds before the answer as 4-byte floats."""

    def __init__(self) -> None:
        self.names: dict[str, list[str]] = {"kind": [], "label": [], "how": []}  # code -> name
        self._code: dict[str, dict[str, int]] = {column: {} for column in self.names}
        self.codes = {column: array("H") for column in self.names}
        self.wait = array("f")
        self.steps: dict[str, array[float]] = {}

    def __len__(self) -> int:
        return len(self.wait)

    def add(self, trace: Trace) -> None:
        assert trace.answered is not None
        for column, value in (("kind", trace.kind), ("label", trace.label), ("how", trace.how)):
            code = self._code[column].get(value)
            if code is None:
                code = self._code[column][value] = len(self.names[column])
                self.names[column].append(value)
            self.codes[column].append(code)
        took = trace.before_answer()
        for name in took.keys() - self.steps.keys():
            self.steps[name] = array("f", bytes(4 * len(self.wait)))  # zeros for the earlier rows
        for name, column in self.steps.items():
            column.append(took.get(name, 0.0))
        self.wait.append(trace.answered - trace.arrived)

    def value(self, column: str, row: int) -> str:
        return self.names[column][self.codes[column][row]]

    def of_kinds(self, kinds: set[str] | None) -> list[int]:
        wanted = {code for code, name in enumerate(self.names["kind"]) if kinds is None or name in kinds}
        return [row for row, code in enumerate(self.codes["kind"]) if code in wanted]


_TRACE: ContextVar[Trace | None] = ContextVar("interaction_trace", default=None)


class Waits:
    def __init__(self) -> None:
        self.rows = Rows()
        self._unanswered: dict[int, Trace] = {}
        self._sweep_at = 1024  # unanswered traces counted when the next sweep of old ones is due
        self._slowest: dict[str, list[tuple[float, int, Trace]]] = {}  # per kind: a min-heap of SLOWEST
        self._seq = itertools.count()

    def begin(self, interaction_id: int, label: str) -> Trace:
        now = time.monotonic()
        trace = self._unanswered[interaction_id] = Trace(label, now)
        if len(self._unanswered) >= self._sweep_at:  # forget what was never answered (autocomplete, expired)
            for key in [k for k, t in self._unanswered.items() if t.arrived < now - UNANSWERED_KEPT]:
                del self._unanswered[key]
            self._sweep_at = max(1024, 2 * len(self._unanswered))
        return trace

    def answered(self, interaction_id: int, how: str) -> None:
        trace = self._unanswered.pop(interaction_id, None)
        if trace is None:  # not traced, or already answered: the first answer only
            return
        trace.answered, trace.how = time.monotonic(), how
        self.rows.add(trace)
        slowest = self._slowest.setdefault(trace.kind, [])
        entry = (trace.answered - trace.arrived, next(self._seq), trace)
        if len(slowest) < SLOWEST:
            heapq.heappush(slowest, entry)
        elif entry[0] > slowest[0][0]:
            heapq.heapreplace(slowest, entry)

    def slowest(self, kinds: set[str] | None = None) -> list[Trace]:
        """The SLOWEST traces of these kinds (all if None), kept whole, the slowest last."""
        kept = [e for kind, heap in self._slowest.items() if kinds is None or kind in kinds for e in heap]
        return [trace for _, _, trace in sorted(kept)[-SLOWEST:]]

    def report(self, labels: set[str] | None = None, tail: float = 0.01) -> str:
        """Each step's time before the first answer, over all traced interactions (of the kinds in
        `labels`) and over the slowest `tail` of them; how those were answered, and what they were."""
        rows = self.rows
        done = sorted(rows.of_kinds(labels), key=rows.wait.__getitem__)
        if not done:
            return "[bot] action waits: none traced"
        slow = done[int(len(done) * (1 - tail)):]

        def ms(values: Iterable[float], q: float) -> float:
            ordered = sorted(values) or [0.0]
            return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

        def waited(of: list[int]) -> list[float]:
            return [rows.wait[r] for r in of]

        def counts(column: str, of: list[int]) -> str:
            return ", ".join(f"{name} {n}" for name, n in _counts(rows.value(column, r) for r in of))

        lines = [
            f"[bot] action waits: {len(done)} traced, first answer after arriving p50 {ms(waited(done), 0.5):.0f} ms "
            f"p99 {ms(waited(done), 0.99):.0f} ms; the slowest {len(slow)} from {rows.wait[slow[0]] * 1000:.0f} ms: answered by "
            + counts("how", slow) + "; " + counts("label", slow),
        ]
        kinds: dict[str, list[int]] = {}
        for r in done:
            kinds.setdefault(rows.value("kind", r), []).append(r)
        for kind, of in sorted(kinds.items()):
            lines.append(
                f"  {kind}: n={len(of)} p50 {ms(waited(of), 0.5):.0f} ms p99 {ms(waited(of), 0.99):.0f} ms; answered by "
                + counts("how", of)
            )
        lines.append("  step before the first answer: all p50 / p99 (ms), the slowest: mean (ms)")
        for name in [HANDLER, *sorted(rows.steps.keys() - {HANDLER, OTHER}), OTHER]:
            column = rows.steps.get(name, array("f"))
            if name not in (HANDLER, OTHER) and not any(column[r] for r in done):
                continue  # a step only other kinds take
            spent = [column[r] if column else 0.0 for r in done]
            slow_mean = sum(column[r] for r in slow) / len(slow) * 1000 if column else 0.0
            lines.append(f"  {name:>16}: {ms(spent, 0.5):6.1f} / {ms(spent, 0.99):6.1f}   {slow_mean:6.1f}")
        lines.append(f"  the slowest {SLOWEST} (ms after arriving: the handler ran, each step, the first answer):")
        for trace in self.slowest(labels):
            def at(when: float | None, since: float = trace.arrived) -> int | str:
                return "..." if when is None else round((when - since) * 1000)

            steps = " ".join(f"{name} {at(start)}-{at(end)}" for name, start, end in trace.spans)
            handled = at(trace.handled) if trace.handled is not None else "never"
            lines.append(f"    {trace.label}: handler {handled}; {steps or 'no step'}; {trace.how} {at(trace.answered)}")
        return "\n".join(lines)


def _counts(values: Iterable[str]) -> list[tuple[str, int]]:
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
    """A step of the traced interaction's handling (nothing when none is traced). Noted as it
    starts, so a first answer given while it runs counts it up to the answer."""
    trace = _TRACE.get()
    if trace is None:
        yield
        return
    start = time.monotonic()
    at = len(trace.spans)
    trace.spans.append((name, start, None))
    try:
        yield
    finally:
        trace.spans[at] = (name, start, time.monotonic())


def handling() -> None:
    """The traced interaction's handler runs (the benchmark's bot calls this at each entry point)."""
    trace = _TRACE.get()
    if trace is not None and trace.handled is None:
        trace.handled = time.monotonic()


def answered(interaction_id: int, how: str) -> None:
    if COLLECTOR is not None:
        COLLECTOR.answered(interaction_id, how)
