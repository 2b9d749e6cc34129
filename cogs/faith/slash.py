"""What `/faith play|recite|use|move|pray|challenge` offer: each a subject (a card or a character)
and then how (a target, a payment, a reciter), both autocompleted from the legal actions.

A choice's value is the subject key or the encoded command (views.subject / views.encode); a
player who types a name instead of picking a suggestion is matched by label.
"""

from __future__ import annotations

from typing import Any

from bot.engine.errors import GameError
from bot.games.faith.cards import card
from cogs.common.text import clip
from cogs.faith import views
from cogs.faith.render import cost_text

KINDS: dict[str, tuple[str, str]] = {  # slash command -> (engine command type, how it names its subject)
    "play": ("play", "card"),
    "recite": ("play", "psalm"),
    "use": ("ability", "card"),
    "move": ("move", "character"),
    "pray": ("pray", "character"),
    "challenge": ("challenge", "attacker"),
}
CHOICE_MAX = 100  # Discord's limit on a choice's name and value


def commands(kind: str, view: dict[str, Any], seat: int, legal: list[Any]) -> list[dict[str, Any]]:
    engine_type = KINDS[kind][0]
    found = [c.model_dump() for c in legal if c.type == engine_type]
    if kind == "play":
        return views.with_payments([c for c in found if c.get("recite") is None], view, seat)
    if kind == "recite":
        return [c for c in found if c.get("recite") is not None]
    return found


def subjects(kind: str, view: dict[str, Any], seat: int, legal: list[Any]) -> list[tuple[str, str]]:
    """(label, key) per card or character that can do this (copies are numbered, as on the panel)."""
    names = views.names_of(view)
    out: dict[str, str] = {}
    for c in commands(kind, view, seat, legal):
        key = views.subject(c)
        uid = int(key[1:])
        label = names.get(uid, "?")
        if kind in ("play", "recite"):
            label += f" ({cost_text(card(views.view_card(view, uid)))})"
        out.setdefault(key, label)
    return [(label, key) for key, label in out.items()]


def ways(
    kind: str, key: str, view: dict[str, Any], seat: int, legal: list[Any], who: views.Who = views.seat_words
) -> list[tuple[str, str]]:
    """(label, encoded command) for each legal way to do it with that subject."""
    return [
        (clip(views.describe(c, view, who, short=True), CHOICE_MAX), views.encode(c))
        for c in commands(kind, view, seat, legal)
        if views.subject(c) == key
    ]


def pick(typed: str, choices: list[tuple[str, str]], what: str) -> str:
    """The value of the choice the player meant: its value, or one label that matches the text."""
    typed = typed.strip()
    for _, value in choices:
        if value == typed:
            return value
    low = typed.lower()
    exact = [v for label, v in choices if label.lower() == low]
    found = exact or [v for label, v in choices if low and low in label.lower()]
    if len(found) == 1:
        return found[0]
    if not choices:
        raise GameError(f"There is no {what} you can choose now.")
    if not found:
        raise GameError(f"'{typed}' is not a {what} you can choose now; pick one of the suggestions.")
    raise GameError(f"'{typed}' matches several choices; pick one of the suggestions.")


def resolve(
    kind: str,
    subject_text: str,
    how_text: str | None,
    view: dict[str, Any],
    seat: int,
    legal: list[Any],
    who: views.Who = views.seat_words,
) -> dict[str, Any]:
    """The command a slash command names, or a GameError saying plainly what is missing."""
    what = KINDS[kind][1]
    key = pick(subject_text, subjects(kind, view, seat, legal), what)
    options = ways(kind, key, view, seat, legal, who)
    if how_text:
        value = pick(how_text, options, "choice for that " + what)
    elif len(options) == 1:
        value = options[0][1]
    else:
        raise GameError(f"That {what} can be used {len(options)} ways; pick one with the next option.")
    command = views.decode(value)
    assert command is not None
    return command
