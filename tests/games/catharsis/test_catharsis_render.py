"""The cog's pure renderers and the click codec, without Discord."""

from __future__ import annotations

from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from bot.games.catharsis.morale import TOUGHNESS_BY_SIZE
from cogs.catharsis import render, views
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id
NAMES = ["<@1>", "<@2>"]


def test_table_shows_foes_morale_tier_boards_and_dice() -> None:
    s = new_game(2, roles=["unmei", "jaden"], first=["blighted-stallion"])
    board(s, 0, P("Rising Sun"), P("Quick Draw"))
    s.public.heroes[0].board[1].ready = False
    s.public.heroes[1].counters["spore"] = 2
    dice(s, 0, 6, 2)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    foe = s.public.foes[0]
    embed = render.table_embed(project(s, None)["public"], NAMES)
    text = embed.description + "".join(f.name + f.value for f in embed.fields)
    assert "Blighted Stallion" in text and f"{foe.max_health - 3}/{foe.max_health}" in text  # Rising Sun hit for 3
    assert "Morale" in text and "21/21" in text and "Heroic" in text
    assert "⚫ Rising Sun" in text and "⚫ Quick Draw" in text
    assert "~~6~~ 2" in text and "spore 2" in text and "Unmei Hanaka" in text


def test_table_shows_votes_and_waiting_damage() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["stampede"])
    pub = project(s, None)["public"]
    assert "Vote:" in render.table_embed(pub, NAMES).description
    s = act(act(s, 0, type="vote", option=0), 1, type="vote", option=0)
    desc = render.table_embed(project(s, None)["public"], NAMES).description
    assert "damage to the party, shared as you like" in desc


def test_panel_lists_each_power_with_its_costs_and_the_role_texts() -> None:
    s = new_game(1, roles=["hidorian"], first=["rotting-foal"])
    board(s, 0, P("Fate Thread"))
    pub = project(s, 0)["public"]
    embed = render.panel_embed(pub, 0, ["a note"], render.prompt_for(pub, 0))
    assert "[?] store these dice (does not exhaust) / [135 from pools] deal 5 damage" in embed.description
    assert content().roles["hidorian"].flip in embed.description
    assert "Roll your dice." in embed.description
    assert any("a note" in f.value for f in embed.fields)
    # Every symbol on the panel is spelled out under it.
    for symbol in ("🟢 ready", "⚫ exhausted", "[?] any die", "[AA]", "Combo"):
        assert symbol in embed.footer.text


def test_ability_text_covers_every_block_used_in_the_data() -> None:
    for power in content().powers.values():
        for ab in (power.top, power.bottom):
            if ab is not None:
                text = render.ability_text(ab)
                assert "_" not in text, text  # every block has words of its own


def test_codec_round_trips_commands() -> None:
    a = c.Activate(slot=3, half="bottom", dice=[0, 2], target=1, ally=0)
    assert views.decode(views.encode(a)) == {
        "type": "activate",
        "slot": 3,
        "half": "bottom",
        "dice": [0, 2],
        "target": 1,
        "ally": 0,
    }
    assert views.decode(views.encode(c.Passive(value=4))) == {
        "type": "passive",
        "dice": [],
        "target": None,
        "value": 4,
    }
    assert views.decode(views.encode(c.Flip(target=0))) == {"type": "flip", "target": 0}
    assert views.decode(views.encode(c.Activate(slot=0, boost=True)))["boost"] is True
    assert views.wound_slots(["2", "4.2"]) == [2, 4, 4]
    assert views.aimed_command("a" + views.encode(a), ["1.0.-1"])["adjust"] == [
        {"seat": 1, "die": 0, "delta": -1}
    ]


def test_panel_items_follow_legal_actions() -> None:
    s = new_game(1, roles=["unmei"], first=["rotting-foal"])
    pub = project(s, 0)["public"]
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["Player 1"])
    ids = [i.custom_id for i in items]
    assert ids == ["gm:1:roll", "gm:1:done"]
    s = act(s, 0, type="roll")
    pub = project(s, 0)["public"]
    ids = [i.custom_id for i in views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["Player 1"])]
    assert "gms:1:reroll" in ids and "gms:1:use" in ids


def test_adjust_needs_a_second_pick() -> None:
    s = new_game(2, roles=["leme", "unmei"], first=["rotting-foal"])
    board(s, 0, P("Root Grip"))
    dice(s, 0, 3, 4)
    dice(s, 1, 5)
    pub = project(s, 0)["public"]
    code = views.encode(c.Activate(slot=0, dice=[0, 1]))
    assert views.needs_aim(pub, 0, views.decode(code)) == "adjust"
    [select] = views.aim_items(1, pub, 0, code, "adjust", ["Player 1", "Player 2"])
    values = [o.value for o in select.item.options]
    assert values == ["1.0.-2", "1.0.-1", "1.0.1"]  # no wrapping past 6
    assert not any(v.startswith("0.") for v in values)  # her own dice are being spent


def test_heal_and_prevent_can_be_aimed_at_another_hero() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal"])
    board(s, 0, P("Iron Arm Parry"))
    dice(s, 0, 4)
    pub = project(s, 0)["public"]
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["Ann", "Bo"])
    use = next(i for i in items if i.custom_id == "gms:1:use")
    labels = [o.label for o in use.item.options]
    assert any(label.endswith("for Bo") for label in labels)  # named as they joined
    value = next(o.value for o in use.item.options if o.label.endswith("for Bo"))
    assert views.decode(value)["ally"] == 1


def test_jaden_is_offered_the_spore_boost_and_hidorian_every_store_value() -> None:
    s = new_game(2, roles=["jaden", "hidorian"], first=["rotting-foal"])
    board(s, 0, P("Pitchfork Thrust"))
    dice(s, 0, 1, 2)
    dice(s, 1, 3)
    pub = project(s, 0)["public"]
    use = next(
        i
        for i in views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), NAMES)
        if i.custom_id == "gms:1:use"
    )
    assert any("+Spore" in o.label for o in use.item.options)
    pub = project(s, 1)["public"]
    use = next(
        i
        for i in views.panel_items(1, pub, 1, RULES.legal_actions(s, 1), NAMES)
        if i.custom_id == "gms:1:use"
    )
    stores = [views.decode(o.value)["value"] for o in use.item.options if o.value.startswith("p.")]
    assert stores == [1, 2, 3, 4, 5, 6]


def test_a_heal_with_more_exhausted_powers_than_points_asks_which() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal"])
    board(s, 0, P("Drawn Breath"), P("Quick Draw"))
    board(s, 1, P("Leaf Blades"), P("Bark Skin"), P("Thorn Whip"), ready=False)
    dice(s, 0, 1, 2)
    pub = project(s, 0)["public"]
    code = views.encode(c.Activate(slot=0, dice=[0, 1], ally=1))
    assert views.needs_aim(pub, 0, views.decode(code)) == "heal"
    [select] = views.aim_items(1, pub, 0, code, "heal", ["Ann", "Bo"])
    assert [o.value for o in select.item.options] == ["0", "1", "2"]
    assert select.item.options[2].label == "Bo: Thorn Whip" and select.item.max_values == 1
    command = views.aimed_command("h" + code, ["2"])
    assert command["refresh"] == [2] and command["ally"] == 1
    s = act(s, 0, **command)
    assert [sl.ready for sl in s.public.heroes[1].board] == [False, False, True]
    # One exhausted power and a heal of 1: nothing to choose.
    board(s, 1, P("Leaf Blades"), P("Bark Skin"))
    s.public.heroes[1].board[1].ready = False
    assert views.needs_aim(project(s, 0)["public"], 0, views.decode(code)) is None


def test_hidorian_chooses_which_dice_a_store_top_banks() -> None:
    s = new_game(2, roles=["hidorian", "leme"], first=["rotting-foal"])
    board(s, 0, P("Fate Thread"), P("Twin Omens"))  # tops: store `?` (does not exhaust), store `??`
    dice(s, 0, 2, 5, 6)
    pub = project(s, 0)["public"]
    actions = RULES.legal_actions(s, 0)
    twin = next(a for a in actions if isinstance(a, c.Activate) and a.slot == 1 and a.half == "top")
    assert twin.dice == [0, 1]  # what the greedy party and a timeout use: the first unused dice
    use = next(i for i in views.panel_items(1, pub, 0, actions, NAMES) if i.custom_id == "gms:1:use")
    label = next(o.label for o in use.item.options if o.value == views.encode(twin))
    assert "dice of your choice" in label and " with " not in label
    code = views.encode(twin)
    assert views.needs_aim(pub, 0, views.decode(code)) == "store"
    [select] = views.aim_items(1, pub, 0, code, "store", ["Ann", "Bo"])
    assert [o.label for o in select.item.options] == ["Die 1: 2", "Die 2: 5", "Die 3: 6"]
    assert select.item.min_values == select.item.max_values == 2  # exactly what `??` takes
    assert select.item.placeholder == "Pick 2 dice"
    command = views.aimed_command("s" + code, ["0", "2"])
    assert command["dice"] == [0, 2] and command["slot"] == 1
    before = dict(s.public.heroes[0].pools)
    s = act(s, 0, **command)
    assert [d.used for d in s.public.heroes[0].dice] == [True, False, True]
    s = act(act(s, 0, type="done"), 1, type="done")  # stored dice reach the pools as the phase ends
    after = s.public.heroes[0].pools
    assert {v: after[v] - before.get(v, 0) for v in after if after[v] != before.get(v, 0)} == {2: 1, 6: 1}


def test_a_store_top_asks_nothing_when_there_is_no_choice() -> None:
    s = new_game(2, roles=["hidorian", "leme"], first=["rotting-foal"])
    board(s, 0, P("Fate Thread"), P("Twin Omens"))
    dice(s, 0, 4, 4, 4)  # one value only
    pub = project(s, 0)["public"]
    store_two = views.encode(c.Activate(slot=1, dice=[0, 1]))
    assert views.needs_aim(pub, 0, views.decode(store_two)) is None
    dice(s, 0, 3, 5)  # exactly as many dice as `??` takes
    assert views.needs_aim(project(s, 0)["public"], 0, views.decode(store_two)) is None
    # A die already spent is not offered, and a choice of another's die is refused by the rules.
    dice(s, 0, 1, 2, 3)
    s.public.heroes[0].dice[0].used = True
    pub = project(s, 0)["public"]
    store_one = views.encode(c.Activate(slot=0, dice=[1]))
    [select] = views.aim_items(1, pub, 0, store_one, "store", ["Ann", "Bo"])
    assert [o.value for o in select.item.options] == ["1", "2"]
    assert "own unused dice" in refused(s, 0, **views.aimed_command("s" + store_one, ["0"]))


def test_an_adjust_without_up_to_offers_only_the_full_step() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal"])
    board(s, 0, P("Measured Step"))  # bottom: move 1 die by exactly 2
    dice(s, 0, 5, 3)
    dice(s, 1, 4)
    pub = project(s, 0)["public"]
    code = views.encode(c.Activate(slot=0, half="bottom", dice=[0]))
    [select] = views.aim_items(1, pub, 0, code, "adjust", ["Ann", "Bo"])
    values = [o.value for o in select.item.options]
    assert values == ["0.1.-2", "0.1.2", "1.0.-2", "1.0.2"]  # the book's "by 2" is never a 1-step


def test_role_wound_and_recover_options_say_what_they_do() -> None:
    from bot.games.catharsis.rules import Options

    s = RULES.setup(Options(), 2, 1, {}).state
    [roles] = views.panel_items(1, project(s, 0)["public"], 0, RULES.legal_actions(s, 0), NAMES)
    blurbs = {r.name: r.blurb for r in content().roles.values()}
    assert all(o.description and blurbs[o.label].startswith(o.description.rstrip("…")) for o in roles.item.options)

    s = new_game(1, roles=["unmei"], first=["rotting-foal"])
    board(s, 0, P("Rising Sun"), P("Quick Draw"))
    s.public.heroes[0].board[1].ready = False
    hero = project(s, 0)["public"]["heroes"][0]
    wounds = {o.label: o.description for o in views._wound_options(hero)}
    assert wounds == {
        "Exhaust Rising Sun": "Takes 1 point. Rising Sun stays, unusable until refreshed.",
        "Exhaust and discard Rising Sun": "Takes 2 points. Rising Sun is gone for good.",
        "Discard Quick Draw": "Takes 1 point. Quick Draw is gone for good.",
    }
    board(s, 0, P("Quick Draw"), ready=False)
    [last] = views._wound_options(project(s, 0)["public"]["heroes"][0])
    assert last.description.endswith("It is your last power: you die.")
    # A power's halves in one line, for the recover, claim, replace and heal selects.
    summary = render.power_summary(P("Rising Sun"))
    assert summary.startswith("Top: [") and len(summary) <= 100


def test_a_foes_card_says_its_health_is_for_adventurers_and_how_the_others_scale_it() -> None:
    from cogs.catharsis.lookup import card_embed

    assert not content().decks["forest-elemental"].ladder  # a deck on the shared slopes
    text = card_embed("ember-sprite").description
    sprite = content().encounters["ember-sprite"].health
    assert f"Health {'/'.join(map(str, sprite))}" in text
    assert "That health is for Adventurers" in text and "Veterans 110%" in text and "Last Ditch 115%" in text
    lone = TOUGHNESS_BY_SIZE[1]
    assert f"(for 1 hero {lone['new-questors']}%, {lone['veterans']}%, {lone['last-ditch']}%; for 2 heroes" in text
    assert "for 3 heroes 88%, 100%, 100%; for 4 heroes 94%, 103%, 103%)" in text
    assert "in this deck" not in text


def test_a_foes_card_in_a_deck_with_its_own_ladder_gives_that_ladder() -> None:
    from cogs.catharsis.lookup import card_embed

    text = card_embed("bloated-lump").description
    ladder = content().decks["horrific-mass"].ladder
    own = ladder[1]
    assert f"for 1 hero {own[0]}%, {own[2]}%, {own[3]}% in this deck; for 2 heroes" in text
    assert 3 not in ladder  # a size the deck gives no ladder shows the shared slope, unmarked
    three = TOUGHNESS_BY_SIZE[3]
    assert f"for 3 heroes {three['new-questors']}%, {three['veterans']}%, {three['last-ditch']}%;" in text


def test_the_table_names_every_hero_while_traps_are_set_aside() -> None:
    """The set-aside line once reused the players' names list as text, so heroes' fields and waiting
    damage were titled with single letters."""
    s = new_game(2, roles=["unmei", "jaden"], boss="kings-guard")
    s.public.set_aside = ["murder-hole", "poisoned-banquet"]
    embed = render.table_embed(project(s, None)["public"], ["Ada", "Basil"])
    assert "Set aside: Murder Hole, Poisoned Banquet" in (embed.description or "")
    assert [f.value.split(" · ")[0] for f in embed.fields] == ["Ada", "Basil"]
