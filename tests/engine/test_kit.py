"""Events, the private-view projection, effect books and the card loader."""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import BaseModel

from bot.engine.cards import CardDataError, load_entries
from bot.engine.effects import EffectBook
from bot.engine.events import Audience, Event
from bot.engine.seats import GUIDE, next_seat, seat_ref
from bot.engine.state import project
from bot.games.highcard import RULES


def test_event_audiences() -> None:
    public, mine, guide = Event.public("a", "x"), Event.private(1, "b", "y"), Event.guide("c", "z")
    assert public.visible_to(None) and public.visible_to(3)
    assert (
        mine.audience is Audience.SEAT
        and mine.visible_to(1)
        and not mine.visible_to(0)
        and not mine.visible_to(GUIDE)
    )
    assert guide.visible_to(GUIDE) and not guide.visible_to(0) and not guide.visible_to(None)
    assert Event.private(GUIDE, "d", "w").audience is Audience.GUIDE


def test_seat_helpers() -> None:
    assert seat_ref(2) == "@{2}" and seat_ref(GUIDE) == "@{guide}"
    assert next_seat(3, 4) == 0 and next_seat(0, 4, 2) == 2


def test_projection_hides_deck_and_other_hands() -> None:
    state = RULES.setup(RULES.Options(), 3, seed=5, roles={}).state
    mine = project(state, 1)
    assert mine["private"] == {"card": state.players[1].card}
    assert "secret" not in mine and "rng" not in mine
    onlooker = project(state, None)
    assert set(onlooker) == {"public"}
    guide = project(state, GUIDE)
    assert guide["secret"]["deck"] == state.secret.deck and "private" not in guide
    # No hand card appears anywhere in the public part.
    public_text = str(onlooker)
    assert all(str(state.players[s].card) not in public_text.split() for s in range(3))


class Ctx:
    def __init__(self) -> None:
        self.drawn = 0


def test_effect_book_runs_and_validates() -> None:
    book: EffectBook[Ctx] = EffectBook("test")

    @book.op("draw")
    def draw(ctx: Ctx, n: int = 1) -> None:
        ctx.drawn += n

    @book.hook("odd-card")
    def odd(ctx: Ctx) -> str:
        return "odd"

    ctx = Ctx()
    book.run(ctx, [{"op": "draw", "n": 2}, {"op": "draw"}])
    assert ctx.drawn == 3
    assert book.run_hook(ctx, "odd-card") == "odd" and book.has_hook("odd-card")
    book.validate([{"op": "draw", "n": 1}], "x")
    with pytest.raises(ValueError, match="unknown op 'fly'"):
        book.validate([{"op": "fly"}], "cards.toml: card[0]")
    with pytest.raises(ValueError, match="draw"):
        book.validate([{"op": "draw", "count": 2}], "cards.toml: card[0]")
    with pytest.raises(ValueError, match="twice"):
        book.op("draw")(draw)


class Card(BaseModel):
    id: str
    cost: int


def test_loader_names_file_entry_and_field(tmp_path: Path) -> None:
    (tmp_path / "demo").mkdir()
    (tmp_path / "demo" / "a.toml").write_text(
        '[[card]]\nid = "one"\ncost = 1\n[[card]]\nid = "two"\ncost = "lots"\n'
    )
    with pytest.raises(CardDataError, match=r"a.toml: card\[1\] \(two\): field 'cost'"):
        load_entries("demo", "card", Card, root=tmp_path)
    (tmp_path / "demo" / "a.toml").write_text('[[card]]\nid = "one"\ncost = 1\n')
    assert [c.id for c in load_entries("demo", "card", Card, root=tmp_path)] == ["one"]
    (tmp_path / "demo" / "b.toml").write_text("[[card]\n")
    with pytest.raises(CardDataError, match="b.toml: cannot be parsed"):
        load_entries("demo", "card", Card, root=tmp_path)
    with pytest.raises(CardDataError, match="missing"):
        load_entries("nothing", "card", Card, root=tmp_path)
