"""The check sequence: target, assist, mutate, assemble, evaluate (roll, reroll, explode, upgrade,
downgrade, flip, trash, keep 3). Built on the shared dice kit in bot.engine.dice."""

from __future__ import annotations

from typing import Any

from bot.engine.dice import BONUS, KEEP, MAX_PER_COLOUR, Die, assemble
from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.apocrypha import chapters
from bot.games.apocrypha.state import Assist, Check, MutationApplied, Pending
from bot.games.apocrypha.table import ForcedRng, Table

# The Evaluate order for queued dice steps (keep comes last, separately).
ORDER = ("reroll", "explode", "upgrade", "downgrade", "flip", "trash")


def roll_d6(t: Table, n: int) -> list[int]:
    """n d6 results: the guide's chosen results first, then the state's generator."""
    rng = ForcedRng(state=t.state.rng.state, forced=t.sec.forced_dice)
    out = [rng.die(6) for _ in range(n)]
    t.state.rng.state = rng.state
    t.sec.forced_dice = rng.forced
    return out


def with_rng(t: Table, action: Any) -> Any:
    rng = ForcedRng(state=t.state.rng.state, forced=t.sec.forced_dice)
    result = action(rng)
    t.state.rng.state = rng.state
    t.sec.forced_dice = rng.forced
    return result


def start_check(
    t: Table, seat: int, virtue: str, target: int | None, vs: str, purpose: str = "confront"
) -> Check:
    skills: list[str] = []
    confront = t.pub.confront
    if confront is not None:
        card = t.card(confront.card)
        skills = [s for s in card.keywords.skills if t.skill(seat, s)]
    check = Check(
        seat=seat,
        virtue=virtue,
        original_virtue=virtue,
        target=target,
        vs=vs,  # type: ignore[arg-type]
        skills=skills,
        purpose=purpose,
    )
    if confront is not None and confront.written:
        check.mutations = [m.model_copy() for m in confront.written]
        check.mutated = True
    t.pub.check = check
    t.sec.used = []
    tgt = f" {target}" if target is not None else ""
    t.say(
        "check", f"{seat_ref(seat)} attempts a {virtue.capitalize()}{tgt} check. Saints may offer to assist."
    )
    return check


def require_check(t: Table, stage: str | tuple[str, ...] | None = None) -> Check:
    check = t.pub.check
    if check is None:
        raise GameError("No check is being attempted right now.")
    stages = (stage,) if isinstance(stage, str) else stage
    if stages and check.stage not in stages:
        raise GameError(f"That cannot be done in the {check.stage.capitalize()} step of this check.")
    return check


def offer_assist(t: Table, helper: int, virtue: str) -> None:
    check = require_check(t, "assist")
    if virtue != check.original_virtue:
        raise GameError(
            f"This is a {check.original_virtue.capitalize()} check; you can only assist with that virtue."
        )
    if any(a.seat == helper for a in check.assists):
        raise GameError("You are already assisting this check.")
    problem = assist_problem(t, helper, check.seat, virtue)
    if problem:
        raise GameError(problem)
    value = t.saint(helper).value(virtue)
    assist = Assist(
        seat=helper, virtue=virtue, value=value, rerolls_left=value, accepted=helper == check.seat
    )
    check.assists.append(assist)
    if assist.accepted:
        t.say("assist", f"{seat_ref(helper)} assists their own check ({virtue.capitalize()} {value}).")
        return
    t.pub.pending.append(
        Pending(
            seat=check.seat,
            kind="accept_assist",
            text=f"{seat_ref(helper)} offers to assist with {virtue.capitalize()} {value}. Accept?",
            options=["accept", "refuse"],
            data={"helper": helper},
        )
    )
    t.say(
        "assist",
        f"{seat_ref(helper)} offers to assist {seat_ref(check.seat)} with {virtue.capitalize()} {value}.",
    )


def assist_problem(t: Table, helper: int, target: int, virtue: str) -> str | None:
    """Why this saint cannot assist that check with that virtue (the cards may say so), or None."""
    from bot.games.apocrypha import golden

    verdict = golden.allowed(t, helper, "assist")
    if not verdict.allowed:
        return verdict.reason()
    reaches = t.can_assist(helper, target, virtue)
    if not reaches and not golden.allowed(t, helper, "assist_anyone", default=False).allowed:
        return (
            f"Your {virtue.capitalize()} does not point at {seat_ref(target)}, so you cannot assist with it."
        )
    return None


def answer_assist(t: Table, helper: int, accept: bool) -> None:
    check = require_check(t, "assist")
    assist = next(a for a in check.assists if a.seat == helper)
    if accept:
        assist.accepted = True
        t.say("assist", f"{seat_ref(check.seat)} accepts {seat_ref(helper)}'s assistance.")
        run_mandatory(t, "assist", helper, affected=[check.seat])
    else:
        check.assists.remove(assist)
        t.say("assist", f"{seat_ref(check.seat)} declines {seat_ref(helper)}'s assistance.")


def mutation_side(t: Table, mutation_id: str) -> tuple[Any, str]:
    mutation = t.book.mutations.get(mutation_id)
    if mutation is None:
        raise GameError(f"There is no mutation called {mutation_id}.")
    check = t.pub.check
    vs_threat = check is not None and check.vs == "threat"
    return (mutation.vs_threat if vs_threat else mutation.other), mutation.name


def apply_mutation(
    t: Table, mutation_id: str, fixed: int | None = None, name: str | None = None
) -> MutationApplied:
    """Roll one die per assisting saint (at least one), apply the lowest result to the check."""
    from bot.games.apocrypha.context import Ctx
    from bot.games.apocrypha.effects import BOOK

    check = require_check(t)
    side, _ = mutation_side(t, mutation_id)
    assisting = [a.seat for a in check.assists if a.accepted]
    rolls = [fixed] if fixed is not None else roll_d6(t, max(1, len(assisting)))
    result = min(rolls)
    row = side.results[result - 1]
    label = f"{name} (as {side.name})" if name else side.name
    applied = MutationApplied(mutation=mutation_id, side=label, rolls=rolls, result=result, text=row.text)
    check.mutations.append(applied)
    check.mutated = True
    if t.pub.confront is not None:
        t.pub.confront.mutated = True
    t.say(
        "mutate",
        f"The check mutates: {label}. Rolled {', '.join(map(str, rolls))}; {result} applies: {row.text}",
    )
    ctx = Ctx(t, check.seat, [check.seat], None, None, None)
    ctx.kind, ctx.source = "mutation", side.name
    try:
        BOOK.run(ctx, row.effects)
    except GameError as exc:
        # An impossible mutation result has no effect (the rulebook says so).
        t.say("mutate", f"That result cannot be carried out, so it does nothing ({exc.message})")
    return applied


def mutate_now(t: Table, mutation_id: str | None, rolls: list[int], name: str | None = None) -> None:
    """A power or the guide mutates the confrontation: now if the check is still before its roll, else queued.

    name: the guide's own name for it (a mutation written on a box mutation's effects)."""
    if mutation_id is None:
        mutation_id = t.state.rng.choice(sorted(t.book.mutations))
    if mutation_id not in t.book.mutations:
        raise GameError(f"There is no mutation called {mutation_id}.")
    check = t.pub.check
    fixed = rolls[0] if rolls else None
    if check is not None and check.stage == "assemble":
        apply_mutation(t, mutation_id, fixed, name)
        return
    if t.pub.confront is None:
        raise GameError("There is no confrontation to mutate.")
    t.pub.confront.queued_mutations.append(f"{mutation_id}:{fixed or ''}:{name or ''}")
    t.pub.confront.mutated = True
    if check is not None and check.awaiting_mutation:
        # The assisted check was waiting for exactly this: it goes on to Assemble now.
        check.awaiting_mutation = False
        to_assemble(t)
        return
    t.say("mutate", "The confrontation will mutate at the next check.")


def to_assemble(t: Table) -> bool:
    """Leave Assist: mutate if anyone assists or a mutation waits, then Assemble.

    In guided mode an assisted check with no mutation chosen waits for the guide's (False)."""
    check = require_check(t, "assist")
    if any(p.kind == "accept_assist" for p in t.pub.pending):
        raise GameError("An offer of assistance is still waiting for an answer.")
    if check.awaiting_mutation:
        raise GameError("The guide is choosing the mutation for this assist; wait for it.")
    queued = t.pub.confront.queued_mutations if t.pub.confront else []
    assisted = any(a.accepted for a in check.assists)
    if assisted and not queued and t.pub.mode == "guided" and t.pub.confront is not None:
        check.awaiting_mutation = True
        t.say("mutate", "The assist mutates the check: the guide chooses how.")
        t.tell_guide("mutate", "An assist was accepted: add the mutation (`guide mutate`).")
        return False
    if assisted and not queued:
        queued = [t.state.rng.choice(sorted(t.book.mutations))] if t.book.mutations else []
    check.awaiting_mutation = False
    check.stage = "assemble"
    t.sec.used = []
    for entry in queued:
        mid, fixed, name = (entry.split(":", 2) + ["", ""])[:3]
        apply_mutation(t, mid, int(fixed) if fixed else None, name or None)
    if assisted:
        check.mutated = True
    if t.pub.confront is not None:
        t.pub.confront.queued_mutations = []
    run_mandatory(t, "assemble", check.seat)
    return True


def skill_dice(t: Table, check: Check) -> tuple[int, str | None]:
    best, name = 0, None
    for skill in check.skills:
        rank = t.skill(check.seat, skill)
        if rank > best:
            best, name = rank, skill
    return best, name


def roll(t: Table) -> None:
    check = require_check(t, ("assist", "assemble"))
    if check.stage == "assist" and not to_assemble(t):
        return
    saint = t.saint(check.seat)
    counts: dict[str, int] = {check.virtue: saint.value(check.virtue)}
    bonus = 0
    for colour, n in check.extra.items():
        if colour == BONUS:
            bonus += n
        else:
            counts[colour] = counts.get(colour, 0) + n
    skill_n, skill_name = skill_dice(t, check)
    check.skill_used = skill_name
    bonus += skill_n
    pool, notes = assemble(counts, bonus)
    if not pool.dice:
        raise GameError("This check has no dice to roll.")
    with_rng(t, pool.roll)
    check.pool = pool
    check.notes += notes
    check.stage = "evaluate"
    t.sec.used = []
    shown = ", ".join(f"{d.colour} {d.value}" for d in pool.dice)
    skill_note = f" ({skill_name.capitalize()} {skill_n})" if skill_name else ""
    t.say("roll", f"{seat_ref(check.seat)} rolls {len(pool.dice)} dice{skill_note}: {shown}.")
    run_mandatory(t, "evaluate", check.seat)


def select(
    t: Table, check: Check, which: str, n: int, colour: str | None, value: int | None, chosen: list[int]
) -> list[int]:
    pool = check.pool
    assert pool is not None
    if colour == "check":
        colour = check.virtue
    live = [
        i
        for i in pool.live()
        if (colour is None or pool.dice[i].colour == colour)
        and (value is None or pool.dice[i].value == value)
    ]
    if which == "all":
        return live
    if which == "chosen":
        picked = [i for i in dict.fromkeys(chosen) if i in live]
        if len(picked) != len(set(chosen)) or len(picked) > n:
            raise GameError(f"Choose up to {n} live dice{f' of {colour}' if colour else ''} by number.")
        return picked
    ordered = sorted(live, key=lambda i: (pool.dice[i].value, i), reverse=which == "highest")
    return ordered[:n]


def apply_step(t: Table, check: Check, step: dict[str, Any]) -> None:
    pool = check.pool
    assert pool is not None
    kind = step["kind"]
    if kind == "keep_lowest":
        return
    if kind == "explode":
        on, colour = step.get("on", 6), step.get("colour")
        if colour == "check":
            colour = check.virtue
        if colour is None:
            with_rng(t, lambda rng: pool.explode(rng, on))
            return
        for i in list(pool.live()):
            die = pool.dice[i]
            if die.value != on or die.colour != colour:
                continue
            new_colour = colour if pool.count(colour) < MAX_PER_COLOUR else BONUS
            if pool.count(new_colour) >= MAX_PER_COLOUR:
                continue
            die.notes.append("exploded")
            new = Die(colour=new_colour, value=roll_d6(t, 1)[0])
            new.notes.append(f"added by an explosion, rolled {new.value}")
            pool.dice.append(new)
        return
    idx = select(
        t,
        check,
        step.get("which", "chosen"),
        step.get("n", 1),
        step.get("colour"),
        step.get("value"),
        step.get("dice", []),
    )
    if kind == "reroll":
        with_rng(t, lambda rng: pool.reroll(rng, idx))
    elif kind == "upgrade":
        pool.upgrade(idx)
    elif kind == "downgrade":
        pool.downgrade(idx)
    elif kind == "flip":
        pool.flip(idx)
    elif kind == "trash":
        pool.trash(idx)


def dice_step(t: Table, kind: str, params: dict[str, Any], chosen: list[int]) -> None:
    check = require_check(t, ("assist", "assemble", "evaluate"))
    step = {"kind": kind, **params, "dice": chosen}
    if kind == "reroll" and check.stage == "evaluate":
        apply_step(t, check, step)
        t.say("reroll", f"Dice rerolled: {describe(check)}.")
        return
    if params.get("which") == "chosen" and check.stage != "evaluate":
        raise GameError("Choose dice only once they are rolled, in the Evaluate step.")
    check.plan.append(step)


def reroll(t: Table, seat: int, dice: list[int], assist_seat: int | None) -> None:
    check = require_check(t, "evaluate")
    if seat != check.seat:
        raise GameError("Only the saint attempting the check rerolls its dice.")
    from bot.games.apocrypha import golden

    golden.require(t, seat, "reroll")
    if assist_seat is None:
        if len(dice) > check.granted_rerolls:
            raise GameError(f"You may reroll {check.granted_rerolls} dice with the rerolls you were given.")
        check.granted_rerolls -= len(dice)
    else:
        assist = next((a for a in check.assists if a.seat == assist_seat and a.accepted), None)
        if assist is None:
            raise GameError("That saint is not assisting this check.")
        if len(dice) > assist.rerolls_left:
            raise GameError(f"That assist lets you reroll up to {assist.rerolls_left} dice.")
        assist.rerolls_left = 0  # each assist is one reroll step
    apply_step(t, check, {"kind": "reroll", "which": "chosen", "n": len(dice), "dice": dice})
    t.say("reroll", f"{seat_ref(seat)} rerolls; the dice now show {describe(check)}.")


def describe(check: Check) -> str:
    assert check.pool is not None
    return ", ".join(f"{d.colour} {d.value}" for d in check.pool.dice if not d.trashed)


def keep(t: Table) -> Check:
    """Run the queued dice steps in the rulebook's order, keep three, decide the check."""
    check = require_check(t, "evaluate")
    ordered = sorted(
        (s for s in check.plan if s["kind"] != "keep_lowest"), key=lambda s: ORDER.index(s["kind"])
    )
    for step in ordered:
        apply_step(t, check, step)
    lowest = sum(s.get("n", 1) for s in check.plan if s["kind"] == "keep_lowest")
    assert check.pool is not None
    total = check.pool.keep(KEEP, min(lowest, KEEP)) + check.result_adjust
    check.total = total
    if check.target is not None:
        check.margin = total - check.target
        check.success = check.margin >= 0
    check.stage = "done"
    kept = ", ".join(str(v) for v in sorted((d.value for d in check.pool.dice if d.kept), reverse=True))
    verdict = (
        "" if check.success is None else (" Success." if check.success else f" Failure by {-check.margin}.")
    )
    adj = f" {check.result_adjust:+d}" if check.result_adjust else ""
    t.say(
        "result",
        f"{seat_ref(check.seat)} keeps {kept}{adj} for {total}.{verdict}",
        total=total,
        success=check.success,
    )
    return check


def power_applies(t: Table, power: Any, seat: int) -> bool:
    """Whether a power's `vs` conditions hold now."""
    confront = t.pub.confront
    check = t.pub.check
    if power.vs in ("gift", "threat", "true_threat", "mutated") and confront is None:
        return False
    if power.vs == "gift" and confront.kind != "gift":
        return False
    if power.vs == "threat" and confront.kind != "threat":
        return False
    if power.vs == "true_threat" and (confront.kind != "threat" or t.card(confront.card).rank == "threat"):
        return False
    if power.vs == "mutated" and not (confront.mutated or (check and check.mutated)):
        return False
    if power.vs == "check" and check is None:
        return False
    if power.vs_keyword and (confront is None or not t.has_keyword(confront.card, power.vs_keyword)):
        return False
    return not (power.vs_virtue and (check is None or check.virtue != power.vs_virtue))


def mandatory_powers(t: Table, timing: str, seat: int) -> list[tuple[str | None, Any]]:
    """Powers that apply by themselves now for `seat`: the confronted card, the nexus side, the
    mission, the investigation's omen conditions, and slotted cards marked mandatory."""
    found: list[tuple[str | None, Any]] = []
    confront = t.pub.confront
    if confront is not None and confront.kind == "threat":
        powers = t.card(confront.card).powers
        found += [
            (confront.card, p) for i, p in enumerate(powers) if p.mandatory and i not in confront.stopped
        ]
    key = t.view(seat).nexus
    if key and key in t.pub.nexuses:
        nexus = t.pub.nexuses[key]
        box = t.book.nexuses.get(nexus.box_id or "")
        if box is not None:
            found += [(None, p) for p in getattr(box, nexus.side).powers]
    mission = t.book.missions.get(t.pub.mission or "")
    if mission is not None:
        found += [(None, p) for p in mission.powers]
    found += [(None, p) for _, _, p in chapters.table_powers(t)]
    from bot.games.apocrypha.cards import Power

    for mod in t.pub.modifiers:
        if mod.seat in (None, seat):
            found.append((mod.source, Power.model_validate({**mod.power, "mandatory": True})))
    for uid in t.own_halo(seat):
        card = t.card(uid)
        found += [(uid, p) for p in card.powers if p.mandatory]
    out = []
    for uid, power in found:
        if power.timing != timing:
            continue
        if not power.mandatory:
            continue
        if power_applies(t, power, seat):
            out.append((uid, power))
    return out


def run_mandatory(t: Table, timing: str, seat: int, affected: list[int] | None = None) -> None:
    from bot.games.apocrypha.context import Ctx
    from bot.games.apocrypha.effects import BOOK

    mission = t.book.missions.get(t.pub.mission or "")
    # A table power's kind for the golden rules: the mission's own, the chapter's, a novem's, or the nexus's.
    kinds = {id(p): (kind, name) for kind, name, p in chapters.table_powers(t)}
    kinds.update({id(p): ("mission", mission.name) for p in (mission.powers if mission else [])})
    for uid, power in mandatory_powers(t, timing, seat):
        ctx = Ctx(t, seat, affected or [seat], uid, power, None)
        if uid is None:
            ctx.kind, ctx.source = kinds.get(id(power), ("nexus", None))
        try:
            BOOK.run(ctx, power.effects)
        except GameError as exc:
            # "If an instruction is impossible, ignore the part that is impossible."
            t.say("power", f"{power.text} (cannot be carried out: {exc.message})")
