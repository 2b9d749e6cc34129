"""Role choice, rolling, damage sharing, deaths, refreshing, winning and losing, and refusals."""

from __future__ import annotations

from bot.engine.state import project
from bot.games.catharsis import RULES
from bot.games.catharsis.cards import content
from bot.games.catharsis.rules import Options
from tests.games.catharsis.catharsis_driver import act, board, dice, new_game, power_id, refused

P = power_id


def test_each_role_goes_to_one_player_and_play_starts_when_all_have_chosen() -> None:
    s = RULES.setup(Options(), 2, 5, {}).state
    assert RULES.waiting_for(s) == [0, 1]
    assert "picks a role first" in refused(s, 0, type="roll")
    s = act(s, 0, type="role", role="leme")
    assert "Another player" in refused(s, 1, type="role", role="leme")
    assert "already picked" in refused(s, 0, type="role", role="unmei")
    assert "no such role" in refused(s, 1, type="role", role="bard")
    s = act(s, 1, type="role", role="unmei")
    assert all(len(h.board) == 6 and h.deck_count == 14 for h in s.public.heroes)
    assert s.public.card is not None


def test_rolling_and_two_rerolls_then_no_more() -> None:
    s = new_game(1, roles=["unmei"], first=["rotting-foal"])
    assert "Roll your dice first" in refused(s, 0, type="reroll", dice=[0])
    s = act(s, 0, type="roll")
    assert len(s.public.heroes[0].dice) == 6
    assert "already rolled" in refused(s, 0, type="roll")
    s = act(s, 0, type="reroll", dice=[0, 1])
    s = act(s, 0, type="reroll", dice=[2])
    assert "both of your rerolls" in refused(s, 0, type="reroll", dice=[3])


def test_bad_activations_are_refused_and_change_nothing() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal"])
    board(s, 0, P("Rising Sun"), P("Quick Draw"))
    dice(s, 0, 5, 6)
    dice(s, 1, 6)
    assert "do not pay" in refused(s, 0, type="activate", slot=0, dice=[0])
    assert "own unused dice" in refused(s, 0, type="activate", slot=0, dice=[7])  # not one of his dice
    assert "only once" in refused(s, 0, type="activate", slot=1, dice=[0, 0])
    assert "no power in that place" in refused(s, 0, type="activate", slot=9, dice=[1])
    s.public.heroes[0].board[0].ready = False
    assert "exhausted" in refused(s, 0, type="activate", slot=0, dice=[1])
    s = act(s, 0, type="done")
    assert "already said you are done" in refused(s, 0, type="activate", slot=1, dice=[1])


def test_a_dead_hero_takes_no_actions_but_still_counts_for_party_size() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal", "blighted-stallion"])
    s.public.heroes[1].dead = True
    s.public.heroes[1].board = []
    assert "fallen" in refused(s, 1, type="roll")
    assert RULES.legal_actions(s, 1) == [] and 1 not in RULES.waiting_for(s)
    board(s, 0, P("Coup de Grace"))
    dice(s, 0, 1, 1, 1, 1, 1, 1)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1, 2, 3, 4, 5])
    s = act(s, 0, type="recover", slots=[0])
    if s.public.vote:
        s = act(s, 0, type="vote", option=0)
    stallion = content().encounters["blighted-stallion"].health
    assert stallion[0] != stallion[1] and s.public.foes[0].health == stallion[1]  # still the 2-player value


def test_damage_to_a_player_overflows_when_that_hero_dies() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["corrupted-horse"])
    board(s, 0, P("Quick Draw"))  # 2 health
    s = act(act(s, 0, type="done"), 1, type="done")
    player = next(i for i, p in enumerate(s.public.packets) if p.mode == "player")
    assert s.public.packets[player].amount == 4
    s = act(s, 0, type="take", packet=player, slots=[0, 0])
    assert s.public.heroes[0].dead
    left = [p for p in s.public.packets if p.mode == "player"]
    assert left[0].amount == 2  # the rest falls on the other hero


def test_party_damage_is_split_but_never_beyond_a_heros_health() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["rotting-foal"])
    board(s, 0, P("Quick Draw"))
    s = act(act(s, 0, type="done"), 1, type="done")
    assert s.public.packets[0].mode == "party" and s.public.packets[0].amount == 3
    assert "more damage than you have health" in refused(
        s, 0, type="take", packet=0, points=3, slots=[0, 0, 0]
    )
    assert "exactly 1" in refused(s, 0, type="take", packet=0, points=1, slots=[])
    s = act(s, 0, type="take", packet=0, points=1, slots=[0])
    assert s.public.packets[0].amount == 2
    s = act(s, 1, type="take", packet=0, points=2, slots=[0, 1])
    assert not s.public.packets


def test_seat_damage_belongs_to_that_hero() -> None:
    s = new_game(2, roles=["unmei", "leme"], first=["thorn-fence"])
    assert "not yours" in refused(s, 1, type="take", packet=0, slots=[0])


def test_recover_after_a_defeated_monster_refreshes_up_to_two() -> None:
    s = new_game(1, roles=["unmei"], first=["rotting-foal", "blighted-stallion"])
    for sl in s.public.heroes[0].board:
        sl.ready = False
    board(s, 0, P("Coup de Grace"), P("Quick Draw"), P("Petal Cut"), ready=False)
    s.public.heroes[0].board[0].ready = True
    dice(s, 0, 1, 1, 1, 1, 1, 1)
    s = act(s, 0, type="activate", slot=0, dice=[0, 1, 2, 3, 4, 5])
    assert "up to 2" in refused(s, 0, type="recover", slots=[0, 1, 2])
    assert "exhausted powers" in refused(s, 0, type="recover", slots=[5])
    s = act(s, 0, type="recover", slots=[0, 1])
    assert s.public.vote is not None and s.public.vote.kind == "refresh"


def test_losing_every_hero_loses_the_game() -> None:
    s = new_game(1, roles=["unmei"], first=["blighted-stallion"])
    board(s, 0, P("Quick Draw"), ready=False)  # one exhausted power: the first point discards it
    s = act(s, 0, type="done")
    s = act(s, 0, type="take", packet=0, slots=[0])
    assert s.public.winner is False and RULES.result(s) == "The party fell before the Corrupted Horse."
    assert "already over" in refused(s, 0, type="roll")


def test_beating_the_boss_wins() -> None:
    s = new_game(1, roles=["unmei"], first=["corrupted-horse"])
    s.public.foes[0].health = 3
    board(s, 0, P("Rising Sun"))
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0])
    assert s.public.winner is True and RULES.result(s) == "The party defeated the Corrupted Horse."


def test_the_boss_must_fall_with_its_minions() -> None:
    s = new_game(1, roles=["unmei"], boss="horrific-mass", first=["horrific-mass"])
    s.public.foes[0].health = 3
    board(s, 0, P("Rising Sun"), P("Quick Draw"))
    dice(s, 0, 6)
    s = act(s, 0, type="activate", slot=0, dice=[0], target=0)
    assert s.public.winner is None and s.public.foes[1].alive


def test_refresh_vote_between_cards_costs_morale() -> None:
    s = new_game(1, roles=["unmei"], first=["thorn-fence", "rotting-foal"])
    s = act(s, 0, type="take", packet=0, slots=[0])
    assert s.public.vote is not None and s.public.vote.kind == "refresh"
    s = act(s, 0, type="vote", option=1)
    assert s.public.morale == 20 and all(sl.ready for sl in s.public.heroes[0].board)
    assert "already voted" not in str(s.public.vote)


def test_nothing_secret_in_the_public_view_or_public_events() -> None:
    outcome = RULES.setup(Options(), 2, 9, {})
    s = outcome.state
    events = list(outcome.events)
    for seat, role in enumerate(["unmei", "leme"]):
        out = RULES.apply(s, seat, RULES.parse_command({"type": "role", "role": role}))
        s, events = out.state, events + out.events
    view = project(s, None)
    assert "boss_deck" not in str(view) and "decks" not in view["public"]
    boss = content().decks[s.public.deck].boss  # the Boss is chosen openly; the rest are hidden
    hidden = {content().card_name(c) for c in s.secret.boss_deck if c != boss}
    hidden |= {content().card_name(c) for deck in s.secret.decks.values() for c in deck}
    text = " ".join(e.text for e in events) + str(view)
    assert not any(name in text for name in hidden)


def test_timeouts_move_the_game_on() -> None:
    s = RULES.setup(Options(), 1, 2, {}).state
    s = RULES.apply(s, 0, RULES.timeout_command(s, 0)).state
    assert s.public.heroes[0].role
    for _ in range(50):
        waiting = RULES.waiting_for(s)
        if not waiting:
            break
        s = RULES.apply(s, waiting[0], RULES.timeout_command(s, waiting[0])).state
    assert s.public.round >= 1 or s.public.winner is not None
