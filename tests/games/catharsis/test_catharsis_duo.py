"""Duo powers (the variant): pairing, one power fewer each, the shared card's halves and bonus, damage on
it, what no role rule reaches, Briggs's place for it, and how the panel and lobby show it."""

from __future__ import annotations

import pytest

from bot.engine.errors import GameError
from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.companions import capacity
from bot.games.catharsis.damage import add_packet, refresh_all
from bot.games.catharsis.duo import SPOT
from bot.games.catharsis.rules import Options
from bot.games.catharsis.state import Die
from cogs.catharsis import duo as panel_duo
from cogs.catharsis import render, views
from tests.games.catharsis.catharsis_driver import act, dice, refused, take_all


def _game(roles: list[str], pairs: list[list[int]] | None = None, seed: int = 3):
    s = RULES.setup(Options(duos=[[0, 1]] if pairs is None else pairs), len(roles), seed, {}).state
    s.secret.boss_deck = ["blighted-stallion", *[x for x in s.secret.boss_deck if x != "blighted-stallion"]]
    for seat, role in enumerate(roles):
        s = act(s, seat, type="role", role=role)
    s.public.foes[0].health = s.public.foes[0].max_health = 30
    return s


def test_pairs_are_two_different_players_each_in_one_duo_at_most() -> None:
    for pairs in ([[0, 0]], [[0, 2]], [[0, 1], [1, 2]], [[0]]):
        with pytest.raises(GameError):
            RULES.setup(Options(duos=pairs), 3 if pairs != [[0, 2]] else 2, 1, {})


def test_each_partner_starts_one_power_short_and_the_named_pair_gets_its_own_card() -> None:
    s = _game(["maladaum", "leme", "jaden"])
    [duo] = s.public.duos
    assert duo.card == "duo-briar-vow" and duo.seats == [1, 0]  # the card has Leme pay its top
    heroes = s.public.heroes
    assert [len(h.board) for h in heroes] == [5, 5, 6] and [h.deck_count for h in heroes] == [15, 15, 14]
    t = _game(["jaden", "unmei"])
    assert t.public.duos[0].card == "duo-bond-of-arms" and t.public.duos[0].seats == [0, 1]


def test_each_partner_pays_only_their_half_and_a_half_alone_exhausts_at_the_end_of_the_phase() -> None:
    s = _game(["jaden", "unmei"])
    dice(s, 0, 4, 4)
    dice(s, 1, 3, 3)
    assert "yours is its top" in refused(s, 0, type="duo", half="bottom", dice=[0, 1])
    assert "do not pay AA" in refused(s, 1, type="duo", half="bottom", dice=[0])
    s = act(s, 0, type="duo", half="top", dice=[0], target=0)
    assert s.public.foes[0].health == 28 and s.public.duos[0].ready and s.public.duos[0].paid == ["top"]
    assert "already used your half" in refused(s, 0, type="duo", half="top", dice=[1], target=0)
    s = act(s, 0, type="done")
    s = act(s, 1, type="done")
    assert not s.public.duos[0].ready and s.public.duos[0].paid == []


def test_both_halves_in_one_round_unleash_the_bonus_and_spend_the_card() -> None:
    s = _game(["jaden", "unmei"])
    dice(s, 0, 4)
    dice(s, 1, 3, 3)
    s = act(s, 0, type="duo", half="top", dice=[0], target=0)
    out = RULES.apply(s, 1, RULES.parse_command({"type": "duo", "half": "bottom", "dice": [0, 1], "target": 0}))
    s = out.state
    assert s.public.foes[0].health == 30 - 2 - 2 and s.public.heroes[1].shield == 3
    assert not s.public.duos[0].ready and "Together they unleash Bond of Arms's full strength." in [
        e.text for e in out.events
    ]
    assert "exhausted" in refused(s, 0, type="duo", half="top", dice=[], target=0)


def test_either_partner_takes_damage_on_it_and_it_is_discarded_for_good_but_still_refreshed_while_it_lasts() -> None:
    s = _game(["jaden", "unmei", "leme"])
    add_packet(s, "seat", 1, seat=0)
    s = act(s, 0, type="take", packet=0, slots=[SPOT])
    assert not s.public.duos[0].ready and len(s.public.heroes[0].board) == 5
    refresh_all(s)
    assert s.public.duos[0].ready
    add_packet(s, "seat", 1, seat=0)
    add_packet(s, "seat", 1, seat=1)
    s = act(s, 0, type="take", packet=0, slots=[SPOT])
    s = act(s, 1, type="take", packet=0, slots=[SPOT])  # both partners deal their point to it
    assert s.public.duos[0].gone
    refresh_all(s)
    assert not s.public.duos[0].ready  # a discarded duo power stays gone
    assert "cannot take" in _refused_take(s, 0)
    assert "cannot take" in _refused_take(s, 2)  # Leme never shared it


def _refused_take(s, seat: int) -> str:
    s = s.model_copy(deep=True)
    add_packet(s, "seat", 1, seat=seat)
    return refused(s, seat, type="take", packet=len(s.public.packets) - 1, slots=[SPOT])


def test_the_gentlest_take_uses_the_board_before_the_shared_power() -> None:
    from bot.games.catharsis.choices import take_command

    s = _game(["jaden", "unmei"])
    hero = s.public.heroes[0]
    assert hero.health == 10
    add_packet(s, "seat", 11, seat=0)
    assert take_command(s, hero, 0).slots[-1] == SPOT and take_command(s, hero, 0).slots.count(SPOT) == 1
    s = take_all(s)
    assert s.public.heroes[0].dead and not s.public.duos[0].ready and not s.public.duos[0].gone


def test_fizzleboom_cannot_swap_the_shared_power() -> None:
    s = _game(["fizzleboom", "unmei"])
    deck = s.public.heroes[0].deck_count
    add_packet(s, "seat", 1, seat=0)
    s = act(s, 0, type="take", packet=0, slots=[SPOT])
    assert not s.public.duos[0].ready and s.public.heroes[0].deck_count == deck  # no swap from the deck


def test_briggs_shares_his_board_place_and_pays_his_half_with_his_own_dice() -> None:
    s = _game(["briggs", "unmei"])
    hero = s.public.heroes[0]
    assert len(hero.board) == 5 and capacity(hero, s) == 5 and len(hero.essences) == 3
    hero.dice = [Die(value=v) for v in [4, 1, 1, 1, 1, 1, 2]]
    hero.rolls = 1
    assert "own dice" in refused(s, 0, type="duo", half="top", dice=[0], target=0)
    s = act(s, 0, type="duo", half="top", dice=[6], target=0)
    assert len(s.public.heroes[0].board) == 5 and s.public.foes[0].health == 28  # nothing handed back
    s.public.duos[0].gone = True
    assert capacity(s.public.heroes[0], s) == 6


def test_a_lost_duo_power_is_never_replaced_but_a_draw_fills_the_board_as_usual() -> None:
    from bot.games.catharsis.combat import run_blocks

    s = _game(["jaden", "unmei"])
    run_blocks(s, [{"op": "draw_each"}], [])
    assert [len(h.board) for h in s.public.heroes] == [5, 5]  # the shared power fills the sixth place
    s.public.duos[0].gone = True
    run_blocks(s, [{"op": "draw_each"}], [])
    assert [len(h.board) for h in s.public.heroes] == [6, 6] and s.public.duos[0].gone


def test_the_random_player_offers_each_partner_their_half() -> None:
    s = _game(["jaden", "unmei"])
    dice(s, 0, 4)
    dice(s, 1, 3, 3)
    assert c.DuoUse(half="top", dice=[0], target=0) in RULES.legal_actions(s, 0)
    assert c.DuoUse(half="bottom", dice=[0, 1], target=0) in RULES.legal_actions(s, 1)


def test_panel_table_and_wound_select_show_the_shared_power() -> None:
    s = _game(["leme", "maladaum"])
    dice(s, 0, 2, 5)
    dice(s, 1, 3, 3)
    pub = project(s, 0)["public"]
    embed = render.panel_embed(pub, 0, [], render.prompt_for(pub, 0), ["alice", "bob"])
    assert "**Duo power, shared with bob:** 🟢 **Briar Vow**" in embed.description
    assert "Your half (top): [??] adjust up to 2 dice by up to 1 · bob's half: [AA] prevent 3 damage" in embed.description
    table = render.table_embed(project(s, None)["public"], ["alice", "bob"])
    assert "Duo power **Briar Vow** (alice top, bob bottom): 🟢 ready" in table.description
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice", "bob"])
    use = next(i for i in items if i.verb == "use")
    option = next(o for o in use.item.options if o.label.startswith("Duo Briar Vow (top)"))
    assert option.description == "Shared with bob; if they use the bottom this round too: deal 3 damage, prevent 1 Morale loss."
    assert views.needs_aim(pub, 0, views.decode(option.value)) == "adjust"
    add_packet(s, "seat", 2, seat=0)
    pub = project(s, 0)["public"]
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice", "bob"])
    wound = next(i for i in items if i.verb == "wound")
    labels = [o.label for o in wound.item.options]
    assert "Exhaust and discard the shared Briar Vow" in labels
    s = act(s, 0, **views.command_for("wound", "0", ["-1.2"]))
    assert s.public.duos[0].gone


def test_lobby_requests_become_a_duo_when_two_players_name_each_other() -> None:
    options: dict = {}
    seats = [11, 22, 33]
    assert "asked" in panel_duo.ask(options, 11, seats, "22")
    assert panel_duo.pairs(options, seats) == []
    assert "will share" in panel_duo.ask(options, 22, seats, "11")
    assert panel_duo.pairs(options, seats) == [[0, 1]]
    assert panel_duo.lobby_text(options, seats) == "Duo: <@11> and <@22>"
    with pytest.raises(GameError, match="different players"):
        panel_duo.ask(options, 33, seats, "33")
    with pytest.raises(GameError, match="Join the lobby"):
        panel_duo.ask(options, 44, seats, "11")
    panel_duo.ask(options, 22, seats, "none")
    assert panel_duo.pairs(options, seats) == [] and panel_duo.pairs(options, [11, 33]) == []


def test_card_lookup_describes_each_duo_power() -> None:
    from cogs.catharsis.lookup import card_embed, card_names

    assert {"duo-briar-vow", "duo-bond-of-arms"} <= set(card_names())
    vow = card_embed("duo-briar-vow").description or ""
    assert "Shared by Leme Bal'Lura (top) and Maladaum Bonum (bottom)." in vow
    assert "Both halves in one round: deal 3 damage, prevent 1 Morale loss; then the card is exhausted." in vow
    assert "earlier seat pays the top" in (card_embed("duo-bond-of-arms").description or "")
