"""Issue 15's Faith fixes: arrival effects once per turn, damage re-checked when health drops,
Basket of Figs counting itself as Food."""

from __future__ import annotations

from faith_builder import act, on_field, table, uid_of


def test_an_arrival_effect_fires_once_per_turn_per_character() -> None:
    state = table(fields={0: ["sea-of-galilee", "bethlehem", ("isaac-son-of-promise", {"entered": 1})]})
    isaac = uid_of(state, 0, "isaac-son-of-promise")
    sea, town = uid_of(state, 0, "sea-of-galilee"), uid_of(state, 0, "bethlehem")
    faith = state.public.seats[0].faith
    state, _ = act(state, 0, {"type": "move", "character": isaac, "location": sea})
    assert state.public.seats[0].faith == faith + 1
    state, _ = act(state, 0, {"type": "move", "character": isaac, "location": town})
    state, events = act(state, 0, {"type": "move", "character": isaac, "location": sea})
    assert state.public.seats[0].faith == faith + 1  # no second Faith from shuttling
    assert "already" in " ".join(e.text for e in events)
    # Next turn the effect is there again.
    state.public.turn += 1
    state, _ = act(state, 0, {"type": "move", "character": isaac, "location": town})
    state, _ = act(state, 0, {"type": "move", "character": isaac, "location": sea})
    assert state.public.seats[0].faith == faith + 2


def test_moving_off_a_health_bonus_with_damage_exiles_the_character() -> None:
    # Isaac has health 2; at Bethlehem 3. With 2 damage he lives only while he stays.
    state = table(
        fields={0: ["bethlehem", "sea-of-galilee", ("isaac-son-of-promise", {"entered": 1, "damage": 2})]}
    )
    isaac = uid_of(state, 0, "isaac-son-of-promise")
    state.public.seats[0].field[2].location = uid_of(state, 0, "bethlehem")
    state, events = act(
        state, 0, {"type": "move", "character": isaac, "location": uid_of(state, 0, "sea-of-galilee")}
    )
    assert on_field(state, isaac) is None
    assert any(h.uid == isaac for h in state.public.seats[0].exile)


def test_losing_the_location_under_a_damaged_character_exiles_it_too() -> None:
    from bot.games.faith import zones

    state = table(fields={0: ["bethlehem", ("isaac-son-of-promise", {"entered": 1, "damage": 2})]})
    isaac = uid_of(state, 0, "isaac-son-of-promise")
    town = uid_of(state, 0, "bethlehem")
    state.public.seats[0].field[1].location = town
    events: list = []
    zones.exile_from_field(state, town, events)
    zones.recheck_damage(state, events)
    assert on_field(state, isaac) is None


def test_basket_of_figs_alone_counts_itself_as_food() -> None:
    state = table(fields={0: [("basket-of-figs", {"entered": 1})]})
    faith = state.public.seats[0].faith
    state, _ = act(state, 0, {"type": "ability", "card": uid_of(state, 0, "basket-of-figs")})
    assert state.public.seats[0].faith == faith + 1
    assert any(h.card == "basket-of-figs" for h in state.public.seats[0].exile)


def test_a_short_deck_says_how_many_cards_are_missing_and_copies_are_still_limited() -> None:
    from bot.games.faith import decks

    short = decks.preconstructed()["Light of Prayer"][:12]
    assert decks.problems(short) == ["it has 12 cards and needs at least 40 (28 more cards)"]
    assert decks.too_many(short) == []
    assert decks.too_many(["noah-captain-of-the-ark"] * 4) == [
        "it has 4 copies of Noah - Captain of the Ark (at most 3)"
    ]
