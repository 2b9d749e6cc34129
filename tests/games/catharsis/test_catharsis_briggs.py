"""Briggs and Liara, the Eternal Companions: Liara binds essences with her own dice, Briggs uses them and
hands them back, discards leave blank places, both Role cards' Passives and Flips, and the panel."""

from __future__ import annotations

from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.companions import capacity
from bot.games.catharsis.state import Die
from cogs.catharsis import render, views
from tests.games.catharsis.catharsis_driver import act, board, new_game, power_id, refused, take_all

P = power_id
FANG = "Wolfsoul Fang"  # top ? for 2 damage · bottom AA for 4
WARD = "Bearhide Ward"  # top ? prevents 2 · bottom AA prevents 4
EMBER = "Wyrm Ember"  # top 5 for 3 · bottom 55 for 6
SILK = "Spider Silk"  # top 1 prevents 2


def _fight(*cards: str, essences: tuple[str, ...] = (EMBER, SILK), players: int = 1):
    s = new_game(players, roles=["briggs", "leme"][:players], first=["blighted-stallion"])
    s.public.foes[0].health = s.public.foes[0].max_health = 30
    board(s, 0, *[P(name) for name in cards])
    s.public.heroes[0].essences = [P(name) for name in essences]
    return s


def _dice(s, liara: list[int], briggs: list[int]) -> None:
    hero = s.public.heroes[0]
    hero.dice = [Die(value=v) for v in [*liara, *briggs]]
    hero.rolls = 1


def test_setup_deals_briggs_a_board_liara_three_essences_and_the_pair_rolls_twelve_dice() -> None:
    s = new_game(1, roles=["briggs"], first=["blighted-stallion"])
    hero = s.public.heroes[0]
    assert len(hero.board) == 6 and len(hero.essences) == 3 and hero.deck_count == 11
    assert len(s.secret.decks[0]) == 11 and not set(hero.essences) & {sl.card for sl in hero.board}
    s.public.next_fewer_dice = 0
    s.public.fewer_dice = 2  # a Boss deck card takes dice from Briggs; Liara is beyond its reach
    s = act(s, 0, type="roll")
    assert len(s.public.heroes[0].dice) == 6 + 4


def test_liara_binds_an_essence_with_her_own_dice_onto_an_empty_place() -> None:
    s = _fight(FANG, WARD)
    _dice(s, [5, 1, 1, 1, 1, 1], [5, 2])
    assert "Liara binds with her own" in refused(s, 0, type="bind", essence=0, dice=[6])
    assert "do not pay 5" in refused(s, 0, type="bind", essence=0, dice=[1])
    s = act(s, 0, type="bind", essence=0, dice=[0])
    hero = s.public.heroes[0]
    assert [sl.card for sl in hero.board] == [P(FANG), P(WARD), P(EMBER)] and hero.board[2].ready
    assert hero.essences[0] == P(SILK) and len(hero.essences) == 3  # she draws another
    assert hero.dice[0].used and not hero.dice[6].used


def test_a_power_briggs_uses_goes_back_under_liaras_deck_and_leaves_its_place_empty() -> None:
    s = _fight(FANG, WARD)
    _dice(s, [1] * 6, [3, 4])
    assert "Briggs pays for his powers with his own dice" in refused(s, 0, type="activate", slot=0, dice=[0])
    deck = s.public.heroes[0].deck_count
    out = RULES.apply(s, 0, RULES.parse_command({"type": "activate", "slot": 0, "dice": [6]}))
    s, hero = out.state, out.state.public.heroes[0]
    assert s.public.foes[0].health == 28
    assert [sl.card for sl in hero.board] == [P(WARD)] and hero.deck_count == deck + 1
    assert s.secret.decks[0][-1] == P(FANG) and hero.returned == [P(FANG)]
    assert "Briggs hands Wolfsoul Fang back to Liara." in [e.text for e in out.events]


def test_using_his_last_power_is_not_offered_and_would_leave_him_fallen() -> None:
    s = _fight(FANG)
    s.public.heroes[0].essences = []
    _dice(s, [6] * 6, [3])
    assert not any(isinstance(a, c.Activate) for a in RULES.legal_actions(s, 0))
    s = act(s, 0, type="activate", slot=0, dice=[6])
    assert s.public.heroes[0].dead


def test_briggs_passive_adds_one_once_a_round_and_not_while_flipped() -> None:
    s = _fight(FANG, WARD, EMBER)
    _dice(s, [1] * 6, [3, 4, 5])
    s = act(s, 0, type="activate", slot=0, dice=[6], boost=True)
    assert s.public.foes[0].health == 27
    assert "already used his Passive" in refused(s, 0, type="activate", slot=0, dice=[7], boost=True)
    t = _fight(FANG, WARD)
    _dice(t, [1] * 6, [3, 4])
    t.public.heroes[0].flipped = True
    assert "flipped" in refused(t, 0, type="activate", slot=0, dice=[6], boost=True)
    u = _fight(SILK, FANG)
    u.public.heroes[0].board[0].card = P("Griffin Wing")  # top: prevent 1 Morale loss only
    _dice(u, [1] * 6, [3, 4])
    assert "has none" in refused(u, 0, type="activate", slot=0, dice=[6], boost=True)


def test_briggs_flip_keeps_the_powers_he_uses_this_round_only() -> None:
    s = _fight(FANG, WARD, EMBER)
    _dice(s, [1] * 6, [3, 4, 5])
    s = act(s, 0, type="flip")
    s = act(s, 0, type="activate", slot=0, dice=[6])
    hero = s.public.heroes[0]
    assert len(hero.board) == 3 and not hero.board[0].ready and hero.flipped
    assert "already flipped" in refused(s, 0, type="flip")
    s = act(s, 0, type="done")
    s = take_all(s)
    if s.public.vote is not None:
        s = act(s, 0, type="vote", option=0)  # push on without refreshing
    assert s.public.round == 2 and "keep" not in s.public.heroes[0].counters  # the hold lasts one round


def test_a_discarded_power_leaves_its_place_blank_for_good() -> None:
    s = _fight(FANG, WARD, EMBER, SILK, "Owl Sight", "Stag Heart", essences=(FANG,))
    hero = s.public.heroes[0]
    hero.board[0].ready = False
    s.public.packets = []
    from bot.games.catharsis.damage import add_packet

    add_packet(s, "seat", 1, seat=0)
    s = act(s, 0, type="take", packet=0, slots=[0])
    hero = s.public.heroes[0]
    assert len(hero.board) == 5 and capacity(hero) == 5
    _dice(s, [1] * 6, [2])
    assert not any(isinstance(a, c.Bind) for a in RULES.legal_actions(s, 0))
    assert "no empty place" in refused(s, 0, type="bind", essence=0, dice=[0])


def test_told_to_replace_briggs_returns_the_power_and_liara_hands_one_over_free() -> None:
    from bot.games.catharsis.damage import replace_power

    s = _fight(FANG, WARD)
    replace_power(s, s.public.heroes[0], 0, [])
    hero = s.public.heroes[0]
    assert [sl.card for sl in hero.board] == [P(EMBER), P(WARD)]
    assert s.secret.decks[0][-1] == P(FANG) and hero.essences[0] == P(SILK) and len(hero.essences) == 2 + 1
    assert P(FANG) not in hero.discards and capacity(hero) == 6


def test_liara_passive_spends_her_die_to_move_another_by_one_onto_its_value() -> None:
    s = _fight(FANG, WARD, players=2)
    _dice(s, [4, 1, 1, 1, 1, 6], [3])
    s.public.heroes[1].dice, s.public.heroes[1].rolls = [Die(value=5)], 1
    s = act(s, 0, type="passive", adjust=[{"seat": 0, "die": 6, "delta": 1}])
    hero = s.public.heroes[0]
    assert hero.dice[6].value == 4 and hero.dice[0].used and not hero.dice[6].used
    s = act(s, 0, type="passive", adjust=[{"seat": 1, "die": 0, "delta": 1}])  # an ally's die
    assert s.public.heroes[1].dice[0].value == 6 and s.public.heroes[0].dice[5].used
    t = _fight(FANG, WARD)
    _dice(t, [5, 1, 1, 1, 1, 1], [3])
    assert "no unused 4" in refused(t, 0, type="passive", adjust=[{"seat": 0, "die": 6, "delta": 1}])
    assert "exactly 1" in refused(t, 0, type="passive", adjust=[{"seat": 0, "die": 6, "delta": 2}])
    assert "not her own" in refused(t, 0, type="passive", adjust=[{"seat": 0, "die": 1, "delta": 1}])


def test_liara_flip_copies_her_values_onto_up_to_three_dice_and_is_refreshed_with_the_party() -> None:
    s = _fight(FANG, WARD)
    _dice(s, [6, 1, 1, 1, 1, 2], [3, 4, 5, 1])
    nudges = [{"seat": 0, "die": 6, "delta": 3}, {"seat": 0, "die": 7, "delta": 2}, {"seat": 0, "die": 8, "delta": -3}]
    assert "1 to 3 dice" in refused(s, 0, type="flip", value=1, adjust=[*nudges, {"seat": 0, "die": 9, "delta": 5}])
    s = act(s, 0, type="flip", value=1, adjust=nudges)
    hero = s.public.heroes[0]
    assert [d.value for d in hero.dice[6:]] == [6, 6, 2, 1] and not any(d.used for d in hero.dice)
    assert hero.counters["veil"] == 1 and not hero.flipped
    assert "already flipped" in refused(s, 0, type="flip", value=1, adjust=nudges[:1])
    assert "out of reach" in refused(s, 0, type="passive", adjust=[{"seat": 0, "die": 9, "delta": 1}])
    from bot.games.catharsis.damage import refresh_all

    refresh_all(s)
    assert "veil" not in s.public.heroes[0].counters


def test_the_random_player_binds_lends_and_flips_both_cards() -> None:
    s = _fight(FANG, WARD)
    _dice(s, [5, 2, 1, 1, 1, 1], [3, 4])
    offered = RULES.legal_actions(s, 0)
    assert c.Bind(essence=0, dice=[0]) in offered and c.Bind(essence=1, dice=[2]) in offered
    assert any(isinstance(a, c.Passive) for a in offered)
    assert c.Flip() in offered and any(isinstance(a, c.Flip) and a.value == 1 for a in offered)
    assert c.Activate(slot=0, dice=[6], target=0, boost=True) in offered


def test_panel_and_table_show_liara_her_essences_and_whose_dice_are_whose() -> None:
    s = _fight(FANG, WARD)
    _dice(s, [5, 2, 1, 1, 1, 1], [3, 4])
    pub = project(s, 0)["public"]
    embed = render.panel_embed(pub, 0, [], render.prompt_for(pub, 0))
    assert "**Liara's essences** (bind one for its top cost, with her dice):" in embed.description
    assert "**Wyrm Ember**: [5] deal 3 damage / [55] deal 6 damage" in embed.description
    assert "**Dice:** Liara 5 2 1 1 1 1 · Briggs 3 4" in embed.description
    table = render.table_embed(project(s, None)["public"], ["alice"])
    text = "".join(f.value for f in table.fields)
    assert "Liara holds: Wyrm Ember, Spider Silk" in text and "Briggs face up, Liara face up" in text
    shown = {*s.public.heroes[0].essences, P(FANG), P(WARD)}  # (the test set these by hand)
    hidden = {views.content().card_name(x) for x in s.secret.decks[0] if x not in shown}
    assert not any(name in text for name in hidden)
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice"])
    use = next(i for i in items if i.verb == "use")
    options = {o.label: o for o in use.item.options}
    bind = options["Liara binds Wyrm Ember with 5"]
    assert bind.description.startswith("To an empty place on Briggs's board, ready.")
    assert views.decode(bind.value) == {"type": "bind", "essence": 0, "dice": [0]}
    assert "Wolfsoul Fang (top) +Passive with 3: [?] deal 2 damage" in options
    assert "Flip Briggs's Role card: keep the powers he uses this round" in options
    reroll = next(i for i in items if i.verb == "reroll")
    assert [o.label for o in reroll.item.options][5:7] == ["Liara's die 6: 1", "Briggs's die 1: 3"]
    lend = next(o for label, o in options.items() if label.startswith("Liara's Passive"))
    [aim] = views.aim_items(1, pub, 0, lend.value, views.needs_aim(pub, 0, views.decode(lend.value)), ["alice"])
    labels = [o.label for o in aim.item.options]
    assert "Briggs's die 1 (3) → 2 (spends her 2)" in labels and "Briggs's die 2 (4) → 5 (spends her 5)" in labels
    picked = views.aimed_command("l" + lend.value, ["0.6.-1"])
    s = act(s, 0, **picked)
    assert [d.value for d in s.public.heroes[0].dice[6:]] == [2, 4] and s.public.heroes[0].dice[1].used


def test_card_lookup_shows_both_role_cards_and_how_the_pair_plays() -> None:
    from cogs.catharsis.lookup import card_embed, card_names

    embed = card_embed("briggs")
    fields = {f.name: f.value for f in embed.fields}
    assert set(fields) == {"Passive", "Flip", "Liara's Passive", "Liara's Flip"}
    assert "goes back under Liara's deck" in (embed.description or "")
    assert "briggs" in card_names() and "briggs-20" in card_names()


def test_the_table_picture_names_liaras_essences_and_gives_her_dice_their_own_row() -> None:
    from bot.pictures.catharsis import draw

    s = _fight(FANG, WARD)
    _dice(s, [5, 2, 1, 1, 1, 1], [3, 4])
    with_dice = draw(project(s, None)["public"], ["alice"])
    assert "Liara holds Wyrm Ember, Spider Silk" in with_dice.strings
    s.public.heroes[0].dice = []
    assert draw(project(s, None)["public"], ["alice"]).image.height < with_dice.image.height  # two rows of dice
