"""Co-op Mission End and between missions (between.py): the fragment display chosen in turn by the
saint it belongs to, then the choir rebuilding its decks by trading gifts, shortfalls filled from the
table before new Alpha gifts, and the records written from it."""

from __future__ import annotations

import pytest
from apoc_helpers import Game
from test_apoc_coop import FRANK, OPHELIA, ZEEZ, christmas, seal_step

from bot.engine.prng import Rng
from bot.games.apocrypha.cards import load_book
from bot.games.apocrypha.commands import Answer, EndTurn, Next, Offer, Play, SacrificeFragment, Seal, Take
from bot.games.apocrypha.rules import Apocrypha
from bot.games.apocrypha.saints import after_mission, deck_plan, new_record
from bot.games.apocrypha.state import card_id


@pytest.fixture(scope="module")
def real() -> Apocrypha:
    return Apocrypha(book=load_book())


def win(game: Game) -> None:
    """Ophelia seals the Chapel, the last nexus: the choir wins."""
    for key, nexus in game.pub.nexuses.items():
        if key != "chapel":
            nexus.sealed = True
    seal_step(game, "chapel")
    game.pub.coop.sanctify.auto_seal = True
    game.state.secret.nexus_decks["chapel"] = []
    game.do(OPHELIA, Seal())


def gifts_of(game: Game, seat: int, virtue: str) -> list[str]:
    return [g for g in game.state.players[seat].kept if game.rules.book.gifts[g].virtue == virtue]


def test_a_won_mission_asks_each_saint_in_turn_for_a_fragment(real):
    game = christmas(real)
    win(game)
    b = game.pub.between
    assert game.pub.outcome is None and game.pub.step == "over" and b.stage == "fragments"
    assert b.order == [OPHELIA, ZEEZ, FRANK]  # the saint who took the last turn, then to the left
    # The fragment on the back of the mission, then one fleeting fragment per saint.
    assert b.display[0] == "the_abandoned_house" and len(b.display) == 4
    assert [p.seat for p in game.pub.pending] == [OPHELIA] and game.pub.pending[0].kind == "fragment"
    assert real.waiting_for(game.state) == [OPHELIA]
    game.fails(ZEEZ, Answer(option=0), "waiting for")
    game.fails(OPHELIA, Next(), "The mission is over")
    first = b.display[0]
    game.do(OPHELIA, Answer(option=0))
    assert game.pub.between.picks[OPHELIA] == first and first not in game.pub.between.display
    assert game.pub.pending[0].seat == ZEEZ
    none = game.pub.pending[0].options.index("No fragment")
    game.do(ZEEZ, Answer(option=none))
    # Frank's question times out: the first option, the first fragment left.
    left = game.pub.between.display[0]
    assert real.timeout_command(game.state, FRANK) == Answer(option=0)
    game.do(FRANK, Answer(option=0))
    assert game.pub.between.picks == {OPHELIA: first, ZEEZ: "-", FRANK: left}
    assert game.pub.between.stage == "rebuild"
    assert sorted(p.seat for p in game.pub.pending) == [OPHELIA, ZEEZ, FRANK]


def test_a_faded_saint_may_give_the_fragment_up_to_avoid_the_death(real):
    game = christmas(real)
    game.pub.saints[OPHELIA].fading = True
    win(game)
    labels = game.pub.pending[0].options
    trade = next(i for i, label in enumerate(labels) if label.endswith("to avoid your death"))
    game.do(OPHELIA, Answer(option=trade))
    assert game.pub.between.picks[OPHELIA].startswith("trade:")
    record = new_record("ophelia_willows", real.book)
    after = after_mission(record, game.state, OPHELIA, real.book, Rng.from_seed(1), game.pub.between.picks[OPHELIA])
    assert after.deaths() == 0 and not after.fragments()


def rebuild(game: Game) -> None:
    win(game)
    while game.pub.between.stage == "fragments":
        seat = game.pub.pending[0].seat
        game.do(seat, Answer(option=game.pub.pending[0].options.index("No fragment")))


def test_trading_gifts_within_the_choir_and_shortfalls_filled_from_the_table_first(real):
    game = christmas(real)
    rebuild(game)
    b = game.pub.between
    # Ophelia trades a Body gift to Frank: she puts it down, he takes it.
    body = gifts_of(game, OPHELIA, "body")[0]
    game.fails(OPHELIA, Offer(gift="crowbar" if body != "crowbar" else "trauma_kit"), "You do not hold")
    game.fails(FRANK, Take(gift=body), "is not on the table")
    game.do(OPHELIA, Offer(gift=body))
    assert game.pub.between.table == [body]
    assert game.pub.between.held[OPHELIA]["body"] == b.needs[OPHELIA]["body"] - 1
    assert "1 Body short" in next(p.text for p in game.pub.pending if p.seat == OPHELIA)
    game.do(FRANK, Take(gift=body))
    assert game.pub.between.held[FRANK]["body"] == game.pub.between.needs[FRANK]["body"] + 1
    # Frank is done: his surplus Body gift goes on the table (the one taken last first).
    game.do(FRANK, Answer(option=0))
    assert game.pub.between.table == [body]
    game.fails(FRANK, Offer(gift=gifts_of(game, FRANK, "mind")[0]), "You are done rebuilding")
    game.do(ZEEZ, Answer(option=0))
    # Ophelia is done short of one Body gift: the table fills it before any new Alpha gift.
    game.do(OPHELIA, Answer(option=0))
    pub = game.pub
    assert pub.outcome == "won" and pub.between.stage == "done" and not pub.pending
    assert body in gifts_of(game, OPHELIA, "body") and pub.between.drawn[OPHELIA] == 0
    for seat in (OPHELIA, ZEEZ, FRANK):
        assert pub.between.held[seat] == pub.between.needs[seat]
    # The record is written from the rebuilt deck.
    record = new_record("ophelia_willows", real.book)
    after = after_mission(
        record, game.state, OPHELIA, real.book, Rng.from_seed(1), "-", list(game.state.players[OPHELIA].kept)
    )
    assert sorted(after.gifts) == sorted(game.state.players[OPHELIA].kept)


def test_a_shortfall_the_choir_cannot_fill_draws_a_new_alpha_gift(real):
    game = christmas(real)
    zeez = game.state.players[ZEEZ]
    soul = [u for u in zeez.hand if real.book.gifts.get(card_id(u)) and real.book.gifts[card_id(u)].virtue == "soul"]
    for uid in soul:  # Zeez lost his Soul gifts in hand back to the box
        zeez.hand.remove(uid)
    rebuild(game)
    short = game.pub.between.needs[ZEEZ]["soul"] - game.pub.between.held[ZEEZ]["soul"]
    assert short == len(soul) > 0
    for seat in (OPHELIA, ZEEZ, FRANK):
        game.do(seat, Answer(option=0))
    pub = game.pub
    assert pub.between.drawn[ZEEZ] == short and pub.between.held[ZEEZ] == pub.between.needs[ZEEZ]
    new = gifts_of(game, ZEEZ, "soul")[-short:]
    assert all(real.book.gifts[g].alpha for g in new)
    assert f"draws {short} new Alpha gift" in game.public_text()


def test_a_lost_mission_goes_straight_to_the_rebuild(real):
    game = christmas(real)
    game.state.secret.clock = []
    game.pub.clock_count = 0
    while game.pub.step != "end":
        game.do(OPHELIA, Next())
    game.do(OPHELIA, EndTurn())  # Zeez's turn starts on an empty clock: time out
    assert game.pub.pending[0].kind == "death"
    game.do(game.pub.pending[0].seat, Answer(option=0))
    assert game.pub.between.stage == "rebuild" and not game.pub.between.display
    assert game.pub.outcome is None
    for seat in (OPHELIA, ZEEZ, FRANK):
        game.do(seat, Answer(option=0))
    assert game.pub.outcome == "lost"


def test_mission_end_choices_out_of_step_are_refused(real):
    game = christmas(real)
    game.fails(OPHELIA, Offer(gift="crowbar"), "only between missions")
    game.fails(OPHELIA, Take(gift="crowbar"), "only between missions")
    rebuild(game)
    game.fails(OPHELIA, Offer(gift="no such thing"), "no gift called")


def test_a_saint_may_sacrifice_fragments_at_will_while_rebuilding(real):
    """The rulebook: saints may sacrifice any number of fragments between missions. A fragment that
    added a card to the deck (The Tale: a Soul gift) stops asking for it; a death cannot go this way."""
    game = christmas(real)
    game.pub.saints[OPHELIA].halo = {7: "the_tale", 1: "death", 3: "the_cutting_room"}
    game.fails(OPHELIA, SacrificeFragment(fragment="The Tale"), "only between missions")
    rebuild(game)
    b = game.pub.between
    soul = b.needs[OPHELIA]["soul"]
    # Her deck was built without The Tale's Soul gift (the halo was set after it), so she is short.
    assert "1 Soul short" in next(p.text for p in game.pub.pending if p.seat == OPHELIA)
    forget = [a for a in real.legal_actions(game.state, OPHELIA) if isinstance(a, SacrificeFragment)]
    assert sorted(a.fragment for a in forget) == ["the_cutting_room", "the_tale"]
    game.fails(OPHELIA, SacrificeFragment(fragment="Death"), "a death stays in your halo")
    game.fails(OPHELIA, SacrificeFragment(fragment="The Tech"), "is not a fragment in your halo")
    game.fails(ZEEZ, SacrificeFragment(fragment="The Tale"), "is not a fragment in your halo")
    game.do(OPHELIA, SacrificeFragment(fragment="The Tale"))
    b = game.pub.between
    assert b.sacrificed[OPHELIA] == ["the_tale"] and b.needs[OPHELIA]["soul"] == soul - 1
    assert "sacrifices the fragment The Tale" in game.public_text()
    mine = next(p for p in game.pub.pending if p.seat == OPHELIA)
    assert mine.data["fragments"] == ["the_cutting_room"] and "complete" in mine.text
    game.fails(OPHELIA, SacrificeFragment(fragment="the_tale"), "is not a fragment in your halo")
    # The timeout answers Done and sacrifices nothing more; after Done the halo is settled.
    assert real.timeout_command(game.state, OPHELIA) == Answer(option=0)
    game.do(OPHELIA, Answer(option=0))
    game.fails(OPHELIA, SacrificeFragment(fragment="The Cutting Room"), "You are done rebuilding")
    for seat in (ZEEZ, FRANK):
        game.do(seat, Answer(option=0))
    assert game.pub.outcome == "won"
    b = game.pub.between
    kept = list(game.state.players[OPHELIA].kept)
    record = new_record("ophelia_willows", real.book)
    after = after_mission(record, game.state, OPHELIA, real.book, Rng.from_seed(1), "-", kept, b.sacrificed[OPHELIA])
    assert set(after.halo.values()) == {"death", "the_cutting_room"}
    assert sum(real.book.gifts[g].virtue == "soul" for g in after.gifts) == soul - 1


def test_christmas_in_candlepoint_rewards_the_abandoned_house(real):
    """The rulebook's worked Mission End: the fragment on the back of Christmas in Candlepoint, The
    Abandoned House, is on display beside a fleeting fragment per saint. Whoever takes it keeps it: it
    adds an omen to their deck and lets them examine the top card of their nexus at each Support step.
    While a saint of the choir holds it, it is not on display again."""
    book = real.book
    house = book.fragments["the_abandoned_house"]
    assert real.book.missions["christmas_in_candlepoint"].back_fragment == house.id and not house.fleeting
    game = christmas(real)
    win(game)
    game.do(OPHELIA, Answer(option=game.pub.pending[0].options.index("Take The Abandoned House")))
    assert game.pub.between.picks[OPHELIA] == house.id
    record = after_mission(new_record("ophelia_willows", book), game.state, OPHELIA, book, Rng.from_seed(1), house.id)
    assert house.id in record.halo.values()
    plain = new_record("ophelia_willows", book)
    assert deck_plan(record, book)["omen"] == deck_plan(plain, book)["omen"] + 1
    # The next Christmas: Ophelia brings it, so the display holds only fleeting fragments, none held.
    again = christmas(real, seed=4)
    again.pub.saints[OPHELIA].halo = {7: "the_abandoned_house", 1: "the_cutting_room"}
    win(again)
    display = again.pub.between.display
    assert house.id not in display and "the_cutting_room" not in display and len(display) == 3
    # Its power: at the Support step, examine the top card of your nexus.
    game = christmas(real)
    game.pub.saints[OPHELIA].halo = {7: "the_abandoned_house"}
    while game.pub.step != "support":
        game.do(OPHELIA, Next())
    top = game.state.secret.nexus_decks["chapel"][0]
    assert Play(card="the_abandoned_house") in real.legal_actions(game.state, OPHELIA)
    events = game.do(OPHELIA, Play(card="the_abandoned_house"))
    told = [e.text for e in events if e.seat == OPHELIA and e.kind == "examine"]
    assert told == [f"On top of the nexus: {real.book.card(card_id(top)).name}."]
    assert Play(card="the_abandoned_house") not in real.legal_actions(game.state, OPHELIA)  # once a step
