"""Mission End: the outcome, and which saints slot a death (the records are updated in saints.py)."""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.games.apocrypha.table import Table


def end_mission(t: Table, won: bool) -> None:
    pub = t.pub
    if pub.outcome is not None:
        return
    pub.outcome = "won" if won else "lost"
    pub.step = "over"
    pub.confront = None
    pub.check = None
    pub.pending = []
    pub.damage = None
    faded = [s for s in pub.order if pub.saints[s].fading]
    for seat in faded:
        pub.saints[seat].mission_deaths = 1
    if not won and not faded and pub.order:
        # At least one saint slots a death when the choir loses: the one whose turn it was.
        unlucky = pub.active if pub.active is not None else pub.order[0]
        pub.saints[unlucky].mission_deaths = 1
    dead = [seat_ref(s) for s in pub.order if pub.saints[s].mission_deaths]
    verdict = "The choir wins the mission." if won else "The choir loses the mission."
    deaths = f" A death is slotted by {', '.join(dead)}." if dead else ""
    pub.result = verdict + deaths
    pub.active = None
    t.say("mission_end", pub.result)
