"""A chapter's record in pencil (pencil.py): the marks on the back of its divider, written by its
missions when they end, read when one is prepared, carried by the saints' records from mission to
mission, shown on the table and in `saint show`, and saved with the session."""

from __future__ import annotations

import pytest
from apoc_helpers import Game
from test_apoc_between import win
from test_apoc_coop import OPHELIA, ZEEZ, christmas
from test_apoc_render import text_of

from bot.engine.cards import CardDataError
from bot.engine.prng import Rng
from bot.games.apocrypha import pencil
from bot.games.apocrypha.cards import check_mission, load_book
from bot.games.apocrypha.commands import Answer
from bot.games.apocrypha.rules import Apocrypha, Options
from bot.games.apocrypha.saints import after_mission, new_record
from cogs.apocrypha import render


@pytest.fixture(scope="module")
def real() -> Apocrypha:
    return Apocrypha(book=load_book())


def coop(rules: Apocrypha, mission: str, marks: list[dict[str, int]], seed: int = 5) -> Game:
    """A co-op mission for as many saints as `marks`, each saint's record bringing those marks."""
    saints = ["ophelia_willows", "dr_zeez", "frank_block"][: len(marks)]
    chapter = rules.book.missions[mission].chapter
    records = {}
    for seat, (saint, own) in enumerate(zip(saints, marks, strict=True)):
        records[seat] = new_record(saint, rules.book)
        records[seat].pencil = {chapter: dict(own)} if own else {}
    out = rules.setup(Options(mode="coop", mission=mission, saints=records), len(marks), seed, {})
    return Game(rules, out.state, out.events)


def test_winning_christmas_ticks_the_divider_and_the_records_carry_it(real):
    game = christmas(real)
    assert game.pub.chapter == "candlepoint" and game.pub.pencil == {}
    win(game)
    assert game.pub.pencil == {"christmas_saved": 1}
    assert "On the Secrets of Candlepoint divider, in pencil: Christmas saved (ticked)." in game.public_text()
    record = after_mission(new_record("dr_zeez", real.book), game.state, ZEEZ, real.book, Rng.from_seed(1))
    assert record.pencil == {"candlepoint": {"christmas_saved": 1}}
    # Saved and loaded again (a restart): the marks are in the state.
    again = real.load_state(game.state.model_dump(mode="json"))
    assert again.public.pencil == {"christmas_saved": 1}


def test_the_long_thaw_reads_christmas_saved_for_a_longer_clock(real):
    plain = coop(real, "the_long_thaw", [{}, {}])
    saved = coop(real, "the_long_thaw", [{"christmas_saved": 1}, {}])
    assert saved.pub.pencil == {"christmas_saved": 1}  # one saint remembers for the choir
    assert saved.pub.clock_count == plain.pub.clock_count + 2
    assert "From the chapter's divider: the town the choir saved at Christmas" in saved.public_text()
    assert "The back of the Secrets of Candlepoint divider, in pencil: ☑ Christmas saved; Debts to the town: 0 of 3" in saved.public_text()
    assert "The Secrets of Candlepoint chapter's cards join the box" in saved.public_text()
    assert "From the chapter's divider" not in plain.public_text()


def test_debts_to_the_town_shorten_the_clock_and_a_win_rubs_one_out(real):
    plain = coop(real, "lost_and_found", [{}, {}])
    owed = coop(real, "lost_and_found", [{"town_debts": 1}, {"town_debts": 2}])
    assert owed.pub.pencil == {"town_debts": 2}  # the highest count any saint brings
    assert owed.pub.clock_count == plain.pub.clock_count - 2
    pencil.write(owed.t, won=True)
    assert owed.pub.pencil == {"town_debts": 1}
    for _ in range(5):
        pencil.write(owed.t, won=False)  # a tally stops at its most
    assert owed.pub.pencil == {"town_debts": 3}


def test_a_lost_christmas_is_a_debt_to_the_town(real):
    game = christmas(real)
    game.state.secret.clock = []
    game.pub.clock_count = 0
    from bot.games.apocrypha.mission_end import end_mission

    end_mission(game.t, won=False)
    game.do(game.pub.pending[0].seat, Answer(option=0))  # who takes the death
    assert game.pub.pencil == {"town_debts": 1}


def test_the_divider_is_on_the_table_and_in_saint_show(real):
    game = coop(real, "the_long_thaw", [{"christmas_saved": 1, "town_debts": 2}])
    text = text_of(render.table_embeds(real.book, game.pub.model_dump(), {0: "<@100>"}.get))
    assert "The chapter's divider, in pencil" in text
    assert "☑ Christmas saved" in text and "Debts to the town: 2 of 3" in text
    record = new_record("ophelia_willows", real.book)
    record.pencil = {"candlepoint": {"christmas_saved": 1, "town_debts": 2}, "skinwalkers": {}}
    text = text_of([render.record_embed(real.book, record)])
    assert "The Secrets of Candlepoint: Christmas saved, Debts to the town 2 marks" in text
    assert "Skinwalkers" not in text
    moon = coop(real, "the_hunters_moon", [{"moons_survived": 1}])
    assert "☐" not in text and "Moons survived: 1 of 3" in moon.public_text()


def test_a_mission_reads_and_writes_only_its_chapters_marks(real):
    mission = real.book.missions["the_long_thaw"].model_copy(deep=True)
    mission.pencil_reads[0].mark = "moons_survived"  # a Skinwalkers mark
    with pytest.raises(CardDataError, match="divider"):
        check_mission(real.book, mission)


def test_choir_marks_merge_what_the_saints_bring():
    one, two = new_record("ophelia_willows", load_book()), new_record("dr_zeez", load_book())
    one.pencil = {"candlepoint": {"town_debts": 1, "christmas_saved": 1}}
    two.pencil = {"candlepoint": {"town_debts": 3}, "skinwalkers": {"moons_survived": 2}}
    assert pencil.choir_marks([one, two], "candlepoint") == {"town_debts": 3, "christmas_saved": 1}
    assert pencil.choir_marks([one, two], "skinwalkers") == {"moons_survived": 2}
    assert pencil.choir_marks([one], "skinwalkers") == {}
    assert OPHELIA == 0
