"""Apocrypha's Discord renderers and controls, without Discord: what the table, a saint's hand and
the guide's panel show, that the table never names a hidden card, and clicks back to commands."""

from __future__ import annotations

import discord
from apoc_helpers import guided

from bot.engine.seats import GUIDE
from bot.engine.state import project
from bot.games.apocrypha.commands import (
    Answer,
    AssistCheck,
    Attempt,
    GiveFragment,
    Keep,
    Next,
    PrepareNexus,
    Present,
    Roll,
    StackClock,
    StackNexus,
    StartTurn,
)
from bot.games.apocrypha.saints import SaintRecord, new_record, slot_death
from cogs.apocrypha import render, views
from tests.fakediscord.state import embed_text

WHO = {0: "<@100>", 1: "<@101>"}


def text_of(embeds: list[discord.Embed]) -> str:
    return "\n".join(line for e in embeds for line in embed_text(e.to_dict()))


def scene(rules):
    """Frank and Zeez at Main Street; the guide has hidden cards in the nexus, the clock and a secret nexus."""
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gryla", "reaper"]))
    game.do(GUIDE, PrepareNexus(name="Bloodgroom Bridge", description="Ice, and something under it."))
    game.do(GUIDE, StackClock(cards=["good_karma"]))
    game.do(GUIDE, StackClock(cards=["gaunt"], after_turns=1))
    return game


def test_namer_knows_instances_mission_and_written_fragments(book):
    name = render.namer(
        book, {"mission": "taking_the_plunge", "fragments_given": {"custom_x": {"name": "The Ferris Wheel"}}}
    )
    assert name("gaunt#2") == "Gaunt"
    assert name("the_playground#1") == "The Playground"
    assert name("custom_x#1") == "The Ferris Wheel"
    assert name("saint") == "Saint power"
    side = book.omens["good_karma"].side.capitalize()
    assert render.card_text(book, "good_karma#1").startswith(f"{side} omen")
    assert render.card_text(book, "gaunt#1").startswith("Body 10 or Rage 9")


def test_halo_grid_puts_each_card_in_its_slot_and_fits_a_phone(book):
    grid = render.halo_grid({"0": "the_tale#1", 8: "death"}, render.namer(book), "Frank")
    rows = grid.split("\n")
    assert rows[:3] == ["🟨⬛⬛", "⬛😇⬛", "⬛⬛💀"]
    assert rows[3] == "🟨 top left: The Tale"
    assert rows[4] == f"💀 bottom right: {book.deaths['death'].name}"
    # No fixed-width grid: nothing is padded to line up, so nothing wraps into garbage at 400 px.
    assert "```" not in grid and all(len(r) <= 60 for r in rows)
    assert render.halo_grid({}, render.namer(book), "Frank") == "Halo: nothing around Frank yet."  # no empty grid


def test_the_table_shows_the_public_game_and_no_hidden_card(rules, book):
    game = scene(rules)
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gladhander"))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="mind"))
    game.do(1, AssistCheck(virtue="mind"))
    public = project(game.state, None)["public"]
    text = text_of(render.table_embeds(book, public, WHO.get))
    assert "Main Street" in text and "(Doom)" in text and "2 cards" in text
    assert "Frank Block" in text and "Dr. Zeez" in text and "<@100>" in text
    assert "confronts **Gladhander**" in text and "Mind 15 or Soul 12" in text
    assert "checks Mind against 15" in text and "offers to assist with Mind 4" in text
    for hidden in ("Gryla", "Reaper", "Good Karma", "Gaunt", "Bloodgroom Bridge"):
        assert hidden not in text
    name = render.namer(book)
    shown = str(public)
    private = {name(u) for u in game.state.players[1].hand if u.split("#")[0] not in shown}
    assert private and not [n for n in private if n in text]


def test_the_guide_panel_shows_nexus_cards_in_order_the_clock_and_the_saints(rules, book):
    game = scene(rules)
    view = project(game.state, GUIDE)
    text = text_of(render.guide_embeds(book, view, ["Nexus ready."], WHO.get))
    assert "1. Gryla, 2. Reaper" in text
    assert "Bloodgroom Bridge [bloodgroom_bridge]" in text and "hidden" in text
    assert "1. Good Karma, 2. Gaunt (after 1 turns)" in text
    assert "Frank Block: hand 4, deck" in text and "Dr. Zeez: hand 6" in text
    assert "Nexus ready." in text


def test_the_guide_panel_fits_one_message_with_a_huge_clock(rules, book):
    game = scene(rules)
    game.do(GUIDE, StackClock(random_omens=len(book.omens) - 2))
    for key in ("chapel", "motel"):
        game.do(GUIDE, PrepareNexus(nexus=key))
    embeds = render.guide_embeds(book, project(game.state, GUIDE), ["x" * 200] * 6, WHO.get)
    assert sum(len(e) for e in embeds) <= 6000
    assert all(len(f.value or "") <= 1024 for e in embeds for f in e.fields)


def test_a_saints_hand_lists_their_cards_and_what_to_do(rules, book):
    game = scene(rules)
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.hand_of(0, "reaper", "streetsweeper")
    view = project(game.state, 0)
    embed = render.hand_embed(book, view, 0, "It's your turn.", ["You drew a card."])
    text = text_of([embed])
    assert "Reaper" in text and "Streetsweeper" in text and "(2/4)" in text
    assert "It's your turn." in text and "You drew a card." in text
    zeez = {render.namer(book)(u) for u in game.state.players[1].hand} - {"Reaper", "Streetsweeper"}
    assert zeez and not [n for n in zeez if n in text]


def test_saint_record_shows_halo_fragments_deaths_and_gifts(book):
    record = new_record("frank_block", book)
    record.name = "Frank"
    record.halo[1] = "the_tale"
    record.missions = 3
    slot_death(record)
    text = text_of([render.record_embed(book, record)])
    assert "Missions played: 3" in text and "Deaths: 1/9" in text
    assert "🟨 top: The Tale" in text and "Rage gifts (4)" in text
    line = render.record_line(book, record)
    assert line.startswith("**Frank** (Frank Block") and "1 death, 1 fragment" in line


def test_a_ninth_death_shows_the_saint_dead(book):
    record = new_record("frank_block", book)
    for _ in range(9):
        slot_death(record)
    assert "dead for good" in text_of([render.record_embed(book, record)])
    before = SaintRecord(saint_id="frank_block", name="Frank")
    assert "gone for good" in render.record_change(book, before, record)


def test_record_change_names_the_new_fragment(rules, book):
    before = new_record("frank_block", book)
    after = before.model_copy(deep=True)
    after.halo[3] = "the_tale"
    after.missions = 1
    line = render.record_change(book, before, after)
    assert "mission 1" in line and "new fragment The Tale" in line and "deaths 0/9" in line


def test_saint_controls_follow_the_legal_actions_and_fit_five_rows(rules, book):
    game = scene(rules)
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gladhander"))
    game.do(0, Next())
    game.do(0, Next())
    public = project(game.state, 0)["public"]
    items = views.saint_items(7, book, public, 0, rules.legal_actions(game.state, 0))
    labels = [getattr(i.item, "label", None) for i in items]
    assert "Attempt with Mind" in labels and "Attempt with Soul" in labels
    view = discord.ui.View(timeout=None)
    for item in items:
        view.add_item(item)  # raises if the items do not fit Discord's five rows
    game.do(0, Attempt(virtue="mind"))
    game.do(1, AssistCheck(virtue="mind"))
    public = project(game.state, 0)["public"]
    items = views.saint_items(7, book, public, 0, rules.legal_actions(game.state, 0))
    labels = [getattr(i.item, "label", None) for i in items]
    assert labels[:2] == ["Accept the assist", "Refuse the assist"]


def test_guide_controls_and_clicks_become_commands(rules, book):
    game = scene(rules)
    view = project(game.state, GUIDE)
    items = views.guide_items(
        7, book, view["public"], view["secret"], ["Frank", "Zeez"], rules.legal_actions(game.state, GUIDE)
    )
    ids = [i.item.custom_id for i in items]
    assert (
        "gm:7:g_won" in ids and "gm:7:g_delay" in ids and "gms:7:g_start" in ids and "gms:7:g_reveal" in ids
    )
    reveal = next(i for i in items if i.item.custom_id == "gms:7:g_reveal")
    assert {o.label: o.description for o in reveal.item.options}["Bloodgroom Bridge"] == (
        "Doom · 0 cards: Ice, and something under it."
    )
    assert views.command_for("g_start", None, ["1"], []) == {"type": "g_start", "seat": 1}
    assert views.command_for("g_present", "0.main_street", [], []) == {
        "type": "g_present",
        "seat": 0,
        "nexus": "main_street",
    }
    assert views.command_for("g_lost", None, [], []) == {"type": "g_end_mission", "won": False}
    assert views.command_for("g_draw", None, ["0", "1"], []) == {"type": "g_draw", "seats": [0, 1]}
    assert views.command_for("g_stop", None, [], []) == {"type": "g_stop", "power": None}
    assert views.command_for("g_mutate", None, ["fiery"], []) == {"type": "g_mutate", "mutation": "fiery"}
    assert views.command_for("g_retreat", None, ["motel"], []) == {"type": "g_retreat", "nexus": "motel"}
    assert views.command_for("play", None, ["reaper#1|1"], []) == {
        "type": "play",
        "card": "reaper#1",
        "power": 1,
        "target": None,
        "option": None,
        "amount": None,
        "cards": [],
        "dice": [],
    }
    assert views.command_for("play", None, ["grifter#1|0|2"], []) == {
        "type": "play",
        "card": "grifter#1",
        "power": 0,
        "target": 2,
        "option": None,
        "amount": None,
        "cards": [],
        "dice": [],
    }
    assert views.command_for("g_stop", None, ["1"], []) == {"type": "g_stop", "power": 1}
    assert views.command_for("focus", None, [], []) == {"type": "focus"}
    assert views.command_for("reroll", "0.2~1", [], []) == {"type": "reroll", "dice": [0, 2], "assist": 1}
    assert views.command_for("answer", "1", [], []) == {"type": "answer", "option": 1}
    assert views.command_for("order", None, [], ["a#1", "b#1"]) == {"type": "answer", "order": ["a#1", "b#1"]}
    assert views.command_for("nonsense", None, [], []) is None
    # Every command the clicks make is one the engine can parse.
    for cmd in (views.command_for("g_start", None, ["1"], []), views.command_for("attempt", "rage", [], [])):
        rules.parse_command(cmd)


def test_the_guides_mutations_say_what_they_do_to_the_confronted_card(rules, book):
    game = scene(rules)
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="gladhander"))
    view = project(game.state, GUIDE)
    items = views.guide_items(
        7, book, view["public"], view["secret"], ["Frank", "Zeez"], rules.legal_actions(game.state, GUIDE)
    )
    mutate = next(i for i in items if i.item.custom_id == "gms:7:g_mutate")
    for option in mutate.item.options:
        if option.value not in book.mutations:  # "Write your own…"
            continue
        m = book.mutations[option.value]
        side = m.vs_threat if "gladhander" in book.threats else m.other
        assert option.description.startswith(f"{side.name}: on a 1, ") and len(option.description) <= 100


def test_written_fragment_appears_on_the_table_by_name(rules, book):
    game = scene(rules)
    game.do(GUIDE, GiveFragment(seat=1, name="The Ferris Wheel", text="The top of the wheel.", slot=0))
    public = project(game.state, None)["public"]
    assert "The Ferris Wheel" in text_of(render.table_embeds(book, public, WHO.get))


def test_a_crowded_table_fits_one_message(rules, book):
    game = guided(rules, sorted(book.saints)[:4])
    fragments = sorted(book.fragments)
    for seat in game.pub.saints:
        for slot in (0, 1, 2, 3, 5, 6, 7, 8):
            game.pub.saints[seat].halo[slot] = f"{fragments[slot % len(fragments)]}#{seat}{slot}"
        game.pub.saints[seat].discard = [f"{fragments[0]}#d{seat}"]
    for key in ("chapel", "motel"):
        game.do(GUIDE, PrepareNexus(nexus=key, reveal=True))
    game.do(GUIDE, Present(seat=0, card="gladhander"))
    embeds = render.table_embeds(book, project(game.state, None)["public"], WHO.get)
    assert sum(len(e) for e in embeds) <= render.TABLE_BUDGET
    assert all(len(f.value or "") <= 1024 for e in embeds for f in e.fields)


def test_mission_notes_for_the_guide(book):
    assert "own mission" in text_of(render.mission_notes(book, None))
    mission = next(iter(book.missions.values()))
    text = text_of(render.mission_notes(book, mission.id))
    assert mission.name in text and mission.lowdown[:40] in text
    for nx in mission.nexuses:
        assert f"[{nx.key}]" in text


def test_mission_end_choices_come_to_the_saints_panel_and_the_table():
    """A fragment choice is a select on the chooser's panel (a faded saint's includes giving it up);
    the rebuild offers Done, the gifts held and the table's; the table shows the display and gaps."""
    from test_apoc_between import rebuild, win
    from test_apoc_coop import FRANK, OPHELIA, christmas

    from bot.games.apocrypha import RULES

    game = christmas(RULES)
    game.pub.saints[OPHELIA].fading = True
    win(game)
    public = project(game.state, OPHELIA)["public"]
    items = views.saint_items(9, RULES.book, public, OPHELIA, RULES.legal_actions(game.state, OPHELIA))
    pick = next(i for i in items if i.verb == "pick")
    labels = [o.label for o in pick.item.options]
    assert labels[-1] == "No fragment" and sum("to avoid your death" in x for x in labels) == 4
    assert not views.saint_items(9, RULES.book, public, FRANK, RULES.legal_actions(game.state, FRANK))
    text = text_of(render.table_embeds(RULES.book, public, WHO.get))
    assert "Mission End" in text and "Fragments on display" in text
    game = christmas(RULES)
    rebuild(game)
    public = project(game.state, OPHELIA)["public"]
    items = views.saint_items(9, RULES.book, public, OPHELIA, RULES.legal_actions(game.state, OPHELIA))
    verbs = [i.verb for i in items]
    assert "offer" in verbs and "take" not in verbs and "answer" in verbs
    assert views.command_for("offer", None, ["crowbar"], [], []) == {"type": "offer", "gift": "crowbar"}
    assert views.command_for("pick", None, ["2"], [], []) == {"type": "answer", "option": 2}
    text = text_of(render.table_embeds(RULES.book, public, WHO.get))
    assert "Gifts on the table: none." in text and "deck complete" in text


def rolled_mind_check(rules, *hand):
    """Dr. Zeez attempts Mind against the Gladhander and rolls 5, 4, 4, 3; returns the game and hand."""
    game = guided(rules, ["dr_zeez"], side="hope")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    held = game.hand_of(0, *hand) if hand else []
    game.do(GUIDE, Present(seat=0, card="gladhander"))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="mind"))
    game.dice(5, 4, 4, 3)
    game.do(0, Roll())
    return game, held


def test_damage_with_a_choice_offers_exactly_that_many_matching_gifts(rules, book):
    game, held = rolled_mind_check(rules, "scrapbook", "gallowglasses", "parasight", "reaper")
    scrap, glasses, parasight, reaper = held
    game.do(0, Keep())  # 13 vs. 15: 2 Mind damage, three Mind gifts to choose from
    view = project(game.state, 0)
    items = views.saint_items(
        7, book, view["public"], 0, rules.legal_actions(game.state, 0), view["private"]["hand"]
    )
    lose = next(i.item for i in items if isinstance(i.item, discord.ui.Select) and "lose" in i.item.custom_id)
    assert lose.min_values == lose.max_values == 2
    assert sorted(o.value for o in lose.options) == sorted([scrap, glasses, parasight])
    assert views.command_for("lose", None, [scrap, glasses], []) == {
        "type": "answer",
        "cards": [scrap, glasses],
    }
    game.do(0, Answer(**views.command_for("lose", None, [scrap, glasses], [])))
    assert sorted(game.state.players[0].hand) == sorted([parasight, reaper])


def test_the_active_saint_line_follows_the_confrontation_and_the_check(rules, book):
    # Defect: "Active saint: ... (start step)" stayed put through avoid, initiate and act.
    game = guided(rules, ["frank_block"], side="hope")
    game.do(GUIDE, StackClock(cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0))  # the clock's threat is confronted in the Start step

    def head() -> str:
        return render.table_embeds(book, project(game.state, 0)["public"], lambda s: f"S{s}")[0].description

    assert "Active saint: S0 (start step, confronting: avoid)" in head()
    game.do(0, Next())
    assert "(start step, confronting: initiate)" in head()
    game.do(0, Next())
    assert "(start step, confronting: act)" in head()
    game.do(0, Attempt(virtue="body"))
    assert "(start step, confronting: act, check: assist)" in head()


def test_the_evaluate_panel_shows_the_dice_it_asks_about(rules, book):
    game, _ = rolled_mind_check(rules)
    view = project(game.state, 0)
    text = text_of([render.hand_embed(book, view, 0, "Keep three dice.", [], WHO.get)])
    assert "The check" in text and "Dice: " in text
    for i, value in enumerate((5, 4, 4, 3)):
        assert f"d{i + 1} " in text and f" {value}" in text
    items = views.saint_items(
        7, book, view["public"], 0, rules.legal_actions(game.state, 0), view["private"]["hand"]
    )
    labels = [getattr(i.item, "label", "") for i in items]
    assert "Keep the best three" in labels
    # A reroll button names the faces it throws away.
    assert views._die_value(view["public"], 0) == " (a 5)" and views._die_value({}, 0) == ""


def test_omen_and_move_options_say_what_they_do(rules, book):
    game = guided(rules, ["frank_block", "dr_zeez"], side="doom")
    game.do(GUIDE, PrepareNexus(nexus="chapel", reveal=True))
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["the_hookup", "gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(0, Next())
    game.do(0, Next())

    def options(verb: str) -> dict[str, str | None]:
        public = project(game.state, 0)["public"]
        items = views.saint_items(7, book, public, 0, rules.legal_actions(game.state, 0), game.state.players[0].hand)
        select = next(i for i in items if i.item.custom_id.startswith(f"gms:7:{verb}"))
        return {o.label: o.description for o in select.item.options}

    omens = options("investigate")
    assert omens and all(d.startswith(("Hope omen", "Doom omen")) for d in omens.values()), omens
    assert "The Hookup" not in omens or omens["The Hookup"].endswith("When you win against a gift in this investigation, draw 1 card.")
    game.do(0, Next())
    moves = options("move")
    # Chapel is on its Doom side: what that does to saints there, and how many cards it holds.
    assert moves["Chapel"].startswith("Doom · ") and moves["Chapel"] == "Doom · 0 cards: Trash your highest Soul die."
    assert all(d and len(d) <= 100 for d in [*omens.values(), *moves.values()])


def test_after_the_mission_the_panel_drops_the_missions_hand_and_recent_lines():
    """Once the mission is won the saint's panel is about Mission End: no hand from the mission, no
    Recent lines from its last turn, and a prompt that says whose fragment choice the choir waits on."""
    from test_apoc_between import win
    from test_apoc_coop import OPHELIA, ZEEZ, christmas

    from bot.games.apocrypha import RULES
    from cogs.apocrypha.cog import ApocryphaCog

    game = christmas(RULES)
    win(game)
    view = project(game.state, ZEEZ)
    prompt = ApocryphaCog._prompt(view["public"], ZEEZ)
    assert prompt == f"Waiting for @{{{OPHELIA}}} to choose a fragment from the display."
    text = text_of([render.hand_embed(RULES.book, view, ZEEZ, prompt, ["You draw Bones."], WHO.get)])
    assert "You draw Bones" not in text and "Recent" not in text and "your hand" not in text
    assert "Mission End" in text and "Fragments on display" in text and "endturn" not in text
    mine = project(game.state, OPHELIA)
    text = text_of([render.hand_embed(RULES.book, mine, OPHELIA, "Choose a fragment.", [], WHO.get)])
    assert "Choose a fragment." in text


def test_the_table_names_the_rebuilding_choir_in_one_line():
    """Between missions every saint is asked to rebuild; the table's waiting field says it once."""
    from test_apoc_between import rebuild
    from test_apoc_coop import OPHELIA, christmas

    from bot.games.apocrypha import RULES

    game = christmas(RULES)
    rebuild(game)
    public = project(game.state, OPHELIA)["public"]
    who = {0: "<@100>", 1: "<@101>", 2: "<@102>"}.get
    embed = render.table_embeds(RULES.book, public, who)[0]
    waiting = next(f.value for f in embed.fields if f.name == "Waiting on an answer")
    assert waiting.count("Rebuild") + waiting.count("rebuild") == 1, waiting
    assert "<@100>, <@101> and <@102>" in waiting
