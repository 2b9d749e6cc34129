"""`python -m bot.sim <game> ...`: see bot/sim/__init__.py and docs/balance.md."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict

from bot.engine.errors import GameError
from bot.games import get_rules
from bot.sim.adapter import parse_opt
from bot.sim.games import GAMES, adapter
from bot.sim.runner import Job, check, run
from bot.sim.stats import render, summarise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.sim", description="Play seeded games on a pure engine."
    )
    parser.add_argument("game", choices=GAMES)
    parser.add_argument(
        "--players", type=int, default=None, help="seats (default: the game's minimum, 2 at least)"
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--policy", default="greedy")
    parser.add_argument("--seed", type=int, default=1, help="game i uses seed S + i")
    parser.add_argument("--jobs", type=int, default=0, help="worker processes (0: one per core)")
    parser.add_argument("--json", metavar="FILE", help="write the summary and every game to FILE")
    parser.add_argument("--opt", action="append", default=[], metavar="KEY=VALUE", help="a game option")
    args = parser.parse_args(argv)

    ad = adapter(args.game)
    rules = get_rules(args.game)
    policies = ad.all_policies()
    if args.policy not in policies:
        parser.error(f"{args.game} has no policy {args.policy!r}; it has {', '.join(policies)}")
    try:
        opts = dict(parse_opt(o) for o in args.opt)
    except ValueError as exc:
        parser.error(str(exc))
    try:
        most = rules.most_players(rules.parse_options(opts))
    except GameError as exc:
        parser.error(exc.message)
    players = args.players or max(rules.min_players, min(2, most))
    if not rules.min_players <= players <= most:
        parser.error(f"{rules.title} seats {rules.min_players}-{most} players with these options")
    job = Job(args.game, players, args.policy, opts)
    problem = check(job, args.seed)
    if problem:  # one plain line, not the same exception for every seed
        print(f"{parser.prog}: {problem}", file=sys.stderr)
        return 2
    games = run(job, args.games, args.seed, args.jobs)
    summary = summarise(games, players, ad.coop)
    shown = " ".join(f"--opt {k}={json.dumps(v) if not isinstance(v, str) else v}" for k, v in opts.items())
    title = (
        f"{rules.title}: {players} players, policy {args.policy}, seeds {args.seed}-{args.seed + args.games - 1}"
        + (f" {shown}" if shown else "")
    )
    print(render(summary, title))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as fh:
            json.dump(
                {
                    "job": asdict(job),
                    "seed": args.seed,
                    "summary": summary,
                    "games": [asdict(g) for g in games],
                },
                fh,
                indent=1,
            )
    return 1 if summary["problems"] else 0


if __name__ == "__main__":
    sys.exit(main())
