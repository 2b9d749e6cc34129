"""Building a mission from the box: every card drawn at setup comes out of the one physical box.

Saints' decks, the nexus decks and the clock are dealt from the same box one card after another,
so no card can appear more often than the box holds copies of it (House rule 35 says what happens
when a build asks for more cards of a kind than are left).
"""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine.cards import data_dir
from bot.engine.errors import GameError
from bot.engine.events import Audience
from bot.engine.prng import Rng
from bot.engine.seats import GUIDE
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.commands import PrepareNexus, StackClock, StackNexus
from bot.games.apocrypha.guide_tools import add_delay
from bot.games.apocrypha.rules import Apocrypha, Options
from bot.games.apocrypha.saints import new_record
from bot.games.apocrypha.state import card_id
from bot.games.apocrypha.table import Table, all_zones
from bot.games.apocrypha.turns import start_turn

pytestmark = pytest.mark.skipif(not (data_dir() / "apocrypha").is_dir(), reason="no card data yet")

SEEDS = range(1, 9)


@pytest.fixture(scope="module")
def real() -> Apocrypha:
    return Apocrypha(book=load_book())


def over_the_box(rules: Apocrypha, state) -> list[str]:  # noqa: ANN001 - ApocryphaState
    """Every box card the state holds more instances of than the box has copies."""
    book = rules.book
    seen = Counter(card_id(uid) for _, uid in all_zones(state) if book.kind_of(card_id(uid)))
    return sorted(f"{cid} x{n} (box: {book.card(cid).copies})" for cid, n in seen.items() if n > book.card(cid).copies)


def choir(book, players: int, seed: int, halo: bool) -> dict:  # noqa: ANN001 - CardBook
    """A different choir for each seed; with `halo`, the first two saints carry the fragments that
    add a Soul gift and an omen to their decks, so those additions are dealt from the box too."""
    ids = sorted(book.saints)
    rng = Rng.from_seed(seed)
    rng.shuffle(ids)
    records = {seat: new_record(ids[seat % len(ids)], book, rng) for seat in range(players)}
    if halo:
        for seat, fragment in zip(records, ("the_tale", "the_abandoned_house"), strict=False):
            records[seat].halo = {1: fragment}
    return records


def test_no_setup_deals_a_card_more_often_than_the_box_holds_it(real):
    book = real.book
    missions = sorted(book.missions)
    assert {book.missions[m].mode for m in missions} == {"coop", "guided"}
    problems = []
    for mission in missions:
        mode = book.missions[mission].mode
        for players in range(1, 7):
            for seed in SEEDS:
                saints = choir(book, players, seed, halo=seed % 2 == 0)
                options = Options(mode=mode, mission=mission, saints=saints)
                state = real.setup(options, players, seed, {"guide": mode == "guided"}).state
                bad = over_the_box(real, state)
                if bad:
                    problems.append(f"{mission} {players} saints seed {seed}: {', '.join(bad)}")
    assert problems == []


def test_a_clock_the_box_cannot_fill_is_built_from_the_omens_left(real):
    """The Long Thaw asks 16 + 6 a saint candles; six saints' decks take their omens first, the clock
    takes what is left and the nexuses' omen draws come up empty."""
    book = real.book
    omens = sum(card.copies for card in book.omens.values())
    out = real.setup(Options(mode="coop", mission="the_long_thaw", saints=choir(book, 6, 3, False)), 6, 3, {})
    state = out.state
    in_decks = sum(1 for deck in state.secret.decks.values() for u in deck if card_id(u) in book.omens)
    in_decks += sum(1 for hand in state.players.values() for u in hand.hand if card_id(u) in book.omens)
    # The first turn has already drawn one clock card into a hand.
    clock = len(state.secret.clock) + 1
    in_decks -= 1
    assert clock == omens - in_decks < 16 + 6 * 6
    in_nexuses = sum(1 for deck in state.secret.nexus_decks.values() for u in deck if card_id(u) in book.omens)
    assert in_nexuses == 0
    text = " ".join(e.text for e in out.events if e.audience == Audience.PUBLIC)
    assert f"the clock holds {clock} omens instead of {16 + 6 * 6}" in text
    for nexus in state.public.nexuses.values():
        if book.nexuses[nexus.box_id].deck.get("omen"):
            assert f"the deck at {nexus.name} is " in text


def test_a_clock_the_box_can_fill_is_full(real):
    book = real.book
    state = real.setup(Options(mode="coop", mission="the_long_thaw", saints=choir(book, 1, 3, False)), 1, 3, {}).state
    assert len(state.secret.clock) + 1 == 16 + 6
    assert over_the_box(real, state) == []


def test_draws_from_the_box_follow_the_copies_left(real):
    """Two omens left, one with two copies and one with one: a random omen is the first twice as
    often, as when drawing from the physical pile."""
    book = real.book
    state = real.setup(Options(mode="coop", mission="lost_and_found", saints=choir(book, 1, 1, False)), 1, 1, {}).state
    t = Table(state, book)
    two = next(c for c, card in sorted(book.omens.items()) if card.copies == 2)
    one = next(c for c, card in sorted(book.omens.items()) if card.copies == 1)
    # Take every other omen out of the box (into the clock), and one copy of `two` nowhere else.
    t.sec.clock = []
    t.sec.nexus_decks = {k: [u for u in d if card_id(u) not in book.omens] for k, d in t.sec.nexus_decks.items()}
    for seat in state.secret.decks:
        state.secret.decks[seat] = [u for u in state.secret.decks[seat] if card_id(u) not in book.omens]
        state.players[seat].hand = [u for u in state.players[seat].hand if card_id(u) not in book.omens]
    for cid, card in book.omens.items():
        if cid not in (one, two):
            t.clock_add([t.new_instance(cid) for _ in range(card.copies)], bottom=True)
    assert t.box_cards("omen") == sorted([one, two])
    drawn = Counter(card_id(t.random_new("omen") or "") for _ in range(3000))
    assert set(drawn) == {one, two}
    assert 1.8 < drawn[two] / drawn[one] < 2.2


def test_the_guides_additions_to_the_clock_and_nexuses_come_from_the_box(real):
    book = real.book
    state = real.setup(Options(mode="guided", saints=choir(book, 2, 5, False)), 2, 5, {"guide": True}).state
    state = real.apply(state, GUIDE, PrepareNexus(nexus="chapel", reveal=True)).state
    single = next(c for c, card in sorted(book.threats.items()) if card.copies == 1 and card.rank == "threat")
    with pytest.raises(GameError, match="no .* left in the box"):
        real.apply(state, GUIDE, StackClock(cards=[single, single]))
    with pytest.raises(GameError, match="no .* left in the box"):
        real.apply(state, GUIDE, StackNexus(nexus="chapel", cards=[single, single]))
    omens = sum(card.copies for card in book.omens.values())
    t = Table(state.model_copy(deep=True), book)
    left = omens - sum(1 for _, u in all_zones(t.state) if card_id(u) in book.omens)
    add_delay(t, left + 5)
    assert len(t.sec.clock) == left
    assert over_the_box(real, t.state) == []



def two_places(state) -> list[str]:  # noqa: ANN001 - ApocryphaState
    """Every card instance found in more than one place at once."""
    seen = Counter(uid for _, uid in all_zones(state))
    return sorted(uid for uid, n in seen.items() if n > 1)


def run_out_the_clock(real, spend):  # noqa: ANN001
    """Six saints on The Long Thaw (a clock of about 20 omens where 52 are asked): each turn's saint
    draws from the clock and `spend(t, seat, uid)` does something with the omen, until a turn
    starts with nothing left to draw. Returns the table and how many turns drew or counted off
    the clock; no card is ever in two places or over the box's copies on the way."""
    book = real.book
    state = real.setup(Options(mode="coop", mission="the_long_thaw", saints=choir(book, 6, 3, False)), 6, 3, {}).state
    t = Table(state, book)
    seat = state.public.active
    turns = 1  # setup's first turn drew the first clock card
    while True:
        assert two_places(t.state) == [] and over_the_box(real, t.state) == []
        hand = t.hand(seat)
        if hand and t.kind(hand[-1]) == "omen":
            spend(t, seat, hand[-1])
        seat = t.left_of(seat)
        start_turn(t, seat, draw=True)
        if t.events[-1].kind == "mission_end" or t.pub.pending:
            return t, turns
        turns += 1


def discard_or_sacrifice(t: Table, seat: int, uid: str) -> None:
    """Played omens go to the discard pile, every third one is sacrificed, every fifth kept."""
    if t.pub.turn % 5 == 0:
        return
    t.take_from_hand(seat, uid)
    t.put(seat, uid, "sacrifice" if t.pub.turn % 3 == 0 else "discard")


def test_a_short_clock_gives_the_choir_the_turns_the_mission_asks_for(real):
    """House rule 37: the omens turned over from the clock are shuffled back when it runs out, so
    the clock lasts 16 + 6 a saint turns although the box had only about 20 omens for it; the table is
    told, without a card's name."""
    t, turns = run_out_the_clock(real, discard_or_sacrifice)
    assert turns == 16 + 6 * 6
    assert t.pub.coop is not None and t.pub.coop.clock_short == 0
    told = [e.text for e in t.events if e.kind == "clock" and e.audience == Audience.PUBLIC]
    stretched = [s for s in told if "back into a new clock" in s]
    assert stretched and "discard pile" in stretched[0] and "from the box" in stretched[0]
    names = {card.name for card in real.book.omens.values()}
    assert not any(name in s for s in told for name in names)


def test_a_stretched_clock_takes_no_card_still_in_play(real):
    """Omens kept in hand stay there: with every omen kept, the turns beyond the clock's omens are
    counted off without a card, and the clock still runs to the asked length."""
    t, turns = run_out_the_clock(real, lambda t, seat, uid: None)
    assert turns == 16 + 6 * 6
    told = [e.text for e in t.events if e.kind == "clock"]
    assert not any("back into a new clock" in s for s in told)
    drawn = 1 + sum("draws from the clock" in s for s in told)  # setup's draw is not in t.events
    assert drawn < 22 and sum("without a clock card" in s for s in told) == 52 - drawn


def test_a_stretched_clock_running_out_ends_the_mission_in_a_time_out(real):
    """Once the stretched clock has given every turn asked and is empty, the next turn times out and
    the choir loses, as the rulebook says of drawing from an empty clock."""
    t, turns = run_out_the_clock(real, discard_or_sacrifice)
    text = [e.text for e in t.events if e.audience == Audience.PUBLIC]
    assert turns == 16 + 6 * 6 and any("back into a new clock" in s for s in text)
    assert text.count("The clock is empty: the choir has timed out.") == 1
    assert [p.kind for p in t.pub.pending] == ["death"]


def test_no_card_is_in_two_places_at_any_moment_of_a_played_mission(real):
    """The co-op policy plays six saints through The Long Thaw, whose clock is stretched; after
    every command no card is in two places and none is over the box's copies."""
    from bot.sim.games import adapter as get_adapter

    book = real.book
    ad = get_adapter("apocrypha")
    policy = ad.all_policies()["coop"]
    for seed in (1, 3):
        rng = Rng.from_seed(seed)
        options = Options(mode="coop", mission="the_long_thaw", saints=choir(book, 6, seed, False))
        state = real.setup(options, 6, seed, {}).state
        stretched = False
        while real.result(state) is None:
            seat = ad.next_seat(real, state, real.waiting_for(state))
            out = real.apply(state, seat, policy(state, seat, real.legal_actions(state, seat), rng))
            state = out.state
            stretched |= any("back into a new clock" in e.text for e in out.events)
            assert two_places(state) == [] and over_the_box(real, state) == [], seed
        assert stretched, seed
