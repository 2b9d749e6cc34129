"""Apocrypha co-op end to end: the Wickety Wack Sack through the fake Discord.

Christmas in Candlepoint with Ophelia (Alice), Frank (Bob) and Zeez (Carol). Zeez, at the Hospital,
holds the Sack and two Body gifts; the Yule Cat's archetype and a Vector lie on top of the Hospital.
He flips the archetype, answers the Yule Cat's question from his panel and plays the Sack from the
panel's select: the Sack slots the Yule Cat, which keeps its archetype while held. Against the
Vector the Sack is not offered again, and a typed play of it is refused in plain words to him alone.
He loses to the Vector, whose power discards his last card: with his hand empty, the Sack is
released (discarded) and the archetype is shuffled back into the Hospital. The table, the panels
and the ephemeral refusal are read as each player sees them, and no hidden card's name reaches a
public message or another player's DM.
"""

from __future__ import annotations

from typing import Any

from bot.games.apocrypha import RULES
from bot.games.apocrypha.state import card_id
from tests.e2e.apocrypha_table import Table, only_apocrypha
from tests.e2e.harness import running_bot
from tests.e2e.surface import Surface, live_table
from tests.e2e.test_apocrypha_guided import component, everything_seen
from tests.fakediscord import FakeDiscord

BOOK = RULES.book
ZEEZ = "2"


def take(data: dict[str, Any], cid: str) -> str:
    """An instance of `cid` for the story: one out of a nexus deck, or a new one from the box."""
    for deck in data["secret"]["nexus_decks"].values():
        for uid in deck:
            if card_id(uid) == cid:
                deck.remove(uid)
                return uid
    n = data["secret"]["next_copy"].get(cid, 0) + 1
    data["secret"]["next_copy"][cid] = n
    return f"{cid}#{n}"


def names(uids: Any) -> set[str]:
    return {BOOK.card(card_id(u)).name for u in uids if BOOK.kind_of(card_id(u))}


def hidden_from(data: dict[str, Any], seat: str | None) -> set[str]:
    """Names of the cards `seat` (None: the table) may not see now, less those face up somewhere."""
    sec, pub = data["secret"], data["public"]
    hidden = [u for deck in sec["nexus_decks"].values() for u in deck] + [c["card"] for c in sec["clock"]]
    for s, deck in sec["decks"].items():
        hidden += deck + (data["players"][s]["hand"] if s != seat else [])
    shown = [u for v in pub["saints"].values() for u in [*v["discard"], *v["halo"].values()]]
    return names(hidden) - names(shown)


async def test_the_wickety_wack_sack_holds_a_true_threat_until_the_hand_is_empty(
    fake_discord: FakeDiscord, tmp_path, monkeypatch
) -> None:
    only_apocrypha(monkeypatch)
    fake, w = fake_discord, fake_discord.world
    async with running_bot(fake, tmp_path, seed=5) as bot:
        t = Table(fake, bot, watch=Surface(fake, bot, w.table), fresh=True)
        state, labels = t.state, t.labels
        revealed: set[str] = set()  # cards the story turns face up, even if they go back facedown
        own: dict[str, set[str]] = {"0": set(), "1": set()}  # each saint knows their own deck's cards

        async def leaks() -> list[str]:
            data = await state()
            found = [f"table: {n}" for n in hidden_from(data, None) - revealed if n in fake.public_text(w.table)]
            for seat, user in (("0", w.alice), ("1", w.bob)):
                own[seat] |= names([*data["secret"]["decks"][seat], *data["players"][seat]["hand"]])
                seen = everything_seen(fake, user)
                found += [f"{user.name}: {n}" for n in hidden_from(data, seat) - revealed - own[seat] if n in seen]
            return found + [f"archetype named in {m.id}" for m in fake.messages(w.table) if "archetype_" in m.text]

        async def run(user: Any, command: str, **options: Any) -> Any:
            ix = await t.run(user, command, **options)
            assert not await leaks()
            return ix

        async def click(user: Any, label: str) -> None:
            await t.click(user, label)
            await t.watch.check()
            assert not await leaks()

        await t.make_saints()
        sid = await t.open_coop("christmas_in_candlepoint")
        await t.start_choir([(w.alice, "chapel"), (w.bob, "chapel"), (w.carol, "hospital")], first=w.carol)

        # The table as the story needs it: Zeez investigating with the Sack and two Body gifts, the
        # Yule Cat's archetype and a Vector on top of the Hospital.
        row = await bot.service.store.get(sid, fresh=True)
        data = row.state
        deck, hand = data["secret"]["decks"][ZEEZ], data["players"][ZEEZ]["hand"]
        deck.extend(hand)
        body = [u for u in deck if card_id(u) in BOOK.gifts and BOOK.gifts[card_id(u)].virtue == "body"][:2]
        for uid in body:
            deck.remove(uid)
        sack = take(data, "wickety_wack_sack")
        data["players"][ZEEZ]["hand"] = [sack, *body]
        cat, vector = take(data, "archetype_minion_1"), take(data, "vector")
        data["secret"]["nexus_decks"]["hospital"][:0] = [cat, vector]
        data["public"].update(step="investigate", investigations=2)
        row.state = data
        await bot.service.store.save(row)

        # -- the Yule Cat is flipped, and the Sack takes it with its archetype ----------------------
        await run(w.carol, "apocrypha investigate")
        revealed.add("Yule Cat")
        assert "flips the minion 1 archetype: it is Yule Cat" in fake.public_text(w.table)
        await click(w.carol, "Face it (to Initiate)")
        # The Yule Cat's question, answered by a button that says what it does.
        assert "Choose one: discard 1 Body gift at random, or suffer 2 Rage damage." in labels(w.carol)
        await click(w.carol, "Discard 1 Body gift at random")
        revealed |= names((await state())["public"]["saints"][ZEEZ]["discard"])
        offered = component(t.panel(w.carol), "play")["options"]
        assert [o["label"] for o in offered] == ["Wickety Wack Sack"]
        await t.press(w.carol, "play", [offered[0]["value"]])
        await t.watch.check()
        revealed.add("Wickety Wack Sack")
        assert not await leaks()
        public = (await state())["public"]
        assert public["confront"] is None and set(public["saints"][ZEEZ]["halo"].values()) == {sack, "yule_cat#1"}
        assert [(h["holder"], h["card"], h["archetype"]) for h in public["holds"]] == [(sack, "yule_cat#1", cat)]
        table = (await live_table(fake, bot, w.table)).text
        assert f"Yule Cat is held by Wickety Wack Sack until <@{w.carol.id}>'s hand is empty" in table
        assert "Wickety Wack Sack" in table and "archetype_" not in table
        assert ": Yule Cat (held until the hand is empty)" in table

        # -- against the Vector the slotted Sack is not offered, and a typed play is refused ----------
        await run(w.carol, "apocrypha investigate")
        revealed.add("Vector")
        await click(w.carol, "Face it (to Initiate)")
        assert "Wickety Wack Sack" not in repr(t.panel(w.carol).components)
        assert "Wickety Wack Sack holds Yule Cat in your halo until your hand is empty." in labels(w.carol)
        ix = await t.refused(w.carol, "apocrypha play", "already slotted", card="Wickety Wack Sack")
        said = "Wickety Wack Sack is already slotted in your halo; it holds one card until your hand is empty."
        assert ix.text.startswith(said), ix.text
        assert ix.text not in fake.public_text(w.table) and ix.text not in everything_seen(fake, w.alice)

        # -- he loses to the Vector; its power empties his hand, and the Sack lets go ----------------
        await click(w.carol, "On to Act")
        await click(w.carol, "Make no check (you lose)")
        public = (await state())["public"]
        assert public["holds"] == [] and public["confront"] is None
        assert (await state())["players"][ZEEZ]["hand"] == []  # the Vector took his last Body gift
        assert sack in public["saints"][ZEEZ]["discard"] and not public["saints"][ZEEZ]["halo"]
        assert cat in (await state())["secret"]["nexus_decks"]["hospital"]
        said = fake.public_text(w.table)
        assert "Yule Cat slips out of" in said and "its archetype is shuffled back into the nexus" in said
