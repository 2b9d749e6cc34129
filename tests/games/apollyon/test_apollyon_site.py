"""The Site phase and containment: delivery, rows, partial and over-containment, breaches, trials."""

from __future__ import annotations

import pytest
from apollyon_builder import act, anomaly, character, fill_full_cost, loaded_dice, started

from bot.engine.errors import GameError
from bot.games.apollyon import RULES, breach, containment
from bot.games.apollyon.state import ApollyonState, Phase, Table


def at_return(state: ApollyonState) -> ApollyonState:
    state.public.phase = Phase.RETURN
    for site in state.public.sites:
        site.ready = not site.carrying
    return state


def test_deliver_home_or_to_an_agreeing_site() -> None:
    state = started(2)
    t = Table(state)
    a, b = anomaly(t, "scp-999"), anomaly(t, "scp-131")
    t.site(0).carrying += [a, b]
    state = at_return(state)
    with pytest.raises(GameError, match="not agreed"):
        act(state, 0, type="deliver", anomaly=a.uid, to=1)
    state = act(state, 1, type="open_site", open=True).state
    state = act(state, 0, type="deliver", anomaly=a.uid, to=1).state
    assert [x.uid for x in state.public.sites[1].temporary] == [a.uid]
    state = act(state, 0, type="ready").state  # the rest go home
    assert [x.uid for x in state.public.sites[0].temporary] == [b.uid]
    assert state.public.phase is Phase.SITE


def test_no_room_in_temporary_containment_lets_it_get_away() -> None:
    state = started(2)
    t = Table(state)
    for card in ("scp-999", "scp-131", "scp-500"):
        t.site(0).temporary.append(anomaly(t, card))
    extra = anomaly(t, "scp-458")
    t.site(0).carrying.append(extra)
    state = at_return(state)
    with pytest.raises(GameError, match="full"):
        act(state, 0, type="deliver", anomaly=extra.uid, to=0)
    before = state.public.masquerade
    state = act(state, 0, type="ready").state
    assert extra.uid in [x.uid for x in state.public.public_zone]
    assert state.public.masquerade == before - extra.info.masquerade


def site_phase(state: ApollyonState) -> ApollyonState:
    state.public.phase = Phase.SITE
    for site in state.public.sites:
        site.ready = False
    return state


def test_contain_spends_the_full_cost_into_containment_tokens() -> None:
    state = site_phase(started(2))
    t = Table(state)
    a = anomaly(t, "scp-914")  # cost 1/1/1
    t.site(0).temporary.append(a)
    t.site(0).pool.update(resource=1, personnel=1, space=1)
    state = act(state, 0, type="contain", anomaly=a.uid).state
    site = state.public.sites[0]
    assert site.pool == {"resource": 0, "personnel": 0, "space": 0}
    held = next(x for x in site.active() if x.uid == a.uid)
    assert held.tokens == {"resource": 1, "personnel": 1, "space": 1} and not held.partial
    with pytest.raises(GameError):
        act(state, 0, type="contain", anomaly=a.uid)


def test_contain_refuses_without_the_assets() -> None:
    state = site_phase(started(2))
    t = Table(state)
    a = anomaly(t, "scp-682")
    t.site(0).temporary.append(a)
    with pytest.raises(GameError, match="do not have"):
        act(state, 0, type="contain", anomaly=a.uid)


def test_rows_fill_least_first_and_an_extra_row_comes_and_goes() -> None:
    t = Table(started(2))
    site = t.site(0)
    site.rows = [[], []]
    placed = [anomaly(t, "scp-999") for _ in range(7)]
    rows = [containment.place_in_rows(site, a) for a in placed]
    assert rows == [0, 1, 0, 1, 0, 1, 2]
    assert [len(r) for r in site.rows] == [3, 3, 1]
    containment.remove_from_site(t, site, placed[0])  # room in the first two rows again
    assert [len(r) for r in site.rows] == [2, 3, 1]  # the third row still holds one
    containment.remove_from_site(t, site, placed[6])
    assert len(site.rows) == 2


def test_withdraw_a_token_makes_partial_containment_and_space_sends_it_back() -> None:
    state = site_phase(started(2))
    a = state.public.sites[0].active()[0]
    fill_full_cost(a)
    kind = next(k for k in ("resource", "personnel") if a.tokens[k])
    state = act(state, 0, type="withdraw", anomaly=a.uid, asset=kind).state
    held = state.public.sites[0].active()[0]
    assert held.partial and state.public.sites[0].pool[kind] == 2
    space_before = state.public.sites[0].pool["space"]
    state = act(state, 0, type="withdraw", anomaly=a.uid, asset="space").state
    site = state.public.sites[0]
    assert site.active() == [] and [x.uid for x in site.temporary] == [a.uid]
    assert site.temporary[0].held == 0 and site.pool["space"] > space_before


def test_overcontain_adds_tokens_beyond_the_cost() -> None:
    state = site_phase(started(2))
    a = state.public.sites[0].active()[0]
    state = act(state, 0, type="overcontain", anomaly=a.uid, asset="personnel").state
    held = state.public.sites[0].active()[0]
    assert held.held == a.info.cost.total + 1 and not held.partial


def test_breach_check_holds_within_tokens_and_security(monkeypatch) -> None:
    t = Table(started(2))
    t.hand(0).clear()
    t.sync_garrisons()
    a = anomaly(t, "scp-173", tokens={"resource": 1, "personnel": 1, "space": 1})  # threat 3
    t.site(0).rows[0].append(a)
    loaded_dice(monkeypatch, 6)  # three successes
    assert breach.breach_check(t, 0, a) is False  # 3 does not exceed 3 tokens
    a.tokens["resource"] = 0  # Partial Containment: 2 tokens
    t.add_to_hand(0, character(t, "char-security-chief-omar-haddad"))  # Security 2
    assert breach.breach_check(t, 0, a) is False  # 3 against 2 + 2
    t.hand(0).clear()
    t.sync_garrisons()
    assert breach.breach_check(t, 0, a) is True


def test_temporary_containment_breaches_on_any_success(monkeypatch) -> None:
    t = Table(started(2))
    t.hand(0).clear()
    t.sync_garrisons()
    a = anomaly(t, "scp-173")
    t.site(0).temporary.append(a)
    loaded_dice(monkeypatch, 6)
    before = t.pub.masquerade
    assert breach.breach_check(t, 0, a) is True
    assert a in t.pub.public_zone and t.pub.masquerade == before - a.info.masquerade


def test_breaching_containment_destroys_failed_tokens_but_space_is_only_spent(monkeypatch) -> None:
    t = Table(started(2))
    t.hand(0).clear()
    t.sync_garrisons()
    a = t.site(0).active()[0]
    a.tokens = {"resource": 1, "personnel": 1, "space": 1}
    pool = dict(t.site(0).pool)
    loaded_dice(monkeypatch, 1)  # every token's roll fails
    breach.breach_containment(t, 0, a)
    assert t.site(0).pool == pool
    assert t.site(0).spent["space"] == 1
    assert a.study == 0 and a.held == 0 and a in t.pub.public_zone


def test_garrison_can_stop_a_breach_and_put_it_in_temporary(monkeypatch) -> None:
    t = Table(started(2))
    t.hand(0).clear()
    t.hand(0).append(character(t, "char-mtf-veteran-gus-harlan"))
    t.sync_garrisons()
    a = anomaly(t, "scp-999")
    t.site(0).temporary.append(a)
    loaded_dice(monkeypatch, 6)
    breach.breach_containment(t, 0, a)
    assert [x.uid for x in t.site(0).temporary] == [a.uid] and t.pub.public_zone == []


def test_breach_cascade_stops_at_the_first_hold(monkeypatch) -> None:
    t = Table(started(2))
    t.hand(0).clear()
    t.sync_garrisons()
    site = t.site(0)
    first, second = anomaly(t, "scp-173"), anomaly(t, "scp-096")
    site.temporary += [first, second]
    calls: list[tuple[str, int]] = []

    def fake_check(t_, seat, a, bonus=0):  # noqa: ANN001, ANN202
        calls.append((a.card, bonus))
        return False

    monkeypatch.setattr(breach, "breach_check", fake_check)
    breach.breach_cascade(t, 0)
    assert calls == [("scp-173", 0)]


def test_breach_cascade_adds_a_die_per_breach(monkeypatch) -> None:
    t = Table(started(2))
    site = t.site(0)
    site.temporary += [anomaly(t, "scp-173"), anomaly(t, "scp-096")]
    calls: list[int] = []
    monkeypatch.setattr(breach, "breach_check", lambda t_, s, a, bonus=0: calls.append(bonus) or True)
    breach.breach_cascade(t, 0)
    assert calls == [0, 1, 2]  # two temporary, then the starting anomaly


def test_neutralization_trial_success_frees_the_tokens(monkeypatch) -> None:
    state = site_phase(started(2))
    a = state.public.sites[0].active()[0]
    a.study = 6
    loaded_dice(monkeypatch, 6)
    pool = dict(state.public.sites[0].pool)
    state = act(state, 0, type="trial", anomaly=a.uid).state
    site = state.public.sites[0]
    assert site.active() == []
    assert site.pool["space"] == pool["space"] + a.tokens["space"]
    assert site.spent["personnel"] == 1
    with pytest.raises(GameError):
        act(state, 0, type="trial", anomaly=a.uid)


def test_failed_trial_keeps_study_and_forces_a_breach_check(monkeypatch) -> None:
    state = site_phase(started(2))
    a = state.public.sites[0].active()[0]
    a.study = 2
    loaded_dice(monkeypatch, 1)
    out = act(state, 0, type="trial", anomaly=a.uid)
    assert any(e.kind == "breach_check" for e in out.events)
    assert out.state.public.sites[0].active()[0].study == 2
    out.state.public.sites[0].pool["personnel"] = 1
    with pytest.raises(GameError, match="already held"):
        act(out.state, 0, type="trial", anomaly=a.uid)


def test_apollyon_cannot_be_put_on_trial_and_containing_it_wins() -> None:
    state = site_phase(started(2))
    t = Table(state)
    boss = anomaly(t, "scp-2399")
    t.site(0).temporary.append(boss)
    with pytest.raises(GameError, match="cannot be neutralized"):
        act(state, 0, type="trial", anomaly=boss.uid)
    from bot.games.apollyon.containment import containment_cost

    t.site(0).pool.update(containment_cost(t, boss))  # the card's 2 of each, with the level's O5 share
    out = act(state, 0, type="contain", anomaly=boss.uid)
    assert out.state.public.outcome == "won" and RULES.result(out.state).startswith("The Foundation won")
    with pytest.raises(GameError, match="already over"):
        act(out.state, 1, type="ready")


def test_researchers_in_the_garrison_add_to_neutralize(monkeypatch) -> None:
    state = site_phase(started(2))
    t = Table(state)
    t.hand(0).clear()
    t.add_to_hand(0, character(t, "char-dr-sofia-brandt"))  # Researcher 2
    a = t.site(0).active()[0]
    a.study = 0
    loaded_dice(monkeypatch, 6)
    out = act(state, 0, type="trial", anomaly=a.uid)
    assert "Neutralize 2" in " ".join(e.text for e in out.events)
