"""Chapters (their cards join the box for their missions; their powers apply), the novem, and
confronting a new card from the box, on the real card data."""

from __future__ import annotations

import pytest
from apoc_helpers import Game, clock_built

from bot.games.apocrypha import chapters, golden
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.commands import Next
from bot.games.apocrypha.rules import Apocrypha, Options
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import all_zones

MOON = "the_hunters_moon"


@pytest.fixture(scope="module")
def real() -> Apocrypha:
    return Apocrypha(book=load_book())


def coop(rules: Apocrypha, mission: str, saints: int = 2, seed: int = 5, **options) -> Game:
    out = rules.setup(Options(mode="coop", mission=mission, **options), saints, seed, {})
    return Game(rules, out.state, out.events)


def take(t, cid: str) -> str:
    """A card for the test: out of a nexus deck if the box has none left."""
    for deck in t.sec.nexus_decks.values():
        for uid in deck:
            if card_id(uid) == cid:
                deck.remove(uid)
                return uid
    return t.new_instance(cid)


def chapter_of(book, cid: str) -> str:
    return book.card(cid).keywords.chapter


def dealt(game: Game) -> list[str]:
    """The cards drawn at random from the box: the nexus decks and the clock (a saint's own deck
    is theirs, from mission to mission, whatever its cards' chapters)."""
    return [card_id(u) for where, u in all_zones(game.state) if where.startswith(("nexus", "clock"))]


def test_only_base_cards_and_the_missions_chapter_are_drawn_from_the_box(real):
    book = real.book
    for mission, own, other in (
        (MOON, "skinwalkers", "candlepoint"),
        ("christmas_in_candlepoint", "candlepoint", "skinwalkers"),
    ):
        for seed in range(4):
            game = coop(real, mission, saints=4, seed=seed)
            chapters_seen = {
                chapter_of(book, c) for c in dealt(game) if book.kind_of(c) in ("gifts", "threats")
            }
            assert other not in chapters_seen, (mission, seed)
            assert chapters_seen <= {"base", own}
            box = Game(real, game.state, []).t
            assert all(
                chapter_of(book, c) in ("base", own) for c in box.box_cards("threat") + box.box_cards("gift")
            )
    # The rulebook's own mission sets its chapter aside the same way: no Skinwalker in Candlepoint.
    game = coop(real, "christmas_in_candlepoint", saints=6, seed=1)
    assert "skinwalker" not in game.t.box_cards("threat")
    skinwalker = real.book.threats["skinwalker"]
    assert not chapters.in_box(game.t, skinwalker)
    assert chapters.in_box(coop(real, MOON, saints=6, seed=1).t, skinwalker)


@pytest.mark.parametrize("saints", [1, 2, 5, 6])
def test_the_hunters_moon_burns_a_candle_clock_over_one_more_nexus_than_saints(real, saints):
    """Tuned (docs/balance.md): 22 candles and 3 per saint; the Library joins from two saints and
    the Precinct only at six, so the choir faces one nexus more than it has saints up to five."""
    game = coop(real, MOON, saints=saints, starts=dict.fromkeys(range(saints), "pawnshop"))
    pub = game.pub
    assert pub.coop.clock == "candle_per_saint"
    # Less the first saint's draw; from five saints the box has too few omens left (House rule 35).
    assert pub.clock_count == clock_built(game.state, real.book, 22 + 3 * saints) - 1
    assert (pub.clock_count == 22 + 3 * saints - 1) == (saints < 5)
    nexuses = ["pawnshop", "library", "lake", "woods", "cemetery", "precinct"]
    joined = {1: ["pawnshop", "lake"], 2: nexuses[:3], 5: nexuses[:5], 6: nexuses}
    assert list(pub.nexuses) == joined[saints]


def test_the_chapter_and_the_novem_are_announced_and_on_the_table(real):
    from cogs.apocrypha.render import true_threat_lines

    game = coop(real, MOON)
    assert "The Skinwalkers chapter's cards join the box" in game.public_text()
    assert "The Moon-Eater: novem, master" in game.public_text()
    lines = true_threat_lines(real.book, game.state.public.model_dump())
    assert any(line.startswith("Chapter: Skinwalkers · Lycanthropy: No saint can avoid") for line in lines)
    assert "The Moon-Eater, one of the novem, is at large. No saint can give cards." in lines
    game.state.public.coop.cornered = True
    lines = true_threat_lines(real.book, game.state.public.model_dump())
    assert not any("at large" in line for line in lines)
    christmas = coop(real, "christmas_in_candlepoint", saints=3)
    lines = true_threat_lines(real.book, christmas.state.public.model_dump())
    assert "Chapter: The Secrets of Candlepoint" in lines  # a chapter with no power: its name only


def test_the_novem_at_large_forbids_giving_until_it_is_cornered(real):
    from bot.games.apocrypha.commands import Give

    game = coop(real, MOON, saints=2, starts={0: "pawnshop", 1: "pawnshop"}, first=0)
    while game.pub.step != "transfer":
        game.do(0, Next())
    card = game.state.players[0].hand[0]
    verdict = golden.allowed(game.t, 0, "give")
    assert not verdict.allowed and verdict.by.kind == "threat" and verdict.by.source == "The Moon-Eater"
    game.fails(0, Give(card=card, to=1), "The Moon-Eater says you cannot give cards")
    assert not [a for a in real.legal_actions(game.state, 0) if isinstance(a, Give)]
    game.pub.coop.cornered = True
    game.do(0, Give(card=card, to=1))
    assert card in game.state.players[1].hand
    assert chapters.novem_at_large(real.book, MOON, cornered=True) == []


def test_the_novem_plays_through_the_master_archetype(real):
    game = coop(real, MOON, saints=1)
    seat = game.pub.active
    key = game.pub.saints[seat].nexus
    deck = game.state.secret.nexus_decks
    master = next(u for k, d in deck.items() for u in d if card_id(u) == "archetype_master")
    for d in deck.values():
        if master in d:
            d.remove(master)
    deck[key].insert(0, master)
    game.hand_of(seat, "silver_knife", "wolfsbane_sachet")
    from bot.games.apocrypha.commands import Investigate

    game.do(seat, Next())  # Support
    game.do(seat, Next())  # Investigate
    game.state.public.investigations = 1
    game.do(seat, Investigate())
    confront = game.pub.confront
    assert card_id(confront.card) == "the_moon_eater" and confront.archetype == master
    game.do(seat, Next())  # Initiate: discard a card, otherwise 2 Rage damage: the saint is asked
    assert game.pub.pending and game.pub.pending[0].options == [
        "attempt: discard a card from your hand",
        "suffer 2 Rage damage",
    ]


def test_lycanthropy_forbids_avoiding_and_a_loss_sends_a_copy_to_the_saint_on_the_left(real):
    game = coop(real, MOON, saints=2, starts={0: "lake", 1: "lake"}, first=0)
    t = game.t
    from bot.games.apocrypha.investigate import begin_confront

    begin_confront(t, 0, take(t, "pack_runt"), origin="lake")
    assert not golden.allowed(t, 0, "avoid").allowed
    assert golden.allowed(t, 0, "avoid").by.source == "Lycanthropy"
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Next())  # no check: Frank loses, and the saint beside him faces a copy
    confront = game.pub.confront
    assert confront is not None and confront.seat == 1 and "#copy" in confront.card
    assert card_id(confront.card) == "pack_runt"
    for _ in range(3):
        game.do(1, Next())  # the copy wins too, but a copy is never copied again
    assert game.pub.confront is None
    assert "A copy is not copied again" in game.public_text()


def test_beating_a_pack_runt_calls_a_new_lycanthrope_from_the_box(real):
    game = coop(real, MOON, saints=1)
    t = game.t
    seat = game.pub.active
    from bot.games.apocrypha.investigate import begin_confront, terminate

    runt = take(t, "pack_runt")
    for deck in t.sec.nexus_decks.values():  # the other Lycanthropes back in the box
        deck[:] = [u for u in deck if not t.has_keyword(u, "lycanthrope") or t.kind(u) != "threat"]
    begin_confront(t, seat, runt, origin=None)
    terminate(t, True)
    confront = t.pub.confront
    assert confront is not None and confront.seat == seat
    assert t.has_keyword(confront.card, "lycanthrope") and "#copy" not in confront.card
    assert "must confront a new threat" in " ".join(e.text for e in t.events)
    terminate(t, False)  # lost, a new threat came from no nexus: back to the box
    assert confront.card not in [u for _, u in all_zones(t.state)]
    # With no Lycanthrope left in the box, the instruction is impossible and is ignored.
    for cid in ("skinwalker", "feral_dogs_enhanced", "feral_dogs_enhanced", "pack_runt", "pack_runt"):
        t.sec.nexus_decks["lake"].append(t.new_instance(cid)) if t.box_has(cid) else None
    begin_confront(t, seat, t.sec.nexus_decks["lake"].pop(), origin=None)
    terminate(t, True)
    assert t.pub.confront is None
    assert "The box has no such threat left" in " ".join(e.text for e in t.events[-3:])


def test_the_moonstruck_hunter_rules_while_you_confront_him_only(real):
    game = coop(real, MOON, saints=1)
    t = game.t
    seat = game.pub.active
    from bot.games.apocrypha.investigate import begin_confront

    assert golden.allowed(t, seat, "reroll").allowed
    begin_confront(t, seat, take(t, "moonstruck_hunter"), origin=None)
    verdict = golden.allowed(t, seat, "reroll")
    assert not verdict.allowed and verdict.by.source == "Moonstruck Hunter"
    assert golden.damage_virtue(t, seat, t.card(t.pub.confront.card), "mind") == "rage"
    # A Wolfsbane Sachet is a gift: it ranks below the threat, so the Hunter's Rage stands.
    golden.put_in_force(
        t,
        "wolfsbane_sachet#1",
        "gift",
        {"op": "set", "rule": "damage_virtue", "value": "soul"},
        [seat],
        "confrontation",
    )
    assert golden.damage_virtue(t, seat, t.card(t.pub.confront.card), "mind") == "rage"


def test_a_novem_must_be_displayed_as_the_master(real):
    from bot.engine.cards import CardDataError
    from bot.games.apocrypha.cards import check_mission

    mission = real.book.missions[MOON].model_copy(deep=True)
    mission.true_threats[0].role = "minion"
    mission.true_threats[0].archetypes = [6]
    mission.true_threats[0].label = "C"
    with pytest.raises(CardDataError, match="novem"):
        check_mission(real.book, mission)


def test_enhanced_cards_stand_in_for_their_base_cards_while_their_chapter_is_in_the_box(real):
    """An Enhanced card is a chapter's altered version of a Base card. Preparing a Skinwalkers mission,
    the chapter's Enhanced Feral Dogs and Brass Knuckles join the box and the Base ones they alter stay
    out; in any other chapter the Base cards are drawn and the Enhanced ones are not. The Enhanced Feral
    Dogs are Lycanthropes, so the chapter's Lycanthropy holds against them."""
    book = real.book
    pairs = {"feral_dogs": "feral_dogs_enhanced", "brass_knuckles": "brass_knuckles_enhanced"}
    assert chapters.enhanced(book, "skinwalkers") == pairs and chapters.enhanced(book, "candlepoint") == {}
    for base, better in pairs.items():
        assert book.card(better).enhances == base and chapter_of(book, base) == "base"
    for seed in range(4):
        moon = coop(real, MOON, saints=6, seed=seed)
        boxed = moon.t.box_cards("threat") + moon.t.box_cards("gift")
        assert set(pairs.values()) <= set(boxed) | set(dealt(moon)) and not set(pairs) & set(boxed), seed
        assert not set(pairs) & set(dealt(moon)), seed
        candle = coop(real, "christmas_in_candlepoint", saints=6, seed=seed)
        boxed = candle.t.box_cards("threat") + candle.t.box_cards("gift")
        assert set(pairs) <= set(boxed) | set(dealt(candle)) and not set(pairs.values()) & set(boxed), seed
        assert not set(pairs.values()) & set(dealt(candle)), seed
    # Across the seeds the Moon's nexus decks do deal the Enhanced dogs.
    assert any(
        "feral_dogs_enhanced" in dealt(coop(real, MOON, saints=6, seed=seed)) for seed in range(12)
    )
    game = coop(real, MOON, saints=2, starts={0: "lake", 1: "lake"}, first=0)
    t = game.t
    from bot.games.apocrypha.investigate import begin_confront

    begin_confront(t, 0, take(t, "feral_dogs_enhanced"), origin="lake")
    assert golden.allowed(t, 0, "avoid").by.source == "Lycanthropy"


def test_an_enhanced_card_must_alter_a_base_card_of_its_kind(real):
    from bot.engine.cards import CardDataError
    from bot.games.apocrypha.cards import _cross_check

    book = real.book.model_copy(deep=True)
    book.threats["feral_dogs_enhanced"].enhances = "pack_runt"  # a chapter card, not a Base one
    with pytest.raises(CardDataError, match="Enhanced"):
        _cross_check(book)
    book.threats["feral_dogs_enhanced"].enhances = "brass_knuckles"  # a gift, not a threat
    with pytest.raises(CardDataError, match="Enhanced"):
        _cross_check(book)
