"""The Event and End phases, the Apollyon's engagement, the Lifted Veil, winning and losing."""

from __future__ import annotations

import pytest
from apollyon_builder import anomaly, character, loaded_dice, set_level, started

from bot.games.apollyon import RULES, phases
from bot.games.apollyon import masquerade as mq
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.state import Phase, Table


@pytest.mark.parametrize(
    ("face", "kind"),
    [(1, "cascade"), (2, "breach_check"), (3, "breach_check"), (4, "breach"), (5, "breach"), (6, "recruit")],
)
def test_event_die_table(monkeypatch, face: int, kind: str) -> None:
    t = Table(started(2, event_die=True))
    t.site(0).temporary.append(anomaly(t, "scp-173"))
    t.site(0).active()[0].tokens["space"] = 1
    for k in ("resource", "personnel"):
        t.site(0).active()[0].tokens[k] = 0  # partial (or full, if the cost had none of these)
    t.hand(0).clear()
    t.hand(1).clear()
    t.sync_garrisons()
    loaded_dice(monkeypatch, face, 6)
    phases.event(t)
    kinds = [e.kind for e in t.events]
    assert kinds[0] == "event" and kind in kinds
    if face == 6:
        assert len(t.hand(0)) + len(t.hand(1)) == 1  # one character per two directors


def test_event_card_is_drawn_and_carried_out() -> None:
    t = Table(started(2))
    card = t.secret.decks["event"][-1]
    phases.event(t)
    assert card in t.secret.discards["event"]
    assert t.events[0].kind == "event" and catalogue().events[card].name in t.events[0].text


def test_scientists_and_amnestics_work_in_the_event_phase() -> None:
    t = Table(started(2, event_die=True))
    t.hand(0).clear()
    t.hand(0).append(character(t, "char-dr-ilse-marrow"))  # Scientist 2
    t.hand(0).append(character(t, "char-amnestic-officer-ruth-calloway"))  # Amnestics 2
    t.sync_garrisons()
    t.pub.masquerade -= 5
    before = t.pub.masquerade
    t.secret.decks["event"] = []  # irrelevant with the die
    phases.event(t)
    assert t.site(0).active()[0].study >= 2
    assert t.pub.masquerade >= before + 2 or t.pub.masquerade == mq.cap(t)


def test_loose_apollyon_engages_every_active_character_instead_of_an_event(monkeypatch) -> None:
    t = Table(started(2))
    boss = anomaly(t, "scp-2399")  # subdue 6
    t.pub.public_zone.append(boss)
    t.site(1).mtfs[0].members.append(character(t, "char-mtf-veteran-gus-harlan"))
    t.site(0).vacation.append(character(t, "char-sergeant-ada-mwangi"))
    events = list(t.secret.decks["event"])
    loaded_dice(monkeypatch, 6)
    phases.event(t)
    assert t.secret.decks["event"] == events  # no event card drawn
    assert boss not in t.pub.public_zone
    assert boss in t.site(1).carrying or boss in t.site(0).carrying
    assert t.site(0).vacation[0].wounds == 0  # On Vacation stays out of it


def test_end_phase_returns_everyone_clears_wounds_restores_spent_and_pays_for_loose(monkeypatch) -> None:
    set_level(monkeypatch)  # no cover-up: a loose anomaly pays its full cost
    t = Table(started(3))
    site = t.site(0)
    ch = character(t, "char-mtf-veteran-gus-harlan", wounds=2)
    site.mtfs[1].members.append(ch)
    site.vacation.append(character(t, "char-d-9341"))
    site.spent["personnel"] = 2
    loose = anomaly(t, "scp-999")  # Monthly: regain 1
    t.pub.public_zone.append(loose)
    t.pub.masquerade = 15
    month = t.pub.month
    phases.end_phase(t)
    assert site.mtfs[1].members == [] and site.vacation == []
    assert ch.uid in [c.uid for c in t.hand(0)] and all(c.wounds == 0 for c in t.hand(0))
    assert site.spent["personnel"] == 0 and site.pool["personnel"] >= 3
    assert t.pub.month == month + 1 and t.pub.phase is Phase.GROWTH
    texts = [e.text for e in t.events]
    assert any("pays 1 for The Tickle Monster" in x for x in texts)
    assert any("Monthly Effect: The Tickle Monster" in x for x in texts)


def test_loose_apollyon_costs_more_every_month() -> None:
    t = Table(started(2))
    boss = anomaly(t, "scp-1548")
    t.pub.public_zone.append(boss)
    phases.end_phase(t)
    assert boss.counters == 1 and boss.masquerade == boss.info.masquerade + 1


def test_falling_to_ten_lifts_the_veil_once() -> None:
    t = Table(started(2))
    t.site(0).pool["resource"] = 2
    mq.pay(t, t.pub.masquerade - 10, "a test")
    assert t.pub.veil_lifted and t.site(0).pool["resource"] == 1 and t.site(1).pool["resource"] == 0
    mq.regain(t, 5, "amnestics")
    assert t.pub.masquerade == 10  # the cap is 10 from now on
    mq.pay(t, 1, "a test")
    assert t.site(0).pool["resource"] == 1  # the one-time cost is not paid again


def test_lifted_veil_deals_one_more_situation(monkeypatch) -> None:
    set_level(monkeypatch, veil_situations=1)
    t = Table(started(3))
    t.pub.situations.clear()
    t.pub.veil_lifted = True
    t.pub.masquerade = 10
    loaded_dice(monkeypatch, 6)
    phases.intel(t)
    assert len(t.pub.situations) == 3  # two for three directors (rounded up), one for the veil


def test_zero_masquerade_loses() -> None:
    state = started(2)
    t = Table(state)
    mq.pay(t, 999, "a test")
    assert t.pub.masquerade == 0 and t.pub.outcome == "lost" and t.pub.phase is Phase.OVER
    assert RULES.result(state).startswith("The Foundation lost")
    assert RULES.waiting_for(state) == [] and RULES.legal_actions(state, 0) == []


def test_regain_never_passes_the_start() -> None:
    t = Table(started(3))
    mq.regain(t, 50, "a test")
    assert t.pub.masquerade == t.pub.masquerade_start
