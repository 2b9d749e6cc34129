"""The grid command: one simulator figure per cell, printed as a Markdown table."""

from __future__ import annotations

from bot.sim.grid import cell_text, main, measure, parse_players, table
from bot.sim.runner import Job, run


def test_a_cell_counts_the_same_games_as_the_simulator() -> None:
    vary = [("difficulty", ["new-questors", "last-ditch"])]
    cells = measure("catharsis", [1], vary, 3, flag="lost on Morale")
    for level in ("new-questors", "last-ditch"):
        games = run(Job("catharsis", 1, "greedy", {"difficulty": level}), 3, 1, 1)
        done, won, lost, flagged = cells[(1, (level,))]
        assert done == 3 and won == sum(1 for g in games if g.won) and won + lost == 3
        assert flagged == sum(1 for g in games if not g.won and g.flags["lost on Morale"])


def test_cells_read_as_win_rate_flagged_losses_and_distance_from_the_band() -> None:
    assert cell_text((10, 9, 1, 0), (85, 95)) == "90% (0 of 1)"
    assert cell_text((10, 10, 0, 0), (85, 95)) == "100% **+5**"
    assert cell_text((20, 3, 17, 5), (20, 40)) == "15% (5 of 17) **-5**"
    assert cell_text((0, 0, 0, 0), None) == "n/a"
    assert parse_players("1-3") == [1, 2, 3] and parse_players("2,4") == [2, 4]


def test_the_table_puts_the_last_key_in_columns() -> None:
    vary = [("boss", ["godmind", "kings-guard"]), ("difficulty", ["veterans", "last-ditch"])]
    cells = {(n, (b, d)): (4, 2, 2, 1) for n in (2, 3) for b, _ in [("godmind", 0), ("kings-guard", 0)] for d in vary[1][1]}
    lines = table(cells, vary).splitlines()
    assert lines[0] == "| heroes | boss | veterans | last-ditch |"
    assert lines[2] == "| 2 | godmind | 50% (1 of 2) | 50% (1 of 2) |"
    assert len(lines) == 2 + 4 and lines[-1].startswith("| 3 | kings-guard |")


def test_command_prints_the_whole_grid(capsys) -> None:
    assert main(["catharsis", "--players", "1", "--vary", "boss=godmind", "--vary",
                 "difficulty=veterans", "--games", "2", "--flag", "lost on Morale", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "| heroes | boss | veterans |" and out[2].startswith("| 1 | godmind | ")


def test_rows_print_every_figure_of_each_cell_as_the_simulator_does(capsys) -> None:
    from bot.sim.stats import summarise

    argv = [
        "apollyon",
        "--players",
        "1-2",
        "--vary",
        "difficulty=easy,hard",
        "--games",
        "2",
        "--rows",
        "--quiet",
    ]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        "| players | difficulty | win | Apollyon revealed | lost before month 6 | veil lifted | turns (median, p90) |"
    )
    rows = [line.split(" | ") for line in lines[2:]]
    assert [(r[0], r[1]) for r in rows] == [
        ("| 1", "easy"),
        ("| 2", "easy"),
        ("| 1", "hard"),
        ("| 2", "hard"),
    ]
    # The hard two-director row is the plain simulator's run with the same seeds.
    s = summarise(run(Job("apollyon", 2, "greedy", {"difficulty": "hard"}), 2, 1, 1), 2, True)
    assert (
        rows[3][2]
        == f"{100 * s['win']['rate']:.1f}% [{100 * s['win']['low']:.1f}-{100 * s['win']['high']:.1f}]"
    )
    assert rows[3][5] == f"{100 * s['flags']['veil lifted']['rate']:.1f}%"
    assert rows[3][-1] == f"{s['turns']['median']}, {s['turns']['p90']} |"
