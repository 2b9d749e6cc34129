"""/catharsis: slash commands, the public table, each player's panel, and clicks turned into commands."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine.errors import GameError
from bot.engine.seats import Seat
from bot.games.catharsis.cards import content
from bot.games.catharsis.choices import take_command
from bot.service import actor_of, moment
from bot.store import GameSession, Status
from cogs.catharsis import duo, lookup, render, views
from cogs.common.base import GameCog
from cogs.common.components import view_of
from cogs.common.replies import refuse, say
from cogs.common.text import clip, mention, seat_name

DIFFICULTY = [
    app_commands.Choice(name="New questors (22 Morale)", value="new-questors"),
    app_commands.Choice(name="Adventurers (21 Morale)", value="adventurers"),
    app_commands.Choice(name="Veterans (18 Morale)", value="veterans"),
    app_commands.Choice(name="Last ditch effort (16 Morale, starts Winded)", value="last-ditch"),
]


class CatharsisCog(
    GameCog,
    group_name="catharsis",
    group_description="Catharsis: a cooperative dice boss fight for 1-4 heroes (6 against the Summoner).",
):
    game = "catharsis"
    panels_follow_table = True  # each panel shows the dice, foes and votes everyone shares

    # -- /catharsis card (cogs/common/help.py) --------------------------------------------------
    def card_names(self) -> dict[str, str]:
        return lookup.card_names()

    def card_embed(self, card_id: str) -> discord.Embed:
        return lookup.card_embed(card_id)

    @app_commands.command(name="new", description="Open a Catharsis lobby here (1-4 players; up to 6 against the Summoner).")
    @app_commands.describe(
        difficulty="Starting Morale",
        boss="The Boss deck to hunt, or a challenge deck",
        random_morale="Roll on the Random Morale Tier tables instead of the tracker's effects",
        new_horrors="Random Morale: never repeat a result",
        devils_luck="Random Morale: the party may spend 1 Morale to reroll a result",
    )
    @app_commands.choices(difficulty=DIFFICULTY)
    async def new_cmd(
        self,
        interaction: discord.Interaction,
        difficulty: str = "adventurers",
        boss: str = "corrupted-horse",
        random_morale: bool = False,
        new_horrors: bool = False,
        devils_luck: bool = False,
    ) -> None:
        options = {
            "difficulty": difficulty,
            "boss": boss,
            "random_morale": random_morale,
            "new_horrors": new_horrors,
            "devils_luck": devils_luck,
        }
        if boss not in content().decks:
            await refuse(interaction, f"There is no Boss deck called {boss}.")
            return
        await self.open_lobby(interaction, options)

    @new_cmd.autocomplete("boss")
    async def _boss(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return [
            app_commands.Choice(name=clip(lookup.deck_choice(d), 100), value=d.id)
            for d in content().decks.values()
            if current.lower() in d.name.lower()
        ][:25]

    @app_commands.command(name="roll", description="Roll your dice for this combat round.")
    async def roll_cmd(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, {"type": "roll"}, notice="Rolled: see your panel.")

    @app_commands.command(name="done", description="Say you are done for this combat round.")
    async def done_cmd(self, interaction: discord.Interaction) -> None:
        await self.act(interaction, {"type": "done"}, notice="You are done for this round.")

    # -- rendering ------------------------------------------------------------------------------
    def _names(self, row: GameSession) -> list[str]:
        return [mention(u) for u in row.seats]

    def table_embeds(self, row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
        return [render.table_embed(view["public"], self._names(row))]

    def private_embeds(
        self, row: GameSession, seat: Seat, view: dict[str, Any], notes: list[str]
    ) -> list[discord.Embed]:
        pub = view["public"]
        if seat < 0 or seat >= len(pub["heroes"]):
            return []
        return [render.panel_embed(pub, seat, notes, render.prompt_for(pub, seat, _plain(row)), _plain(row))]

    def private_items(self, row: GameSession, seat: Seat, view: dict[str, Any]) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        actions = self.bot.service.legal_actions(row, seat)
        return views.panel_items(row.id, view["public"], seat, actions, _plain(row))

    def waiting_prompt(self, row: GameSession) -> str:
        return "the party is waiting on you: see your panel (DM or `/catharsis hand`)."

    def options_text(self, row: GameSession) -> str:
        o = row.options
        deck = content().decks.get(o.get("boss", ""), None)
        parts = [
            f"hunting {deck.name if deck else o.get('boss')}"
            + (f" (a challenge deck for 1-{deck.most_players} heroes)" if deck and deck.challenge else ""),
            f"difficulty {o.get('difficulty', 'adventurers')}",
        ]
        if o.get("random_morale"):
            parts.append("Random Morale Tier effects")
        parts += [
            name
            for key, name in (("new_horrors", "New Horrors"), ("devils_luck", "Devil's Luck"))
            if o.get(key)
        ]
        text = ", ".join(parts)
        duos = duo.lobby_text(o, list(row.seats))
        return text + (f"\n{duos}" if duos else "")

    # -- the lobby: duo powers ------------------------------------------------------------------
    def lobby_items(self, row: GameSession) -> list[discord.ui.Item[Any]]:
        return [*super().lobby_items(row), *duo.lobby_items(row)]

    async def before_start(self, row: GameSession, user: int) -> None:
        assert row.id is not None
        pairs = duo.pairs(row.options, list(row.seats))

        def change(r: GameSession) -> dict[str, Any]:
            return {**r.options, "duos": pairs}

        await self.bot.service.update_options(row.id, change)

    async def _duo_ask(self, interaction: discord.Interaction, row: GameSession, value: str) -> None:
        """A lobby request: checked on a copy first, so a refusal changes nothing."""
        assert row.id is not None
        if row.status != Status.LOBBY.value:
            raise GameError("The game has started, so duos are fixed.")
        told = duo.ask(dict(row.options), interaction.user.id, list(row.seats), value)
        user = interaction.user.id

        def change(r: GameSession) -> dict[str, Any]:
            options = dict(r.options)
            duo.ask(options, user, list(r.seats), value)
            return options

        await self.bot.service.update_options(row.id, change)
        await say(interaction, told)

    # -- clicks -----------------------------------------------------------------------------------
    def command_from_component(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, values: list[str]
    ) -> dict[str, Any] | None:
        slots: list[int] | None = None
        if verb == "take" and arg is not None and row.state is not None:
            state = self.rules.load_state(row.state)
            packet, points = arg.split(".")
            if not 0 <= int(packet) < len(state.public.packets):
                raise GameError("That damage has already been taken.")
            slots = take_command(state, state.hero(seat), int(packet), int(points) if points else None).slots
        try:
            return views.command_for(verb, arg, values, slots)
        except (ValueError, IndexError) as exc:
            raise GameError("That choice is out of date; use your newest panel.") from exc

    def answered_line(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, picked: str
    ) -> str | None:
        if verb != "aim" or not arg or row.state is None or not isinstance(seat, int):
            return None
        return f"{views.power_used(row.state['public'], seat, arg[1:])}: {picked}"

    async def on_component(
        self,
        interaction: discord.Interaction,
        row: GameSession,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        if verb == "duo_ask":
            try:
                await self._duo_ask(interaction, row, values[0] if values else "")
            except GameError as exc:
                await refuse(interaction, exc.message)
            return
        if verb != "use" or not values or row.state is None:
            await super().on_component(interaction, row, verb, arg, values)
            return
        seat = actor_of(row, interaction.user.id)
        if seat is None or seat < 0:
            await refuse(interaction, "You are not playing in this game.")
            return
        pub = row.state["public"]
        try:
            command = views.decode(values[0])
            kind = views.needs_aim(pub, seat, command)
        except (ValueError, IndexError):
            await refuse(interaction, "That choice is out of date; use your newest panel.")
            return
        if kind is None:
            await self.act(interaction, command, session_id=row.id)
            return
        assert row.id is not None
        items = views.aim_items(row.id, pub, seat, values[0], kind, _plain(row))
        if not items:
            if kind == "adjust":  # nothing to adjust: use it for its other effects
                await self.act(interaction, command, session_id=row.id)
            else:
                await refuse(interaction, "There is nothing to aim that at right now.")
            return
        question = {
            "adjust": "Which dice, and which way?",
            "replace": "Which power is replaced?",
            "heal": "Which exhausted powers are refreshed?",
            "store": "Which of your dice go to your pools?",
            "gifts": "Which pool dice go to whom?",
            "levels": "Raise one song two levels, or lower one or two songs one level:",
            "back": "Put one of your discarded powers under your deck?",
            "lend": "Which die does Liara move onto one of hers (spending that die)?",
            "echo": "Which dice (up to 3) take the value of one of Liara's?",
        }
        await say(interaction, question[kind], view=view_of(items, moment(row)))


def _plain(row: GameSession) -> list[str]:
    """Select labels cannot mention anyone: players go by the name they joined with."""
    return [seat_name(row, i) for i in range(len(row.seats))]
