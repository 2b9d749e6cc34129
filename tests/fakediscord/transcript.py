"""Transcripts: one self-contained HTML page per user, drawing what that user saw as Discord shows it.

`pytest --transcripts DIR` writes them for every test that uses the `fake_discord` fixture:
`DIR/<test>/<user>.html`. Each page lists, oldest first, what the user did (slash commands,
clicks, picks) and what they saw: public messages in their guilds' channels, their ephemeral
replies and their DMs. A message shows its latest state; earlier versions open under "edited".
Deleted messages are kept, greyed and folded, so a review can see what was replaced.
`<user>.html#m<message id>` shows that one message alone (for a screenshot of a table or panel).
"""

from __future__ import annotations

import base64
import html
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .interactions import APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT, _subcommand_path
from .state import DM, FakeMessage

if TYPE_CHECKING:
    from .server import FakeDiscord

BUTTON_STYLES = {1: "primary", 2: "secondary", 3: "success", 4: "danger", 5: "link"}

CSS = """
body{margin:0;background:#313338;color:#dbdee1;font:16px/1.375 "gg sans","Noto Sans",Helvetica,Arial,sans-serif}
header{position:sticky;top:0;background:#2b2d31;padding:8px 16px;border-bottom:1px solid #1e1f22;font-weight:600;z-index:1}
main{padding:8px 0 40px}
.msg{display:flex;gap:12px;padding:4px 16px;margin-top:12px}
.msg:hover{background:#2e3035}
.avatar{flex:none;width:40px;height:40px;border-radius:50%;background:#5865f2;color:#fff;display:flex;align-items:center;justify-content:center;font-weight:700}
.avatar.user{background:#3ba55d}
.body{min-width:0;flex:1}
.who{font-weight:600;color:#f2f3f5}.bot{background:#5865f2;color:#fff;font-size:10px;padding:1px 4px;border-radius:3px;margin-left:4px;vertical-align:middle}
.where{color:#949ba4;font-size:12px;margin-left:6px}
.content{white-space:pre-wrap;word-wrap:break-word}
.edited{color:#949ba4;font-size:10px}
.action{color:#949ba4;font-size:14px;padding:2px 16px 2px 68px;margin-top:8px}
.action b{color:#dbdee1}
.eph{color:#949ba4;font-size:12px;margin-top:4px}
.embed{display:grid;max-width:520px;background:#2b2d31;border-left:4px solid #1e1f22;border-radius:4px;padding:8px 16px 16px 12px;margin-top:4px;box-sizing:border-box}
.embed .author{font-size:14px;font-weight:600;margin-top:8px}
.embed .title{font-weight:700;color:#f2f3f5;margin-top:8px}
.embed .desc{font-size:14px;margin-top:8px;white-space:pre-wrap;word-wrap:break-word}
.fields{display:flex;flex-wrap:wrap;gap:8px 0;margin-top:8px}
.field{font-size:14px;flex:1 1 100%;min-width:0}
.field.inline{flex:1 1 30%;padding-right:8px}
.field .name{font-weight:700;color:#f2f3f5}
.field .value{white-space:pre-wrap;word-wrap:break-word}
.footer{font-size:12px;color:#b5bac1;margin-top:8px;white-space:pre-wrap}
.row{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px}
.btn{border:0;border-radius:3px;padding:2px 16px;min-height:32px;color:#fff;font:500 14px inherit;font-family:inherit}
.primary{background:#5865f2}.secondary{background:#4e5058}.success{background:#248046}.danger{background:#da373c}.link{background:#4e5058}
.btn[disabled]{opacity:.5;cursor:not-allowed}
.select{background:#1e1f22;border-radius:4px;padding:8px;min-width:0;width:100%;max-width:400px;font-size:14px}
.select .ph{color:#949ba4}
.select ul{margin:6px 0 0;padding:0;list-style:none}
.select li{padding:4px 6px;border-top:1px solid #2b2d31}
.select li small{display:block;color:#949ba4}
.select.off{opacity:.5}
.deleted{opacity:.45}
details summary{cursor:pointer;color:#949ba4;font-size:12px}
.old{border-left:2px solid #4e5058;padding-left:8px;margin:6px 0;opacity:.8}
code{background:#1e1f22;border-radius:3px;padding:0 3px;font-size:85%}
pre{background:#1e1f22;border:1px solid #1e1f22;border-radius:4px;padding:7px;white-space:pre-wrap;margin:4px 0}
blockquote{margin:0;padding-left:10px;border-left:4px solid #4e5058}
.mention{background:rgba(88,101,242,.3);color:#c9cdfb;border-radius:3px;padding:0 2px}
h1,h2,h3{margin:4px 0;color:#f2f3f5}h1{font-size:24px}h2{font-size:20px}h3{font-size:16px}
.sub{font-size:13px;color:#949ba4}
a{color:#00a8fc}
.embed .image{display:block;max-width:100%;border-radius:4px;margin-top:16px}
body:has(.msg:target) main>:not(:target){display:none}
"""


def markdown(text: str, names: dict[int, str]) -> str:
    """Discord's markdown, enough to read: code, bold, italics, quotes, headers, mentions, links."""
    out: list[str] = []
    parts = re.split(r"(```.*?```)", text, flags=re.S)
    for i, part in enumerate(parts):
        if i % 2:
            body = part[3:-3]
            body = body.split("\n", 1)[1] if "\n" in body and re.fullmatch(r"\w*", body.split("\n", 1)[0]) else body
            out.append(f"<pre>{html.escape(body)}</pre>")
        else:
            out.append(_inline_lines(part, names))
    return "".join(out)


def _inline_lines(text: str, names: dict[int, str]) -> str:
    lines = []
    for line in text.split("\n"):
        m = re.match(r"(#{1,3}) (.*)", line)
        if m:
            n = len(m.group(1))
            lines.append(f"<h{n}>{_inline(m.group(2), names)}</h{n}>")
            continue
        if line.startswith("-# "):
            lines.append(f'<span class="sub">{_inline(line[3:], names)}</span>')
            continue
        if line.startswith("> "):
            lines.append(f"<blockquote>{_inline(line[2:], names)}</blockquote>")
            continue
        lines.append(_inline(line, names))
    # Block elements carry their own line break.
    joined = ""
    for i, line in enumerate(lines):
        joined += line
        if i < len(lines) - 1 and not re.search(r"</(h\d|blockquote)>$", line):
            joined += "\n"
    return joined


def _inline(text: str, names: dict[int, str]) -> str:
    codes: list[str] = []

    def stash(m: re.Match[str]) -> str:
        codes.append(f"<code>{html.escape(m.group(1))}</code>")
        return f"\x00{len(codes) - 1}\x00"

    text = re.sub(r"`([^`]+)`", stash, text)
    text = html.escape(text, quote=False)
    text = re.sub(
        r"&lt;@!?(\d+)&gt;",
        lambda m: f'<span class="mention">@{html.escape(names.get(int(m.group(1)), m.group(1)))}</span>',
        text,
    )
    text = re.sub(r"&lt;#(\d+)&gt;", r'<span class="mention">#channel</span>', text)
    text = re.sub(r"&lt;t:(\d+)(?::\w)?&gt;", r'<span class="mention">⏲ \1</span>', text)
    text = re.sub(r"\[([^\]]+)\]\((https?://[^)\s]+)\)", r'<a href="\2">\1</a>', text)
    text = re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)
    text = re.sub(r"__(.+?)__", r"<u>\1</u>", text)
    text = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?!\w)", r"<i>\1</i>", text)
    text = re.sub(r"(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)", r"<i>\1</i>", text)
    text = re.sub(r"~~(.+?)~~", r"<s>\1</s>", text)
    text = re.sub(r"\|\|(.+?)\|\|", r'<span style="background:#1e1f22">\1</span>', text)
    return re.sub(r"\x00(\d+)\x00", lambda m: codes[int(m.group(1))], text)


def _embed(embed: dict[str, Any], names: dict[int, str], files: dict[str, bytes] | None = None) -> str:
    colour = embed.get("color")
    style = f' style="border-left-color:#{colour:06x}"' if isinstance(colour, int) else ""
    parts = [f'<div class="embed"{style}>']
    if embed.get("author", {}).get("name"):
        parts.append(f'<div class="author">{html.escape(embed["author"]["name"])}</div>')
    if embed.get("title"):
        parts.append(f'<div class="title">{_inline(embed["title"], names)}</div>')
    if embed.get("description"):
        parts.append(f'<div class="desc">{markdown(embed["description"], names)}</div>')
    if embed.get("fields"):
        parts.append('<div class="fields">')
        for f in embed["fields"]:
            cls = "field inline" if f.get("inline") else "field"
            parts.append(
                f'<div class="{cls}"><div class="name">{_inline(str(f.get("name", "")), names)}</div>'
                f'<div class="value">{markdown(str(f.get("value", "")), names)}</div></div>'
            )
        parts.append("</div>")
    image = str((embed.get("image") or {}).get("url", ""))
    data = (files or {}).get(image.removeprefix("attachment://"))
    if data is not None:  # the picture as Discord shows it: the embed's width, scaled down
        parts.append(f'<img class="image" alt="{html.escape(image)}" src="data:image/png;base64,{base64.b64encode(data).decode()}">')
    if embed.get("footer", {}).get("text"):
        parts.append(f'<div class="footer">{html.escape(embed["footer"]["text"])}</div>')
    parts.append("</div>")
    return "".join(parts)


def _components(components: list[dict[str, Any]]) -> str:
    rows = []
    for row in components:
        items = []
        for comp in row.get("components", [row]):
            off = " disabled" if comp.get("disabled") else ""
            if comp.get("type") == 2:
                style = BUTTON_STYLES.get(comp.get("style", 2), "secondary")
                emoji = (comp.get("emoji") or {}).get("name") or ""
                label = html.escape(f"{emoji} {comp.get('label') or ''}".strip())
                items.append(f'<button class="btn {style}"{off}>{label}</button>')
            elif comp.get("type") == 3:
                opts = "".join(
                    f"<li>{html.escape(o.get('label', ''))}"
                    + (f"<small>{html.escape(o['description'])}</small>" if o.get("description") else "")
                    + "</li>"
                    for o in comp.get("options", [])
                )
                ph = html.escape(comp.get("placeholder") or "Make a selection")
                cls = "select off" if comp.get("disabled") else "select"
                items.append(
                    f'<details class="{cls}"><summary class="ph">{ph} ▾</summary><ul>{opts}</ul></details>'
                )
        rows.append(f'<div class="row">{"".join(items)}</div>')
    return "".join(rows)


def _version(version: dict[str, Any], names: dict[int, str], files: dict[str, bytes] | None = None) -> str:
    out = []
    if version.get("content"):
        out.append(f'<div class="content">{markdown(version["content"], names)}</div>')
    out.extend(_embed(e, names, files) for e in version.get("embeds") or [])
    out.append(_components(version.get("components") or []))
    return "".join(out)


def _where(fake: FakeDiscord, msg: FakeMessage) -> str:
    channel = fake.channels.get(msg.channel_id)
    if channel is None:
        return ""
    if channel.type == DM:
        return "Direct message"
    return f"#{channel.name}"


def _message(fake: FakeDiscord, msg: FakeMessage, names: dict[int, str]) -> str:
    author = fake.users[msg.author_id]
    initial = html.escape(author.name[:1].upper())
    avatar_cls = "avatar" if author.bot else "avatar user"
    tag = '<span class="bot">APP</span>' if author.bot else ""
    edited = f' <span class="edited">(edited {len(msg.history)}×)</span>' if msg.history else ""
    head = (
        f'<div class="{avatar_cls}">{initial}</div><div class="body">'
        f'<span class="who">{html.escape(author.name)}</span>{tag}'
        f'<span class="where">{html.escape(_where(fake, msg))}</span>{edited}'
    )
    body = _version(msg.snapshot(), names, msg.files)
    if msg.ephemeral:
        body += '<div class="eph">👁 Only you can see this</div>'
    if msg.history:
        olds = "".join(f'<div class="old">{_version(v, names)}</div>' for v in msg.history)
        body += f"<details><summary>earlier versions ({len(msg.history)})</summary>{olds}</details>"
    cls = "msg"
    if msg.deleted:
        cls += " deleted"
        body = f"<details><summary>deleted message</summary>{body}</details>"
    return f'<div class="{cls}" id="m{msg.id}">{head}{body}</div></div>'


def _action(fake: FakeDiscord, ix: Any) -> str | None:
    """One line for what the user did: '/haunted new short:True', 'pressed Join', 'picked …'."""
    data = ix.payload.get("data") or {}
    where = _where_channel(fake, ix.channel_id)
    if ix.type == APPLICATION_COMMAND:
        path = " ".join([data.get("name", "?"), *_subcommand_path(data)])
        opts = _leaf_options(data)
        args = " ".join(f"{o['name']}:{o.get('value')}" for o in opts)
        what = f"used <b>/{html.escape(path)}</b> {html.escape(args)}"
    elif ix.type == MESSAGE_COMPONENT:
        components = ix.payload.get("message", {}).get("components", [])
        label = _component_label(components, data.get("custom_id"))
        if data.get("component_type") == 3:
            picked = _option_labels(components, data.get("custom_id"), data.get("values", []))
            what = f"picked <b>{html.escape(', '.join(picked))}</b> in {html.escape(label)}"
        else:
            what = f"pressed <b>{html.escape(label)}</b>"
    elif ix.type == MODAL_SUBMIT:
        what = "submitted a form"
    else:
        return None
    return f'<div class="action">▸ {html.escape(fake.users[ix.user_id].name)} {what} <span class="where">{where}</span></div>'


def _where_channel(fake: FakeDiscord, channel_id: int) -> str:
    channel = fake.channels.get(channel_id)
    if channel is None:
        return ""
    return "in a DM" if channel.type == DM else f"in #{html.escape(channel.name or '')}"


def _leaf_options(data: dict[str, Any]) -> list[dict[str, Any]]:
    options = data.get("options") or []
    while options and options[0].get("type") in (1, 2):
        options = options[0].get("options") or []
    return options


def _component_label(components: list[dict[str, Any]], custom_id: str | None) -> str:
    for comp in components:
        if comp.get("custom_id") == custom_id:
            return comp.get("label") or comp.get("placeholder") or "a menu"
        found = _component_label(comp.get("components", []), custom_id)
        if found != "?":
            return found
    return "?"


def _option_labels(components: list[dict[str, Any]], custom_id: str | None, values: list[str]) -> list[str]:
    """What the player saw for the values they picked: each option's label (a value the menu
    does not list, as a forged click may send, stays as it is)."""
    for comp in components:
        if comp.get("custom_id") == custom_id:
            labels = {o.get("value"): o.get("label") for o in comp.get("options") or []}
            return [labels.get(v) or v for v in values]
        found = _option_labels(comp.get("components", []), custom_id, values)
        if found is not values:
            return found
    return values


def page(fake: FakeDiscord, user_id: int, title: str) -> str:
    """The HTML page of everything this user did and saw, oldest first."""
    names = {u.id: u.name for u in fake.users.values()}
    uid = user_id
    seen: dict[int, FakeMessage] = {}
    for guild in fake.guilds.values():
        if uid in guild.member_ids:
            for cid in guild.channel_ids:
                seen.update(fake.channels[cid].messages)
    seen.update((m.id, m) for m in fake.ephemeral_by_user.get(uid, []))
    dm = fake.dm_channels.get(uid)
    if dm is not None:
        seen.update(fake.channels[dm].messages)
    items: list[tuple[int, str]] = [(m.id, _message(fake, m, names)) for m in seen.values()]
    for ix in fake.interactions.values():
        if ix.user_id == uid:
            line = _action(fake, ix)
            if line:
                items.append((ix.id, line))
    items.sort(key=lambda item: item[0])
    who = html.escape(names.get(uid, str(uid)))
    return (
        f'<!doctype html><html><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<title>{html.escape(title)} · {who}</title><style>{CSS}</style></head><body>"
        f"<header>{html.escape(title)} · as seen by {who}</header><main>"
        + "".join(body for _, body in items)
        + "</main></body></html>"
    )


def write(fake: FakeDiscord, directory: Path, title: str) -> list[Path]:
    """Write one page per user who saw or did anything; returns the paths."""
    directory.mkdir(parents=True, exist_ok=True)
    acted = {ix.user_id for ix in fake.interactions.values()}
    written = []
    for user in fake.users.values():
        if user.bot or (user.id not in acted and user.id not in fake.dm_channels):
            continue
        path = directory / f"{re.sub(r'[^A-Za-z0-9_.-]+', '_', user.name)}.html"
        path.write_text(page(fake, user.id, title), encoding="utf-8")
        written.append(path)
    return written
