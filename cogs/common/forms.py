"""Forms (Discord modals) that the bot keeps nothing of while they are open.

discord.py keeps every form it sends (a `Modal` with its inputs, a timeout task, and whatever its
callbacks hold) until it is answered or its timeout passes, and the answer's handler waits for its
work slot as discord.py's task, holding the form. In a 1,000-channel burst the Apocrypha guide's
forms, kept 15 minutes each, were a large part of what the bot held at its peak (689 at one).

Ours are sent stopped, so discord.py keeps none of them. A form's custom id says what it is for,
`gmf:<session>:<verb>`, and each input has a fixed custom id; the answer (a modal submission) is
read from the interaction alone (`answer_of`) and handed to the game's cog (`GameCog.on_form`, by
`cogs.game`). A form therefore still works after a restart, and when the bot is busy its answer
waits for a work slot as a small record, as clicks do (`replies.later`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

import discord

from cogs.common.replies import FIRST_BYTES

FORM = re.compile(r"gmf:(?P<sid>\d+):(?P<verb>[a-z_]+)")
# A form sent by an older bot, which kept it in memory: its answer reaches nobody now.
STALE_FORM = "That form was opened before the bot restarted, so nothing was done. Please open it again from your panel."


def form_id(session_id: int, verb: str) -> str:
    return f"gmf:{session_id}:{verb}"


@dataclass(frozen=True, slots=True)
class Answer:
    """A form's answer: the session and form it was opened for, and each input's text by its id."""

    session_id: int
    verb: str
    values: dict[str, str]


def answer_of(interaction: discord.Interaction) -> Answer | None:
    """The answer to one of our forms carried by a modal submission, or None if it is not one."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    match = FORM.fullmatch(str(data.get("custom_id", "")))
    if interaction.type is not discord.InteractionType.modal_submit or match is None:
        return None
    return Answer(int(match["sid"]), match["verb"], values_of(data.get("components") or []))


def values_of(components: list[dict[str, Any]]) -> dict[str, str]:
    """Each input's text by its custom id, in either layout Discord sends (action rows or labels)."""
    found: dict[str, str] = {}
    for comp in components:
        if "custom_id" in comp and "value" in comp:
            found[str(comp["custom_id"])] = str(comp["value"] or "")
        elif "custom_id" in comp and "values" in comp:
            found[str(comp["custom_id"])] = ", ".join(str(v) for v in comp["values"])
        found.update(values_of(comp.get("components") or []))
        if isinstance(comp.get("component"), dict):
            found.update(values_of([comp["component"]]))
    return found


def stale(interaction: discord.Interaction) -> bool:
    """A modal submission nobody will answer: not one of ours, and unknown to discord.py (a form
    sent by an older bot before a restart, which kept it in memory)."""
    if interaction.type is not discord.InteractionType.modal_submit or answer_of(interaction) is not None:
        return False
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    modals = getattr(getattr(interaction._state, "_view_store", None), "_modals", {})
    return str(data.get("custom_id", "")) not in modals


async def send_form(interaction: discord.Interaction, form: discord.ui.Modal) -> None:
    """Answer a click with one of our forms (its custom id from `form_id`): sent stopped, so
    discord.py keeps nothing of it; its answer comes back as a modal submission (`answer_of`)."""
    form.stop()
    FIRST_BYTES.note(interaction)
    await interaction.response.send_modal(form)
