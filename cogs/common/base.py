"""GameCog: the slash-command group every game shares (join, leave, start, status, hand, end),
the lobby and table messages, and the hooks a game fills in to draw its own table and hand.

A game's cog subclasses it: `class HauntedCog(GameCog, group_name="haunted")`,
sets `game = "haunted"`, adds its own `new` command (with its options) that
calls `open_lobby`, and overrides the render hooks. See docs/platform.md.
"""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from discord.ext import commands

from bot import waits
from bot.engine.errors import GameError
from bot.engine.game import Rules
from bot.engine.seats import GUIDE, Seat
from bot.service import Result, StaleClick, actor_of, moment
from bot.store import ACTIVE, GameSession, Status
from cogs.common.components import UNREADABLE, ComponentId, GameButton, view_of
from cogs.common.confirm import Done, ask, confirmed
from cogs.common.help import LearnCommands
from cogs.common.pictures import panel_files
from cogs.common.publisher import EARLY_PANEL, duration_text
from cogs.common.replies import (
    FIRST_BYTES,
    ack,
    apologise,
    edit_clicked,
    followup,
    fresh,
    in_time,
    refuse,
    say,
)
from cogs.common.text import FIELD_VALUE_MAX, clip, fill_seats, lines_within, mention

if TYPE_CHECKING:
    from bot.client import TabletopBot
    from bot.service import History

log = logging.getLogger(__name__)

COLOUR = discord.Colour.dark_teal()
# The embed's colour bar tells the state at a glance.
COLOURS = {
    "lobby": discord.Colour.blurple(),
    "running": COLOUR,
    "your move": discord.Colour.gold(),  # a DM panel whose player the game waits on
    "won": discord.Colour.green(),
    "lost": discord.Colour.red(),
    "ended": discord.Colour.light_grey(),
}
LATEST_LINES = 4  # the table's "Latest" field; the whole log is in the result post and /<game> log
TABLE_BUDGET = 1800  # characters of description and fields: one phone screen
KEY_MOMENTS = 3


def outcome_kind(row: GameSession) -> str:
    """lobby, running, won, lost or ended (stopped before the finish): for colours and results."""
    if row.status in ACTIVE:
        return row.status
    if row.status == Status.ABANDONED.value:
        return "ended"
    outcome = ((row.state or {}).get("public") or {}).get("outcome")
    if outcome in ("won", "lost"):
        return str(outcome)
    return "lost" if "fell before" in (row.result or "") else "won"


def embed_size(embeds: list[discord.Embed]) -> int:
    """Characters of descriptions and fields (names and values): what a phone has to show."""
    return sum(
        len(e.description or "") + sum(len(f.name or "") + len(f.value or "") for f in e.fields) for e in embeds
    )


class GameCog(LearnCommands, commands.GroupCog):
    """Base for every game's cog. Not added to the bot itself."""

    game: ClassVar[str]
    # Clicks that cannot be undone: verb -> (the question asked first, what to say once done).
    # The click then waits for Confirm (cogs/common/confirm.py).
    confirm_clicks: ClassVar[dict[str, tuple[str, str]]] = {}
    # True when a player's panel shows shared state (not only their own hand): every panel is
    # then redrawn after every change, not only the panels whose private part changed.
    panels_follow_table: ClassVar[bool] = False
    def opens_form(self, verb: str, values: list[str]) -> bool:
        """A click answered with a form (a modal), which must be its first answer: never deferred."""
        return False

    async def on_form(self, interaction: discord.Interaction, row: GameSession, verb: str, values: dict[str, str]) -> None:
        """The answer to one of this game's forms (`cogs.common.forms`; routed here by `cogs.game`):
        each input's text by its custom id."""
        raise GameError("That form does not belong to this game, so nothing was done.")

    def panel_moment(self, state: dict[str, Any]) -> Any:
        """The part of the saved state every player's panel shows besides their own cards (whose
        step it is, as Haunted's "Now" line): when it changes, every panel is redrawn. None: no
        such part (games whose panels show the whole table set `panels_follow_table` instead)."""
        return None

    # Shared subcommands a crowded game leaves out (Discord allows 25 per group), e.g. "status",
    # which `/game status` also answers.
    omit_commands: ClassVar[tuple[str, ...]] = ()

    def __new__(cls, *args: Any, **kwargs: Any) -> GameCog:
        if cls.omit_commands:  # before discord.py builds the group from the class's commands
            cls.__cog_app_commands__ = [c for c in cls.__cog_app_commands__ if c.name not in cls.omit_commands]
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, bot: TabletopBot) -> None:
        self.bot = bot
        super().__init__()

    @property
    def rules(self) -> Rules:
        return self.bot.service.rules(self.game)

    # ==========================================================================
    # Hooks a game overrides
    # ==========================================================================
    def table_embeds(self, row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
        """The running game's table from the PUBLIC view only (view["public"])."""
        return [discord.Embed(title=self.rules.title, colour=COLOUR)]

    def table_items(self, row: GameSession) -> list[discord.ui.Item[Any]]:
        """Buttons on the public table. Default: one to see your own hand."""
        assert row.id is not None
        return [GameButton(row.id, "hand", label="My hand", style=discord.ButtonStyle.secondary)]

    def private_embeds(
        self, row: GameSession, seat: Seat, view: dict[str, Any], notes: list[str]
    ) -> list[discord.Embed]:
        """A seat's private panel (their hand) from their view (view["public"], view["private"])."""
        return []

    def private_items(self, row: GameSession, seat: Seat, view: dict[str, Any]) -> list[discord.ui.Item[Any]]:
        """Buttons/selects on a seat's private panel, built from legal actions."""
        return []

    def command_from_component(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, values: list[str]
    ) -> dict[str, Any] | None:
        """Turn a click into a command for the engine; None if the verb is not this game's."""
        return None

    async def before_start(self, row: GameSession, user: int) -> None:
        """Called when the host starts a lobby, before the deal: the place to turn each player's
        lobby choices (a deck, a saint) into the game's options. Raise GameError to refuse."""

    def on_result(self, result: Result) -> None:
        """Called after every saved change, whoever made it (a player, the guide, a timeout): the
        place for follow-up work such as writing records when a game ends (schedule it with
        `self.bot.publisher.schedule`)."""

    def waiting_prompt(self, row: GameSession) -> str:
        return "it's your move."

    def answered_line(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, picked: str
    ) -> str | None:
        """What an answered follow-up prompt shrinks to, in the game's words ("Urchin Thief → bob,
        line 2"), from the session as it was before the click; `picked` is the clicked label or
        the chosen options' labels. None: `picked` alone."""
        return None

    def options_text(self, row: GameSession) -> str:
        shown = [f"{k}: {v}" for k, v in row.options.items() if v not in (None, False, "", [], {})]
        return ", ".join(shown) or "standard"

    # ==========================================================================
    # Messages built from the hooks (used by the publisher and the commands)
    # ==========================================================================
    def table_message(self, row: GameSession) -> tuple[list[discord.Embed], discord.ui.View | None]:
        if row.status == Status.LOBBY.value:
            return [self.lobby_embed(row)], view_of(self.lobby_items(row))
        view = self.bot.service.view_for(row, None)
        embeds = (
            self.table_embeds(row, view) if view else [discord.Embed(title=self.rules.title, colour=COLOUR)]
        )
        last = embeds[-1]
        colour = COLOURS[outcome_kind(row)]
        for embed in embeds:
            embed.colour = colour
        closing: tuple[str, str] | None = None
        if row.status == Status.RUNNING.value:
            waiting = [mention(self._user(row, int(s))) for s in row.waiting]
            if waiting:
                last.set_footer(text=None)
                closing = ("Waiting for", " ".join(waiting))
        else:
            ending = fill_seats(row.result or "The game is over.", row)
            closing = (
                "Game over" if row.status == Status.FINISHED.value else "Game ended",
                clip(ending, FIELD_VALUE_MAX),
            )
        if row.log:
            # As many of the newest lines as the phone-screen budget leaves room for.
            room = TABLE_BUDGET - embed_size(embeds) - len("Latest") - (sum(map(len, closing)) if closing else 0)
            latest = lines_within([fill_seats(t, row) for t in row.log[-LATEST_LINES:]], min(room, FIELD_VALUE_MAX))
            if latest:
                last.add_field(name="Latest", value=latest, inline=False)
        if closing:
            last.add_field(name=closing[0], value=closing[1], inline=False)
        return embeds, view_of(self.table_items(row), moment(row)) if row.status == Status.RUNNING.value else None

    def result_embed(self, row: GameSession, history: History) -> discord.Embed:
        """The post that closes a game: its result in the game's own terms, how long it took, a
        few key moments. The whole log goes with it as a file."""
        kind = outcome_kind(row)
        ending = {"won": "game over", "lost": "game over", "ended": "game ended"}.get(kind, "game over")
        embed = discord.Embed(
            title=f"{self.rules.title}: {ending}",
            description=clip(fill_seats(row.result or "The game is over.", row), FIELD_VALUE_MAX),
            colour=COLOURS.get(kind, COLOUR),
        )
        turns = f"{history.turns} turn{'s' * (history.turns != 1)}, {history.moves} move{'s' * (history.moves != 1)}"
        embed.add_field(name="Played", value=f"{turns} in {duration_text(row)}", inline=False)
        players = " ".join(mention(u) for u in row.seats)
        if players:
            embed.add_field(name="Players", value=clip(players, FIELD_VALUE_MAX), inline=False)
        moments = self.key_moments(row, history)
        if moments:
            embed.add_field(
                name="Key moments",
                value=clip("\n".join(f"• {fill_seats(m, row)}" for m in moments), FIELD_VALUE_MAX),
                inline=False,
            )
        embed.set_footer(text=f"The whole game is in the attached log; /{self.game} log shows it again.")
        return embed

    def key_moments(self, row: GameSession, history: History) -> list[str]:
        """A few lines of the game worth recalling. Default: the last ones before the end."""
        return history.lines[-KEY_MOMENTS:]

    def private_message(
        self, row: GameSession, seat: Seat, notes: list[str]
    ) -> tuple[list[discord.Embed], discord.ui.View | None]:
        view = self.bot.service.view_for(row, self._user(row, seat))
        if not view:
            return [], None
        embeds = self.private_embeds(row, seat, view, notes)
        if row.status == Status.RUNNING.value and str(seat) in row.waiting:
            for embed in embeds:
                embed.colour = COLOURS["your move"]
        items = self.private_items(row, seat, view) if row.status == Status.RUNNING.value else []
        return embeds, view_of(items, moment(row))

    def lobby_embed(self, row: GameSession) -> discord.Embed:
        rules = self.rules
        players = "\n".join(f"{i + 1}. {mention(u)}" for i, u in enumerate(row.seats)) or "nobody yet"
        embed = discord.Embed(title=f"{rules.title}: lobby", description=self.blurb(), colour=COLOURS["lobby"])
        embed.add_field(name="Host", value=mention(row.host_id), inline=True)
        embed.add_field(name="Options", value=clip(self.options_text(row), FIELD_VALUE_MAX), inline=True)
        embed.add_field(
            name=f"Players ({len(row.seats)}/{rules.most_players(rules.parse_options(row.options))}, at least {rules.min_players})",
            value=players,
            inline=False,
        )
        for role in self.lobby_roles(row):
            embed.add_field(
                name=role.capitalize(),
                value=mention(row.roles[role]) if role in row.roles else "open",
                inline=True,
            )
        if row.status == Status.LOBBY.value:
            embed.set_footer(
                text=f"Join with the buttons or /{self.game} join. The host starts the game with Start."
            )
        else:
            embed.set_footer(text="This lobby is closed.")
        return embed

    def lobby_items(self, row: GameSession) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        items: list[discord.ui.Item[Any]] = [
            GameButton(row.id, "join", label="Join", style=discord.ButtonStyle.primary),
            GameButton(row.id, "leave", label="Leave"),
            GameButton(row.id, "start", label="Start", style=discord.ButtonStyle.success),
        ]
        items += [GameButton(row.id, "join", role, label=f"Join as {role}") for role in self.lobby_roles(row)]
        return items

    def lobby_roles(self, row: GameSession) -> tuple[str, ...]:
        """The special roles this lobby offers (a game may offer none in some modes)."""
        return tuple(self.rules.roles)

    def check_role(self, row: GameSession, role: str | None) -> None:
        if role is not None and role not in self.lobby_roles(row):
            raise GameError(f"This {self.rules.title} game has no {role} to take.")

    @staticmethod
    def _user(row: GameSession, seat: Seat) -> int | None:
        if seat == GUIDE:
            return row.roles.get("guide")
        return row.seats[seat] if 0 <= seat < len(row.seats) else None

    # ==========================================================================
    # Shared behaviour
    # ==========================================================================
    async def open_lobby(
        self, interaction: discord.Interaction, options: dict[str, Any], host_role: str | None = None
    ) -> None:
        """For a game's `new` command: open the lobby and post it as this channel's table message."""
        try:
            # A burst of new games queues for the store: defer (publicly: the lobby is for all) if late.
            result = await in_time(
                interaction,
                self.bot.service.new(
                    guild_id=interaction.guild_id,
                    channel_id=interaction.channel_id or 0,
                    game=self.game,
                    host_id=interaction.user.id,
                    options=options,
                    host_role=host_role,
                    host_name=interaction.user.display_name,
                ),
                public=True,
                late=self.bot.service.wait_coming(),
            )
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        row = result.session
        embeds, view = self.table_message(row)
        message: discord.Message | discord.InteractionMessage | discord.WebhookMessage | None
        if not await fresh(interaction):  # deferred: the lobby replaces the "thinking" line
            message = await followup(interaction, embeds=embeds, view=view or discord.utils.MISSING, ephemeral=False)
        else:
            FIRST_BYTES.note(interaction)
            callback = await interaction.response.send_message(embeds=embeds, view=view or discord.utils.MISSING)
            message = callback.resource if isinstance(callback.resource, discord.InteractionMessage) else None
            if message is None:
                message = await interaction.original_response()
        assert row.id is not None
        await self.bot.service.set_table(row.id, message.channel.id, message.id)
        # Someone may have joined in the moment before the table was known: draw it once more.
        self.bot.publisher.refresh_table(row.id)

    async def act(
        self,
        interaction: discord.Interaction,
        command: dict[str, Any],
        *,
        session_id: int | None = None,
        notice: str | None = None,
    ) -> bool:
        """Apply a player's command; answer the interaction. True if it was carried out.

        A click carries the moment its panel was drawn for (`interaction.extras["click"]`, set by
        the bot); the service refuses it if it is stale, and the player gets their current panel.
        A click on the player's DM panel is answered with the panel redrawn (see `_answer_click`)."""
        async with self.bot.publisher.clicked(interaction, session_id):
            return await self._act(interaction, command, session_id, notice)

    async def _act(
        self, interaction: discord.Interaction, command: dict[str, Any], session_id: int | None, notice: str | None
    ) -> bool:
        try:
            if session_id is None:
                session_id = (await self.bot.service.session_in(interaction.channel_id or 0, self.game)).id
            assert session_id is not None
            at = None
            if interaction.type is discord.InteractionType.component:
                click = interaction.extras.get("click")
                at = click.moment if isinstance(click, ComponentId) else None
                if at is None:
                    raise StaleClick("That panel was drawn by an older version of the bot, so this click was not applied.")
            # The lock may be held by another click, or the save slow: defer if the answer could be late.
            result = await in_time(
                interaction,
                self.bot.service.act(session_id, interaction.user.id, command, moment=at),
                late=self.bot.service.wait_coming(session_id),
            )
        except StaleClick as exc:
            await self._offer_panel(interaction, session_id, exc.message)
            return False
        except GameError as exc:
            row = await self.bot.service.store.get(session_id) if session_id else None
            text = fill_seats(exc.message, row) if row else exc.message
            if row is not None and self._is_old(interaction, row):
                text = f"That prompt is old: {self.where_now(row)} {text} {self.jump_text(row)}".strip()
            await refuse(interaction, text)
            return False
        if interaction.type is discord.InteractionType.component:
            await self._answer_click(interaction, session_id, result)
        else:
            await say(interaction, notice or "Done.", ephemeral=True)
        return True

    async def _offer_panel(self, interaction: discord.Interaction, session_id: int | None, text: str) -> None:
        """A refused stale click: say why, with the player's current panel (only they see it)."""
        row = await self.bot.service.store.get(session_id) if session_id else None
        seat = actor_of(row, interaction.user.id) if row else None
        if row is not None and row.status not in (Status.LOBBY.value, Status.RUNNING.value):
            await refuse(interaction, f"{text} This game has ended.")  # no panel left to offer
            return
        if row is None or seat is None or row.status != Status.RUNNING.value:
            await refuse(interaction, text)
            return
        assert row.id is not None
        embeds, view = self.private_message(row, seat, list(self.bot.publisher.notes(row.id, interaction.user.id)))
        if not embeds:
            await refuse(interaction, text)
            return
        await say(interaction, f"{text} Here is your current panel.", embeds=embeds, view=view)

    async def _answer_click(self, interaction: discord.Interaction, session_id: int, result: Result) -> None:
        """A click on an ephemeral follow-up shrinks it to one line (the player's one DM panel is
        redrawn by the publisher), or, while that DM panel would be late (`panel_late`), to the line
        and their next panel under it; a player without DMs gets their `/hand` panel redrawn instead.
        A click on the player's DM panel or on the live table is answered with that message redrawn."""
        message = interaction.message
        if message is not None and message.flags.ephemeral:
            row = await self.bot.service.session(session_id)
            seat = actor_of(row, interaction.user.id)
            if seat is not None and interaction.user.id in row.dm_closed:
                embeds, view = self.private_message(
                    row, seat, self.bot.publisher.notes(session_id, interaction.user.id)
                )
                await edit_clicked(interaction, embeds=embeds, view=view)
                return
            if seat is not None:
                line = f"✓ {interaction.extras.get('answered') or answered_label(interaction)}"
                if self.bot.publisher.panel_late(row, interaction.user.id):
                    # Their DM panel will be long in coming (the bot is far behind Discord's budget):
                    # the answer shows their next panel here at once, under the line.
                    embeds, view = self.private_message(row, seat, self.bot.publisher.notes(session_id, interaction.user.id))
                    if embeds:
                        await edit_clicked(interaction, content=f"{line}\n{EARLY_PANEL}", embeds=embeds, view=view)
                        return
                await edit_clicked(interaction, content=line, embeds=[], view=None)
                return
        else:
            with waits.span("answer click"):
                if await self.bot.publisher.answer_click(interaction, result.session):
                    return
        await ack(interaction)

    def _is_old(self, interaction: discord.Interaction, row: GameSession) -> bool:
        """A click on a table or prompt that is no longer the live one."""
        message = interaction.message
        if interaction.type is not discord.InteractionType.component or message is None or row.id is None:
            return False
        if message.flags.ephemeral or interaction.guild_id is None:  # a DM panel is always the live one
            return False
        return message.id not in self.bot.publisher.live_messages(row.id)

    def where_now(self, row: GameSession) -> str:
        """Where the game is now, in one sentence, for a click on an old message."""
        if row.status not in ACTIVE:
            return "the game has ended."
        waiting = [mention(self._user(row, int(s))) for s in row.waiting]
        return f"the game now waits for {' '.join(waiting)}." if waiting else "the game has moved on."

    async def on_component(
        self,
        interaction: discord.Interaction,
        row: GameSession,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        """A click on one of this game's buttons or selects (routed here by the bot)."""
        assert row.id is not None
        service = self.bot.service
        user = interaction.user.id
        try:
            if verb in ("join", "leave", "start"):
                if verb == "join":
                    self.check_role(row, arg)
                    await in_time(
                        interaction,
                        service.join(row.id, user, role=arg, name=interaction.user.display_name),
                        late=service.wait_coming(row.id),
                    )
                elif verb == "leave":
                    await in_time(interaction, service.leave(row.id, user), late=service.wait_coming(row.id))
                else:
                    async with self.bot.publisher.starting(row.id):
                        await in_time(interaction, self.start_game(row, user), first=True, late=service.wait_coming(row.id))
                        if await self.bot.publisher.answer_start(interaction, row.id):
                            return  # the table, under the lobby, is the click's answer
                await ack(interaction)
                return
            if verb == "hand":
                await self._send_hand(interaction, row)
                return
            seat = actor_of(row, user)
            if seat is None:
                raise GameError("You are not playing in this game.")
            try:
                command = self.command_from_component(row, seat, verb, arg, values)
            except (ValueError, LookupError, TypeError) as exc:  # a forged or garbled custom id
                log.info("session %s: unreadable click %s:%s %s (%s)", row.id, verb, arg, values, exc)
                raise GameError(UNREADABLE) from None
            if command is None:
                raise GameError("That button is out of date; use the newest message.")
        except GameError as exc:
            await refuse(interaction, fill_seats(exc.message, row))
            return
        if verb in self.confirm_clicks:
            # The Confirm button carries the click's moment, so a double Confirm is applied once.
            click = interaction.extras.get("click")
            at = f"@{click.moment}" if isinstance(click, ComponentId) and click.moment is not None else ""
            await ask(interaction, self.confirm_clicks[verb][0], row.id, "click", verb + at + (f":{arg}" if arg else ""))
            return
        if interaction.message is not None and interaction.message.flags.ephemeral:
            try:
                picked = interaction.extras.get("picked") or answered_label(interaction)
                interaction.extras["answered"] = self.answered_line(row, seat, verb, arg, picked) or picked
            except (ValueError, LookupError, TypeError):  # no words for it: the clicked label will do
                log.info("session %s: no answered line for %s:%s %s", row.id, verb, arg, values)
        await self.act(interaction, command, session_id=row.id)

    async def start_game(self, row: GameSession, user: int) -> str:
        """The Start button and `/<game> start`: checks, the game's `before_start`, then the deal."""
        assert row.id is not None
        if row.status == Status.RUNNING.value:
            raise GameError("The game has already started, so you cannot start now.")
        if row.status != Status.LOBBY.value:
            raise GameError("That game has ended.")
        if user != row.host_id:
            raise GameError("Only the host can start the game.")
        await self.before_start(row, user)
        return (await self.bot.service.start(row.id, user)).notice

    async def _send_hand(self, interaction: discord.Interaction, row: GameSession) -> None:
        seat = actor_of(row, interaction.user.id)
        if seat is None:
            await refuse(interaction, "You are not playing in this game, so you have no hand.")
            return
        if row.state is None:
            await refuse(interaction, "The game has not started yet, so nobody has cards.")
            return
        assert row.id is not None
        embeds, view = self.private_message(row, seat, self.bot.publisher.notes(row.id, interaction.user.id))
        if not embeds:
            await refuse(interaction, "You have nothing private in this game.")
            return
        # Answered at once in words; the pictures follow in the background, as on the DM panel. Only a
        # reply of our own is edited: after a deferral the original response is the clicked message.
        first = await fresh(interaction)
        await say(interaction, embeds=embeds, view=view or None, ephemeral=True)
        if first:
            self.bot.publisher.schedule(
                ("hand", interaction.id), lambda: self._hand_pictures(interaction, row, seat, embeds)
            )

    async def _hand_pictures(
        self, interaction: discord.Interaction, row: GameSession, seat: int, embeds: list[discord.Embed]
    ) -> None:
        files = await panel_files(self.bot, row, seat, interaction.user.id, embeds)
        if files:
            await interaction.edit_original_response(embeds=embeds, attachments=files)

    async def _here(self, interaction: discord.Interaction) -> GameSession:
        row = await self.bot.service.session_in(interaction.channel_id or 0, self.game)
        if row.game != self.game:
            raise GameError(
                f"The game in this channel is {self.bot.service.rules(row.game).title}; use `/{row.game}` commands here."
            )
        return row

    # ==========================================================================
    # Slash commands every game has
    # ==========================================================================
    @app_commands.command(
        name="join", description="Join the lobby in this channel (or take a role, such as guide)."
    )
    @app_commands.describe(role="Take a special role instead of a seat, if the game has one (e.g. guide).")
    async def join_cmd(self, interaction: discord.Interaction, role: str | None = None) -> None:
        try:
            row = await self._here(interaction)
            assert row.id is not None
            self.check_role(row, role)
            result = await in_time(
                interaction,
                self.bot.service.join(row.id, interaction.user.id, role=role, name=interaction.user.display_name),
                late=self.bot.service.wait_coming(row.id),
            )
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, result.notice)

    @app_commands.command(name="leave", description="Leave the lobby in this channel.")
    async def leave_cmd(self, interaction: discord.Interaction) -> None:
        try:
            row = await self._here(interaction)
            assert row.id is not None
            result = await in_time(
                interaction, self.bot.service.leave(row.id, interaction.user.id), late=self.bot.service.wait_coming(row.id)
            )
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, result.notice)

    @app_commands.command(name="start", description="Start the game (host only).")
    async def start_cmd(self, interaction: discord.Interaction) -> None:
        try:
            row = await self._here(interaction)
            assert row.id is not None
            async with self.bot.publisher.starting(row.id):
                # Deferred publicly if late: the answer is the new table, for everyone.
                notice = await in_time(
                    interaction,
                    self.start_game(row, interaction.user.id),
                    public=True,
                    first=True,
                    late=self.bot.service.wait_coming(row.id),
                )
                if await self.bot.publisher.answer_start(interaction, row.id):
                    return
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, notice)

    @app_commands.command(name="status", description="Show this channel's game table (only to you).")
    async def status_cmd(self, interaction: discord.Interaction) -> None:
        try:
            row = await self._here(interaction)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        embeds, _ = self.table_message(row)
        await say(interaction, self.jump_text(row), embeds=embeds, ephemeral=True)

    @app_commands.command(name="hand", description="Show your private cards (only to you).")
    async def hand_cmd(self, interaction: discord.Interaction) -> None:
        try:
            row = await self._here(interaction)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await self._send_hand(interaction, row)

    @app_commands.command(
        name="end", description="End this channel's game (the host, or someone with Manage Channels), after you confirm."
    )
    async def end_cmd(self, interaction: discord.Interaction) -> None:
        await end_game(self.bot, interaction, game=self.game)

    def jump_text(self, row: GameSession) -> str:
        link = self.bot.publisher.table_link(row) if row.guild_id else ""
        return f"The table: {link}" if link else ""

    @app_commands.command(name="log", description="The whole log of this channel's last game (only to you).")
    async def log_cmd(self, interaction: discord.Interaction) -> None:
        await send_log(self.bot, interaction, self.game)

    async def cog_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await apologise(
            interaction,
            f"/{self.game} {interaction.command.name if interaction.command else '?'}",
            getattr(error, "original", error),
        )


async def end_game(bot: TabletopBot, interaction: discord.Interaction, game: str | None = None) -> None:
    """/game end and /<game> end: the host, or a member who may manage the channel, once confirmed."""
    try:
        row = await bot.service.session_in(interaction.channel_id or 0, game)
        if game is not None and row.game != game:
            raise GameError(
                f"The game in this channel is {bot.service.rules(row.game).title}; use `/game end`."
            )
        if interaction.user.id != row.host_id and not _can_manage(interaction):
            raise GameError("Only the host or someone with Manage Channels can end this game.")
    except GameError as exc:
        await refuse(interaction, exc.message)
        return
    assert row.id is not None
    title = bot.service.rules(row.game).title
    await ask(interaction, f"End this channel's {title} game now? It stops where it is.", row.id, "end")


def _can_manage(interaction: discord.Interaction) -> bool:
    return bool(interaction.permissions and interaction.permissions.manage_channels)


@confirmed("end")
async def _confirmed_end(bot: TabletopBot, interaction: discord.Interaction, session_id: int, arg: str) -> Done:
    await bot.service.end(session_id, interaction.user.id, can_manage=_can_manage(interaction))
    return Done("You ended the game.", f"{mention(interaction.user.id)} ended the game.")


@confirmed("click")
async def _confirmed_click(bot: TabletopBot, interaction: discord.Interaction, session_id: int, arg: str) -> Done:
    """A click from a game's `confirm_clicks`, confirmed: rebuilt from the custom id and applied."""
    head, _, rest = arg.partition(":")
    verb, _, at = head.partition("@")
    row = await bot.service.session(session_id)
    cog = bot.game_cog(row.game)
    seat = actor_of(row, interaction.user.id)
    if seat is None:
        raise GameError("You are not playing in this game.")
    try:
        command = cog.command_from_component(row, seat, verb, rest or None, [])
    except (ValueError, LookupError, TypeError):  # a forged or garbled custom id
        raise GameError(UNREADABLE) from None
    if command is None or verb not in cog.confirm_clicks:
        raise GameError("That button is out of date; use the newest message.")
    try:
        await bot.service.act(session_id, interaction.user.id, command, moment=int(at) if at.isdigit() else None)
    except GameError as exc:
        raise GameError(fill_seats(exc.message, row)) from exc
    return Done(cog.confirm_clicks[verb][1])


async def send_log(bot: TabletopBot, interaction: discord.Interaction, game: str | None) -> None:
    """/<game> log and /game log: the whole log of the channel's last game, as a file, only to you."""
    row = await bot.service.store.last_in_channel(interaction.channel_id or 0, game)
    if row is None or row.seed is None:
        kind = f"{bot.service.rules(game).title} game" if game else "game"
        await refuse(interaction, f"No {kind} has been played in this channel yet.")
        return
    history = bot.service.history(row)
    text = "\n".join(fill_seats(line, row) for line in history.lines) + "\n"
    state = "still running" if row.status in ACTIVE else fill_seats(row.result or "ended", row)
    moves = f"{history.moves} move{'s' * (history.moves != 1)}"
    await say(
        interaction,
        f"The log of {bot.service.rules(row.game).title} game {row.id} ({state}): {moves}.",
        file=discord.File(io.BytesIO(text.encode()), filename=f"{row.game}-{row.id}.log"),
        ephemeral=True,
    )


def answered_label(interaction: discord.Interaction) -> str:
    """What the player picked on a follow-up prompt, read back from the component they used."""
    data: dict[str, Any] = interaction.data or {}  # type: ignore[assignment]
    picked = data.get("custom_id")
    values = data.get("values") or []
    message = interaction.message
    for row_ in message.components if message else []:
        for child in getattr(row_, "children", []):
            if getattr(child, "custom_id", None) != picked:
                continue
            if values:
                labels = {o.value: o.label for o in getattr(child, "options", [])}
                return ", ".join(labels.get(v, v) for v in values)
            if getattr(child, "label", None):
                return str(child.label)
    return "Done."


__all__ = ["ACTIVE", "GameCog", "end_game"]
