"""/haunted: slash commands, the table, each player's hand panel, and clicks turned into commands."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.engine.errors import GameError
from bot.engine.seats import Seat
from bot.games.haunted.cards import catalogue
from bot.games.haunted.commands import Play
from bot.service import actor_of, moment
from bot.store import GameSession
from cogs.common.base import GameCog
from cogs.common.components import view_of
from cogs.common.help import unique_names
from cogs.common.replies import refuse, say
from cogs.common.text import fill_seats, mention, name_seats, seat_name
from cogs.haunted import render, views

if TYPE_CHECKING:
    from bot.client import TabletopBot

WAITING = {
    "choice": "the game needs your answer: see your hand (DM or `/haunted hand`).",
    "defence": "you may defend your lines now (step 2): see your hand, or pass.",
    "turn": "it's your turn: see your hand (DM or `/haunted hand`).",
}


class HauntedCog(
    GameCog,
    group_name="haunted",
    group_description="Haunted: avoid three complete horror stories in front of you.",
):
    game = "haunted"

    # -- slash commands ---------------------------------------------------------------
    @app_commands.command(name="new", description="Open a Haunted lobby in this channel (2-6 players).")
    @app_commands.describe(short="The tournament short game: one complete line loses, nine-card hands.")
    async def new_cmd(self, interaction: discord.Interaction, short: bool = False) -> None:
        await self.open_lobby(interaction, {"short": short})

    @app_commands.command(name="play", description="Play a card from your hand onto a player's line.")
    @app_commands.describe(
        card="The card to play",
        player="Whose line (leave empty for your own)",
        line="Line number, 1 to 3",
        mode="For Psychic and Pleasant Company: remove or lap",
    )
    @app_commands.choices(
        mode=[
            app_commands.Choice(name="remove", value="remove"),
            app_commands.Choice(name="lap", value="lap"),
        ]
    )
    async def play_cmd(
        self,
        interaction: discord.Interaction,
        card: str,
        line: app_commands.Range[int, 1, 3],
        player: discord.User | None = None,
        mode: str | None = None,
    ) -> None:
        try:
            row = await self._here(interaction)
            target = actor_of(row, (player or interaction.user).id)
            if target is None or target < 0:
                raise GameError("That person is not playing in this game.")
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        command = {"type": "play", "card": card, "target": target, "line": line, "mode": mode}
        await self.act(interaction, command, session_id=row.id, notice="Played.")

    @app_commands.command(
        name="pass", description="End your part of this step (step 1, your defence, or step 3)."
    )
    async def pass_cmd(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, {"type": "pass"}, notice="You passed.")

    @app_commands.command(name="discard", description="Step 4: discard one card from your hand.")
    async def discard_cmd(self, interaction: discord.Interaction, card: str) -> None:
        await self.act(interaction, {"type": "discard", "card": card}, notice="Discarded.")

    @app_commands.command(
        name="redraw", description="Spend your whole turn discarding your hand and drawing anew."
    )
    async def redraw_cmd(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, {"type": "redraw"}, notice="You drew a new hand.")

    @app_commands.command(name="choose", description="Answer the question the game has put to you.")
    async def choose_cmd(self, interaction: discord.Interaction, option: str) -> None:
        await self.act(interaction, {"type": "choose", "option": option}, notice="Answered.")

    # -- /haunted card (cogs/common/help.py) ----------------------------------------------------
    def card_names(self) -> dict[str, str]:
        return unique_names((c.id, c.name, c.type) for c in catalogue().cards.values())

    def card_embed(self, card_id: str) -> discord.Embed:
        return discord.Embed(
            title=catalogue().name(card_id), description=render.card_detail(card_id), colour=render.COLOUR
        )

    def find_card(self, text: str) -> str | None:
        try:
            return catalogue().resolve(text)  # the rule sheet's aliases and spellings
        except GameError:
            return None

    # -- autocomplete: suggestions only; the engine checks every command anyway ----------------
    async def _own(self, interaction: discord.Interaction) -> tuple[GameSession, Seat] | None:
        try:
            row = await self._here(interaction)
        except GameError:
            return None
        seat = actor_of(row, interaction.user.id)
        return None if seat is None or row.state is None else (row, seat)

    @play_cmd.autocomplete("card")
    async def _play_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._own(interaction)
        if found is None:
            return []
        cards = dict.fromkeys(a.card for a in self.bot.service.legal_actions(*found) if isinstance(a, Play))
        return _choices({c: catalogue().name(c) for c in cards}, current)

    @discard_cmd.autocomplete("card")
    async def _discard_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._own(interaction)
        if found is None:
            return []
        view = self.bot.service.view_for(found[0], interaction.user.id)
        return _choices({c: catalogue().name(c) for c in view["private"]["cards"]}, current)

    @choose_cmd.autocomplete("option")
    async def _choose_option(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._own(interaction)
        if found is None:
            return []
        prompt = self.bot.service.view_for(found[0], interaction.user.id)["private"].get("prompt")
        if not prompt:
            return []
        labels = prompt.get("labels", {})
        return _choices({o: fill_seats(labels.get(o, o), found[0]) for o in prompt["options"]}, current)

    # -- rendering hooks -------------------------------------------------------------------------
    def table_embeds(self, row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
        names = [seat_name(row, s) for s in range(len(row.seats))]
        return [render.table_embed(view["public"], [mention(u) for u in row.seats], names)]

    def private_embeds(
        self, row: GameSession, seat: Seat, view: dict[str, Any], notes: list[str]
    ) -> list[discord.Embed]:
        if "private" not in view:
            return []
        state = self.rules.load_state(row.state or {})
        prompt = fill_seats(self.rules.prompt(state, seat), row)  # type: ignore[attr-defined]
        return [render.hand_embed(view, prompt, notes)]

    def private_items(self, row: GameSession, seat: Seat, view: dict[str, Any]) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        prompt = view.get("private", {}).get("prompt")
        if prompt:
            return views.prompt_items(row.id, {**prompt, "labels": _filled(prompt.get("labels", {}), row)})
        actions = self.bot.service.legal_actions(row, seat)
        return views.turn_items(row.id, view["public"]["step"], actions) if actions else []

    def panel_moment(self, state: dict[str, Any]) -> Any:
        # What the "Now" line (`rules.prompt`) reads: the step, whose it is, and who must choose.
        public = state.get("public") or {}
        return public.get("step"), public.get("active"), public.get("defender"), public.get("waiting")

    def waiting_prompt(self, row: GameSession) -> str:
        waiting = ((row.state or {}).get("public") or {}).get("waiting") or {}
        return WAITING.get(waiting.get("kind", ""), "it's your move.")

    def options_text(self, row: GameSession) -> str:
        return (
            "short game (one complete line loses, nine-card hands)"
            if row.options.get("short")
            else "standard game"
        )

    # -- clicks --------------------------------------------------------------------------------------
    def answered_line(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, picked: str
    ) -> str | None:
        if verb == "play" and arg and isinstance(seat, int):
            return views.placed_line(arg, [seat_name(row, s) for s in range(len(row.seats))], seat)
        return None

    def command_from_component(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, values: list[str]
    ) -> dict[str, Any] | None:
        if verb == "play" and arg:
            return views.parse_play_arg(arg)
        if verb in ("pass", "redraw"):
            return {"type": verb}
        if verb == "discard" and values:
            return {"type": "discard", "card": values[0]}
        if verb == "choose":
            return views.choose_command(arg, values)
        return None

    async def on_component(
        self,
        interaction: discord.Interaction,
        row: GameSession,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        if verb != "pick":
            await super().on_component(interaction, row, verb, arg, values)
            return
        # A card was picked in the hand's select: answer with where it may go.
        seat = actor_of(row, interaction.user.id)
        if seat is None:
            await refuse(interaction, "You are not playing in this game.")
            return
        card = values[0] if values else ""
        plays = [
            a for a in self.bot.service.legal_actions(row, seat) if isinstance(a, Play) and a.card == card
        ]
        if not plays:
            await refuse(interaction, "That card cannot be played now; your hand has changed.")
            return
        assert row.id is not None
        names = [_plain_name(interaction, row, s) for s in range(len(row.seats))]
        text = f"Where does **{catalogue().name(card)}** go?"
        await say(interaction, text, view=view_of(views.placement_items(row.id, plays, names), moment(row)))


def _choices(named: dict[str, str], current: str) -> list[app_commands.Choice[str]]:
    typed = current.lower()
    return [app_commands.Choice(name=n[:100], value=v) for v, n in named.items() if typed in n.lower()][:25]


def _filled(labels: dict[str, str], row: GameSession) -> dict[str, str]:
    """Button labels cannot mention anyone: seat placeholders become plain player names."""
    return {k: _seat_words(v, row) for k, v in labels.items()}


def _seat_words(text: str, row: GameSession) -> str:
    return name_seats(text, lambda seat: seat_name(row, seat))


def _plain_name(interaction: discord.Interaction, row: GameSession, seat: int) -> str:
    return "You" if row.seats[seat] == interaction.user.id else seat_name(row, seat)


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(HauntedCog(bot))
