"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, dispatches."""

from __future__ import annotations

import asyncio
import collections
import json
import secrets
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

if TYPE_CHECKING:
    from .server import FakeDiscord

DISPATCH, HEARTBEAT, IDENTIFY, RESUME, RECONNECT = 0, 1, 2, 6, 7
REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 8, 9, 10, 11

RESUME_PATH = "/gateway-resume/"


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


class GatewaySession:
    """One gateway session: survives a dropped socket so RESUME can replay what was missed."""

    def __init__(self, session_id: str, backlog: int = 2000) -> None:
        self.session_id = session_id
        self.shard = 0
        self.seq = 0
        self.ws: web.WebSocketResponse | None = None
        # Sent dispatches kept for RESUME; bounded so a long benchmark does not grow forever.
        self.sent: collections.deque[dict[str, Any]] = collections.deque(maxlen=backlog)
        self.lock = asyncio.Lock()

    async def dispatch(self, event: str, data: Any) -> None:
        async with self.lock:
            self.seq += 1
            frame = {"op": DISPATCH, "t": event, "s": self.seq, "d": data}
            self.sent.append(frame)
            ws = self.ws
            if ws is not None and not ws.closed:
                try:
                    await ws.send_str(json.dumps(frame))
                except ConnectionError:
                    # The socket died under us; the frame stays in `sent` for RESUME.
                    self.ws = None

    async def replay_after(self, ws: web.WebSocketResponse, seq: int) -> None:
        async with self.lock:
            self.ws = ws
            for frame in self.sent:
                if frame["s"] > seq:
                    await ws.send_str(json.dumps(frame))
            self.seq += 1
            await ws.send_str(json.dumps({"op": DISPATCH, "t": "RESUMED", "s": self.seq, "d": {}}))


class Gateway:
    """Serves the websocket endpoint and keeps the live session the fake dispatches to."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake
        self.sessions: dict[str, GatewaySession] = {}
        self.current: GatewaySession | None = None
        # The live session of each shard (shard id -> session); one entry when unsharded.
        self.shards: dict[int, GatewaySession] = {}
        self.sockets: set[web.WebSocketResponse] = set()
        self.identify_count = 0
        self.resume_count = 0
        self.ready_count = 0
        # The path and query of every websocket connection, to check where the client reconnected.
        self.connections: list[str] = []
        self._ready_changed = asyncio.Event()

    def _signal(self) -> None:
        self._ready_changed.set()
        self._ready_changed = asyncio.Event()

    @property
    def connected(self) -> bool:
        s = self.current
        return s is not None and s.ws is not None and not s.ws.closed

    async def wait_ready(self, count: int = 1, timeout: float = 60.0) -> None:
        async def until() -> None:
            while not (self.ready_count >= count and self.connected):
                await self._ready_changed.wait()

        await asyncio.wait_for(until(), timeout)

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        self.connections.append(request.path_qs)
        ws = web.WebSocketResponse(max_msg_size=0)
        await ws.prepare(request)
        self.sockets.add(ws)
        session: GatewaySession | None = None
        try:
            await ws.send_str(json.dumps({"op": HELLO, "d": {"heartbeat_interval": 41250}}))
            async for msg in ws:
                if msg.type is not WSMsgType.TEXT:
                    continue
                frame = json.loads(msg.data)
                op, d = frame.get("op"), frame.get("d")
                if op == HEARTBEAT:
                    await ws.send_str(json.dumps({"op": HEARTBEAT_ACK}))
                elif op == IDENTIFY:
                    session = await self._identify(ws, d)
                elif op == RESUME:
                    session = await self._resume(ws, d)
                elif op == REQUEST_MEMBERS and session is not None:
                    await self._members_chunk(session, d)
        finally:
            self.sockets.discard(ws)
            if session is not None and session.ws is ws:
                session.ws = None
                self._signal()
        return ws

    async def _identify(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> GatewaySession:
        fake = self.fake
        self.identify_count += 1
        fake.identify_payloads.append(d)
        session = GatewaySession(secrets.token_hex(16))
        self.sessions[session.session_id] = session
        session.ws = ws
        self.current = session
        shard_id, shard_count = d.get("shard") or [0, 1]
        session.shard = shard_id
        self.shards[shard_id] = session
        # Discord gives each shard the guilds (guild_id >> 22) % shard_count == shard_id.
        guilds = [g for g in fake.guilds.values() if shard_of(g.id, shard_count) == shard_id]
        await session.dispatch(
            "READY",
            {
                "v": 10,
                "user": fake.bot_user.payload(),
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "resume_gateway_url": fake.ws_url + RESUME_PATH.lstrip("/"),
                "application": {"id": str(fake.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "user_settings": {},
                "session_type": "normal",
                "geo_ordered_rtc_regions": [],
                "guild_join_requests": [],
                "shard": [shard_id, shard_count],
            },
        )
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", fake.guild_create_payload(guild))
        self.ready_count += 1
        self._signal()
        return session

    async def _resume(self, ws: web.WebSocketResponse, d: dict[str, Any]) -> GatewaySession | None:
        session = self.sessions.get(d.get("session_id", ""))
        if session is None:
            await ws.send_str(json.dumps({"op": INVALID_SESSION, "d": False}))
            return None
        self.resume_count += 1
        self.current = session
        self.shards[session.shard] = session
        await session.replay_after(ws, int(d.get("seq") or 0))
        self._signal()
        return session

    async def _members_chunk(self, session: GatewaySession, d: dict[str, Any]) -> None:
        guild = self.fake.guilds.get(int(d["guild_id"]))
        if guild is None:
            return
        members = [self.fake.member_payload(guild, uid) for uid in guild.member_ids]
        data = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if d.get("nonce"):
            data["nonce"] = d["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", data)

    async def dispatch(self, event: str, data: Any) -> None:
        """Send to the session of the event's shard; while its socket is down the event waits for RESUME."""
        if self.current is None:
            raise RuntimeError("no client has identified with the fake gateway")
        session = self.current
        if len(self.shards) > 1 or self.fake.shard_count > 1:
            guild_id = data.get("guild_id") or (data.get("id") if event.startswith("GUILD_") else None)
            # Direct messages go to shard 0, as on Discord.
            shard = shard_of(int(guild_id), self.fake.shard_count) if guild_id else 0
            if shard not in self.shards:
                raise RuntimeError(f"shard {shard} has not identified with the fake gateway")
            session = self.shards[shard]
        await session.dispatch(event, data)

    async def drop(self, code: int = 4000) -> None:
        """Close the socket from the server side as Discord does; the client resumes."""
        session = self.current
        if session is not None and session.ws is not None:
            ws = session.ws
            session.ws = None
            self._signal()
            await ws.close(code=code)

    async def close_all(self) -> None:
        for ws in list(self.sockets):
            await ws.close(code=1001)
