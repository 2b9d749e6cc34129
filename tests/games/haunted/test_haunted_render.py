"""Haunted's Discord renderers and component builders, without Discord."""

from __future__ import annotations

from haunted_builder import act, build, cid

from bot.engine.state import project
from bot.games.haunted import RULES
from bot.games.haunted.commands import Play
from bot.games.haunted.state import Step
from cogs.haunted import render, views


def test_table_shows_lines_turn_step_and_piles():
    state = build(
        hands={0: ["Hunting Spirit"]},
        lines={
            1: [
                ["Country Walk", "Locked Box"],
                ["Ruined Church", "Historical Find", "Fateful Possession", "complete"],
            ]
        },
        discard=["Fire", "Pray"],
    )
    state, _ = act(state, 0, type="play", card="Hunting Spirit", target=1, line=1)
    pub = project(state, None)["public"]
    embed = render.table_embed(pub, ["<@1>", "<@2>", "<@3>"], ["ann", "bob", "cy"])
    text = embed.description + "".join(f.value for f in embed.fields)
    assert [f.name for f in embed.fields] == ["ann", "bob", "cy"]  # each player's name, not "Player 2"
    assert embed.fields[0].value.startswith("0 cards · ▶ active")
    assert "Turn 1: <@1>'s turn, step 1" in text
    assert f"Stockpile: {len(state.secret.stock)} · Discard pile: 2 (top: Pray, Fire)" in text
    assert "1. Country Walk → Locked Box → Hunting Spirit ⏳" in text
    assert "2. ☠ complete: Ruined Church → Historical Find → Fateful Possession" in text
    assert "3. · empty" in text


def test_the_final_table_shows_scores():
    state = build(lines={1: [["Country Walk"]]})
    state.public.step = Step.OVER
    state.public.losers, state.public.winners = [2], [0]
    embed = render.table_embed(project(state, None)["public"], ["a", "b", "c"])
    values = [f.value for f in embed.fields]
    assert "Score: 0 🏆" in values[0] and "Score: 3" in values[1] and "(lost)" in values[2]


def test_hand_panel_lists_cards_and_the_prompt():
    state = build(hands={0: ["Fire", "Country Walk"]})
    view = project(state, 0)
    embed = render.hand_embed(view, RULES.prompt(state, 0), ["You drew Fire."])
    assert "⚡ **Fire** (event)" in embed.description and "🏚 **Country Walk** (setting)" in embed.description
    assert "step 1" in embed.fields[0].value and "You drew Fire." in embed.fields[1].value


def test_turn_controls_come_from_legal_actions():
    state = build(hands={0: ["Country Walk", "Fire"]})
    items = views.turn_items(7, "others", RULES.legal_actions(state, 0))
    ids = [i.item.custom_id for i in items]
    assert ids == ["gms:7:pick", "gm:7:pass", "gm:7:redraw"]
    assert [o.value for o in items[0].item.options] == [cid("Country Walk")]


def test_placement_buttons_round_trip():
    plays = [Play(card=cid("Psychic"), target=2, line=3, mode="lap")]
    [button] = views.placement_items(7, plays, ["You", "Bob", "Carol"])
    assert button.item.label == "Carol · line 3 · Lap of the Gods"
    arg = button.item.custom_id.split(":", 3)[3]
    assert views.parse_play_arg(arg) == {
        "type": "play",
        "card": "psychic",
        "target": 2,
        "line": 3,
        "mode": "lap",
    }


def test_long_questions_become_selects():
    prompt = {
        "options": [f"pile:{c}" for c in ("fire", "pray", "storm", "arrested", "fever", "fisticuffs")],
        "labels": {},
    }
    items = views.prompt_items(7, prompt)
    assert [i.item.custom_id for i in items] == ["gms:7:choose:0"]
    short = views.prompt_items(7, {"options": ["keep", "discard"], "labels": {"keep": "Keep it"}})
    assert [i.item.label for i in short] == ["Keep it", "discard"]
    assert views.choose_command("0", ["pile:fire"]) == {
        "type": "choose",
        "option": "pile:fire",
        "timed_out": False,
    }
