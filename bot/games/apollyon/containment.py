"""Containment at a site: Temporary fields, Active rows (least-filled first), partial and over-containment,
taking tokens back, and the Neutralization Trial."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import Seat, seat_ref
from bot.games.apollyon import masquerade as mq
from bot.games.apollyon.difficulty import for_table, relieved
from bot.games.apollyon.state import BASE_ROWS, ROW_SIZE, TEMP_FIELDS, Anomaly, Site, Table

TRIAL_MEASURE = 4


def to_temporary(t: Table, site: Site, a: Anomaly) -> None:
    site.temporary.append(a)
    t.say(
        "temporary",
        f"{a.info.name} enters Temporary Containment at {seat_ref(site.seat)}'s site.",
        anomaly=a.card,
    )


def has_room(site: Site) -> bool:
    return len(site.temporary) < TEMP_FIELDS


def place_in_rows(site: Site, a: Anomaly) -> int:
    """Add to the least-filled row that has room; a new row opens when every row is full."""
    open_rows = [i for i, row in enumerate(site.rows) if len(row) < ROW_SIZE]
    if not open_rows:
        site.rows.append([])
        open_rows = [len(site.rows) - 1]
    row = min(open_rows, key=lambda i: (len(site.rows[i]), i))
    site.rows[row].append(a)
    return row


def trim_rows(site: Site) -> None:
    """An empty extra row disappears while the first two rows have room."""
    base_room = any(len(row) < ROW_SIZE for row in site.rows[:BASE_ROWS])
    if base_room:
        site.rows = site.rows[:BASE_ROWS] + [row for row in site.rows[BASE_ROWS:] if row]


def remove_from_site(t: Table, site: Site, a: Anomaly) -> bool:
    if a in site.temporary:
        site.temporary.remove(a)
        return True
    for row in site.rows:
        if a in row:
            row.remove(a)
            trim_rows(site)
            return True
    return False


def release_tokens(site: Site, a: Anomaly) -> None:
    """Vacated containment gives its tokens back to the pool as assets."""
    for kind, n in a.tokens.items():
        site.pool[kind] += n
        a.tokens[kind] = 0


def own_temporary(t: Table, seat: Seat, uid: int) -> Anomaly:
    a = next((a for a in t.site(seat).temporary if a.uid == uid), None)
    if a is None:
        raise GameError("That anomaly is not in your Temporary Containment.")
    return a


def own_active(t: Table, seat: Seat, uid: int) -> Anomaly:
    a = next((a for a in t.site(seat).active() if a.uid == uid), None)
    if a is None:
        raise GameError("That anomaly is not in your Active Containment.")
    return a


def containment_cost(t: Table, a: Anomaly) -> dict[str, int]:
    """The tokens containing `a` takes: its card's cost, less the O5 Council's share for an
    Apollyon (the difficulty's relief; the director always gives at least 1 Space)."""
    cost = dict(a.info.cost.items())
    return relieved(cost, for_table(t).apollyon_relief) if a.info.cls == "apollyon" else cost


def contain(t: Table, seat: Seat, uid: int) -> None:
    site = t.site(seat)
    a = own_temporary(t, seat, uid)
    cost = containment_cost(t, a)
    short = [k for k, n in cost.items() if site.pool[k] < n]
    if short:
        raise GameError(f"You do not have the {', '.join(short)} tokens to contain {a.info.name}.")
    for k, n in cost.items():
        site.pool[k] -= n
        a.tokens[k] += n
    site.temporary.remove(a)
    row = place_in_rows(site, a)
    t.say(
        "contain",
        f"{seat_ref(seat)} puts {a.info.name} into Active Containment (row {row + 1}).",
        anomaly=a.card,
    )
    if a.info.cls == "apollyon":
        t.pub.apollyon_contained = True
        mq.win(t, f"{a.info.name} is in Active Containment. Humanity has a future.")


def overcontain(t: Table, seat: Seat, uid: int, kind: str) -> None:
    site = t.site(seat)
    a = own_active(t, seat, uid)
    if site.pool[kind] < 1:
        raise GameError(f"You have no {kind} token to add.")
    site.pool[kind] -= 1
    a.tokens[kind] += 1
    t.say("overcontain", f"{seat_ref(seat)} adds a {kind} token to {a.info.name}'s containment.")


def withdraw(t: Table, seat: Seat, uid: int, kind: str) -> None:
    """Take a containment token back into the pool; a Space token sends the anomaly to Temporary."""
    site = t.site(seat)
    a = own_active(t, seat, uid)
    if a.tokens[kind] < 1:
        raise GameError(f"{a.info.name} has no {kind} token on it.")
    if kind == "space":
        if not has_room(site):
            raise GameError("Your Temporary Containment is full, so that Space token cannot come off.")
        remove_from_site(t, site, a)
        release_tokens(site, a)
        to_temporary(t, site, a)
        if a.info.cls == "apollyon":
            t.pub.apollyon_contained = False
        return
    a.tokens[kind] -= 1
    site.pool[kind] += 1
    t.say(
        "withdraw", f"{seat_ref(seat)} takes a {kind} token off {a.info.name}; it is in Partial Containment."
    )


def trial(t: Table, seat: Seat, uid: int) -> None:
    from bot.games.apollyon.breach import breach_check

    site = t.site(seat)
    a = next((a for a in site.contained() if a.uid == uid), None)
    if a is None:
        raise GameError("That anomaly is not contained at your site.")
    if a.info.cls == "apollyon":
        raise GameError("An Apollyon cannot be neutralized.")
    if site.trialled:
        raise GameError("You have already held a Neutralization Trial this month.")
    if site.pool["personnel"] < 1:
        raise GameError("A Neutralization Trial needs a Personnel token to spend.")
    site.trialled = True
    site.pool["personnel"] -= 1
    site.spent["personnel"] += 1
    power = a.study + t.garrison_skill(seat, "researcher")
    hits, _ = t.roll(power, TRIAL_MEASURE)
    t.say(
        "trial",
        f"{seat_ref(seat)} puts {a.info.name} on trial: Neutralize {power} scores {hits} of {a.info.subdue}.",
    )
    if hits >= a.info.subdue:
        remove_from_site(t, site, a)
        release_tokens(site, a)
        t.say("neutralized", f"{a.info.name} is neutralized and leaves the game.", anomaly=a.card)
        return
    breach_check(t, seat, a)
