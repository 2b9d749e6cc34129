"""`python -m bot.sim.grid <game> ...`: one simulator figure per cell of a grid, as a Markdown table.

    python -m bot.sim.grid catharsis --players 1-4 --vary boss=corrupted-horse,godmind \\
        --vary difficulty=new-questors,adventurers,veterans,last-ditch --games 200 --jobs 1

Every combination of hero count and `--vary` values is one cell, played with the same seeds as
`python -m bot.sim` would (game i uses seed S + i). The last `--vary` key is the table's columns;
the hero count and the other keys make its rows. A co-op cell reads "win rate (F of L)": of the L
lost games, F carried the flag named by `--flag` (for Catharsis, "lost on Morale"). `--opt` adds
options every cell shares. `--band` marks a cell outside its column's band with its distance.

`--rows` prints one row per cell instead, with every figure `python -m bot.sim` prints for it: the
win rate (co-op; the first seat's for a competitive game) with its 95% interval, each flag the
game reports, and the length in turns (median, p90). SCP: Apollyon's balance tables are

    python -m bot.sim.grid apollyon --players 1-6 --vary difficulty=standard --games 200 --rows
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Callable, Iterator
from typing import Any

from bot.sim.adapter import parse_opt
from bot.sim.games import GAMES, adapter
from bot.sim.runner import Game, Job, run
from bot.sim.stats import summarise

Cell = tuple[int, tuple[Any, ...]]  # (heroes, the --vary values in order)


def counts(games: list[Game], flag: str | None) -> tuple[int, int, int, int]:
    """(games finished, wins, losses, losses carrying the flag)."""
    done = [g for g in games if g.error is None]
    won = sum(1 for g in done if g.won)
    lost = [g for g in done if not g.won]
    return len(done), won, len(lost), sum(1 for g in lost if flag and g.flags.get(flag))


def played(
    game: str,
    cells: list[Cell],
    vary: list[tuple[str, list[Any]]],
    games: int,
    *,
    policy: str = "greedy",
    opts: dict[str, Any] | None = None,
    seed: int = 1,
    jobs: int = 1,
    progress: Callable[[str], None] | None = None,
) -> Iterator[tuple[Cell, list[Game]]]:
    """Each cell's games, in the order given, with the same seeds as `python -m bot.sim`."""
    for n, values in cells:
        cell_opts = {**(opts or {}), **{k: val for (k, _), val in zip(vary, values, strict=True)}}
        found = run(Job(game, n, policy, cell_opts), games, seed, jobs)
        if progress:
            progress(f"{n} {values}: {counts(found, None)[:2]} (finished, won)")
        yield (n, values), found


def measure(
    game: str,
    players: list[int],
    vary: list[tuple[str, list[Any]]],
    games: int,
    *,
    flag: str | None = None,
    **how: Any,
) -> dict[Cell, tuple[int, int, int, int]]:
    """Every cell's `counts`, hero count first, then the --vary values in the order given."""
    cells = [(n, values) for n in players for values in itertools.product(*(vals for _, vals in vary))]
    return {cell: counts(found, flag) for cell, found in played(game, cells, vary, games, **how)}


def cell_text(c: tuple[int, int, int, int], band: tuple[int, int] | None) -> str:
    done, won, lost, flagged = c
    if not done:
        return "n/a"
    pct = round(100 * won / done)
    text = f"{pct}%" + (f" ({flagged} of {lost})" if lost else "")
    if band and not band[0] <= pct <= band[1]:
        text += f" **{pct - band[1]:+d}**" if pct > band[1] else f" **{pct - band[0]:+d}**"
    return text


def table(
    cells: dict[Cell, tuple[int, int, int, int]],
    vary: list[tuple[str, list[Any]]],
    bands: list[tuple[int, int]] | None = None,
) -> str:
    """The Markdown table: rows are hero counts and the leading --vary values, columns the last."""
    keys = [k for k, _ in vary]
    columns = vary[-1][1]
    lines = [
        "| " + " | ".join(["heroes", *keys[:-1], *map(str, columns)]) + " |",
        "|" + "---|" * (1 + len(keys) - 1 + len(columns)),
    ]
    rows = sorted({(n, values[:-1]) for n, values in cells}, key=lambda r: (r[0], [str(x) for x in r[1]]))
    for n, head in rows:
        row = [str(n), *map(str, head)]
        for i, col in enumerate(columns):
            band = bands[i] if bands else None
            row.append(cell_text(cells[(n, (*head, col))], band))
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines)


def summaries(
    game: str, players: list[int], vary: list[tuple[str, list[Any]]], games: int, **how: Any
) -> list[tuple[Cell, dict[str, Any]]]:
    """Every cell's full `summarise`, in the order --rows prints them: the --vary values (the
    last changing slowest), then the hero count."""
    coop = adapter(game).coop
    combos = [tuple(reversed(v)) for v in itertools.product(*(vals for _, vals in reversed(vary)))]
    cells = [(n, values) for values in combos for n in players]
    return [
        (cell, summarise(found, cell[0], coop)) for cell, found in played(game, cells, vary, games, **how)
    ]


def row_cells(s: dict[str, Any], flags: list[str]) -> list[str]:
    """One --rows line's figures: win (or first seat) with its interval, each flag, turns."""
    w = s["win"] if "win" in s else s["first_seat"]
    cells = [f"{100 * w['rate']:.1f}% [{100 * w['low']:.1f}-{100 * w['high']:.1f}]"]
    cells += [f"{100 * s['flags'][f]['rate']:.1f}%" if f in s["flags"] else "-" for f in flags]
    cells.append(f"{s['turns']['median']}, {s['turns']['p90']}")
    if s["problems"]:
        cells[-1] += f" ({len(s['problems'])} problems)"
    return cells


def rows_table(
    results: list[tuple[Cell, dict[str, Any]]], vary: list[tuple[str, list[Any]]], coop: bool
) -> str:
    """--rows: one Markdown row per cell."""
    flags = sorted({f for _, s in results for f in s["flags"]})
    head = [
        "players",
        *(k for k, _ in vary),
        "win" if coop else "first seat wins",
        *flags,
        "turns (median, p90)",
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for (n, values), s in results:
        lines.append("| " + " | ".join([str(n), *map(str, values), *row_cells(s, flags)]) + " |")
    return "\n".join(lines)


def parse_players(text: str) -> list[int]:
    """`1-4` or `1,3`."""
    if "-" in text:
        lo, hi = text.split("-", 1)
        return list(range(int(lo), int(hi) + 1))
    return [int(x) for x in text.split(",")]


def parse_band(text: str) -> tuple[int, int]:
    lo, hi = text.split("-", 1)
    return int(lo), int(hi)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.sim.grid", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=GAMES)
    parser.add_argument("--players", default="2", help="hero counts: 1-4 or 1,3")
    parser.add_argument(
        "--vary", action="append", default=[], metavar="KEY=A,B,...", help="an option's values"
    )
    parser.add_argument("--games", type=int, default=100, help="games per cell")
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument(
        "--opt", action="append", default=[], metavar="KEY=VALUE", help="an option for every cell"
    )
    parser.add_argument("--flag", default=None, help="count this report flag among the losses")
    parser.add_argument(
        "--band", action="append", default=[], metavar="LO-HI", help="one per column, in order"
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    parser.add_argument("--rows", action="store_true", help="one row per cell with every figure")
    args = parser.parse_args(argv)
    if not args.vary:
        parser.error("give at least one --vary KEY=A,B")
    vary = [
        (k, [parse_opt(f"{k}={x}")[1] for x in str(vals).split(",")]) for k, vals in map(parse_opt, args.vary)
    ]
    if args.band and len(args.band) != len(vary[-1][1]):
        parser.error("give one --band per value of the last --vary key")
    if args.policy not in adapter(args.game).all_policies():
        parser.error(f"{args.game} has no policy {args.policy!r}")
    how = {
        "policy": args.policy,
        "opts": dict(parse_opt(o) for o in args.opt),
        "seed": args.seed,
        "jobs": args.jobs,
        "progress": None if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True)),
    }
    if args.rows:
        found = summaries(args.game, parse_players(args.players), vary, args.games, **how)
        print(rows_table(found, vary, adapter(args.game).coop))
        return 1 if any(s["problems"] for _, s in found) else 0
    cells = measure(args.game, parse_players(args.players), vary, args.games, flag=args.flag, **how)
    print(table(cells, vary, [parse_band(b) for b in args.band] or None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
