"""Summaries of simulated games: rates with a 95% interval, medians and 90th percentiles."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

from bot.sim.runner import Game

Z95 = 1.959964


def wilson(hits: int, n: int) -> tuple[float, float, float]:
    """The rate and its 95% Wilson score interval (sound near 0% and 100%, unlike the normal one)."""
    if n == 0:
        return 0.0, 0.0, 0.0
    p = hits / n
    centre = (p + Z95 * Z95 / (2 * n)) / (1 + Z95 * Z95 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95 * Z95 / (4 * n * n)) / (1 + Z95 * Z95 / n)
    return p, max(0.0, centre - half), min(1.0, centre + half)


def quantile(values: list[int], q: float) -> float:
    """Nearest-rank quantile (q in [0, 1]); 0 for no values."""
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]


def rate(hits: int, n: int) -> dict[str, Any]:
    p, low, high = wilson(hits, n)
    return {"hits": hits, "n": n, "rate": round(p, 4), "low": round(low, 4), "high": round(high, 4)}


def summarise(games: list[Game], players: int, coop: bool) -> dict[str, Any]:
    done = [g for g in games if g.error is None]
    out: dict[str, Any] = {
        "games": len(games),
        "finished": len(done),
        "turns": {
            "median": quantile([g.turns for g in done], 0.5),
            "p90": quantile([g.turns for g in done], 0.9),
        },
        "decisions": {
            "median": quantile([g.decisions for g in done], 0.5),
            "p90": quantile([g.decisions for g in done], 0.9),
        },
        "endings": dict(Counter(g.ending for g in done).most_common()),
        "problems": [{"seed": g.seed, "error": g.error} for g in games if g.error is not None],
        "refused": [
            {"seed": g.seed, "refused": g.refused[0], "count": len(g.refused)} for g in games if g.refused
        ],
    }
    flags = sorted({k for g in done for k in g.flags})
    out["flags"] = {k: rate(sum(1 for g in done if g.flags.get(k)), len(done)) for k in flags}
    if coop:
        out["win"] = rate(sum(1 for g in done if g.won), len(done))
        return out
    out["seat"] = {s: rate(sum(1 for g in done if s in g.winners), len(done)) for s in range(players)}
    out["first_seat"] = rate(sum(1 for g in done if g.first in g.winners), len(done))
    out["nobody"] = rate(sum(1 for g in done if not g.winners), len(done))
    labelled = [g for g in done if g.labels]
    if labelled:
        out["label"] = _by_label(labelled)
        if players == 2:
            out["pair"] = _pairs(labelled)
    return out


def _by_label(games: list[Game]) -> dict[str, Any]:
    """Each label's win rate over the seats it played in games against a different label."""
    wins: Counter[str] = Counter()
    seats: Counter[str] = Counter()
    for g in games:
        for s, label in enumerate(g.labels):
            if all(other == label for other in g.labels):
                continue  # a mirror match says nothing about the label
            seats[label] += 1
            wins[label] += s in g.winners
    return {label: rate(wins[label], seats[label]) for label in sorted(seats)}


def _pairs(games: list[Game]) -> dict[str, Any]:
    """Two players: 'A vs B' -> A's win rate over every A-B game, whichever seat went first."""
    wins: Counter[tuple[str, str]] = Counter()
    count: Counter[tuple[str, str]] = Counter()
    for g in games:
        a, b = g.labels
        if a == b:
            continue
        key = (a, b) if a < b else (b, a)
        count[key] += 1
        winner = g.labels[g.winners[0]] if len(g.winners) == 1 else None
        wins[key] += winner == key[0]
    return {f"{a} vs {b}": rate(wins[(a, b)], count[(a, b)]) for a, b in sorted(count)}


def grid(summary: dict[str, Any]) -> str:
    """Two players: every pair as a Markdown table, the row deck's win rate against each column deck
    (whichever seat it sat in) and over all its non-mirror games; "" when there are no pairs."""
    pairs = summary.get("pair") or {}
    if not pairs:
        return ""
    cells: dict[tuple[str, str], str] = {}
    for key, r in pairs.items():
        a, b = key.split(" vs ", 1)
        cells[(a, b)] = f"{100 * r['rate']:.1f}% of {r['n']}"
        cells[(b, a)] = f"{100 * (1 - r['rate']):.1f}% of {r['n']}" if r["n"] else "-"
    names = sorted(summary["label"])
    lines = ["| deck | " + " | ".join(names) + " | overall |", "|---" * (len(names) + 2) + "|"]
    for row in names:
        overall = summary["label"][row]
        lines.append(
            f"| {row} | "
            + " | ".join(cells.get((row, col), "-") for col in names)
            + f" | {100 * overall['rate']:.1f}% of {overall['n']} |"
        )
    return "\n".join(lines)


def _pct(r: dict[str, Any]) -> str:
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}-{100 * r['high']:.1f}] of {r['n']}"


def render(summary: dict[str, Any], title: str) -> str:
    """The plain-text table the command prints."""
    s = summary
    lines = [title, f"games: {s['games']} ({s['finished']} finished)"]
    if "win" in s:
        lines.append(f"win rate: {_pct(s['win'])}")
    else:
        for seat, r in s["seat"].items():
            lines.append(f"seat {int(seat) + 1} wins: {_pct(r)}")
        lines.append(f"first player wins: {_pct(s['first_seat'])}")
        if s["nobody"]["hits"]:
            lines.append(f"nobody wins: {_pct(s['nobody'])}")
        for label, r in s.get("label", {}).items():
            lines.append(f"{label} wins (non-mirror seats): {_pct(r)}")
        for pair, r in s.get("pair", {}).items():
            lines.append(f"{pair}: first named wins {_pct(r)}")
        table = grid(s)
        if table:
            lines += ["each deck's wins against each other deck (row against column):", table]
    for flag, r in s["flags"].items():
        lines.append(f"{flag}: {_pct(r)}")
    t, d = s["turns"], s["decisions"]
    lines.append(f"turns: median {t['median']}, p90 {t['p90']}")
    lines.append(f"decisions: median {d['median']}, p90 {d['p90']}")
    endings = ", ".join(f"{k} {v}" for k, v in s["endings"].items()) or "none"
    lines.append(f"endings: {endings}")
    if s["problems"]:
        lines.append(f"problems: {len(s['problems'])}")
        lines += [f"  seed {p['seed']}: {p['error']}" for p in s["problems"][:20]]
    else:
        lines.append("problems: none")
    if s["refused"]:
        lines.append(f"games where the engine refused a legal action: {len(s['refused'])}")
        lines += [f"  seed {r['seed']} ({r['count']}x), first: {r['refused']}" for r in s["refused"][:20]]
    return "\n".join(lines)
