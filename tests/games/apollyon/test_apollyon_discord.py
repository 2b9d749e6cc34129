"""The Discord layer without Discord: renderers, panel items, clicks back into commands, campaign records."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from apollyon_builder import started, to_assign
from apollyon_driver import hidden_names, play

from bot.engine.state import project
from bot.games.apollyon import RULES
from bot.service import SessionService
from bot.store import GameSession, Status, Store
from cogs.apollyon import render, views
from cogs.apollyon.cog import ApollyonCog


def who(seat: int) -> str:
    return f"<@{seat + 100}>"


def test_masquerade_bar_marks_the_veil() -> None:
    text = render.masquerade_bar(25, 30, False)
    assert "│" in text and "25/30" in text and "veil breaks at 10" in text
    assert "Veil is lifted" in render.masquerade_bar(8, 30, True)


def test_table_shows_the_public_table_and_no_hidden_card() -> None:
    state = started(3)
    embeds = render.table_embeds(project(state, None)["public"], who)
    text = " ".join(
        [e.title or "" for e in embeds]
        + [e.description or "" for e in embeds]
        + [f"{f.name} {f.value}" for e in embeds for f in e.fields]
    )
    assert "Month 1 of 6" in text and "Face down" in text and "Situations" in text
    assert len(embeds) == 1 and [f.name for f in embeds[0].fields][-3:] == [
        "Site 1 · Director 1",
        "Site 2 · Director 2",
        "Site 3 · Director 3",
    ]
    details = render.site_embeds(project(state, None)["public"], who)
    assert [e.title for e in details] == ["Site 1", "Site 2", "Site 3"]
    text += " ".join(e.description or "" for e in details)
    for name in hidden_names(state):
        assert name not in text


def test_the_table_fits_a_phone_screen_and_site_details_keep_the_numbers() -> None:
    """Late in a 2-director game the table is one phone screen (≤ 1,300 characters before the
    platform's Latest and Waiting fields); every anomaly's numbers are under Site details."""
    state = play(2, 5)
    public = project(state, None)["public"]
    [table] = render.table_embeds(public, who, lambda seat: ["alice", "bob"][seat])
    size = len(table.title or "") + len(table.description or "") + sum(len(f.name) + len(f.value) for f in table.fields)
    assert size <= 1300, size
    assert "Site 2 · bob" in [f.name for f in table.fields]
    held = [a for site in public["sites"] for row in site["rows"] for a in row]
    details = " ".join(e.description or "" for e in render.site_embeds(public, who))
    for a in held:
        assert render.anomaly_line(a) in details


@pytest.mark.parametrize("players", [1, 6])
def test_table_stays_within_discords_limits_all_game(players: int) -> None:
    state = play(players, 5)
    embeds = render.table_embeds(project(state, None)["public"], who)
    assert len(embeds) <= 10
    assert sum(len(e) for e in embeds) <= 6000 - 1100  # room for the platform's Latest field


def test_panel_items_are_commands_the_engine_accepts() -> None:
    for state in (started(2), to_assign(2)):
        for seat in (0, 1):
            view = project(state, seat)
            items = views.action_items(1, RULES.legal_actions(state, seat), view, lambda s: f"site {s + 1}")
            assert 0 < len(items) <= 9
            selects = [i for i in items if hasattr(i.item, "options")]
            assert len(selects) <= views.MAX_SELECTS
            for select in selects:
                for option in select.item.options:
                    assert len(option.value) <= 100
                    # Every option says what it does, within Discord's 100 characters.
                    assert option.description and len(option.description) <= 100, option.label
                    RULES.apply(state, seat, RULES.parse_command(json.loads(option.value)))


def test_option_descriptions_carry_the_numbers_that_decide() -> None:
    state = to_assign(2)
    view = project(state, 0)
    options = {
        o.label: o.description
        for i in views.action_items(1, RULES.legal_actions(state, 0), view, lambda s: "bob")
        if hasattr(i.item, "options")
        for o in i.item.options
    }
    for ch in state.players[0].characters:
        line = render.character_line({"card": ch.card, "wounds": ch.wounds, "cognito": ch.cognito})
        assert options[f"{ch.info.name} → MTF-01"] == line  # skills, Force, Health, tokens


def test_hand_panel_names_the_seats_own_characters() -> None:
    state = started(2)
    view = project(state, 0)
    embed = render.hand_embed(view, 0, ["A note."], "Do things.")
    for ch in state.players[0].characters:
        assert ch.info.name in embed.description


def test_card_detail_finds_cards_but_never_a_situations_hidden_side() -> None:
    assert "SCP-173" in render.card_detail("scp-173")
    assert "Force" in render.card_detail("D-9341")
    assert "No SCP: Apollyon card" in render.card_detail("Missing Hikers")


def cog_with(store: Store) -> ApollyonCog:
    cog = ApollyonCog.__new__(ApollyonCog)
    cog.bot = SimpleNamespace(store=store, service=SessionService(store, {"apollyon": RULES}))
    return cog


async def test_a_won_campaign_is_recorded_once_per_server(tmp_path) -> None:
    store = Store(f"sqlite+aiosqlite:///{tmp_path}/t.db")
    await store.init(migrate=True)
    try:
        cog = cog_with(store)
        state = started(2, campaign=True)
        state.public.outcome = "won"
        state.public.apollyon_card = "scp-1548"
        row = GameSession(
            id=9,
            guild_id=77,
            channel_id=1,
            game="apollyon",
            host_id=1,
            status=Status.FINISHED.value,
            state=state.model_dump(mode="json"),
        )
        await cog.record_win(row)
        await cog.record_win(row)  # a second call for the same session changes nothing
        assert await cog.beaten(77) == ["scp-1548"]
        assert await cog.beaten(78) == []
        state.public.campaign = False
        row2 = GameSession(
            id=10,
            guild_id=77,
            channel_id=1,
            game="apollyon",
            host_id=1,
            status=Status.FINISHED.value,
            state=state.model_dump(mode="json")
            | {"public": state.public.model_dump(mode="json") | {"apollyon_card": "scp-2399"}},
        )
        await cog.record_win(row2)  # not a campaign game
        assert await cog.beaten(77) == ["scp-1548"]
    finally:
        await store.close()


def test_clicks_become_commands() -> None:
    cog = ApollyonCog.__new__(ApollyonCog)
    row = GameSession(id=1, channel_id=1, game="apollyon", host_id=1)
    assert cog.command_from_component(row, 0, "ready", None, []) == {"type": "ready"}
    assert cog.command_from_component(row, 0, "resolve", "2", []) == {"type": "resolve", "mtf": 2}
    value = '{"type":"claim","index":1}'
    assert cog.command_from_component(row, 0, "do", "0.0", [value]) == {"type": "claim", "index": 1}
    assert cog.command_from_component(row, 0, "nonsense", None, []) is None


def test_card_texts_read_as_english() -> None:
    """Card texts reach select descriptions and lookups: counts agree with their nouns."""
    from bot.games.apollyon.cards import catalogue
    from tests.fakediscord.proofread import check_text

    cat = catalogue()
    for group in (cat.anomalies, cat.characters, cat.situations, cat.events, cat.assets):
        for card in group.values():
            assert check_text(card.text, public=False) == [], card.id


def test_the_panel_says_where_characters_out_with_an_mtf_are() -> None:
    state = to_assign(2)
    ch = state.players[0].characters[0]
    state = RULES.apply(state, 0, RULES.parse_command({"type": "assign", "character": ch.uid, "to": "mtf1"})).state
    embed = render.hand_embed(project(state, 0), 0, [], "Do things.")
    mtfs = next(f.value for f in embed.fields if f.name == "Your MTFs")
    assert mtfs.startswith(f"MTF-01: {ch.info.name} — ") and ch.info.name not in (embed.description or "")
