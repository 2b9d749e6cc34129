"""Every anomaly's and event's text is carried out by its blocks; the loader refuses what it cannot carry out."""

from __future__ import annotations

from typing import Any

import pytest
from apollyon_builder import anomaly, character, loaded_dice, started

from bot.engine.cards import CardDataError
from bot.games.apollyon.cards import TIMINGS, AnomalyCard, Catalogue, catalogue
from bot.games.apollyon.effects import BOOK, check_passive, modifier, run, validate_nested
from bot.games.apollyon.state import Table

LABELS = {
    "passive": "Passive",
    "first_contact": "First Contact!",
    "start": "Start of Turn",
    "monthly": "Monthly Effect",
    "end": "End of Turn",
    "contained": "Contained",
}
ANOMALIES = sorted(catalogue().anomalies)


def busy_table() -> Table:
    """A table where every kind of block has something to act on."""
    t = Table(started(2))
    for seat in (0, 1):
        t.hand(seat).clear()
        for card in ("char-corporal-finn-orourke", "char-sergeant-ada-mwangi", "char-guard-nils-ekberg"):
            t.hand(seat).append(character(t, card))
        t.site(seat).lost.append(character(t, "char-guard-captain-elena-ruiz"))
        t.site(seat).pool.update(resource=2, personnel=2, space=2)
        t.site(seat).temporary.append(anomaly(t, "scp-173"))
        partial = t.site(seat).active()[0]
        partial.tokens["space"] = 1
        t.site(seat).rows[1].append(anomaly(t, "scp-096", tokens={"resource": 0, "personnel": 0, "space": 1}))
    t.sync_garrisons()
    t.pub.masquerade -= 6
    return t


def snapshot(t: Table) -> dict[str, Any]:
    dump = t.state.model_dump(mode="json")
    dump.pop("rng")
    return dump


@pytest.mark.parametrize("card", ANOMALIES)
def test_anomaly_text_names_each_timing_it_has(card: str) -> None:
    info = catalogue().anomalies[card]
    timings = [k for k in TIMINGS if getattr(info, k)]
    assert timings, f"{card} has no text the engine carries out"
    for k in timings:
        assert f"{LABELS[k]}:" in info.text


@pytest.mark.parametrize("card", ANOMALIES)
def test_anomaly_blocks_change_the_game(monkeypatch, card: str) -> None:
    info = catalogue().anomalies[card]
    loaded_dice(monkeypatch, 6)
    for timing in TIMINGS:
        blocks = getattr(info, timing)
        if not blocks:
            continue
        t = busy_table()
        a = anomaly(t, card)
        if timing == "passive":
            t.pub.public_zone.append(a)
            for block in blocks:
                assert modifier(t, block["stat"]) == block["by"]
            continue
        before = snapshot(t)
        seats = [0] if timing == "contained" else None
        run(t, blocks, seats=seats, source=a)
        assert snapshot(t) != before or a.minions or a.counters, f"{card} {timing} did nothing"


@pytest.mark.parametrize("card", sorted(catalogue().events))
def test_event_blocks_change_the_game(monkeypatch, card: str) -> None:
    loaded_dice(monkeypatch, 6)
    t = busy_table()
    before = snapshot(t)
    run(t, catalogue().events[card].effects)
    assert snapshot(t) != before


def test_counter_runs_its_blocks_at_the_count_and_resets() -> None:
    t = busy_table()
    a = anomaly(t, "scp-2317")
    before = t.pub.masquerade
    for _ in range(2):
        run(t, [{"op": "counter", "at": 3, "then": [{"op": "masquerade", "by": -1}]}], source=a)
    assert a.counters == 2 and t.pub.masquerade == before
    run(t, [{"op": "counter", "at": 3, "then": [{"op": "masquerade", "by": -1}]}], source=a)
    assert a.counters == 0 and t.pub.masquerade == before - 1


def test_cognitohazards_make_a_character_lost_at_three_and_antimemetics_ignore_them() -> None:
    t = busy_table()
    front = t.hand(0)[0]
    run(t, [{"op": "cognitohazard", "n": 3}], seats=[0])
    assert front in t.site(0).lost
    t.hand(1).insert(0, character(t, "char-specialist-hana-mori"))
    t.sync_garrisons()
    run(t, [{"op": "cognitohazard", "n": 3}], seats=[1])
    assert t.hand(1)[0].cognito == 0


def test_destroying_space_only_spends_it() -> None:
    t = busy_table()
    run(t, [{"op": "assets", "kind": "space", "n": 1, "how": "destroy"}], seats=[0])
    assert t.site(0).pool["space"] == 1 and t.site(0).spent["space"] == 1


def test_thaumiel_contained_text_runs_at_start_of_turn_only_when_fully_contained(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    from bot.games.apollyon import phases

    t = busy_table()
    key = anomaly(t, "scp-005", tokens={"resource": 1, "personnel": 1, "space": 1})
    t.site(0).rows[0].append(key)
    t.pub.masquerade = t.pub.masquerade_start  # keep the veil out of it
    before = t.site(0).pool["resource"]
    phases.intel(t)
    assert t.site(0).pool["resource"] == before + 1
    key.tokens["resource"] = 0
    phases.intel(t)
    assert t.site(0).pool["resource"] == before + 1


def test_unknown_blocks_and_bad_passives_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown op"):
        BOOK.validate([{"op": "summon_dragon"}], "test")
    with pytest.raises(ValueError):
        BOOK.validate([{"op": "wound", "amount": 2}], "test")
    with pytest.raises(CardDataError):
        check_passive([{"op": "wound", "n": 1}], "test")
    with pytest.raises(ValueError):
        validate_nested([{"op": "counter", "at": 2, "then": [{"op": "nope"}]}], "test")


def test_loader_refuses_a_card_it_cannot_carry_out(tmp_path, monkeypatch) -> None:
    folder = tmp_path / "apollyon"
    folder.mkdir()
    (folder / "bad.toml").write_text(
        '[[anomaly]]\nid = "x"\nname = "X"\ndesignation = "SCP-X"\ncls = "safe"\n'
        "cost = { space = 1 }\nmasquerade = 1\nthreat = 1\nsubdue = 1\n"
        'text = "Something odd happens here."\nmonthly = [{ op = "summon_dragon" }]\n',
        encoding="utf-8",
    )
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    with pytest.raises(ValueError, match="summon_dragon"):
        Catalogue()


def test_model_rejects_a_bad_class() -> None:
    with pytest.raises(ValueError):
        AnomalyCard.model_validate(
            {
                "id": "x",
                "name": "X",
                "designation": "D",
                "cls": "mythic",
                "cost": {},
                "masquerade": 1,
                "threat": 1,
                "subdue": 1,
                "text": "Something odd happens.",
            }
        )
