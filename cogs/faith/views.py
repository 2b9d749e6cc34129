"""Faith's panel components, built from the engine's legal actions, and clicks decoded back to commands.

A select option's value is a compact command ("pl:12:5:-:-:-:1" = play card 12 at target 5
paying 1 of the neutral cost with light); `decode` turns it back into the engine's command data.

Every legal action is reachable by clicks. A select holds at most 25 options, so a category with
more (say, a card with many targets) first lists its subjects (the card, or the character
acting); picking one (value "gp:<key>") opens a private menu of that subject's commands, four
selects a page with Previous/Next buttons (verb "page"). A category with more than 25 subjects
ends its panel select with "More…", a menu of them all.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.faith.cards import card
from bot.games.faith.energy import split_options
from bot.games.faith.state import Seat as SeatState
from cogs.common.components import GameButton, GameSelect
from cogs.common.text import LABEL_MAX, clip, plural
from cogs.faith.options import card_line, option_description
from cogs.faith.render import DARK, LIGHT, cost_text, numbered

FIELDS = {
    "pl": ("play", ["card", "target", "target2", "opponent", "recite", "neutral_light"]),
    "ab": ("ability", ["card", "index", "target", "target2", "opponent", "neutral_light"]),
    "mv": ("move", ["character", "location", "pay"]),
    "pr": ("pray", ["character"]),
    "ch": ("challenge", ["attacker", "target"]),
}
CODES = {kind: code for code, (kind, _) in FIELDS.items()}
MAX_OPTIONS = 25
Who = Callable[[int], str]  # a seat's name on the panel ("yours" for the panel's own seat)
Choice = tuple[str, str, str | None]  # a select option: label, value, the line under it


def seat_words(seat: int) -> str:
    return f"seat {seat + 1}"


PAY = {"light": "l", "dark": "d"}  # a move's energy for a neutral location, one letter in a value
PAID = {v: k for k, v in PAY.items()}


def encode(command: dict[str, Any]) -> str:
    code = CODES[command["type"]]
    values = [
        "-" if command.get(f) is None else PAY[command[f]] if f == "pay" else str(command[f])
        for f in FIELDS[code][1]
    ]
    return ":".join([code, *values])


def _field(name: str, v: str) -> Any:
    if v == "-":
        return None
    return PAID[v] if name == "pay" else int(v)


def decode(value: str) -> dict[str, Any] | None:
    code, *values = value.split(":")
    if code not in FIELDS:
        return None
    kind, fields = FIELDS[code]
    if len(values) != len(fields):
        return None
    if not all(
        v == "-" or (v in PAID if f == "pay" else v.isdigit()) for f, v in zip(fields, values, strict=True)
    ):
        return None
    return {"type": kind, **{f: _field(f, v) for f, v in zip(fields, values, strict=True)}}


def names_of(view: dict[str, Any]) -> dict[int, str]:
    """Each card's title by uid, copies in a zone (a seat's field, the hand) numbered as the
    table and the hand list number them."""
    names: dict[int, str] = {}
    for s in view["public"]["seats"]:
        names.update(numbered(s["field"]))
    names.update(numbered(view.get("private", {}).get("hand", [])))
    return names


def _where(view: dict[str, Any], uid: int, who: Who) -> str:
    """Whose field a card is on, and its damage: " (Bob, 1 damage)"."""
    for i, s in enumerate(view["public"]["seats"]):
        for ip in s["field"]:
            if ip["uid"] == uid:
                hurt = f", {ip['damage']} damage" if ip.get("damage") else ""
                return f" ({who(i)}{hurt})"
    return ""


def describe(command: dict[str, Any], view: dict[str, Any], who: Who = seat_words, *, short: bool = False) -> str:
    """An option's label: the move and what it aims at, each card's owner named by `who`.
    short: without its subject (the card, or the character acting), for a menu that names it."""
    names = names_of(view)

    def at(key: str, word: str) -> list[str]:
        uid = command.get(key)
        return [] if uid is None else [f"{word} {names.get(uid, '?')}{_where(view, uid, who)}"]

    kind = command["type"]
    extra: list[str] = []  # after a comma
    vs = [f"vs {who(command['opponent'])}"] if command.get("opponent") is not None else []
    if kind == "play":
        c = card(view_card(view, command["card"]))
        head = f"Play {names.get(command['card'], c.title)} ({cost_text(c)})"
        tail = at("target", "→") + at("target2", "and") + vs
        if command.get("recite") is not None:
            extra = [f"reciting with {names.get(command['recite'], '?')}"]
        elif command.get("neutral_light") is not None:
            nl = command["neutral_light"]
            extra = [f"{'pay' if short else 'neutral paid'} {nl}{LIGHT} {c.neutral - nl}{DARK}"]
    elif kind == "ability":
        head, tail = f"Use {names.get(command['card'], '?')}", at("target", "→") + at("target2", "and") + vs
    elif kind == "move":
        head, tail = f"Move {names.get(command['character'], '?')}", at("location", "to")
        if command.get("pay") is not None:
            extra = [f"pay 1{LIGHT if command['pay'] == 'light' else DARK}"]
    elif kind == "pray":
        head, tail = f"Pray with {names.get(command['character'], '?')}", []
        if short:
            return "Pray"
    else:
        head, tail = f"Challenge with {names.get(command['attacker'], '?')}", at("target", "→")
        if short:
            return "Challenge " + tail[0][2:]
    if short and (tail or extra):
        # The part that tells options apart first, as a label is cut at 100 characters.
        text = " · ".join(filter(None, [*extra, " ".join(tail).removeprefix("→ ")]))
        return text[0].upper() + text[1:]
    return " ".join([head, *tail]) + "".join(f", {e}" for e in extra)


def view_card(view: dict[str, Any], uid: int) -> str:
    for h in view.get("private", {}).get("hand", []):
        if h["uid"] == uid:
            return h["card"]
    raise KeyError(uid)


def with_payments(commands: list[dict[str, Any]], view: dict[str, Any], seat: int) -> list[dict[str, Any]]:
    """Each paid play once per way to split its neutral cost, when there is a choice."""
    pool = SeatState.model_validate(view["public"]["seats"][seat])
    out: list[dict[str, Any]] = []
    for cmd in commands:
        if cmd["type"] != "play" or cmd.get("recite") is not None:
            out.append(cmd)
            continue
        c = card(view_card(view, cmd["card"]))
        light, dark = (c.cost, 0) if c.side == "light" else (0, c.cost) if c.side == "dark" else (0, 0)
        splits = split_options(pool, light, dark, c.neutral)
        if len(splits) <= 1:
            out.append(cmd)
        else:
            out += [{**cmd, "neutral_light": nl} for nl in splits]
    return out


PAGE_SELECTS = 4  # selects on one page of a menu (the fifth row holds the page buttons)
GROUP = "gp"  # a select value that opens a menu instead of acting: "gp:<key>"
CATEGORIES = {
    "1": ("Play a card…", ("play",)),
    "2": ("Use an ability or move a character…", ("ability", "move")),
    "3": ("Pray or challenge…", ("pray", "challenge")),
}


def subject(command: dict[str, Any]) -> str:
    """What a command is about (the first of the two steps): a hand or field card, or a character."""
    kind = command["type"]
    if kind in ("play", "ability"):
        return f"c{command['card']}"
    if kind == "move":
        return f"m{command['character']}"
    return f"a{command.get('attacker', command.get('character'))}"


def _subject_label(command: dict[str, Any], view: dict[str, Any], count: int) -> str:
    kind, names = command["type"], names_of(view)
    if kind == "play":
        c = card(view_card(view, command["card"]))
        head = f"Play {names.get(command['card'], c.title)} ({cost_text(c)})"
    elif kind == "ability":
        head = f"Use {names.get(command['card'], '?')}"
    elif kind == "move":
        head = f"Move {names.get(command['character'], '?')}"
    else:
        head = f"Pray or challenge with {names.get(command.get('attacker', command.get('character')), '?')}"
    return f"{head}… ({count} choices)"


def category_commands(cat: str, view: dict[str, Any], seat: int, legal: list[Any]) -> list[dict[str, Any]]:
    """A category's commands, each paid play once per way to split its neutral cost."""
    kinds = CATEGORIES[cat][1]
    commands = [c.model_dump() for c in legal if c.type in kinds]
    return with_payments(commands, view, seat) if cat == "1" else commands


def entries(
    key: str, view: dict[str, Any], seat: int, legal: list[Any], who: Who = seat_words
) -> list[Choice]:
    """The choices under a menu key: "<category>" or "<category>.<subject>".

    A category that fits one select (with labels that tell its options apart) lists its
    commands; a longer one lists one choice per subject (a card, or a character acting), which
    opens that subject's commands; a subject with a single command is that command."""
    cat, _, subj = key.partition(".")
    if cat not in CATEGORIES:
        return []
    commands = category_commands(cat, view, seat, legal)

    def leaf(c: dict[str, Any], short: bool = False) -> Choice:
        label = clip(describe(c, view, who, short=short), LABEL_MAX)
        return label, encode(c), option_description(c, view) or None

    if subj:
        return [leaf(c, short=True) for c in commands if subject(c) == subj]
    flat = [leaf(c) for c in commands[: MAX_OPTIONS + 1]]
    if len(flat) <= MAX_OPTIONS and len({label for label, _, _ in flat}) == len(flat):
        return flat  # fits one select, and no two labels were cut to the same text
    groups: dict[str, list[dict[str, Any]]] = {}
    for c in commands:
        groups.setdefault(subject(c), []).append(c)
    out: list[Choice] = []
    for s, group in groups.items():
        if len(group) == 1:
            out.append(leaf(group[0]))
        else:
            label = clip(_subject_label(group[0], view, len(group)), LABEL_MAX)
            out.append((label, f"{GROUP}:{cat}.{s}", _subject_line(group[0], view)))
    return out


def _subject_line(command: dict[str, Any], view: dict[str, Any]) -> str | None:
    """The line under a group: what the card is (for a play or an ability)."""
    if command["type"] == "play":
        return card_line(card(view_card(view, command["card"])))
    return None


def _select(session: int, arg: str, placeholder: str, choices: list[Choice]) -> GameSelect:
    options = [discord.SelectOption(label=label, value=value, description=line) for label, value, line in choices]
    return GameSelect(session, "do", arg, options=options, placeholder=placeholder)


def panel_select(session: int, cat: str, choices: list[Choice]) -> GameSelect:
    """A category's select on the panel; past 25 choices the last one opens them all, in pages."""
    if len(choices) > MAX_OPTIONS:
        more = len(choices) - (MAX_OPTIONS - 1)
        choices = [*choices[: MAX_OPTIONS - 1], (f"More… ({more} other choices)", f"{GROUP}:{cat}", None)]
    return _select(session, cat, CATEGORIES[cat][0], choices)


def menu_items(session: int, key: str, page: int, choices: list[Choice]) -> list[discord.ui.Item[Any]]:
    """One page of a menu: up to four selects of 25 choices, then Previous/Next when there are more."""
    size = MAX_OPTIONS * PAGE_SELECTS
    pages = max(1, -(-len(choices) // size))
    page = min(max(page, 0), pages - 1)
    shown = choices[page * size : (page + 1) * size]
    items: list[discord.ui.Item[Any]] = []
    for i in range(0, len(shown), MAX_OPTIONS):
        first = page * size + i + 1
        last = first + len(shown[i : i + MAX_OPTIONS]) - 1
        # Each select's id differs (Discord requires it); the value alone says what to do.
        placeholder = f"Choices {first}-{last} of {len(choices)}…"
        items.append(_select(session, f"{key}/{first}", placeholder, shown[i : i + MAX_OPTIONS]))
    if pages > 1:
        items.append(
            GameButton(session, "page", f"{key}:{page - 1}", label="◀ Previous", disabled=page == 0)
        )
        items.append(
            GameButton(session, "page", f"{key}:{page + 1}", label="Next ▶", disabled=page == pages - 1)
        )
    return items


def menu_title(key: str, page: int, choices: list[Choice]) -> str:
    size = MAX_OPTIONS * PAGE_SELECTS
    pages = max(1, -(-len(choices) // size))
    where = f" (page {min(max(page, 0), pages - 1) + 1} of {pages})" if pages > 1 else ""
    return f"Choose one of {plural(len(choices), 'choice')}{where}; only you see this."


def hand_options(hand: list[dict[str, Any]]) -> list[discord.SelectOption]:
    names = numbered(hand)
    return [
        discord.SelectOption(
            label=clip(names[h["uid"]], LABEL_MAX), value=str(h["uid"]), description=card_line(card(h["card"]))
        )
        for h in hand
    ]


def panel_items(
    session: int, seat: int, view: dict[str, Any], legal: list[Any], who: Who = seat_words
) -> list[discord.ui.Item[Any]]:
    pub = view["public"]
    phase = pub["phase"]
    if not legal:
        return []
    hand = view["private"]["hand"]
    if phase == "mulligan":
        return [
            GameButton(session, "keep", label="Keep this hand", style=discord.ButtonStyle.success),
            GameSelect(
                session,
                "mull",
                options=hand_options(hand),
                placeholder="Put cards on the bottom and draw back to 5…",
                max_values=len(hand),
            ),
        ]
    if phase == "gather":
        due = pub["energy_due"]
        return [
            GameButton(
                session,
                "gather",
                str(k),
                label=f"{k}{LIGHT} {due - k}{DARK}",
                style=discord.ButtonStyle.primary,
            )
            for k in range(due, -1, -1)
        ]
    if phase == "discard":
        extra = len(hand) - 7
        return [
            GameSelect(
                session,
                "discard",
                options=hand_options(hand),
                placeholder=f"Discard {plural(extra, 'card')}…",
                min_values=extra,
                max_values=extra,
            )
        ]
    items: list[discord.ui.Item[Any]] = []
    for cat in CATEGORIES:
        choices = entries(cat, view, seat, legal, who)
        if choices:
            items.append(panel_select(session, cat, choices))
    items.append(GameButton(session, "end", label="End turn", style=discord.ButtonStyle.danger))
    return items


def command_from(verb: str, arg: str | None, values: list[str]) -> dict[str, Any] | None:
    if verb == "keep":
        return {"type": "mulligan", "cards": []}
    if verb in ("mull", "discard"):
        if not all(v.isdigit() for v in values):
            return None
        return {"type": "mulligan" if verb == "mull" else "discard", "cards": [int(v) for v in values]}
    if verb == "gather" and arg is not None and arg.isdigit():
        return {"type": "gather", "light": int(arg)}
    if verb == "end":
        return {"type": "end_turn"}
    if verb == "do" and values:
        return decode(values[0])  # a group ("gp:…") is not a command: the cog opens its menu
    return None
