"""Issue 15's fidelity fixes: site agreement, intercepts without an Analyst, spreading wounds, difficulty."""

from __future__ import annotations

import pytest
from apollyon_builder import act, anomaly, character, loaded_dice, set_level, started, to_assign

from bot.games.apollyon import RULES, missions
from bot.games.apollyon import commands as c
from bot.games.apollyon import masquerade as mq
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.state import Mission, Phase, Situation, Table


def test_site_agreement_is_a_legal_action_in_every_phase_even_after_ready() -> None:
    state = started(2)
    assert c.OpenSite(open=True) in RULES.legal_actions(state, 0)
    state = act(state, 0, type="ready").state
    assert state.public.sites[0].ready and c.OpenSite(open=True) in RULES.legal_actions(state, 0)
    state = act(state, 0, type="open_site", open=True).state
    assert state.public.sites[0].open
    actions = RULES.legal_actions(state, 0)
    assert c.OpenSite(open=False) in actions and c.OpenSite(open=True) not in actions


def test_an_open_site_lets_another_director_deliver_there() -> None:
    t = Table(started(2))
    a = anomaly(t, "scp-173")
    t.site(0).carrying.append(a)
    t.pub.phase = Phase.RETURN
    assert c.Deliver(anomaly=a.uid, to=1) not in RULES.legal_actions(t.state, 0)
    state = act(t.state, 1, type="open_site", open=True).state
    assert c.Deliver(anomaly=a.uid, to=1) in RULES.legal_actions(state, 0)


def test_any_mtf_may_intercept_the_top_situation_without_an_analyst() -> None:
    state = to_assign()
    t = Table(state)
    t.hand(0).clear()
    t.add_to_hand(0, character(t, "char-d-9341"))  # no skills
    uid = t.hand(0)[0].uid
    state = act(state, 0, type="assign", character=uid, to="mtf1").state
    assert c.SetMission(mtf=1, kind="intercept") in RULES.legal_actions(state, 0)
    state = act(state, 0, type="mission", mtf=1, kind="intercept").state
    assert state.public.sites[0].mtfs[0].mission == Mission(kind="intercept")


def test_an_analyst_on_an_intercept_regains_masquerade(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    t = Table(started(2))
    team = t.site(0).mtfs[0].members
    team += [character(t, "char-mtf-veteran-gus-harlan"), character(t, "char-agent-priya-nandakumar")]
    card = next(k for k, s in catalogue().situations.items() if s.leads == "safe")
    t.pub.masquerade -= 8
    before = t.pub.masquerade
    sit = Situation(uid=t.uid(), card=card, tokens=0)
    missions.investigate(t, 0, sit, [(0, team, False)], "team", intercepted=True)
    assert t.pub.masquerade == before + 1  # Analyst 1, no tokens on an intercepted situation


def _collaboration(monkeypatch):
    loaded_dice(monkeypatch, 6)
    t = Table(started(2))
    mine, theirs = t.site(0).mtfs[0], t.site(1).mtfs[1]
    mine.members.append(character(t, "char-d-9341"))  # force 2, health 1
    theirs.members.append(character(t, "char-sergeant-ada-mwangi"))  # force 4, health 4
    a = anomaly(t, "scp-173")  # subdue 2, threat 3
    t.pub.public_zone.append(a)
    mine.mission = Mission(kind="capture", target=a.uid)
    theirs.mission = Mission(kind="capture", target=a.uid)
    t.pub.phase = Phase.MISSIONS
    return t, mine, theirs


def test_collaborating_mtfs_may_spread_the_wounds(monkeypatch) -> None:
    t, mine, theirs = _collaboration(monkeypatch)
    assert c.Resolve(mtf=1, spread=True) in RULES.legal_actions(t.state, 0)
    state = act(t.state, 0, type="resolve", mtf=1, spread=True).state
    # In line order the D-class (health 1) would die; spread, the wounds go where health is left.
    mine, theirs = state.public.sites[0].mtfs[0], state.public.sites[1].mtfs[1]
    assert [ch.wounds for ch in mine.members] == [0] and [ch.wounds for ch in theirs.members] == [3]


def test_without_spreading_the_lead_still_stands_in_front(monkeypatch) -> None:
    t, mine, theirs = _collaboration(monkeypatch)
    state = act(t.state, 0, type="resolve", mtf=1).state
    assert state.public.sites[0].mtfs[0].members == []
    assert [ch.wounds for ch in state.public.sites[1].mtfs[1].members] == [2]


def test_a_lone_mtf_is_not_offered_a_spread(monkeypatch) -> None:
    t, mine, theirs = _collaboration(monkeypatch)
    theirs.mission = None
    assert c.Resolve(mtf=1, spread=True) not in RULES.legal_actions(t.state, 0)


# -- on Discord ---------------------------------------------------------------------------------
def _buttons(state, seat: int) -> list:
    from bot.engine.state import project
    from cogs.apollyon import views

    items = views.action_items(
        1, RULES.legal_actions(state, seat), project(state, seat), lambda s: f"site {s + 1}"
    )
    return [i.item for i in items if not hasattr(i.item, "options")]


def test_the_panel_has_a_button_to_agree_to_take_other_teams_anomalies() -> None:
    from bot.store import GameSession
    from cogs.apollyon.cog import ApollyonCog

    state = started(2)
    labels = [b.label for b in _buttons(state, 0)]
    assert "Accept other sites' anomalies" in labels
    cog = ApollyonCog.__new__(ApollyonCog)
    row = GameSession(id=1, channel_id=1, game="apollyon", host_id=1)
    assert cog.command_from_component(row, 0, "site", "open", []) == {"type": "open_site", "open": True}
    assert cog.command_from_component(row, 0, "site", "close", []) == {"type": "open_site", "open": False}
    state = act(state, 0, type="open_site", open=True).state
    assert "Stop accepting other sites' anomalies" in [b.label for b in _buttons(state, 0)]


def test_the_panel_offers_to_spread_wounds_when_mtfs_work_together(monkeypatch) -> None:
    from bot.store import GameSession
    from cogs.apollyon.cog import ApollyonCog

    t, mine, theirs = _collaboration(monkeypatch)
    labels = [b.label for b in _buttons(t.state, 0)]
    assert "Resolve MTF-01" in labels and "Resolve MTF-01, spreading wounds" in labels
    cog = ApollyonCog.__new__(ApollyonCog)
    row = GameSession(id=1, channel_id=1, game="apollyon", host_id=1)
    assert cog.command_from_component(row, 0, "resolve", "1s", []) == {
        "type": "resolve",
        "mtf": 1,
        "spread": True,
    }


def test_the_slash_commands_include_site_agreement_and_difficulty() -> None:
    from cogs.apollyon.cog import ApollyonCog

    names = {cmd.name: cmd for cmd in ApollyonCog.__cog_app_commands__}
    assert "site" in names
    param = next(p for p in names["new"].parameters if p.name == "difficulty")
    assert [(ch.value, ch.name) for ch in param.choices] == [
        ("easy", "Easy: most tables win"),
        ("standard", "Standard: about half the tables win"),
        ("hard", "Hard: few tables win"),
    ]


def test_after_month_six_the_title_says_what_is_happening() -> None:
    from bot.engine.state import project
    from cogs.apollyon import render

    state = started(2)
    state.public.month = 8
    state.public.apollyon_revealed = True
    state.public.apollyon_card = next(k for k, a in catalogue().anomalies.items() if a.cls == "apollyon")
    embeds = render.table_embeds(project(state, None)["public"], lambda s: f"<@{s}>")
    text = (embeds[0].title or "") + " " + (embeds[0].description or "")
    assert "of 6" not in text
    assert "Month 8" in text and "the Apollyon is loose" in text and "Masquerade" in text


# -- difficulty (house rules; figures in docs/balance.md) ---------------------------------------
def test_difficulty_is_an_option_and_defaults_to_standard() -> None:
    assert started(2).public.difficulty == "standard"
    assert started(2, difficulty="hard").public.difficulty == "hard"
    with pytest.raises(Exception, match="difficulty"):
        RULES.parse_options({"difficulty": "nightmare"})


@pytest.mark.parametrize(("cover_up", "paid"), [(2, 0), (1, 1), (0, 2), (-1, 3)])
def test_cover_up_changes_what_a_loose_anomaly_costs_each_month(
    monkeypatch, cover_up: int, paid: int
) -> None:
    # A Keter anomaly costs 2 a month, less the cover-up (never below 0); a negative cover-up is
    # the press on a big table: the story costs more.
    from bot.games.apollyon.phases import end_phase

    set_level(monkeypatch, cover_up=cover_up)
    t = Table(started(4))
    keter = next(k for k, a in catalogue().anomalies.items() if a.cls == "keter" and a.masquerade == 2)
    a = anomaly(t, keter)
    t.pub.public_zone.append(a)
    t.events = []
    end_phase(t)
    said = " ".join(e.text for e in t.events)
    assert f"pays {paid} for {a.info.name}" in said if paid else f"for {a.info.name} loose" not in said


@pytest.mark.parametrize("regained", [True, False])
def test_capturing_a_loose_anomaly_regains_its_cost_by_the_level(monkeypatch, regained) -> None:
    set_level(monkeypatch, capture_regain=regained)
    loaded_dice(monkeypatch, 6)
    t = Table(started(2))
    t.site(0).mtfs[0].members.append(character(t, "char-mtf-veteran-gus-harlan"))
    a = anomaly(t, "scp-173")
    t.pub.public_zone.append(a)
    t.pub.masquerade -= 5
    before = t.pub.masquerade
    t.site(0).mtfs[0].mission = Mission(kind="capture", target=a.uid)
    missions.resolve(t, 0, 0)
    assert t.site(0).carrying == [a]
    assert t.pub.masquerade == before + (a.info.masquerade if regained else 0)


@pytest.mark.parametrize("extra", [0, 1, 2])
def test_a_lifted_veil_deals_the_levels_extra_situations(monkeypatch, extra) -> None:
    from bot.games.apollyon.phases import intel

    set_level(monkeypatch, veil_situations=extra)
    loaded_dice(monkeypatch, 6)  # every Intel Check passes
    t = Table(started(2))
    t.pub.situations = []
    intel(t)
    assert len(t.pub.situations) == 1  # the veil holds: no extra
    t.pub.veil_lifted = True
    t.pub.situations = []
    intel(t)
    assert len(t.pub.situations) == 1 + extra


@pytest.mark.parametrize(("cover", "paid"), [(4, 1), (2, 2), (0, 4), (-1, 5)])
def test_the_apollyons_arrival_costs_its_masquerade_less_the_cover_up_but_at_least_1(
    monkeypatch, cover, paid
) -> None:
    from bot.games.apollyon.phases import reveal_apollyon

    set_level(monkeypatch, apollyon_cover=cover)
    t = Table(started(3))
    t.secret.apollyon = "scp-2718"  # Masquerade 4, none in its First Contact!
    before = t.pub.masquerade
    reveal_apollyon(t)
    assert before - t.pub.masquerade == paid


def test_cover_stories_regain_each_month_only_while_the_veil_holds(monkeypatch) -> None:
    from bot.games.apollyon import phases
    from bot.games.apollyon.phases import end_phase

    monkeypatch.setattr(phases, "begin_month", lambda t: None)  # no new situations in between

    set_level(monkeypatch, cover_story=2)
    t = Table(started(1))
    start = t.pub.masquerade_start
    t.pub.masquerade = start - 1
    end_phase(t)
    assert t.pub.masquerade == start  # never above the start
    assert any("standing stories" in e.text for e in t.events)
    t.pub.masquerade = 12
    end_phase(t)
    assert t.pub.masquerade == 14
    mq.pay(t, 4, "a test")  # 10: the veil lifts
    t.events = []
    end_phase(t)
    assert t.pub.masquerade == 10 and not any("standing stories" in e.text for e in t.events)


def test_the_spreading_story_drains_each_month_after_the_veil_and_can_lose(monkeypatch) -> None:
    from bot.games.apollyon import phases
    from bot.games.apollyon.phases import end_phase

    monkeypatch.setattr(phases, "begin_month", lambda t: None)  # no new situations in between

    set_level(monkeypatch, veil_drain=3)
    t = Table(started(2))
    t.pub.masquerade = 12
    end_phase(t)
    assert t.pub.masquerade == 12  # the veil holds: nothing
    mq.pay(t, 2, "a test")
    end_phase(t)
    assert t.pub.masquerade == 7 and any("pays 3 for the spreading story" in e.text for e in t.events)
    t.pub.masquerade = 2
    end_phase(t)
    assert t.pub.outcome == "lost" and t.pub.masquerade == 0


def test_the_difficulty_table_in_the_docs_is_the_one_the_engine_plays() -> None:
    from pathlib import Path

    from bot.games.apollyon.difficulty import markdown_table

    assert markdown_table() in Path("docs/apollyon.md").read_text(encoding="utf-8")


@pytest.mark.parametrize(("share", "cost"), [(2, (0, 0, 1)), (1, (1, 1, 1)), (0, (2, 2, 2)), (-1, (3, 3, 3))])
def test_the_o5_council_pays_part_of_the_apollyons_containment(monkeypatch, share, cost) -> None:
    # A negative share is a harder containment: the Apollyon needs that many more of each asset.
    from bot.games.apollyon.containment import contain, containment_cost
    from bot.games.apollyon.legal import legal as legal_actions

    set_level(monkeypatch, apollyon_relief=share)
    t = Table(started(2))
    boss = anomaly(t, "scp-2718")
    assert tuple(containment_cost(t, boss).values()) == cost
    site = t.site(0)
    site.temporary.append(boss)
    site.pool = dict(zip(("resource", "personnel", "space"), cost, strict=True))
    t.pub.phase = Phase.SITE
    assert c.Contain(anomaly=boss.uid) in legal_actions(t, 0)
    site.pool["space"] -= 1  # one Space short: not offered, and refused
    assert c.Contain(anomaly=boss.uid) not in legal_actions(t, 0)
    with pytest.raises(Exception, match="space"):
        contain(t, 0, boss.uid)
    site.pool["space"] += 1
    contain(t, 0, boss.uid)
    assert t.pub.outcome == "won" and all(site.pool[k] == 0 for k in site.pool)
