"""What a director may do now, listed for buttons, autocomplete and the random-game tests."""

from __future__ import annotations

from typing import Any

from bot.engine.seats import Seat
from bot.games.apollyon import commands as c
from bot.games.apollyon.cards import ASSETS
from bot.games.apollyon.containment import containment_cost, has_room
from bot.games.apollyon.growth import claim_limit, pile_budget
from bot.games.apollyon.missions import partners
from bot.games.apollyon.state import Phase, Table

PROMOTE_NEEDS = {"personnel": 2, "resource": 2, "space": 1}
PROMOTE_DECK = {"personnel": "character", "resource": None, "space": "asset"}


def _available(t: Table, deck: str | None) -> bool:
    return deck is None or bool(t.secret.decks[deck] or t.secret.discards.get(deck))


def legal(t: Table, seat: Seat) -> list[Any]:
    site = t.site(seat)
    phase = t.pub.phase
    out: list[Any] = []
    if phase is Phase.OVER:
        return []
    # The standing agreement to take other teams' anomalies can be given or withdrawn at any time.
    agree = [c.OpenSite(open=not site.open)]
    if phase is Phase.MISSIONS:
        for i, m in enumerate(site.mtfs):
            if m.mission and not m.done:
                out.append(c.Resolve(mtf=i + 1))
                if len(partners(t, seat, i)) > 1:
                    out.append(c.Resolve(mtf=i + 1, spread=True))
        return out + agree if out else out
    if site.ready:
        return agree
    out += agree
    if phase is Phase.SETUP:
        return [c.ChooseStart(deck=d) for d in ("safe", "euclid", "keter") if _available(t, d)]
    out.append(c.Ready())
    if phase is Phase.GROWTH:
        if not site.transferred:
            for to in t.seats:
                if to == seat:
                    continue
                out += [c.Transfer(to=to, asset=k) for k in ASSETS if site.pool[k]]
                out += [c.Transfer(to=to, character=ch.uid) for ch in t.hand(seat)]
        out += [
            c.Promote(kind=k)
            for k, n in PROMOTE_NEEDS.items()
            if site.pool[k] >= n and _available(t, PROMOTE_DECK[k])
        ]
        if not site.studied and site.pool["personnel"]:
            out += [c.Study(anomaly=a.uid) for s in t.pub.sites for a in s.contained()]
        if not t.pub.pile_built:
            budget = pile_budget(t)
            out += [
                c.BuildPile(assets=a, characters=ch)
                for ch in range(budget // 3 + 1)
                for a in range(budget - 3 * ch + 1)
                if a + ch
            ]
        if site.claims < claim_limit(t):
            out += [c.Claim(index=i) for i, p in enumerate(t.pub.pile) if p.claimed_by is None]
        out += _withdrawals(t, seat)
    elif phase is Phase.ASSIGN:
        for ch in t.hand(seat):
            out += [c.Assign(character=ch.uid, to=to) for to in ("mtf1", "mtf2", "vacation")]
        for i, mtf in enumerate(site.mtfs):
            if not mtf.members:
                continue
            skills = {s for ch in mtf.members for s in ch.info.skills}
            n = i + 1
            out += [c.SetMission(mtf=n, kind="investigate", target=s.uid) for s in t.pub.situations]
            out += [c.SetMission(mtf=n, kind="capture", target=a.uid) for a in t.pub.public_zone]
            if "scout" in skills:
                out.append(c.SetMission(mtf=n, kind="scout"))
            if _available(t, "situation"):
                out.append(c.SetMission(mtf=n, kind="intercept"))
    elif phase is Phase.RETURN:
        for a in site.carrying:
            out += [
                c.Deliver(anomaly=a.uid, to=s.seat)
                for s in t.pub.sites
                if (s.seat == seat or s.open) and has_room(s)
            ]
    elif phase is Phase.SITE:
        for a in site.temporary:
            if all(site.pool[k] >= n for k, n in containment_cost(t, a).items()):
                out.append(c.Contain(anomaly=a.uid))
        for a in site.active():
            out += [c.Overcontain(anomaly=a.uid, asset=k) for k in ASSETS if site.pool[k]]
        if not site.trialled and site.pool["personnel"]:
            out += [c.Trial(anomaly=a.uid) for a in site.contained() if a.info.cls != "apollyon"]
        out += _withdrawals(t, seat)
    return out


def _withdrawals(t: Table, seat: Seat) -> list[Any]:
    site = t.site(seat)
    out: list[Any] = []
    for a in site.active():
        for k in ASSETS:
            if a.tokens[k] and (k != "space" or has_room(site)):
                out.append(c.Withdraw(anomaly=a.uid, asset=k))
    return out
