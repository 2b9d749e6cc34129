"""Co-op mode against the game: preparing a mission from its structures, the choir's starting
choices, confronting archetypes through their displayed true threats, and the goal's ending."""

from __future__ import annotations

from typing import Any

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.apocrypha import archetypes, build, pencil, structures
from bot.games.apocrypha.cards import Mission, MissionTrueThreat
from bot.games.apocrypha.state import Confrontation, Coop, NexusView, card_id
from bot.games.apocrypha.table import Table


def mission(t: Table) -> Mission:
    return t.book.missions[t.pub.mission or ""]


# -- preparing the mission ------------------------------------------------------------------------
def prepare(t: Table, m: Mission, players: int) -> None:
    """The rulebook's order: structures, clock, true threats and their archetypes set aside, the
    nexuses for this many saints, their decks built by composition, archetypes seeded, shuffled."""
    coop = Coop(clock=m.clock, nexus_rules=m.nexus_rules, goal=m.goal)
    t.pub.coop = coop
    missing: list[str] = []  # what the box could not give (House rule 35)
    rung = build_clock(t, m, players, missing)
    chosen = [nx for nx in m.nexuses if nx.min_saints <= players]
    coop.trail = [nx.key for nx in chosen]
    aside = archetypes.set_aside(m, len(chosen), skip=rung)
    if not structures.seeds_master(m.goal):
        aside = [a for a in aside if a != archetypes.MASTER]
    coop.set_aside = list(aside)
    for nx in chosen:
        box = t.book.nexuses[nx.nexus or ""]
        t.pub.nexuses[nx.key] = NexusView(
            key=nx.key,
            name=nx.name or box.name,
            description=nx.description or box.text,
            box_id=box.id,
            side="doom",
        )
        deck: list[str] = []
        short = build.deal_all(t, box.deck, deck)
        t.sec.nexus_decks[nx.key] = deck
        if short:
            missing.append(f"the deck at {t.pub.nexuses[nx.key].name} is {build.shortfall(short)} short")
    pile = [archetype_instance(t, cid) for cid in aside]
    t.state.rng.shuffle(pile)
    for key, uid in zip(coop.trail, pile, strict=False):
        t.sec.nexus_decks[key].append(uid)
    for key in coop.trail:
        t.state.rng.shuffle(t.sec.nexus_decks[key])
    threats = "; ".join(describe_true_threat(tt, t.book) for tt in m.true_threats)
    t.say(
        "prepare",
        f"Structures: {', '.join(structures.names(m))}. True threats: {threats}. "
        f"{len(aside)} archetypes are seeded into {len(chosen)} nexuses"
        + (f", and {plural(len(rung), 'minion archetype')} shuffled into the clock." if rung else "."),
    )
    if missing:
        t.say("box", f"The box has run out of cards for this mission: {'; '.join(missing)}.")
    chapter = t.book.chapters.get(m.chapter)
    if chapter is not None:
        the = pencil.the(chapter.name)
        t.say("chapter", f"{the} chapter's cards join the box. {chapter.divider}".strip())
        marks = pencil.lines(t.book, m.chapter, t.pub.pencil)
        if marks:
            t.say("pencil", f"The back of {pencil.the(chapter.name, lower=True)} divider, in pencil: {'; '.join(marks)}.")


def describe_true_threat(tt: MissionTrueThreat, book: Any = None) -> str:
    """ "Gryla: master", "Yule Lads: minion A, archetypes 2, 3", "The Moon-Eater: novem, master"."""
    role = "master" if tt.role == "master" else f"minion {tt.label}".strip()
    threat = book.threats.get(tt.threat) if book is not None else None
    if threat is not None and threat.rank == "novem":
        role = f"novem, {role}"
    if tt.archetypes:
        plural = "s" if len(tt.archetypes) > 1 else ""
        role += f", archetype{plural} {', '.join(str(n) for n in tt.archetypes)}"
    return f"{threat.name if threat is not None else tt.title}: {role}"


def archetype_instance(t: Table, cid: str) -> str:
    n = t.sec.next_copy.get(cid, 0) + 1
    t.sec.next_copy[cid] = n
    return f"{cid}#{n}"


def build_clock(t: Table, m: Mission, players: int, missing: list[str]) -> list[str]:
    """The clock by the clock structure, from the omens the saints' decks left in the box (what it
    could not have goes on `missing`); returns the archetypes the Tolling Bell shuffled into it."""
    count = m.candle_base + m.candles * players if m.clock == "candle_per_saint" else m.clock_omens
    count = max(1, count + pencil.clock_change(t, m))
    clock: list[str] = []
    short = build.deal(t, "omen", count, clock)
    if short:
        missing.append(f"the clock holds {plural(len(clock), 'omen')} instead of {count}")
        assert t.pub.coop is not None
        t.pub.coop.clock_short = short
    rung = archetypes.bell(m, players) if m.clock == "tolling_bell" else []
    clock += [archetype_instance(t, cid) for cid in rung]
    t.state.rng.shuffle(clock)
    t.clock_add(clock)
    return rung


def confront_from_clock(t: Table, seat: int, uid: str) -> None:
    """The Tolling Bell: a minion archetype drawn from the clock is confronted at once; lost, it is
    shuffled into the saint's nexus (it leaves the mission if the saint stands at none)."""
    here = t.view(seat).nexus
    t.say("clock", f"The bell tolls: {seat_ref(seat)} draws a minion archetype from the clock.")
    confront_archetype(t, seat, uid, here if here in t.pub.nexuses else "")


# -- the choir's starting choices -------------------------------------------------------------------
def start(t: Table, order: list[int], starts: dict[int, str], first: int | None) -> int:
    """Seat order, starting nexuses (as the nexus structure allows) and the first saint; returns it."""
    pub = t.pub
    coop = pub.coop
    assert coop is not None
    seats = sorted(pub.saints)
    if order:
        if sorted(order) != seats:
            raise GameError("The seat order must name every saint exactly once.")
        pub.order = list(order)
    chosen = structures.default_starts(coop.nexus_rules, coop.trail, seats)
    chosen.update({int(s): k for s, k in starts.items()})
    for seat in chosen:
        if seat not in pub.saints:
            raise GameError(f"There is no saint in seat {seat + 1}.")
    structures.check_starts(coop.nexus_rules, coop.trail, chosen)
    for seat, key in chosen.items():
        t.view(seat).nexus = key
    if first is None:
        first = pub.order[0]
    if first not in pub.saints:
        raise GameError("The first saint must be one of the choir.")
    return first


def check_move(t: Table, seat: int, to: str) -> None:
    coop = t.pub.coop
    if coop is None:
        return
    open_keys = {k for k, n in t.pub.nexuses.items() if not n.sealed}
    structures.check_move(coop.nexus_rules, coop.trail, open_keys, t.view(seat).nexus, to)


# -- confronting an archetype ------------------------------------------------------------------------
def confront_archetype(t: Table, seat: int, uid: str, origin: str) -> None:
    """The displayed true threat stands in for the flipped archetype (a table true threat is rolled)."""
    from bot.games.apocrypha.checks import roll_d6
    from bot.games.apocrypha.investigate import begin_confront

    cid = card_id(uid)
    tt = archetypes.true_threat(mission(t), cid)
    t.say("archetype", f"{seat_ref(seat)} flips the {archetypes.card(cid).name}: it is {tt.title}.")
    threat = tt.threat
    if tt.table is not None:
        dice = roll_d6(t, tt.table.dice)
        alone = not t.at_nexus(seat)
        row = archetypes.table_result(tt, dice, alone)
        threat = tt.table.results[row - 1]
        extra = f" {tt.table.add:+d}" if tt.table.add else ""
        lonely = f", {tt.table.alone:+d} alone" if alone and tt.table.alone else ""
        t.say(
            "table",
            f"{seat_ref(seat)} rolls {' + '.join(map(str, dice))}{extra}{lonely} on the {tt.title} table: "
            f"{row}, {t.book.threats[threat].name}.",
        )
    if not t.box_has(threat):
        raise GameError(f"{t.book.threats[threat].name} is already in play.")
    begin_confront(t, seat, t.new_instance(threat), origin=origin)
    assert t.pub.confront is not None
    t.pub.confront.archetype = uid


def return_archetype(t: Table, confront: Confrontation, won: bool) -> None:
    """Terminate vs. a true threat: the stand-in goes back to the box, and a minion archetype is
    sacrificed on a win or shuffled back into its nexus on a loss (a master's fate is Sanctify's)."""
    uid = confront.archetype or ""
    seat = confront.seat
    name = t.name(confront.card)
    if card_id(uid) == archetypes.MASTER:
        t.say("win" if won else "lose", f"{seat_ref(seat)} {'wins' if won else 'loses'} vs. {name}.")
        return
    if won:
        t.say("win", f"{seat_ref(seat)} wins vs. {name}; its archetype is sacrificed.")
        return
    origin = t.sec.origins.get(confront.card, "")
    deck = t.sec.nexus_decks.get(origin)
    if deck is not None and not t.pub.nexuses[origin].sealed:
        deck.append(uid)
        t.state.rng.shuffle(deck)
        t.say("lose", f"{seat_ref(seat)} loses vs. {name}; its archetype is shuffled back into its nexus.")
    else:
        t.say("lose", f"{seat_ref(seat)} loses vs. {name}; its archetype leaves the mission.")


def after_archetype(t: Table, confront: Confrontation) -> None:
    """What the goal structure does after a confrontation vs. a true threat ends."""
    from bot.games.apocrypha import sanctify

    coop = t.pub.coop
    assert coop is not None and confront.archetype is not None
    cid = card_id(confront.archetype)
    if cid == archetypes.MASTER and coop.goal == "corner":
        # An archetype is only ever confronted at the saint's own nexus.
        here = t.view(confront.seat).nexus
        sanctify.begin_master(t, confront.seat, confront.archetype, bool(confront.won), here)
        return
    tt = archetypes.true_threat(mission(t), cid)
    if confront.won and structures.may_sanctify_after_win(coop.goal, tt.role, tt.label):
        coop.may_seal = True
        t.say("sanctify", f"{seat_ref(confront.seat)} may go to Sanctify and attempt to seal this nexus.")


# -- the goal: winning and losing ----------------------------------------------------------------------
def archetypes_left(t: Table, master: bool) -> int:
    want = (lambda c: c == archetypes.MASTER) if master else (lambda c: c.startswith(archetypes.MINION))
    n = sum(1 for deck in t.sec.nexus_decks.values() for u in deck if want(card_id(u)))
    n += sum(1 for entry in t.sec.clock if want(card_id(entry.card)))  # the Tolling Bell's
    n += sum(1 for h in t.pub.holds if h.archetype and want(card_id(h.archetype)))  # slotted away
    confront = t.pub.confront
    if confront is not None and confront.archetype and want(card_id(confront.archetype)):
        n += 1
    return n


def check_end(t: Table) -> None:
    """End the mission when the goal structure's win or lose condition is met."""
    from bot.games.apocrypha.mission_end import end_mission

    pub = t.pub
    coop = pub.coop
    if coop is None or pub.outcome is not None or pub.step == "over":
        return
    if pub.saints and all(v.fading for v in pub.saints.values()):
        t.say("faded", "Every saint has faded.")
        end_mission(t, won=False)
        return
    if coop.sanctify is not None:
        return  # a win is decided when Sanctify is over
    if all(n.sealed for n in pub.nexuses.values()):
        t.say("goal", "Every nexus has been sacrificed.")
        end_mission(t, won=True)
    elif coop.goal == "corner" and coop.cornered:
        t.say("goal", "The master has been cornered and the hunt is over.")
        end_mission(t, won=True)
    elif coop.goal == "purge" and archetypes_left(t, master=False) == 0:
        t.say("goal", "Every minion has been beaten.")
        end_mission(t, won=True)


# -- mission powers that ask a player ----------------------------------------------------------------
def mission_hook(t: Table, hook: str) -> bool:
    m = t.book.missions.get(t.pub.mission or "")
    return t.pub.coop is not None and m is not None and any(p.hook == hook for p in m.powers)


def after_assist(t: Table, helper: int) -> None:
    """An accepted assist vs. a threat: the assister must give the checking saint 1 card, then
    recycle 1 card, each of their choice (asked by hand position, so no card name goes public)."""
    confront = t.pub.confront
    check = t.pub.check
    if (
        not mission_hook(t, "assister_gives")
        or confront is None
        or confront.kind != "threat"
        or check is None
    ):
        return
    from bot.games.apocrypha import golden

    if check.seat != helper and golden.allowed(t, helper, "give").allowed:
        ask_pick(t, helper, "give", check.seat)
    else:
        ask_pick(t, helper, "recycle", None)


def ask_pick(t: Table, seat: int, then: str, to: int | None) -> None:
    from bot.games.apocrypha.state import Pending

    hand = t.hand(seat)
    if not hand:
        if then == "give":
            ask_pick(t, seat, "recycle", None)
        return  # an impossible instruction is ignored
    what = f"give {seat_ref(to)} 1 card" if then == "give" and to is not None else "recycle 1 card"
    t.pub.pending.append(
        Pending(
            seat=seat,
            kind="pick_card",
            text=f"The mission asks you, as the assisting saint, to {what}: pick it by its place in your hand.",
            options=[f"hand card {i + 1}" for i in range(len(hand))],
            data={"then": then, "to": to},
        )
    )


def answer_pick(t: Table, seat: int, pending, option: int) -> None:  # noqa: ANN001 - Pending
    hand = t.hand(seat)
    if not 0 <= option < len(hand):
        raise GameError(f"Pick a card from 1 to {len(hand)} in your hand.")
    t.pub.pending.remove(pending)
    uid = hand[option]
    t.take_from_hand(seat, uid)
    if pending.data["then"] == "give":
        to = pending.data["to"]
        t.hand(to).append(uid)
        t.say("give", f"{seat_ref(seat)} gives {seat_ref(to)} a card for the assist.")
        t.tell(to, "given", f"{seat_ref(seat)} gives you {t.name(uid)}.")
        ask_pick(t, seat, "recycle", None)
    else:
        t.put(seat, uid, "recycle")
        t.say("recycle", f"{seat_ref(seat)} recycles a card.")


def may_bury_instead(t: Table, seat: int) -> bool:
    """Christmas in Candlepoint's Give power: with nobody to give to, you may bury a card instead."""
    return mission_hook(t, "give_or_bury") and not t.at_nexus(seat)
