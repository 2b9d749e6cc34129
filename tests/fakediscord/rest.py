"""The REST API under /api/v10: login, command sync, interaction callbacks, webhooks, messages."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .cpuwait import cpu_wait
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    Interaction,
)
from .state import DM, EPHEMERAL, LOADING, PUBLIC_THREAD, FakeMessage
from .validate import choices_errors, message_errors

if TYPE_CHECKING:
    from .server import FakeDiscord

API = "/api/v10"
# Generous numbers so discord.py's rate limiter never sleeps (routes without an enforced bucket).
RATE_LIMIT_HEADERS = {
    "X-RateLimit-Limit": "10000",
    "X-RateLimit-Remaining": "9999",
    "X-RateLimit-Reset-After": "1.0",
}


@dataclass
class RecordedRequest:
    method: str
    path: str
    query: dict[str, str]
    json: Any
    time: float  # when the sender wrote it (time.monotonic(), `FakeDiscord.in_transit`)
    status: int = 0
    # When the sender asked for it, before any wait for a pooled connection (its X-Asked-At stamp,
    # `client.asked_trace`), when this process's event loop got round to it, and how long the
    # fake took to answer it: where a slow request's time went.
    asked: float | None = None
    arrived: float = 0.0
    took: float = 0.0


class ApiError(Exception):
    """An error answered with Discord's shape; `violation` marks a breach of Discord's rules by the bot."""

    def __init__(
        self, status: int, code: int, message: str, errors: list[str] | None = None, violation: bool = False
    ) -> None:
        super().__init__(message)
        self.status, self.code, self.message = status, code, message
        self.errors = errors or []
        self.violation = violation

    def response(self) -> web.Response:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.errors:
            body["errors"] = {
                e.split(":", 1)[0]: {"_errors": [{"code": "INVALID", "message": e}]} for e in self.errors
            }
        return json_response(body, status=self.status)


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly "application/json", no charset: discord.py parses JSON only on an exact match.
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


def invalid_form(errors: list[str]) -> ApiError:
    return ApiError(400, 50035, "Invalid Form Body", errors, violation=True)


# The parsed request body (JSON, or a multipart form's payload_json), read once by the middleware.
BODY = web.RequestKey("body", object)

# The wall-clock time (time.time()) the sender asked for a request, before any wait for a pooled
# connection (`client.asked_trace`); read only with `trust_sent_at`, as X-Sent-At is.
ASKED_AT = "X-Asked-At"

UNKNOWN_INTERACTION = (10062, "Unknown interaction")
ALREADY_ACKNOWLEDGED = (40060, "Interaction has already been acknowledged.")


class Rest:
    def __init__(self, fake: FakeDiscord) -> None:
        self.fake = fake

    # ---- plumbing -------------------------------------------------------------------------

    def routes(self) -> list[web.RouteDef]:
        a = API
        return [
            web.get(f"{a}/users/@me", self.get_me),
            web.post(f"{a}/users/@me/channels", self.create_dm),
            web.get(f"{a}/users/{{user_id}}", self.get_user),
            web.get(f"{a}/oauth2/applications/@me", self.get_application),
            web.get(f"{a}/applications/@me", self.get_application),
            web.get(f"{a}/gateway", self.get_gateway),
            web.get(f"{a}/gateway/bot", self.get_gateway_bot),
            web.get(f"{a}/applications/{{app}}/commands", self.get_commands),
            web.put(f"{a}/applications/{{app}}/commands", self.put_commands),
            web.post(f"{a}/applications/{{app}}/commands", self.post_command),
            web.get(f"{a}/applications/{{app}}/guilds/{{guild}}/commands", self.get_commands),
            web.put(f"{a}/applications/{{app}}/guilds/{{guild}}/commands", self.put_commands),
            web.post(f"{a}/applications/{{app}}/guilds/{{guild}}/commands", self.post_command),
            web.post(f"{a}/interactions/{{ix_id}}/{{token}}/callback", self.callback),
            web.post(f"{a}/webhooks/{{app}}/{{token}}", self.followup),
            web.get(f"{a}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_get),
            web.patch(f"{a}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_edit),
            web.delete(f"{a}/webhooks/{{app}}/{{token}}/messages/{{mid}}", self.webhook_delete),
            web.get(f"{a}/channels/{{cid}}", self.get_channel),
            web.get(f"{a}/channels/{{cid}}/messages", self.history),
            web.post(f"{a}/channels/{{cid}}/messages", self.send),
            web.post(f"{a}/channels/{{cid}}/typing", self.typing),
            web.post(f"{a}/channels/{{cid}}/threads", self.create_thread),
            web.post(f"{a}/channels/{{cid}}/messages/{{mid}}/threads", self.create_thread),
            web.get(f"{a}/channels/{{cid}}/messages/{{mid}}", self.get_message),
            web.patch(f"{a}/channels/{{cid}}/messages/{{mid}}", self.edit_message),
            web.delete(f"{a}/channels/{{cid}}/messages/{{mid}}", self.delete_message),
            web.get(f"{a}/guilds/{{gid}}", self.get_guild),
            web.get(f"{a}/guilds/{{gid}}/channels", self.get_guild_channels),
            web.get(f"{a}/guilds/{{gid}}/members/{{uid}}", self.get_member),
        ]

    @web.middleware
    async def middleware(self, request: web.Request, handler: Any) -> web.StreamResponse:
        fake = self.fake
        if not request.path.startswith(API):
            return await handler(request)
        arrived = time.monotonic()
        sent = arrived - fake.in_transit(request.headers)
        record = RecordedRequest(request.method, request.path, dict(request.query), None, sent, arrived=arrived)
        if fake.trust_sent_at and (asked := request.headers.get(ASKED_AT)):
            record.asked = arrived - max(0.0, time.time() - float(asked))
        fake.requests.append(record)
        limits, retry_after = fake.rate_limits.check(request.method, request.path, sent)
        if retry_after is not None:
            record.status = 429
            body = {"message": "You are being rate limited.", "retry_after": retry_after,
                    "global": limits.get("X-RateLimit-Global") == "true"}
            response = json_response(body, status=429)
            # discord.py takes a 429 without Via (Discord's proxy) for a Cloudflare ban and gives up.
            response.headers.update({**limits, "Via": "1.1 google"})
            return response
        try:
            record.json = request[BODY] = await self._read_body(request)
            response = await handler(request)
        except web.HTTPNotFound:
            response = self._fail(request, ApiError(404, 0, "404: Not Found", violation=True))
        except web.HTTPMethodNotAllowed:
            response = self._fail(request, ApiError(405, 0, "405: Method Not Allowed", violation=True))
        except ApiError as exc:
            response = self._fail(request, exc)
        except (KeyError, ValueError, TypeError) as exc:
            # A payload the fake cannot read. Answer 400, not 500, because discord.py retries
            # a 500 with sleeps of seconds, which would only slow the test down.
            response = self._fail(request, invalid_form([f"body: the fake could not read it ({exc!r})"]))
        record.status = response.status
        record.took = time.monotonic() - arrived
        if limits:  # a bucket the fake enforces (fake.rate_limits)
            response.headers.update(limits)
        else:
            response.headers.update(RATE_LIMIT_HEADERS)
            # Read instead of Reset-After when a client is built with assume_unsync_clock=False.
            response.headers["X-RateLimit-Reset"] = f"{time.time() + 1:.3f}"
        return response

    def _fail(self, request: web.Request, exc: ApiError) -> web.Response:
        if exc.violation:
            detail = "; ".join(exc.errors) if exc.errors else exc.message
            self.fake.violate(exc.code, f"{request.method} {request.path}: {detail}")
        return exc.response()

    async def _read_body(self, request: web.Request) -> Any:
        if not request.can_read_body:
            return None
        ctype = request.headers.get("Content-Type", "")
        if ctype.startswith("multipart/form-data"):
            return await self._read_multipart(request)
        raw = await request.read()
        if not raw:
            return None
        if ctype != "application/json":
            raise ApiError(
                400, 50006, f"Content-Type must be exactly application/json, not {ctype!r}", violation=True
            )
        try:
            return json.loads(raw)
        except ValueError as exc:
            raise ApiError(400, 50109, "The request body contains invalid JSON.", violation=True) from exc

    async def _read_multipart(self, request: web.Request) -> Any:
        body: Any = {}
        files = []
        reader = await request.multipart()
        async for part in reader:
            data = await part.read()  # type: ignore[union-attr]
            if part.name == "payload_json":  # type: ignore[union-attr]
                body = json.loads(data)
            else:
                upload = {"name": part.name, "filename": part.filename, "size": len(data)}  # type: ignore[union-attr]
                if self.fake.keep_files:
                    upload["data"] = data
                files.append(upload)
        if isinstance(body, dict) and files:
            # Interaction callbacks nest the message under "data"; other routes carry it at the top.
            target = body["data"] if isinstance(body.get("data"), dict) else body
            target["_files"] = files
        return body

    def _body(self, request: web.Request) -> dict[str, Any]:
        body = request[BODY]
        if body is None:
            return {}
        if not isinstance(body, dict):
            raise ApiError(400, 50035, "Invalid Form Body", ["body: expected an object"], violation=True)
        return body

    def _json(self, data: Any, status: int = 200) -> web.Response:
        return json_response(data, status)

    # ---- login ---------------------------------------------------------------------------

    async def get_me(self, request: web.Request) -> web.Response:
        auth = request.headers.get("Authorization", "")
        if not auth.startswith("Bot ") or auth[4:] != self.fake.token:
            raise ApiError(401, 0, "401: Unauthorized")
        return self._json(self.fake.bot_user.payload())

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.fake.users.get(int(request.match_info["user_id"]))
        if user is None:
            raise ApiError(404, 10013, "Unknown User")
        return self._json(user.payload())

    async def get_application(self, request: web.Request) -> web.Response:
        fake = self.fake
        return self._json(
            {
                "id": str(fake.application_id),
                "name": fake.bot_user.name,
                "icon": None,
                "description": "",
                "summary": "",
                "type": None,
                "bot_public": True,
                "bot_require_code_grant": False,
                "verify_key": "0" * 64,
                "owner": fake.users[fake.owner_id].payload(),
                "team": None,
                "flags": 0,
                "bot": fake.bot_user.payload(),
                "install_params": None,
                "interactions_endpoint_url": None,
                "redirect_uris": [],
                "rpc_origins": [],
            }
        )

    async def get_gateway(self, request: web.Request) -> web.Response:
        return self._json({"url": self.fake.ws_url})

    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return self._json(
            {
                "url": self.fake.ws_url,
                "shards": self.fake.shard_count,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 0,
                    "max_concurrency": 1,
                },
            }
        )

    # ---- application commands --------------------------------------------------------------

    def _scope(self, request: web.Request) -> int | None:
        if int(request.match_info["app"]) != self.fake.application_id:
            raise ApiError(403, 50001, "Missing Access")
        guild = request.match_info.get("guild")
        return int(guild) if guild else None

    async def get_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        return self._json(list(self.fake.commands.get(scope, {}).values()))

    async def put_commands(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        body = request[BODY]
        if not isinstance(body, list):
            raise invalid_form(["body: expected a list of commands"])
        old = self.fake.commands.get(scope, {})
        stored = {}
        for cmd in body:
            key = (cmd["name"], cmd.get("type", 1))
            stored[key] = self._store_command(cmd, scope, old.get(key))
        self.fake.commands[scope] = stored
        return self._json(list(stored.values()))

    async def post_command(self, request: web.Request) -> web.Response:
        scope = self._scope(request)
        cmd = self._body(request)
        table = self.fake.commands.setdefault(scope, {})
        key = (cmd["name"], cmd.get("type", 1))
        table[key] = self._store_command(cmd, scope, table.get(key))
        return self._json(table[key], status=201)

    def _store_command(
        self, cmd: dict[str, Any], scope: int | None, old: dict[str, Any] | None
    ) -> dict[str, Any]:
        errors = []
        if not 1 <= len(cmd.get("name", "")) <= 32:
            errors.append(f"{cmd.get('name')}.name: must be 1 to 32 characters")
        if cmd.get("type", 1) == 1 and not 1 <= len(cmd.get("description", "")) <= 100:
            errors.append(f"{cmd.get('name')}.description: must be 1 to 100 characters")
        if errors:
            raise invalid_form(errors)
        stored = {
            "type": 1,
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "contexts": None,
            "integration_types": [0],
            **cmd,
            "id": old["id"] if old else str(self.fake.ids.next()),
            "application_id": str(self.fake.application_id),
            "version": str(self.fake.ids.next()),
        }
        if scope is not None:
            stored["guild_id"] = str(scope)
        return stored

    # ---- interaction callbacks ---------------------------------------------------------------

    async def callback(self, request: web.Request) -> web.Response:
        fake = self.fake
        ix = fake.interactions.get(int(request.match_info["ix_id"]))
        if ix is None or ix.token != request.match_info["token"]:
            raise ApiError(404, *UNKNOWN_INTERACTION, violation=True)
        # Answered when the bot sent it (the fake's own queue is not the bot's delay), unless the
        # deadline is already held in the bot's CPU time (`excuse_cpu_wait`), which covers it.
        now = fake.loop_time() - (0.0 if fake.excuse_cpu_wait else fake.in_transit(request.headers))
        if ix.acknowledged:
            ix.errors.append(ALREADY_ACKNOWLEDGED)
            raise ApiError(400, *ALREADY_ACKNOWLEDGED, violation=True)
        starved = cpu_wait() - ix.cpu_wait_at_dispatch if fake.excuse_cpu_wait else 0.0
        if now - ix.dispatched_at - starved > fake.ack_deadline:
            ix.errors.append(UNKNOWN_INTERACTION)
            raise ApiError(
                404,
                *UNKNOWN_INTERACTION,
                [
                    f"interaction {ix.id}: answered after {now - ix.dispatched_at:.2f} s"
                    + (f" ({starved:.2f} s of it waiting for a CPU)" if starved else "")
                    + f", the limit is {fake.ack_deadline} s"
                ],
                violation=True,
            )
        body = self._body(request)
        rtype = body.get("type")
        data = body.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {
                CHANNEL_MESSAGE,
                DEFERRED_CHANNEL_MESSAGE,
                DEFERRED_UPDATE,
                UPDATE_MESSAGE,
                MODAL,
            },
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
        }[ix.type]
        if rtype not in allowed:
            raise invalid_form([f"type: callback type {rtype} is not valid for interaction type {ix.type}"])
        message: FakeMessage | None = None
        if rtype == CHANNEL_MESSAGE:
            self._check_message(data, new=True)
            message = fake.new_interaction_message(ix, data, flags=int(data.get("flags") or 0))
        elif rtype == DEFERRED_CHANNEL_MESSAGE:
            message = fake.new_interaction_message(
                ix, {}, flags=(int(data.get("flags") or 0) & EPHEMERAL) | LOADING
            )
        elif rtype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            message = ix.source_message
            if rtype == UPDATE_MESSAGE and message is not None:
                self._check_message(data)
                message.apply_edit(data)
        elif rtype == AUTOCOMPLETE_RESULT:
            choices = data.get("choices") or []
            errors = choices_errors(choices)
            if errors:
                raise invalid_form(errors)
            ix.choices = choices
        elif rtype == MODAL:
            ix.modal = data
        ix.response_type = rtype
        ix.responded_at = now
        ix.starved = starved
        ix.original = message
        ix._answered.set()
        ix._notify()
        fake._changed()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        reply: dict[str, Any] = {
            "interaction": {
                "id": str(ix.id),
                "type": ix.type,
                "response_message_loading": rtype == DEFERRED_CHANNEL_MESSAGE,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        if message is not None:
            reply["interaction"]["response_message_id"] = str(message.id)
            if rtype in (CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, UPDATE_MESSAGE):
                reply["resource"] = {"type": rtype, "message": fake.message_payload(message)}
        return self._json(reply)

    def _check_message(self, body: dict[str, Any], *, new: bool = False) -> None:
        errors = message_errors(body)
        if new and not any(body.get(k) for k in ("content", "embeds", "components", "_files", "poll")):
            errors.append("content: cannot send an empty message")
        if errors:
            raise invalid_form(errors)

    # ---- webhooks: @original and followups ---------------------------------------------------

    def _webhook_ix(self, request: web.Request) -> Interaction:
        fake = self.fake
        ix = fake.interactions_by_token.get(request.match_info["token"])
        if ix is None or int(request.match_info["app"]) != fake.application_id:
            raise ApiError(404, 10015, "Unknown Webhook", violation=True)
        age = fake.loop_time() - ix.dispatched_at
        if age > fake.token_ttl:
            raise ApiError(
                401,
                50027,
                "Invalid Webhook Token",
                [f"token: used {age:.0f} s after the interaction"],
                violation=True,
            )
        if not ix.acknowledged:
            raise ApiError(
                404,
                10015,
                "Unknown Webhook",
                [f"interaction {ix.id}: followup or edit before acknowledging"],
                violation=True,
            )
        return ix

    def _webhook_message(self, ix: Interaction, mid: str) -> FakeMessage:
        if mid == "@original":
            msg = ix.original
        else:
            msg = next((m for m in ix.followups if m.id == int(mid)), None)
            if msg is None and ix.original is not None and ix.original.id == int(mid):
                msg = ix.original
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def followup(self, request: web.Request) -> web.Response:
        fake = self.fake
        ix = self._webhook_ix(request)
        body = self._body(request)
        self._check_message(body, new=True)
        flags = int(body.get("flags") or 0)
        original = ix.original
        if original is not None and original.loading and not original.deleted and ix.response_type == DEFERRED_CHANNEL_MESSAGE:
            # As on Discord, the first followup after a deferral fills in the "thinking" message.
            msg = ix.original
            msg.apply_edit(body)
            msg.history.clear()
        else:
            msg = fake.new_interaction_message(ix, body, flags=flags)
        ix.followups.append(msg)
        ix._notify()
        fake._changed()
        if request.query.get("wait") in ("1", "true", "True"):
            return self._json(fake.message_payload(msg))
        return web.Response(status=204)

    async def webhook_get(self, request: web.Request) -> web.Response:
        ix = self._webhook_ix(request)
        return self._json(self.fake.message_payload(self._webhook_message(ix, request.match_info["mid"])))

    async def webhook_edit(self, request: web.Request) -> web.Response:
        ix = self._webhook_ix(request)
        msg = self._webhook_message(ix, request.match_info["mid"])
        body = self._body(request)
        self._check_message(body)
        msg.apply_edit(body)
        ix._notify()
        self.fake._changed()
        return self._json(self.fake.message_payload(msg))

    async def webhook_delete(self, request: web.Request) -> web.Response:
        ix = self._webhook_ix(request)
        msg = self._webhook_message(ix, request.match_info["mid"])
        self.fake.delete(msg)
        ix._notify()
        return web.Response(status=204)

    # ---- channels and messages ----------------------------------------------------------------

    def _channel(self, request: web.Request) -> Any:
        channel = self.fake.channels.get(int(request.match_info["cid"]))
        if channel is None:
            raise ApiError(404, 10003, "Unknown Channel")
        return channel

    def _bot_message(self, request: web.Request) -> FakeMessage:
        channel = self._channel(request)
        msg = channel.messages.get(int(request.match_info["mid"]))
        if msg is None or msg.deleted:
            raise ApiError(404, 10008, "Unknown Message")
        return msg

    async def get_channel(self, request: web.Request) -> web.Response:
        return self._json(self.fake.channel_payload(self._channel(request)))

    async def history(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        limit = int(request.query.get("limit", 50))
        live = [m for m in reversed(channel.messages.values()) if not m.deleted]
        return self._json([self.fake.message_payload(m) for m in live[:limit]])

    async def send(self, request: web.Request) -> web.Response:
        fake = self.fake
        channel = self._channel(request)
        if channel.type == DM and channel.recipient_id in fake.closed_dms:
            raise ApiError(403, 50007, "Cannot send messages to this user")
        body = self._body(request)
        self._check_message(body, new=True)
        msg = fake.new_message(
            channel, fake.bot_user.id, body, flags=int(body.get("flags") or 0) & ~EPHEMERAL
        )
        return self._json(fake.message_payload(msg))

    async def typing(self, request: web.Request) -> web.Response:
        self._channel(request)
        return web.Response(status=204)

    async def get_message(self, request: web.Request) -> web.Response:
        return self._json(self.fake.message_payload(self._bot_message(request)))

    async def edit_message(self, request: web.Request) -> web.Response:
        msg = self._bot_message(request)
        if msg.author_id != self.fake.bot_user.id:
            raise ApiError(403, 50005, "Cannot edit a message authored by another user")
        body = self._body(request)
        self._check_message(body)
        msg.apply_edit(body)
        self.fake._changed()
        return self._json(self.fake.message_payload(msg))

    async def delete_message(self, request: web.Request) -> web.Response:
        self.fake.delete(self._bot_message(request))
        return web.Response(status=204)

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        body = self._body(request)
        thread = self.fake.add_thread(
            parent.id,
            str(body.get("name", "thread")),
            owner=self.fake.bot_user.id,
            type=body.get("type", PUBLIC_THREAD),
        )
        payload = self.fake.channel_payload(thread)
        await self.fake.gateway.dispatch("THREAD_CREATE", {**payload, "newly_created": True})
        return self._json(payload, status=201)

    async def create_dm(self, request: web.Request) -> web.Response:
        body = self._body(request)
        user_id = int(body.get("recipient_id", 0))
        if user_id not in self.fake.users:
            raise ApiError(400, 50033, "Invalid Recipient(s)")
        return self._json(self.fake.channel_payload(self.fake.dm_channel(user_id)))

    # ---- guilds ------------------------------------------------------------------------------

    def _guild(self, request: web.Request) -> Any:
        guild = self.fake.guilds.get(int(request.match_info["gid"]))
        if guild is None:
            raise ApiError(404, 10004, "Unknown Guild")
        return guild

    async def get_guild(self, request: web.Request) -> web.Response:
        data = self.fake.guild_create_payload(self._guild(request))
        for key in ("channels", "threads", "members", "presences", "voice_states"):
            data.pop(key, None)
        return self._json(data)

    async def get_guild_channels(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        return self._json([self.fake.channel_payload(self.fake.channels[c]) for c in guild.channel_ids])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self._guild(request)
        uid = int(request.match_info["uid"])
        if uid not in guild.member_ids:
            raise ApiError(404, 10007, "Unknown Member")
        return self._json(self.fake.member_payload(guild, uid))
