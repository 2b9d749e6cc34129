"""What a stuck benchmark table was waiting for: the saved game beside what its players saw.

Used by bench_sessions with `--diagnose`: when a channel has had no move on offer for the
players' patience, this reads the session as saved (its version, whose turn, each waited-on
seat's legal actions, what the publisher says it has shown) and prints it beside the channel's
last messages and each player's panels, one JSON line per stuck channel."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from bot.games import all_rules
from bot.store import Store

if TYPE_CHECKING:
    from tests.bench.bench_sessions import Channel


async def saved_view(store: Store, session_id: int) -> dict[str, Any]:
    """The session as saved: status, version, moves, whose turn and what each of them may do."""
    row = await store.get(session_id, fresh=True)
    if row is None:
        return {"saved": None}
    out: dict[str, Any] = {
        "status": row.status, "version": row.version, "moves": len(row.moves),
        "last_moves": [json.dumps(m)[:160] for m in row.moves[-2:]], "waiting_since": row.waiting,
        "updated_at": str(row.updated_at), "result": row.result,
    }
    if row.state is not None:
        rules = all_rules()[row.game]
        state = rules.load_state(row.state)
        seats = rules.waiting_for(state)
        users = {**{n: uid for n, uid in enumerate(row.seats)}, **{-1: row.roles.get("guide")}}
        out["waiting_for"] = {
            str(users.get(seat)): [str(a)[:90] for a in rules.legal_actions(state, seat)][:6] for seat in seats
        }
    publication = await store.get_publication(session_id)
    out["published"] = {k: (v if len(json.dumps(v)) < 300 else f"<{len(json.dumps(v))} bytes>") for k, v in publication.items()}
    return out


def seen_view(channel: Channel) -> dict[str, Any]:
    """What the channel's players see now: the prompt's names, each one's panels, the last messages."""
    from tests.bench.bench_sessions import _walk, game_components

    fake, sid = channel.fake, channel.session_id

    def brief(message: Any) -> dict[str, Any]:
        return {
            "id": message.id, "text": message.text[:110], "versions": len(message.history),
            "moves": len(game_components(message, sid)),
            "ids": [str(c.get("custom_id")) for c in _walk(message.components) if c.get("custom_id")][:5],
            "waiting_for_redraw": channel.waiting_for_redraw(message),
        }

    return {
        "game": channel.table.game, "session": sid, "named": sorted(str(u) for u in channel.named()),
        "users": {
            str(u.id): {
                "dm": [brief(m) for m in fake.dm_messages(u)[-1:]],
                "ephemeral": [brief(m) for m in fake.ephemeral_by_user.get(u.id, [])[-2:]],
            }
            for u in channel.users
        },
        "channel": [brief(m) for m in fake.messages(channel.room)[-3:]],
        "last_actions": [(ix.id, ix.latency, ix.response_type, ix.text[:100]) for ix in channel.out["action"][-3:]],
    }


async def report(store: Store, channel: Channel) -> None:
    print("STUCK", json.dumps({"seen": seen_view(channel), "saved": await saved_view(store, channel.session_id)}), flush=True)
