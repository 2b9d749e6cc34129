"""Every card's power does something: each one is used on a busy table and compared with the same
play made by a copy of the card stripped of its power. Plus the card data's own rules."""

from __future__ import annotations

import pytest
from faith_builder import act, table, uid_of

from bot.engine.errors import GameError
from bot.games.faith import turn, zones
from bot.games.faith.cards import SCRIPTURE, TYPES, Card, catalogue, find
from bot.games.faith.effects import card_lines
from bot.games.faith.rules import _target_sets

CARDS = catalogue()
NOAH, HANNAH = "noah-captain-of-the-ark", "hannah-prayerful-mother"


def busy(extra_field: list[str] = (), hand: list[str] = ()) -> object:
    return table(
        hands={0: list(hand), 1: ["adam-god-breathed", "isaac-son-of-promise", "daily-bread"]},
        fields={
            0: [
                (NOAH, {"damage": 2}),
                (HANNAH, {"damage": 1, "exhausted": True}),
                "harp-of-david",
                ("jar-of-oil", {"exhausted": True}),
                *extra_field,
            ],
            1: [
                "the-serpent-deceiver",
                ("nimrod-mighty-hunter", {"damage": 1}),
                ("aaron-high-priest", {"exhausted": True}),
            ],
        },
        exiles={0: ["isaac-son-of-promise"]},
        decks={
            0: ["adam-god-breathed", "bethlehem", "manna", "isaac-son-of-promise"],
            1: ["isaac-son-of-promise"] * 4,
        },
        faith={0: 5, 1: 5},
        light=6,
        dark=6,
    )


def _dump(state) -> dict:
    return state.model_dump(exclude={"rng"})


def _outcomes(state, commands) -> list[dict]:
    out = []
    for command in commands:
        try:
            out.append(_dump(act(state, 0, command)[0]))
        except GameError:
            out.append(None)
    return out


def _differs(monkeypatch, cid: str, stripped: Card, run) -> None:
    real = run()
    monkeypatch.setitem(CARDS, cid, stripped)
    plain = run()
    monkeypatch.setitem(CARDS, cid, real_card(cid))
    assert any(r is not None and r != p for r, p in zip(real, plain, strict=True)), (
        f"{cid}: its power changed nothing"
    )


_ORIGINAL = dict(CARDS)


def real_card(cid: str) -> Card:
    return _ORIGINAL[cid]


def _play_commands(state, cid):
    c = CARDS[cid]
    uid = uid_of(state, 0, cid, "hand")
    return [
        {"type": "play", "card": uid, "target": t, "target2": t2, "opponent": o}
        for t, t2, o in _target_sets(state, 0, (c.target, c.target2))
    ]


WITH_EFFECTS = [c.id for c in CARDS.values() if c.effects]
WITH_ABILITIES = [(c.id, i) for c in CARDS.values() for i in range(len(c.abilities))]
WITH_MANAGE = [c.id for c in CARDS.values() if c.manage]
WITH_ARRIVAL = [c.id for c in CARDS.values() if c.on_arrive]
WITH_BONUS = [c.id for c in CARDS.values() if c.bonus_health or c.bonus_prayer or c.bonus_strength]


@pytest.mark.parametrize("cid", WITH_EFFECTS)
def test_played_effects_do_something(monkeypatch, cid: str) -> None:
    state = busy(hand=[cid])
    commands = _play_commands(state, cid)
    assert commands, f"{cid} has no target on the test table"
    _differs(
        monkeypatch,
        cid,
        real_card(cid).model_copy(update={"effects": []}),
        lambda: _outcomes(state, commands),
    )


@pytest.mark.parametrize(("cid", "index"), WITH_ABILITIES)
def test_abilities_do_something(monkeypatch, cid: str, index: int) -> None:
    state = busy(extra_field=[cid])
    uid = uid_of(state, 0, cid, nth=-1)
    ability = real_card(cid).abilities[index]
    commands = [
        {"type": "ability", "card": uid, "index": index, "target": t, "target2": t2, "opponent": o}
        for t, t2, o in _target_sets(state, 0, (ability.target, ability.target2))
    ]
    assert commands
    stripped_ability = ability.model_copy(update={"effects": []})
    abilities = list(real_card(cid).abilities)
    abilities[index] = stripped_ability
    _differs(
        monkeypatch,
        cid,
        real_card(cid).model_copy(update={"abilities": abilities}),
        lambda: _outcomes(state, commands),
    )


@pytest.mark.parametrize("cid", WITH_MANAGE)
def test_manage_effects_run_in_the_manage_step(monkeypatch, cid: str) -> None:
    state = busy(extra_field=[cid])

    def run():
        work = state.model_copy(deep=True)
        turn.start_turn(work, 0)
        return [_dump(work)]

    _differs(monkeypatch, cid, real_card(cid).model_copy(update={"manage": []}), run)


def _pay(cid: str) -> str | None:
    """The energy a move there names: light for a neutral location (the test table holds both)."""
    return "light" if CARDS[cid].side == "neutral" else None


@pytest.mark.parametrize("cid", WITH_ARRIVAL)
def test_arrival_effects_trigger_when_a_character_moves_there(monkeypatch, cid: str) -> None:
    state = busy(extra_field=[cid])
    commands = [
        {
            "type": "move",
            "character": uid_of(state, 0, who),
            "location": uid_of(state, 0, cid, nth=-1),
            "pay": _pay(cid),
        }
        for who in (NOAH, HANNAH)
    ]
    _differs(
        monkeypatch,
        cid,
        real_card(cid).model_copy(update={"on_arrive": []}),
        lambda: _outcomes(state, commands),
    )


@pytest.mark.parametrize("cid", WITH_BONUS)
def test_location_bonuses_apply_to_characters_there(cid: str) -> None:
    state = busy(extra_field=[cid])
    noah = uid_of(state, 0, NOAH)
    before = zones.locate(state, noah)[1]
    base = (zones.strength(state, before), zones.health(state, before), zones.prayer(state, before))
    move = {"type": "move", "character": noah, "location": uid_of(state, 0, cid, nth=-1), "pay": _pay(cid)}
    state, _ = act(state, 0, move)
    ip = zones.locate(state, noah)[1]
    c = real_card(cid)
    assert (zones.strength(state, ip), zones.health(state, ip), zones.prayer(state, ip)) == (
        base[0] + c.bonus_strength + ip.strength_bonus,  # an arrival effect may add to it too
        base[1] + c.bonus_health,
        base[2] + c.bonus_prayer,
    )


# -- the data ----------------------------------------------------------------------------------
def test_at_least_ninety_distinct_cards_of_all_five_types() -> None:
    assert len(CARDS) >= 90
    assert len({c.title for c in CARDS.values()}) == len(CARDS)
    assert {c.type for c in CARDS.values()} == set(TYPES)
    assert {c.side for c in CARDS.values() if c.type == "character"} == {"light", "dark"}
    assert {"Equipment", "Food"} <= {s for c in CARDS.values() if c.type == "object" for s in c.subtypes}


def test_the_four_cards_the_guide_names_are_there_with_its_stats() -> None:
    noah, serpent = find("Noah - Captain of the Ark"), find("The Serpent - Deceiver")
    assert (noah.strength, noah.health) == (2, 4)
    assert (serpent.strength, serpent.health) == (3, 1)
    assert find("Adam - God Breathed").name == find("Adam - Nomenclator").name == "Adam"


def test_light_characters_pray_and_dark_ones_cannot() -> None:
    for c in CARDS.values():
        if c.type == "character":
            assert (c.prayer > 0) == (c.side == "light"), c.title


def test_every_card_has_a_scripture_reference_and_text_for_its_power() -> None:
    for c in CARDS.values():
        assert SCRIPTURE.match(c.scripture), c.title
        has_power = (
            c.effects
            or c.abilities
            or c.manage
            or c.on_arrive
            or c.keywords
            or c.bonus_prayer
            or c.bonus_health
            or c.bonus_strength
        )
        assert bool(card_lines(c)) == bool(has_power), c.title


def test_exhaust_abilities_show_the_cloud_symbol() -> None:
    assert card_lines(find("Noah - Captain of the Ark"))[0].startswith("☁, 1 neutral:")


def test_bad_card_data_is_refused_naming_the_rule() -> None:
    base = {
        "name": "X",
        "type": "character",
        "side": "dark",
        "cost": 1,
        "health": 1,
        "strength": 1,
        "scripture": "Genesis 1:1",
    }
    with pytest.raises(ValueError, match="dark characters cannot pray"):
        Card.model_validate({**base, "prayer": 1})
    with pytest.raises(ValueError, match="scripture"):
        Card.model_validate({**base, "prayer": 0, "scripture": "somewhere"})
    with pytest.raises(ValueError, match="coloured cost"):
        Card.model_validate({**base, "prayer": 0, "cost": 0})


def test_lookup_by_title_prefix_and_refusals() -> None:
    assert find("moses - law").id == "moses-lawgiver"
    with pytest.raises(GameError, match="several"):
        find("Moses")
    with pytest.raises(GameError, match="no Faith card"):
        find("Zebedee")
