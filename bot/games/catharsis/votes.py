"""Party decisions: every living hero votes; the majority wins and the host breaks ties."""

from __future__ import annotations

from collections import Counter

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.catharsis.state import CatharsisState, Vote


def voters(state: CatharsisState) -> list[int]:
    return [h.seat for h in state.public.heroes if not h.dead]


def open_vote(state: CatharsisState, kind: str, question: str, options: list[str], **data: int | str) -> None:
    state.public.vote = Vote(kind=kind, question=question, options=options, data=dict(data))


def open_target_vote(state: CatharsisState, kind: str, question: str) -> None:
    seats = voters(state)
    open_vote(
        state, "target", question, [seat_ref(s) for s in seats], what=kind, seats=",".join(map(str, seats))
    )


def cast(state: CatharsisState, seat: int, option: int) -> bool:
    """Record a vote; True once every living hero has voted."""
    vote = state.public.vote
    if vote is None:
        raise GameError("There is nothing to vote on now.")
    if seat not in voters(state):
        raise GameError("Only living heroes vote.")
    if not 0 <= option < len(vote.options):
        raise GameError("That is not one of the choices.")
    if seat in vote.votes:
        raise GameError("You have already voted.")
    vote.votes[seat] = option
    return all(s in vote.votes for s in voters(state))


def outcome(state: CatharsisState, vote: Vote) -> int:
    counts = Counter(vote.votes.values())
    best = max(counts.values())
    tied = sorted(o for o, n in counts.items() if n == best)
    host_pick = vote.votes.get(state.public.host)
    if len(tied) > 1 and host_pick in tied:
        return host_pick
    return tied[0]
