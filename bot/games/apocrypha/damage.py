"""Suffering damage: a Damage step where powers change the amount (increases first), then one
matching gift per point leaves the hand, then random cards, until the hand is empty.

Mandatory damage powers (the threat's own, the nexus, the mission, slotted cards) apply at once.
When the saint holds an optional damage power (a gift in hand, a fragment, their saint power),
the damage waits as `public.damage` with a pending decision: they play those powers, then answer
to take what is left.
"""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.apocrypha.state import DamageState, Pending
from bot.games.apocrypha.table import Table


def _current(t: Table) -> DamageState | None:
    return getattr(t, "damage", None) or t.pub.damage


def change(t: Table, by: int) -> None:
    current = _current(t)
    if current is None:
        raise GameError("No damage is being suffered right now.")
    if by > 0:
        current.up += by
    else:
        current.down += -by


def redirect(t: Table, place: str) -> None:
    current = _current(t)
    if current is None:
        raise GameError("No damage is being suffered right now.")
    current.place = place


def damage_powers(t: Table, seat: int, source: str | None) -> list:
    """Mandatory damage powers that apply: the source card's own (only to its damage), then those of
    the nexus, the mission and the saint's halo."""
    from bot.games.apocrypha.checks import mandatory_powers

    found = []
    confront = t.pub.confront
    if source is not None:
        stopped = confront.stopped if confront is not None and confront.card == source else []
        found += [
            (source, p)
            for i, p in enumerate(t.card(source).powers)
            if p.timing == "damage" and p.mandatory and i not in stopped
        ]
    for uid, power in mandatory_powers(t, "damage", seat):
        if confront is not None and uid == confront.card:
            continue  # a threat's damage power applies only to damage from that threat
        found.append((uid, power))
    return found


def optional_damage_powers(t: Table, seat: int) -> bool:
    sources = [
        t.saint(seat),
        *(t.card(u) for u in t.hand(seat)),
        *(t.card(u) for u in t.own_halo(seat)),
    ]
    return any(p.timing == "damage" and not p.mandatory for card in sources for p in card.powers)


def suffer(t: Table, seat: int, n: int, virtue: str, source: str | None, choice: bool = False) -> None:
    """Start a Damage step for `seat`; it finishes now, or after the saint plays damage powers.

    choice: the saint may name the matching gifts lost (damage from a lost check, where play waits
    anyway); damage a power deals in the middle of a step takes them at random."""
    from bot.games.apocrypha.context import Ctx
    from bot.games.apocrypha.effects import BOOK

    current = DamageState(seat=seat, n=n, virtue=virtue, choice=choice)
    outer = getattr(t, "damage", None)
    t.damage = current  # type: ignore[attr-defined]
    try:
        for uid, power in damage_powers(t, seat, source):
            try:
                BOOK.run(Ctx(t, seat, [seat], uid, power, None), power.effects)
            except GameError as exc:
                t.say("power", f"{power.text} (cannot be carried out: {exc.message})")
    finally:
        t.damage = outer  # type: ignore[attr-defined]
    choose = to_choose(t, current) if choice else 0
    if t.pub.damage is None and (optional_damage_powers(t, seat) or choose) and t.hand(seat):
        t.pub.damage = current
        text = f"You are about to suffer {n} {virtue.capitalize()} damage. "
        if choose:
            text += (
                f"Name the {choose} of your {virtue.capitalize()} gifts you lose "
                f"(answer with {'them' if choose > 1 else 'it'}), or play damage powers first."
            )
        else:
            text += "Play damage powers now, or answer to take it."
        t.pub.pending.append(
            Pending(seat=seat, kind="damage", text=text, options=["take it"], data={"choose": choose})
        )
        t.say("damage", f"{seat_ref(seat)} is about to suffer {n} {virtue.capitalize()} damage.")
        return
    finish(t, current)


def amount_of(current: DamageState) -> int:
    # Increases apply before decreases, so a decrease can cancel an increase.
    return max(0, current.n + current.up - current.down)


def to_choose(t: Table, current: DamageState) -> int:
    """How many matching gifts the saint picks: only when more match than the damage takes."""
    matching = [u for u in t.hand(current.seat) if t.virtue_of(u) == current.virtue]
    amount = amount_of(current)
    return amount if 0 < amount < len(matching) else 0


def finish(t: Table, current: DamageState, chosen: list[str] | None = None) -> list[str]:
    """Suffer the damage: the chosen matching gifts (random ones if none were named), then random cards."""
    seat = current.seat
    virtue = current.virtue
    amount = amount_of(current)
    hand = t.hand(seat)
    need = to_choose(t, current) if current.choice else 0
    if chosen:
        name = f"{virtue.capitalize()} gift{'s' if need != 1 else ''}"
        if not need or len(set(chosen)) != len(chosen) or len(chosen) != need:
            raise GameError(
                f"Name {need} {name} to lose." if need else "This damage leaves you nothing to choose."
            )
        if any(u not in hand or t.virtue_of(u) != virtue for u in chosen):
            raise GameError(f"Name {virtue.capitalize()} gifts in your hand.")
    picks = list(chosen or [])
    lost: list[str] = []
    for _ in range(amount):
        if not hand:
            break  # an empty hand ignores the rest; the powers above still applied
        matching = [u for u in hand if t.virtue_of(u) == virtue]
        uid = picks.pop(0) if picks else t.state.rng.choice(matching or hand)
        hand.remove(uid)
        t.put(seat, uid, current.place)
        lost.append(uid)
    if current.place == "discard" and lost:
        names = ", ".join(t.name(u) for u in lost)
        t.say(
            "damage", f"{seat_ref(seat)} suffers {amount} {virtue.capitalize()} damage and discards {names}."
        )
    else:
        where = "lost" if current.place == "sacrifice" else f"moved ({current.place})"
        t.say(
            "damage",
            f"{seat_ref(seat)} suffers {amount} {virtue.capitalize()} damage; {plural(len(lost), 'card')} {where}.",
        )
        if lost:
            t.tell(seat, "damage", "You lose " + ", ".join(t.name(u) for u in lost) + ".")
    return lost


def take_pending(t: Table, seat: int, chosen: list[str] | None = None) -> None:
    current = t.pub.damage
    if current is None or current.seat != seat:
        raise GameError("You are not suffering damage right now.")
    t.pub.damage = None
    t.pub.pending = [p for p in t.pub.pending if not (p.kind == "damage" and p.seat == seat)]
    finish(t, current, chosen)
