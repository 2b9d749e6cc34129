"""Mission End: the outcome, and which saints slot a death (the records are updated in saints.py)."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.apocrypha import pencil
from bot.games.apocrypha.investigate import release_at_mission_end
from bot.games.apocrypha.state import Pending
from bot.games.apocrypha.table import Table


def end_mission(t: Table, won: bool) -> None:
    pub = t.pub
    if pub.outcome is not None or pub.between is not None:
        return
    if any(p.kind == "death" for p in pub.pending):
        raise GameError("The choir is still choosing who takes the death.")
    release_at_mission_end(t)
    pub.confront = None
    pub.opponents = []
    t.sec.used_waiting = {}
    pub.check = None
    pub.pending = []
    pub.damage = None
    faded = [s for s in pub.order if pub.saints[s].fading]
    if not won and not faded and len(pub.order) > 1:
        ask_for_the_death(t)
        return
    for seat in faded:
        pub.saints[seat].mission_deaths = 1
    if not won and not faded and pub.order:
        pub.saints[pub.order[0]].mission_deaths = 1
    after_verdict(t, won)


def after_verdict(t: Table, won: bool) -> None:
    """Co-op goes on to the fragment display and the rebuild (between.py); guided ends here, the
    guide having handed out the fragments."""
    from bot.games.apocrypha import between

    pencil.write(t, won)
    if t.pub.mode == "coop" and t.pub.order:
        between.start(t, won)
    else:
        close(t, won)


def ask_for_the_death(t: Table) -> None:
    """A lost mission with nobody faded: the choir chooses who slots the death. The saint whose turn
    it was answers for the choir, and takes it themselves if no answer comes (the first option)."""
    pub = t.pub
    last = next((s for s in (pub.active, pub.last_active) if s is not None and s in pub.order), pub.order[0])
    at = pub.order.index(last)
    seats = pub.order[at:] + pub.order[:at]
    pub.active = None
    pub.step = "over"
    pub.pending = [
        Pending(
            seat=last,
            kind="death",
            text="The choir has lost and nobody faded: choose which saint slots the death.",
            options=[f"{pub.saints[s].name}{' (you)' if s == last else ''}" for s in seats],
            data={"seats": seats},
        )
    ]
    t.say("mission_end", f"The choir loses the mission. {seat_ref(last)} chooses who takes the death.")


def choose_death(t: Table, pending: Pending, option: int) -> None:
    t.pub.saints[t.answer(pending, option, pending.data["seats"])].mission_deaths = 1
    after_verdict(t, won=False)


def close(t: Table, won: bool) -> None:
    pub = t.pub
    pub.outcome = "won" if won else "lost"
    pub.step = "over"
    pub.pending = []
    dead = [seat_ref(s) for s in pub.order if pub.saints[s].mission_deaths]
    verdict = "The choir wins the mission." if won else "The choir loses the mission."
    deaths = f" A death is slotted by {', '.join(dead)}." if dead else ""
    pub.result = verdict + deaths
    pub.active = None
    t.say("mission_end", pub.result)
