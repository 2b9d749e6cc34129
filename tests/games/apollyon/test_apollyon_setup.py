"""Setup, campaign and solo mode, the Masquerade tracker's start, and the data counts."""

from __future__ import annotations

import pytest
from apollyon_builder import act, setup, started

from bot.engine.errors import GameError
from bot.engine.state import project
from bot.games.apollyon import RULES
from bot.games.apollyon.cards import CLASSES, catalogue
from bot.games.apollyon.state import Phase


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_setup_tracker_slots_sites_and_hands(players: int) -> None:
    state = setup(players)
    pub = state.public
    assert pub.masquerade == pub.masquerade_start == 10 + 5 * players
    assert pub.slots == (6 if players <= 3 else 8)
    assert pub.phase is Phase.SETUP and pub.month == 1
    for site in pub.sites:
        assert site.pool == {"resource": 1, "personnel": 1, "space": 1}
        assert [len(m.members) for m in site.mtfs] == [0, 0]
    hand = 3 if players == 1 else 2  # solo mode starts with three characters
    assert all(len(h.characters) == hand for h in state.players.values())
    assert state.secret.apollyon in catalogue().deck("apollyon")
    assert not pub.apollyon_revealed and pub.apollyon_card is None


def test_every_deck_is_shuffled_into_the_secret_part() -> None:
    state = setup(2)
    assert set(state.secret.decks) >= {*CLASSES, "character", "asset", "event", "situation"}
    assert "decks" not in project(state, 0)["public"]
    assert (
        state.secret.decks["safe"] != sorted(state.secret.decks["safe"])
        or len(state.secret.decks["safe"]) < 3
    )


def test_the_facedown_apollyon_and_hands_stay_out_of_public_view() -> None:
    state = setup(3)
    public = state.public.model_dump_json()
    assert catalogue().anomalies[state.secret.apollyon].name not in public
    for hand in state.players.values():
        for ch in hand.characters:
            assert ch.info.name not in public
    view = project(state, 1)
    assert "private" in view and "secret" not in view


def test_start_anomaly_is_fully_contained_from_the_chosen_deck() -> None:
    state = setup(2)
    top = state.secret.decks["keter"][-1]
    state = act(state, 0, type="choose_start", deck="keter").state
    site = state.public.sites[0]
    [a] = site.active()
    assert a.card == top and a.info.cls == "keter"
    assert not a.partial and a.held == a.info.cost.total
    assert site.pool == {"resource": 1, "personnel": 1, "space": 1}  # the cost is given, not paid
    assert state.public.phase is Phase.SETUP  # seat 1 has not chosen
    with pytest.raises(GameError):
        act(state, 0, type="choose_start", deck="safe")


def test_start_deck_must_be_safe_euclid_or_keter() -> None:
    with pytest.raises(GameError):
        act(setup(2), 0, type="choose_start", deck="apollyon")


def test_all_chosen_runs_month_one_intel_into_growth() -> None:
    state = started(2)
    assert state.public.phase is Phase.GROWTH
    assert state.public.situations  # at least the one for two players was dealt


def test_campaign_removes_beaten_apollyons() -> None:
    deck = catalogue().deck("apollyon")
    beaten = deck[:-1]
    for seed in range(5):
        state = setup(2, seed, campaign=True, beaten=beaten)
        assert state.secret.apollyon == deck[-1]
        assert state.secret.decks["apollyon"] == []


def test_campaign_with_every_apollyon_beaten_starts_over() -> None:
    deck = catalogue().deck("apollyon")
    state = setup(2, 3, campaign=True, beaten=deck)
    assert len(state.secret.decks["apollyon"]) == len(deck) - 1


def test_beaten_list_is_ignored_outside_campaign_mode() -> None:
    deck = catalogue().deck("apollyon")
    state = setup(2, 3, campaign=False, beaten=deck)
    assert len(state.secret.decks["apollyon"]) == len(deck) - 1


def test_check_config_line() -> None:
    line = RULES.check_config()
    n = catalogue().counts()
    assert line == (
        f"apollyon: {sum(n.values())} cards (anomaly {n['anomaly']}, character {n['character']}, "
        f"situation {n['situation']}, event {n['event']}, asset {n['asset']}), anomalies {n['anomaly']}, "
        f"characters {n['character']}, situations {n['situation']}"
    )


def test_content_sizes() -> None:
    cat = catalogue()
    assert len(cat.anomalies) >= 45
    assert {c.cls for c in cat.anomalies.values()} == set(CLASSES)
    assert len(cat.deck("apollyon")) >= 6
    assert len(cat.characters) >= 30 and all(c.skills for c in cat.characters.values())
    assert len(cat.situations) >= 30 and all(1 <= s.danger <= 6 for s in cat.situations.values())
    assert {s.leads for s in cat.situations.values()} >= {"safe", "euclid", "keter", "false_alarm"}
    assert len(cat.events) >= 20
    assert len(cat.assets) >= 10
    assert all(a.cost.space >= 1 for a in cat.anomalies.values())  # Active Containment always takes Space
