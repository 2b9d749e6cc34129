"""The balance simulator: every game plays through it, reproducibly, and failures are reported."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest

from bot.games import get_rules
from bot.sim.__main__ import main
from bot.sim.adapter import parse_opt
from bot.sim.games import GAMES, adapter
from bot.sim.runner import Job, play, run
from bot.sim.stats import grid, quantile, render, summarise, wilson

PLAYERS = {"haunted": 3, "faith": 2, "apollyon": 2, "catharsis": 2, "apocrypha": 2}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_every_game_plays_to_the_end(game: str, policy: str) -> None:
    players = PLAYERS[game]
    ad = adapter(game)
    for seed in (1, 2):
        g = play(Job(game, players, policy, {}), seed)
        assert g.error is None, f"{game} seed {seed}: {g.error}"
        assert g.decisions > 0 and g.turns > 0 and g.ending
        assert 0 <= g.first < players
        if ad.coop:
            assert isinstance(g.won, bool) and g.winners == []
        else:
            assert g.won is None and set(g.winners) <= set(range(players))


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_replays_the_same_game(game: str) -> None:
    job = Job(game, PLAYERS[game], "greedy", {})
    assert asdict(play(job, 7)) == asdict(play(job, 7))


def test_faith_rotates_every_pair_of_decks_through_both_seats() -> None:
    ad = adapter("faith")
    seen = [tuple(ad.labels({}, 2, i)) for i in range(12)]
    assert len(set(seen)) == 12  # 6 pairs, each in both seat orders
    assert all((b, a) in seen for a, b in seen)
    named = [ad.labels({"decks": "Light of Prayer,Judges and Kings"}, 2, i) for i in range(2)]
    assert named == [["Light of Prayer", "Judges and Kings"], ["Judges and Kings", "Light of Prayer"]]


def test_a_stuck_seat_is_reported_with_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    rules = get_rules("haunted")
    monkeypatch.setattr(type(rules), "legal_actions", lambda self, state, seat: [])
    g = play(Job("haunted", 2, "greedy", {}), 5)
    assert g.seed == 5 and g.error is not None and g.error.startswith("stuck: seat")


def test_an_exception_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    ad = adapter("faith")

    def broken(state, seat, actions, rng):
        raise RuntimeError("policy fell over")

    monkeypatch.setitem(ad.policies, "greedy", broken)
    g = play(Job("faith", 2, "greedy", {}), 3)
    assert g.error is not None and "RuntimeError: policy fell over" in g.error


def test_a_refused_legal_action_is_recorded_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    from bot.games.haunted.commands import Play

    rules = get_rules("haunted")
    real = type(rules).legal_actions
    bogus = Play(card="no-such-card", target=1, line=1)

    def with_bogus(self, state, seat):
        found = real(self, state, seat)
        return [bogus, *found] if found else found

    monkeypatch.setattr(type(rules), "legal_actions", with_bogus)
    monkeypatch.setitem(adapter("haunted").policies, "first", lambda state, seat, actions, rng: actions[0])
    g = play(Job("haunted", 2, "first", {}), 4)
    assert g.error is None and g.refused and "no-such-card" in g.refused[0]


def test_wilson_interval_and_quantiles() -> None:
    p, low, high = wilson(50, 100)
    assert p == 0.5 and low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 10)[1] == 0.0 and wilson(0, 10)[2] == pytest.approx(0.2775, abs=1e-3)
    assert quantile([5, 1, 3, 2, 4], 0.5) == 3 and quantile(list(range(1, 11)), 0.9) == 9


def test_parse_opt_reads_json_values() -> None:
    assert parse_opt("short=true") == ("short", True)
    assert parse_opt("decks=Light of Prayer,Judges and Kings") == (
        "decks",
        "Light of Prayer,Judges and Kings",
    )
    with pytest.raises(ValueError):
        parse_opt("short")


def test_parallel_run_matches_in_process_run() -> None:
    job = Job("faith", 2, "greedy", {})
    assert [asdict(g) for g in run(job, 3, 10, jobs=2)] == [asdict(g) for g in run(job, 3, 10, jobs=1)]


def test_command_line_prints_and_writes_json(tmp_path, capsys) -> None:
    out = tmp_path / "sim.json"
    code = main(
        [
            "haunted",
            "--players",
            "2",
            "--games",
            "3",
            "--jobs",
            "1",
            "--json",
            str(out),
            "--opt",
            "short=true",
        ]
    )
    printed = capsys.readouterr().out
    assert code == 0
    assert "seat 1 wins" in printed and "turns: median" in printed and "problems: none" in printed
    data = json.loads(out.read_text())
    assert data["job"]["opts"] == {"short": True} and len(data["games"]) == 3
    assert data["summary"]["finished"] == 3


def test_summary_counts_wins_per_seat_and_pair() -> None:
    from bot.sim.runner import Game

    games = [
        Game(seed=1, turns=10, ending="x", winners=[0], first=0, labels=["A", "B"]),
        Game(seed=2, turns=20, ending="x", winners=[0], first=1, labels=["B", "A"]),
        Game(seed=3, turns=30, ending="y", winners=[1], first=1, labels=["A", "B"]),
        Game(seed=4, error="stuck: seat 0 is waited on with no legal action"),
    ]
    s = summarise(games, 2, coop=False)
    assert s["finished"] == 3 and s["problems"] == [{"seed": 4, "error": games[3].error}]
    assert s["seat"][0]["hits"] == 2 and s["first_seat"]["hits"] == 2
    assert s["label"]["A"]["hits"] == 1 and s["label"]["B"]["hits"] == 2
    assert s["pair"]["A vs B"] == {**s["pair"]["A vs B"], "hits": 1, "n": 3}
    assert s["turns"] == {"median": 20, "p90": 30} and s["endings"] == {"x": 2, "y": 1}


def test_two_player_labels_print_a_markdown_grid_of_every_pair() -> None:
    from bot.sim.runner import Game

    games = [
        Game(seed=1, turns=10, ending="x", winners=[0], first=0, labels=["A", "B"]),
        Game(seed=2, turns=20, ending="x", winners=[0], first=1, labels=["B", "A"]),
        Game(seed=3, turns=30, ending="x", winners=[1], first=1, labels=["A", "B"]),
        Game(seed=4, turns=30, ending="x", winners=[0], first=0, labels=["A", "C"]),
    ]
    table = grid(summarise(games, 2, coop=False))
    lines = table.splitlines()
    assert lines[0] == "| deck | A | B | C | overall |"
    assert lines[1] == "|---|---|---|---|---|"
    # Each cell is the row deck's win rate against the column deck, whichever seat it sat in.
    assert lines[2] == "| A | - | 33.3% of 3 | 100.0% of 1 | 50.0% of 4 |"
    assert lines[3] == "| B | 66.7% of 3 | - | - | 66.7% of 3 |"
    assert lines[4] == "| C | 0.0% of 1 | - | - | 0.0% of 1 |"
    assert table in render(summarise(games, 2, coop=False), "t")
    assert grid(summarise(games[:1], 3, coop=False)) == ""  # no pairs beyond two players


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_apocrypha_guided_plays_to_the_end_with_the_scripted_guide(policy: str) -> None:
    for seed in (1, 2):
        g = play(Job("apocrypha", 3, policy, {"mode": "guided"}), seed)
        assert g.error is None, f"seed {seed}: {g.error}"
        assert g.turns > 0 and g.ending in ("every nexus cleared", "the clock ran out", "every saint faded")
        # The scripted guide only ever picks what the engine then accepts (saints' card plays may not).
        assert not [r for r in g.refused if "type='g_" in r], g.refused[:3]


def test_a_bad_mission_id_is_one_plain_line_listing_the_valid_ids(capsys) -> None:
    code = main(["apocrypha", "--policy", "coop", "--games", "3", "--jobs", "1", "--opt", "mission=long_thaw"])
    captured = capsys.readouterr()
    assert code == 2 and captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and "KeyError" not in lines[0]
    assert "There is no mission called long_thaw" in lines[0]
    for mission in ("christmas_in_candlepoint", "the_long_thaw", "lost_and_found", "the_drowned_bell"):
        assert mission in lines[0]


@pytest.mark.parametrize(
    ("game", "opt", "said"),
    [
        ("faith", "decsk=[1,2]", "faith has no option decsk; its options are deck_names, decks"),
        ("catharsis", "boss=nobody", "There is no Boss deck called nobody"),
        ("apocrypha", "mode=guided", None),
    ],
)
def test_every_game_checks_its_options_before_playing(game: str, opt: str, said: str | None) -> None:
    from bot.sim.runner import check

    problem = check(Job(game, PLAYERS[game], "greedy", dict([parse_opt(opt)])), 1)
    assert problem == said if said is None else problem.startswith(said)
