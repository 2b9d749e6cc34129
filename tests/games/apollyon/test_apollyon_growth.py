"""The Intel and Growth phases: dealing situations, a full zone, Transfer, the Draw pile, Promote, Study."""

from __future__ import annotations

import pytest
from apollyon_builder import act, anomaly, loaded_dice, set_level, setup, started

from bot.engine.errors import GameError
from bot.games.apollyon import phases
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.missions import deal_situation
from bot.games.apollyon.state import Phase, Table


@pytest.mark.parametrize(("players", "base"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_intel_deals_one_per_two_players_when_every_check_passes(
    monkeypatch, players: int, base: int
) -> None:
    loaded_dice(monkeypatch, 6)
    state = started(players)
    assert len(state.public.situations) == base


@pytest.mark.parametrize("players", [1, 2, 4])
def test_each_failed_intel_check_deals_one_more(monkeypatch, players: int) -> None:
    loaded_dice(monkeypatch, 3)  # 3 fails a check at 4+
    state = started(players)
    assert len(state.public.situations) == -(-players // 2) + players


def test_dealt_situation_costs_masquerade_and_keeps_tokens() -> None:
    state = setup(2)
    t = Table(state)
    card = t.secret.decks["situation"][-1]
    cost = catalogue().situations[card].masquerade
    before = t.pub.masquerade
    deal_situation(t)
    [sit] = t.pub.situations
    assert sit.card == card and sit.tokens == cost
    assert t.pub.masquerade == before - cost


def test_full_zone_sends_the_anomaly_to_the_public_zone_for_free() -> None:
    state = setup(2)
    t = Table(state)
    while len(t.pub.situations) < t.pub.slots:
        deal_situation(t)
    assert t.pub.slots == 6
    deck = t.secret.decks["situation"]
    # Put a situation that leads to an anomaly on top.
    lead = next(c for c in deck if catalogue().situations[c].leads != "false_alarm")
    deck.remove(lead)
    deck.append(lead)
    before = t.pub.masquerade
    deal_situation(t)
    assert len(t.pub.situations) == 6
    assert t.pub.masquerade == before
    [loose] = t.pub.public_zone
    assert loose.info.cls == catalogue().situations[lead].leads
    assert lead in t.secret.discards["situation"]


def test_full_zone_false_alarm_does_nothing() -> None:
    t = Table(setup(4))
    while len(t.pub.situations) < 8:
        deal_situation(t)
    deck = t.secret.decks["situation"]
    alarm = next(c for c in deck if catalogue().situations[c].leads == "false_alarm")
    deck.remove(alarm)
    deck.append(alarm)
    deal_situation(t)
    assert t.pub.public_zone == [] and len(t.pub.situations) == 8


def test_transfer_an_asset_once_per_growth() -> None:
    state = started(2)
    state = act(state, 0, type="transfer", to=1, asset="resource").state
    assert state.public.sites[0].pool["resource"] == 0
    assert state.public.sites[1].pool["resource"] == 2
    with pytest.raises(GameError, match="already made your transfer"):
        act(state, 0, type="transfer", to=1, asset="personnel")


def test_transfer_a_character_moves_it_between_hands_privately() -> None:
    state = started(2)
    ch = state.players[0].characters[0]
    out = act(state, 0, type="transfer", to=1, character=ch.uid)
    assert ch.uid in [c.uid for c in out.state.players[1].characters]
    assert out.state.public.sites[0].garrison == 1 and out.state.public.sites[1].garrison == 3
    public = " ".join(e.text for e in out.events if e.audience == "public")
    assert ch.info.name not in public


def test_pile_budget_is_players_plus_one_and_characters_cost_three() -> None:
    state = started(3)
    with pytest.raises(GameError, match="allows 4 draws"):
        act(state, 0, type="build_pile", assets=2, characters=1)
    out = act(state, 0, type="build_pile", assets=1, characters=1).state
    assert [p.kind for p in out.public.pile] == ["asset", "character"]
    with pytest.raises(GameError, match="already been made"):
        act(out, 1, type="build_pile", assets=1)


def test_each_director_takes_at_most_one_card_and_the_rest_is_discarded() -> None:
    state = started(2)
    state = act(state, 0, type="build_pile", assets=3).state
    pile = [p.card for p in state.public.pile]
    state = act(state, 0, type="claim", index=0).state
    with pytest.raises(GameError, match="already taken your card"):
        act(state, 0, type="claim", index=1)
    with pytest.raises(GameError, match="already been taken"):
        act(state, 1, type="claim", index=0)
    state = act(state, 0, type="ready").state
    state = act(state, 1, type="ready").state
    assert state.public.phase is Phase.ASSIGN and state.public.pile == []
    assert set(pile[1:]) <= set(state.secret.discards["asset"])


def test_claimed_asset_card_gives_its_tokens() -> None:
    state = started(2)
    state = act(state, 0, type="build_pile", assets=1).state
    gain = catalogue().assets[state.public.pile[0].card].gain
    before = dict(state.public.sites[0].pool)
    state = act(state, 0, type="claim", index=0).state
    for kind, n in gain.items():
        assert state.public.sites[0].pool[kind] == before[kind] + n


def test_solo_director_has_three_draws_and_takes_two_cards() -> None:
    state = started(1)
    with pytest.raises(GameError, match="allows 3 draws"):
        act(state, 0, type="build_pile", assets=1, characters=1)
    assert len(act(state, 0, type="build_pile", characters=1).state.public.pile) == 1
    state = act(state, 0, type="build_pile", assets=3).state
    state = act(state, 0, type="claim", index=0).state
    state = act(state, 0, type="claim", index=1).state
    with pytest.raises(GameError):
        act(state, 0, type="claim", index=2)


def test_promote_personnel_resources_and_space() -> None:
    state = started(2)
    site = state.public.sites[0]
    site.pool.update(personnel=2, resource=2, space=1)
    hand = len(state.players[0].characters)
    state = act(state, 0, type="promote", kind="personnel").state
    assert len(state.players[0].characters) == hand + 1 and state.public.sites[0].pool["personnel"] == 0
    state = act(state, 0, type="promote", kind="resource").state
    assert state.public.sites[0].pool["resource"] == 0 and state.public.sites[0].pool["space"] == 2
    traded = state.public.space_traded
    state = act(state, 0, type="promote", kind="space").state
    assert state.public.space_traded == traded + 1
    state.public.sites[0].pool["personnel"] = 1
    with pytest.raises(GameError, match="needs 2 personnel"):
        act(state, 0, type="promote", kind="personnel")


def test_study_spends_a_personnel_for_two_tokens_once() -> None:
    state = started(2)
    theirs = state.public.sites[1].active()[0]
    state = act(state, 0, type="study", anomaly=theirs.uid).state  # any contained anomaly, anywhere
    assert state.public.sites[1].active()[0].study == 2
    assert state.public.sites[0].pool["personnel"] == 0 and state.public.sites[0].spent["personnel"] == 1
    state.public.sites[0].pool["personnel"] = 1
    with pytest.raises(GameError, match="already studied"):
        act(state, 0, type="study", anomaly=theirs.uid)


def test_start_effects_and_recovery_checks_run_in_intel(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    state = started(2)
    t = Table(state)
    ch = t.hand(0).pop(0)
    t.sync_garrisons()
    t.site(0).lost.append(ch)
    author = anomaly(t, "apl-author")  # Start of Turn: a Cognitohazard for each director
    t.pub.public_zone.append(author)
    phases.intel(t)
    assert ch.uid in [c.uid for c in t.hand(0)]  # recovered (a 6 passes the check)
    assert t.hand(1)[0].cognito == 1


def test_final_month_reveals_the_apollyon_and_pays_its_cost(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    set_level(monkeypatch)  # no Apollyon cover-up: the arrival costs its full Masquerade
    state = started(3)
    t = Table(state)
    boss = t.secret.apollyon
    t.pub.month = 6
    before = t.pub.masquerade
    phases.intel(t)
    assert t.pub.apollyon_revealed and t.pub.apollyon_card == boss and t.secret.apollyon is None
    [a] = [a for a in t.pub.public_zone if a.card == boss]
    assert t.pub.masquerade <= before - a.info.masquerade
