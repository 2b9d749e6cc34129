"""SCP: Apollyon's greedy directors save for the Apollyon's containment as a table would: Space
promoted from spare Resources, assets sent to the best-stocked site (the vault), the Apollyon
delivered where its cost can be paid and contained before anything else."""

from __future__ import annotations

from bot.engine.prng import Rng
from bot.games.apollyon import RULES
from bot.games.apollyon import commands as c
from bot.games.apollyon.difficulty import level, relieved
from bot.games.apollyon.state import Phase, Table
from bot.sim.games import apollyon as sim
from tests.games.apollyon.apollyon_builder import anomaly, started

RNG = Rng.from_seed(3)


def choose(t: Table, seat: int):  # noqa: ANN201
    return sim.greedy(t.state, seat, RULES.legal_actions(t.state, seat), RNG)


def test_the_apollyon_cost_is_two_of_each_less_the_o5_share() -> None:
    for directors in (1, 4, 6):
        t = Table(started(directors))
        share = level("standard", directors).apollyon_relief
        assert sim.apollyon_cost(t.state) == relieved({"resource": 2, "personnel": 2, "space": 2}, share)


def test_spare_resources_are_promoted_into_space() -> None:
    t = Table(started(4))
    need = sim.apollyon_cost(t.state)
    t.site(0).pool = {"resource": need["resource"] + 2, "personnel": 3, "space": need["space"] - 1}
    assert choose(t, 0) == c.Promote(kind="resource")
    t.site(0).pool["resource"] = need["resource"] + 1  # promoting would leave it short of Resources
    assert choose(t, 0) != c.Promote(kind="resource")


def test_from_month_four_the_others_send_the_vault_what_it_lacks() -> None:
    t = Table(started(3))
    t.site(1).pool = {"resource": 2, "personnel": 2, "space": 1}  # the vault: closest to the cost
    t.site(0).pool = {"resource": 0, "personnel": 1, "space": 3}
    assert sim.vault(t.state, sim.apollyon_cost(t.state)) == 1
    assert choose(t, 0).type != "transfer"  # month 1: nobody saves yet
    t.pub.month = sim.RESERVE_MONTH
    assert choose(t, 0) == c.Transfer(to=1, asset="space")


def test_the_apollyon_is_delivered_where_it_can_be_contained_and_contained_first() -> None:
    t = Table(started(2))
    boss = anomaly(t, "scp-2718")
    t.site(0).carrying.append(boss)
    t.site(0).pool = {"resource": 0, "personnel": 0, "space": 0}
    t.site(1).pool = {k: n + 1 for k, n in sim.apollyon_cost(t.state).items()}
    t.site(1).open = True
    t.pub.phase = Phase.RETURN
    assert choose(t, 0) == c.Deliver(anomaly=boss.uid, to=1)
    t.site(0).carrying.clear()
    other = anomaly(t, "scp-173")
    t.site(1).temporary += [other, boss]
    t.pub.phase = Phase.SITE
    assert c.Contain(anomaly=other.uid) in RULES.legal_actions(t.state, 1)
    assert choose(t, 1) == c.Contain(anomaly=boss.uid)
