"""Faith end to end: a whole 2-player game through the fake Discord with fixed decks and seed.

Alice (Light of Prayer) and Bob (his own copy of Shadow and Strife, made with the deck
builder) play from their DM panels. Alice's moves follow a simple plan (recite a psalm when she
can, challenge when it exiles, pray, play cards); Bob plays characters and ends his turn. The game
includes a mulligan, a recited psalm, a challenge that exiles, and Alice's win at 20 Faith.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import bot.games.faith  # noqa: F401  (registers the game for the bot under test)
from bot.games.faith import RULES, zones
from bot.games.faith.cards import card
from bot.games.faith.state import FaithState
from cogs.faith.views import decode
from tests.e2e.harness import answer, running_bot, settle
from tests.e2e.harness import ids_on as flat
from tests.e2e.surface import Surface, live_table, report
from tests.fakediscord import FakeDiscord, FakeMessage

MAX_CLICKS = 600



async def state_of(bot: Any, session_id: int) -> FaithState:
    return RULES.load_state((await bot.service.session(session_id)).state)


def exiles(st: FaithState, command: dict[str, Any]) -> bool:
    att, dfn = zones.locate(st, command["attacker"]), zones.locate(st, command["target"])
    return zones.strength(st, att[1]) >= zones.health(st, dfn[1]) - dfn[1].damage


def wears_down(st: FaithState, command: dict[str, Any]) -> bool:
    """A challenge by a weak prayer that survives it: the damage stays, so a later one exiles."""
    att, dfn = zones.locate(st, command["attacker"])[1], zones.locate(st, command["target"])[1]
    return (
        zones.prayer(st, att) <= 1
        and zones.strength(st, att) >= 1
        and zones.health(st, att) - att.damage > zones.strength(st, dfn)
    )


def plan(
    st: FaithState, seat: int, options: list[tuple[str, str, dict[str, Any]]], alice: bool
) -> tuple[str, str] | None:
    """Pick (custom_id, value) from the panel's select options; None means end the turn."""

    def first(test) -> tuple[str, str] | None:
        return next(((cid, v) for cid, v, c in options if test(c)), None)

    hand = {h.uid: card(h.card) for h in st.players[seat].hand}
    if not alice:
        return first(lambda c: c["type"] == "play" and hand[c["card"]].type == "character")
    return (
        first(lambda c: c["type"] == "play" and c.get("recite") is not None)
        or first(lambda c: c["type"] == "challenge" and exiles(st, c))
        or first(lambda c: c["type"] == "challenge" and wears_down(st, c))
        or first(lambda c: c["type"] == "pray")
        or first(lambda c: c["type"] == "play" and hand[c["card"]].type != "psalm")
    )


async def take_turn_step(
    fake: FakeDiscord, bot: Any, sid: int, user: Any, seat: int, alice: bool, probe: dict[str, Any]
) -> None:
    st = await state_of(bot, sid)
    [panel] = fake.dm_messages(user)
    comps = flat(panel.components)
    phase = st.public.phase.value
    if phase == "gather":
        due = st.public.energy_due
        light = due if alice else 1
        button = next(c for c in comps if c.get("label") == f"{light}☉ {due - light}☾")
        await (await fake.click(user, panel, button["custom_id"])).done()
    elif phase == "discard":
        select = next(c for c in comps if ":discard" in c["custom_id"])
        values = [o["value"] for o in select["options"][: select["min_values"]]]
        await (await fake.select(user, panel, select["custom_id"], values)).done()
    else:
        options = [
            (c["custom_id"], o["value"], decode(o["value"]))
            for c in comps
            if c.get("options") and ":do:" in c["custom_id"]
            for o in c["options"]
            if decode(o["value"])  # not a group that opens a menu
        ]
        choice = plan(st, seat, options, alice)
        if choice is None:
            stale = None
            if not probe:  # once: keep an ephemeral panel from before the turn ends
                stale = await (await fake.slash(user, fake.world.table, "faith hand")).done()
            await (await fake.click(user, panel, fake.find_button(panel, label="End turn"))).done()
            if stale is not None:
                [message] = stale.messages
                late = await (
                    await fake.click(user, message, fake.find_button(message, label="End turn"))
                ).done()
                probe["refusal"] = late.text if late.ephemeral else ""
        else:
            ix = await (await fake.select(user, panel, choice[0], [choice[1]])).done()
            assert not ix.ephemeral, ix.text  # a refusal would be an ephemeral reply
    await settle(bot)


async def test_a_whole_faith_game(fake_discord: FakeDiscord, tmp_path: Path) -> None:
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=20261124) as bot:
        # Bob builds his deck; the builder refuses an illegal one.
        made = await (
            await fake.slash(w.bob, w.table, "faith deck new", name="Mine", copy="Shadow and Strife")
        ).done()
        assert made.ephemeral and "40 cards, legal" in made.text
        short = await (
            await fake.slash(w.bob, w.table, "faith deck remove", name="Mine", card="Ambush")
        ).done()
        assert "39 cards, not legal yet" in short.text
        await (await fake.slash(w.bob, w.table, "faith deck add", name="Mine", card="Ambush")).done()
        four = await (
            await fake.slash(w.bob, w.table, "faith deck add", name="Mine", card="The Serpent - Deceiver")
        ).done()
        assert four.ephemeral and "at most 3 copies" in four.text
        exported = await (await fake.slash(w.bob, w.table, "faith deck export", name="Mine")).done()
        assert "3 The Serpent - Deceiver" in exported.text
        text = "; ".join(line for line in exported.text.splitlines() if line[:1].isdigit())
        copied = await (await fake.slash(w.bob, w.table, "faith deck import", name="Copy", text=text)).done()
        assert "imported: 40 cards, legal" in copied.text
        short_text = text.replace("3 The Serpent - Deceiver", "2 The Serpent - Deceiver")
        partial = await (
            await fake.slash(w.bob, w.table, "faith deck import", name="Short", text=short_text)
        ).done()
        assert partial.ephemeral and "imported: 39 cards, not legal yet" in partial.text
        assert "needs at least 40 (1 more card)" in partial.text
        over_text = text.replace("3 The Serpent - Deceiver", "4 The Serpent - Deceiver")
        over = await (await fake.slash(w.bob, w.table, "faith deck import", name="Bad", text=over_text)).done()
        assert over.ephemeral and "at most 3" in over.text
        listed = await (await fake.slash(w.bob, w.table, "faith deck list")).done()
        assert (
            "Copy: 40 cards, legal." in listed.text
            and "Short: 39 cards" in listed.text
            and "Light of Prayer" in listed.text
            and "Bad" not in listed.text
        )
        asked = await (await fake.slash(w.bob, w.table, "faith deck delete", name="Copy")).done()
        kept = await (await fake.slash(w.bob, w.table, "faith deck show", name="Copy")).done()
        assert "40 cards" in kept.text  # nothing is deleted before Confirm
        await answer(fake, w.bob, asked)
        shown_deck = await (await fake.slash(w.bob, w.table, "faith deck show", name="Mine")).done()
        assert "40 cards, legal." in shown_deck.text
        gone = await (await fake.slash(w.bob, w.table, "faith deck show", name="Copy")).done()
        assert "no deck called" in gone.text
        suggestions = await (
            await fake.autocomplete(w.bob, w.table, "faith card", focused="name", name="noah")
        ).done()
        assert [c["name"] for c in suggestions.choices or []] == ["Noah - Captain of the Ark"]
        shown = await (
            await fake.slash(w.bob, w.table, "faith card", name="Noah - Captain of the Ark")
        ).done()
        assert "Health 4 · Strength 2" in shown.text and "Genesis 6:14" in shown.text

        # The lobby: Alice opens for 2 and picks a preconstructed deck; Bob joins with his own.
        opened = await (await fake.slash(w.alice, w.table, "faith new", players=2)).done()
        assert "Faith: lobby" in opened.text
        await (await fake.slash(w.alice, w.table, "faith join", deck="Light of Prayer")).done()
        bad = await (await fake.slash(w.bob, w.table, "faith join", deck="Nothing Like It")).done()
        assert bad.ephemeral and "no deck called" in bad.text
        joined = await (await fake.slash(w.bob, w.table, "faith join", deck="Mine")).done()
        assert "playing Mine (40 cards)" in joined.text
        full = await (await fake.slash(w.carol, w.table, "faith join")).done()
        assert full.ephemeral and "full" in full.text
        await (await fake.slash(w.alice, w.table, "faith start")).done()
        surface = Surface(fake, bot, w.table)
        await surface.check()
        sid = (await bot.service.session_in(w.table.id)).id

        # Mulligans: Alice puts one card back, Bob keeps.
        [alice_dm] = fake.dm_messages(w.alice)
        [bob_dm] = fake.dm_messages(w.bob)
        mull = next(c for c in flat(alice_dm.components) if ":mull" in c["custom_id"])
        await (await fake.select(w.alice, alice_dm, mull["custom_id"], [mull["options"][0]["value"]])).done()
        await (await fake.click(w.bob, bob_dm, fake.find_button(bob_dm, label="Keep this hand"))).done()
        await settle(bot)

        # The waiting player's panel offers no moves.
        st = await state_of(bot, sid)
        idle = w.bob if st.public.active == 0 else w.alice
        [idle_panel] = fake.dm_messages(idle)
        assert not [
            c for c in flat(idle_panel.components) if ":end" in c["custom_id"] or ":do:" in c["custom_id"]
        ]
        probe: dict[str, Any] = {}

        # The table keeps only the latest lines, so collect every line it showed along the way.
        seen: list[str] = []

        def watch() -> None:
            seen.extend(line for line in fake.public_text(w.table).splitlines() if line not in seen)

        watch()
        for _ in range(MAX_CLICKS):
            watch()
            st = await state_of(bot, sid)
            if RULES.result(st) is not None:
                break
            seat = st.public.active
            await take_turn_step(fake, bot, sid, w.alice if seat == 0 else w.bob, seat, seat == 0, probe)
            await surface.check()

        watch()
        # The table shows the last few lines; the whole log is rebuilt from the moves.
        history = bot.service.history(await bot.store.get(sid)).lines
        public = "\n".join([*seen, *history])
        # A stale panel's End turn, after the turn passed: a second click, refused with the current panel.
        assert "You already did that" in probe["refusal"] and "Here is your current panel" in probe["refusal"]
        assert "puts 1 card on the bottom of their deck" in public
        assert "reciting it with" in public
        assert "is exiled." in public
        table: FakeMessage = await live_table(fake, bot, w.table)
        assert "Game over" in table.text and "won with 2" in table.text
        assert "reaches 2" in public and "Faith and wins!" in public
        # Hands never reach the channel: nothing only in a hand is named there.
        final = await state_of(bot, sid)
        shown = {card(c.card).title for s in final.public.seats for c in [*s.field, *s.exile]}
        hidden = {card(h.card).title for hand in final.players.values() for h in hand.hand} - shown
        scrubbed = public
        for title in sorted(shown, key=len, reverse=True):
            scrubbed = scrubbed.replace(title, "")
        assert not [t for t in hidden if t in scrubbed]
        report("faith", await surface.finish())
