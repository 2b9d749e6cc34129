"""The MTF phase: assignments, On Vacation, missions, engaging, collaboration and the Scout table."""

from __future__ import annotations

import pytest
from apollyon_builder import act, anomaly, card_of, char_with, character, loaded_dice, started, to_assign

from bot.engine.errors import GameError
from bot.games.apollyon import missions
from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.engage import engage
from bot.games.apollyon.state import Mission, Phase, Situation, Table


def test_assigning_puts_characters_in_order_and_in_public() -> None:
    state = to_assign()
    a, b = state.players[0].characters
    state = act(state, 0, type="assign", character=b.uid, to="mtf1").state
    state = act(state, 0, type="assign", character=a.uid, to="mtf1").state
    assert [c.uid for c in state.public.sites[0].mtfs[0].members] == [b.uid, a.uid]
    assert state.players[0].characters == [] and state.public.sites[0].garrison == 0


def test_on_vacation_clears_one_cognitohazard() -> None:
    state = to_assign()
    ch = state.players[0].characters[0]
    ch.cognito = 2
    state = act(state, 0, type="assign", character=ch.uid, to="vacation").state
    [v] = state.public.sites[0].vacation
    assert v.cognito == 1


def test_vacation_characters_sit_out_the_apollyon_and_come_back_at_end() -> None:
    state = to_assign()
    ch = state.players[0].characters[0]
    state = act(state, 0, type="assign", character=ch.uid, to="vacation").state
    t = Table(state)
    assert ch.uid not in [c.uid for c in t.active_characters(0)]


def test_missions_need_members_and_skills() -> None:
    state = to_assign()
    sit = state.public.situations[0]
    with pytest.raises(GameError, match="nobody assigned"):
        act(state, 0, type="mission", mtf=1, kind="investigate", target=sit.uid)
    t = Table(state)
    t.hand(0).clear()
    t.add_to_hand(0, character(t, char_with("medic")))
    uid = t.hand(0)[0].uid
    state = act(state, 0, type="assign", character=uid, to="mtf1").state
    if "scout" not in state.public.sites[0].mtfs[0].members[0].info.skills:
        with pytest.raises(GameError, match="needs a Scout"):
            act(state, 0, type="mission", mtf=1, kind="scout")
    with pytest.raises(GameError, match="no such anomaly"):
        act(state, 0, type="mission", mtf=1, kind="capture", target=999)
    state = act(state, 0, type="mission", mtf=1, kind="investigate", target=sit.uid).state
    assert state.public.sites[0].mtfs[0].mission == Mission(kind="investigate", target=sit.uid)


def test_missions_wait_for_each_owner_and_resolve_in_any_order(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    state = to_assign()
    for seat in (0, 1):
        for ch in list(state.players[seat].characters):
            state = act(state, seat, type="assign", character=ch.uid, to="mtf1").state
    sit = state.public.situations[0]
    state = act(state, 1, type="mission", mtf=1, kind="investigate", target=sit.uid).state
    state = act(state, 0, type="ready").state
    state = act(state, 1, type="ready").state
    from bot.games.apollyon import RULES

    assert state.public.phase is Phase.MISSIONS and RULES.waiting_for(state) == [1]
    with pytest.raises(GameError):
        act(state, 0, type="resolve", mtf=1)
    state = act(state, 1, type="resolve", mtf=1).state
    assert state.public.phase in (Phase.RETURN, Phase.SITE)


def table_with_team(forces: list[str], seat: int = 0) -> tuple[Table, list]:
    t = Table(started(2))
    team = t.site(seat).mtfs[0].members
    for card in forces:
        team.append(character(t, card))
    return t, team


def test_engage_subdues_when_successes_reach_subdue(monkeypatch) -> None:
    t, team = table_with_team(["char-mtf-veteran-gus-harlan"])  # force 5, health 4
    loaded_dice(monkeypatch, 3)
    a = anomaly(t, "scp-173")  # subdue 2, threat 3
    subdued, per = engage(t, [(0, team, False)], a, "team")
    assert per == {0: 5} and subdued and team[0].wounds == 3


def test_a_wiped_out_team_subdues_nothing_and_minions_add_threat(monkeypatch) -> None:
    t, team = table_with_team(["char-mtf-veteran-gus-harlan"])
    loaded_dice(monkeypatch, 3)
    a = anomaly(t, "scp-173", minions=1)  # threat 3 + 1 minion = 4 wounds
    subdued, per = engage(t, [(0, team, False)], a, "team")
    assert per == {0: 5} and not subdued and team == [] and a.minions == 1


def test_engage_misses_on_low_dice(monkeypatch) -> None:
    loaded_dice(monkeypatch, 2)
    t, team = table_with_team([char_with(min_force=3)])
    a = anomaly(t, card_of("safe"))
    subdued, per = engage(t, [(0, team, False)], a, "team")
    assert not subdued and per[0] == 0


def test_tactician_lowers_the_success_measure_to_two(monkeypatch) -> None:
    loaded_dice(monkeypatch, 2)
    t, team = table_with_team([char_with("tactician", min_force=3)])
    a = anomaly(t, card_of("safe"))
    _, per = engage(t, [(0, team, False)], a, "team")
    assert per[0] == team[0].force


def test_wounds_fill_the_front_character_first_and_destroy(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    front, back = "char-d-9341", "char-sergeant-ada-mwangi"  # health 1, then health 4
    t, team = table_with_team([front, back])
    a = anomaly(t, "scp-173")  # threat 3
    engage(t, [(0, team, False)], a, "team")
    assert [c.card for c in team] == [back] and team[0].wounds == 2
    assert front in t.secret.discards["character"]


def test_medics_cancel_wounds(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    t, team = table_with_team(["char-dr-ana-quispe"])  # Medic 2, health 3
    a = anomaly(t, "scp-173")  # threat 3 -> 1 wound after medics
    engage(t, [(0, team, False)], a, "team")
    assert team[0].wounds == 1


def test_cognitohazards_lower_force_and_a_dead_team_subdues_nothing(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    t, team = table_with_team(["char-d-9341"])
    team[0].cognito = 5
    assert team[0].force == 0
    a = anomaly(t, "scp-999")  # threat 0
    subdued, _ = engage(t, [(0, team, False)], a, "team")
    assert not subdued


def test_investigate_success_recoups_tokens_and_carries_the_anomaly(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    t, team = table_with_team(["char-mtf-veteran-gus-harlan"] * 1)
    card = next(c for c, s in catalogue().situations.items() if s.leads == "safe" and s.masquerade)
    sit = Situation(uid=t.uid(), card=card, tokens=catalogue().situations[card].masquerade)
    t.pub.masquerade -= 5
    before = t.pub.masquerade
    t.site(0).mtfs[0].mission = Mission(kind="investigate", target=sit.uid)
    t.pub.situations.append(sit)
    missions.resolve(t, 0, 0)
    assert t.pub.masquerade == before + sit.tokens
    [carried] = t.site(0).carrying
    assert carried.info.cls == "safe" and sit not in t.pub.situations


def test_investigate_failure_lets_the_anomaly_loose(monkeypatch) -> None:
    loaded_dice(monkeypatch, 1)
    t, team = table_with_team(["char-mtf-veteran-gus-harlan"])
    card = next(c for c, s in catalogue().situations.items() if s.leads == "euclid")
    sit = Situation(uid=t.uid(), card=card, tokens=2)
    t.pub.situations.append(sit)
    before = t.pub.masquerade
    missions.investigate(t, 0, sit, [(0, team, False)], "team")
    assert len(t.pub.public_zone) == 1 and t.pub.masquerade <= before


def test_false_alarm_recoups_and_gives_a_resource() -> None:
    t, team = table_with_team(["char-d-9341"])
    card = next(c for c, s in catalogue().situations.items() if s.leads == "false_alarm")
    t.pub.masquerade -= 3
    before, res = t.pub.masquerade, t.site(0).pool["resource"]
    missions.investigate(t, 0, Situation(uid=t.uid(), card=card, tokens=1), [(0, team, False)], "team")
    assert t.pub.masquerade == before + 1 and t.site(0).pool["resource"] == res + 1
    assert team[0].wounds == 0 and t.pub.public_zone == []


def test_intercept_draws_the_top_situation_with_no_tokens(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    t, team = table_with_team(["char-agent-priya-nandakumar"])
    top = t.secret.decks["situation"][-1]
    t.site(0).mtfs[0].mission = Mission(kind="intercept")
    before = t.pub.masquerade
    missions.resolve(t, 0, 0)
    assert top in t.secret.discards["situation"]
    assert t.pub.masquerade <= before + 1  # at most the false-alarm path's nothing; no tokens to recoup


def test_capture_takes_an_anomaly_out_of_the_public_zone(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    t, team = table_with_team(["char-mtf-veteran-gus-harlan"])
    a = anomaly(t, "scp-999")
    t.pub.public_zone.append(a)
    t.site(0).mtfs[0].mission = Mission(kind="capture", target=a.uid)
    missions.resolve(t, 0, 0)
    assert t.pub.public_zone == [] and t.site(0).carrying == [a]


def test_two_mtfs_collaborate_adding_force_and_the_lead_takes_wounds_first(monkeypatch) -> None:
    loaded_dice(monkeypatch, 6)
    t = Table(started(2))
    mine = t.site(0).mtfs[0]
    theirs = t.site(1).mtfs[1]
    mine.members.append(character(t, "char-sergeant-ada-mwangi"))  # force 4, health 4
    theirs.members.append(character(t, "char-d-9341"))  # force 2, health 1
    a = anomaly(t, "scp-173")  # subdue 2, threat 3
    t.pub.public_zone.append(a)
    mine.mission = Mission(kind="capture", target=a.uid)
    theirs.mission = Mission(kind="capture", target=a.uid)
    missions.resolve(t, 0, 0)
    assert mine.done and theirs.done
    assert mine.members[0].wounds == 3 and theirs.members[0].wounds == 0
    assert t.site(0).carrying == [a]


@pytest.mark.parametrize(
    ("face", "expect"),
    [(1, "euclid"), (2, "safe"), (3, "assets"), (4, "assets"), (5, "character"), (6, "character")],
)
def test_scout_table(monkeypatch, face: int, expect: str) -> None:
    t, team = table_with_team(["char-agent-mara-voss"])  # one Scout
    loaded_dice(monkeypatch, face, 6)
    mtf = t.site(0).mtfs[0]
    mtf.mission = Mission(kind="scout")
    pool = sum(t.site(0).pool.values())
    missions.resolve(t, 0, 0)
    if expect in ("euclid", "safe"):
        found = t.site(0).carrying + t.pub.public_zone
        assert len(found) == 1 and found[0].info.cls == expect
    elif expect == "assets":
        assert len(t.secret.discards["asset"]) == 2 and sum(t.site(0).pool.values()) > pool
    else:
        assert len(t.site(0).vacation) == 1  # characters gained in the MTF phase go On Vacation


def test_diplomats_regain_extra_masquerade_on_a_resolved_situation(monkeypatch) -> None:
    t, team = table_with_team(
        ["char-mtf-veteran-gus-harlan", "char-press-liaison-bea-whitford"]
    )  # Diplomat 2
    loaded_dice(monkeypatch, 6)
    card = next(c for c, s in catalogue().situations.items() if s.leads == "safe")
    t.pub.masquerade -= 8
    before = t.pub.masquerade
    missions.investigate(t, 0, Situation(uid=t.uid(), card=card, tokens=1), [(0, team, False)], "team")
    assert t.pub.masquerade == before + 1 + 2


def test_minions_raise_a_loose_anomalys_masquerade_cost() -> None:
    t = Table(started(2))
    a = anomaly(t, "scp-939", minions=2)
    assert a.masquerade == a.info.masquerade + 2
