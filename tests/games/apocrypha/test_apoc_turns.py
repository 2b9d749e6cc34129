"""Turn steps, investigations, transfer, reset, costs and bad input from saints."""

from __future__ import annotations

from apoc_helpers import guided

from bot.engine.seats import GUIDE
from bot.games.apocrypha.commands import (
    Answer,
    Attempt,
    EndTurn,
    Give,
    Investigate,
    Keep,
    Move,
    Next,
    Play,
    PrepareNexus,
    Present,
    Roll,
    SetDice,
    StackNexus,
    StartTurn,
)
from bot.games.apocrypha.rules import Options, plan_matches
from bot.games.apocrypha.saints import new_record
from bot.games.apocrypha.state import card_id


def test_setup_builds_decks_from_virtues_and_draws_hands(rules, book):
    records = {0: new_record("ophelia_willows", book), 1: new_record("frank_block", book)}
    out = rules.setup(Options(mode="guided", saints=records), 2, 3, {"guide": True})
    state = out.state
    for seat, record in records.items():
        assert plan_matches(state, book, seat, record)
        assert len(state.players[seat].hand) == book.saints[record.saint_id].hand_size
    # Ophelia: 2 Body, 3 Mind, 2 Rage, 4 Soul gifts and 4 omens = 15 cards.
    assert len(state.players[0].hand) + len(state.secret.decks[0]) == 15


def test_a_fragment_adds_cards_to_the_deck(rules, book):
    record = new_record("ophelia_willows", book)
    record.halo = {3: "the_tale"}  # The Tale adds one Soul gift
    out = rules.setup(Options(mode="guided", saints={0: record}), 1, 3, {"guide": True})
    assert plan_matches(out.state, book, 0, record)
    assert len(out.state.players[0].hand) + len(out.state.secret.decks[0]) == 16


def test_guided_mode_needs_a_guide(rules):
    try:
        rules.setup(Options(mode="guided"), 1, 1, {"guide": False})
    except Exception as exc:  # GameError
        assert "guide" in str(exc)
    else:
        raise AssertionError("guided mode without a guide was accepted")


def test_the_six_steps_in_order(rules):
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    seen = [game.pub.step]
    for _ in range(3):
        game.do(0, Next())
        seen.append(game.pub.step)
    assert seen == ["start", "support", "investigate", "transfer"]  # the nexus is not empty: no Sanctify
    game.do(0, Next())
    assert game.pub.step == "end"
    game.do(0, Next())
    assert game.pub.active is None and game.pub.step == "setup"


def test_sanctify_when_the_nexus_is_empty_and_sealing(rules):
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Next())
    assert game.pub.step == "sanctify"
    from bot.games.apocrypha.commands import Seal

    game.do(0, Seal())
    assert game.pub.nexuses["main_street"].sealed
    assert game.pub.saints[0].nexus is None and game.pub.step == "transfer"


def test_saint_acting_outside_their_turn_or_step(rules):
    game = guided(rules, ["ophelia_willows", "frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.fails(1, Next(), "turn")
    omen = next(
        u for u in game.state.players[0].hand + game.hand_of(0, "bad_news") if card_id(u) == "bad_news"
    )
    game.fails(0, Investigate(omen=omen), "Investigate step")
    game.fails(0, Move(nexus="main_street"), "Transfer")
    game.fails(GUIDE, Next(), "saint")


def test_a_card_used_twice_in_a_step(rules):
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt", "strix"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(0, Next())  # support
    game.do(0, Play(card="saint"))  # Ophelia examines the top card
    game.fails(0, Play(card="saint"), "already used")
    assert "Gaunt" in [e.text for e in game.events if e.seat == 0][-1]


def test_investigate_with_an_omen_orients_the_nexus_and_draws_omens(rules):
    game = guided(rules, ["frank_block"], side="doom")
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["the_hookup", "streetsweeper"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (hookup,) = game.hand_of(0, "the_hookup")
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Investigate(omen=hookup))
    assert game.pub.nexuses["main_street"].side == "hope"
    assert any(card_id(u) == "the_hookup" for u in game.state.players[0].hand)  # the flipped omen was drawn
    assert card_id(game.pub.confront.card) == "streetsweeper"
    game.fails(0, Investigate(omen=game.state.players[0].hand[0]), "confrontation")


def test_omen_conditions_last_the_investigate_step(rules):
    game = guided(rules, ["frank_block"], side="hope")
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["streetsweeper"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (poverty,) = game.hand_of(0, "poverty")
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Investigate(omen=poverty))
    assert game.pub.nexuses["main_street"].side == "doom"
    game.do(0, Next())
    game.do(0, Next())
    from bot.games.apocrypha.commands import Attempt, Keep, Roll

    game.do(0, Attempt(virtue="rage"))
    game.dice(6, 5, 4, 3, 2, 1)
    game.do(0, Roll())
    game.do(0, Keep())
    # Poverty trashed the highest die vs. a gift: 5 + 4 + 3 are kept, not the 6.
    assert "keeps 5, 4, 3 for 12" in game.public_text()
    game.do(0, Next())
    assert game.pub.modifiers == []


def test_investigating_without_an_omen_needs_an_investigation(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(0, Next())
    game.do(0, Next())
    game.fails(0, Investigate(), "omen")


def test_avoid_with_banhammer_sacrifices_a_gift_and_investigates_again(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["yankee_clipper", "gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    ban, omen = game.hand_of(0, "banhammer", "bad_news")
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Investigate(omen=omen))
    game.do(0, Play(card=ban))
    assert game.pub.confront is None and game.pub.investigations == 1
    assert game.state.secret.decks[0][0] == ban  # reloaded on top of the deck
    game.do(0, Investigate())
    assert card_id(game.pub.confront.card) == "gaunt"


def test_examine_and_reload_in_any_order(rules):
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt", "strix", "reaper"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (para,) = game.hand_of(0, "parasight")
    game.do(0, Next())
    game.do(0, Play(card=para))
    top = list(game.state.secret.nexus_decks["main_street"][:2])
    assert game.rules.waiting_for(game.state) == [0]
    game.fails(0, Next(), "answer")
    game.fails(0, Answer(order=[top[0]]), "exactly")
    game.do(0, Answer(order=[top[1], top[0]]))
    assert game.state.secret.nexus_decks["main_street"][:2] == [top[1], top[0]]


def test_move_or_give_not_both(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, PrepareNexus(nexus="chapel", reveal=True))
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    for _ in range(3):
        game.do(0, Next())
    assert game.pub.step == "transfer"
    card = game.state.players[0].hand[0]
    game.do(0, Give(card=card, to=1))
    assert card in game.state.players[1].hand
    game.fails(0, Move(nexus="chapel"), "gave")
    game2 = guided(rules, ["frank_block", "dr_zeez"])
    game2.do(GUIDE, PrepareNexus(nexus="chapel", reveal=True))
    game2.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
    game2.do(GUIDE, StartTurn(seat=0, draw=False))
    for _ in range(3):
        game2.do(0, Next())
    game2.do(0, Move(nexus="chapel"))
    game2.fails(0, Give(card=game2.state.players[0].hand[0], to=1), "moved")
    game2.fails(0, Move(nexus="main_street"), "already moved")


def test_give_only_to_a_saint_at_your_nexus(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    game.do(GUIDE, PrepareNexus(nexus="chapel", reveal=True))
    game.state.public.saints[1].nexus = "chapel"
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    for _ in range(3):
        game.do(0, Next())
    game.fails(0, Give(card=game.state.players[0].hand[0], to=1), "your nexus")


def test_reset_discards_recycles_extras_and_draws(rules):
    game = guided(rules, ["frank_block"], side="hope")  # Main Street's Doom side would deal damage at End
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    hand = game.hand_of(
        0, "reaper", "bruiser", "scrapbook", "banhammer", "yankee_clipper", "parasight", "trauma_kit"
    )
    game.do(0, EndTurn(discard=[hand[0]], recycle=[hand[1]]))
    state = game.state
    assert len(state.players[0].hand) == 4  # Frank's hand size
    assert hand[0] in state.public.saints[0].discard
    # The named extra is recycled to the bottom first, then the card held longest.
    assert state.secret.decks[0][-2:] == [hand[1], hand[2]]


def test_reset_draws_up_and_fades_on_an_empty_deck(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.state.secret.decks[0] = []
    game.state.players[0].hand = game.state.players[0].hand[:1]
    game.do(0, EndTurn())
    assert game.pub.saints[0].fading
    assert "fading" in game.public_text()


def test_cost_hierarchy_love_battery_and_zeez_lower_prayer_wheel_to_reload(rules):
    # The rulebook: Zeez's power and a slotted Love Battery each lower the heal cost: recycle -> reload.
    game = guided(rules, ["dr_zeez", "ophelia_willows"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    battery, wheel = game.hand_of(0, "love_battery", "prayer_wheel")
    discards = game.hand_of(1, "reaper", "bruiser", "scrapbook")
    for uid in discards:
        game.state.players[1].hand.remove(uid)
        game.state.public.saints[1].discard.append(uid)
    game.do(0, Next())
    game.do(0, Play(card=battery))
    assert battery in game.pub.saints[0].halo.values()
    game.do(0, Play(card=wheel, target=1))
    assert game.state.secret.decks[0][0] == wheel  # reloaded on top, not recycled
    assert len(game.pub.saints[1].discard) == 1  # two healed back into Ophelia's deck


def test_cost_lowering_stops_at_reload_and_raise_stops_at_sacrifice(rules):
    t = guided(rules, ["dr_zeez"]).t
    assert t.cost_place("recycle", 5) == "reload"
    assert t.cost_place("bury", -3) == "sacrifice"
    assert t.cost_place("bury", 1) == "discard"
    assert t.cost_place("slot", 2) == "slot"


def test_co_op_mission_with_the_clock_driving_turns(rules):
    out = rules.setup(Options(mode="coop", mission="corner_the_troll"), 2, 11, {})
    game_state = out.state
    pub = game_state.public
    assert pub.active == 0 and pub.step == "start"
    assert pub.clock_count == 7  # eight omens, one drawn for the first turn
    assert set(pub.nexuses) == {"main_street", "chapel"}  # the Motel is for 3+ saints
    assert all(v.nexus == "main_street" for v in pub.saints.values())
    from apoc_helpers import Game

    game = Game(rules, game_state, out.events)
    for _ in range(4):
        game.do(0, Next())
    game.do(0, EndTurn())
    assert game.pub.active == 1 and game.pub.clock_count == 6


def test_co_op_time_out_loses(rules):
    out = rules.setup(Options(mode="coop", mission="corner_the_troll"), 1, 11, {})
    from apoc_helpers import Game

    game = Game(rules, out.state, out.events)
    game.state.secret.clock = []
    for _ in range(4):
        game.do(0, Next())
    game.do(0, EndTurn())
    assert game.pub.verdict() == "lost"
    assert game.rules.result(game.state).startswith("The choir loses")
    assert game.pub.saints[0].mission_deaths == 1


def test_present_then_win_gift_goes_to_hand(rules):
    game = guided(rules, ["frank_block"], side="hope")
    game.do(GUIDE, Present(seat=0, card="yankee_clipper"))
    assert game.pub.confront.card not in game.state.secret.origins


def test_main_street_doom_deals_body_damage_at_end(rules):
    game = guided(rules, ["frank_block"], side="doom")
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    hand = game.hand_of(0, "reaper", "bruiser", "scrapbook")
    game.do(0, EndTurn())
    assert hand[1] in game.pub.saints[0].discard  # the Body gift goes first


def test_a_slotted_threat_returns_when_the_hand_is_empty(rules):
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["strix"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    sack, other = game.hand_of(0, "wickety_wack_sack", "reaper")
    game.do(GUIDE, Present(seat=0, nexus="main_street"))
    strix = game.pub.confront.card
    game.do(0, Next())  # initiate
    game.do(0, Play(card=sack))
    assert game.pub.confront is None and strix in game.pub.saints[0].halo.values()
    game.state.players[0].hand.remove(other)
    game.state.secret.decks[0].append(other)
    game.do(0, Next())  # any command: the hand is empty now
    assert strix in game.state.secret.nexus_decks["main_street"]
    assert sack in game.pub.saints[0].discard and game.pub.holds == []


def test_a_slotted_sack_is_not_played_again_from_the_halo(rules):
    """Its power slots it from the hand; from the halo it would hold a second threat (House rule 21)."""
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["strix", "strix"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    sack, _ = game.hand_of(0, "wickety_wack_sack", "reaper")  # a card left keeps the first Strix held
    game.do(GUIDE, Present(seat=0, nexus="main_street"))
    game.do(0, Next())  # initiate
    game.do(0, Play(card=sack))
    game.do(GUIDE, Present(seat=0, nexus="main_street"))
    game.do(0, Next())  # initiate against the second Strix
    assert not [a for a in rules.legal_actions(game.state, 0) if getattr(a, "card", None) == sack]
    game.fails(0, Play(card=sack), "already slotted")
    assert [h.holder for h in game.pub.holds] == [sack] and game.pub.confront is not None


def test_a_threat_held_by_the_sack_has_no_power_over_its_holder(rules):
    """A slotted threat waits in the halo; it is not the saint's card (House rule 21): a held
    Door-Slammer does not flip the dice of the holder's next check."""
    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    sack, _ = game.hand_of(0, "wickety_wack_sack", "reaper")  # a card left keeps the threat held
    game.do(GUIDE, Present(seat=0, card="door_slammer"))
    game.do(0, Next())  # initiate
    game.do(0, Play(card=sack))
    (hold,) = game.pub.holds
    assert card_id(hold.card) == "door_slammer" and hold.card in game.pub.saints[0].halo.values()
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(0, Next())  # initiate
    game.do(0, Next())  # act
    game.do(0, Attempt(virtue="rage"))
    game.do(GUIDE, SetDice(values=[1, 1]))
    game.do(0, Roll())
    assert not [a for a in rules.legal_actions(game.state, 0) if getattr(a, "card", None) == hold.card]
    game.fails(0, Play(card=hold.card), "only held in your halo")
    events = game.do(0, Keep())
    assert "keeps 1, 1 for 2. Failure" in "\n".join(e.text for e in events)


def test_a_copy_slotted_away_by_the_sack_ceases_and_the_sack_waits_alone(rules):
    """A copy goes nowhere once confronted (copies.py), so the Sack cannot hold it in the halo."""
    from bot.games.apocrypha import copies

    game = guided(rules, ["ophelia_willows"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    sack, other = game.hand_of(0, "wickety_wack_sack", "reaper")
    copies.confront_copy(game.t, 0, "strix", None)
    game.do(0, Next())  # initiate
    events = game.do(0, Play(card=sack))
    assert game.pub.confront is None and list(game.pub.saints[0].halo.values()) == [sack]
    assert [(h.holder, h.card) for h in game.pub.holds] == [(sack, None)]
    assert any("ceases to exist" in e.text for e in events)
    game.state.players[0].hand.remove(other)
    game.state.secret.decks[0].append(other)
    game.do(0, Next())  # any command: the hand is empty now
    assert sack in game.pub.saints[0].discard and game.pub.holds == [] and not game.pub.saints[0].halo


def test_a_required_payment_makes_the_power_unplayable(rules, book):
    from bot.games.apocrypha.effects import validate_blocks

    validate_blocks([{"op": "discard", "n": 1, "required": True}], "test")
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    from bot.games.apocrypha.cards import Power
    from bot.games.apocrypha.context import Ctx
    from bot.games.apocrypha.effects import BOOK

    game.state.players[0].hand = []
    power = Power(timing="support", effects=[{"op": "discard", "required": True}], text="Pay.")
    import pytest

    from bot.engine.errors import GameError

    with pytest.raises(GameError, match="need 1 matching"):
        BOOK.run(Ctx(game.t, 0, [0], "saint", power, Play(card="saint")), power.effects)


def test_a_halo_power_on_a_check_must_point_at_the_checking_saint(rules):
    from bot.games.apocrypha.commands import Attempt, Roll

    game = guided(rules, ["ophelia_willows", "frank_block"])
    lantern = game.t.new_instance("the_lantern")
    game.state.public.saints[0].halo[3] = lantern  # left column: points at the saint on her left, Frank
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    game.do(GUIDE, Present(seat=0, card="strix"))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Attempt(virtue="rage"))
    game.dice(1, 1, 1)
    game.do(0, Roll())
    game.fails(0, Play(card=lantern, target=0), "does not point")
    game.fails(0, Play(card=lantern, target=1), "not checking")
    game2 = guided(rules, ["ophelia_willows", "frank_block"])
    lantern = game2.t.new_instance("the_lantern")
    game2.state.public.saints[0].halo[3] = lantern
    game2.do(GUIDE, StartTurn(seat=1, draw=False))
    game2.do(GUIDE, Present(seat=1, card="strix"))
    game2.do(1, Next())
    game2.do(1, Next())
    game2.do(1, Attempt(virtue="rage"))
    game2.dice(*[1] * 6)
    game2.do(1, Roll())
    game2.do(0, Play(card=lantern, target=1))  # a fragment is played by its owner in another's check
    assert game2.pub.check.granted_rerolls == 2 and lantern not in game2.pub.saints[0].halo.values()


def test_confronted_to_sends_a_won_gift_elsewhere(rules):
    game = guided(rules, ["frank_block"], side="hope")
    game.do(GUIDE, Present(seat=0, card="reaper"))
    from bot.games.apocrypha.context import Ctx

    Ctx(game.t, 0, [0]).confronted_to("recycle")
    from bot.games.apocrypha import investigate

    uid = game.pub.confront.card
    investigate.terminate(game.t, True)
    assert game.state.secret.decks[0][-1] == uid


def test_required_roles(rules):
    assert rules.required_roles(Options(mode="guided")) == ["guide"]
    assert rules.required_roles(Options(mode="coop")) == []


def test_leaving_act_without_a_check_loses(rules):
    game = guided(rules, ["frank_block"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["reaper"]))
    game.do(GUIDE, Present(seat=0, nexus="main_street"))
    game.do(0, Next())
    game.do(0, Next())
    game.do(0, Next())
    assert game.pub.confront is None and "makes no check and so loses" in game.public_text()
    assert game.state.secret.nexus_decks["main_street"] == []  # a lost gift goes back to the box


def test_co_op_is_won_by_sealing_every_nexus(rules):
    from apoc_helpers import Game

    from bot.games.apocrypha.commands import Seal

    out = rules.setup(Options(mode="coop", mission="corner_the_troll"), 1, 11, {})
    game = Game(rules, out.state, out.events)
    for key in game.state.secret.nexus_decks:
        game.state.secret.nexus_decks[key] = []
    for _ in range(3):
        game.do(0, Next())
    game.do(0, Seal())
    game.do(0, Move(nexus="chapel"))
    game.do(0, EndTurn())
    for _ in range(3):
        game.do(0, Next())
    assert game.pub.step == "sanctify"
    game.do(0, Seal())
    assert game.pub.verdict() == "won" and game.rules.result(game.state) is None
    game.do(0, Answer(option=0))  # a fragment from the display; a solo saint's deck rebuilds itself
    assert game.rules.result(game.state) == "The choir wins the mission."


def test_bury_fragment_as_a_required_payment(rules):
    import pytest

    from bot.engine.errors import GameError
    from bot.games.apocrypha.context import Ctx

    game = guided(rules, ["ophelia_willows"])
    ctx = Ctx(game.t, 0, [0], None, None, Play(card="saint"))
    with pytest.raises(GameError, match="fragment"):
        ctx.bury_fragment(1, required=True)
    frag = game.t.new_instance("the_cutting_room")
    game.state.public.saints[0].halo[1] = frag
    Ctx(game.t, 0, [0], None, None, Play(card="saint", cards=[frag])).bury_fragment(1, required=True)
    assert game.state.players[0].buried == [frag] and game.state.public.saints[0].halo == {}


def test_timeout_commands_move_the_game_on(rules):
    game = guided(rules, ["frank_block", "dr_zeez"])
    assert rules.timeout_command(game.state, 0) is None
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    assert isinstance(rules.timeout_command(game.state, 0), EndTurn)
    game.do(GUIDE, Present(seat=0, card="gladhander"))
    assert isinstance(rules.timeout_command(game.state, 0), Next)
    game.do(0, Next())
    game.do(0, Next())
    from bot.games.apocrypha.commands import AssistCheck, Attempt, Keep, Roll

    game.do(0, Attempt(virtue="mind"))
    game.do(1, AssistCheck(virtue="mind"))
    assert rules.timeout_command(game.state, 0) == Answer(option=1)
    game.do(0, rules.timeout_command(game.state, 0))
    assert isinstance(rules.timeout_command(game.state, 0), Roll)
    game.do(0, Roll())
    assert isinstance(rules.timeout_command(game.state, 0), Keep)


def test_who_may_play_a_power_that_affects_only_its_owner(rules):
    game = guided(rules, ["ophelia_willows", "frank_block"])
    game.do(GUIDE, StartTurn(seat=1, draw=False))
    game.do(1, Next())  # Frank's Support step
    game.fails(0, Play(card="saint"), "only the active saint")  # Ophelia's Support power is hers alone
    game.do(1, Next())
    game.do(1, Next())
    game.do(1, Next())
    game.do(1, EndTurn())
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    (bruiser,) = game.hand_of(1, "bruiser")
    mist = game.t.new_instance("the_sallow_mistlight")
    game.state.public.saints[1].halo[7] = mist
    game.do(1, Play(card=mist))  # no timing: usable at any moment, even on another's turn
    game.do(GUIDE, Present(seat=1, card="strix"))  # the guide makes Frank confront now
    game.do(1, Next())
    game.do(1, Next())
    from bot.games.apocrypha.commands import Attempt

    game.do(1, Attempt(virtue="rage"))
    game.do(1, Next())
    game.do(1, Play(card=bruiser))  # Frank is checking, so his own cards work
    assert game.pub.check.extra == {"body": 1}


def test_ines_marlowe_recycles_a_card_to_turn_her_nexus_to_hope():
    """The ninth saint: in her Investigate step Ines recycles a hand card of her choice to turn her
    nexus to its Hope side; the power is offered only then, and needs the card named."""
    from bot.games.apocrypha import RULES as rules

    game = guided(rules, ["ines_marlowe"])
    game.do(GUIDE, StackNexus(nexus="main_street", cards=["gaunt"]))
    game.do(GUIDE, StartTurn(seat=0, draw=False))
    assert game.pub.nexuses["main_street"].side == "doom"
    game.fails(0, Play(card="saint", cards=[game.state.players[0].hand[0]]), "investigate")
    game.do(0, Next())  # support
    game.do(0, Next())  # investigate
    offered = [a for a in rules.legal_actions(game.state, 0) if isinstance(a, Play) and a.card == "saint"]
    assert offered and all(len(a.cards) == 1 for a in offered)
    game.fails(0, Play(card="saint"), "")
    card = game.state.players[0].hand[0]
    game.do(0, Play(card="saint", cards=[card]))
    assert game.pub.nexuses["main_street"].side == "hope"
    assert card not in game.state.players[0].hand and game.state.secret.decks[0][-1] == card
