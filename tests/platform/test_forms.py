"""Forms the bot keeps nothing of (`cogs.common.forms`): what their answers carry, which answers
nobody will read, and how a form's answer fails (`cogs.game`'s router): a refusal in plain words, a
refusal too late to deliver logged once, a bug apologised for; never raised into discord.py."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.engine.errors import GameError
from cogs import game
from cogs.common.forms import STALE_FORM, Answer, answer_of, form_id, stale, values_of

ROWS = [{"type": 1, "components": [{"type": 4, "custom_id": "saint", "value": "Zeez"}]}]
LABELS = [{"type": 18, "component": {"type": 4, "custom_id": "text", "value": "A cold wind."}}]


def submission(custom_id: str, components: list[dict[str, Any]], known: tuple[str, ...] = ()) -> Any:
    store = SimpleNamespace(_modals=dict.fromkeys(known))
    return SimpleNamespace(
        type=discord.InteractionType.modal_submit,
        data={"custom_id": custom_id, "components": components},
        _state=SimpleNamespace(_view_store=store),
    )


def test_an_answer_carries_its_session_its_form_and_each_inputs_text_in_either_layout() -> None:
    assert values_of([*ROWS, *LABELS]) == {"saint": "Zeez", "text": "A cold wind."}
    answer = answer_of(submission(form_id(42, "g_fragment_form"), [*ROWS, *LABELS]))
    assert answer == Answer(42, "g_fragment_form", {"saint": "Zeez", "text": "A cold wind."})
    assert answer_of(submission("gm:42:g_fragment_form", ROWS)) is None  # a button's id, not a form's


def test_only_an_answer_nobody_will_read_is_stale() -> None:
    assert stale(submission("5f1c0e9a2b7d4e6f", ROWS))  # sent by a bot that kept it, before a restart
    assert not stale(submission("5f1c0e9a2b7d4e6f", ROWS, known=("5f1c0e9a2b7d4e6f",)))  # discord.py's own
    assert not stale(submission(form_id(42, "g_mutate_form"), ROWS))  # ours: answered by its game
    click = submission("5f1c0e9a2b7d4e6f", ROWS)
    click.type = discord.InteractionType.component
    assert not stale(click)
    assert STALE_FORM.endswith("Please open it again from your panel.")


def router(on_form: Any) -> game.GameCommands:
    cog = game.GameCommands.__new__(game.GameCommands)
    row = SimpleNamespace(game="apocrypha", channel_id=7, table_channel_id=None, id=42)
    service = SimpleNamespace(session=AsyncMock(return_value=row))
    cog.bot = SimpleNamespace(service=service, game_cog=lambda _g: SimpleNamespace(on_form=on_form), publisher=MagicMock())
    return cog


async def test_a_forms_refusal_too_late_to_deliver_is_logged_once_and_a_bug_apologised_for(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gone = discord.NotFound(MagicMock(status=404, reason="Not Found"), {"code": 10062, "message": "Unknown interaction"})
    said: list[str] = []
    apologies: list[BaseException | None] = []

    async def refuse(_interaction: Any, text: str) -> None:
        said.append(text)
        raise gone

    async def apologise(_interaction: Any, _where: str, error: BaseException | None = None) -> None:
        apologies.append(error)

    monkeypatch.setattr(game, "refuse", refuse)
    monkeypatch.setattr(game, "apologise", apologise)
    interaction = SimpleNamespace(guild_id=1, channel_id=7)
    answer = Answer(42, "g_fragment_form", {})
    refused = AsyncMock(side_effect=GameError("More than one saint answers to Hollis Crane: pick one from the list."))
    await router(refused)._form_answered(interaction, answer)  # type: ignore[arg-type]
    assert said == ["More than one saint answers to Hollis Crane: pick one from the list."] and apologies == [gone]
    await router(AsyncMock(side_effect=KeyError("a bug")))._form_answered(interaction, answer)  # type: ignore[arg-type]
    assert len(said) == 1 and isinstance(apologies[-1], KeyError)  # a bug is apologised for, not refused
