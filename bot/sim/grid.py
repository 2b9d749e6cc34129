"""`python -m bot.sim.grid <game> ...`: one simulator figure per cell of a grid, as a Markdown table.

    python -m bot.sim.grid catharsis --players 1-4 --vary boss=corrupted-horse,godmind \\
        --vary difficulty=new-questors,adventurers,veterans,last-ditch --games 200 --jobs 1

Every combination of hero count and `--vary` values is one cell, played with the same seeds as
`python -m bot.sim` would (game i uses seed S + i). The last `--vary` key is the table's columns;
the hero count and the other keys make its rows. A co-op cell reads "win rate (F of L)": of the L
lost games, F carried the flag named by `--flag` (for Catharsis, "lost on Morale"). `--opt` adds
options every cell shares. `--band` marks a cell outside its column's band with its distance.
"""

from __future__ import annotations

import argparse
import itertools
import sys
from collections.abc import Callable
from typing import Any

from bot.sim.adapter import parse_opt
from bot.sim.games import GAMES, adapter
from bot.sim.runner import Game, Job, run

Cell = tuple[int, tuple[Any, ...]]  # (heroes, the --vary values in order)


def counts(games: list[Game], flag: str | None) -> tuple[int, int, int, int]:
    """(games finished, wins, losses, losses carrying the flag)."""
    done = [g for g in games if g.error is None]
    won = sum(1 for g in done if g.won)
    lost = [g for g in done if not g.won]
    return len(done), won, len(lost), sum(1 for g in lost if flag and g.flags.get(flag))


def measure(
    game: str,
    players: list[int],
    vary: list[tuple[str, list[Any]]],
    games: int,
    *,
    policy: str = "greedy",
    opts: dict[str, Any] | None = None,
    seed: int = 1,
    jobs: int = 1,
    flag: str | None = None,
    progress: Callable[[str], None] | None = None,
) -> dict[Cell, tuple[int, int, int, int]]:
    """Every cell's `counts`, hero count first, then the --vary values in the order given."""
    out: dict[Cell, tuple[int, int, int, int]] = {}
    for n in players:
        for values in itertools.product(*(vals for _, vals in vary)):
            cell_opts = {**(opts or {}), **{k: val for (k, _), val in zip(vary, values, strict=True)}}
            out[(n, values)] = counts(run(Job(game, n, policy, cell_opts), games, seed, jobs), flag)
            if progress:
                progress(f"{n} {values}: {out[(n, values)]}")
    return out


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
    parser.add_argument("--vary", action="append", default=[], metavar="KEY=A,B,...", help="an option's values")
    parser.add_argument("--games", type=int, default=100, help="games per cell")
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE", help="an option for every cell")
    parser.add_argument("--flag", default=None, help="count this report flag among the losses")
    parser.add_argument("--band", action="append", default=[], metavar="LO-HI", help="one per column, in order")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    if not args.vary:
        parser.error("give at least one --vary KEY=A,B")
    vary = [(k, [parse_opt(f"{k}={x}")[1] for x in str(vals).split(",")]) for k, vals in map(parse_opt, args.vary)]
    if args.band and len(args.band) != len(vary[-1][1]):
        parser.error("give one --band per value of the last --vary key")
    if args.policy not in adapter(args.game).all_policies():
        parser.error(f"{args.game} has no policy {args.policy!r}")
    cells = measure(
        args.game,
        parse_players(args.players),
        vary,
        args.games,
        policy=args.policy,
        opts=dict(parse_opt(o) for o in args.opt),
        seed=args.seed,
        jobs=args.jobs,
        flag=args.flag,
        progress=None if args.quiet else (lambda line: print(line, file=sys.stderr, flush=True)),
    )
    print(table(cells, vary, [parse_band(b) for b in args.band] or None))
    return 0


if __name__ == "__main__":
    sys.exit(main())
