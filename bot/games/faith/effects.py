"""Card powers as effect blocks (`EffectBook("faith")`), the targets they point at, and their text.

A block names who or what it acts on:
- `on`: "target" / "target2" (characters the player chose), "source" (the card
  itself), "arrived" (the character that just moved to a location),
  "each_enemy" / "each_own" (every opposing / own character);
- `who`: "self", "opponent" (the chosen opponent), "each_opponent", "each".
Anything done by several players runs from the active player to the left.
Card text is written from the blocks, so what a card says is what it does.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from bot.engine.effects import EffectBook
from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.faith import zones
from bot.games.faith.cards import Ability, Card, card
from bot.games.faith.state import FaithState, InPlay

On = Literal["target", "target2", "source", "arrived", "each_enemy", "each_own"]
Who = Literal["self", "opponent", "each_opponent", "each"]
Colour = Literal["light", "dark"]


@dataclass
class Ctx:
    state: FaithState
    seat: int
    source: int | None = None  # uid of the card whose power this is (None for events)
    target: int | None = None
    target2: int | None = None
    opponent: int | None = None
    arrived: int | None = None
    events: list[Event] = field(default_factory=list)

    def chars(self, on: str) -> list[InPlay]:
        if on in ("each_enemy", "each_own"):
            seats = zones.opponents(self.state, self.seat) if on == "each_enemy" else [self.seat]
            return [ip for s in seats for ip in zones.field_cards(self.state, s, "character")]
        uid = {
            "target": self.target,
            "target2": self.target2,
            "source": self.source,
            "arrived": self.arrived,
        }[on]
        found = zones.locate(self.state, uid) if uid is not None else None
        return [found[1]] if found else []

    def seats(self, who: str) -> list[int]:
        if who == "self":
            return [self.seat]
        if who == "opponent":
            return [self.opponent] if self.opponent is not None else []
        order = zones.from_active(self.state)
        return [s for s in order if who == "each" or s != self.seat]


BOOK: EffectBook[Ctx] = EffectBook("faith")


def _title(ip: InPlay) -> str:
    return card(ip.card).title


@BOOK.op("faith")
def _faith(ctx: Ctx, n: int, who: Who = "self") -> None:
    for s in ctx.seats(who):
        zones.gain_faith(ctx.state, s, n, ctx.events)


@BOOK.op("faith_per")
def _faith_per(ctx: Ctx, subtype: str, n: int = 1) -> None:
    """Gain n Faith for each card of a sub-type you control."""
    count = sum(subtype in card(ip.card).subtypes for ip in ctx.state.public.seats[ctx.seat].field)
    zones.gain_faith(ctx.state, ctx.seat, n * count, ctx.events)


@BOOK.op("draw")
def _draw(ctx: Ctx, n: int = 1, who: Who = "self") -> None:
    for s in ctx.seats(who):
        zones.draw(ctx.state, s, n, ctx.events)


@BOOK.op("discard_random")
def _discard_random(ctx: Ctx, n: int = 1, who: Who = "opponent") -> None:
    """Cards leave the hand at random, into the exile pile (the game has no other discard pile)."""
    for s in ctx.seats(who):
        hand = ctx.state.players[s].hand
        for _ in range(min(n, len(hand))):
            held = hand[ctx.state.rng.randbelow(len(hand))]
            zones.exile_from_hand(ctx.state, s, held)
            ctx.events.append(
                Event.public("discard", f"{seat_ref(s)} loses {card(held.card).title} from their hand.")
            )


@BOOK.op("energy")
def _energy(ctx: Ctx, n: int, colour: Colour) -> None:
    s = ctx.state.public.seats[ctx.seat]
    setattr(s, colour, getattr(s, colour) + n)
    ctx.events.append(Event.public("energy", f"{seat_ref(ctx.seat)} gains {n} {colour} energy."))


@BOOK.op("drain")
def _drain(ctx: Ctx, n: int, who: Who = "opponent") -> None:
    """Energy leaves the pool, from the larger colour first (light on a tie)."""
    for seat in ctx.seats(who):
        s = ctx.state.public.seats[seat]
        lost = 0
        for _ in range(n):
            if s.light == 0 and s.dark == 0:
                break
            if s.light >= s.dark:
                s.light -= 1
            else:
                s.dark -= 1
            lost += 1
        if lost:
            ctx.events.append(Event.public("drain", f"{seat_ref(seat)} loses {lost} energy."))


@BOOK.op("damage")
def _damage(ctx: Ctx, n: int, on: On = "target") -> None:
    for ip in ctx.chars(on):
        ip.damage += n
        ctx.events.append(Event.public("damage", f"{_title(ip)} takes {n} damage."))
        zones.check_damage(ctx.state, ip.uid, ctx.events)


@BOOK.op("heal")
def _heal(ctx: Ctx, n: int, on: On = "target") -> None:
    for ip in ctx.chars(on):
        healed = min(n, ip.damage)
        if healed:
            ip.damage -= healed
            ctx.events.append(Event.public("heal", f"{_title(ip)} heals {healed} damage."))


@BOOK.op("move_damage")
def _move_damage(ctx: Ctx, n: int, src: On = "source", dst: On = "target") -> None:
    """Moving damage is not dealing it: no 'takes damage' effects, only the health check."""
    sources, dests = ctx.chars(src), ctx.chars(dst)
    if not sources or not dests:
        return
    a, b = sources[0], dests[0]
    moved = min(n, a.damage)
    if moved and a.uid != b.uid:
        a.damage -= moved
        b.damage += moved
        ctx.events.append(
            Event.public("move_damage", f"{moved} damage moves from {_title(a)} to {_title(b)}.")
        )
        zones.check_damage(ctx.state, b.uid, ctx.events)


@BOOK.op("exhaust")
def _exhaust(ctx: Ctx, on: On = "target") -> None:
    for ip in ctx.chars(on):
        if not ip.exhausted:
            ip.exhausted = True
            ctx.events.append(Event.public("exhaust", f"{_title(ip)} is exhausted."))


@BOOK.op("ready")
def _ready(ctx: Ctx, on: On = "target") -> None:
    for ip in ctx.chars(on):
        if ip.exhausted:
            ip.exhausted = False
            ctx.events.append(Event.public("ready", f"{_title(ip)} is readied."))


@BOOK.op("strength")
def _strength(ctx: Ctx, n: int, on: On = "target") -> None:
    for ip in ctx.chars(on):
        ip.strength_bonus += n
        ctx.events.append(Event.public("strength", f"{_title(ip)} has {n:+d} strength this turn."))


@BOOK.op("exile")
def _exile(ctx: Ctx, on: On = "target", max_health: int | None = None) -> None:
    for ip in ctx.chars(on):
        if max_health is None or zones.health(ctx.state, ip) <= max_health:
            zones.exile_from_field(ctx.state, ip.uid, ctx.events)


@BOOK.op("recover")
def _recover(ctx: Ctx, type: str = "character") -> None:
    """The most recently exiled card of a type comes back from your exile to your hand."""
    exile = ctx.state.public.seats[ctx.seat].exile
    for held in reversed(exile):
        if card(held.card).type == type and held.uid != ctx.source:
            exile.remove(held)
            ctx.state.players[ctx.seat].hand.append(held)
            zones.sync_counts(ctx.state)
            ctx.events.append(
                Event.public(
                    "recover", f"{seat_ref(ctx.seat)} returns {card(held.card).title} from exile to hand."
                )
            )
            return


@BOOK.op("search")
def _search(ctx: Ctx, subtype: str) -> None:
    """Take the first card of a sub-type from your deck into your hand, then shuffle the deck."""
    deck = ctx.state.secret.decks[ctx.seat]
    for held in deck:
        if subtype in card(held.card).subtypes:
            deck.remove(held)
            ctx.state.players[ctx.seat].hand.append(held)
            ctx.events.append(
                Event.private(ctx.seat, "search", f"You take {card(held.card).title} from your deck.")
            )
            break
    ctx.state.rng.shuffle(deck)
    zones.sync_counts(ctx.state)
    ctx.events.append(
        Event.public("search", f"{seat_ref(ctx.seat)} searches their deck for a {subtype} card.")
    )


_LABEL = {
    "enemy_character": "an opposing character",
    "own_character": "a character of yours",
    "any_character": "a character",
}


# -- targets ------------------------------------------------------------------
def target_choices(state: FaithState, seat: int, kind: str, exclude: int | None = None) -> list[int]:
    """What a target of this kind may be: character uids, or opponent seats."""
    if kind == "opponent":
        return zones.opponents(state, seat)
    seats = {
        "enemy_character": zones.opponents(state, seat),
        "own_character": [seat],
        "any_character": zones.from_active(state),
    }.get(kind, [])
    return [ip.uid for s in seats for ip in zones.field_cards(state, s, "character") if ip.uid != exclude]


def fill_targets(
    state: FaithState,
    seat: int,
    kinds: tuple[str, str],
    target: int | None,
    target2: int | None,
    opponent: int | None,
) -> tuple[int | None, int | None, int | None]:
    """Check the chosen targets against what the power needs; fill a target with one choice only."""
    chosen = [target, target2]
    for i, kind in enumerate(kinds):
        if kind in ("none", "opponent"):
            continue
        choices = target_choices(state, seat, kind, exclude=chosen[0] if i == 1 else None)
        if chosen[i] is None and len(choices) == 1:
            chosen[i] = choices[0]
        label = _LABEL[kind]
        if chosen[i] is None:
            raise GameError(
                f"Choose {label} for that." if choices else f"There is no {label.split(' ', 1)[1]} to choose."
            )
        if chosen[i] not in choices:
            raise GameError(f"That is not {label} you can choose.")
    if "opponent" in kinds:
        choices = zones.opponents(state, seat)
        if opponent is None and len(choices) == 1:
            opponent = choices[0]
        if opponent not in choices:
            raise GameError("Choose an opponent who is still playing.")
    return chosen[0], chosen[1], opponent


def needs_targets(kinds: tuple[str, str]) -> bool:
    return any(k != "none" for k in kinds)


def run(ctx: Ctx, effects: list[dict[str, Any]]) -> None:
    for block in effects:
        if zones.over(ctx.state):
            return
        BOOK.run(ctx, [block])


# -- text -----------------------------------------------------------------------
_ON = {
    "target": "target {k}",
    "target2": "a second target {k2}",
    "source": "this character",
    "arrived": "the character that arrives",
    "each_enemy": "each opposing character",
    "each_own": "each of your characters",
}
_WHO = {
    "self": ("you", "gain", "draw", "lose"),
    "opponent": ("target opponent", "gains", "draws", "loses"),
    "each_opponent": ("each opponent", "gains", "draws", "loses"),
    "each": ("each player, starting with you,", "gains", "draws", "loses"),
}
_KIND = {
    "enemy_character": "opposing character",
    "own_character": "character of yours",
    "any_character": "character",
    "none": "",
    "opponent": "",
}


def describe_block(block: dict[str, Any], kinds: tuple[str, str]) -> str:
    b = dict(block)
    op = b.pop("op")
    on = _ON.get(b.get("on", "target"), "").format(k=_KIND[kinds[0]], k2=_KIND[kinds[1]])
    who, gains, draws, loses = _WHO[b.get("who", "self" if op in ("faith", "draw") else "opponent")]
    n = b.get("n", 1)
    if op == "faith":
        return f"{who} {gains if n >= 0 else loses} {abs(n)} Faith"
    if op == "faith_per":
        return f"you gain {n} Faith for each {b['subtype']} you control"
    if op == "draw":
        return f"{who} {draws} {n} card{'s' if n != 1 else ''}"
    if op == "discard_random":
        return f"{who} {loses} {n} card{'s' if n != 1 else ''} from hand at random (to exile)"
    if op == "energy":
        return f"you gain {n} {b['colour']} energy"
    if op == "drain":
        return f"{who} {loses} {n} energy from their pool"
    if op == "damage":
        return f"deal {n} damage to {on}"
    if op == "heal":
        return f"remove {n} damage from {on}"
    if op == "move_damage":
        src = _ON[b.get("src", "source")].format(k=_KIND[kinds[0]], k2=_KIND[kinds[1]])
        dst = _ON[b.get("dst", "target")].format(k=_KIND[kinds[0]], k2=_KIND[kinds[1]])
        return f"move up to {n} damage from {src} to {dst}"
    if op == "exhaust":
        return f"exhaust {on}"
    if op == "ready":
        return f"ready {on}"
    if op == "strength":
        return f"{on} gets {n:+d} strength this turn"
    if op == "exile":
        limit = f" if its health is {b['max_health']} or less" if "max_health" in b else ""
        return f"exile {on}{limit}"
    if op == "recover":
        return f"return the last {b.get('type', 'character')} in your exile to your hand"
    if op == "search":
        return f"search your deck for a {b['subtype']} card, take it into your hand and shuffle"
    return op


def describe(effects: list[dict[str, Any]], kinds: tuple[str, str] = ("none", "none")) -> str:
    parts = [describe_block(b, kinds) for b in effects]
    text = ", then ".join(parts)
    return text[:1].upper() + text[1:] + "." if text else ""


def ability_line(a: Ability, exhaust: str = "☁") -> str:
    """One activated ability: its cost, then what it does (`exhaust` spells the cloud symbol)."""
    cost = [exhaust] if a.exhaust else []
    cost += [f"{v} {k}" for k, v in (("light", a.light), ("dark", a.dark), ("neutral", a.neutral)) if v]
    if a.exile_self:
        cost.append("exile this")
    return f"{', '.join(cost) or 'Free'}: {describe(a.effects, (a.target, a.target2))}"


def card_lines(c: Card) -> list[str]:
    """The card's rules text, written from its data."""
    from bot.games.faith.keywords import KEYWORDS

    lines = [f"**{kw}** ({KEYWORDS[kw]})." for kw in c.keywords]
    kinds = (c.target, c.target2)
    if c.effects:
        head = {"character": "When played: ", "object": "When played: ", "location": "When played: "}.get(
            c.type, ""
        )
        lines.append(head + describe(c.effects, kinds))
    lines += [ability_line(a) for a in c.abilities]
    if c.manage:
        lines.append("Manage: " + describe(c.manage))
    bonus = [
        f"{v:+d} {k}"
        for k, v in (("strength", c.bonus_strength), ("health", c.bonus_health), ("prayer", c.bonus_prayer))
        if v
    ]
    if bonus:
        lines.append("Characters here get " + ", ".join(bonus) + ".")
    if c.on_arrive:
        lines.append("When a character moves here: " + describe(c.on_arrive))
    return lines
