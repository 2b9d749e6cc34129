"""The /roll and /check embeds' text, and the cog's commands, without a Discord connection."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.engine.dice import CheckResult, Die, Pool, virtue_check
from bot.engine.prng import Rng
from bot.rolling import DiceTerm, DieRoll, RollResult
from cogs import dice as dice_cog
from cogs.dice_render import (
    COLOURS,
    DESCRIPTION_LIMIT,
    DICE_SHOWN_PER_TERM,
    ROLL_COLOUR,
    render_check,
    render_roll,
    verdict,
)


def term(notation: str, *dice: DieRoll, kept: bool = True, sides: int = 6) -> DiceTerm:
    total = sum(d.value for d in dice if d.kept) if kept else 0
    return DiceTerm(notation=notation, count=len(dice), sides=sides, dice=list(dice), kept=kept, total=total)


def roll(*terms: DiceTerm, total: int, expression: str = "4d6kh3") -> RollResult:
    return RollResult(expression=expression, total=total, terms=list(terms), text="unused")


# --- /roll ------------------------------------------------------------------------------------


def test_roll_card_strikes_dropped_dice_and_shows_the_total() -> None:
    result = roll(
        term(
            "4d6kh3",
            DieRoll(value=5, kept=True),
            DieRoll(value=1, kept=False),
            DieRoll(value=4, kept=True),
            DieRoll(value=6, kept=True),
        ),
        total=15,
    )
    card = render_roll(result)
    assert card.title == "4d6kh3"
    assert card.lines == ["`4d6kh3` 5, ~~1~~, 4, 6 → 15", "**Total: 15**"]
    assert card.colour == ROLL_COLOUR


def test_roll_card_with_a_reason_puts_the_expression_in_the_body() -> None:
    result = roll(term("1d20", DieRoll(value=12, kept=True)), total=17, expression="1d20 + 5")
    card = render_roll(result, reason="Sneak past the guard")
    assert card.title == "Sneak past the guard"
    assert card.lines[0] == "`1d20 + 5`"
    assert card.lines[-1] == "**Total: 17**"


def test_roll_card_with_a_reason_does_not_repeat_a_lone_term() -> None:
    result = roll(term("4d6kh3", DieRoll(value=5, kept=True)), total=5)
    assert render_roll(result, reason="Stats").lines == ["`4d6kh3` 5 → 5", "**Total: 5**"]


def test_roll_card_marks_rerolls_explosions_and_adjustments() -> None:
    result = roll(
        term(
            "3d6ro1e6mi2",
            DieRoll(value=4, kept=True, rerolled_from=[1]),
            DieRoll(value=6, kept=True, exploded=True),
            DieRoll(value=2, kept=True, extra=True, adjusted_from=1),
        ),
        total=12,
    )
    assert render_roll(result).lines[0] == "`3d6ro1e6mi2` ~~1~~→4, 6💥, 1→2 → 12"


def test_roll_card_strikes_a_whole_dropped_term_once() -> None:
    result = roll(
        term("1d20", DieRoll(value=7, kept=False, rerolled_from=[2]), kept=False),
        term("1d20", DieRoll(value=15, kept=True)),
        total=15,
    )
    lines = render_roll(result).lines
    assert lines[0] == "`1d20` ~~2→7~~ (dropped)"
    assert lines[1] == "`1d20` 15 → 15"


def test_roll_card_shortens_a_long_term_and_fits_the_embed() -> None:
    # More than /roll allows, so the cut-off shows even if the limits change.
    big = [term("100d1000", *[DieRoll(value=1000, kept=True) for _ in range(100)]) for _ in range(20)]
    card = render_roll(roll(*big, total=2 * 10**6))
    assert len(card.description) <= DESCRIPTION_LIMIT
    assert f"… {100 - DICE_SHOWN_PER_TERM} more" in card.lines[0]
    assert card.lines[-2].startswith("… and ") and card.lines[-2].endswith("more terms")
    assert card.lines[-1] == "**Total: 2000000**"


def test_backticks_in_a_label_cannot_break_the_code_span() -> None:
    result = roll(term("1d6 [`x`]", DieRoll(value=3, kept=True)), total=4, expression="1d6 [`x`] + 1")
    card = render_roll(result, reason="Label")
    assert card.lines[0] == "`1d6 ['x'] + 1`"
    assert card.lines[1] == "`1d6 ['x']` 3 → 3"


def test_roll_card_title_is_clipped() -> None:
    card = render_roll(roll(term("1d6", DieRoll(value=3, kept=True)), total=3), reason="x" * 300)
    assert len(card.title) == 256 and card.title.endswith("…")


# --- /check -----------------------------------------------------------------------------------


def check_of(
    *dice: tuple[str, int, bool], target: int | None = None, notes: list[str] | None = None
) -> CheckResult:
    pool = Pool(dice=[Die(colour=c, value=v, kept=k, notes=[f"rolled {v}"]) for c, v, k in dice])
    total = pool.total()
    margin = None if target is None else total - target
    return CheckResult(
        virtue="rage",
        target=target,
        pool=pool,
        total=total,
        success=None if margin is None else margin >= 0,
        margin=margin,
        notes=notes or [],
    )


def test_check_card_shows_dice_by_colour_with_kept_in_bold() -> None:
    result = check_of(
        ("rage", 1, False),
        ("rage", 6, True),
        ("rage", 2, True),
        ("rage", 1, False),
        ("bonus", 4, True),
        ("bonus", 2, False),
        target=9,
        notes=["2 extra Rage dice became bonus dice"],
    )
    card = render_check(result)
    assert card.title == "Rage check vs. 9"
    assert card.colour == COLOURS["rage"]
    assert card.lines == [
        "🟥 Rage: ~~1~~ · **6** · **2** · ~~1~~",
        "⬜ Bonus: **4** · ~~2~~",
        "Kept 6 + 2 + 4 = **12**",
        "*2 extra Rage dice became bonus dice.*",
        "✅ **Success** by 3",
    ]


def test_check_card_marks_rerolled_and_exploded_dice() -> None:
    result = check_of(("rage", 5, True), ("rage", 6, True), ("rage", 3, True))
    result.pool.dice[0].notes.append("rerolled 1→5")
    result.pool.dice[1].notes.append("exploded")
    result.rerolled = [0]
    card = render_check(result, reason="Smash the door")
    assert card.title == "Smash the door"
    assert card.lines[0] == "Rage check"
    assert card.lines[1] == "🟥 Rage: **5** (↻1) · **6**💥 · **3**"
    assert "↻ 1 die rerolled for the assist." in card.lines


@pytest.mark.parametrize(
    ("margin", "text"),
    [
        (3, "✅ **Success** by 3"),
        (0, "✅ **Success**, exactly on target"),
        (-2, "❌ **Failure**: short by 2 (2 damage vs. a threat)"),
    ],
)
def test_verdicts(margin: int, text: str) -> None:
    assert verdict(margin) == text


def test_check_card_without_target_has_no_verdict() -> None:
    card = render_check(check_of(("rage", 4, True)))
    assert card.title == "Rage check"
    assert not any("Success" in line or "Failure" in line for line in card.lines)


def test_a_real_check_renders_every_die() -> None:
    result = virtue_check(Rng.from_seed(4), "soul", 4, bonus=3, target=12, rerolls=2)
    card = render_check(result)
    dice_lines = [line for line in card.lines if line.startswith(("🟦", "⬜"))]
    shown = sum(line.count("**") // 2 + line.count("~~") // 2 for line in dice_lines)
    assert shown == 7
    assert card.colour == COLOURS["soul"]


# --- the cog, without a connection ------------------------------------------------------------


class FakeResponse:
    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        self.sent.append({"content": content, **kwargs})

    def is_done(self) -> bool:
        return bool(self.sent)


def fake_interaction() -> Any:
    user = SimpleNamespace(
        display_name="Ophelia", display_avatar=SimpleNamespace(url="https://example.invalid/a.png")
    )
    # Created just now (a snowflake of this moment), with nothing answered yet.
    return SimpleNamespace(
        user=user, response=FakeResponse(), extras={}, id=discord.utils.time_snowflake(discord.utils.utcnow()),
        created_at=discord.utils.utcnow(),
    )


@pytest.fixture
async def cog() -> dice_cog.Dice:
    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    await dice_cog.setup(bot)
    return bot.get_cog("Dice")


async def test_setup_registers_both_commands_with_help_text(cog: dice_cog.Dice) -> None:
    tree = cog.bot.tree
    for name in ("roll", "check"):
        command = tree.get_command(name)
        assert isinstance(command, app_commands.Command)
        assert 0 < len(command.description) <= 100
        for param in command.parameters:
            assert param.description and param.description != "…", f"/{name} {param.name}"
            assert len(param.description) <= 100, f"/{name} {param.name}"
    check = tree.get_command("check")
    params = {p.name: p for p in check.parameters}
    assert [c.name for c in params["virtue"].choices] == ["Body", "Mind", "Rage", "Soul"]
    assert (params["dice"].min_value, params["dice"].max_value) == (1, 4)
    assert (params["bonus"].min_value, params["bonus"].max_value) == (0, 4)
    assert (params["rerolls"].min_value, params["rerolls"].max_value) == (0, 4)
    assert not params["target"].required


async def test_roll_replies_with_an_embed(cog: dice_cog.Dice) -> None:
    interaction = fake_interaction()
    await cog.roll.callback(cog, interaction, "2d6+1", reason="Damage", private=True)
    [sent] = interaction.response.sent
    embed = sent["embed"]
    assert sent["ephemeral"] is True
    assert embed.title == "Damage"
    assert embed.author.name == "Ophelia"
    assert embed.description.startswith("`2d6+1`")
    total = int(embed.description.rsplit("**Total: ", 1)[1].rstrip("*"))
    assert 3 <= total <= 13


async def test_roll_refuses_nonsense_privately(cog: dice_cog.Dice) -> None:
    interaction = fake_interaction()
    await cog.roll.callback(cog, interaction, "101d6")
    [sent] = interaction.response.sent
    assert sent["ephemeral"] is True
    assert "at most 100 in one term" in sent["content"]
    assert "embed" not in sent


async def test_check_replies_in_the_virtue_colour(cog: dice_cog.Dice) -> None:
    interaction = fake_interaction()
    virtue = app_commands.Choice(name="Mind", value="mind")
    await cog.check.callback(cog, interaction, virtue, 4, bonus=1, target=11, rerolls=1)
    [sent] = interaction.response.sent
    embed = sent["embed"]
    assert embed.title == "Mind check vs. 11"
    assert embed.colour.value == COLOURS["mind"]
    assert ("Success" in embed.description) != ("Failure" in embed.description)
    assert sent.get("ephemeral", False) is False
