"""Learning a game inside Discord: `/<game> rules`, `/<game> help`, `/<game> card`, the lobby blurb.

Every game cog gets these commands from `LearnCommands` (mixed into GameCog). What they say is
data or is read from the bot itself, so nothing drifts:
- the rules summary is `data/<game>/rules.toml` (our own words, drawn from docs/<game>.md):
  `summary` (what the game is, one sentence), `length` (how long it takes) and `[[topic]]`
  tables with `key`, `title` and `text`;
- `/<game> help` walks the game's registered command group;
- `/<game> card` asks the game's two hooks, `card_names` (every card by id) and `card_embed`.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

import discord
from discord import app_commands
from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.engine.cards import CardDataError, data_dir, read_file, validate_entry
from bot.engine.errors import GameError
from cogs.common.replies import refuse, say
from cogs.common.text import EMBED_DESCRIPTION_MAX

if TYPE_CHECKING:
    from bot.client import TabletopBot
    from bot.engine.game import Rules

COLOUR = discord.Colour.blurple()
CHOICES_MAX = 25  # Discord's autocomplete limit
EMBEDS_MAX = 10  # embeds in one message
MESSAGE_EMBED_CHARS = 5800  # Discord allows 6,000 characters across a message's embeds


class Topic(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    key: str = Field(pattern=r"^[a-z][a-z0-9-]*$", max_length=30)
    title: str = Field(min_length=1, max_length=100)
    text: str = Field(min_length=1, max_length=1800)


class RuleBook(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    summary: str = Field(min_length=1, max_length=200)
    length: str = Field(min_length=1, max_length=60)
    topics: list[Topic] = Field(alias="topic", min_length=1)

    @field_validator("topics")
    @classmethod
    def _unique(cls, topics: list[Topic]) -> list[Topic]:
        keys = [t.key for t in topics]
        if len(keys) != len(set(keys)):
            raise ValueError("topic keys must be unique")
        return topics

    def named(self) -> dict[str, str]:
        return {t.key: t.title for t in self.topics}

    def topic(self, key: str) -> Topic:
        return next(t for t in self.topics if t.key == key)


@lru_cache
def rulebook(game: str) -> RuleBook:
    path = data_dir() / game / "rules.toml"
    if not path.is_file():
        raise CardDataError(f"{path}: the rules summary for {game} is missing")
    return validate_entry(RuleBook, read_file(path), path.name)


def players_text(rules: Rules) -> str:
    low, high = rules.min_players, rules.max_players
    if rules.players_text:
        return rules.players_text
    if low == high:
        return f"{low} player" + ("s" if low != 1 else "")
    return f"{low}–{high} players"


def blurb(game: str, rules: Rules) -> str:
    """The lobby's three lines: what the game is, players and length, how to start."""
    book = rulebook(game)
    return (
        f"{book.summary}\n"
        f"{players_text(rules)} · {book.length}\n"
        f"Press **Join** to take a seat; the host presses **Start**. `/{game} rules` teaches the game."
    )


# -- finding things by name ----------------------------------------------------------------------
def or_list(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + f" or {items[-1]}"


def lookup(named: dict[str, str], text: str, what: str) -> str:
    """The key whose key or name is `text` (any case; a part of one name will do); otherwise a
    refusal that suggests the closest names."""
    typed = text.strip().lower()
    for key, name in named.items():
        if typed in (key.lower(), name.lower()):
            return key
    partial = [k for k, n in named.items() if typed and typed in n.lower()]
    if len(partial) == 1:
        return partial[0]
    lowered = {n.lower(): n for n in named.values()}
    close = [lowered[n] for n in difflib.get_close_matches(typed, list(lowered), n=3, cutoff=0.5)]
    suggestions = list(dict.fromkeys([*(named[k] for k in partial[:3]), *close]))[:3]
    hint = f" Did you mean {or_list(suggestions)}?" if suggestions else ""
    raise GameError(f"There is no {what} called “{text.strip()}”.{hint}")


def unique_names(cards: Iterable[tuple[str, str, str]]) -> dict[str, str]:
    """(id, name, kind) -> {id: name}: where two cards share a name, the kind is added, then the id."""
    listed = list(cards)
    named = {cid: name for cid, name, _ in listed}
    for extra in ("kind", "id"):
        seen: dict[str, int] = {}
        for name in named.values():
            seen[name.lower()] = seen.get(name.lower(), 0) + 1
        named = {
            cid: f"{named[cid]} ({kind if extra == 'kind' else cid})" if seen[named[cid].lower()] > 1 else named[cid]
            for cid, _, kind in listed
        }
    return named


def choices(named: dict[str, str], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: names that start with what was typed first, then names that contain it."""
    typed = current.strip().lower()
    found = [(not n.lower().startswith(typed), n.lower(), k, n) for k, n in named.items() if typed in n.lower()]
    return [app_commands.Choice(name=n[:100], value=k[:100]) for *_, k, n in sorted(found)[:CHOICES_MAX]]


# -- the command list -----------------------------------------------------------------------------
def command_sections(group: app_commands.Group, heading: str | None = None) -> list[tuple[str, list[str]]]:
    """Every command under `group`, one line each: the group's own commands, then each subgroup."""
    own = sorted((c for c in group.commands if isinstance(c, app_commands.Command)), key=lambda c: c.name)
    sections = [(heading or f"/{group.qualified_name}", [_line(c) for c in own])]
    for sub in sorted((g for g in group.commands if isinstance(g, app_commands.Group)), key=lambda g: g.name):
        sections += command_sections(sub, f"/{sub.qualified_name}: {sub.description}")
    return sections


def _line(command: app_commands.Command[Any, ..., Any]) -> str:
    """`/game sub` (option, [optional option]) What it does."""
    options = ", ".join(p.name if p.required else f"[{p.name}]" for p in command.parameters)
    return f"`/{command.qualified_name}`" + (f" ({options})" if options else "") + f" {command.description}"


def embeds_of(title: str, sections: Iterable[tuple[str, list[str]]]) -> list[discord.Embed]:
    """One embed per section, split where a section is longer than an embed may be."""
    embeds: list[discord.Embed] = []
    for heading, lines in sections:
        chunk: list[str] = []
        for line in lines:
            if chunk and len("\n".join([*chunk, line])) > EMBED_DESCRIPTION_MAX:
                embeds.append(discord.Embed(title=heading, description="\n".join(chunk), colour=COLOUR))
                chunk = []
            chunk.append(line)
        embeds.append(discord.Embed(title=heading, description="\n".join(chunk), colour=COLOUR))
    if embeds:
        embeds[0].set_author(name=title)
    return embeds


def batches(embeds: list[discord.Embed]) -> list[list[discord.Embed]]:
    """Embeds grouped into messages within Discord's limits (10 embeds, 6,000 characters)."""
    out: list[list[discord.Embed]] = []
    size = 0
    for embed in embeds:
        if not out or len(out[-1]) >= EMBEDS_MAX or size + len(embed) > MESSAGE_EMBED_CHARS:
            out.append([])
            size = 0
        out[-1].append(embed)
        size += len(embed)
    return out


async def send_embeds(interaction: discord.Interaction, embeds: list[discord.Embed]) -> None:
    """Ephemeral: the first message answers the interaction, the rest follow it."""
    for batch in batches(embeds):
        await say(interaction, embeds=batch, ephemeral=True)


# -- the commands every game has -----------------------------------------------------------------
class LearnCommands:
    """Mixed into GameCog: `/<game> rules`, `/<game> help` and `/<game> card`."""

    game: ClassVar[str]
    bot: TabletopBot
    rules: Rules

    # Hooks a game overrides -----------------------------------------------------------------
    def card_names(self) -> dict[str, str]:
        """Every card a player may look up, id -> name as players see it (names unique)."""
        return {}

    def card_embed(self, card_id: str) -> discord.Embed:
        """One card in full, for `/<game> card`; `card_id` is a key of `card_names()`. Never called for a
        game whose `card_names()` is empty: the lookup refuses first."""
        return discord.Embed(title=self.rules.title, description="This game has no cards to look up.")

    def find_card(self, text: str) -> str | None:
        """The game's own reading of a typed name (aliases, spellings), tried before suggestions."""
        return None

    # ------------------------------------------------------------------------------------------
    def blurb(self) -> str:
        return blurb(self.game, self.rules)

    def help_embeds(self) -> list[discord.Embed]:
        group = self.app_command  # type: ignore[attr-defined]  # the cog's registered group
        return embeds_of(f"{self.rules.title}: every command", command_sections(group))

    def rules_embed(self, key: str | None) -> discord.Embed:
        book = rulebook(self.game)
        if key is None:
            topics = "\n".join(f"`{t.key}`: {t.title}" for t in book.topics)
            embed = discord.Embed(title=f"{self.rules.title}: rules", description=self.blurb(), colour=COLOUR)
            embed.add_field(name="Topics", value=topics, inline=False)
            embed.set_footer(text=f"Read one with /{self.game} rules topic:<name>.")
            return embed
        topic = book.topic(key)
        embed = discord.Embed(title=f"{self.rules.title}: {topic.title}", description=topic.text, colour=COLOUR)
        others = [t.key for t in book.topics if t.key != key]
        embed.set_footer(text="Other topics: " + ", ".join(others))
        return embed

    @app_commands.command(name="rules", description="How to play, in short, topic by topic (only to you).")
    @app_commands.describe(topic="A rules topic; leave it out to see the list")
    async def rules_cmd(self, interaction: discord.Interaction, topic: str | None = None) -> None:
        book = rulebook(self.game)
        try:
            key = lookup(book.named(), topic, "rules topic") if topic else None
        except GameError as exc:
            await refuse(interaction, f"{exc.message} `/{self.game} rules` lists them all.")
            return
        await say(interaction, embeds=[self.rules_embed(key)], ephemeral=True)

    @rules_cmd.autocomplete("topic")
    async def _topic_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(rulebook(self.game).named(), current)

    @app_commands.command(name="help", description="Every command of this game, one line each (only to you).")
    async def help_cmd(self, interaction: discord.Interaction) -> None:
        await send_embeds(interaction, self.help_embeds())

    @app_commands.command(name="card", description="Look up any card of this game (only to you).")
    @app_commands.describe(name="The card's name (suggestions appear as you type)")
    async def card_cmd(self, interaction: discord.Interaction, name: str) -> None:
        try:
            key = self.find_card(name) or lookup(self.card_names(), name, "card")
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await say(interaction, embeds=[self.card_embed(key)], ephemeral=True)

    @card_cmd.autocomplete("name")
    async def _card_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return choices(self.card_names(), current)
