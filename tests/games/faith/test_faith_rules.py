"""One test (or a few) per rule in the game guide, on small hand-built tables."""

from __future__ import annotations

from faith_builder import act, on_field, public_text, refused, table, uid_of

from bot.games.faith import RULES, zones
from bot.games.faith.decks import preconstructed
from bot.games.faith.energy import allowance
from bot.games.faith.rules import Options
from bot.games.faith.state import Phase

NOAH, SERPENT = "noah-captain-of-the-ark", "the-serpent-deceiver"
ADAM, HANNAH = "adam-god-breathed", "hannah-prayerful-mother"


def start(n: int = 2, seed: int = 3):
    return RULES.setup(Options(), n, seed, {}).state


# -- setup and the mulligan -------------------------------------------------------------
def test_setup_shuffles_sets_faith_and_deals_five() -> None:
    a, b = start(seed=1), start(seed=2)
    for st in (a, b):
        assert st.public.phase is Phase.MULLIGAN
        first = st.public.first
        assert st.public.seats[first].faith == 1 and st.public.seats[1 - first].faith == 2  # house rule
        assert [len(h.hand) for h in st.players.values()] == [5, 5]
        assert all(s.deck_count == 35 for s in st.public.seats)
    assert [h.card for h in a.secret.decks[0]] != [h.card for h in b.secret.decks[0]]
    ids = zones.all_uids(a)
    assert len(ids) == len(set(ids)) == 80


def test_mulligan_puts_chosen_cards_on_the_bottom_and_draws_back_to_five() -> None:
    st = start()
    chosen = [h.uid for h in st.players[0].hand[:3]]
    top = [h.uid for h in st.secret.decks[0][:3]]
    st, events = act(st, 0, {"type": "mulligan", "cards": chosen})
    assert sorted(h.uid for h in st.secret.decks[0][-3:]) == sorted(chosen)
    assert [h.uid for h in st.players[0].hand[2:]] == top
    assert len(st.players[0].hand) == 5
    refused(st, 0, {"type": "mulligan", "cards": []}, "already")
    assert "puts 3 cards on the bottom" in public_text(events)


def test_mulligan_order_at_the_bottom_is_random() -> None:
    orders = set()
    for seed in range(8):
        st = start(seed=seed)
        hand = [h.uid for h in st.players[0].hand]
        st, _ = act(st, 0, {"type": "mulligan", "cards": hand})
        bottom = [h.uid for h in st.secret.decks[0][-5:]]
        orders.add(tuple(hand.index(u) for u in bottom))
    assert len(orders) > 1


def test_mulligan_refuses_cards_not_in_hand_and_other_commands() -> None:
    st = start()
    refused(st, 0, {"type": "mulligan", "cards": [9999]}, "in your hand")
    refused(st, 0, {"type": "end_turn"}, "starting hand")


def test_after_everyone_decides_the_first_player_skips_the_draw_in_two_player_games() -> None:
    st = start()
    first = st.public.first
    st, _ = act(st, 0, {"type": "mulligan", "cards": []})
    assert st.public.phase is Phase.MULLIGAN
    st, _ = act(st, 1, {"type": "mulligan", "cards": []})
    assert st.public.phase is Phase.GATHER and st.public.active == first
    assert len(st.players[first].hand) == 5  # no draw on the very first turn


def test_first_player_draws_on_the_first_turn_with_three_players() -> None:
    st = start(3)
    for seat in range(3):
        st, _ = act(st, seat, {"type": "mulligan", "cards": []})
    assert len(st.players[st.public.first].hand) == 6


def test_second_player_draws_on_their_first_turn() -> None:
    st = table(hands={0: [], 1: []}, turn=1)
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.public.active == 1 and len(st.players[1].hand) == 1


def test_a_player_who_cannot_draw_loses() -> None:
    st = table(decks={0: [], 1: []})
    st, events = act(st, 0, {"type": "end_turn"})
    assert st.public.winner == 0 and st.public.seats[1].out
    assert RULES.result(st) is not None and "no card left to draw" in public_text(events)


def test_with_three_players_the_loser_drops_out_and_play_goes_on() -> None:
    st = table(3, decks={1: []}, fields={1: [NOAH]})
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.public.seats[1].out and st.public.winner is None
    assert st.public.active == 2  # seat 1 is skipped
    assert st.public.seats[1].field == [] and st.public.seats[1].exile[0].card == NOAH
    ids = zones.all_uids(st)
    assert len(ids) == len(set(ids)) == st.public.next_uid


# -- turn order, Prepare, Gather ------------------------------------------------------------
def test_turns_pass_to_the_left_in_four_player_games() -> None:
    st = table(4, active=2)
    order = []
    for _ in range(4):
        st, _ = act(st, st.public.active, {"type": "end_turn"})
        order.append(st.public.active)
        st, _ = act(st, st.public.active, {"type": "gather", "light": 0})
    assert order == [3, 0, 1, 2]


def test_prepare_readies_only_the_new_active_players_cards() -> None:
    st = table(fields={0: [(NOAH, {"exhausted": True})], 1: [(NOAH, {"exhausted": True})]})
    st, _ = act(st, 0, {"type": "end_turn"})
    assert not st.public.seats[1].field[0].exhausted
    assert st.public.seats[0].field[0].exhausted


def test_energy_allowance_follows_the_table() -> None:
    assert [allowance(f) for f in (1, 3, 4, 9, 10, 15, 16, 19)] == [2, 2, 3, 3, 4, 4, 5, 5]


def test_gather_uses_the_highest_faith_of_any_player_and_the_chosen_split() -> None:
    st = table(light=1, dark=0, faith={0: 11, 1: 2})
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.public.phase is Phase.GATHER and st.public.energy_due == 4
    refused(st, 1, {"type": "gather", "light": 5}, "at most 4")
    refused(st, 1, {"type": "pray", "character": 0}, "gather")
    st, _ = act(st, 1, {"type": "gather", "light": 1})
    assert (st.public.seats[1].light, st.public.seats[1].dark) == (2, 3)  # the old pool stays


def test_energy_stays_in_the_pool_between_turns() -> None:
    st = table(light=3, dark=2)
    st, _ = act(st, 0, {"type": "end_turn"})
    st, _ = act(st, 1, {"type": "gather", "light": 2})
    st, _ = act(st, 1, {"type": "end_turn"})
    assert (st.public.seats[0].light, st.public.seats[0].dark) == (3, 2)


def test_discard_down_to_seven_at_the_end_of_the_turn() -> None:
    st = table(hands={0: [ADAM] * 9})
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.public.phase is Phase.DISCARD and st.public.active == 0
    hand = [h.uid for h in st.players[0].hand]
    refused(st, 0, {"type": "discard", "cards": hand[:1]}, "exactly 2")
    refused(st, 0, {"type": "end_turn"}, "discard")
    st, _ = act(st, 0, {"type": "discard", "cards": hand[:2]})
    assert len(st.players[0].hand) == 7 and st.public.active == 1
    assert {h.uid for h in st.public.seats[0].exile} == set(hand[:2])


# -- paying ------------------------------------------------------------------------------------
def test_coloured_cost_in_its_colour_and_neutral_by_either() -> None:
    st = table(hands={0: [NOAH]}, light=2, dark=1)  # Noah: 2 light + 1 neutral
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, NOAH, "hand")})
    assert (st.public.seats[0].light, st.public.seats[0].dark) == (0, 0)


def test_the_player_chooses_how_to_pay_the_neutral_part() -> None:
    st = table(hands={0: [NOAH]}, light=3, dark=3)
    after, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, NOAH, "hand"), "neutral_light": 1})
    assert (after.public.seats[0].light, after.public.seats[0].dark) == (0, 3)
    after, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, NOAH, "hand"), "neutral_light": 0})
    assert (after.public.seats[0].light, after.public.seats[0].dark) == (1, 2)


def test_playing_a_card_you_cannot_pay_for_is_refused() -> None:
    st = table(hands={0: [NOAH, SERPENT]}, light=1, dark=5)
    refused(st, 0, {"type": "play", "card": uid_of(st, 0, NOAH, "hand")}, "light energy")
    st2 = table(hands={0: [NOAH]}, light=2, dark=0)
    refused(st2, 0, {"type": "play", "card": uid_of(st2, 0, NOAH, "hand")}, "enough energy")
    refused(st2, 0, {"type": "play", "card": 999}, "not in your hand")


def test_acting_out_of_turn_is_refused() -> None:
    st = table(hands={1: [ADAM]})
    refused(st, 1, {"type": "play", "card": uid_of(st, 1, ADAM, "hand")}, "not your turn")
    refused(st, 1, {"type": "end_turn"}, "not your turn")


# -- summoning sickness, praying -----------------------------------------------------------------
def test_a_character_played_this_turn_cannot_pray_challenge_or_use_abilities() -> None:
    st = table(hands={0: [HANNAH, "adam-nomenclator"]}, fields={1: [SERPENT]})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, HANNAH, "hand")})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "adam-nomenclator", "hand")})
    hannah, adam = uid_of(st, 0, HANNAH), uid_of(st, 0, "adam-nomenclator")
    refused(st, 0, {"type": "pray", "character": hannah}, "played this turn")
    refused(
        st, 0, {"type": "challenge", "attacker": hannah, "target": uid_of(st, 1, SERPENT)}, "played this turn"
    )
    refused(st, 0, {"type": "ability", "card": adam}, "played this turn")
    # Next turn of the same player, they may.
    st, _ = act(st, 0, {"type": "end_turn"})
    st, _ = act(st, 1, {"type": "gather", "light": 0})
    st, _ = act(st, 1, {"type": "end_turn"})
    st, _ = act(st, 0, {"type": "gather", "light": 2})
    st, _ = act(st, 0, {"type": "pray", "character": hannah})
    assert st.public.seats[0].faith == 3


def test_objects_may_be_exhausted_the_turn_they_are_played() -> None:
    st = table(hands={0: ["golden-calf"]})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "golden-calf", "hand")})
    st, _ = act(st, 0, {"type": "ability", "card": uid_of(st, 0, "golden-calf")})
    assert st.public.seats[0].dark == 4  # paid 2, gained 1


def test_praying_exhausts_and_adds_prayer_once() -> None:
    st = table(fields={0: [HANNAH]})
    hannah = uid_of(st, 0, HANNAH)
    st, events = act(st, 0, {"type": "pray", "character": hannah})
    assert st.public.seats[0].faith == 3 and on_field(st, hannah).exhausted
    assert "prays with Hannah" in public_text(events)
    refused(st, 0, {"type": "pray", "character": hannah}, "exhausted")


def test_dark_characters_cannot_pray() -> None:
    st = table(fields={0: [SERPENT]})
    refused(st, 0, {"type": "pray", "character": uid_of(st, 0, SERPENT)}, "dark characters cannot pray")


def test_faith_never_goes_below_one() -> None:
    st = table(hands={0: ["temptation"]})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "temptation", "hand")})
    assert st.public.seats[1].faith == 1


def test_reaching_twenty_faith_wins_at_once() -> None:
    st = table(fields={0: ["solomon-wise-king"]}, faith={0: 17})
    st, events = act(st, 0, {"type": "pray", "character": uid_of(st, 0, "solomon-wise-king")})
    assert st.public.winner == 0 and st.public.phase is Phase.OVER
    assert RULES.result(st) == "@{0} won with 20 Faith."
    assert RULES.waiting_for(st) == [] and RULES.legal_actions(st, 1) == []
    refused(st, 1, {"type": "end_turn"}, "over")


# -- challenges ----------------------------------------------------------------------------------
def test_the_guides_challenge_example_noah_against_the_serpent() -> None:
    st = table(fields={0: [NOAH], 1: [SERPENT]})
    noah, serpent = uid_of(st, 0, NOAH), uid_of(st, 1, SERPENT)
    st, events = act(st, 0, {"type": "challenge", "attacker": noah, "target": serpent})
    assert on_field(st, serpent) is None and st.public.seats[1].exile[0].card == SERPENT
    assert on_field(st, noah).damage == 3 and on_field(st, noah).exhausted
    assert "The Serpent - Deceiver (@{1}) is exiled." in public_text(events)


def test_exile_when_damage_equals_health() -> None:
    st = table(fields={0: ["david-shepherd-boy"], 1: [("isaac-son-of-promise", {"damage": 1})]})
    st, _ = act(
        st,
        0,
        {
            "type": "challenge",
            "attacker": uid_of(st, 0, "david-shepherd-boy"),
            "target": uid_of(st, 1, "isaac-son-of-promise"),
        },
    )
    assert st.public.seats[1].field == []  # 1 damage already, 1 dealt: 2 on health 2


def test_challenging_with_an_exhausted_character_is_refused() -> None:
    st = table(fields={0: [(NOAH, {"exhausted": True})], 1: [SERPENT]})
    refused(
        st,
        0,
        {"type": "challenge", "attacker": uid_of(st, 0, NOAH), "target": uid_of(st, 1, SERPENT)},
        "exhausted",
    )


def test_an_exhausted_character_may_be_challenged_and_own_characters_may_not() -> None:
    st = table(fields={0: [NOAH, HANNAH], 1: [(NOAH, {"exhausted": True})]})
    noah = uid_of(st, 0, NOAH)
    refused(st, 0, {"type": "challenge", "attacker": noah, "target": uid_of(st, 0, HANNAH)}, "opposing")
    st, _ = act(st, 0, {"type": "challenge", "attacker": noah, "target": uid_of(st, 1, NOAH)})
    assert on_field(st, uid_of(st, 1, NOAH)).damage == 2


def test_moving_damage_is_not_dealing_damage_but_still_exiles() -> None:
    st = table(fields={0: [("bronze-serpent"), (HANNAH, {"damage": 1})], 1: [(SERPENT)]})
    st, events = act(
        st,
        0,
        {
            "type": "ability",
            "card": uid_of(st, 0, "bronze-serpent"),
            "target": uid_of(st, 0, HANNAH),
            "target2": uid_of(st, 1, SERPENT),
        },
    )
    assert on_field(st, uid_of(st, 0, HANNAH)).damage == 0
    assert st.public.seats[1].field == []
    text = public_text(events)
    assert "1 damage moves from Hannah" in text and "takes" not in text


# -- psalms ----------------------------------------------------------------------------------------
def test_a_psalm_played_normally_costs_energy() -> None:
    st = table(hands={0: ["psalm-of-praise"]}, light=3, dark=0)
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "psalm-of-praise", "hand")})
    assert st.public.seats[0].faith == 3 and st.public.seats[0].light == 0
    assert st.public.seats[0].exile[0].card == "psalm-of-praise"


def test_reciting_a_psalm_exhausts_a_character_with_enough_total_cost_instead() -> None:
    st = table(hands={0: ["psalm-of-praise"]}, fields={0: [NOAH, ADAM]}, light=0, dark=0)
    psalm = uid_of(st, 0, "psalm-of-praise", "hand")
    refused(st, 0, {"type": "play", "card": psalm, "recite": uid_of(st, 0, ADAM)}, "total cost is at least 3")
    st, events = act(st, 0, {"type": "play", "card": psalm, "recite": uid_of(st, 0, NOAH)})
    assert st.public.seats[0].faith == 3 and on_field(st, uid_of(st, 0, NOAH)).exhausted
    assert (st.public.seats[0].light, st.public.seats[0].dark) == (0, 0)
    assert "reciting it with Noah" in public_text(events)


def test_reciting_needs_a_ready_character_on_the_field_for_a_full_turn() -> None:
    st = table(hands={0: ["psalm-of-refuge", NOAH]}, fields={0: [(HANNAH, {"exhausted": True})]})
    psalm = uid_of(st, 0, "psalm-of-refuge", "hand")
    refused(
        st,
        0,
        {"type": "play", "card": psalm, "recite": uid_of(st, 0, HANNAH), "target": uid_of(st, 0, HANNAH)},
        "exhausted",
    )
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, NOAH, "hand")})
    refused(
        st,
        0,
        {"type": "play", "card": psalm, "recite": uid_of(st, 0, NOAH), "target": uid_of(st, 0, NOAH)},
        "played this turn",
    )
    refused(st, 0, {"type": "play", "card": 999, "recite": uid_of(st, 0, NOAH)}, "not in your hand")


def test_only_psalms_can_be_recited() -> None:
    st = table(hands={0: ["daily-bread"]}, fields={0: [NOAH]})
    refused(
        st,
        0,
        {"type": "play", "card": uid_of(st, 0, "daily-bread", "hand"), "recite": uid_of(st, 0, NOAH)},
        "only psalms",
    )


# -- locations and moving ---------------------------------------------------------------------
def test_moving_costs_one_energy_of_the_locations_colour() -> None:
    st = table(fields={0: [HANNAH, "garden-of-eden"]}, light=1, dark=4)
    st, _ = act(
        st,
        0,
        {"type": "move", "character": uid_of(st, 0, HANNAH), "location": uid_of(st, 0, "garden-of-eden")},
    )
    assert (st.public.seats[0].light, st.public.seats[0].dark) == (0, 4)
    assert on_field(st, uid_of(st, 0, HANNAH)).location == uid_of(st, 0, "garden-of-eden")
    st2 = table(fields={0: [HANNAH, "garden-of-eden"]}, light=0, dark=4)
    refused(
        st2,
        0,
        {"type": "move", "character": uid_of(st2, 0, HANNAH), "location": uid_of(st2, 0, "garden-of-eden")},
        "1 light energy",
    )


def test_a_neutral_location_takes_either_energy_and_the_player_names_which() -> None:
    # Holding only dark, the move needs no word on how to pay.
    st = table(fields={0: [HANNAH, "the-wilderness"]}, light=0, dark=1)
    hannah, wild = uid_of(st, 0, HANNAH), uid_of(st, 0, "the-wilderness")
    moves = [a for a in RULES.legal_actions(st, 0) if a.type == "move"]
    assert [(m.location, m.pay) for m in moves] == [(wild, "dark")]
    st, _ = act(st, 0, {"type": "move", "character": hannah, "location": wild})
    assert st.public.seats[0].dark == 0
    # Holding both, legal_actions offers each colour, and each spends its own.
    st = table(fields={0: [HANNAH, "the-wilderness"]}, light=2, dark=2)
    moves = [a for a in RULES.legal_actions(st, 0) if a.type == "move"]
    assert sorted(m.pay for m in moves) == ["dark", "light"]
    for pay, left in (("dark", (2, 1)), ("light", (1, 2))):
        after, _ = act(st, 0, {"type": "move", "character": hannah, "location": wild, "pay": pay})
        assert (after.public.seats[0].light, after.public.seats[0].dark) == left
    # ...and a move that does not say which is refused rather than chosen for the player.
    refused(st, 0, {"type": "move", "character": hannah, "location": wild}, "say which, light or dark")
    refused(
        table(fields={0: [HANNAH, "the-wilderness"]}, light=0, dark=0),
        0,
        {"type": "move", "character": hannah, "location": wild, "pay": "light"},
        "1 light energy",
    )


def test_a_coloured_location_takes_only_its_colour() -> None:
    st = table(fields={0: [HANNAH, "garden-of-eden"]}, light=2, dark=2)
    hannah, eden = uid_of(st, 0, HANNAH), uid_of(st, 0, "garden-of-eden")
    assert [a.pay for a in RULES.legal_actions(st, 0) if a.type == "move"] == [None]
    refused(
        st, 0, {"type": "move", "character": hannah, "location": eden, "pay": "dark"}, "costs light energy"
    )
    st, _ = act(st, 0, {"type": "move", "character": hannah, "location": eden, "pay": "light"})
    assert (st.public.seats[0].light, st.public.seats[0].dark) == (1, 2)


def test_moving_the_turn_either_card_is_played_and_while_exhausted() -> None:
    st = table(hands={0: [HANNAH, "garden-of-eden"]}, light=9)
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, HANNAH, "hand")})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "garden-of-eden", "hand")})
    on_field(st, uid_of(st, 0, HANNAH)).exhausted = True
    st, _ = act(
        st,
        0,
        {"type": "move", "character": uid_of(st, 0, HANNAH), "location": uid_of(st, 0, "garden-of-eden")},
    )
    assert on_field(st, uid_of(st, 0, HANNAH)).location is not None


def test_characters_move_only_to_a_location_and_then_only_between_locations() -> None:
    st = table(fields={0: [HANNAH, NOAH, "bethlehem", "garden-of-eden"], 1: ["jerusalem"]})
    hannah = uid_of(st, 0, HANNAH)
    refused(st, 0, {"type": "move", "character": hannah, "location": uid_of(st, 0, NOAH)}, "location")
    refused(
        st,
        0,
        {"type": "move", "character": hannah, "location": uid_of(st, 1, "jerusalem")},
        "not on your field",
    )
    st, _ = act(st, 0, {"type": "move", "character": hannah, "location": uid_of(st, 0, "bethlehem")})
    refused(st, 0, {"type": "move", "character": hannah, "location": uid_of(st, 0, "bethlehem")}, "already")
    st, _ = act(st, 0, {"type": "move", "character": hannah, "location": uid_of(st, 0, "garden-of-eden")})
    assert on_field(st, hannah).location == uid_of(st, 0, "garden-of-eden")
    # Many characters may share a location.
    st, _ = act(
        st, 0, {"type": "move", "character": uid_of(st, 0, NOAH), "location": uid_of(st, 0, "garden-of-eden")}
    )
    assert on_field(st, uid_of(st, 0, NOAH)).location == on_field(st, hannah).location


def test_a_location_bonus_counts_while_the_character_is_there() -> None:
    st = table(fields={0: [(HANNAH, {}), "garden-of-eden"]})
    hannah, garden = uid_of(st, 0, HANNAH), uid_of(st, 0, "garden-of-eden")
    st, _ = act(st, 0, {"type": "move", "character": hannah, "location": garden})
    st, _ = act(st, 0, {"type": "pray", "character": hannah})
    assert st.public.seats[0].faith == 4  # 1 + prayer 2 + Eden 1


def test_a_hand_over_the_limit_only_matters_at_the_end_of_the_turn() -> None:
    st = table(hands={0: [ADAM] * 8})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, ADAM, "hand")})
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.public.active == 1


def test_preconstructed_decks_start_a_game_for_every_player_count() -> None:
    for n in (2, 3, 4):
        st = RULES.setup(Options(), n, 11, {}).state
        assert len(st.public.seats) == n
        assert sorted(h.card for h in st.secret.decks[0] + st.players[0].hand) == sorted(
            list(preconstructed().values())[0]
        )
