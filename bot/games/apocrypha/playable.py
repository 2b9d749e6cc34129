"""The card powers a saint may play now, each with the choices it needs filled in.

A power that needs choices (a saint at your nexus, a card from your hand to pay with, a fragment
to bury, dice to reroll, one of its options, how many cards) is offered once per sensible set of
choices. Each candidate is then tried on a copy of the state, and only the ones the engine
accepts are offered: `legal_actions` never offers a play that `apply` refuses (a power already
used this step, a cost the saint cannot pay, a target that is not there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import product
from typing import Any

from bot.games.apocrypha import checks, turns
from bot.games.apocrypha.commands import Play
from bot.games.apocrypha.effects import PLACES
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import Table

Accepts = Callable[[Play], bool]


def _blocks(effects: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    """Every effect block, the ones inside `choose` options and `otherwise` parts included."""
    for effect in effects:
        yield effect
        if effect.get("op") == "choose":
            for option in effect.get("options", []):
                yield from _blocks(option)
        if effect.get("op") == "otherwise":
            yield from _blocks(effect.get("attempt", []))
            yield from _blocks(effect.get("then", []))


def candidates(t: Table, seat: int) -> list[Play]:
    """Plays whose timing, conditions and once-a-step use allow them now, with choices filled in."""
    now = turns.current_timings(t)
    sources = [("saint", t.saint(seat))] + [
        (u, t.card(u)) for u in [*t.hand(seat), *t.own_halo(seat)]
    ]
    out: list[Play] = []
    for uid, card in sources:
        for i, power in enumerate(card.powers):
            if power.mandatory or power.timing not in now or power.timing == "play":
                continue
            key = f"{'saint' + str(seat) if uid == 'saint' else uid}:{i}"
            if key in t.sec.used or not checks.power_applies(t, power, seat):
                continue
            if power.timing == "damage" and (t.pub.damage is None or t.pub.damage.seat != seat):
                continue
            if power.who == "you" and power.timing != "any" and not turns.is_acting(t, seat):
                continue
            out += _variants(t, seat, uid, i, power)
    return out


def _variants(t: Table, seat: int, uid: str, index: int, power: Any) -> list[Play]:
    blocks = list(_blocks(power.effects))
    targets: list[int | None] = [None]
    if power.who == "nexus":
        targets = list(t.at_nexus(seat))
    elif power.who == "halo":
        slot = t.halo_slot_of(seat, uid)
        targets = [s for s in t.pub.order if slot is not None and t.halo_reaches(seat, slot, s)]
    elif power.who == "any":
        targets = list(t.pub.order)
    top_choose = next((e for e in power.effects if e.get("op") == "choose"), None)
    options: list[int | None] = list(range(len(top_choose["options"]))) if top_choose else [None]
    if top_choose is None and any(e.get("op") == "otherwise" for e in power.effects):
        options = [None, 1]  # attempt the first part (falling back to the second), or go to the second
    give_deck = next((b for b in blocks if b.get("op") == "give_from_deck"), None)
    amounts: list[int | None] = list(range(1, give_deck.get("max", 3) + 1)) if give_deck else [None]
    dice = _dice(t, blocks)
    cards = _cards(t, seat, uid, blocks)
    out = []
    for target, option, amount, chosen in product(targets, options, amounts, cards):
        out.append(
            Play(card=uid, power=index, target=target, option=option, amount=amount, cards=chosen, dice=dice)
        )
    return out


def _cards(t: Table, seat: int, uid: str, blocks: list[dict[str, Any]]) -> list[list[str]]:
    """The card choices to try: each hand card alone when the power takes one card, else the whole
    hand (the power takes the first matching ones), and the halo's first fragments it buries."""
    from_hand = [
        b
        for b in blocks
        if (
            b.get("op") in PLACES
            and not b.get("random")
            and b.get("n", 1) != -1
            and b.get("who", "you") == "you"
        )
        or b.get("op") == "give"
    ]
    hand = [u for u in t.hand(seat) if u != uid]
    fragments = [u for u in t.view(seat).halo.values() if t.kind(u) == "fragment" and u != uid]
    bury = sum(b.get("n", 1) for b in blocks if b.get("op") == "bury_fragment")
    extra = fragments[:bury]
    if not from_hand:
        return [extra]
    if len(from_hand) == 1 and from_hand[0].get("n", 1) == 1:
        distinct = list({card_id(u): u for u in reversed(hand)}.values())[::-1]
        return [[u, *extra] for u in distinct] or [extra]
    return [[*hand, *extra]]


def _dice(t: Table, blocks: list[dict[str, Any]]) -> list[int]:
    """Chosen dice: the lowest live dice of the power's colour (rerolling or upgrading them helps)."""
    check = t.pub.check
    chosen = [b for b in blocks if b.get("which") == "chosen"]
    if not chosen or check is None or check.pool is None or check.stage != "evaluate":
        return []
    step = chosen[0]
    colour = check.virtue if step.get("colour") == "check" else step.get("colour")
    live = [i for i in check.pool.live() if colour is None or check.pool.dice[i].colour == colour]
    live.sort(key=lambda i: (check.pool.dice[i].value, i))
    return live[: step.get("n", 1)]


def playable(t: Table, seat: int, accepts: Accepts) -> list[Play]:
    """The candidates the engine accepts, tried one by one on copies of the state."""
    return [p for p in candidates(t, seat) if accepts(p)]
