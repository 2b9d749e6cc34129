"""Apocrypha for the simulator: co-op mode, or guided mode with a scripted guide.

Options: `--opt mode=guided` plays guided mode (default: co-op); `--opt mission=<id>` (default:
the game's first co-op mission, or Taking the Plunge when guided). In co-op under Wherever
There's Trouble the choir starts spread out, one saint per nexus in the mission's order; the
other nexus structures fix the start.

greedy (simple; refine it here): answer prompts with their first option, roll and keep checks,
attempt a confronted card's first virtue, seal a nexus when it can, investigate with the plain
investigation before spending an omen, then move on through the turn's steps; it never gives
cards, moves only when at no nexus, and plays card powers only when nothing else is left.

The scripted guide (guided mode, the GUIDE seat under every policy): scene by scene, in the
mission's nexus order, it reveals the next nexus and places every saint there once the saints'
nexus has no cards left; it starts the turn of the next saint who is not fading, to the left of
the last one, handing them the top clock card; it adds a random mutation when an assist waits
for one. It calls the mission won when every nexus is revealed and empty, and lost when the clock
is empty at a turn's start or every saint is fading. It never presents cards, stacks the clock,
delays or hands out fragments: the saints meet exactly the mission's cards.

coop (plays to win): the choir hunts the master and seals what it empties.
- Checks: attempt with the virtue most likely to succeed (the chance of the best three of the
  saint's dice plus skill dice reaching the target, worked out exactly); before rolling, play
  powers that add dice or lower the target while that chance is under 80%; after rolling, spend
  an assist's rerolls, and rerolling or result powers, while the kept dice fall short.
- Assists: when a check's chance is under 60% and nobody assists it yet, one saint whose virtue
  reaches the checking saint offers (the runner asks that saint), and the offer is accepted.
- Guards and seals: every saint at a Hope-side nexus who may guard does so while the master tries
  to escape; a seal is always attempted, with the requirement's likeliest virtue.
- Investigating: with a free investigation first, else with an omen (a Hope omen first, so the
  nexus turns to Hope, where it can be guarded).
- Moving: a saint whose nexus is sealed or empty goes to the open nexus with the fewest saints and
  then the most cards (Along the Trail: the neighbour with the most cards); a saint sharing a
  nexus while another open nexus has nobody goes there, so guards stand at more nexuses.
- Other powers: damage is reduced or prevented when a power allows; a saint heals when their deck
  runs low; extra investigations are taken. Everything else is answered with the first option.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations_with_replacement
from math import factorial
from typing import Any

from bot.engine.prng import Rng
from bot.engine.seats import GUIDE
from bot.games.apocrypha.cards import cached_book
from bot.games.apocrypha.state import ApocryphaState
from bot.games.apocrypha.table import Table
from bot.sim.adapter import Adapter, Report
from bot.sim.policy import best, by_type

ORDER = ("answer", "roll", "keep", "attempt", "seal", "investigate", "reset", "next", "play", "end_turn")
GUIDED_MISSION = "taking_the_plunge"
VIRTUES = ("body", "mind", "rage", "soul")
MAX_DICE = 8  # four of a colour and four bonus dice, roughly: more never helps the best three


def greedy(state: ApocryphaState, seat: int, actions: list[Any], rng: Rng) -> Any:
    if seat == GUIDE:
        return scripted_guide(state, actions)
    rank = by_type(ORDER)

    def value(a: Any) -> float:
        if a.type == "answer":
            return rank(a) + (0.5 if not a.option else 0)
        if a.type == "move":  # a saint who is at no nexus goes to one, else stays put
            return rank(a) + 20 if state.public.saints[seat].nexus is None else 0
        if a.type == "investigate":
            return rank(a) + (0.5 if a.omen is None else 0)
        return rank(a)

    return best(actions, value, rng)


def random_or_guide(state: ApocryphaState, seat: int, actions: list[Any], rng: Rng) -> Any:
    """The random policy for the saints; the guide still follows its script."""
    return scripted_guide(state, actions) if seat == GUIDE else rng.choice(actions)


def scripted_guide(state: ApocryphaState, actions: list[Any]) -> Any:
    pub, decks = state.public, state.secret.nexus_decks
    of = {kind: [a for a in actions if a.type == kind] for kind in {a.type for a in actions}}
    ending = {a.won: a for a in of.get("g_end_mission", [])}
    if "g_mutate" in of:
        return of["g_mutate"][0]
    if pub.active is not None:
        return of.get("g_end_turn", [ending[False]])[0]
    places = {v.nexus for v in pub.saints.values()}
    here = next(iter(places)) if len(places) == 1 else None
    if here is None or not decks.get(here):
        # The scene is cleared: the next revealed nexus with cards, else reveal the next one.
        place = [a for a in of.get("g_place", []) if decks.get(a.nexus)]
        if place:
            return place[0]
        if of.get("g_reveal"):
            return of["g_reveal"][0]
        if not any(decks.get(k) for k in pub.nexuses):
            return ending[True]
    awake = [s for s in pub.order if not pub.saints[s].fading]
    if not state.secret.clock or not awake:
        return ending[False]
    last = pub.last_active if pub.last_active in pub.order else pub.order[-1]
    at = pub.order.index(last)
    nxt = next(s for s in pub.order[at + 1 :] + pub.order[: at + 1] if s in awake)
    return next(a for a in of["g_start"] if a.seat == nxt)


# -- the odds of a check ------------------------------------------------------------------------------
@cache
def chance(dice: int, target: int) -> float:
    """The chance that the best three of `dice` d6 add up to `target` or more (exact)."""
    dice = max(0, min(MAX_DICE, dice))
    if target <= 0:
        return 1.0
    if dice == 0:
        return 0.0
    hits = 0
    for faces in combinations_with_replacement(range(1, 7), dice):
        if sum(sorted(faces)[-3:]) < target:
            continue
        ways = factorial(dice)
        for v in set(faces):
            ways //= factorial(faces.count(v))
        hits += ways
    return hits / 6**dice


def _dice(t: Table, seat: int, virtue: str, skills: Iterable[str]) -> int:
    skill = max((t.skill(seat, s) for s in skills), default=0)
    return min(4, t.saint(seat).value(virtue)) + skill


def check_odds(t: Table) -> float:
    """The chance the check in progress succeeds, before its roll (1.0 for a bare check)."""
    check = t.pub.check
    if check is None or check.target is None:
        return 1.0
    dice = _dice(t, check.seat, check.virtue, check.skills) + sum(check.extra.values())
    return chance(dice, check.target)


def attempt_odds(t: Table, seat: int, virtue: str) -> float:
    confront = t.pub.confront
    assert confront is not None
    card = t.card(confront.card)
    number = next(x.number for x in card.targets if x.virtue == virtue)
    skills = card.keywords.skills if hasattr(card, "keywords") else []
    return chance(_dice(t, seat, virtue, skills), number + confront.target_adjust)


def requirement_odds(t: Table, seat: int, key: str, virtue: str | None) -> float:
    nexus = t.pub.nexuses[key]
    sanctify = t.pub.coop.sanctify if t.pub.coop else None
    req = t.book.nexuses[nexus.box_id or ""]
    req = req.guard if sanctify is not None and sanctify.stage == "guard" else req.seal
    target = next((x.number for x in req.targets if x.virtue == virtue), None)
    return 1.0 if target is None or virtue is None else chance(_dice(t, seat, virtue, ()), target)


# -- what powers do -------------------------------------------------------------------------------
def _power_ops(state: ApocryphaState, seat: int, play: Any) -> set[str]:
    t = Table(state, cached_book())
    card = t.saint(seat) if play.card == "saint" else t.card(play.card)
    power = card.powers[play.power]
    out: set[str] = set()
    stack = list(power.effects)
    while stack:
        effect = stack.pop()
        out.add(effect["op"])
        for option in effect.get("options", []):
            stack += option
        stack += effect.get("attempt", []) + effect.get("then", [])  # "otherwise": both parts
    return out


BEFORE_ROLL = {"add_dice", "boost", "adjust_target", "skill", "grant_rerolls"}
AFTER_ROLL = {"reroll", "upgrade", "adjust_result", "flip", "explode"}
SHIELDS = {"reduce_damage", "prevent_damage"}


def _plays_with(state: ApocryphaState, seat: int, actions: list[Any], ops: set[str]) -> list[Any]:
    return [a for a in actions if a.type == "play" and _power_ops(state, seat, a) & ops]


# -- the policy ------------------------------------------------------------------------------------
def coop(state: ApocryphaState, seat: int, actions: list[Any], rng: Rng) -> Any:
    if seat == GUIDE:
        return scripted_guide(state, actions)
    t = Table(state, cached_book())
    pub = state.public
    kinds: dict[str, list[Any]] = {}
    for a in actions:
        kinds.setdefault(a.type, []).append(a)
    mine = next((p for p in pub.pending if p.seat == seat), None)
    if mine is not None:
        if mine.kind == "damage":
            shields = _plays_with(state, seat, actions, SHIELDS)
            return shields[0] if shields else kinds["answer"][0]
        if mine.kind == "choose" and len(kinds.get("answer", [])) == 4:
            # The mission's Win power: a new gift of the saint's strongest virtue, to boost with.
            strongest = max(range(4), key=lambda i: t.saint(seat).value(VIRTUES[i]))
            return kinds["answer"][strongest]
        return kinds["answer"][0]
    for kind in ("guard", "seal"):
        if kind in kinds:
            return max(
                kinds[kind], key=lambda a: requirement_odds(t, seat, t.view(seat).nexus or "", a.virtue)
            )
    check = pub.check
    if "assist" in kinds and check is not None and check.seat != seat:
        return kinds["assist"][0]
    if check is not None and check.seat == seat and check.stage != "done":
        return _check(state, t, seat, kinds, actions)
    confront = pub.confront
    if confront is not None and confront.seat == seat:
        if "attempt" in kinds:
            return max(kinds["attempt"], key=lambda a: attempt_odds(t, seat, a.virtue))
        if confront.step == "initiate" and confront.kind == "threat":
            lower = _plays_with(state, seat, actions, {"adjust_target"})
            if lower:
                return lower[0]
        return kinds["next"][0]
    if pub.active == seat:
        return _turn(state, t, seat, kinds, actions, rng)
    return actions[0]


def _check(
    state: ApocryphaState, t: Table, seat: int, kinds: dict[str, list[Any]], actions: list[Any]
) -> Any:
    check = t.pub.check
    assert check is not None
    if check.stage in ("assist", "assemble"):
        if check_odds(t) < 0.8:
            helps = _plays_with(state, seat, actions, BEFORE_ROLL)
            if helps:
                return helps[0]
        return kinds["roll"][0]
    # Evaluate: keep when the best three already reach the target.
    pool = check.pool
    total = sum(sorted((d.value for d in pool.dice if not d.trashed), reverse=True)[:3]) if pool else 0
    if check.target is not None and total + check.result_adjust < check.target:
        if "reroll" in kinds:
            return kinds["reroll"][0]
        helps = _plays_with(state, seat, actions, AFTER_ROLL)
        if helps:
            return helps[0]
    return kinds["keep"][0]


def _turn(
    state: ApocryphaState, t: Table, seat: int, kinds: dict[str, list[Any]], actions: list[Any], rng: Rng
) -> Any:
    pub = state.public
    step = pub.step
    if step in ("start", "support"):
        deck = len(t.deck(seat))
        if deck < 2 * t.view(seat).hand_size:
            heals = _plays_with(state, seat, actions, {"heal"})
            if heals:
                return heals[0]
    if step == "investigate":
        extra = _plays_with(state, seat, actions, {"extra_investigation"})
        if extra:
            return extra[0]
        looks = kinds.get("investigate", [])
        free = [a for a in looks if a.omen is None]
        if free:
            return free[0]
        if looks:
            here = pub.nexuses.get(t.view(seat).nexus or "")
            hope = [a for a in looks if t.card(a.omen).side == "hope"]
            return (hope if hope and here is not None and here.side == "doom" else looks)[0]
    if step == "transfer" and "move" in kinds:
        move = _where_to(t, seat, kinds["move"])
        if move is not None:
            return move
    if step == "end":
        return kinds["end_turn"][0]
    return kinds["next"][0] if "next" in kinds else kinds["end_turn"][0]


def _where_to(t: Table, seat: int, moves: list[Any]) -> Any:
    pub = t.pub
    here = t.view(seat).nexus
    crowd = {k: sum(1 for v in pub.saints.values() if v.nexus == k) for k in pub.nexuses}
    cards = {k: len(t.sec.nexus_decks.get(k, [])) for k in pub.nexuses}
    stuck = here is None or here not in pub.nexuses or pub.nexuses[here].sealed or cards.get(here, 0) == 0
    lonely = [m for m in moves if crowd[m.nexus] == 0 and cards[m.nexus] > 0]
    if not stuck and not (crowd.get(here or "", 0) > 1 and lonely):
        return None
    choices = lonely or [m for m in moves if cards[m.nexus] > 0] or moves
    return min(choices, key=lambda m: (crowd[m.nexus], -cards[m.nexus], m.nexus))


# -- whom the runner asks ----------------------------------------------------------------------------
def next_seat(rules: Any, state: ApocryphaState, waiting: list[Any]) -> Any:
    """A saint who may guard while the master tries to escape, or a helper for a check that is
    likely to fail, is asked before the saint the game waits on."""
    pub = state.public
    if pub.pending or pub.coop is None:
        return waiting[0]
    sanctify = pub.coop.sanctify
    if sanctify is not None and sanctify.stage == "guard" and pub.check is None and pub.confront is None:
        for seat in pub.order:
            if any(a.type == "guard" for a in rules.legal_actions(state, seat)):
                return seat
    check = pub.check
    if check is not None and check.stage == "assist" and not check.assists:
        t = Table(state, cached_book())
        if check_odds(t) < 0.6:
            for seat in pub.order:
                if seat != check.seat and any(a.type == "assist" for a in rules.legal_actions(state, seat)):
                    return seat
    return waiting[0]


def options(opts: dict[str, Any], players: int, index: int) -> dict[str, Any]:
    if opts.get("mode") == "guided":
        return {"mission": GUIDED_MISSION, **opts}
    out = {**opts, "mode": "coop"}
    book = cached_book()
    missions = sorted(k for k, m in book.missions.items() if m.mode == "coop")
    mission = book.missions.get(opts.get("mission") or missions[0])
    # An unknown id is left to the engine's setup, whose refusal lists the valid ones.
    if mission is not None and mission.nexus_rules == "wherever_theres_trouble" and "starts" not in opts:
        keys = [nx.key for nx in mission.nexuses if nx.min_saints <= players]
        out["starts"] = {seat: keys[seat % len(keys)] for seat in range(players)}
    return out


def roles(opts: dict[str, Any]) -> dict[str, bool]:
    return {"guide": opts.get("mode") == "guided"}


def report(state: ApocryphaState) -> Report:
    pub = state.public
    coop_state = pub.coop
    if pub.outcome == "won" and coop_state is not None:
        ending = "master cornered" if coop_state.cornered else "goal met"
    elif pub.outcome == "won":
        ending = "every nexus cleared"
    elif not state.secret.clock:
        ending = "the clock ran out"
    elif all(s.fading for s in pub.saints.values()):
        ending = "every saint faded"
    else:
        ending = "lost"
    sealed = sum(1 for n in pub.nexuses.values() if n.sealed)
    flags = {}
    if coop_state is not None:
        flags = {"a nexus sealed": sealed > 0, "every nexus sealed": sealed == len(pub.nexuses)}
    return Report(turns=pub.turn, ending=ending, won=pub.outcome == "won", flags=flags)


ADAPTER = Adapter(
    game="apocrypha",
    coop=True,
    report=report,
    policies={"greedy": greedy, "random": random_or_guide, "coop": coop},
    options=options,
    roles=roles,
    next_seat=next_seat,
)
