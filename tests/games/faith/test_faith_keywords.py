"""Each bold keyword, and effects that every player resolves from the active player leftwards."""

from __future__ import annotations

from faith_builder import act, on_field, public_text, refused, table, uid_of

from bot.games.faith.keywords import KEYWORDS

NOAH, SERPENT = "noah-captain-of-the-ark", "the-serpent-deceiver"


def test_the_vocabulary_is_the_five_keywords() -> None:
    assert set(KEYWORDS) == {"Swift", "Guardian", "Steadfast", "Zealous", "Tempter"}


def test_swift_acts_the_turn_it_is_played() -> None:
    st = table(hands={0: ["david-shepherd-boy", "hannah-prayerful-mother"]}, fields={1: [SERPENT]})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "david-shepherd-boy", "hand")})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "hannah-prayerful-mother", "hand")})
    refused(
        st, 0, {"type": "pray", "character": uid_of(st, 0, "hannah-prayerful-mother")}, "played this turn"
    )
    st, _ = act(st, 0, {"type": "pray", "character": uid_of(st, 0, "david-shepherd-boy")})
    assert st.public.seats[0].faith == 2


def test_guardian_must_be_challenged_first() -> None:
    st = table(fields={0: [NOAH], 1: [SERPENT, "ahab-king-of-samaria"]})
    noah = uid_of(st, 0, NOAH)
    refused(st, 0, {"type": "challenge", "attacker": noah, "target": uid_of(st, 1, SERPENT)}, "guardian")
    st, _ = act(
        st, 0, {"type": "challenge", "attacker": noah, "target": uid_of(st, 1, "ahab-king-of-samaria")}
    )
    assert on_field(st, uid_of(st, 1, "ahab-king-of-samaria")).damage == 2


def test_guardian_shields_only_its_own_players_field() -> None:
    st = table(3, fields={0: [NOAH], 1: ["ahab-king-of-samaria"], 2: [SERPENT]})
    st, _ = act(
        st, 0, {"type": "challenge", "attacker": uid_of(st, 0, NOAH), "target": uid_of(st, 2, SERPENT)}
    )
    assert st.public.seats[2].field == []


def test_steadfast_takes_one_less_challenge_damage_either_way() -> None:
    st = table(fields={0: ["abraham-father-of-nations"], 1: ["nimrod-mighty-hunter"]})
    st, _ = act(
        st,
        0,
        {
            "type": "challenge",
            "attacker": uid_of(st, 0, "abraham-father-of-nations"),
            "target": uid_of(st, 1, "nimrod-mighty-hunter"),
        },
    )
    assert on_field(st, uid_of(st, 0, "abraham-father-of-nations")).damage == 2  # Nimrod's 3 less 1
    st = table(fields={0: [NOAH], 1: ["goliath-champion-of-gath"]})
    st, _ = act(
        st,
        0,
        {
            "type": "challenge",
            "attacker": uid_of(st, 0, NOAH),
            "target": uid_of(st, 1, "goliath-champion-of-gath"),
        },
    )
    assert on_field(st, uid_of(st, 1, "goliath-champion-of-gath")).damage == 1


def test_steadfast_does_not_soften_ability_damage() -> None:
    st = table(fields={0: ["elijah-prophet-of-fire"], 1: ["abraham-father-of-nations"]})
    st, _ = act(st, 0, {"type": "ability", "card": uid_of(st, 0, "elijah-prophet-of-fire")})
    assert on_field(st, uid_of(st, 1, "abraham-father-of-nations")).damage == 2


def test_zealous_takes_no_damage_back_when_it_exiles_the_defender() -> None:
    st = table(fields={0: ["joshua-conqueror"], 1: [SERPENT]})
    st, events = act(
        st,
        0,
        {
            "type": "challenge",
            "attacker": uid_of(st, 0, "joshua-conqueror"),
            "target": uid_of(st, 1, SERPENT),
        },
    )
    assert on_field(st, uid_of(st, 0, "joshua-conqueror")).damage == 0
    assert "Zealous" in public_text(events)


def test_zealous_takes_damage_back_when_the_defender_survives() -> None:
    st = table(fields={0: ["joshua-conqueror"], 1: ["goliath-champion-of-gath"]})
    joshua = uid_of(st, 0, "joshua-conqueror")
    st, _ = act(
        st, 0, {"type": "challenge", "attacker": joshua, "target": uid_of(st, 1, "goliath-champion-of-gath")}
    )
    assert on_field(st, joshua) is None  # 5 damage on health 4


def test_tempter_costs_the_defenders_player_one_faith_when_it_exiles() -> None:
    st = table(fields={0: [SERPENT], 1: ["ruth-loyal-daughter"]}, faith={1: 5})  # health 2
    st, _ = act(
        st,
        0,
        {
            "type": "challenge",
            "attacker": uid_of(st, 0, SERPENT),
            "target": uid_of(st, 1, "ruth-loyal-daughter"),
        },
    )
    assert st.public.seats[1].faith == 4
    st = table(fields={0: [SERPENT], 1: ["goliath-champion-of-gath"]}, faith={1: 5})
    st, _ = act(
        st,
        0,
        {
            "type": "challenge",
            "attacker": uid_of(st, 0, SERPENT),
            "target": uid_of(st, 1, "goliath-champion-of-gath"),
        },
    )
    assert st.public.seats[1].faith == 5


def test_every_player_effects_resolve_from_the_active_player_to_the_left() -> None:
    st = table(4, active=2, hands={2: ["jonah-reluctant-prophet"]})
    st, events = act(st, 2, {"type": "play", "card": uid_of(st, 2, "jonah-reluctant-prophet", "hand")})
    drawers = [e.text[:4] for e in events if e.kind == "draw"]
    assert drawers == ["@{2}", "@{3}", "@{0}", "@{1}"]


def test_an_each_player_draw_can_knock_out_a_player_with_no_deck() -> None:
    st = table(3, active=0, hands={0: ["jonah-reluctant-prophet"]}, decks={2: []})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "jonah-reluctant-prophet", "hand")})
    assert st.public.seats[2].out and st.public.winner is None


def test_a_player_who_loses_on_their_own_turn_passes_it_on() -> None:
    st = table(3, active=0, hands={0: ["daily-bread"]}, decks={0: []})
    st, _ = act(st, 0, {"type": "play", "card": uid_of(st, 0, "daily-bread", "hand")})
    assert st.public.seats[0].out and st.public.active == 1
