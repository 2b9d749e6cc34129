"""Apocrypha co-op end to end: the Guard and Seal buttons on the saints' DM panels.

Zeez (Carol) beats Gryla at the Hospital. While Gryla tries to escape, Ophelia (Alice), at the
Hope-side Chapel, finds **Guard this nexus with Soul** on her panel and guards it with a Soul
check. Frank
(Bob), at the Chapel too, is offered no guard (one attempt per nexus), and his typed guard is
refused, as is a seal typed by a saint who is not at the Hospital. Gryla escapes into an
unguarded nexus; then Zeez's panel offers **Attempt the seal**, and his click seals the Hospital.
"""

from __future__ import annotations

from tests.e2e.apocrypha_table import Table, only_apocrypha
from tests.e2e.harness import running_bot
from tests.fakediscord import FakeDiscord


async def test_guard_and_seal_buttons(fake_discord: FakeDiscord, tmp_path, monkeypatch) -> None:
    only_apocrypha(monkeypatch)
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        t = Table(fake, bot, fresh=True)
        run, state, click, labels = t.run, t.state, t.click, t.labels

        await t.make_saints()
        sid = await t.open_coop("christmas_in_candlepoint")
        await t.start_choir([(w.alice, "chapel"), (w.bob, "chapel"), (w.carol, "hospital")], first=w.carol)

        # The table as the story needs it: Gryla's archetype on top of the Hospital, the Chapel on its
        # Hope side, Zeez in his Investigate step with an investigation in hand, and sixes to roll.
        row = await bot.service.store.get(sid, fresh=True)
        data = row.state
        decks = data["secret"]["nexus_decks"]
        master = next(u for d in decks.values() for u in d if u.startswith("archetype_master"))
        for d in decks.values():
            if master in d:
                d.remove(master)
        decks["hospital"].insert(0, master)
        data["public"]["nexuses"]["chapel"]["side"] = "hope"
        data["public"]["step"] = "investigate"
        data["public"]["investigations"] = 1
        data["secret"]["forced_dice"] = [6] * 12
        row.state = data
        await bot.service.store.save(row)

        await run(w.carol, "apocrypha investigate")
        assert (await state())["public"]["confront"]["card"].startswith("gryla")
        await run(w.carol, "apocrypha next")  # Initiate
        await run(w.carol, "apocrypha next")  # Act
        await run(w.carol, "apocrypha attempt", virtue="soul")
        await run(w.carol, "apocrypha roll")
        await run(w.carol, "apocrypha keep")
        await run(w.carol, "apocrypha answer", option=4)  # the mission's Win power: a Soul gift
        public = (await state())["public"]
        assert public["step"] == "sanctify" and public["coop"]["sanctify"]["stage"] == "guard"

        # Guard: only Ophelia's panel offers it (Frank is at the Chapel too, Zeez beat Gryla).
        assert "Guard this nexus with Soul" in labels(w.alice)
        assert "Guard this nexus" not in labels(w.carol)
        before = await state()
        await click(w.alice, "Guard this nexus with Soul")
        public = (await state())["public"]
        assert public["check"]["seat"] == 0 and public["check"]["purpose"] == "guard:chapel"
        assert "Guard this nexus" not in labels(w.bob)  # one attempt per nexus
        await click(w.alice, "Roll the dice")
        await click(w.alice, "Keep the best three")
        public = (await state())["public"]
        assert public["coop"]["sanctify"]["stage"] == "seal"  # guarded, then Gryla escaped
        log = "\n".join(bot.service.history(await bot.store.get(sid)).lines)
        assert "guards Chapel" in log and "escapes into one of 2 unguarded nexuses" in log
        assert before != await state()

        # Bad input: a second guard of the Chapel, a seal from a saint not at the Hospital.
        for user, words, options in (
            (w.bob, "Guard", {"guard": "chapel"}),
            (w.alice, "Only a saint at Hospital", {}),
        ):
            await t.refused(user, "apocrypha seal", words, **options)

        # Seal: Zeez's panel offers it, and a win vs. the master seals the Hospital by itself.
        assert "Attempt the seal" in labels(w.carol)
        assert "Attempt the seal" not in labels(w.alice)
        await click(w.carol, "Attempt the seal")
        public = (await state())["public"]
        assert public["nexuses"]["hospital"]["sealed"] and public["step"] == "transfer"
        assert public["saints"]["2"]["nexus"] is None
