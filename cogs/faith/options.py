"""One-line descriptions for Faith's select options (Discord allows 100 characters under each option).

`card_line` says what a card is and does; `option_description` says what one panel command
will do (play, use, move, pray, challenge), with the numbers the table shows now.
"""

from __future__ import annotations

from typing import Any

from bot.games.faith.cards import Card, card
from bot.games.faith.effects import ability_line, card_lines
from bot.games.faith.keywords import KEYWORDS, STEADFAST, ZEALOUS
from cogs.common.text import OPTION_DESCRIPTION_MAX, clip

EXHAUST = "Exhaust"  # the card text's cloud symbol, spelled out where there is no legend


def _joined(parts: list[str]) -> str:
    return " ".join(p if p.endswith(".") else p + "." for p in parts if p)


def card_line(c: Card) -> str:
    """The card in one line: stats, keywords and text, spelled out when they fit."""
    stats = [f"Health {c.health}, strength {c.strength}, prayer {c.prayer}"] if c.type == "character" else []
    text = [line.replace("☁", EXHAUST) for line in card_lines(c)[len(c.keywords) :]]
    explained = [f"{kw} ({KEYWORDS[kw]})" for kw in c.keywords]
    line = _joined(stats + explained + text)
    if len(line) > OPTION_DESCRIPTION_MAX:  # keyword names alone, so the card's own text still shows
        line = _joined(stats + list(c.keywords) + text)
    return clip(line or f"{c.type.capitalize()} with no text of its own.", OPTION_DESCRIPTION_MAX)


def _in_play(view: dict[str, Any], uid: int | None) -> dict[str, Any] | None:
    for s in view["public"]["seats"]:
        for ip in s["field"]:
            if ip["uid"] == uid:
                return dict(ip)
    return None


def _place(view: dict[str, Any], ip: dict[str, Any]) -> Card | None:
    where = _in_play(view, ip.get("location"))
    return card(where["card"]) if where else None


def _strength(view: dict[str, Any], ip: dict[str, Any]) -> int:
    where = _place(view, ip)
    return max(0, (card(ip["card"]).strength or 0) + ip.get("strength_bonus", 0) + (where.bonus_strength if where else 0))


def _health(view: dict[str, Any], ip: dict[str, Any]) -> int:
    where = _place(view, ip)
    return max(1, (card(ip["card"]).health or 1) + (where.bonus_health if where else 0))


def _prayer(view: dict[str, Any], ip: dict[str, Any]) -> int:
    where = _place(view, ip)
    return (card(ip["card"]).prayer or 0) + (where.bonus_prayer if where else 0)


def _challenge(view: dict[str, Any], attacker: dict[str, Any], defender: dict[str, Any]) -> str:
    a, d = card(attacker["card"]), card(defender["card"])
    dealt = max(0, _strength(view, attacker) - (STEADFAST in d.keywords))
    taken = max(0, _strength(view, defender) - (STEADFAST in a.keywords))
    after = defender["damage"] + dealt
    health = _health(view, defender)
    fate = "exiled" if after >= health else f"at {after}/{health}"
    if after >= health and ZEALOUS in a.keywords:
        taken = 0
    # Short names (the label has the full titles): "Exhausts Hannah: deals 1 damage (Nimrod at 1/4)".
    return f"Exhausts {a.name}: deals {dealt} damage ({d.name} {fate}), takes {taken} back."


def _move(c: Card, paid: str | None) -> str:
    colour = c.side if c.side != "neutral" else paid
    pay = f"1 {colour} energy" if colour else "1 energy of either colour"
    return _joined([f"Costs {pay}", *card_lines(c)])


def option_description(command: dict[str, Any], view: dict[str, Any]) -> str:
    """What a panel command does, in Discord's 100 characters."""
    kind = command["type"]
    text = ""
    if kind == "play":
        held = next(h for h in view["private"]["hand"] if h["uid"] == command["card"])
        return card_line(card(held["card"]))
    actor = {"ability": "card", "move": "character", "pray": "character", "challenge": "attacker"}.get(kind)
    ip = _in_play(view, command.get(actor)) if actor else None
    if ip is None:
        return ""
    c = card(ip["card"])
    if kind == "ability" and command["index"] < len(c.abilities):
        text = ability_line(c.abilities[command["index"]], EXHAUST)
    elif kind == "move":
        where = _in_play(view, command["location"])
        text = _move(card(where["card"]), command.get("pay")) if where else ""
    elif kind == "pray":
        text = f"Exhausts {c.name} to gain {_prayer(view, ip)} Faith."
    elif kind == "challenge":
        target = _in_play(view, command["target"])
        text = _challenge(view, ip, target) if target else ""
    return clip(text, OPTION_DESCRIPTION_MAX)
