"""What each effect block does, exactly."""

from __future__ import annotations

from faith_builder import act, on_field, public_text, refused, table, uid_of

from bot.engine.events import Audience

NOAH, HANNAH, SERPENT = "noah-captain-of-the-ark", "hannah-prayerful-mother", "the-serpent-deceiver"


def play(st, cid, seat=0, **kw):
    return act(st, seat, {"type": "play", "card": uid_of(st, seat, cid, "hand"), **kw})


def test_damage_and_heal() -> None:
    st = table(
        hands={0: ["fire-from-heaven", "healing-touch"]},
        fields={0: [(NOAH, {"damage": 3})], 1: ["goliath-champion-of-gath"]},
    )
    st, _ = play(st, "fire-from-heaven")
    assert on_field(st, uid_of(st, 1, "goliath-champion-of-gath")).damage == 3
    st, _ = play(st, "healing-touch")
    assert on_field(st, uid_of(st, 0, NOAH)).damage == 0 and len(st.players[0].hand) == 1


def test_a_targeted_card_with_no_target_is_refused() -> None:
    st = table(hands={0: ["fire-from-heaven"]})
    refused(
        st, 0, {"type": "play", "card": uid_of(st, 0, "fire-from-heaven", "hand")}, "no opposing character"
    )


def test_a_target_must_be_of_the_right_kind() -> None:
    st = table(hands={0: ["fire-from-heaven"]}, fields={0: [NOAH], 1: [SERPENT, "nimrod-mighty-hunter"]})
    refused(
        st,
        0,
        {"type": "play", "card": uid_of(st, 0, "fire-from-heaven", "hand"), "target": uid_of(st, 0, NOAH)},
        "opposing character",
    )
    refused(
        st,
        0,
        {"type": "play", "card": uid_of(st, 0, "fire-from-heaven", "hand")},
        "choose an opposing character",
    )


def test_exile_only_up_to_its_health_limit() -> None:
    st = table(
        hands={0: ["betrayal", "betrayal"]}, fields={1: ["goliath-champion-of-gath", "isaac-son-of-promise"]}
    )
    st, _ = play(st, "betrayal", target=uid_of(st, 1, "goliath-champion-of-gath"))
    assert len(st.public.seats[1].field) == 2
    st, _ = play(st, "betrayal", target=uid_of(st, 1, "isaac-son-of-promise"))
    assert [ip.card for ip in st.public.seats[1].field] == ["goliath-champion-of-gath"]


def test_strength_boosts_last_until_the_end_of_the_turn() -> None:
    st = table(hands={0: ["psalm-of-the-stronghold"]}, fields={0: [NOAH], 1: ["goliath-champion-of-gath"]})
    st, _ = play(st, "psalm-of-the-stronghold")
    noah = uid_of(st, 0, NOAH)
    assert on_field(st, noah).strength_bonus == 3
    st, _ = act(
        st, 0, {"type": "challenge", "attacker": noah, "target": uid_of(st, 1, "goliath-champion-of-gath")}
    )
    assert on_field(st, uid_of(st, 1, "goliath-champion-of-gath")).damage == 4  # 5 less Steadfast
    st, _ = act(st, 0, {"type": "end_turn"})
    assert on_field(st, noah) is None or on_field(st, noah).strength_bonus == 0


def test_exhaust_and_ready() -> None:
    st = table(
        hands={0: ["parting-of-the-sea", "sabbath-rest"]},
        fields={0: [(HANNAH, {"exhausted": True})], 1: [SERPENT, NOAH]},
    )
    st, _ = play(st, "parting-of-the-sea")
    assert all(ip.exhausted for ip in st.public.seats[1].field)
    st, _ = play(st, "sabbath-rest")
    assert not on_field(st, uid_of(st, 0, HANNAH)).exhausted


def test_drain_takes_from_the_larger_colour_and_never_below_zero() -> None:
    st = table(hands={0: ["confusion-of-tongues"]}, light=5, dark=5)
    st.public.seats[1].light, st.public.seats[1].dark = 1, 0
    st, events = play(st, "confusion-of-tongues")
    assert (st.public.seats[1].light, st.public.seats[1].dark) == (0, 0)
    assert "loses 1 energy" in public_text(events)


def test_random_discards_go_to_exile() -> None:
    st = table(hands={0: ["plague-of-locusts"], 1: [NOAH, HANNAH, SERPENT]})
    st, _ = play(st, "plague-of-locusts")
    assert len(st.players[1].hand) == 1 and len(st.public.seats[1].exile) == 2


def test_recover_returns_the_latest_character_from_your_exile() -> None:
    st = table(hands={0: ["raised-to-life"]}, exiles={0: [NOAH, "daily-bread", HANNAH, "manna"]})
    st, _ = play(st, "raised-to-life")
    assert [h.card for h in st.players[0].hand] == [HANNAH]
    assert [h.card for h in st.public.seats[0].exile] == [NOAH, "daily-bread", "manna", "raised-to-life"]


def test_search_takes_a_card_of_the_subtype_privately_and_shuffles() -> None:
    st = table(hands={0: ["rahab-of-jericho"]}, decks={0: ["isaac-son-of-promise"] * 6 + ["jerusalem"]})
    st, events = play(st, "rahab-of-jericho")
    assert [h.card for h in st.players[0].hand] == ["jerusalem"]
    assert "Jerusalem" not in public_text(events)
    assert any(e.audience is Audience.SEAT and "Jerusalem" in e.text for e in events)


def test_gain_energy_and_faith_per_subtype() -> None:
    st = table(fields={0: ["basket-of-figs", "manna", "honey-from-the-rock", "golden-calf"]}, light=0, dark=0)
    st, _ = act(st, 0, {"type": "ability", "card": uid_of(st, 0, "basket-of-figs")})
    assert st.public.seats[0].faith == 4  # the basket, Manna and Honey: it counts itself before it is eaten
    st, _ = act(st, 0, {"type": "ability", "card": uid_of(st, 0, "honey-from-the-rock")})
    assert (st.public.seats[0].light, st.public.seats[0].dark) == (1, 1)


def test_exile_this_is_part_of_the_cost() -> None:
    st = table(fields={0: ["loaves-and-fishes"]})
    st, _ = act(st, 0, {"type": "ability", "card": uid_of(st, 0, "loaves-and-fishes")})
    assert st.public.seats[0].field == [] and st.public.seats[0].exile[0].card == "loaves-and-fishes"
    assert st.public.seats[0].faith == 3


def test_an_ability_with_an_energy_cost_is_paid() -> None:
    st = table(fields={0: ["jannes-magician-of-egypt"], 1: [NOAH]}, light=3, dark=0)
    refused(st, 0, {"type": "ability", "card": uid_of(st, 0, "jannes-magician-of-egypt")}, "dark energy")
    st.public.seats[0].dark = 1
    st, _ = act(st, 0, {"type": "ability", "card": uid_of(st, 0, "jannes-magician-of-egypt")})
    assert st.public.seats[0].dark == 0 and on_field(st, uid_of(st, 1, NOAH)).damage == 1


def test_exhausted_cards_cannot_use_abilities() -> None:
    st = table(fields={0: [("golden-calf", {"exhausted": True})]})
    refused(st, 0, {"type": "ability", "card": uid_of(st, 0, "golden-calf")}, "exhausted")
    refused(st, 0, {"type": "ability", "card": uid_of(st, 0, "golden-calf"), "index": 3}, "no such ability")


def test_opponent_targets_in_a_three_player_game_must_be_chosen() -> None:
    st = table(3, hands={0: ["temptation"]}, faith={1: 4, 2: 4})
    refused(st, 0, {"type": "play", "card": uid_of(st, 0, "temptation", "hand")}, "opponent")
    refused(st, 0, {"type": "play", "card": uid_of(st, 0, "temptation", "hand"), "opponent": 0}, "opponent")
    st, _ = play(st, "temptation", opponent=2)
    assert [s.faith for s in st.public.seats] == [1, 4, 3]


def test_manage_effects_run_at_the_start_of_their_controllers_turn() -> None:
    st = table(fields={1: ["ark-of-the-covenant"]})
    st, _ = act(st, 0, {"type": "end_turn"})
    assert st.public.seats[1].faith == 2 and st.public.seats[0].faith == 1
