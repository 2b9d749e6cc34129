"""/apocrypha: the lobby with saints, the saints' commands, the table and panels, and Mission End.

The guide's tools live in guide.py and the saint records in saints.py; both are mixed in here.
Players bring a saint to the lobby (`join saint:` or the Bring a saint button); the choice is
kept in the lobby's options by user and turned into the engine's `saints` by seat at start.
When the mission ends, the fragments on display are chosen in the rulebook's order and every
saint's record is written back.
"""

from __future__ import annotations

import logging
from typing import Any, Literal

import discord
from discord import app_commands

from bot.engine.errors import GameError
from bot.engine.prng import Rng
from bot.engine.seats import GUIDE, Seat
from bot.games.apocrypha.cards import CardBook, Mission
from bot.games.apocrypha.commands import AssistCheck
from bot.games.apocrypha.saints import NO_PICK, SaintRecord, after_mission
from bot.service import Result, actor_of
from bot.store import GameSession, PlayerRecord, Status
from cogs.apocrypha import choir, render, views
from cogs.apocrypha.guide import GuideCommands, numbers
from cogs.apocrypha.guide_forms import form_command, fragment_form, mutation_form
from cogs.apocrypha.missions import MissionCommands, find_mission, mission_of
from cogs.apocrypha.saints import GAME, KIND, SaintCommands, find_saint, record_data, saint_records
from cogs.apocrypha.views import WRITE
from cogs.common.base import GameCog
from cogs.common.components import GameButton, GameSelect, view_of
from cogs.common.forms import send_form
from cogs.common.help import unique_names
from cogs.common.replies import refuse, say
from cogs.common.text import clip, fill_seats, mention

log = logging.getLogger(__name__)

Virtue = Literal["body", "mind", "rage", "soul"]
END_KIND = "mission_end"  # a server-wide record per session: its records were written once
CARD_KINDS = ("gifts", "threats", "omens", "fragments", "mutations", "saints", "nexuses", "deaths")


def nexus_ref(view: dict[str, Any], text: str) -> str:
    """A nexus the saint can see, by key or name (unknown text is passed on for the engine to refuse)."""
    known = view["public"].get("nexuses", {})
    return next((k for k, n in known.items() if text.lower() in (k, n["name"].lower())), text)


def hand_ref(book: CardBook, view: dict[str, Any], seat: int, text: str) -> str:
    """A card the saint holds (hand or halo), the confronted card, or "saint", from a name or an id."""
    t = text.strip()
    if t.lower() in ("saint", "saint power"):
        return "saint"
    public = view.get("public", {})
    name = render.namer(book, public)
    mine = [
        *view.get("private", {}).get("hand", []),
        *public.get("saints", {}).get(str(seat), {}).get("halo", {}).values(),
    ]
    confront = public.get("confront")
    if confront:
        mine.append(confront["card"])
    for uid in mine:
        if t.lower() in (uid, uid.split("#")[0], name(uid).lower()):
            return uid
    return t


class ApocryphaCog(
    SaintCommands,
    GuideCommands,
    MissionCommands,
    GameCog,
    group_name="apocrypha",
    group_description="Apocrypha: saints against the Deathless, with a guide or co-op.",
):
    game = "apocrypha"
    # A saint's buttons hang on the shared table (an assist offered, a check's stage), not only on
    # their own cards, so every panel is redrawn after every change.
    panels_follow_table = True
    # 25 subcommands at most; `/game status` and `/game log` do the same.
    omit_commands = ("status", "log")
    # Ending a mission writes deaths and fragments into the saints' records: it waits for Confirm.
    confirm_clicks = {
        "g_won": ("End the mission as **won**? The saints then choose fragments.", "The mission is won."),
        "g_lost": (
            "End the mission as **lost**? Faded saints slot a death (or the choir picks one saint to).",
            "The mission is lost.",
        ),
    }

    @property
    def book(self) -> CardBook:
        return self.rules.book  # type: ignore[attr-defined]  # the engine's own cards

    # ==========================================================================
    # The lobby
    # ==========================================================================
    @app_commands.command(
        name="new", description="Open an Apocrypha lobby here: guided (you are the guide) or co-op."
    )
    @app_commands.describe(
        mode="guided: a human guide runs the mission; coop: the game does",
        mission="A mission from the box",
        guide="Someone else to guide (you then play a saint)",
    )
    async def new_cmd(
        self,
        interaction: discord.Interaction,
        mode: Literal["guided", "coop"] = "guided",
        mission: str | None = None,
        guide: discord.Member | None = None,
    ) -> None:
        options: dict[str, Any] = {"mode": mode, "mission": None}
        if mission:
            box = next(
                (k for k, m in self.book.missions.items() if mission.lower() in (k, m.name.lower())), None
            )
            try:
                own = (
                    await find_mission(self.bot, interaction.guild_id, mission, interaction.user.id)
                    if interaction.guild_id and box is None
                    else None
                )
            except GameError as exc:
                await refuse(interaction, exc.message)
                return
            if box is None and own is not None:
                try:
                    if mode != "guided":
                        raise GameError("A guide's own mission is played in guided mode.")
                    options["guide_mission"] = mission_of(own).model_dump(mode="json")
                except GameError as exc:
                    await refuse(interaction, exc.message)
                    return
            else:
                options["mission"] = box or mission
        if mode == "guided" and (guide is None or guide.id == interaction.user.id):
            await self.open_lobby(interaction, options, host_role="guide")
            return
        await self.open_lobby(interaction, options)
        if mode == "guided" and guide is not None:
            try:
                row = await self._here(interaction)
                assert row.id is not None
                await self.bot.service.join(row.id, guide.id, role="guide", name=guide.display_name)
            except GameError as exc:
                await say(interaction, exc.message)

    @new_cmd.autocomplete("mission")
    async def _missions(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        box = [
            app_commands.Choice(name=m.name[:100], value=k)
            for k, m in self.book.missions.items()
            if current.lower() in m.name.lower()
        ]
        return (box + await self.server_mission_choices(interaction, current))[:25]

    @app_commands.command(
        name="join", description="Join the lobby here bringing one of your saints (or as the guide)."
    )
    @app_commands.describe(
        saint="One of your saints (see /apocrypha saint list)", role="guide: run the mission instead"
    )
    async def join_cmd(
        self, interaction: discord.Interaction, saint: str | None = None, role: str | None = None
    ) -> None:
        try:
            row = await self._here(interaction)
            assert row.id is not None
            self.check_role(row, role)
            user = interaction.user.id
            record = await self._usable_saint(interaction, saint) if saint and role is None else None
            notice = ""
            if not (record is not None and user in row.seats):
                notice = (
                    await self.bot.service.join(row.id, user, role=role, name=interaction.user.display_name)
                ).notice
            if record is not None:
                await self._pick(row.id, user, record.name)
                notice = f"{notice} You bring {record.name}.".strip()
            elif role is None:
                notice += (
                    " Bring a saint with `/apocrypha join saint:<name>` or the lobby's Bring a saint button."
                )
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, notice)

    @join_cmd.autocomplete("saint")
    async def _join_saint(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self.own_saint_choices(interaction, current)

    async def _usable_saint(self, interaction: discord.Interaction, name: str) -> SaintRecord:
        if interaction.guild_id is None:
            raise GameError("Saints belong to a server: join from a server channel.")
        record = await find_saint(self.bot, interaction.guild_id, interaction.user.id, name)
        if record.dead:
            raise GameError(f"{record.name} is dead and cannot join a mission.")
        return record

    async def _set_options(self, session_id: int, change: Any) -> None:
        """Change the lobby's options (the saints brought) under the session's lock and version check."""

        def changed(row: GameSession) -> dict[str, Any]:
            options = dict(row.options)
            change(options)
            return options

        await self.bot.service.update_options(session_id, changed)

    async def _pick(self, session_id: int, user: int, name: str) -> None:
        def change(options: dict[str, Any]) -> None:
            options["picks"] = {**options.get("picks", {}), str(user): name}

        await self._set_options(session_id, change)

    async def before_start(self, row: GameSession, user: int) -> None:
        """Resolve each seat's saint from its record into the options."""
        assert row.id is not None
        picks = row.options.get("picks", {})
        saints: dict[str, Any] = {}
        for seat, member in enumerate(row.seats):
            name = picks.get(str(member))
            if name is None:
                alive = [r for r in await saint_records(self.bot, row.guild_id or 0, member) if not r.dead]
                if len(alive) != 1:
                    raise GameError(
                        f"{mention(member)} has not chosen a saint yet: `/apocrypha join saint:<name>`, "
                        "or the Bring a saint button."
                    )
                name = alive[0].name
            record = await find_saint(self.bot, row.guild_id or 0, member, name)
            if record.dead:
                raise GameError(f"{record.name} is dead and cannot join a mission.")
            saints[str(seat)] = record.model_dump(mode="json")
        seating = choir.engine_options(row.options, list(row.seats))
        await self._set_options(row.id, lambda options: options.update(saints=saints, **seating))

    def lobby_items(self, row: GameSession) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        return [
            *super().lobby_items(row),
            GameButton(row.id, "bring", label="Bring a saint", style=discord.ButtonStyle.primary),
            *choir.items(self.book, row),
        ]

    def lobby_roles(self, row: GameSession) -> tuple[str, ...]:
        # Co-op plays against the game itself: there is no guide's seat to offer.
        return () if row.options.get("mode") == "coop" else super().lobby_roles(row)

    def options_text(self, row: GameSession) -> str:
        mode = "guided" if row.options.get("mode", "guided") == "guided" else "co-op"
        mission = self.book.missions.get(row.options.get("mission") or "")
        own = row.options.get("guide_mission")
        if own:
            mission = Mission.model_validate(own)
        picks = row.options.get("picks", {})
        saints = ", ".join(f"{mention(int(u))}: {n}" for u, n in picks.items() if int(u) in row.seats)
        text = f"{mode}" + (f", mission {mission.name}" if mission else ", the guide's own mission")
        text += f"\nSaints: {saints}" if saints else ""
        coop = choir.text(self.book, row)
        return text + (f"\n{coop}" if coop else "")

    # ==========================================================================
    # The saints' commands
    # ==========================================================================
    async def _saint_act(self, interaction: discord.Interaction, build: Any, notice: str) -> None:
        """Resolve card names against the saint's own view, then hand the command to the engine."""
        try:
            row = await self._here(interaction)
            seat = actor_of(row, interaction.user.id)
            if seat is None or seat == GUIDE or row.state is None:
                raise GameError("Only a saint in this mission can do that.")
            command = build(self.bot.service.view_for(row, interaction.user.id), seat, row)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await self.act(interaction, command, session_id=row.id, notice=notice)

    @app_commands.command(
        name="play", description="Play a power of a card in your hand or halo (or your saint power)."
    )
    @app_commands.describe(
        card="The card (or 'saint' for your saint power)",
        power="Which of its powers, 1 first",
        cards="Cards from your hand the power acts on, separated by commas",
        dice="Dice numbers, e.g. 1, 3",
        target="The player whose saint it affects",
        option="For a 'choose 1' power: which option, 1 first",
        amount="How many, where the power lets you choose",
    )
    async def play_cmd(
        self,
        interaction: discord.Interaction,
        card: str,
        power: app_commands.Range[int, 1, 9] = 1,
        cards: str = "",
        dice: str = "",
        target: discord.Member | None = None,
        option: app_commands.Range[int, 1, 9] | None = None,
        amount: app_commands.Range[int, 0, 20] | None = None,
    ) -> None:
        def build(view: dict[str, Any], seat: int, row: GameSession) -> dict[str, Any]:
            aim = None
            if target is not None:
                aim = actor_of(row, target.id)
                if aim is None or aim == GUIDE:
                    raise GameError("That person is not playing a saint in this mission.")
            return {
                "type": "play",
                "card": hand_ref(self.book, view, seat, card),
                "power": power - 1,
                "cards": [hand_ref(self.book, view, seat, c) for c in cards.split(",") if c.strip()],
                "dice": [d - 1 for d in numbers(dice)] if dice.strip() else [],
                "target": aim,
                "option": option - 1 if option else None,
                "amount": amount,
            }

        await self._saint_act(interaction, build, "Played.")

    @app_commands.command(
        name="investigate", description="Investigate your nexus, with an omen from your hand or without."
    )
    async def investigate_cmd(self, interaction: discord.Interaction, omen: str | None = None) -> None:
        await self._saint_act(
            interaction,
            lambda v, s, r: {
                "type": "investigate",
                "omen": hand_ref(self.book, v, s, omen) if omen else None,
            },
            "You investigate.",
        )

    @app_commands.command(
        name="next", description="Go on to the next step of your turn, confrontation or check."
    )
    async def next_cmd(self, interaction: discord.Interaction) -> None:
        await self._saint_act(interaction, lambda v, s, r: {"type": "next"}, "On to the next step.")

    @app_commands.command(
        name="attempt", description="Attempt the check against the confronted card with a virtue."
    )
    async def attempt_cmd(self, interaction: discord.Interaction, virtue: Virtue) -> None:
        await self._saint_act(
            interaction, lambda v, s, r: {"type": "attempt", "virtue": virtue}, "You attempt the check."
        )

    @app_commands.command(
        name="assist", description="Offer to assist the check in progress with one of your virtues."
    )
    async def assist_cmd(self, interaction: discord.Interaction, virtue: Virtue) -> None:
        await self._saint_act(
            interaction, lambda v, s, r: {"type": "assist", "virtue": virtue}, "You offer to assist."
        )

    @app_commands.command(
        name="answer",
        description="Answer what the game asks you: 1 accepts (or the first option), 2 refuses.",
    )
    @app_commands.describe(cards="The cards you choose, separated by commas (e.g. the gifts damage takes)")
    async def answer_cmd(
        self, interaction: discord.Interaction, option: app_commands.Range[int, 1, 25] = 1, cards: str = ""
    ) -> None:
        await self._saint_act(
            interaction,
            lambda v, s, r: {
                "type": "answer",
                "option": option - 1,
                "cards": [hand_ref(self.book, v, s, c) for c in cards.split(",") if c.strip()],
            },
            "Answered.",
        )

    @app_commands.command(name="roll", description="Finish assembling and roll your dice.")
    async def roll_cmd(self, interaction: discord.Interaction) -> None:
        await self._saint_act(interaction, lambda v, s, r: {"type": "roll"}, "Rolled.")

    @app_commands.command(
        name="reroll", description="Reroll dice with the rerolls an assist (or a card) gave you."
    )
    @app_commands.describe(
        dice="Dice numbers, e.g. 1, 2", assist="The assisting player whose rerolls you use"
    )
    async def reroll_cmd(
        self, interaction: discord.Interaction, dice: str, assist: discord.Member | None = None
    ) -> None:
        def build(view: dict[str, Any], seat: int, row: GameSession) -> dict[str, Any]:
            helper = actor_of(row, assist.id) if assist else None
            return {"type": "reroll", "dice": [d - 1 for d in numbers(dice)], "assist": helper}

        await self._saint_act(interaction, build, "Rerolled.")

    @app_commands.command(
        name="keep", description="Finish the check: the remaining dice steps run and three dice are kept."
    )
    async def keep_cmd(self, interaction: discord.Interaction) -> None:
        await self._saint_act(interaction, lambda v, s, r: {"type": "keep"}, "The check is decided.")

    @app_commands.command(name="move", description="Transfer step: move to another revealed nexus.")
    async def move_cmd(self, interaction: discord.Interaction, nexus: str) -> None:
        def build(view: dict[str, Any], seat: int, row: GameSession) -> dict[str, Any]:
            return {"type": "move", "nexus": nexus_ref(view, nexus)}

        await self._saint_act(interaction, build, "You move.")

    @move_cmd.autocomplete("nexus")
    async def _move_nexus(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        view = await self._session_view(interaction)
        known = view.get("public", {}).get("nexuses", {})
        return [
            app_commands.Choice(name=n["name"][:100], value=k)
            for k, n in known.items()
            if current.lower() in n["name"].lower()
        ][:25]

    @app_commands.command(
        name="give", description="Transfer step: give a card from your hand to a saint at your nexus."
    )
    async def give_cmd(self, interaction: discord.Interaction, card: str, to: discord.Member) -> None:
        def build(view: dict[str, Any], seat: int, row: GameSession) -> dict[str, Any]:
            other = actor_of(row, to.id)
            if other is None or other == GUIDE:
                raise GameError("That person is not playing a saint in this mission.")
            return {"type": "give", "card": hand_ref(self.book, view, seat, card), "to": other}

        await self._saint_act(interaction, build, "Given.")

    @app_commands.command(
        name="endturn",
        description="Reset and end your turn; on another's turn, reset when the game lets you.",
    )
    @app_commands.describe(
        discard="Cards to discard first, separated by commas", recycle="Extra cards to recycle"
    )
    async def endturn_cmd(
        self, interaction: discord.Interaction, discard: str = "", recycle: str = ""
    ) -> None:
        # One command for both resets (Discord allows 25 commands here): your own turn's end, or the
        # reset another saint's reset or the guide's rest allows.
        ending = self._reset_builder("end_turn", discard, recycle)
        resetting = self._reset_builder("reset", discard, recycle)

        def build(view: dict[str, Any], seat: int, row: GameSession) -> dict[str, Any]:
            mine = view.get("public", {}).get("active") == seat
            return (ending if mine else resetting)(view, seat, row)

        await self._saint_act(interaction, build, "Done: you reset.")

    def _reset_builder(self, kind: str, discard: str, recycle: str) -> Any:
        def build(view: dict[str, Any], seat: int, row: GameSession) -> dict[str, Any]:
            names = lambda text: [hand_ref(self.book, view, seat, c) for c in text.split(",") if c.strip()]  # noqa: E731
            return {"type": kind, "discard": names(discard), "recycle": names(recycle)}

        return build

    @app_commands.command(
        name="seal",
        description="Sanctify step: attempt your nexus's seal requirement, or (co-op) guard your nexus.",
    )
    @app_commands.describe(
        virtue="For a check requirement",
        card="For a cost requirement: the card from your hand that pays",
        guard="Co-op, after a master's confrontation: guard this nexus (yours) instead of sealing",
    )
    async def seal_cmd(
        self,
        interaction: discord.Interaction,
        virtue: Virtue | None = None,
        card: str | None = None,
        guard: str | None = None,
    ) -> None:
        def build(view: dict[str, Any], seat: int, row: GameSession) -> dict[str, Any]:
            command = {"virtue": virtue, "card": hand_ref(self.book, view, seat, card) if card else None}
            if guard:
                return {"type": "guard", "nexus": nexus_ref(view, guard), **command}
            return {"type": "seal", **command}

        await self._saint_act(
            interaction, build, "You attempt the guard." if guard else "You attempt the seal."
        )

    @seal_cmd.autocomplete("guard")
    async def _guard_nexus(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await self._move_nexus(interaction, current)

    # -- /apocrypha card (cogs/common/help.py) --------------------------------------------------
    def card_names(self) -> dict[str, str]:
        return unique_names(
            (cid, card.name, kind.rstrip("s"))
            for kind in CARD_KINDS
            for cid, card in getattr(self.book, kind).items()
        )

    def card_embed(self, card_id: str) -> discord.Embed:
        card = self.book.card(card_id)
        text = render.card_text(self.book, card_id) or getattr(card, "text", "")
        return discord.Embed(title=card.name, description=clip(text, 4096), colour=render.COLOUR)

    @play_cmd.autocomplete("card")
    @give_cmd.autocomplete("card")
    @investigate_cmd.autocomplete("omen")
    async def _hand_cards(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        view = await self._session_view(interaction)
        if "private" not in view:
            return []
        name = render.namer(self.book, view["public"])
        found = {u: name(u) for u in view["private"].get("hand", [])}
        return [
            app_commands.Choice(name=n[:100], value=u)
            for u, n in found.items()
            if current.lower() in n.lower()
        ][:25]

    # ==========================================================================
    # Rendering hooks
    # ==========================================================================
    def _who(self, row: GameSession) -> Any:
        return lambda seat: mention(row.seats[seat]) if 0 <= seat < len(row.seats) else f"seat {seat + 1}"

    def table_embeds(self, row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
        return render.table_embeds(self.book, view["public"], self._who(row))

    def private_embeds(
        self, row: GameSession, seat: Seat, view: dict[str, Any], notes: list[str]
    ) -> list[discord.Embed]:
        if seat == GUIDE:
            return render.guide_embeds(self.book, view, notes, self._who(row))
        if "private" not in view:
            return []
        return [
            render.hand_embed(
                self.book,
                view,
                seat,
                fill_seats(self._prompt(view["public"], seat, render.namer(self.book, view["public"])), row),
                notes,
                self._who(row),
            )
        ]

    def private_items(self, row: GameSession, seat: Seat, view: dict[str, Any]) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        actions = self.bot.service.legal_actions(row, seat)
        if seat == GUIDE:
            names = [f"seat {i + 1}" for i in range(len(row.seats))]
            for key, saint in view["public"].get("saints", {}).items():
                names[int(key)] = saint["name"]
            return views.guide_items(row.id, self.book, view["public"], view.get("secret", {}), names, actions)
        hand = view.get("private", {}).get("hand", [])
        return views.saint_items(row.id, self.book, view["public"], seat, actions, hand)

    def guide_message(
        self, row: GameSession, user: int
    ) -> tuple[list[discord.Embed], discord.ui.View | None]:
        assert row.id is not None
        return self.private_message(row, GUIDE, list(self.bot.publisher.notes(row.id, user)))

    STEP_HINT = {
        "avoid": "play a card that avoids it, or face it",
        "initiate": "play Initiate cards, then go on to Act",
        "act": "attempt the check with one of its virtues",
        "terminate": "it is ending",
    }

    @classmethod
    def _prompt(cls, public: dict[str, Any], seat: int, name: Any = str) -> str:
        """One sentence on what this saint may or must do now."""
        mine = next((p for p in public.get("pending", []) if p["seat"] == seat), None)
        if mine:
            return mine["text"]
        between = public.get("between")
        if between and between.get("stage") == "fragments":
            chooser = next((p["seat"] for p in public.get("pending", [])), None)
            if chooser is not None:
                return f"Waiting for @{{{chooser}}} to choose a fragment from the display."
        if between and between.get("stage") == "rebuild":
            return "Your deck is ready; waiting for the rest of the choir to finish rebuilding."
        check = public.get("check")
        if check and check.get("stage") != "done":
            if check["seat"] == seat:
                return f"Your {check['virtue'].capitalize()} check is at its {check['stage']} stage."
            if check.get("stage") == "assist":
                return (
                    "A check is waiting for assists: you may offer one if your virtue points at that saint."
                )
        confront = public.get("confront")
        if confront and confront["seat"] == seat:
            step = confront["step"]
            return f"You confront {name(confront['card'])}, the {step} step: {cls.STEP_HINT.get(step, 'go on')}."
        waiting = next((c for c in public.get("opponents", []) if c["seat"] == seat), None)
        if waiting:
            return (
                f"You also confront {name(waiting['card'])}; it waits at its {waiting['step']} step while "
                + (f"@{{{confront['seat']}}}'s confrontation goes on" if confront else "another goes on")
                + ". Checks go in any order: press Take my turn at it whenever no check is being rolled."
            )
        if public.get("active") == seat:
            return f"It's your turn: the {public.get('step')} step."
        if public.get("outcome"):
            return public.get("result") or "The mission is over."
        return "Not your turn; you may still play cards whose timing has come."

    def waiting_prompt(self, row: GameSession) -> str:
        public = (row.state or {}).get("public") or {}
        if public.get("pending"):
            return "the game needs your answer: see your DM or `/apocrypha hand`."
        if public.get("active") is None and public.get("mode") == "guided":
            return "the saints wait for the guide to start a turn or present a card."
        return "the mission waits on you: see your DM or `/apocrypha hand`."

    # ==========================================================================
    # Clicks
    # ==========================================================================
    def command_from_component(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, values: list[str]
    ) -> dict[str, Any] | None:
        examined: list[str] = []
        hand: list[str] = []
        halo: dict[str, str] = {}
        if seat != GUIDE and row.state:
            private = (row.state.get("players") or {}).get(str(seat)) or {}
            examined = list(private.get("examined", []))
            hand = list(private.get("hand", []))
            saint = ((row.state.get("public") or {}).get("saints") or {}).get(str(seat)) or {}
            halo = {str(k): v for k, v in (saint.get("halo") or {}).items()}
        return views.command_for(verb, arg, values, examined, hand, halo)

    async def on_component(
        self,
        interaction: discord.Interaction,
        row: GameSession,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        try:
            if verb == "bring":
                await self._offer_saints(interaction, row)
                return
            if verb == "bring_pick":
                await self._bring(interaction, row, values[0] if values else "")
                return
            if verb.startswith("choir_"):
                await self._choir_choice(interaction, row, verb, values[0] if values else "")
                return
            if self.opens_form(verb, values):
                await self._open_form(interaction, row, verb)
                return
            if verb == "ask":
                await self._ask_for_assist(interaction, row)
                return
            if verb in self.confirm_clicks and actor_of(row, interaction.user.id) != GUIDE:
                # Refused before Confirm is asked: a saint never sees the guide's question.
                raise GameError("Only the guide can end the mission.")
        except GameError as exc:
            await refuse(interaction, fill_seats(exc.message, row))
            return
        await super().on_component(interaction, row, verb, arg, values)

    def opens_form(self, verb: str, values: list[str]) -> bool:
        return verb == "g_fragment_form" or (verb == "g_mutate" and WRITE in values)

    async def _open_form(self, interaction: discord.Interaction, row: GameSession, verb: str) -> None:
        """The guide's panel: a form for a fragment handed out, or a mutation written on the spot.
        The bot keeps nothing of it while it is open; its answer comes back to `on_form`."""
        assert row.id is not None
        if actor_of(row, interaction.user.id) != GUIDE:
            raise GameError("Only the guide can do that.")
        _, view = await self._guide_view(interaction, row.id)
        if verb == "g_fragment_form":
            await send_form(interaction, fragment_form(row.id, self.book, view))
        else:
            await send_form(interaction, mutation_form(row.id, view))

    async def on_form(self, interaction: discord.Interaction, row: GameSession, verb: str, values: dict[str, str]) -> None:
        """A guide's form answered: the command it asks for, resolved with the guide's view now."""
        build, notice = form_command(self.book, verb, values)
        await self._guide_act(interaction, build, notice, session_id=row.id)

    async def _choir_choice(
        self, interaction: discord.Interaction, row: GameSession, verb: str, value: str
    ) -> None:
        """A co-op lobby select: checked on a copy first, so a refusal changes nothing."""
        assert row.id is not None
        if row.status != Status.LOBBY.value:
            raise GameError("The mission has already started, so the choir's choices are fixed.")
        told = choir.choose(dict(row.options), interaction.user.id, list(row.seats), verb, value)
        user = interaction.user.id
        await self._set_options(
            row.id, lambda options: choir.choose(options, user, list(row.seats), verb, value)
        )
        await say(interaction, told)

    async def _ask_for_assist(self, interaction: discord.Interaction, row: GameSession) -> None:
        """The checking saint asks for help: mention, in the channel, the saints who can assist now."""
        check = ((row.state or {}).get("public") or {}).get("check") or {}
        seat = actor_of(row, interaction.user.id)
        if check.get("stage") != "assist" or check.get("seat") != seat:
            raise GameError("You can ask for an assist only while your own check waits for assists.")
        helpers = [
            s
            for s in range(len(row.seats))
            if any(isinstance(a, AssistCheck) for a in self.bot.service.legal_actions(row, s))
        ]
        if not helpers:
            raise GameError("No saint can reach you with a virtue right now, so nobody can assist.")
        who = " ".join(mention(row.seats[s]) for s in helpers)
        virtue = str(check.get("virtue", "")).capitalize()
        # The click may come from a DM panel: the request goes to the game's channel.
        await self.bot.publisher.post_notice(
            row,
            f"{mention(interaction.user.id)} asks for help with a {virtue} check: {who}, you can assist "
            "(the Assist button on your panel, or `/apocrypha assist`).",
        )
        await say(interaction, f"You asked {who} for an assist.")

    async def _offer_saints(self, interaction: discord.Interaction, row: GameSession) -> None:
        assert row.id is not None
        if row.status != Status.LOBBY.value:
            raise GameError("The mission has already started, so the saints are fixed.")
        alive = [
            r for r in await saint_records(self.bot, row.guild_id or 0, interaction.user.id) if not r.dead
        ]
        if not alive:
            raise GameError(
                "You have no living saints on this server: make one with `/apocrypha saint create`."
            )
        options = [
            discord.SelectOption(
                label=r.name[:100],
                value=r.name[:100],
                description=render.record_line(self.book, r, bold=False)[:100],
            )
            for r in alive
        ]
        select = GameSelect(row.id, "bring_pick", options=options, placeholder="Choose your saint…")
        await say(interaction, "Which saint do you bring?", view=view_of([select]))

    async def _bring(self, interaction: discord.Interaction, row: GameSession, name: str) -> None:
        assert row.id is not None
        record = await self._usable_saint(interaction, name)
        user = interaction.user.id
        if user not in row.seats:
            await self.bot.service.join(row.id, user, name=interaction.user.display_name)
        await self._pick(row.id, user, record.name)
        await say(interaction, f"You bring {record.name} to the mission.")

    # ==========================================================================
    # Mission End: every saint's record written back, once
    # ==========================================================================
    def on_result(self, result: Result) -> None:
        """A finished mission (by a command or a timeout) has its records written, in the background.
        Co-op's fragment choices and the rebuild were made in the game (between.py); guided mode's
        fragments were handed out by the guide."""
        row = result.session
        if row.id is not None and row.status == Status.FINISHED.value and row.state is not None:
            self.bot.publisher.schedule(("mission_end", row.id), lambda: self._mission_end(row))

    def _rng(self, row: GameSession, salt: int) -> Rng:
        return Rng.from_seed(((row.seed or 0) * 31 + salt) & (2**63 - 1))

    async def _mission_end(self, row: GameSession) -> None:
        if row.guild_id is None:
            return
        assert row.id is not None
        await self.bot.publisher.channel_settled(row.id)  # Mission End comes after the result post
        created = False

        def begin(current: PlayerRecord | None) -> PlayerRecord | None:
            nonlocal created
            if current is not None:
                return current  # written already (a second result, or a restart)
            created = True
            return PlayerRecord(
                guild_id=row.guild_id, user_id=0, game=GAME, kind=END_KIND, name=str(row.id), data={"done": True}
            )

        await self.bot.service.update_record(row.guild_id, 0, GAME, END_KIND, str(row.id), begin)
        if created:
            await self._write_records(row)

    async def _write_records(self, row: GameSession) -> None:
        """Mission End for every saint: the engine's after_mission on the stored record, saved back."""
        state = self.rules.load_state(row.state or {})
        between = state.public.between
        saints = row.options.get("saints", {})
        lines = []
        for seat, user in enumerate(row.seats):
            brought = record_data(saints, seat)
            if brought is None or row.guild_id is None:
                continue
            pick = between.picks.get(seat, NO_PICK) if between else NO_PICK
            gifts = list(state.players[seat].kept) if between and seat not in between.dead else None
            sacrificed = list(between.sacrificed.get(seat, [])) if between else []
            changed = await self._update_saint(row, state, seat, user, brought.name, pick, gifts, sacrificed)
            if changed is not None:
                lines.append(f"{mention(user)} " + render.record_change(self.book, *changed))
        if lines:
            channel = self.bot.get_partial_messageable(row.table_channel_id or row.channel_id)
            await channel.send(
                "Mission End: the saints' records are updated.\n" + "\n".join(lines)[:1900],
                allowed_mentions=discord.AllowedMentions.none(),
            )

    async def _update_saint(
        self,
        row: GameSession,
        state: Any,
        seat: int,
        user: int,
        name: str,
        pick: str,
        gifts: list[str] | None,
        sacrificed: list[str],
    ) -> tuple[SaintRecord, SaintRecord] | None:
        """One saint's record after Mission End (None if it was retired during the mission)."""
        assert row.guild_id is not None
        seen: list[tuple[SaintRecord, SaintRecord]] = []

        def change(current: PlayerRecord | None) -> PlayerRecord | None:
            if current is None:
                return None
            base = SaintRecord.model_validate(current.data)
            new = after_mission(base, state, seat, self.book, self._rng(row, 100 + seat), pick, gifts, sacrificed)
            seen[:] = [(base, new)]
            current.data = new.model_dump(mode="json")
            return current

        await self.bot.service.update_record(row.guild_id, user, GAME, KIND, name, change)
        return seen[0] if seen else None
