"""Text for the `/roll` and `/check` embeds, as pure functions so they are tested without Discord.

Conventions in both: a kept die is plain (or bold in a check), a dropped one
~~struck through~~, a rerolled die shows what it was before (↻), an exploding
die carries 💥.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.dice import BONUS, CheckResult, Die
from bot.rolling import DiceTerm, DieRoll, RollResult

TITLE_LIMIT = 256
DESCRIPTION_LIMIT = 4096
DICE_SHOWN_PER_TERM = 50  # a 100-die term would crowd out everything else

ROLL_COLOUR = 0x5865F2
COLOURS = {"body": 0x2ECC71, "mind": 0x9B59B6, "rage": 0xE74C3C, "soul": 0x3498DB}
SQUARES = {"body": "🟩", "mind": "🟪", "rage": "🟥", "soul": "🟦", BONUS: "⬜"}


@dataclass(frozen=True)
class Card:
    """What an embed shows: the cog turns it into a `discord.Embed`."""

    title: str
    lines: list[str]
    colour: int

    @property
    def description(self) -> str:
        return "\n".join(self.lines)


def render_roll(result: RollResult, reason: str | None = None) -> Card:
    lines: list[str] = []
    plain = [term.notation for term in result.terms] == [result.expression]  # the term line says it all
    if reason and not plain:
        lines.append(_code(result.expression))
    body = [_term_line(term) for term in result.terms]
    tail = [f"**Total: {result.total}**"]
    return Card(
        title=_clip(reason or result.expression, TITLE_LIMIT),
        lines=_fit(lines, body, tail),
        colour=ROLL_COLOUR,
    )


def render_check(result: CheckResult, reason: str | None = None) -> Card:
    name = f"{result.virtue.capitalize()} check"
    if result.target is not None:
        name += f" vs. {result.target}"
    lines: list[str] = [name] if reason else []
    for colour in _colours_in_order(result):
        dice = [die for die in result.pool.dice if die.colour == colour]
        label = "Bonus" if colour == BONUS else colour.capitalize()
        lines.append(f"{SQUARES[colour]} {label}: " + " · ".join(_check_die(die) for die in dice))
    kept = [die.value for die in result.pool.dice if die.kept]
    lines.append(f"Kept {' + '.join(map(str, kept))} = **{result.total}**")
    if result.rerolled:
        count = len(result.rerolled)
        lines.append(f"↻ {count} {'die' if count == 1 else 'dice'} rerolled for the assist.")
    lines += [f"*{note}.*" for note in result.notes]
    if result.margin is not None:
        lines.append(verdict(result.margin))
    return Card(
        title=_clip(reason or name, TITLE_LIMIT), lines=lines, colour=COLOURS.get(result.virtue, ROLL_COLOUR)
    )


def verdict(margin: int) -> str:
    """The outcome line of a check against a target; a shortfall is the damage a threat deals."""
    if margin > 0:
        return f"✅ **Success** by {margin}"
    if margin == 0:
        return "✅ **Success**, exactly on target"
    return f"❌ **Failure**: short by {-margin} ({-margin} damage vs. a threat)"


def _term_line(term: DiceTerm) -> str:
    shown = [_roll_die(die, term.kept) for die in term.dice[:DICE_SHOWN_PER_TERM]]
    hidden = len(term.dice) - len(shown)
    if hidden:
        shown.append(f"… {hidden} more")
    line = f"{_code(term.notation)} {', '.join(shown)}"
    return f"{line} → {term.total}" if term.kept else f"{line} (dropped)"


def _roll_die(die: DieRoll, term_kept: bool) -> str:
    final = str(die.value) if die.adjusted_from is None else f"{die.adjusted_from}→{die.value}"
    if die.exploded:
        final += "💥"
    if not (die.kept and term_kept):
        return "~~" + "→".join([*map(str, die.rerolled_from), final]) + "~~"
    return "".join(f"~~{face}~~→" for face in die.rerolled_from) + final  # faces rerolled away


def _check_die(die: Die) -> str:
    before = [note.split()[1].split("→")[0] for note in die.notes if note.startswith("rerolled ")]
    text = str(die.value)
    text = f"**{text}**" if die.kept else f"~~{text}~~"
    if before:
        text += f" (↻{before[0]})"
    if any(note.startswith("exploded") for note in die.notes):
        text += "💥"
    if die.trashed:
        text += " 🗑"
    return text


def _colours_in_order(result: CheckResult) -> list[str]:
    seen: list[str] = []
    for die in result.pool.dice:
        if die.colour not in seen:
            seen.append(die.colour)
    return seen


def _fit(head: list[str], body: list[str], tail: list[str]) -> list[str]:
    """Drop body lines from the end, with a count, until the whole fits an embed description."""
    budget = DESCRIPTION_LIMIT - len("\n".join(head + tail)) - 40
    kept: list[str] = []
    for line in body:
        if len(line) + 1 > budget:
            kept.append(f"… and {len(body) - len(kept)} more terms")
            break
        kept.append(line)
        budget -= len(line) + 1
    return head + kept + tail


def _code(text: str) -> str:
    """An inline code span; a backtick inside (possible in a [label]) would end it early."""
    return "`" + text.replace("`", "'") + "`"


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
