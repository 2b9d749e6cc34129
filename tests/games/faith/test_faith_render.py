"""Faith's renderers and panel components, without Discord: row + view in, embeds and items out."""

from __future__ import annotations

from faith_builder import table, uid_of

from bot.engine.state import project
from bot.games.faith import RULES
from bot.games.faith.cards import catalogue, find
from bot.store import GameSession
from cogs.faith import options, render, views

ROW = GameSession(id=5, channel_id=1, game="faith", host_id=100, seats=[100, 200], names={"100": "ann", "200": "bo"})


def game():
    return table(
        hands={0: ["psalm-of-praise", "noah-captain-of-the-ark"], 1: ["the-serpent-deceiver"]},
        fields={
            0: [("hannah-prayerful-mother", {"damage": 1}), "garden-of-eden"],
            1: [("nimrod-mighty-hunter", {"exhausted": True})],
        },
        faith={0: 7},
        light=3,
        dark=2,
    )


def test_card_text_has_cost_type_stats_abilities_and_scripture() -> None:
    text = render.card_text(find("Noah - Captain of the Ark"))
    assert "2☉ + 1" in text and "Light Character" in text
    assert "Health 4 · Strength 2 · Prayer 1" in text and "☁, 1 neutral:" in text and "(Genesis 6:14)" in text
    assert "Object — Food" in render.card_text(find("Manna"))


def test_the_table_shows_faith_bars_energy_fields_and_counts_but_no_hands() -> None:
    st = game()
    st.public.seats[0].field[0].location = st.public.seats[0].field[1].uid
    [embed] = render.table_embeds(ROW, project(st, None))
    text = embed.description + "".join(f.name + f.value for f in embed.fields)
    assert "Faith ████░░░░░░ 7/20" in text and "3☉ light, 2☾ dark" in text
    assert "Hannah - Prayerful Mother — 1/4 damage, ready @ Garden of Eden" in text
    assert "Nimrod - Mighty Hunter — 0/4 damage, exhausted" in text
    assert "hand 2 · deck 10" in text and [f.name for f in embed.fields] == ["▶ ann", "bo"]  # each player's name
    assert "Psalm of Praise" not in text and "The Serpent" not in text


def test_the_panel_lists_the_hand_and_the_pool() -> None:
    st = game()
    [embed] = render.private_embeds(ROW, 0, project(st, 0), ["You drew Noah - Captain of the Ark."])
    text = "".join(f.name + f.value for f in embed.fields)
    assert "Psalm of Praise — 2☉ + 1 (psalm)" in text and "3☉ light, 2☾ dark" in text and "Recent" in text


def test_panel_items_cover_play_with_payment_choices_recite_pray_and_end() -> None:
    st = game()
    view = project(st, 0)
    items = views.panel_items(5, 0, view, RULES.legal_actions(st, 0))
    options = [o for item in items if hasattr(item.item, "options") for o in item.item.options]
    labels = [o.label for o in options]
    assert "Play Noah - Captain of the Ark (2☉ + 1), neutral paid 1☉ 0☾" in labels
    assert "Play Noah - Captain of the Ark (2☉ + 1), neutral paid 0☉ 1☾" in labels
    assert (
        "Play Psalm of Praise (2☉ + 1), reciting with Hannah - Prayerful Mother" not in labels
    )  # cost 2 < 3
    assert "Pray with Hannah - Prayerful Mother" in labels
    assert any(label.startswith("Challenge with Hannah") for label in labels)
    assert any(getattr(i.item, "label", None) == "End turn" for i in items)
    for o in options:
        command = views.decode(o.value)
        RULES.apply(st, 0, RULES.parse_command(command))  # every offered option is a legal command


def test_mulligan_gather_and_discard_panels() -> None:
    st = RULES.setup(RULES.Options(), 2, 1, {}).state
    items = views.panel_items(5, 0, project(st, 0), RULES.legal_actions(st, 0))
    assert [getattr(i.item, "label", None) for i in items][0] == "Keep this hand"
    st = game()
    st.public.phase, st.public.energy_due = st.public.phase.GATHER, 3
    labels = [i.item.label for i in views.panel_items(5, 0, project(st, 0), RULES.legal_actions(st, 0))]
    assert labels == ["3☉ 0☾", "2☉ 1☾", "1☉ 2☾", "0☉ 3☾"]


def test_clicks_decode_to_commands_and_junk_is_ignored() -> None:
    assert views.command_from("gather", "2", []) == {"type": "gather", "light": 2}
    assert views.command_from("keep", None, []) == {"type": "mulligan", "cards": []}
    assert views.command_from("mull", None, ["3", "4"]) == {"type": "mulligan", "cards": [3, 4]}
    assert views.command_from("do", "3", ["ch:1:9"]) == {"type": "challenge", "attacker": 1, "target": 9}
    assert views.decode(views.encode({"type": "play", "card": 4, "recite": 2})) == {
        "type": "play",
        "card": 4,
        "target": None,
        "target2": None,
        "opponent": None,
        "recite": 2,
        "neutral_light": None,
    }
    assert views.command_from("do", "1", ["zz:1"]) is None
    assert views.command_from("do", "1", ["pr:x"]) is None


def test_hand_uid_helper_is_consistent() -> None:
    st = game()
    assert views.view_card(project(st, 0), uid_of(st, 0, "psalm-of-praise", "hand")) == "psalm-of-praise"


def test_every_card_has_a_one_line_description_within_discords_limit() -> None:
    for c in catalogue().values():
        line = options.card_line(c)
        assert 0 < len(line) <= 100 and "{" not in line and "**" not in line, (c.title, line)
    assert options.card_line(find("Noah - Captain of the Ark")).startswith(
        "Health 4, strength 2, prayer 1. Exhaust, 1 neutral:"
    )
    assert "Steadfast (takes 1 less damage" in options.card_line(find("Goliath - Champion of Gath"))
    # A keyword's reminder that would not fit leaves its name alone.
    assert options.card_line(find("Nehemiah - Wall Builder")) == "Health 4, strength 1, prayer 1. Guardian."


def test_every_panel_option_says_what_it_does_and_names_the_players() -> None:
    st = game()
    view = project(st, 0)
    names = {0: "yours", 1: "bob"}
    items = views.panel_items(5, 0, view, RULES.legal_actions(st, 0), names.__getitem__)
    options_ = [o for item in items if hasattr(item.item, "options") for o in item.item.options]
    assert options_ and all(o.description and len(o.description) <= 100 for o in options_)
    by_label = {o.label: o.description for o in options_}
    # Hannah (strength 0) against Nimrod (strength 3, health 4, no damage): 0 dealt, 3 back.
    challenge = by_label["Challenge with Hannah - Prayerful Mother → Nimrod - Mighty Hunter (bob)"]
    assert challenge == "Exhausts Hannah: deals 0 damage (Nimrod at 0/4), takes 3 back."
    assert by_label["Pray with Hannah - Prayerful Mother"] == "Exhausts Hannah to gain 2 Faith."
    assert not any("seat" in o.label for o in options_)
    mulligan = RULES.setup(RULES.Options(), 2, 1, {}).state
    [_, select] = views.panel_items(5, 0, project(mulligan, 0), RULES.legal_actions(mulligan, 0))
    assert all(o.description for o in select.item.options)
