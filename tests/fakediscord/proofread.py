"""Proofreading: every text the bot showed, every version of it, read for slips a player would notice.

The `fake_discord` fixture runs `findings(fake)` at teardown, so every end-to-end game is read
whole: unfilled placeholders ("{0}", "@{seat}", "<@None>"), a count that disagrees with its noun
or verb ("1 have joined", "(1 characters)", "2 card"), a doubled stop ("You drew Attacked!."), and a public message that speaks to
"you" as if only one person read the channel.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .state import DM, embed_text

if TYPE_CHECKING:
    from .server import FakeDiscord

PLACEHOLDER = re.compile(r"\{[A-Za-z_0-9.]*\}|<@!?None>|<@0>|@None\b")

# Nouns the games count. "1 <plural>" and "<other> <singular>" are agreement slips.
NOUNS = {
    "player": "players", "card": "cards", "character": "characters", "die": "dice",
    "turn": "turns", "point": "points", "line": "lines", "saint": "saints", "month": "months",
    "round": "rounds", "action": "actions", "wound": "wounds", "token": "tokens",
    "seat": "seats", "agent": "agents", "life": "lives", "vote": "votes", "step": "steps",
    "reroll": "rerolls", "minute": "minutes", "hour": "hours", "second": "seconds",
    "fragment": "fragments", "death": "deaths", "faith": "faith", "follower": "followers",
    "disciple": "disciples", "pool": "pools", "resource": "resources", "spell": "spells",
    "success": "successes", "failure": "failures", "director": "directors",
}
PLURALS = {p for s, p in NOUNS.items() if p != s} | {"have", "are", "were"}
# "line 3 is" is a label, not a count: only plural verbs after a 1 are slips.
SINGULARS = {s for s, p in NOUNS.items() if p != s}
# A noun used as an adjective ("10 die rolls") is not a count of it.
COUNT = re.compile(r"(?<![\w.,/×+\-#])(\d+) ([a-z]+)\b(?![\-']| rolls?\b)")
# A sentence ended twice: "You drew Attacked!." (a name that ends in "!" before a full stop).
DOUBLED = re.compile(r"[!?]\.(?!\.)|(?<![.\w])\.\.(?!\.)|(?<=\w)\.\.(?!\.)")
# A public sentence that opens with "You"/"Your" talks to one reader in a room of many.
SECOND_PERSON = re.compile(r"(?:^|[.!?]\s+|\n)\**(You|Your)\b")


def texts_of(version: dict[str, Any]) -> Iterator[str]:
    """Every human-readable string of one message version: content, embeds, component labels."""
    if version.get("content"):
        yield version["content"]
    for embed in version.get("embeds") or []:
        yield from embed_text(embed)
    yield from _component_texts(version.get("components") or [])


def _component_texts(components: list[dict[str, Any]]) -> Iterator[str]:
    for comp in components:
        for key in ("label", "placeholder"):
            if comp.get(key):
                yield str(comp[key])
        for opt in comp.get("options", []):
            yield str(opt.get("label", ""))
            if opt.get("description"):
                yield str(opt["description"])
        yield from _component_texts(comp.get("components", []))


def _around(text: str, m: re.Match[str]) -> str:
    return text[max(0, m.start() - 60) : m.end() + 60]


def agreement_slips(text: str) -> list[str]:
    return [m.group(0) for m in _agreement(text)]


def _agreement(text: str) -> list[re.Match[str]]:
    out = []
    for m in COUNT.finditer(text):
        n, word = int(m.group(1)), m.group(2)
        if (n == 1 and word in PLURALS) or (n != 1 and word in SINGULARS):
            out.append(m)
    return out


def check_text(text: str, *, public: bool) -> list[str]:
    """What is wrong with one text (each with its surroundings): placeholders, agreement, and
    (in public) the second person."""
    out = [f"unfilled placeholder {m.group(0)!r} in {_around(text, m)!r}" for m in PLACEHOLDER.finditer(text)]
    out += [f"agreement {m.group(0)!r} in {_around(text, m)!r}" for m in _agreement(text)]
    out += [f"doubled stop {m.group(0)!r} in {_around(text, m)!r}" for m in DOUBLED.finditer(text)]
    if public:
        out += [
            f"second person in public {m.group(0).strip()!r} in {_around(text, m)!r}"
            for m in SECOND_PERSON.finditer(text)
        ]
    return out


def findings(fake: FakeDiscord) -> list[str]:
    """Every slip in every version of every bot message."""
    found: dict[str, None] = {}
    for msg in fake.messages_by_id.values():
        if msg.author_id != fake.bot_user.id:
            continue
        channel = fake.channels.get(msg.channel_id)
        public = not msg.ephemeral and channel is not None and channel.type != DM
        for version in [*msg.history, msg.snapshot()]:
            # A control's label ("My hand", "Your starting nexus…") speaks to whoever clicks it.
            controls = set(_component_texts(version.get("components") or []))
            for text in texts_of(version):
                for problem in check_text(text, public=public and text not in controls):
                    found[problem] = None
    return list(found)
