"""Game end and scores: three complete lines lose (one in the short game); 13 a complete line, 3 a card, lowest wins."""

from __future__ import annotations

from bot.engine.seats import seat_ref
from bot.engine.text import plural
from bot.games.haunted.state import Line, Step, Table

COMPLETE_LINE = 13
OPEN_CARD = 3


def line_score(ln: Line) -> int:
    return COMPLETE_LINE if ln.complete else OPEN_CARD * len(ln.cards())


def score(lines: list[Line]) -> int:
    return sum(line_score(ln) for ln in lines)


def check_end(t: Table) -> bool:
    """End the game if someone has enough complete lines. Returns whether it ended."""
    pub = t.pub
    losers = [s for s in range(pub.seats) if t.complete_count(s) >= pub.lose_at]
    if not losers:
        return False
    pub.step = Step.OVER
    pub.defender = None
    pub.defenders = []
    pub.losers = losers
    pub.scores = {s: score(pub.lines[s]) for s in range(pub.seats)}
    others = [s for s in range(pub.seats) if s not in losers]
    if others:
        best = min(pub.scores[s] for s in others)
        pub.winners = [s for s in others if pub.scores[s] == best]
    for s in losers:
        t.say("lose", f"{seat_ref(s)} has {plural(t.complete_count(s), 'complete line')} and loses.")
    table = "; ".join(
        f"{seat_ref(s)} {pub.scores[s]}" + (" (lost)" if s in losers else "") for s in range(pub.seats)
    )
    t.say("scores", f"Final scores: {table}.")
    t.say("end", summary(t))
    return True


def summary(t: Table) -> str:
    pub = t.pub
    if not pub.winners:
        return "Everyone met a dreadful end: nobody wins."
    who = " and ".join(seat_ref(s) for s in pub.winners)
    verb = "share the win" if len(pub.winners) > 1 else "wins"
    return f"{who} {verb} with {pub.scores[pub.winners[0]]} points."
