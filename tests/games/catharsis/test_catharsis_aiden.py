"""Aiden Azazel, the Tainted Bard: songs that level up as they are sung, the Passive and the Flip."""

from __future__ import annotations

from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import content
from cogs.catharsis import render, views
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id
STEEL = "Ballad of Steel"  # I: ? for 1 · II: ?? for 3 · III: AA? for 5 · IV: AAA for 9


def _fight(*cards: str, players: int = 1):
    s = new_game(players, roles=["aiden", "leme"][:players], first=["blighted-stallion"])
    s.public.foes[0].health = s.public.foes[0].max_health = 30
    board(s, 0, *[P(name) for name in cards])
    return s


def test_every_song_has_four_levels_and_no_bottom() -> None:
    for power in content().role_powers("aiden"):
        assert len(power.levels) == 3 and power.bottom is None
        assert content().song(power.id)
    assert not content().song(P("Silver Bolt"))


def test_a_song_climbs_a_level_each_time_it_is_sung_and_can_be_sung_again_at_once() -> None:
    s = _fight(STEEL, "Hymn of Mending")
    dice(s, 0, 1, 2, 3, 4, 4, 4)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    slot = s.public.heroes[0].board[0]
    assert s.public.foes[0].health == 29 and slot.face == 1 and slot.ready
    s = act(s, 0, type="activate", slot=0, dice=[1, 2])  # Level II, the same round
    assert s.public.foes[0].health == 26 and s.public.heroes[0].board[0].face == 2
    # Level III wants AA?: the pair and a third die.
    assert "do not pay" in refused(s, 0, type="activate", slot=0, dice=[3])
    s = act(s, 0, type="activate", slot=0, dice=[3, 4, 5])
    assert s.public.foes[0].health == 21 and s.public.heroes[0].board[0].face == 3


def test_a_song_sung_at_level_four_is_discarded_with_nothing_drawn() -> None:
    s = _fight(STEEL, "Hymn of Mending")
    s.public.heroes[0].board[0].face = 3
    deck = s.public.heroes[0].deck_count
    dice(s, 0, 5, 5, 5)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1, 2])
    hero = s.public.heroes[0]
    assert s.public.foes[0].health == 30 - 9
    assert [sl.card for sl in hero.board] == [P("Hymn of Mending")] and hero.deck_count == deck
    assert P(STEEL) in hero.discards


def test_damage_that_exhausts_a_song_sends_it_back_to_level_one() -> None:
    s = new_game(1, roles=["aiden"], first=["thorn-fence"])  # a trap: damage to every hero
    hero = s.public.heroes[0]
    for slot in hero.board:
        slot.face = 2
    s = act(s, 0, type="take", packet=0, slots=[0])
    hero = s.public.heroes[0]
    assert not hero.board[0].ready and hero.board[0].face == 0
    assert hero.board[1].ready and hero.board[1].face == 2


def test_passive_raises_one_ready_song_once_a_round() -> None:
    s = _fight(STEEL, "Hymn of Mending")
    dice(s, 0, 1)
    s = act(s, 0, type="passive", value=1)
    assert s.public.heroes[0].board[1].face == 1
    assert "already raised" in refused(s, 0, type="passive", value=0)


def test_passive_refuses_a_song_at_level_four_an_exhausted_one_or_no_song() -> None:
    s = _fight(STEEL, "Hymn of Mending")
    dice(s, 0, 1)
    s.public.heroes[0].board[0].face = 3
    assert "already at Level IV" in refused(s, 0, type="passive", value=0)
    s.public.heroes[0].board[1].ready = False
    assert "exhausted song" in refused(s, 0, type="passive", value=1)
    assert "Name one of your songs" in refused(s, 0, type="passive", value=5)


def test_flip_raises_one_song_two_levels_or_lowers_up_to_two_by_one() -> None:
    s = _fight(STEEL, "Hymn of Mending", "War Drum")
    dice(s, 0, 1)
    s.public.heroes[0].board[1].face = 2
    s.public.heroes[0].board[2].face = 1
    up = c.Nudge(seat=0, die=0, delta=2).model_dump()
    assert "Raise one song" in refused(s, 0, type="flip", adjust=[up, {**up, "die": 1}])
    s2 = act(s, 0, type="flip", adjust=[up])
    assert [sl.face for sl in s2.public.heroes[0].board] == [2, 2, 1] and s2.public.heroes[0].flipped
    down = [{"seat": 0, "die": 1, "delta": -1}, {"seat": 0, "die": 2, "delta": -1}]
    s3 = act(s, 0, type="flip", adjust=down)
    assert [sl.face for sl in s3.public.heroes[0].board] == [0, 1, 0]
    assert "already at Level I" in refused(s, 0, type="flip", adjust=[{"seat": 0, "die": 0, "delta": -1}])


def test_flip_from_level_three_stops_at_four() -> None:
    s = _fight(STEEL)
    dice(s, 0, 1)
    s.public.heroes[0].board[0].face = 2
    s = act(s, 0, type="flip", adjust=[{"seat": 0, "die": 0, "delta": 2}])
    assert s.public.heroes[0].board[0].face == 3


def test_the_random_player_is_offered_the_passive_and_both_flips() -> None:
    s = _fight(STEEL, "Hymn of Mending")
    dice(s, 0, 1)
    s.public.heroes[0].board[1].face = 1
    offered = RULES.legal_actions(s, 0)
    assert c.Passive(value=0) in offered
    flips = [a.adjust[0].delta for a in offered if isinstance(a, c.Flip)]
    assert sorted(flips) == [-1, 2]


def test_panel_shows_levels_and_the_selects_explain_each_choice() -> None:
    s = _fight(STEEL, "Hymn of Mending")
    dice(s, 0, 1, 2)
    s.public.heroes[0].board[0].face = 1
    pub = project(s, 0)["public"]
    embed = render.panel_embed(pub, 0, [], render.prompt_for(pub, 0))
    assert "Ballad of Steel (Level II)**: [??] deal 3 damage · next, Level III: [AA?] deal 5 damage" in (
        embed.description
    )
    items = views.panel_items(1, pub, 0, RULES.legal_actions(s, 0), ["alice"])
    use = next(i for i in items if i.verb == "use")
    labels = {o.label: o for o in use.item.options}
    assert "Ballad of Steel (Level II) with 1 2: [??] deal 3 damage" in labels
    raise_steel = labels["Passive: raise Ballad of Steel to Level III"]
    assert raise_steel.description == "Level III: [AA?] deal 5 damage"
    flips = [o for o in use.item.options if o.value.startswith("f.")]
    assert len(flips) == 1  # both Flips share one option; the second select says which
    assert views.needs_aim(pub, 0, views.decode(flips[0].value)) == "levels"
    [aim] = views.aim_items(1, pub, 0, flips[0].value, "levels", ["alice"])
    labels = [o.label for o in aim.item.options]
    assert labels == [
        "Raise Ballad of Steel: Level II → IV",
        "Lower Ballad of Steel: Level II → I",
        "Raise Hymn of Mending: Level I → III",
    ]
    command = views.aimed_command("l" + flips[0].value, [aim.item.options[1].value])
    s = act(s, 0, **command)
    assert s.public.heroes[0].board[0].face == 0


def test_song_of_second_chances_offered_for_an_ally_names_a_power_on_that_allys_board() -> None:
    """Defect (the hypothesis machine): the song's mending levels were offered for an ally with the
    slot number of one of Aiden's own powers, which a short board refused ("Choose another power")."""
    s = _fight("Song of Second Chances", STEEL, "Hymn of Mending", players=2)
    s.public.heroes[0].board[0].face = 1  # Level II: replace a power and prevent 1
    board(s, 1, P("Rising Sun"))  # Leme is down to one power
    dice(s, 0, 2, 2, 5, 6)
    moves = [m for m in RULES.legal_actions(s, 0) if isinstance(m, c.Activate) and m.slot == 0]
    for_leme = [m for m in moves if m.ally == 1]
    assert for_leme and all(m.ally_slot == 0 for m in for_leme)
    for m in moves:  # every one the panel offers is accepted
        RULES.apply(s, 0, m)
    board(s, 1)  # with no power at all Leme cannot be the one whose power is replaced
    assert not [m for m in RULES.legal_actions(s, 0) if isinstance(m, c.Activate) and m.slot == 0 and m.ally == 1]
