"""Co-op Sanctify: Guard, Escape and Seal, in that order and only when the rules allow.

Guard happens only after a saint terminates vs. a master: one saint at each other Hope-side nexus
may attempt its guard requirement. Escape follows: the master archetype and new cards (threats
after a loss, omens after a win) are seeded into the unguarded nexuses, or the master is
sacrificed when none is left. Seal: one saint at the nexus attempts its seal requirement, which
succeeds by itself on an empty nexus or after a win vs. the master.
"""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.apocrypha import archetypes, build, checks, damage, golden
from bot.games.apocrypha.cards import Requirement
from bot.games.apocrypha.state import Confrontation, Sanctify, card_id
from bot.games.apocrypha.table import Table

VIRTUES = ("body", "mind", "rage", "soul")


def state(t: Table, stage: str | None = None) -> Sanctify:
    coop = t.pub.coop
    s = coop.sanctify if coop else None
    if s is None or t.pub.step != "sanctify":
        raise GameError("That is done in a Sanctify step, and none is under way.")
    if stage is not None and s.stage != stage:
        raise GameError(f"Sanctify is at its {s.stage.capitalize()} step, not {stage.capitalize()}.")
    return s


def busy(t: Table) -> bool:
    return t.pub.confront is not None or t.pub.check is not None or bool(t.pub.pending)


def enter(t: Table, seat: int, s: Sanctify) -> None:
    pub = t.pub
    assert pub.coop is not None
    pub.modifiers = [m for m in pub.modifiers if m.until != "investigation"]
    pub.investigations = 0
    pub.step = "sanctify"
    pub.coop.sanctify = s
    pub.coop.may_seal = False
    t.sec.used = []
    t.say("step", f"{seat_ref(seat)} goes to the Sanctify step.")
    checks.run_mandatory(t, "sanctify", seat)


def may_enter(t: Table, seat: int) -> bool:
    """From Investigate: Sanctify when the nexus is empty or a win let the saint seal."""
    coop = t.pub.coop
    key = t.view(seat).nexus
    if coop is None or key not in t.pub.nexuses or t.pub.nexuses[key or ""].sealed:
        return False
    empty = not t.sec.nexus_decks.get(key or "")
    # The rules allow it on an empty nexus or after a win the goal structure names; a card may
    # allow it anywhere, or forbid it (the golden rules).
    if not golden.allowed(t, seat, "seal", default=empty or coop.may_seal).allowed:
        return False
    enter(t, seat, Sanctify(stage="seal", nexus=key or "", auto_seal=empty))
    return True


# -- Guard -------------------------------------------------------------------------------------------
def begin_master(t: Table, seat: int, master: str, won: bool, origin: str | None) -> None:
    key = origin or t.view(seat).nexus or ""
    s = Sanctify(stage="guard", nexus=key, master=master, won=won, auto_seal=won)
    if won:
        s.guarded.append(key)
    enter(t, seat, s)
    if guard_candidates(t):
        names = ", ".join(t.pub.nexuses[k].name for k in guard_candidates(t))
        t.say(
            "guard",
            f"The master will try to escape. A saint at {names} may try to guard a Hope-side nexus; "
            f"{seat_ref(seat)} goes on when the choir is ready.",
        )
    else:
        escape(t)


def guard_candidates(t: Table) -> list[str]:
    s = t.pub.coop.sanctify if t.pub.coop else None
    if s is None or s.stage != "guard":
        return []
    out = []
    for key, nexus in t.pub.nexuses.items():
        if nexus.sealed or key == s.nexus or key in s.tried or key in s.guarded:
            continue
        # A Doom-side nexus counts: a card may still turn it to Hope before the guard attempt.
        if any(v.nexus == key for v in t.pub.saints.values()):
            out.append(key)
    return out


def guard(t: Table, seat: int, key: str, virtue: str | None, card: str | None) -> None:
    s = state(t, "guard")
    if busy(t):
        raise GameError("Finish what is under way first.")
    nexus = t.pub.nexuses.get(key)
    if nexus is None or nexus.sealed:
        raise GameError(f"There is no nexus called {key} in play.")
    if t.view(seat).nexus != key:
        raise GameError(f"Only a saint at {nexus.name} can guard it.")
    if key == s.nexus:
        raise GameError("The nexus where the master was confronted cannot be guarded this way.")
    if nexus.side != "hope":
        raise GameError(f"{nexus.name} is on its Doom side; only a Hope-side nexus can be guarded.")
    if key in s.tried:
        raise GameError(f"A saint has already tried to guard {nexus.name}.")
    golden.require(t, seat, "guard")
    requirement = t.book.nexuses[nexus.box_id or ""].guard
    check_request(requirement, virtue, card, t, seat)
    s.tried.append(key)
    attempt(t, seat, key, "guard", requirement, virtue, card)


# -- Escape --------------------------------------------------------------------------------------------
def escape(t: Table) -> None:
    coop = t.pub.coop
    assert coop is not None and coop.sanctify is not None
    s = coop.sanctify
    master = s.master or ""
    name = archetypes.true_threat(t.book.missions[t.pub.mission or ""], card_id(master)).title
    unguarded = [k for k, n in t.pub.nexuses.items() if not n.sealed and k not in s.guarded]
    if not unguarded:
        coop.cornered = True
        t.say("escape", f"Every nexus is guarded: {name} has nowhere to escape and is sacrificed.")
    else:
        kind = "omen" if s.won else "threat"
        pile = [master]
        build.deal(t, kind, len(unguarded) - 1, pile)
        t.state.rng.shuffle(pile)
        for key, uid in zip(unguarded, pile, strict=False):
            deck = t.sec.nexus_decks.setdefault(key, [])
            deck.append(uid)
            t.state.rng.shuffle(deck)
        new = len(pile) - 1
        t.say(
            "escape",
            f"{name} escapes into one of {len(unguarded)} unguarded "
            f"nexus{'es' if len(unguarded) != 1 else ''}; {new} new {kind}{'s' if new != 1 else ''} "
            "are seeded with it.",
        )
    s.master = None
    s.guarded = []
    s.stage = "seal"


# -- Seal ------------------------------------------------------------------------------------------------
def seal(t: Table, seat: int, virtue: str | None, card: str | None) -> None:
    s = state(t)
    if s.stage == "guard":
        raise GameError("The master must try to escape before the nexus can be sealed.")
    if busy(t):
        raise GameError("Finish what is under way first.")
    nexus = t.pub.nexuses[s.nexus]
    if t.view(seat).nexus != s.nexus:
        raise GameError(f"Only a saint at {nexus.name} can seal it.")
    if "seal" in s.tried:
        raise GameError(f"A saint has already tried to seal {nexus.name} this turn.")
    golden.require(t, seat, "seal")
    empty = not t.sec.nexus_decks.get(s.nexus)
    if s.auto_seal or empty:
        s.tried.append("seal")
        t.say("seal", f"{seat_ref(seat)} seals {nexus.name}; the attempt succeeds by itself.")
        seal_nexus(t, s.nexus)
        finish(t)
        return
    requirement = t.book.nexuses[nexus.box_id or ""].seal
    check_request(requirement, virtue, card, t, seat)
    s.tried.append("seal")
    attempt(t, seat, s.nexus, "seal", requirement, virtue, card)


def seal_nexus(t: Table, key: str) -> None:
    """Masters found are put back; everything else is sacrificed; an emptied nexus is sacrificed."""
    deck = t.sec.nexus_decks.get(key, [])
    masters = [u for u in deck if card_id(u) == archetypes.MASTER]
    nexus = t.pub.nexuses[key]
    if masters:
        t.state.rng.shuffle(masters)
        t.sec.nexus_decks[key] = masters
        t.say("seal", f"A master archetype is found in {nexus.name}; it stays, and the rest is sacrificed.")
        return
    t.sec.nexus_decks[key] = []
    nexus.sealed = True
    for view in t.pub.saints.values():
        if view.nexus == key:
            view.nexus, view.sealed_at = None, key
    t.say("seal", f"{nexus.name} is sealed and sacrificed; the saints there must move.")


def finish(t: Table) -> None:
    """Sanctify is over: go to Transfer (or end the mission if the goal is met)."""
    from bot.games.apocrypha.coop import check_end

    coop = t.pub.coop
    assert coop is not None
    coop.sanctify = None
    coop.may_seal = False
    check_end(t)
    if t.pub.step == "over":  # the mission ended (Mission End may still be asking)
        return
    t.pub.step = "transfer"
    t.sec.used = []
    if t.pub.active is not None:
        t.say("step", f"{seat_ref(t.pub.active)} goes to the Transfer step.")
        checks.run_mandatory(t, "transfer", t.pub.active)


def end_with_the_turn(t: Table) -> None:
    """The active saint ends their turn during Sanctify (House rule C25): a master still waiting
    for the guards escapes first, then Sanctify is over (it is never left for a later turn, whose
    own Sanctify would replace it and lose the master)."""
    coop = t.pub.coop
    s = coop.sanctify if coop else None
    if coop is None or s is None:
        return
    if s.stage == "guard":
        escape(t)
    coop.sanctify = None
    coop.may_seal = False


def next_step(t: Table) -> None:
    """The active saint moves on: from Guard to the master's escape, or from Seal to Transfer."""
    s = state(t)
    if busy(t):
        raise GameError("Finish what is under way first.")
    if s.stage == "guard":
        escape(t)
    else:
        finish(t)


# -- a requirement attempt (guard or seal) -----------------------------------------------------------------
def check_request(req: Requirement, virtue: str | None, card: str | None, t: Table, seat: int) -> None:
    """Refuse an attempt that cannot even start, before anything changes."""
    if req.cost != "none":
        if card is None:
            raise GameError(f"Name the card from your hand that pays: {req.text}")
        if card not in t.hand(seat):
            raise GameError("That card is not in your hand.")
    if req.targets and len(req.targets) > 1 and virtue not in {x.virtue for x in req.targets}:
        options = " or ".join(x.virtue.capitalize() for x in req.targets)
        raise GameError(f"Choose the virtue for the check: {options}.")
    if req.targets and len(req.targets) == 1 and virtue not in (None, req.targets[0].virtue):
        raise GameError(f"That check is made with {req.targets[0].virtue.capitalize()}.")


def attempt(
    t: Table, seat: int, key: str, purpose: str, req: Requirement, virtue: str | None, card: str | None
) -> None:
    name = t.pub.nexuses[key].name
    t.say(purpose, f"{seat_ref(seat)} attempts to {purpose} {name}: {req.text}")
    if req.cost != "none" and card is not None:
        t.take_from_hand(seat, card)
        t.put(seat, card, req.cost)
    if req.damage_per_saint:
        n = sum(1 for v in t.pub.saints.values() if v.nexus == key)
        damage.suffer(t, seat, n, virtue or "body", source=None)
    if req.confront_new:
        confront_new(t, seat, key, purpose, req.confront_new)
        return
    if req.targets:
        target = next(x for x in req.targets if virtue in (None, x.virtue))
        checks.start_check(t, seat, target.virtue, target.number, "none", purpose=f"{purpose}:{key}")
        return
    succeed(t, seat, key, purpose)


def confront_new(t: Table, seat: int, key: str, purpose: str, spec: dict[str, str]) -> None:
    """Win vs. a new card from the box: one die per virtue decides the virtue, at random."""
    from bot.games.apocrypha.investigate import begin_confront

    virtue = t.state.rng.choice(list(VIRTUES))
    kind, keyword = spec.get("kind", "gift"), spec.get("keyword")
    uid = t.random_new(kind, virtue, keyword) or t.random_new(kind, None, keyword)
    if uid is None:
        t.say(purpose, f"The box has no such card left, so {t.pub.nexuses[key].name} cannot be {purpose}ed.")
        fail(t, purpose)
        return
    begin_confront(t, seat, uid, origin=None)
    assert t.pub.confront is not None
    t.pub.confront.requirement = f"{purpose}:{key}"


def after_check(t: Table) -> None:
    """A guard or seal check has been kept: it succeeds or fails."""
    check = t.pub.check
    if check is None or check.stage != "done" or ":" not in check.purpose:
        return
    purpose, key = check.purpose.split(":", 1)
    t.pub.check = None
    if check.success:
        succeed(t, check.seat, key, purpose)
    else:
        t.say(purpose, f"The attempt to {purpose} {t.pub.nexuses[key].name} fails.")
        fail(t, purpose)


def after_confront(t: Table, confront: Confrontation) -> None:
    if confront.requirement is None:
        return
    purpose, key = confront.requirement.split(":", 1)
    if confront.won:
        succeed(t, confront.seat, key, purpose)
    else:
        t.say(purpose, f"The attempt to {purpose} {t.pub.nexuses[key].name} fails.")
        fail(t, purpose)


def succeed(t: Table, seat: int, key: str, purpose: str) -> None:
    s = t.pub.coop.sanctify if t.pub.coop else None
    if s is None:
        return
    name = t.pub.nexuses[key].name
    if purpose == "guard":
        s.guarded.append(key)
        t.say("guard", f"{seat_ref(seat)} guards {name}.")
        if not guard_candidates(t):
            escape(t)
        return
    t.say("seal", f"{seat_ref(seat)} meets the seal requirement of {name}.")
    seal_nexus(t, key)
    finish(t)


def fail(t: Table, purpose: str) -> None:
    s = t.pub.coop.sanctify if t.pub.coop else None
    if s is None:
        return
    if purpose == "guard":
        if not guard_candidates(t):
            escape(t)
        return
    finish(t)


def legal(t: Table, seat: int) -> list[object]:
    """The Guard and Seal commands this saint could give now (a cost names the first hand card)."""
    from bot.games.apocrypha.commands import Guard, Seal

    s = t.pub.coop.sanctify if t.pub.coop else None
    if s is None or t.pub.step != "sanctify" or busy(t):
        return []
    here = t.view(seat).nexus
    hand = t.hand(seat)
    out: list[object] = []

    def variants(req: Requirement) -> list[dict[str, str | None]]:
        card = hand[0] if req.cost != "none" and hand else None
        if req.cost != "none" and card is None:
            return []
        virtues = [x.virtue for x in req.targets] or [None]
        return [{"virtue": v, "card": card} for v in virtues]

    if (
        s.stage == "guard"
        and here in guard_candidates(t)
        and t.pub.nexuses[here or ""].side == "hope"
        and golden.allowed(t, seat, "guard").allowed
    ):
        req = t.book.nexuses[t.pub.nexuses[here or ""].box_id or ""].guard
        out += [Guard(nexus=here or "", **v) for v in variants(req)]
    if (
        s.stage == "seal"
        and here == s.nexus
        and "seal" not in s.tried
        and golden.allowed(t, seat, "seal").allowed
    ):
        req = t.book.nexuses[t.pub.nexuses[s.nexus].box_id or ""].seal
        auto = s.auto_seal or not t.sec.nexus_decks.get(s.nexus)
        out += [Seal()] if auto else [Seal(**v) for v in variants(req)]
    return out
