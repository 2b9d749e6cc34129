"""Are you sure? One Confirm / Cancel ephemeral for everything that cannot be undone.

A command that would end a game or a mission, or delete a permanent record, first checks what it
can, then calls `ask`: an ephemeral question with two buttons. Each button's custom id carries the
whole request, `gmc:<session>:<action>:<yes|no>[:<arg>]` (session 0 when no session is involved),
so a click after a restart still works: the button is a DynamicItem registered in setup_hook, and
the action's handler (registered by name with `@confirmed`) checks everything again as the person
who clicks, at the moment of the click. Cancel changes nothing.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import discord

from bot.engine.errors import GameError
from cogs.common.components import check_channel, view_of
from cogs.common.replies import apologise, edit_clicked, refuse, say

if TYPE_CHECKING:
    from bot.client import TabletopBot

TEMPLATE = r"gmc:(?P<sid>\d+):(?P<action>[a-z_]+):(?P<answer>yes|no)(?::(?P<arg>.*))?"
CANCELLED = "Cancelled: nothing changed."


@dataclass(frozen=True)
class Done:
    """What a confirmed action did: `private` replaces the question; `public` (third person) is
    posted in the channel for everyone."""

    private: str
    public: str | None = None


Handler = Callable[["TabletopBot", discord.Interaction, int, str], Awaitable[Done]]
ACTIONS: dict[str, Handler] = {}


def confirmed(action: str) -> Callable[[Handler], Handler]:
    """Register the handler that carries out `action` once its Confirm button is pressed."""

    def register(handler: Handler) -> Handler:
        ACTIONS[action] = handler
        return handler

    return register


def confirm_id(session_id: int, action: str, answer: str, arg: str = "") -> str:
    cid = f"gmc:{session_id}:{action}:{answer}" + (f":{arg}" if arg else "")
    if len(cid) > 100:
        raise ValueError(f"custom id too long: {cid}")
    return cid


class ConfirmButton(discord.ui.DynamicItem[discord.ui.Button], template=TEMPLATE):
    def __init__(self, session_id: int, action: str, answer: str, arg: str = "") -> None:
        yes = answer == "yes"
        super().__init__(
            discord.ui.Button(
                label="Confirm" if yes else "Cancel",
                style=discord.ButtonStyle.danger if yes else discord.ButtonStyle.secondary,
                custom_id=confirm_id(session_id, action, answer, arg),
            )
        )
        self.session_id, self.action, self.answer, self.arg = session_id, action, answer, arg

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any
    ) -> ConfirmButton:
        return cls(int(match["sid"]), match["action"], match["answer"], match["arg"] or "")

    async def callback(self, interaction: discord.Interaction) -> None:
        if self.answer != "yes":
            await edit_clicked(interaction, content=CANCELLED, view=None)
            return
        handler = ACTIONS.get(self.action)
        if handler is None:
            await edit_clicked(interaction, content="That button is out of date.", view=None)
            return
        bot: TabletopBot = interaction.client  # type: ignore[assignment]
        if self.session_id:  # a Confirm acts only from its session's channel, like every click
            try:
                check_channel(interaction, await bot.service.session(self.session_id))
            except GameError as exc:  # said apart: the button may sit on someone else's message
                await refuse(interaction, exc.message)
                return
        try:
            done = await handler(bot, interaction, self.session_id, self.arg)
        except GameError as exc:
            await edit_clicked(interaction, content=exc.message, view=None)
            return
        except Exception as exc:
            await apologise(interaction, f"confirm {self.action} (session {self.session_id})", exc)
            return
        await edit_clicked(interaction, content=done.private, view=None)
        if done.public:
            await interaction.followup.send(done.public, ephemeral=False)


async def ask(
    interaction: discord.Interaction, question: str, session_id: int, action: str, arg: str = ""
) -> None:
    """Ask the person who ran a command to confirm it; nothing happens until they do."""
    if action not in ACTIONS:
        raise ValueError(f"no handler registered for {action!r}")
    view = view_of(
        [ConfirmButton(session_id, action, "yes", arg), ConfirmButton(session_id, action, "no", arg)]
    )
    await say(interaction, f"{question}\nAre you sure? This cannot be undone.", view=view, ephemeral=True)
