"""Proofreading: one plural helper, and the checker every fake-Discord test runs over what the bot said."""

from __future__ import annotations

import pytest

from bot.engine.text import plural, tidy, verb
from cogs.apollyon.render import month_title
from tests.fakediscord.proofread import agreement_slips, check_text, findings


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_counts_agree_with_their_nouns_for_0_to_3(n: int) -> None:
    for noun in ("card", "character", "player", "die", "life"):
        phrase = plural(n, noun)
        assert agreement_slips(phrase) == [], phrase
        assert agreement_slips(f"{n} {verb(n, 'has', 'have')} joined") == []
    assert plural(n, "card") == ("1 card" if n == 1 else f"{n} cards")
    assert plural(n, "die") == ("1 die" if n == 1 else f"{n} dice")


def test_the_checker_catches_the_slips_players_reported() -> None:
    assert agreement_slips("Haunted needs at least 2 players; 1 have joined.") == ["1 have"]
    assert agreement_slips("Your garrison (1 characters)") == ["1 characters"]
    assert agreement_slips("draws 2 card.") == ["2 card"]
    assert agreement_slips("a 3-card hand, 2-player game, d6 3 turn-long") == []
    assert any("placeholder" in p for p in check_text("A death is slotted by @{0}.", public=True))
    assert any("placeholder" in p for p in check_text("<@None>: your turn", public=False))
    assert any("placeholder" in p for p in check_text("Seat {seat} wins", public=False))
    assert any("second person" in p for p in check_text("You ended the game.", public=True))
    assert any("second person" in p for p in check_text("Done. Your hand is empty.", public=True))
    assert any("doubled stop" in p for p in check_text("You drew Attacked!.", public=False))
    assert check_text("You drew Attacked!", public=False) == [] and check_text("Wait...", public=False) == []
    assert tidy("You drew Attacked!.") == "You drew Attacked!" and tidy("Wait... You drew Fire.") == "Wait... You drew Fire."
    # Private messages may speak to their reader; addressed public lines say "your" mid-sentence.
    assert check_text("You ended the game.", public=False) == []
    assert check_text("<@1>: it's your turn.", public=True) == []


def test_apollyon_says_what_happens_after_the_last_month() -> None:
    base = {"months": 6, "apollyon_contained": False}
    assert month_title({**base, "month": 3})[0] == "Month 3 of 6"
    title, line = month_title({**base, "month": 8})
    assert "of 6" not in title and "Apollyon is loose" in title and "Masquerade" in line


def test_catharsis_pools_are_spelled_out() -> None:
    from cogs.catharsis.render import counters_text, pool_text

    assert pool_text({"1": 1, "3": 1, "4": 5}) == "one 1, one 3, five 4s"
    assert "×" not in counters_text({"Spore": 0}, {"1": 1, "4": 5})


def test_a_public_control_may_say_your_but_a_public_sentence_may_not() -> None:
    from tests.fakediscord.server import FakeDiscord

    fake = FakeDiscord()
    channel = fake.add_channel(fake.add_guild("g", members=[fake.add_user(name="a")]), "t")
    select = {"type": 3, "custom_id": "x", "placeholder": "Your starting nexus…", "options": []}
    fake.new_message(channel, fake.bot_user.id, {"content": "Pick one.", "components": [{"type": 1, "components": [select]}]})
    assert findings(fake) == []
    fake.new_message(channel, fake.bot_user.id, {"content": "You ended the game."})
    assert [f for f in findings(fake) if "second person" in f]
