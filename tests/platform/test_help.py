"""The rules summaries, the command lists and the card lookups, without Discord."""

from __future__ import annotations

from typing import Any

import discord
import pytest
from discord import app_commands

from bot.engine.errors import GameError
from cogs.apocrypha.cog import ApocryphaCog
from cogs.apollyon.cog import ApollyonCog
from cogs.catharsis.cog import CatharsisCog
from cogs.common.confirm import ACTIONS, TEMPLATE, confirm_id
from cogs.common.help import (
    EMBEDS_MAX,
    MESSAGE_EMBED_CHARS,
    batches,
    choices,
    command_sections,
    embeds_of,
    lookup,
    rulebook,
    unique_names,
)
from cogs.faith.cog import FaithCog
from cogs.haunted.cog import HauntedCog
from cogs.highcard import HighCardCog

COGS = (ApocryphaCog, ApollyonCog, CatharsisCog, FaithCog, HauntedCog, HighCardCog)


class _Bot:
    """Just enough of TabletopBot for the learning hooks (they read no session)."""

    def __init__(self) -> None:
        from bot.games import all_rules

        rules = all_rules()

        class Service:
            def rules(self, game: str) -> Any:
                return rules[game]

        self.service = Service()


@pytest.fixture(scope="module")
def cogs() -> list[Any]:
    return [cls(_Bot()) for cls in COGS]  # type: ignore[arg-type]


def within_limits(embed: discord.Embed) -> None:
    assert embed.title and len(embed.title) <= 256
    assert len(embed.description or "") <= 4096 and len(embed) <= 6000
    assert all(len(f.value or "") <= 1024 for f in embed.fields)


def registered_games() -> list[str]:
    import bot.games.highcard  # noqa: F401  # the demo game registers on import
    from bot.games import all_rules

    return sorted(all_rules())


@pytest.mark.parametrize("game", registered_games())
def test_every_rulebook_loads_and_reads_as_our_sentences(game: str) -> None:
    book = rulebook(game)
    assert len(book.topics) >= 2 and "discord" in book.named()
    for topic in book.topics:
        assert topic.text[0].isupper() or topic.text[0] in "1`"
        assert topic.text.rstrip()[-1] in ".)", f"{game}/{topic.key} does not end a sentence"
        assert "{" not in topic.text and "TODO" not in topic.text


def test_a_rulebook_rejects_duplicate_topics(tmp_path: Any, monkeypatch: Any) -> None:
    (tmp_path / "x").mkdir()
    (tmp_path / "x" / "rules.toml").write_text(
        'summary = "s"\nlength = "l"\n[[topic]]\nkey = "a"\ntitle = "A"\ntext = "T."\n'
        '[[topic]]\nkey = "a"\ntitle = "B"\ntext = "U."\n'
    )
    monkeypatch.setenv("TABLETOP_DATA_DIR", str(tmp_path))
    rulebook.cache_clear()
    try:
        with pytest.raises(ValueError, match="unique"):
            rulebook("x")
    finally:
        rulebook.cache_clear()


def test_lookup_finds_ids_names_parts_and_suggests_on_a_typo() -> None:
    named = {"g1": "Garrotted", "a1": "Arrested", "t1": "Tarot Card", "s1": "Séance"}
    assert lookup(named, "g1", "card") == "g1"
    assert lookup(named, "  tarot CARD ", "card") == "t1"
    assert lookup(named, "garr", "card") == "g1"  # a part of exactly one name
    with pytest.raises(GameError, match="Did you mean Garrotted"):
        lookup(named, "Garoted", "card")
    with pytest.raises(GameError) as nothing:
        lookup(named, "qqqq", "card")
    assert nothing.value.message == "There is no card called “qqqq”."
    with pytest.raises(GameError, match="Did you mean Garrotted, Arrested or Tarot Card"):
        lookup(named, "r", "card")  # in several names: a question, not a guess


def test_autocomplete_puts_prefixes_first_and_stays_within_25() -> None:
    named = {f"c{i}": f"Card {i}" for i in range(40)} | {"z": "Zcard", "x": "Card shark"}
    found = choices(named, "card")
    assert len(found) == 25 and found[0].name.startswith("Card") and all(c.name != "Zcard" for c in found)
    assert [c.value for c in choices(named, "zc")] == ["z"]


def test_unique_names_add_the_kind_then_the_id() -> None:
    named = unique_names([("a", "Hope", "gift"), ("b", "Hope", "omen"), ("c", "Doom", "gift"), ("d", "Doom", "gift")])
    assert named == {"a": "Hope (gift)", "b": "Hope (omen)", "c": "Doom (gift) (c)", "d": "Doom (gift) (d)"}


def test_help_lists_every_registered_command_once(cogs: list[Any]) -> None:
    for cog in cogs:
        group: app_commands.Group = cog.app_command
        expected = {f"/{c.qualified_name}" for c in group.walk_commands() if isinstance(c, app_commands.Command)}
        lines = [line for _, lines in command_sections(group) for line in lines]
        listed = [line.split("`")[1] for line in lines]
        assert sorted(listed) == sorted(expected)
        assert len(group.commands) <= 25  # Discord's limit per group
        for batch in batches(cog.help_embeds()):
            assert len(batch) <= EMBEDS_MAX and sum(len(e) for e in batch) <= MESSAGE_EMBED_CHARS
            for embed in batch:
                within_limits(embed)


def test_long_sections_split_into_several_embeds_and_messages() -> None:
    lines = [f"`/x c{i}` " + "word " * 30 for i in range(120)]
    embeds = embeds_of("X", [("/x", lines)])
    assert len(embeds) > 1 and all(len(e.description or "") <= 4096 for e in embeds)
    assert sum((e.description or "").count("`/x") for e in embeds) == 120
    assert len(batches(embeds)) > 1


def test_every_card_of_every_game_has_a_lookup_within_discord_limits(cogs: list[Any]) -> None:
    for cog in cogs:
        named = cog.card_names()
        assert named, f"{cog.game} has no cards to look up"
        assert len({n.lower() for n in named.values()}) == len(named), f"{cog.game}: two cards share a name"
        for card_id, name in named.items():
            assert len(name) <= 100 and len(card_id) <= 100
            embed = cog.card_embed(card_id)
            within_limits(embed)
            assert "{" not in (embed.description or ""), f"{cog.game}/{card_id}"


def test_rules_embeds_fit(cogs: list[Any]) -> None:
    for cog in cogs:
        within_limits(cog.rules_embed(None))
        for topic in rulebook(cog.game).topics:
            within_limits(cog.rules_embed(topic.key))
        assert len(cog.blurb().split("\n")) == 3


def test_confirm_ids_carry_the_whole_request() -> None:
    import re

    cid = confirm_id(12, "retire", "yes", "Frank: the Bold")
    match = re.fullmatch(TEMPLATE, cid)
    assert match and match["sid"] == "12" and match["action"] == "retire" and match["arg"] == "Frank: the Bold"
    assert re.fullmatch(TEMPLATE, confirm_id(3, "end", "no"))["arg"] is None  # type: ignore[index]
    with pytest.raises(ValueError):
        confirm_id(1, "retire", "yes", "x" * 90)
    assert {"end", "click", "retire", "deck_delete"} <= set(ACTIONS)
