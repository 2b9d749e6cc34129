"""FakeDiscord: a loopback Discord that the real discord.py client logs in to, plus test queries."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .cpuwait import cpu_wait
from .gateway import RESUME_PATH, Gateway
from .interactions import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT, MODAL_SUBMIT, Interaction
from .ratelimit import RateLimits
from .rest import RecordedRequest, Rest
from .state import (
    ADMINISTRATOR,
    ALL_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    DM,
    PUBLIC_THREAD,
    TEXT,
    THREAD_TYPES,
    FakeChannel,
    FakeGuild,
    FakeMessage,
    FakeUser,
    Snowflakes,
    find_button_id,
    find_component,
    iso_now,
)

# Option types as Discord numbers them.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = range(
    1, 11
)

UserRef = int | FakeUser
ChannelRef = int | FakeChannel
MessageRef = int | FakeMessage


@dataclass
class Violation:
    """A breach of Discord's rules by the bot: Discord's error code and what happened."""

    code: int
    detail: str

    def __str__(self) -> str:
        return f"[{self.code}] {self.detail}"


def _id(ref: Any) -> int:
    return ref if isinstance(ref, int) else ref.id


def _perm_value(perms: Any) -> int:
    return perms if isinstance(perms, int) else int(perms.value)


class FakeDiscord:
    """A Discord on 127.0.0.1 for tests. See README.md in this folder for a walk-through."""

    def __init__(self, *, bot_name: str = "Tabletop GM", token: str = "fake-token") -> None:
        self.ids = Snowflakes()
        self.token = token
        self.application_id = self.ids.next()
        self.bot_user = FakeUser(self.application_id, bot_name, bot=True)
        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.owner_id = self.add_user(self.ids.next(), "app-owner").id
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.dm_channels: dict[int, int] = {}
        self.closed_dms: set[int] = set()
        self.permissions: dict[tuple[int, int], int] = {}
        self.messages_by_id: dict[int, FakeMessage] = {}
        self.ephemeral_by_user: dict[int, list[FakeMessage]] = {}
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        # commands[guild_id or None][(name, type)] = stored command payload
        self.commands: dict[int | None, dict[tuple[str, int], dict[str, Any]]] = {}
        self.requests: list[RecordedRequest] = []
        self.violations: list[Violation] = []
        self.identify_payloads: list[dict[str, Any]] = []
        # Discord's per-route buckets and 429s: off unless a test or the benchmark turns them on.
        self.rate_limits = RateLimits.off()
        # Uploaded files' bytes are kept on their messages only when asked (transcripts show the pictures).
        self.keep_files = False
        # The shard count GET /gateway/bot recommends; each IDENTIFY names its shard and gets its guilds.
        self.shard_count = 1
        # Free for fixtures to hang their named users and channels on (see fixtures.World).
        self.world: Any = None
        # Discord's clocks: 3 s to acknowledge, 15 minutes of webhook token.
        self.ack_deadline = 3.0
        # Hold the bot to that deadline in its own time: wall-clock time less what this process waited
        # for a CPU (`cpuwait`). For tests, where the fake and the bot share one starved process; the
        # benchmarks run the bot in a process of its own and keep Discord's plain wall clock.
        self.excuse_cpu_wait = False
        # Count a request at the moment the sender wrote it (its X-Sent-At stamp, `stamp_sends`), as
        # Discord counts it on arrival, not when this process's event loop gets round to it: on a
        # starved machine, requests the bot spaced out reached the fake's handler bunched together,
        # and its rate limits saw a burst the bot never sent (and answers late it sent in time).
        self.trust_sent_at = False
        # What `Interaction.done()` awaits after a deferral (the e2e harness: the bot settled).
        self.after_deferral: Callable[[], Awaitable[None]] | None = None
        self.token_ttl = 15 * 60.0
        self.port = 0
        self.gateway = Gateway(self)
        self.rest = Rest(self)
        self._runner: web.AppRunner | None = None
        self._state_changed: asyncio.Event | None = None

    # ---- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> FakeDiscord:
        app = web.Application(middlewares=[self.rest.middleware], client_max_size=64 * 1024 * 1024)
        app.add_routes(self.rest.routes())
        app.add_routes([web.get("/", self.gateway.handle), web.get(RESUME_PATH, self.gateway.handle)])
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
        return self

    async def stop(self) -> None:
        await self.gateway.close_all()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/"

    def loop_time(self) -> float:
        return asyncio.get_running_loop().time()

    def in_transit(self, headers: Any) -> float:
        """Seconds since the sender wrote this request (0 unless `trust_sent_at` and stamped)."""
        sent = headers.get("X-Sent-At") if self.trust_sent_at else None
        return max(0.0, time.time() - float(sent)) if sent else 0.0

    def violate(self, code: int, detail: str) -> None:
        self.violations.append(Violation(code, detail))

    def take_violations(self) -> list[Violation]:
        """Return and clear the violations, for tests that provoke them on purpose."""
        out, self.violations = self.violations, []
        return out

    # ---- building the world ------------------------------------------------------------------

    def add_user(self, id: int | None = None, name: str = "user") -> FakeUser:
        user = FakeUser(id or self.ids.next(), name)
        self.users[user.id] = user
        return user

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        members: list[UserRef] = (),
        owner: UserRef | None = None,
        id: int | None = None,
    ) -> FakeGuild:
        """Create a guild; the bot and the given users are members. Add it before the client logs in."""
        owner_id = _id(owner) if owner is not None else self.owner_id
        guild = FakeGuild(id or self.ids.next(), name, owner_id)
        for uid in [self.bot_user.id, owner_id, *(_id(m) for m in members)]:
            if uid not in guild.member_ids:
                guild.member_ids.append(uid)
        self.guilds[guild.id] = guild
        return guild

    def add_member(self, guild: int | FakeGuild, user: UserRef) -> None:
        g = self.guilds[_id(guild)]
        if _id(user) not in g.member_ids:
            g.member_ids.append(_id(user))

    def add_channel(self, guild: int | FakeGuild, name: str, *, id: int | None = None) -> FakeChannel:
        g = self.guilds[_id(guild)]
        channel = FakeChannel(id or self.ids.next(), TEXT, name=name, guild_id=g.id)
        self.channels[channel.id] = channel
        g.channel_ids.append(channel.id)
        return channel

    def add_thread(
        self, parent: ChannelRef, name: str, *, owner: UserRef | None = None, type: int = PUBLIC_THREAD
    ) -> FakeChannel:
        p = self.channels[_id(parent)]
        thread = FakeChannel(
            self.ids.next(),
            type,
            name=name,
            guild_id=p.guild_id,
            parent_id=p.id,
            owner_id=_id(owner) if owner is not None else self.bot_user.id,
        )
        self.channels[thread.id] = thread
        self.guilds[p.guild_id].channel_ids.append(thread.id)  # type: ignore[index]
        return thread

    def dm_channel(self, user: UserRef) -> FakeChannel:
        uid = _id(user)
        cid = self.dm_channels.get(uid)
        if cid is None:
            channel = FakeChannel(self.ids.next(), DM, recipient_id=uid)
            self.channels[channel.id] = channel
            self.dm_channels[uid] = cid = channel.id
        return self.channels[cid]

    def close_dms(self, user: UserRef) -> None:
        """From now on the bot's messages to this user's DMs fail with 403, code 50007."""
        self.closed_dms.add(_id(user))

    def open_dms(self, user: UserRef) -> None:
        self.closed_dms.discard(_id(user))

    def set_permissions(self, user: UserRef, guild: int | FakeGuild, permissions: Any) -> None:
        """The permissions a member's interactions carry (an int or a discord.Permissions)."""
        self.permissions[(_id(guild), _id(user))] = _perm_value(permissions)

    # ---- payloads ----------------------------------------------------------------------------

    def member_payload(
        self, guild: FakeGuild, user_id: int, permissions: int | None = None
    ) -> dict[str, Any]:
        data = {
            "user": self.users[user_id].payload(),
            "nick": None,
            "avatar": None,
            "roles": [],
            "joined_at": iso_now(),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
        }
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data

    def channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        return channel.payload(self.users)

    def guild_create_payload(self, guild: FakeGuild) -> dict[str, Any]:
        chans = [self.channels[c] for c in guild.channel_ids]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [guild.everyone_role()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso_now(),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.member_ids),
            "members": [self.member_payload(guild, uid) for uid in guild.member_ids],
            "channels": [self.channel_payload(c) for c in chans if c.type not in THREAD_TYPES],
            "threads": [self.channel_payload(c) for c in chans if c.type in THREAD_TYPES],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def message_payload(self, msg: FakeMessage) -> dict[str, Any]:
        data = msg.payload(self.users)
        channel = self.channels.get(msg.channel_id)
        if channel is not None and channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        return data

    # ---- messages ----------------------------------------------------------------------------

    def _changed(self) -> None:
        if self._state_changed is not None:
            self._state_changed.set()
            self._state_changed = None

    def new_message(
        self, channel: FakeChannel, author_id: int, body: dict[str, Any], **extra: Any
    ) -> FakeMessage:
        msg = FakeMessage(
            self.ids.next(),
            channel.id,
            author_id,
            content=str(body.get("content") or ""),
            embeds=list(body.get("embeds") or []),
            components=list(body.get("components") or []),
            attachments=[
                {
                    "id": str(self.ids.next()),
                    "filename": f.get("filename") or "file",
                    "size": f["size"],
                    "url": "",
                    "proxy_url": "",
                }
                for f in body.get("_files", [])
            ],
            files={f.get("filename") or "file": f["data"] for f in body.get("_files", []) if "data" in f},
            **extra,
        )
        self.messages_by_id[msg.id] = msg
        if msg.visible_to is None:
            channel.messages[msg.id] = msg
        else:
            self.ephemeral_by_user.setdefault(msg.visible_to, []).append(msg)
        self._changed()
        return msg

    def new_interaction_message(self, ix: Interaction, body: dict[str, Any], flags: int) -> FakeMessage:
        ephemeral = bool(flags & (1 << 6))
        return self.new_message(
            self.channels[ix.channel_id],
            self.bot_user.id,
            body,
            flags=flags,
            interaction_id=ix.id,
            webhook_id=self.application_id,
            visible_to=ix.user_id if ephemeral else None,
        )

    def delete(self, msg: FakeMessage) -> None:
        msg.deleted = True
        self._changed()

    # ---- interactions ------------------------------------------------------------------------

    def _find_command(self, guild_id: int | None, name: str) -> dict[str, Any]:
        for scope in (guild_id, None):
            cmd = self.commands.get(scope, {}).get((name, 1))
            if cmd is not None and (scope is not None or guild_id is not None or _dm_allowed(cmd)):
                return cmd
        where = f"guild {guild_id}" if guild_id else "DMs"
        raise LookupError(f"no slash command /{name} is synced for {where}")

    def _build_options(
        self,
        schema: list[dict[str, Any]],
        path: list[str],
        values: dict[str, Any],
        focused: str | None,
        resolved: dict,
        guild_id: int | None,
    ) -> list[dict[str, Any]]:
        if path:
            sub = next(
                (o for o in schema if o["name"] == path[0] and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)),
                None,
            )
            if sub is None:
                raise LookupError(f"no subcommand {path[0]!r}; have {[o['name'] for o in schema]}")
            return [
                {
                    "name": sub["name"],
                    "type": sub["type"],
                    "options": self._build_options(
                        sub.get("options", []), path[1:], values, focused, resolved, guild_id
                    ),
                }
            ]
        if any(o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in schema):
            raise LookupError(f"a subcommand is needed: one of {[o['name'] for o in schema]}")
        by_name = {o["name"]: o for o in schema}
        out = []
        for key, value in values.items():
            opt = by_name.get(key)
            if opt is None:
                raise LookupError(f"no option {key!r}; have {list(by_name)}")
            entry: dict[str, Any] = {"name": key, "type": opt["type"]}
            if key == focused:
                entry.update(value=str(value), focused=True)
            else:
                entry["value"] = self._option_value(opt, value, resolved, guild_id)
            out.append(entry)
        missing = [o["name"] for o in schema if o.get("required") and o["name"] not in values]
        if missing and focused is None:
            raise LookupError(f"required options missing: {missing}")
        return out

    def _option_value(self, opt: dict[str, Any], value: Any, resolved: dict, guild_id: int | None) -> Any:
        kind = opt["type"]
        if kind == STRING:
            return str(value)
        if kind == INTEGER:
            return int(value)
        if kind == NUMBER:
            return float(value)
        if kind == BOOLEAN:
            return bool(value)
        if kind in (USER, MENTIONABLE):
            uid = _id(value)
            resolved.setdefault("users", {})[str(uid)] = self.users[uid].payload()
            guild = self.guilds.get(guild_id) if guild_id is not None else None
            if guild is not None and uid in guild.member_ids:
                member = self.member_payload(guild, uid, self._permissions_of(guild, uid, None))
                del member["user"]
                resolved.setdefault("members", {})[str(uid)] = member
            return str(uid)
        if kind == CHANNEL:
            ch = self.channels[_id(value)]
            resolved.setdefault("channels", {})[str(ch.id)] = {
                **self.channel_payload(ch),
                "permissions": str(ALL_PERMISSIONS),
            }
            return str(ch.id)
        return value

    def _permissions_of(self, guild: FakeGuild, uid: int, override: Any) -> int:
        if override is not None:
            return _perm_value(override)
        if uid == guild.owner_id:
            return ALL_PERMISSIONS
        return self.permissions.get((guild.id, uid), DEFAULT_MEMBER_PERMISSIONS)

    def _base_payload(
        self, type_: int, user: UserRef, channel: ChannelRef, permissions: Any, locale: str
    ) -> dict:
        ch = self.channels[_id(channel)]
        uid = _id(user)
        ix_id = self.ids.next()
        payload: dict[str, Any] = {
            "id": str(ix_id),
            "application_id": str(self.application_id),
            "type": type_,
            "token": f"ixtoken-{ix_id}-{secrets.token_hex(8)}",
            "version": 1,
            "channel_id": str(ch.id),
            "channel": self.channel_payload(ch),
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 10 * 1024 * 1024,
            "app_permissions": str(ALL_PERMISSIONS & ~ADMINISTRATOR),
        }
        if ch.guild_id is not None:
            guild = self.guilds[ch.guild_id]
            if uid not in guild.member_ids:
                raise LookupError(f"user {uid} is not a member of guild {guild.id}")
            perms = self._permissions_of(guild, uid, permissions)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": "en-US", "features": []},
                guild_locale="en-US",
                member=self.member_payload(guild, uid, perms),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            if ch.recipient_id != uid:
                raise LookupError(f"user {uid} cannot use the DM channel {ch.id} of user {ch.recipient_id}")
            payload.update(
                user=self.users[uid].payload(), authorizing_integration_owners={"0": "0"}, context=1
            )
        return payload

    async def _dispatch(self, payload: dict[str, Any], source: FakeMessage | None = None) -> Interaction:
        ix = Interaction(
            id=int(payload["id"]),
            token=payload["token"],
            type=payload["type"],
            user_id=int((payload.get("member") or payload)["user"]["id"]),
            channel_id=int(payload["channel_id"]),
            guild_id=int(payload["guild_id"]) if "guild_id" in payload else None,
            payload=payload,
            dispatched_at=self.loop_time(),
            source_message=source,
            cpu_wait_at_dispatch=cpu_wait() if self.excuse_cpu_wait else 0.0,
            after_deferral=self.after_deferral,
        )
        self.interactions[ix.id] = ix
        self.interactions_by_token[ix.token] = ix
        await self.gateway.dispatch("INTERACTION_CREATE", payload)
        return ix

    async def slash(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        *,
        permissions: Any = None,
        locale: str = "en-US",
        **options: Any,
    ) -> Interaction:
        """Run `/command sub ... opt=value` as this user in this channel; returns the record."""
        payload = self._base_payload(APPLICATION_COMMAND, user, channel, permissions, locale)
        payload["data"] = self._command_data(payload, command, options, None)
        return await self._dispatch(payload)

    async def autocomplete(
        self,
        user: UserRef,
        channel: ChannelRef,
        command: str,
        *,
        focused: str,
        permissions: Any = None,
        locale: str = "en-US",
        **options: Any,
    ) -> Interaction:
        """The user is typing into option `focused`; `ix.choices` holds what the bot suggested."""
        options.setdefault(focused, "")
        payload = self._base_payload(AUTOCOMPLETE, user, channel, permissions, locale)
        payload["data"] = self._command_data(payload, command, options, focused)
        return await self._dispatch(payload)

    def _command_data(
        self, payload: dict, command: str, options: dict[str, Any], focused: str | None
    ) -> dict:
        name, *path = command.split()
        guild_id = int(payload["guild_id"]) if "guild_id" in payload else None
        cmd = self._find_command(guild_id, name)
        resolved: dict[str, Any] = {}
        data: dict[str, Any] = {
            "id": cmd["id"],
            "name": name,
            "type": 1,
            "options": self._build_options(
                cmd.get("options") or [], path, options, focused, resolved, guild_id
            ),
        }
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _component_payload(
        self, user: UserRef, message: MessageRef, custom_id: str, permissions: Any, locale: str
    ) -> tuple[dict[str, Any], FakeMessage, dict[str, Any]]:
        msg = self.messages_by_id[_id(message)] if not isinstance(message, FakeMessage) else message
        if msg.deleted:
            raise LookupError(f"message {msg.id} was deleted")
        if msg.visible_to is not None and msg.visible_to != _id(user):
            raise LookupError(f"message {msg.id} is ephemeral and not shown to user {_id(user)}")
        comp = find_component(msg.components, custom_id)
        if comp is None:
            raise LookupError(f"message {msg.id} has no component {custom_id!r}")
        if comp.get("disabled"):
            raise LookupError(f"component {custom_id!r} is disabled")
        payload = self._base_payload(MESSAGE_COMPONENT, user, msg.channel_id, permissions, locale)
        payload["message"] = self.message_payload(msg)
        return payload, msg, comp

    async def click(
        self,
        user: UserRef,
        message: MessageRef,
        custom_id: str,
        *,
        permissions: Any = None,
        locale: str = "en-US",
    ) -> Interaction:
        """Press the button with this custom_id on the message."""
        payload, msg, comp = self._component_payload(user, message, custom_id, permissions, locale)
        if comp.get("type") != 2:
            raise LookupError(f"component {custom_id!r} is not a button")
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        return await self._dispatch(payload, msg)

    async def select(
        self,
        user: UserRef,
        message: MessageRef,
        custom_id: str,
        values: list[str],
        *,
        permissions: Any = None,
        locale: str = "en-US",
    ) -> Interaction:
        """Choose these values in the string select with this custom_id."""
        payload, msg, comp = self._component_payload(user, message, custom_id, permissions, locale)
        if comp.get("type") != 3:
            raise LookupError(f"component {custom_id!r} is not a string select")
        offered = {o["value"] for o in comp.get("options", [])}
        if not set(values) <= offered:
            raise LookupError(f"values {sorted(set(values) - offered)} are not options of {custom_id!r}")
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise LookupError(f"{custom_id!r} takes {low} to {high} values, not {len(values)}")
        payload["data"] = {"custom_id": custom_id, "component_type": 3, "values": list(values)}
        return await self._dispatch(payload, msg)

    async def submit_modal(
        self,
        opened_by: Interaction,
        values: dict[str, Any],
        *,
        permissions: Any = None,
        locale: str = "en-US",
    ) -> Interaction:
        """Fill in the modal the bot opened for `opened_by` and submit it.

        `values` maps an input's custom_id to its text (a text input) or list of values (a select).
        """
        modal = opened_by.modal
        if modal is None:
            raise LookupError(f"interaction {opened_by.id} did not open a modal")
        unknown = set(values) - _text_input_ids(modal["components"])
        if unknown:
            raise LookupError(f"the modal has no text inputs {sorted(unknown)}")
        payload = self._base_payload(
            MODAL_SUBMIT, opened_by.user_id, opened_by.channel_id, permissions, locale
        )
        payload["data"] = {
            "custom_id": modal["custom_id"],
            "components": _modal_answers(modal["components"], values),
        }
        if opened_by.source_message is not None:
            payload["message"] = self.message_payload(opened_by.source_message)
        return await self._dispatch(payload, opened_by.source_message)

    # ---- gateway control ---------------------------------------------------------------------

    async def announce_guild(self, guild: int | FakeGuild) -> None:
        """Send GUILD_CREATE for a guild added after the client logged in (the bot joined it)."""
        await self.gateway.dispatch("GUILD_CREATE", self.guild_create_payload(self.guilds[_id(guild)]))

    async def wait_ready(self, count: int = 1, timeout: float = 60.0) -> None:
        """Wait until `count` IDENTIFYs have had READY + GUILD_CREATE and a socket is live."""
        await self.gateway.wait_ready(count, timeout)

    async def drop_connection(self, code: int = 4000) -> None:
        """Close the gateway socket from Discord's side; discord.py reconnects and RESUMEs."""
        await self.gateway.drop(code)

    async def dispatch(self, event: str, data: Any) -> None:
        """Send any gateway event to the connected client."""
        await self.gateway.dispatch(event, data)

    # ---- queries -----------------------------------------------------------------------------

    def messages(self, channel: ChannelRef) -> list[FakeMessage]:
        """The channel's public messages as they are now, oldest first; each keeps its `history`."""
        return [m for m in self.channels[_id(channel)].messages.values() if not m.deleted]

    def last_message(self, channel: ChannelRef) -> FakeMessage | None:
        for m in reversed(self.channels[_id(channel)].messages.values()):
            if not m.deleted:
                return m
        return None

    def dm_messages(self, user: UserRef) -> list[FakeMessage]:
        cid = self.dm_channels.get(_id(user))
        return [] if cid is None else self.messages(cid)

    def public_text(self, channel: ChannelRef) -> str:
        return "\n".join(m.text for m in self.messages(channel))

    def seen_by(self, user: UserRef) -> list[FakeMessage]:
        """Everything the user could see: their guilds' channels, their ephemeral replies, their DMs."""
        uid = _id(user)
        seen: list[FakeMessage] = []
        for guild in self.guilds.values():
            if uid in guild.member_ids:
                for cid in guild.channel_ids:
                    seen.extend(self.messages(cid))
        seen.extend(m for m in self.ephemeral_by_user.get(uid, []) if not m.deleted)
        seen.extend(self.dm_messages(uid))
        return seen

    def seen_text(self, user: UserRef) -> str:
        return "\n".join(m.text for m in self.seen_by(user))

    def find_button(self, message: MessageRef, *, label: str) -> str:
        msg = message if isinstance(message, FakeMessage) else self.messages_by_id[message]
        custom_id = find_button_id(msg.components, label)
        if custom_id is None:
            raise LookupError(f"message {msg.id} has no button labelled {label!r}")
        return custom_id

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = 30.0) -> Any:
        """Wait until predicate() is truthy; returns its value.

        It re-checks whenever the fake's state changes, and every 20 ms for conditions on the
        bot's own state, which the fake cannot see change.
        """

        async def until() -> Any:
            while True:
                value = predicate()
                if value:
                    return value
                if self._state_changed is None:
                    self._state_changed = asyncio.Event()
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._state_changed.wait(), 0.02)

        return await asyncio.wait_for(until(), timeout)


def _dm_allowed(cmd: dict[str, Any]) -> bool:
    contexts = cmd.get("contexts")
    if contexts is not None:
        return 1 in contexts
    return cmd.get("dm_permission", True) is not False


def _modal_answers(components: list[dict[str, Any]], values: dict[str, Any]) -> list[dict[str, Any]]:
    """Mirror the modal's layout (action rows or labels) with each input's submitted value."""
    out: list[dict[str, Any]] = []
    for comp in components:
        kind = comp.get("type")
        if kind == 1:
            out.append({"type": 1, "components": _modal_answers(comp.get("components", []), values)})
        elif kind == 18:
            out.extend(
                {"type": 18, "component": inner} for inner in _modal_answers([comp["component"]], values)
            )
        elif kind == 4:
            out.append(
                {"type": 4, "custom_id": comp["custom_id"], "value": str(values.get(comp["custom_id"], ""))}
            )
        elif kind == 3:
            chosen = values.get(comp["custom_id"], [])
            picked = [chosen] if isinstance(chosen, str) else list(chosen)
            out.append({"type": 3, "custom_id": comp["custom_id"], "values": picked})
    return out


def _text_input_ids(components: list[dict[str, Any]]) -> set[str]:
    ids: set[str] = set()
    for comp in components:
        if comp.get("type") in (3, 4):
            ids.add(comp["custom_id"])
        ids |= _text_input_ids(comp.get("components", []))
        if "component" in comp:
            ids |= _text_input_ids([comp["component"]])
    return ids
