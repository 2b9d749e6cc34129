"""The fake's model of Discord: users, guilds, channels, messages, and their wire payloads."""

from __future__ import annotations

import datetime as dt
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types as Discord numbers them.
TEXT, DM, PUBLIC_THREAD, PRIVATE_THREAD = 0, 1, 11, 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

EPHEMERAL = 1 << 6
LOADING = 1 << 7

# A member's default rights: see and talk in channels and use slash commands.
DEFAULT_MEMBER_PERMISSIONS = (1 << 10) | (1 << 11) | (1 << 16) | (1 << 31) | (1 << 14) | (1 << 15) | (1 << 6)
ADMINISTRATOR = 1 << 3
ALL_PERMISSIONS = (1 << 53) - 1


class Snowflakes:
    """Unique, time-ordered ids, so discord.py's `created_at` stays sensible."""

    def __init__(self) -> None:
        self._counter = itertools.count()

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        return (ms << 22) | (next(self._counter) & 0x3FFFFF)


def iso_now() -> str:
    return dt.datetime.now(dt.UTC).isoformat()


@dataclass
class FakeUser:
    id: int
    name: str
    bot: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    member_ids: list[int] = field(default_factory=list)
    channel_ids: list[int] = field(default_factory=list)

    def everyone_role(self) -> dict[str, Any]:
        # Discord gives @everyone the guild's own id.
        return {
            "id": str(self.id),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": 0,
            "permissions": str(DEFAULT_MEMBER_PERMISSIONS),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeChannel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    recipient_id: int | None = None
    owner_id: int | None = None
    messages: dict[int, FakeMessage] = field(default_factory=dict)

    def payload(self, users: dict[int, FakeUser] | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0}
        if self.type == DM:
            recipient = users[self.recipient_id] if users and self.recipient_id in users else None
            data["recipients"] = [recipient.payload()] if recipient else []
            data["last_message_id"] = None
            return data
        data.update(
            guild_id=str(self.guild_id),
            name=self.name,
            position=0,
            permission_overwrites=[],
            nsfw=False,
            parent_id=str(self.parent_id) if self.parent_id else None,
            last_message_id=None,
            rate_limit_per_user=0,
            topic=None,
        )
        if self.type in THREAD_TYPES:
            data.update(
                owner_id=str(self.owner_id) if self.owner_id else None,
                member_count=1,
                message_count=len(self.messages),
                total_message_sent=len(self.messages),
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso_now(),
                    "locked": False,
                },
            )
        return data


def _component_text(components: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for comp in components:
        for key in ("label", "placeholder", "content"):
            if comp.get(key):
                out.append(str(comp[key]))
        for opt in comp.get("options", []):
            out.append(str(opt.get("label", "")))
            if opt.get("description"):
                out.append(str(opt["description"]))
        out.extend(_component_text(comp.get("components", [])))
    return out


def embed_text(embed: dict[str, Any]) -> list[str]:
    out: list[str] = []
    for key in ("title", "description"):
        if embed.get(key):
            out.append(str(embed[key]))
    if embed.get("author", {}).get("name"):
        out.append(str(embed["author"]["name"]))
    for f in embed.get("fields", []):
        out.append(str(f.get("name", "")))
        out.append(str(f.get("value", "")))
    if embed.get("footer", {}).get("text"):
        out.append(str(embed["footer"]["text"]))
    return out


@dataclass
class FakeMessage:
    """One message as users see it now; `history` holds every earlier version."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[dict[str, Any]] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)  # attachments' bytes by filename, if kept
    flags: int = 0
    created: str = field(default_factory=iso_now)
    edited: str | None = None
    deleted: bool = False
    history: list[dict[str, Any]] = field(default_factory=list)
    # Set for interaction responses and followups.
    interaction_id: int | None = None
    webhook_id: int | None = None
    # An ephemeral message is shown to this one user only.
    visible_to: int | None = None

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def text(self) -> str:
        """All the human-readable text: content, embeds, button and select labels."""
        parts = [self.content] if self.content else []
        for embed in self.embeds:
            parts.extend(embed_text(embed))
        parts.extend(_component_text(self.components))
        return "\n".join(parts)

    def snapshot(self) -> dict[str, Any]:
        return {
            "content": self.content,
            "embeds": self.embeds,
            "components": self.components,
            "flags": self.flags,
            "edited": self.edited,
        }

    def apply_edit(self, body: dict[str, Any]) -> None:
        self.history.append(self.snapshot())
        if body.get("attachments") is not None:
            body = {**body, "attachments": kept_attachments(body)}
            uploaded = {f.get("filename") or "file": f["data"] for f in body.get("_files", []) if "data" in f}
            kept = {a["filename"] for a in body["attachments"]}
            self.files = {n: d for n, d in {**self.files, **uploaded}.items() if n in kept}
        for key in ("content", "embeds", "components", "attachments"):
            if key in body:
                self.__dict__[key] = body[key] if body[key] is not None else ([] if key != "content" else "")
        if "flags" in body and body["flags"] is not None:
            # Only suppress-embeds may change on edit; ephemeral stays as it was.
            self.flags = (self.flags & (EPHEMERAL | LOADING)) | (int(body["flags"]) & ~(EPHEMERAL | LOADING))
        self.flags &= ~LOADING
        self.edited = iso_now()

    def payload(self, users: dict[int, FakeUser]) -> dict[str, Any]:
        author = users[self.author_id]
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": author.payload(),
            "content": self.content,
            "timestamp": self.created,
            "edited_timestamp": self.edited,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": self.attachments,
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "type": 0 if self.interaction_id is None else 20,
            "flags": self.flags,
        }
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
            data["application_id"] = str(self.webhook_id)
        return data


def find_component(components: list[dict[str, Any]], custom_id: str) -> dict[str, Any] | None:
    for comp in components:
        if comp.get("custom_id") == custom_id:
            return comp
        found = find_component(comp.get("components", []), custom_id)
        if found is not None:
            return found
    return None


def find_button_id(components: list[dict[str, Any]], label: str) -> str | None:
    for comp in components:
        if comp.get("type") == 2 and comp.get("label") == label:
            return comp.get("custom_id")
        found = find_button_id(comp.get("components", []), label)
        if found is not None:
            return found
    return None


def kept_attachments(body: dict[str, Any]) -> list[dict[str, Any]]:
    """An edit names the attachments to keep or upload (`{"id": n, "filename": ...}`); answer with whole ones."""
    files = {f"files[{i}]": f for i, f in enumerate(body.get("_files", []))}
    uploaded = {str(i): f for i, f in enumerate(body.get("_files", []))}
    out = []
    for entry in body["attachments"]:
        f = uploaded.get(str(entry.get("id"))) or files.get(str(entry.get("id"))) or {}
        out.append(
            {
                "id": str(entry.get("id")),
                "filename": entry.get("filename") or f.get("filename") or "file",
                "size": entry.get("size", f.get("size", 0)),
                "url": entry.get("url", ""),
                "proxy_url": entry.get("proxy_url", ""),
            }
        )
    return out

