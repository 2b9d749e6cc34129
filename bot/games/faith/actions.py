"""The Action step: play a card, use an ability, move a character, pray."""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import seat_ref
from bot.games.faith import energy, zones
from bot.games.faith.cards import Card, card
from bot.games.faith.commands import Activate, Move, Play, Pray
from bot.games.faith.effects import Ctx, fill_targets, run
from bot.games.faith.state import FaithState, InPlay, Seat
from bot.games.faith.turn import own_character, own_field_card, ready_to_act, sick


def _colours(side: str, amount: int) -> tuple[int, int]:
    return (amount, 0) if side == "light" else (0, amount) if side == "dark" else (0, 0)


def play(state: FaithState, seat: int, cmd: Play) -> list[Event]:
    hand = state.players[seat].hand
    held = next((h for h in hand if h.uid == cmd.card), None)
    if held is None:
        raise GameError("That card is not in your hand.")
    c = card(held.card)
    target, target2, opponent = fill_targets(
        state, seat, (c.target, c.target2), cmd.target, cmd.target2, cmd.opponent
    )
    pool = state.public.seats[seat]
    how = ""
    if cmd.recite is not None:
        if c.type != "psalm":
            raise GameError("Only psalms can be recited.")
        reciter = own_character(state, seat, cmd.recite)
        ready_to_act(state, reciter, "recite")
        if card(reciter.card).total_cost < c.total_cost:
            raise GameError(
                f"Reciting {c.title} needs a character whose total cost is at least {c.total_cost}."
            )
        reciter.exhausted = True
        how = f", reciting it with {card(reciter.card).title}"
    else:
        light, dark = _colours(c.side, c.cost)
        cost_l, cost_d = energy.plan(pool, light, dark, c.neutral, cmd.neutral_light, c.side)
        energy.pay(pool, cost_l, cost_d)
        how = f" for {cost_l} light and {cost_d} dark"
    hand.remove(held)
    zones.sync_counts(state)
    events = [Event.public("play", f"{seat_ref(seat)} plays {c.title}{how}.", card=c.id)]
    ctx = Ctx(state, seat, target=target, target2=target2, opponent=opponent, events=events)
    if c.type in ("event", "psalm"):
        run(ctx, c.effects)
        state.public.seats[seat].exile.append(held)
    else:
        state.public.seats[seat].field.append(InPlay(uid=held.uid, card=held.card, entered=state.public.turn))
        ctx.source = held.uid
        run(ctx, c.effects)
    return events


def activate(state: FaithState, seat: int, cmd: Activate) -> list[Event]:
    ip = own_field_card(state, seat, cmd.card)
    c = card(ip.card)
    if cmd.index >= len(c.abilities):
        raise GameError(f"{c.title} has no such ability.")
    ability = c.abilities[cmd.index]
    if ip.exhausted:
        raise GameError(f"{c.title} is exhausted and cannot be used until it is prepared.")
    if c.type == "character" and sick(state, ip):
        raise GameError(f"{c.title} was played this turn, so its abilities cannot be used yet.")
    target, target2, opponent = fill_targets(
        state, seat, (ability.target, ability.target2), cmd.target, cmd.target2, cmd.opponent
    )
    pool = state.public.seats[seat]
    cost_l, cost_d = energy.plan(
        pool, ability.light, ability.dark, ability.neutral, cmd.neutral_light, c.side
    )
    energy.pay(pool, cost_l, cost_d)
    if ability.exhaust:
        ip.exhausted = True
    events = [Event.public("ability", f"{seat_ref(seat)} uses {c.title}.", card=c.id)]
    ctx = Ctx(state, seat, source=ip.uid, target=target, target2=target2, opponent=opponent, events=events)
    run(ctx, ability.effects)
    # A card used up by its own ability (food eaten) still counts while the ability resolves.
    if ability.exile_self and zones.locate(state, ip.uid) is not None:
        zones.exile_from_field(state, ip.uid, events, quiet=True)
    return events


def move_colour(pool: Seat, where: Card, pay: str | None) -> str:
    """The energy a move to `where` spends. A neutral location takes either, and the player
    names it (`pay`) whenever they hold both; a coloured one takes only its own colour."""
    if where.side != "neutral":
        if pay not in (None, where.side):
            raise GameError(
                f"{where.title} is a {where.side} location: moving there costs {where.side} energy."
            )
        return where.side
    if pay is not None:
        return pay
    held = [c for c in ("light", "dark") if getattr(pool, c) >= 1]
    if not held:
        raise GameError(f"Moving to {where.title} costs 1 energy, and you have none.")
    if len(held) > 1:
        raise GameError(f"Moving to {where.title} costs 1 energy of either colour: say which, light or dark.")
    return held[0]


def move(state: FaithState, seat: int, cmd: Move) -> list[Event]:
    ip = own_character(state, seat, cmd.character)
    place = own_field_card(state, seat, cmd.location)
    where = card(place.card)
    if where.type != "location":
        raise GameError("Characters can only move to a location on your field.")
    if ip.location == place.uid:
        raise GameError(f"{card(ip.card).title} is already at {where.title}.")
    pool = state.public.seats[seat]
    colour = move_colour(pool, where, cmd.pay)
    if getattr(pool, colour) < 1:
        raise GameError(f"Moving to {where.title} costs 1 {colour} energy, and you have none.")
    setattr(pool, colour, getattr(pool, colour) - 1)
    ip.location = place.uid
    events = [Event.public("move", f"{seat_ref(seat)} moves {card(ip.card).title} to {where.title}.")]
    if where.on_arrive:
        # House rule: arrival effects work once per turn per character, so shuttling is no engine.
        if ip.arrived == state.public.turn:
            events.append(
                Event.public(
                    "move",
                    f"{card(ip.card).title} already gained an arrival effect this turn, so {where.title}'s does not work again.",
                )
            )
        else:
            ip.arrived = state.public.turn
            run(Ctx(state, seat, source=place.uid, arrived=ip.uid, events=events), where.on_arrive)
    return events


def pray(state: FaithState, seat: int, cmd: Pray) -> list[Event]:
    ip: InPlay = own_character(state, seat, cmd.character)
    c = card(ip.card)
    if c.side == "dark":
        raise GameError(f"{c.title} is a dark character, and dark characters cannot pray.")
    ready_to_act(state, ip, "pray")
    ip.exhausted = True
    events = [Event.public("pray", f"{seat_ref(seat)} prays with {c.title}.")]
    zones.gain_faith(state, seat, zones.prayer(state, ip), events)
    return events
