"""/roll and /check through the real bot and the fake Discord."""

from __future__ import annotations

import re
from pathlib import Path

from tests.e2e.harness import running_bot
from tests.fakediscord import FakeDiscord


async def test_roll_and_check_replies(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path):
        assert {"roll", "check"} <= {name for (name, _t) in fake.commands.get(None, {})}
        roll = await (
            await fake.slash(w.alice, w.table, "roll", expression="4d6kh3", reason="Strength")
        ).done()
        assert not roll.ephemeral and "Strength" in roll.text
        total = int(re.search(r"Total: (\d+)", roll.text).group(1))  # type: ignore[union-attr]
        assert 3 <= total <= 18 and "~~" in roll.text  # one die dropped, struck through
        secret = await (await fake.slash(w.bob, w.table, "roll", expression="1d20+5", private=True)).done()
        assert secret.ephemeral and "Total" in secret.text
        bad = await (await fake.slash(w.bob, w.table, "roll", expression="2x6")).done()
        assert bad.ephemeral and "2d6" in bad.text
        huge = await (await fake.slash(w.bob, w.table, "roll", expression="5000d6")).done()
        assert huge.ephemeral and "dice" in huge.text.lower()
        check = await (
            await fake.slash(w.carol, w.table, "check", virtue="soul", dice=4, bonus=1, target=13)
        ).done()
        assert not check.ephemeral and ("Success" in check.text or "short by" in check.text)
        soul = re.search(r"🟦 Soul: (.*)", check.text).group(1)  # type: ignore[union-attr]
        assert soul.count("·") == 3 and "⬜ Bonus" in check.text  # four Soul dice and one bonus die
        assert check.text.count("**", 0, check.text.index("Kept")) >= 6  # three kept dice in bold
    assert not fake.violations
