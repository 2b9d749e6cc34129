"""/apollyon: slash commands, the table, each director's panel, clicks into commands, campaign records."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.engine.errors import GameError
from bot.engine.seats import Seat
from bot.service import Result
from bot.store import GameSession, PlayerRecord, Status
from cogs.apollyon import render, views
from cogs.common.base import GameCog
from cogs.common.components import GameButton
from cogs.common.help import unique_names
from cogs.common.replies import say
from cogs.common.text import clip, mention, plural, seat_name

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME = "apollyon"
KIND = "campaign"
RECORD = "beaten"  # one record per server (user 0): the Apollyons it has beaten
WAITING = {
    "setup": "choose your starting anomaly (your DM or `/apollyon hand`).",
    "growth": "Growth phase: transfer, make and claim the Draw pile, promote, study, then press Done.",
    "assign": "MTF phase: assign your characters and missions, then press Done.",
    "missions": "resolve your MTFs' missions, in the order you like.",
    "return": "bring your subdued anomalies to a site, then press Done.",
    "site": "Site phase: contain, overcontain or hold a trial, then press Done.",
}
HINT = {
    "setup": "Pick Safe, Euclid or Keter for the anomaly your site starts with.",
    "growth": "One transfer, one card from the Draw pile, any promotions, one study.",
    "assign": "Assignments are final for the month; each MTF with members may take one mission.",
    "missions": "Resolve each MTF's mission; two MTFs on the same target fight together.",
    "return": "Subdued anomalies go to your Temporary Containment unless a site has agreed to take them.",
    "site": "Contain from Temporary Containment, add tokens, or put one anomaly on trial.",
    "over": "The game is over.",
}


# The lobby's difficulty choices, named by what the simulator measured (docs/balance.md).
DIFFICULTIES = {
    "easy": "Easy: most tables win",
    "standard": "Standard: about half the tables win",
    "hard": "Hard: few tables win",
}

class ApollyonCog(
    GameCog,
    group_name="apollyon",
    group_description="SCP: Apollyon: co-op site management until the Apollyon arrives.",
):
    game = GAME
    # A panel's buttons depend on other sites too (a partner resolving a shared mission, an open site).
    panels_follow_table = True

    # -- slash commands ---------------------------------------------------------------
    @app_commands.command(
        name="new", description="Open an SCP: Apollyon lobby in this channel (1-6 directors)."
    )
    @app_commands.describe(
        campaign="Campaign mode: this server's beaten Apollyons are left out of the deck.",
        event_die="Roll the Event die instead of drawing Event cards.",
        difficulty="How hard the Masquerade is to keep (standard if left out).",
    )
    @app_commands.choices(difficulty=[app_commands.Choice(name=n, value=v) for v, n in DIFFICULTIES.items()])
    async def new_cmd(
        self,
        interaction: discord.Interaction,
        campaign: bool = False,
        event_die: bool = False,
        difficulty: str = "standard",
    ) -> None:
        beaten: list[str] = []
        if campaign and interaction.guild_id:
            beaten = await self.beaten(interaction.guild_id)
        options = {"campaign": campaign, "beaten": beaten, "event_die": event_die, "difficulty": difficulty}
        await self.open_lobby(interaction, options)

    @app_commands.command(name="ready", description="Say you are done with this phase.")
    async def ready_cmd(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, {"type": "ready"}, notice="You are done with this phase.")

    @app_commands.command(
        name="site", description="Agree (or stop agreeing) to take other sites' subdued anomalies."
    )
    @app_commands.describe(accept="True: other directors' MTFs may bring anomalies to your site.")
    async def site_cmd(self, interaction: discord.Interaction, accept: bool = True) -> None:
        notice = (
            "Your site now accepts other sites' anomalies."
            if accept
            else "Your site no longer accepts other sites' anomalies."
        )
        await self.act(interaction, {"type": "open_site", "open": accept}, notice=notice)

    @app_commands.command(name="campaign", description="Show which Apollyons this server has beaten.")
    async def campaign_cmd(self, interaction: discord.Interaction) -> None:
        beaten = await self.beaten(interaction.guild_id) if interaction.guild_id else []
        from bot.games.apollyon.cards import catalogue

        names = [catalogue().anomalies[b].name for b in beaten if b in catalogue().anomalies]
        text = (
            "Beaten so far: " + ", ".join(names) if names else "This server has not beaten an Apollyon yet."
        )
        await say(interaction, text, ephemeral=True)

    # -- /apollyon card (cogs/common/help.py) ---------------------------------------------------
    def card_names(self) -> dict[str, str]:
        from bot.games.apollyon.cards import catalogue

        cat = catalogue()
        kinds = {"anomaly": cat.anomalies, "character": cat.characters, "event": cat.events, "asset": cat.assets}
        return unique_names((cid, card.name, kind) for kind, cards in kinds.items() for cid, card in cards.items())

    def find_card(self, text: str) -> str | None:
        from bot.games.apollyon.cards import catalogue

        typed = text.strip().lower()
        return next((a.id for a in catalogue().anomalies.values() if a.designation.lower() == typed), None)

    def card_embed(self, card_id: str) -> discord.Embed:
        return discord.Embed(
            title=self.card_names()[card_id], description=clip(render.card_detail(card_id), 4096), colour=render.COLOUR
        )

    # -- campaign records ---------------------------------------------------------------
    async def beaten(self, guild_id: int) -> list[str]:
        record = await self.bot.store.get_record(guild_id, 0, GAME, KIND, RECORD)
        return list(record.data.get("beaten", [])) if record else []

    async def record_win(self, row: GameSession) -> None:
        """A campaign won: add its Apollyon to the server's record, once per session."""
        public = (row.state or {}).get("public", {})
        if not (public.get("campaign") and public.get("outcome") == "won" and row.guild_id):
            return
        card = public.get("apollyon_card")

        def change(current: PlayerRecord | None) -> PlayerRecord:
            record = current or PlayerRecord(
                guild_id=row.guild_id, user_id=0, game=GAME, kind=KIND, name=RECORD
            )
            data = dict(record.data or {})
            sessions = list(data.get("sessions", []))
            if row.id in sessions:
                return record
            beaten = list(data.get("beaten", []))
            if card and card not in beaten:
                beaten.append(card)
            record.data = {"beaten": beaten, "sessions": [*sessions, row.id]}
            return record

        await self.bot.service.update_record(row.guild_id, 0, GAME, KIND, RECORD, change)

    def on_result(self, result: Result) -> None:
        """A campaign won (by a command or a timeout) is recorded for the server, in the background."""
        row = result.session
        if row.id is not None and row.status == Status.FINISHED.value:
            self.bot.publisher.schedule(("campaign", row.id), lambda: self.record_win(row))

    # -- rendering ------------------------------------------------------------------------
    def _who(self, row: GameSession):  # noqa: ANN202
        return lambda seat: mention(self._user(row, seat)) if seat is not None else "nobody"

    def table_embeds(self, row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
        return render.table_embeds(view["public"], self._who(row), lambda seat: seat_name(row, seat))

    def table_items(self, row: GameSession) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        return [*super().table_items(row), GameButton(row.id, "sites", label="Site details")]

    async def on_component(
        self,
        interaction: discord.Interaction,
        row: GameSession,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        if verb != "sites":
            await super().on_component(interaction, row, verb, arg, values)
            return
        # Public information, so anyone may look; only they see the answer.
        view = self.bot.service.view_for(row, None)
        embeds = render.site_embeds(view["public"], self._who(row)) if view else []
        await say(interaction, "" if embeds else "The game has no sites yet.", embeds=embeds, ephemeral=True)

    def private_embeds(
        self, row: GameSession, seat: Seat, view: dict[str, Any], notes: list[str]
    ) -> list[discord.Embed]:
        if "private" not in view:
            return []
        return [render.hand_embed(view, seat, notes, HINT.get(view["public"]["phase"], ""))]

    def private_items(self, row: GameSession, seat: Seat, view: dict[str, Any]) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        actions = self.bot.service.legal_actions(row, seat)
        return views.action_items(row.id, actions, view, lambda s: seat_name(row, s))

    def command_from_component(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, values: list[str]
    ) -> dict[str, Any] | None:
        if verb == "ready":
            return {"type": "ready"}
        if verb == "resolve" and arg in ("1", "2", "1s", "2s"):
            command: dict[str, Any] = {"type": "resolve", "mtf": int(arg[0])}
            return {**command, "spread": True} if arg.endswith("s") else command
        if verb == "site" and arg in ("open", "close"):
            return {"type": "open_site", "open": arg == "open"}
        if verb == "do" and values:
            try:
                return views.decode(values[0])
            except (ValueError, json.JSONDecodeError) as exc:
                raise GameError("That choice is out of date; use the newest panel.") from exc
        return None

    def waiting_prompt(self, row: GameSession) -> str:
        phase = (row.state or {}).get("public", {}).get("phase", "")
        return WAITING.get(phase, "it's your move.")

    def options_text(self, row: GameSession) -> str:
        parts = []
        if row.options.get("campaign"):
            parts.append(f"campaign ({plural(len(row.options.get('beaten', [])), 'Apollyon')} beaten)")
        if row.options.get("event_die"):
            parts.append("Event die")
        if row.options.get("difficulty", "standard") != "standard":
            parts.append(f"{row.options['difficulty']} difficulty")
        return ", ".join(parts) or "standard"


async def setup(bot: TabletopBot) -> None:
    await bot.add_cog(ApollyonCog(bot))


__all__ = ["ApollyonCog", "setup"]
