"""/game list, /game status, /game end: sessions across every game; and every game's form answers
(`cogs.common.forms`), routed to their game's cog."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine.errors import GameError
from bot.store import GameSession
from cogs.common.base import end_game, send_log
from cogs.common.components import check_channel
from cogs.common.forms import STALE_FORM, Answer, answer_of, stale
from cogs.common.pictures import SERVER
from cogs.common.replies import FIRST_BYTES, apologise, later, refuse, say
from cogs.common.text import mention

if TYPE_CHECKING:
    from bot.client import TabletopBot


class GameCommands(
    commands.GroupCog, group_name="game", group_description="Games in this server: list, status, log, end."
):
    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    def _line(self, row: GameSession) -> str:
        title = self.bot.service.rules(row.game).title if row.game in self.bot.service.games else row.game
        players = len(row.seats)
        return f"**{title}** in <#{row.channel_id}>: {row.status}, {players} player{'s' if players != 1 else ''}, host {mention(row.host_id)}"

    @app_commands.command(name="list", description="Lobbies and running games in this server.")
    async def list_cmd(self, interaction: discord.Interaction) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, "Games live in server channels; use this in a server.")
            return
        rows = await self.bot.store.list_guild(interaction.guild_id)
        if not rows:
            await say(
                interaction,
                "No games are open in this server. Start one with `/<game> new`, e.g. `/haunted new`.",
            )
            return
        embed = discord.Embed(
            title="Games in this server",
            description="\n".join(self._line(r) for r in rows),
            colour=discord.Colour.dark_teal(),
        )
        await say(interaction, embeds=[embed])

    @app_commands.command(name="status", description="This channel's game: players, status and the table.")
    async def status_cmd(self, interaction: discord.Interaction) -> None:
        try:
            row = await self.bot.service.session_in(interaction.channel_id or 0)
            cog = self.bot.game_cog(row.game)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        embeds, _ = cog.table_message(row)
        await say(interaction, cog.jump_text(row), embeds=embeds)

    @app_commands.command(name="log", description="The whole log of this channel's last game (only to you).")
    async def log_cmd(self, interaction: discord.Interaction) -> None:
        await send_log(self.bot, interaction, None)

    @app_commands.command(
        name="end", description="End this channel's game (the host, or someone with Manage Channels), after you confirm."
    )
    async def end_cmd(self, interaction: discord.Interaction) -> None:
        await end_game(self.bot, interaction)

    @app_commands.command(name="settings", description="Pictures of the table and hands: on or off.")
    @app_commands.describe(
        pictures="Draw the table and hands as pictures (off: text only, e.g. for screen readers).",
        scope="Just for you (your DMs and panels), or the whole server (needs Manage Server).",
    )
    @app_commands.choices(
        pictures=[app_commands.Choice(name="on", value="on"), app_commands.Choice(name="off", value="off")],
        scope=[app_commands.Choice(name="me", value="me"), app_commands.Choice(name="server", value="server")],
    )
    async def settings_cmd(
        self,
        interaction: discord.Interaction,
        pictures: app_commands.Choice[str],
        scope: app_commands.Choice[str] | None = None,
    ) -> None:
        if interaction.guild_id is None:
            await refuse(interaction, "Settings belong to a server; use this in a server channel.")
            return
        on = pictures.value == "on"
        whole_server = scope is not None and scope.value == "server"
        if whole_server and not (interaction.permissions and interaction.permissions.manage_guild):
            await refuse(interaction, "Only someone with Manage Server can change this for the whole server.")
            return
        user = SERVER if whole_server else interaction.user.id
        await self.bot.picture_settings.choose(interaction.guild_id, user, on)
        who = "this server" if whole_server else "you"
        state = "on" if on else "off: text only"
        await say(interaction, f"Pictures are now {state} for {who}.", ephemeral=True)

    # -- form answers ----------------------------------------------------------------------------
    @commands.Cog.listener("on_interaction")
    async def on_form_answer(self, interaction: discord.Interaction) -> None:
        """A form's answer (a modal submission) lands here, as every game click lands in
        `TabletopBot.on_game_component`. When the bot is busy it is answered first and its work
        waits for a work slot as a small record (`replies.later`): the interaction and the typed
        text, no task, no form. A form nobody will answer (sent before a restart) is refused."""
        if interaction.type is not discord.InteractionType.modal_submit:
            return
        answer = answer_of(interaction)
        if answer is None:
            if stale(interaction):
                await refuse(interaction, STALE_FORM)
            return
        if FIRST_BYTES.busy(interaction):
            if await self.bot._defer_first(interaction, f"form {answer.verb} (session {answer.session_id})"):
                later(interaction, lambda slim: self._form_answered(slim, answer))
            return
        await self._form_answered(interaction, answer)

    async def _form_answered(self, interaction: discord.Interaction, answer: Answer) -> None:
        try:
            try:
                row = await self.bot.service.session(answer.session_id)
                check_channel(interaction, row)
                await self.bot.game_cog(row.game).on_form(interaction, row, answer.verb, answer.values)
            except GameError as exc:
                await refuse(interaction, exc.message)
                return
        except Exception as exc:  # a bug, or a refusal too late to deliver: logged (once), not raised
            await apologise(interaction, f"form {answer.verb} (session {answer.session_id})", exc)
            return
        self.bot.publisher.heard(interaction)


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(GameCommands(bot))
