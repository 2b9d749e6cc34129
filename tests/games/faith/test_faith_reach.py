"""Every legal move is offered: legal_actions keeps every target pair and every reciter, and the
Discord panel (selects, their groups and pages) reaches each of them by clicks."""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.engine.state import project
from bot.games.faith import RULES
from bot.games.faith.commands import EndTurn, Play
from bot.games.faith.state import FaithState
from bot.sim.games import faith as faith_sim
from cogs.common.components import GameButton, GameSelect
from cogs.faith import render, views
from tests.games.faith.faith_builder import table, uid_of

MINE = ["aaron-high-priest", "samuel-last-judge", "noah-captain-of-the-ark", "mary-mother-of-jesus"]
THEIRS = ["cain-first-murderer", "korah-rebel", "jannes-magician-of-egypt", "haman-schemer"]


def test_every_pair_of_targets_is_offered() -> None:
    # Sowing Discord moves damage from one of my characters to one of theirs: 4 x 4 pairs, all legal.
    st = table(hands={0: ["sowing-discord"]}, fields={0: MINE, 1: THEIRS}, turn=5)
    uid = uid_of(st, 0, "sowing-discord", "hand")
    plays = [a for a in RULES.legal_actions(st, 0) if isinstance(a, Play) and a.card == uid]
    assert {(p.target, p.target2) for p in plays} == {
        (uid_of(st, 0, m), uid_of(st, 1, t)) for m in MINE for t in THEIRS
    }


def test_every_able_character_is_offered_to_recite() -> None:
    st = table(hands={0: ["psalm-of-refuge"]}, fields={0: MINE}, turn=5)
    uid = uid_of(st, 0, "psalm-of-refuge", "hand")
    reciters = {a.recite for a in RULES.legal_actions(st, 0) if isinstance(a, Play) and a.card == uid}
    assert reciters - {None} == {uid_of(st, 0, m) for m in MINE}


# -- the Discord panel reaches every legal action -------------------------------------------------

SESSION = 7


def _positions(players: int, seed: int, every: int) -> list[tuple[FaithState, int]]:
    """Action-step positions of a seeded random game, one in `every` decisions."""
    rng = Rng.from_seed(seed)
    options = RULES.parse_options(faith_sim.options({}, players, seed))
    state = RULES.setup(options, players, seed, {}).state
    found: list[tuple[FaithState, int]] = []
    for step in range(3000):
        if RULES.result(state) is not None:
            break
        seat = RULES.waiting_for(state)[0]
        legal = RULES.legal_actions(state, seat)
        if state.public.phase.value == "action" and step % every == 0:
            found.append((state, seat))
        # Play cards and rarely fight, so fields (and target lists) grow.
        plays = [a for a in legal if a.type in ("play", "move", "ability", "pray")]
        calm = [a for a in legal if a.type != "challenge"]
        pick = rng.choice(plays) if plays and rng.randbelow(4) else rng.choice(calm)
        try:
            state = RULES.apply(state, seat, pick).state
        except GameError:
            state = RULES.apply(state, seat, EndTurn()).state if pick.type != "end_turn" else state
    return found


def _options(item: Any) -> list[str]:
    if not isinstance(item, GameSelect):
        return []
    labels = [o.label for o in item.item.options]
    assert len(set(labels)) == len(labels), f"two options read the same: {labels}"
    return [o.value for o in item.item.options]


def _reached(state: FaithState, seat: int) -> tuple[list[dict[str, Any]], int]:
    """Every command a player can reach by clicks from the panel (through groups and pages), and
    the most clicks any of them needs."""
    view = project(state, seat)
    legal = RULES.legal_actions(state, seat)
    items = views.panel_items(SESSION, seat, view, legal)
    assert all(len(_options(i)) <= views.MAX_OPTIONS for i in items)
    reached: list[dict[str, Any]] = []
    deepest = 0
    todo = [(v, 1) for i in items for v in _options(i)]
    opened: set[str] = set()
    while todo:
        value, clicks = todo.pop()
        deepest = max(deepest, clicks)
        if not value.startswith(views.GROUP + ":"):
            command = views.decode(value)
            assert command is not None, value
            reached.append(command)
            continue
        key = value[3:]
        if key in opened:  # "More…" lists the panel's first choices again
            continue
        opened.add(key)
        choices = views.entries(key, view, seat, legal)
        page, turns = 0, 0
        while True:
            menu = views.menu_items(SESSION, key, page, choices)
            assert len(menu) <= 25 and all(len(_options(i)) <= views.MAX_OPTIONS for i in menu)
            todo += [(v, clicks + 1 + turns) for i in menu for v in _options(i)]
            nxt = [i for i in menu if isinstance(i, GameButton) and i.verb == "page" and i.arg.endswith(f":{page + 1}")]
            if not nxt or nxt[0].item.disabled:
                break
            page, turns = page + 1, turns + 1
    return reached, deepest


def _plain(command: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """A command as legal_actions states it (the panel adds how the neutral cost is paid)."""
    return tuple(sorted((k, v) for k, v in command.items() if v is not None and k != "neutral_light"))


@pytest.mark.parametrize(("players", "seed"), [(2, 11), (3, 5), (4, 2), (4, 6)])
def test_every_legal_action_is_reachable_by_clicks(players: int, seed: int) -> None:
    positions = _positions(players, seed, every=4)
    assert len(positions) > 10
    crowded = 0
    for state, seat in positions:
        legal = [
            _plain(a.model_dump()) for a in RULES.legal_actions(state, seat) if a.type not in ("end_turn",)
        ]
        reached, deepest = _reached(state, seat)
        assert {_plain(c) for c in reached} == set(legal)
        crowded += deepest > 1
    if players == 4:
        assert crowded, "no position needed a second step: the test did not reach a crowded table"


def test_a_long_menu_turns_pages_and_a_long_panel_ends_in_more() -> None:
    # 11 x 11 characters: Sowing Discord alone has 121 target pairs (two pages of 100), and the
    # hand of 30 cards is more than one select holds.
    mine = [("isaac-son-of-promise", {})] * 11
    theirs = [("korah-rebel", {})] * 11
    hand = ["sowing-discord"] + ["adam-god-breathed"] * 29
    st = table(hands={0: hand}, fields={0: mine, 1: theirs}, light=9, dark=9)
    reached, deepest = _reached(st, 0)
    legal = {_plain(a.model_dump()) for a in RULES.legal_actions(st, 0) if a.type != "end_turn"}
    assert {_plain(c) for c in reached} == legal
    assert deepest >= 3  # More…, then Sowing Discord's menu, then its second page
    view = project(st, 0)
    plays = views.entries("1", view, 0, RULES.legal_actions(st, 0))
    [panel_plays] = [i for i in views.panel_items(SESSION, 0, view, RULES.legal_actions(st, 0)) if i.arg == "1"]
    assert len(plays) == 30 and _options(panel_plays)[-1] == "gp:1"


def test_copies_are_numbered_alike_on_the_table_and_in_the_choices() -> None:
    st = table(hands={0: ["adam-god-breathed"] * 2}, fields={0: MINE, 1: ["korah-rebel", "korah-rebel"]})
    view = project(st, 0)
    lines = render.field_lines(view["public"]["seats"][1]) + render.hand_lines(view["private"])
    assert "• Korah - Rebel #2 — 0/2 damage, ready" in lines and "• Adam - God Breathed #2 — 1☉ (character)" in lines
    labels = [label for cat in views.CATEGORIES for label, _, _ in views.entries(cat, view, 0, RULES.legal_actions(st, 0))]
    assert "Play Adam - God Breathed #2 (1☉)" in labels
    assert "Challenge with Aaron - High Priest → Korah - Rebel #2 (seat 2)" in labels
