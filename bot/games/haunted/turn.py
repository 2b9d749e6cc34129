"""The turn: step 1 on others, step 2 defence from the left, step 3 on your own lines, discard, refill, pass left."""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.haunted.cards import catalogue
from bot.games.haunted.scoring import check_end
from bot.games.haunted.state import Step, Table, line_ref


def start_turn(t: Table) -> None:
    """Make the next player who is not missing a turn the active player (R-20)."""
    pub = t.pub
    while pub.skips[pub.active] > 0:
        pub.skips[pub.active] -= 1
        t.say("skip", f"{seat_ref(pub.active)} misses this turn.")
        pub.active = t.left(pub.active)
        pub.turn += 1
    pub.step = Step.OTHERS
    pub.used = []
    pub.played = False
    pub.defender = None
    pub.defenders = []
    t.say(
        "turn",
        f"Turn {pub.turn}: it is {seat_ref(pub.active)}'s turn (step 1: play on other players' lines).",
    )


def end_step(t: Table) -> None:
    """The acting player passes: move to the next part of the turn."""
    pub = t.pub
    pub.used = []
    if pub.step is Step.OTHERS:
        pub.defenders = [s for s in t.from_left(pub.active) if any(ln.fresh for ln in pub.lines[s])]
        next_defender(t)
    elif pub.step is Step.DEFENCE:
        next_defender(t)
    elif pub.step is Step.OWN and not check_end(t):
        begin_discard(t)


def next_defender(t: Table) -> None:
    pub = t.pub
    if pub.defenders:
        pub.defender = pub.defenders.pop(0)
        pub.step = Step.DEFENCE
        t.say(
            "defence",
            f"Step 2: {seat_ref(pub.defender)} may defend against this turn's cards on their lines.",
        )
        return
    pub.defender = None
    close_defence(t)


def close_defence(t: Table) -> None:
    """End of step 2: waiting terrors complete their lines, then the end of the game is checked (R-30)."""
    pub = t.pub
    for seat in range(pub.seats):
        for index, ln in enumerate(pub.lines[seat]):
            if ln.pending:
                ln.complete = True
                t.say("complete", f"{line_ref(seat, index)} is complete: {catalogue().names(ln.cards())}.")
    if check_end(t):
        return
    pub.step = Step.OWN
    t.say("step", f"Step 3: {seat_ref(pub.active)} may play on their own lines.")


def begin_discard(t: Table) -> None:
    if t.hand(t.pub.active):
        t.pub.step = Step.DISCARD
        t.say("step", f"Step 4: {seat_ref(t.pub.active)} discards one card.")
    else:
        finish_turn(t)


def finish_turn(t: Table) -> None:
    """Steps 5 and 6: refill to the hand size, then the player on the left goes."""
    pub = t.pub
    seat = pub.active
    missing = pub.hand_size - len(t.hand(seat))
    if missing > 0:
        got = t.draw_into_hand(seat, missing)
        t.say("refill", f"{seat_ref(seat)} draws {plural(len(got), 'card')}.")
    for lines in pub.lines:
        for ln in lines:
            ln.fresh = []
    pub.active = t.left(seat)
    pub.turn += 1
    start_turn(t)
