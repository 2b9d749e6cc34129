"""/faith: lobby with decks, the deck builder, card lookup, the table and each player's turn panel."""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.engine.errors import GameError
from bot.engine.seats import Seat
from bot.games.faith import decks
from bot.games.faith.cards import catalogue, find
from bot.service import actor_of, moment
from bot.store import GameSession, PlayerRecord
from cogs.common.base import GameCog
from cogs.common.components import ComponentId, view_of
from cogs.common.confirm import Done, ask, confirmed
from cogs.common.replies import ack, edit_clicked, refuse, say
from cogs.common.text import CONTENT_MAX, clip, mention, seat_name
from cogs.faith import render, slash, views

if TYPE_CHECKING:
    from bot.client import TabletopBot

GAME, KIND = "faith", "deck"
PENDING = "deck_import"  # an imported list waiting for Confirm to replace a deck
WAITING = {
    "mulligan": "keep your starting hand or mulligan once (see your hand: DM or `/faith hand`).",
    "gather": "it's your turn: gather your energy (DM or `/faith hand`).",
    "action": "it's your turn (DM or `/faith hand`).",
    "discard": "discard down to 7 cards to end your turn (DM or `/faith hand`).",
}


def _choices(names: list[str], current: str) -> list[app_commands.Choice[str]]:
    low = current.lower()
    hits = [n for n in names if low in n.lower()]
    return [app_commands.Choice(name=clip(n, 100), value=clip(n, 100)) for n in hits[:25]]


class FaithCog(
    GameCog, group_name="faith", group_description="Faith: race to 20 Faith with characters from the Bible."
):
    game = GAME
    deck = app_commands.Group(name="deck", description="Build and keep your own Faith decks.")

    # -- lobby ------------------------------------------------------------------------------
    @app_commands.command(name="new", description="Open a Faith lobby in this channel.")
    @app_commands.describe(players="How many players this table is for (2 to 4)")
    async def new_cmd(self, interaction: discord.Interaction, players: app_commands.Range[int, 2, 4]) -> None:
        await self.open_lobby(interaction, {"players": players})

    @app_commands.command(name="join", description="Join the lobby here with a deck (or change your deck).")
    @app_commands.describe(deck="A preconstructed deck or one of your own (empty: a preconstructed one)")
    async def join_cmd(self, interaction: discord.Interaction, deck: str | None = None) -> None:
        try:
            row = await self._here(interaction)
            notice = await self._join(
                row, interaction.guild_id or 0, interaction.user.id, deck, interaction.user.display_name
            )
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, notice)

    async def _join(
        self, row: GameSession, guild: int, user: int, deck_name: str | None, name: str | None = None
    ) -> str:
        assert row.id is not None
        pick = await self._resolve(guild, user, deck_name) if deck_name else None
        size = row.options.get("players") or self.rules.max_players
        if user not in row.seats:
            if row.status == "lobby" and len(row.seats) >= size:
                raise GameError(f"This table is for {size} players and it is full.")
            await self.bot.service.join(row.id, user, name=name)
        if pick is None:
            return "You joined. You will play a preconstructed deck unless you pick one with `/faith join deck:`."

        def change(r: GameSession) -> dict[str, Any]:
            return {**r.options, "picks": {**r.options.get("picks", {}), str(user): pick}}

        await self.bot.service.update_options(row.id, change)
        return f"You are in, playing {pick['name']} ({len(pick['cards'])} cards)."

    async def before_start(self, row: GameSession, user: int) -> None:
        """Each seat's chosen deck (or none: a preconstructed one) goes into the options."""
        assert row.id is not None

        def change(r: GameSession) -> dict[str, Any]:
            picks = r.options.get("picks", {})
            chosen = [picks.get(str(u)) for u in r.seats]
            return {
                **r.options,
                "decks": [p["cards"] if p else [] for p in chosen],
                "deck_names": [p["name"] if p else "" for p in chosen],
            }

        await self.bot.service.update_options(row.id, change)

    async def on_component(
        self,
        interaction: discord.Interaction,
        row: GameSession,
        verb: str,
        arg: str | None,
        values: list[str],
    ) -> None:
        if verb == "join":
            try:
                await self._join(
                    row, interaction.guild_id or 0, interaction.user.id, None, interaction.user.display_name
                )
            except GameError as exc:
                await refuse(interaction, exc.message)
                return
            await ack(interaction)
            return
        if verb == "page" or (verb == "do" and values and values[0].startswith(views.GROUP + ":")):
            key, _, page = (arg or "").rpartition(":") if verb == "page" else (values[0][3:], "", "0")
            await self._open_menu(interaction, row, key, int(page) if page.isdigit() else 0, turn=verb == "page")
            return
        await super().on_component(interaction, row, verb, arg, values)

    async def _open_menu(
        self, interaction: discord.Interaction, row: GameSession, key: str, page: int, *, turn: bool
    ) -> None:
        """The second step of a choice too long for one select: its options, privately, in pages."""
        assert row.id is not None
        seat = actor_of(row, interaction.user.id)
        if seat is None:
            await refuse(interaction, "You are not playing in this game.")
            return
        click = interaction.extras.get("click")
        if isinstance(click, ComponentId) and click.moment is not None and click.moment != moment(row):
            await self._offer_panel(interaction, row.id, "That panel is out of date; the game has moved on.")
            return
        view = self.bot.service.view_for(row, interaction.user.id)
        legal = self.bot.service.legal_actions(row, seat)
        choices = views.entries(key, view, seat, legal, self._who(row, seat)) if view else []
        if not choices:
            await refuse(interaction, "Those choices are not open to you now.")
            return
        menu = view_of(views.menu_items(row.id, key, page, choices), moment(row))
        text = views.menu_title(key, page, choices)
        message = interaction.message
        if turn and message is not None and message.flags.ephemeral:
            await edit_clicked(interaction, content=text, embeds=[], view=menu)  # a page turn
            return
        await say(interaction, text, view=menu)

    def options_text(self, row: GameSession) -> str:
        players = row.options.get("players") or "2-4"
        picks = row.options.get("picks", {})
        chosen = [f"{mention(u)}: {picks[str(u)]['name']}" for u in row.seats if str(u) in picks]
        return f"{players} players" + (" · decks: " + ", ".join(chosen) if chosen else "")

    # -- moves by slash command: a subject, then how, both autocompleted from the legal actions --
    async def _move_by_slash(
        self, interaction: discord.Interaction, kind: str, subject: str, how: str | None
    ) -> None:
        try:
            row = await self._here(interaction)
            seat = actor_of(row, interaction.user.id)
            if seat is None:
                raise GameError("You are not playing in this game.")
            view = self.bot.service.view_for(row, interaction.user.id) or {}
            legal = self.bot.service.legal_actions(row, seat)
            if not legal:
                raise GameError("It is not your move now.")
            who = self._who(row, seat)
            command = slash.resolve(kind, subject, how, view, seat, legal, who)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await self.act(interaction, command, session_id=row.id, notice=views.describe(command, view, who) + ".")

    @app_commands.command(name="play", description="Play a card from your hand (pay its cost).")
    @app_commands.describe(card="A card you can play", how="Its target or how to pay, when there is a choice")
    async def play_cmd(self, interaction: discord.Interaction, card: str, how: str | None = None) -> None:
        await self._move_by_slash(interaction, "play", card, how)

    @app_commands.command(name="recite", description="Recite a psalm: exhaust a character instead of paying.")
    @app_commands.describe(psalm="A psalm in your hand", how="Who recites it (and its target)")
    async def recite_cmd(self, interaction: discord.Interaction, psalm: str, how: str | None = None) -> None:
        await self._move_by_slash(interaction, "recite", psalm, how)

    @app_commands.command(name="use", description="Use an ability of a card on your field.")
    @app_commands.describe(card="A card of yours with an ability you can use", how="Which ability and target")
    async def use_cmd(self, interaction: discord.Interaction, card: str, how: str | None = None) -> None:
        await self._move_by_slash(interaction, "use", card, how)

    @app_commands.command(name="move", description="Move a character of yours to one of your locations.")
    @app_commands.describe(character="A character of yours", location="Where it goes")
    async def move_cmd(
        self, interaction: discord.Interaction, character: str, location: str | None = None
    ) -> None:
        await self._move_by_slash(interaction, "move", character, location)

    @app_commands.command(name="pray", description="Exhaust a ready light character to gain its prayer in Faith.")
    @app_commands.describe(character="A ready light character of yours")
    async def pray_cmd(self, interaction: discord.Interaction, character: str) -> None:
        await self._move_by_slash(interaction, "pray", character, None)

    @app_commands.command(name="challenge", description="Exhaust a ready character to fight an opposing one.")
    @app_commands.describe(attacker="A ready character of yours", target="The opposing character it fights")
    async def challenge_cmd(
        self, interaction: discord.Interaction, attacker: str, target: str | None = None
    ) -> None:
        await self._move_by_slash(interaction, "challenge", attacker, target)

    async def _slash_context(
        self, interaction: discord.Interaction
    ) -> tuple[GameSession, dict[str, Any], Seat, list[Any]] | None:
        try:
            row = await self._here(interaction)
        except GameError:
            return None
        seat = actor_of(row, interaction.user.id)
        view = self.bot.service.view_for(row, interaction.user.id) if seat is not None else None
        if seat is None or not view:
            return None
        return row, view, seat, self.bot.service.legal_actions(row, seat)

    @staticmethod
    def _suggest(choices: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
        low = current.lower()
        hits = [(label, value) for label, value in choices if low in label.lower() or value == current]
        return [app_commands.Choice(name=clip(label, 100), value=value) for label, value in hits[:25]]

    @play_cmd.autocomplete("card")
    @recite_cmd.autocomplete("psalm")
    @use_cmd.autocomplete("card")
    @move_cmd.autocomplete("character")
    @pray_cmd.autocomplete("character")
    @challenge_cmd.autocomplete("attacker")
    async def _subject_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._slash_context(interaction)
        if found is None or interaction.command is None:
            return []
        return self._suggest(slash.subjects(interaction.command.name, *found[1:]), current)

    @play_cmd.autocomplete("how")
    @recite_cmd.autocomplete("how")
    @use_cmd.autocomplete("how")
    @move_cmd.autocomplete("location")
    @challenge_cmd.autocomplete("target")
    async def _how_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        found = await self._slash_context(interaction)
        if found is None or interaction.command is None:
            return []
        kind = interaction.command.name
        typed = getattr(interaction.namespace, slash.KINDS[kind][1], None) or ""
        try:
            key = slash.pick(str(typed), slash.subjects(kind, *found[1:]), "choice")
        except GameError:
            return []
        row, view, seat, legal = found
        return self._suggest(slash.ways(kind, key, view, seat, legal, self._who(row, seat)), current)

    # -- decks -------------------------------------------------------------------------------
    async def _resolve(self, guild: int, user: int, name: str) -> dict[str, Any]:
        """A deck name to {"name", "cards"}: a preconstructed deck, else one of the user's, and legal."""
        for pre, ids in decks.preconstructed().items():
            if pre.lower() == name.strip().lower():
                return {"name": pre, "cards": list(ids)}
        record = await self.bot.store.get_record(guild, user, GAME, KIND, name.strip())
        if record is None:
            raise GameError(f"You have no deck called '{name}'. See `/faith deck list`.")
        cards = list(record.data.get("cards", []))
        decks.check(cards)
        return {"name": record.name, "cards": cards}

    async def _deck_names(self, interaction: discord.Interaction) -> list[str]:
        own = await self.bot.store.list_records(interaction.guild_id or 0, interaction.user.id, GAME, KIND)
        return [r.name for r in own] + list(decks.preconstructed())

    async def _change_deck(
        self, interaction: discord.Interaction, name: str, change: Any, *, create: str = ""
    ) -> list[str]:
        """Apply change(cards) -> cards (None deletes) to the user's deck and return the new list.

        create: "" the deck must exist; "new" it must not; "replace" either way."""
        name = name.strip()
        if not name or len(name) > 60:
            raise GameError("A deck name needs 1 to 60 characters.")
        if any(p.lower() == name.lower() for p in decks.preconstructed()):
            raise GameError(f"{name} is a preconstructed deck; pick another name for yours.")
        guild, user = interaction.guild_id or 0, interaction.user.id
        result: list[str] = []

        def apply(current: PlayerRecord | None) -> PlayerRecord | None:
            if current is None and create not in ("new", "replace"):
                raise GameError(f"You have no deck called '{name}'. Make one with `/faith deck new`.")
            if current is not None and create == "new":
                raise GameError(f"You already have a deck called '{name}'.")
            record = current or PlayerRecord(guild_id=guild, user_id=user, game=GAME, kind=KIND, name=name)
            cards = change(list(record.data.get("cards", [])))
            if cards is None:
                return None
            record.data = {"cards": cards}
            result[:] = cards
            return record

        await self.bot.service.update_record(guild, user, GAME, KIND, name, apply)
        return result

    @staticmethod
    def _status(cards: list[str]) -> str:
        found = decks.problems(cards)
        return (
            f"{len(cards)} cards, legal."
            if not found
            else f"{len(cards)} cards, not legal yet: " + "; ".join(found) + "."
        )

    @deck.command(
        name="new", description="Start a new deck of your own (empty, or a copy of a preconstructed one)."
    )
    @app_commands.describe(name="Your name for the deck", copy="A preconstructed deck to start from")
    async def deck_new(self, interaction: discord.Interaction, name: str, copy: str | None = None) -> None:
        try:
            start: list[str] = []
            if copy:
                pre = {k.lower(): v for k, v in decks.preconstructed().items()}.get(copy.strip().lower())
                if pre is None:
                    raise GameError(f"There is no preconstructed deck called '{copy}'.")
                start = list(pre)
            cards = await self._change_deck(interaction, name, lambda _c: start, create="new")
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, f"Deck '{name.strip()}' made: {self._status(cards)}")

    @deck.command(name="add", description="Add copies of a card to one of your decks.")
    async def deck_add(
        self, interaction: discord.Interaction, name: str, card: str, count: app_commands.Range[int, 1, 3] = 1
    ) -> None:
        try:
            c = find(card)

            def add(cards: list[str]) -> list[str]:
                if cards.count(c.id) + count > decks.MAX_COPIES:
                    raise GameError(f"A deck may hold at most {decks.MAX_COPIES} copies of {c.title}.")
                return cards + [c.id] * count

            cards = await self._change_deck(interaction, name, add)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, f"Added {count} {c.title}. {self._status(cards)}")

    @deck.command(name="remove", description="Take copies of a card out of one of your decks.")
    async def deck_remove(
        self, interaction: discord.Interaction, name: str, card: str, count: app_commands.Range[int, 1, 3] = 1
    ) -> None:
        try:
            c = find(card)

            def remove(cards: list[str]) -> list[str]:
                if c.id not in cards:
                    raise GameError(f"That deck has no {c.title}.")
                for _ in range(min(count, cards.count(c.id))):
                    cards.remove(c.id)
                return cards

            cards = await self._change_deck(interaction, name, remove)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, f"Removed {c.title}. {self._status(cards)}")

    @deck.command(name="delete", description="Delete one of your decks.")
    async def deck_delete(self, interaction: discord.Interaction, name: str) -> None:
        record = await self.bot.store.get_record(interaction.guild_id or 0, interaction.user.id, GAME, KIND, name.strip())
        if record is None:
            await refuse(interaction, f"You have no deck called '{name.strip()}'.")
            return
        await ask(interaction, f"Delete your deck '{record.name}' for good?", 0, "deck_delete", record.name)

    @deck.command(
        name="import",
        description="Replace (or make) a deck from a text list: '3 Noah - Captain of the Ark; 2 ...'.",
    )
    @app_commands.describe(
        text="One 'count Name - Version' per line; separate lines with ';' in a slash command"
    )
    async def deck_import(self, interaction: discord.Interaction, name: str, text: str) -> None:
        guild, user = interaction.guild_id or 0, interaction.user.id
        try:
            cards = decks.parse(text.replace(";", "\n"))
            # A deck in progress may be short (the reply says how many cards are missing), never over a limit.
            over = decks.too_many(cards)
            if over:
                raise GameError("That list breaks the deck rules: " + "; ".join(over) + ".")
            existing = await self.bot.store.get_record(guild, user, GAME, KIND, name.strip())
            if existing is None:
                await self._change_deck(interaction, name, lambda _c: cards, create="new")
                await say(interaction, f"Deck '{name.strip()}' imported: {self._status(cards)}")
                return
            # Replacing a deck loses the old list: keep the new one aside until Confirm.
            def keep(current: PlayerRecord | None) -> PlayerRecord:
                record = current or PlayerRecord(guild_id=guild, user_id=user, game=GAME, kind=PENDING, name=existing.name)
                record.data = {"cards": cards}
                return record

            await self.bot.service.update_record(guild, user, GAME, PENDING, existing.name, keep)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        question = f"Replace your deck '{existing.name}' ({len(existing.data.get('cards', []))} cards) with this list?"
        await ask(interaction, question, 0, "deck_replace", f"{cards_tag(cards)}:{existing.name}")

    async def _deck_cards(self, interaction: discord.Interaction, name: str) -> tuple[str, list[str]]:
        for pre, ids in decks.preconstructed().items():
            if pre.lower() == name.strip().lower():
                return pre, list(ids)
        record = await self.bot.store.get_record(
            interaction.guild_id or 0, interaction.user.id, GAME, KIND, name.strip()
        )
        if record is None:
            raise GameError(f"You have no deck called '{name}'.")
        return record.name, list(record.data.get("cards", []))

    @deck.command(name="export", description="A deck as a plain-text list you can copy.")
    async def deck_export(self, interaction: discord.Interaction, name: str) -> None:
        try:
            title, cards = await self._deck_cards(interaction, name)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, clip(f"**{title}**\n```\n{decks.export(cards)}\n```", CONTENT_MAX))

    @deck.command(name="show", description="Show a deck and whether it is legal.")
    async def deck_show(self, interaction: discord.Interaction, name: str) -> None:
        try:
            title, cards = await self._deck_cards(interaction, name)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        body = decks.export(cards) or "(no cards yet)"
        await say(interaction, clip(f"**{title}**: {self._status(cards)}\n{body}", CONTENT_MAX))

    @deck.command(name="list", description="Your decks and the preconstructed ones.")
    async def deck_list(self, interaction: discord.Interaction) -> None:
        own = await self.bot.store.list_records(interaction.guild_id or 0, interaction.user.id, GAME, KIND)
        lines = ["**Your decks**"] + [
            f"• {r.name}: {self._status(list(r.data.get('cards', [])))}" for r in own
        ]
        if not own:
            lines.append("(none yet: `/faith deck new`)")
        lines.append("**Preconstructed**")
        lines += [f"• {n}: {d}" for n, d in decks.descriptions().items()]
        await say(interaction, clip("\n".join(lines), CONTENT_MAX))

    # -- cards ---------------------------------------------------------------------------------
    # -- /faith card (cogs/common/help.py) ------------------------------------------------------
    def card_names(self) -> dict[str, str]:
        return {c.id: c.title for c in catalogue().values()}

    def card_embed(self, card_id: str) -> discord.Embed:
        return render.card_embed(catalogue()[card_id])

    def find_card(self, text: str) -> str | None:
        try:
            return find(text).id  # an id, a title, or the start of one title
        except GameError:
            return None

    @deck_add.autocomplete("card")
    @deck_remove.autocomplete("card")
    async def _card_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _choices(sorted(c.title for c in catalogue().values()), current)

    @join_cmd.autocomplete("deck")
    @deck_show.autocomplete("name")
    @deck_export.autocomplete("name")
    async def _any_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _choices(await self._deck_names(interaction), current)

    @deck_add.autocomplete("name")
    @deck_remove.autocomplete("name")
    @deck_delete.autocomplete("name")
    @deck_import.autocomplete("name")
    async def _own_deck(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        own = await self.bot.store.list_records(interaction.guild_id or 0, interaction.user.id, GAME, KIND)
        return _choices([r.name for r in own], current)

    @deck_new.autocomplete("copy")
    async def _precon(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return _choices(list(decks.preconstructed()), current)

    # -- the table and the panel --------------------------------------------------------------
    def table_embeds(self, row: GameSession, view: dict[str, Any]) -> list[discord.Embed]:
        return render.table_embeds(row, view)

    def private_embeds(
        self, row: GameSession, seat: Seat, view: dict[str, Any], notes: list[str]
    ) -> list[discord.Embed]:
        return render.private_embeds(row, seat, view, notes)

    @staticmethod
    def _who(row: GameSession, seat: Seat) -> views.Who:
        """How a panel names a seat: "yours" for its own, else the player's display name."""

        def who(other: int) -> str:
            return "yours" if other == seat else seat_name(row, other)

        return who

    def private_items(self, row: GameSession, seat: Seat, view: dict[str, Any]) -> list[discord.ui.Item[Any]]:
        assert row.id is not None
        return views.panel_items(row.id, seat, view, self.bot.service.legal_actions(row, seat), self._who(row, seat))

    def command_from_component(
        self, row: GameSession, seat: Seat, verb: str, arg: str | None, values: list[str]
    ) -> dict[str, Any] | None:
        return views.command_from(verb, arg, values)

    def waiting_prompt(self, row: GameSession) -> str:
        phase = (row.state or {}).get("public", {}).get("phase", "action")
        return WAITING.get(phase, "it's your move.")


def cards_tag(cards: list[str]) -> str:
    """A short fingerprint of a card list: a Confirm applies only the import it was asked about."""
    return hashlib.sha256("\n".join(cards).encode()).hexdigest()[:8]


@confirmed("deck_replace")
async def _confirmed_deck_replace(bot: TabletopBot, interaction: discord.Interaction, session_id: int, arg: str) -> Done:
    tag, _, name = arg.partition(":")
    guild, user = interaction.guild_id or 0, interaction.user.id
    pending = await bot.store.get_record(guild, user, GAME, PENDING, name)
    cards = list(pending.data.get("cards", [])) if pending else []
    if not cards or cards_tag(cards) != tag:
        raise GameError("That import is no longer waiting; run `/faith deck import` again.")
    cog = bot.game_cog(GAME)
    assert isinstance(cog, FaithCog)
    await cog._change_deck(interaction, name, lambda _c: cards)
    await bot.service.update_record(guild, user, GAME, PENDING, name, lambda _c: None)
    return Done(f"Deck '{name}' replaced: {cog._status(cards)}")


@confirmed("deck_delete")
async def _confirmed_deck_delete(bot: TabletopBot, interaction: discord.Interaction, session_id: int, name: str) -> Done:
    cog = bot.game_cog(GAME)
    assert isinstance(cog, FaithCog)
    await cog._change_deck(interaction, name, lambda _c: None)
    return Done(f"Deck '{name}' deleted.")
