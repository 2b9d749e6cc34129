"""The shipped Apocrypha content in data/apocrypha: it loads, it is complete, and it keeps the rulebook's facts."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bot.games.apocrypha.cards import (
    CardBook,
    Fragment,
    Gift,
    Mission,
    Nexus,
    Omen,
    Power,
    Saint,
    Threat,
    all_powers,
    load_book,
)
from bot.games.apocrypha.effects import validate_blocks

DATA = Path(__file__).resolve().parents[3] / "data"

# Timings the engine runs mandatory powers in (the rest only make sense for powers a saint plays).
MANDATORY_TIMINGS = {
    "start", "support", "investigate", "sanctify", "transfer", "end", "move",
    "initiate", "act", "win", "lose", "assist", "assemble", "evaluate", "damage",
}  # fmt: skip


@pytest.fixture(scope="module")
def book() -> CardBook:
    return load_book(DATA)


def ops(power: Power) -> list[dict]:
    """The power's effect blocks, including those nested in `choose` options."""
    out = []
    for block in power.effects:
        out.append(block)
        for option in block.get("options", []):
            out += option
    return out


def by_name(cards: dict, name: str):
    found = [c for c in cards.values() if c.name == name]
    assert found, f"{name} is missing"
    return found[0]


def targets(card) -> dict[str, int]:
    return {t.virtue: t.number for t in card.targets}


def every_card(book: CardBook) -> list:
    cards = [c for kind in ("saints", "gifts", "threats", "omens", "fragments", "deaths", "nexuses", "missions")
             for c in getattr(book, kind).values()]  # fmt: skip
    for mission in book.missions.values():
        cards += mission.fragments
    return cards


# -- it loads and is big enough ---------------------------------------------------------------------
def test_counts_meet_the_issue(book: CardBook) -> None:
    assert len(book.saints) >= 9  # the issue asks for at least nine
    per_virtue = Counter(g.virtue for g in book.gifts.values())
    assert all(per_virtue[v] >= 12 for v in ("body", "mind", "rage", "soul")), per_virtue
    assert len(book.threats) >= 24
    assert len(book.omens) >= 30
    sides = Counter(o.side for o in book.omens.values())
    assert sides["hope"] >= 12 and sides["doom"] >= 12
    assert sum(f.fleeting for f in book.fragments.values()) >= 24
    assert len(book.deaths) >= 1
    costs = {p.cost for card in every_card(book) for _, p in all_powers(card)}
    assert {"sacrifice", "bury", "discard", "recycle", "shuffle", "reload"} <= costs
    passives = {
        b["op"]
        for card in every_card(book)
        for _, p in all_powers(card)
        if p.timing == "play"
        for b in p.effects
    }
    assert passives == {"lower_cost", "raise_cost"}
    assert len(book.nexuses) >= 12
    assert "taking_the_plunge" in book.missions


def test_ids_are_unique_across_every_kind(book: CardBook) -> None:
    ids = [c.id for c in every_card(book)] + list(book.mutations)
    assert len(ids) == len(set(ids))


def test_every_effect_block_validates(book: CardBook) -> None:
    checked = 0
    for card in every_card(book):
        for label, power in all_powers(card):
            validate_blocks(power.effects, f"{card.id} {label}")
            assert power.effects or power.hook, f"{card.id} {label} does nothing"
            checked += 1
    for mutation in book.mutations.values():
        for side in (mutation.vs_threat, mutation.other):
            for row in side.results:
                validate_blocks(row.effects, mutation.id)
    assert checked > 150


def test_no_text_is_empty(book: CardBook) -> None:
    for card in every_card(book):
        assert card.name.strip() and card.text.strip(), card.id
        for label, power in all_powers(card):
            assert power.text.strip(), f"{card.id} {label}"
    for mutation in book.mutations.values():
        assert mutation.text.strip()
        for side in (mutation.vs_threat, mutation.other):
            assert side.name.strip()
            assert all(row.text.strip() for row in side.results)
    for nexus in book.nexuses.values():
        assert nexus.guard.text.strip() and nexus.seal.text.strip()


# -- powers are usable the way the engine runs them -------------------------------------------------
def test_table_powers_are_mandatory_in_a_step_the_engine_runs(book: CardBook) -> None:
    table_powers: list[tuple[str, Power]] = []
    for kind in ("threats", "nexuses", "deaths"):
        for card in getattr(book, kind).values():
            for _, p in all_powers(card):
                if p.timing == "play":  # a passive cost changer on a slotted death
                    assert kind == "deaths" and {b["op"] for b in p.effects} <= {"raise_cost"}, card.id
                else:
                    table_powers.append((card.id, p))
    for omen in book.omens.values():
        table_powers += [(omen.id, p) for p in omen.during]
    for chapter in book.chapters.values():
        table_powers += [(chapter.id, p) for p in chapter.powers]
    for card_id, power in table_powers:
        if power.timing == "always":  # a standing ruling of the golden rules
            assert {b["op"] for b in power.effects} <= {"may", "cannot", "never", "set"}, card_id
            continue
        assert power.timing in MANDATORY_TIMINGS, (card_id, power.timing)
        # The one exception: a threat power whose amount the confronting saint chooses (Gryla's gift
        # of cards) is optional, and the engine lets that saint play it.
        if card_id in book.threats and power.effects[0]["op"] == "give_from_deck":
            assert not power.mandatory and power.timing == "initiate" and power.who == "nexus"
        else:
            assert power.mandatory, card_id


def test_powers_that_apply_by_themselves_never_ask_for_chosen_dice(book: CardBook) -> None:
    # Nobody is asked which dice a mandatory power picks, so those use highest/lowest/all or grant rerolls.
    for card in every_card(book):
        for label, power in all_powers(card):
            if power.mandatory:
                assert all(b.get("which") != "chosen" for b in ops(power)), f"{card.id} {label}"
    for mutation in book.mutations.values():
        for side in (mutation.vs_threat, mutation.other):
            for row in side.results:
                assert all(b.get("which") != "chosen" for b in row.effects), mutation.id


def test_powers_against_a_card_are_timed_inside_a_confrontation(book: CardBook) -> None:
    confront_timings = {"avoid", "initiate", "act", "assist", "assemble", "evaluate", "win", "lose", "damage"}
    for card in every_card(book):
        for label, power in all_powers(card):
            if power.vs in ("gift", "threat", "true_threat", "mutated") or power.vs_keyword:
                assert power.timing in confront_timings, f"{card.id} {label}"


LOSE_OPS = {"sacrifice", "bury", "discard", "recycle", "shuffle", "reload"}


def test_cards_lost_to_a_power_that_applies_by_itself_are_random_and_say_so(book: CardBook) -> None:
    rows: list[tuple[str, str, list[dict]]] = []
    for card in every_card(book):
        rows += [(card.id, p.text, ops(p)) for _, p in all_powers(card) if p.mandatory]
    for mutation in book.mutations.values():
        for side in (mutation.vs_threat, mutation.other):
            rows += [(mutation.id, r.text, r.effects) for r in side.results]
    lost = 0
    for card_id, text, blocks in rows:
        for block in blocks:
            if block["op"] in LOSE_OPS:
                assert block.get("random") and "random" in text, (card_id, text)
                lost += 1
    assert lost >= 10


def test_played_powers_are_played_not_passive(book: CardBook) -> None:
    for kind in ("saints", "gifts", "fragments"):
        for card in getattr(book, kind).values():
            for power in card.powers:
                if power.mandatory:
                    assert power.timing in MANDATORY_TIMINGS, card.id
                elif power.timing == "play":
                    assert {b["op"] for b in power.effects} <= {"lower_cost", "raise_cost"}, card.id
                elif power.timing == "damage":
                    # Played while the damage waits, so it must act on that damage.
                    damage_ops = {"reduce_damage", "prevent_damage", "bury_damage", "increase_damage"}
                    assert {b["op"] for b in power.effects} <= damage_ops, card.id


def test_fleeting_fragments_are_sacrificed_when_played(book: CardBook) -> None:
    fragments: list[Fragment] = list(book.fragments.values()) + book.missions["taking_the_plunge"].fragments
    for fragment in fragments:
        for power in fragment.powers:
            assert (power.cost == "sacrifice") == fragment.fleeting, fragment.id


def test_gifts_of_a_virtue_use_targets_and_keywords(book: CardBook) -> None:
    for gift in book.gifts.values():
        assert 1 <= len(gift.targets) <= 2, gift.id
        assert gift.keywords.skills, f"{gift.id} has no skill keyword"
        assert gift.keywords.traits, f"{gift.id} has no trait keyword"
        assert gift.powers, gift.id
    for threat in book.threats.values():
        assert threat.keywords.skills and threat.keywords.traits, threat.id
        assert threat.powers, threat.id


# -- saints -----------------------------------------------------------------------------------------
def test_saints_alpha_lists_build_a_starting_deck(book: CardBook) -> None:
    for saint in book.saints.values():
        assert sum(v.value for v in saint.virtues) == 11, saint.id
        gifts = [book.gifts[g] for g in saint.alpha_gifts]  # a KeyError names a missing gift
        assert all(g.alpha for g in gifts), saint.id
        per_virtue = Counter(g.virtue for g in gifts)
        for v in saint.virtues:
            assert per_virtue[v.virtue] == v.value, (saint.id, v.virtue)
        assert saint.powers and saint.skills, saint.id


def test_saint_powers_that_pay_with_a_hand_card_require_it(book: CardBook) -> None:
    paying = 0
    for saint in book.saints.values():
        for power in saint.powers:
            for block in power.effects:
                if block["op"] in LOSE_OPS:
                    assert block.get("required"), saint.id
                    paying += 1
    assert paying >= 5


def test_frank_block_as_the_rulebook_plays_him(book: CardBook) -> None:
    frank = by_name(book.saints, "Frank Block")
    assert {v.virtue: v.value for v in frank.virtues} == {"rage": 4, "body": 3, "mind": 3, "soul": 1}
    assert frank.skills["strike"] == 2 and frank.skills["sense"] == 1
    assert frank.hand_size == 4


def test_dr_zeez_as_the_rulebook_plays_the_doctor(book: CardBook) -> None:
    zeez = by_name(book.saints, "Dr. Zeez")
    assert zeez.title == "Necrosurgeon" and zeez.hand_size == 6
    # Mind 4 on top: assists Frank at the same nexus with four rerolls.
    assert zeez.at("top").virtue == "mind" and zeez.value("mind") == 4
    # After The Fainting Spell puts Ophelia on Zeez's left, Zeez assists her Soul check with 3 rerolls;
    # before it (Ophelia on Zeez's right) Zeez could not.
    assert zeez.at("left").virtue == "soul" and zeez.value("soul") == 3
    assert zeez.at("right").virtue != "soul"
    assert zeez.skills["resist"] == 2
    passive = [p for p in zeez.powers if p.timing == "play"]
    assert passive and passive[0].effects == [{"op": "lower_cost", "steps": 1, "uses": "heal"}]


def test_ophelia_willows_as_the_rulebook_plays_her(book: CardBook) -> None:
    ophelia = by_name(book.saints, "Ophelia Willows")
    assert ophelia.title == "Karmacologist"
    values = {v: ophelia.value(v) for v in ("body", "mind", "rage", "soul")}
    assert values == {"body": 2, "mind": 3, "rage": 2, "soul": 4}
    assert ophelia.hand_size == 6 and ophelia.omens == 4
    assert ophelia.skills["conjure"] == 1


def dice_for(saint: Saint, virtue: str, card, extra_bonus: int = 0) -> int:
    """Dice a saint assembles: the virtue's dice plus the best matching skill's bonus dice."""
    skill = max((saint.skills.get(s, 0) for s in card.keywords.skills), default=0)
    return saint.value(virtue) + skill + extra_bonus


def test_worked_examples_assemble_the_rulebooks_dice(book: CardBook) -> None:
    frank = by_name(book.saints, "Frank Block")
    zeez = by_name(book.saints, "Dr. Zeez")
    ophelia = by_name(book.saints, "Ophelia Willows")
    main_street = by_name(book.nexuses, "Main Street")
    hope_bonus = sum(b["n"] for p in main_street.hope.powers if p.vs == "gift" for b in p.effects
                     if b["op"] == "add_dice" and b["virtue"] == "bonus")  # fmt: skip
    # Frank vs. Streetsweeper on Main Street's Hope side: four Rage dice and three bonus dice.
    assert dice_for(frank, "rage", by_name(book.gifts, "Streetsweeper"), hope_bonus) == 7
    # Frank vs. Gladhander: only Gallowglasses' Sense adds a bonus die, not the threat's own keywords.
    assert dice_for(frank, "mind", by_name(book.threats, "Gladhander")) == 3
    assert "sense" in by_name(book.gifts, "Gallowglasses").keywords.skills
    # Zeez vs. Psychic Surgeon: four Mind dice and two bonus dice from Resist.
    assert dice_for(zeez, "mind", by_name(book.gifts, "Psychic Surgeon")) == 6
    # Ophelia vs. Door-Slammer and vs. Gryla: four Soul dice and one Conjure die.
    assert dice_for(ophelia, "soul", by_name(book.threats, "Door-Slammer")) == 5
    assert dice_for(ophelia, "soul", by_name(book.threats, "Gryla")) == 5


# -- gifts ------------------------------------------------------------------------------------------
RULEBOOK_GIFTS = [
    "Streetsweeper", "Banhammer", "Tail Gunner", "Grifter", "Wickety Wack Sack", "Magic Mason Jar",
    "Parasight", "Gallowglasses", "Scrapbook", "Reaper", "Yankee Clipper", "Wolfram Cube", "Trauma Kit",
    "Keyhole Necklace", "Demon Key", "Psychic Surgeon", "Love Battery", "Prayer Wheel", "Worry Beads",
    "Bruiser", "Muscle Memory", "Mr. Bear", "Switchblade", "Bones", "Mme. Roux's Elixir", "Argentines",
    "Extra Razor Blades",
]  # fmt: skip


@pytest.mark.parametrize("name", RULEBOOK_GIFTS)
def test_rulebook_gift_is_in_the_box(book: CardBook, name: str) -> None:
    assert isinstance(by_name(book.gifts, name), Gift)


def test_rulebook_gift_facts(book: CardBook) -> None:
    g = lambda name: by_name(book.gifts, name)  # noqa: E731
    assert targets(g("Streetsweeper")) == {"rage": 9, "body": 12} and g("Streetsweeper").virtue == "rage"
    assert "strike" in g("Streetsweeper").keywords.skills
    assert targets(g("Psychic Surgeon")) == {"mind": 16, "soul": 17}
    assert {"ally", "relic"} <= set(g("Psychic Surgeon").keywords.traits)
    for name, virtue in [("Banhammer", "rage"), ("Tail Gunner", "rage"), ("Grifter", "soul"),
                         ("Wickety Wack Sack", "soul"), ("Keyhole Necklace", "soul"), ("Demon Key", "soul"),
                         ("Love Battery", "soul"), ("Prayer Wheel", "mind"), ("Scrapbook", "mind"),
                         ("Gallowglasses", "mind"), ("Bones", "mind"), ("Bruiser", "body"),
                         ("Muscle Memory", "body"), ("Reaper", "rage"), ("Yankee Clipper", "rage"),
                         ("Switchblade", "rage")]:  # fmt: skip
        assert g(name).virtue == virtue, name
    assert g("Bones").alpha and not g("Psychic Surgeon").alpha and not g("Streetsweeper").alpha


def power_with(card, op: str) -> Power:
    found = [p for _, p in all_powers(card) if op in [b["op"] for b in ops(p)]]
    assert found, f"{card.name} has no power using {op}"
    return found[0]


def test_rulebook_gift_powers(book: CardBook) -> None:
    g = lambda name: by_name(book.gifts, name)  # noqa: E731
    # Magic Mason Jar: recycled in Support to examine the nexus.
    p = power_with(g("Magic Mason Jar"), "examine")
    assert (p.timing, p.cost) == ("support", "recycle")
    # Parasight: discarded to examine two cards and put them back in any order.
    p = power_with(g("Parasight"), "examine")
    assert p.cost == "discard" and p.effects[0]["n"] == 2 and p.effects[0]["reorder"]
    # Banhammer: reloaded to avoid; an avoided gift is sacrificed and you investigate again.
    p = power_with(g("Banhammer"), "avoid")
    assert (p.timing, p.cost, p.vs) == ("avoid", "reload", "gift")
    assert p.effects[0]["gift"] == "sacrifice" and p.effects[0]["again"]
    # Grifter: recycled to give a card.
    assert power_with(g("Grifter"), "give").cost == "recycle"
    # Wickety Wack Sack: slots itself and the threat.
    assert power_with(g("Wickety Wack Sack"), "slot_self").effects[0]["with_confronted"]
    # Love Battery: slotted, lowers gift costs while slotted, discarded from the halo at End.
    assert power_with(g("Love Battery"), "lower_cost").timing == "play"
    assert power_with(g("Love Battery"), "unslot_self").timing == "end"
    # Prayer Wheel: recycled to heal two cards.
    p = power_with(g("Prayer Wheel"), "heal")
    assert p.cost == "recycle" and p.effects[0]["n"] == 2
    # Bruiser: recycled for a Body die; Muscle Memory: discarded to reroll the Body die.
    p = power_with(g("Bruiser"), "add_dice")
    assert p.cost == "recycle" and p.effects[0]["virtue"] == "body"
    p = power_with(g("Muscle Memory"), "reroll")
    assert p.cost == "discard" and p.effects[0]["colour"] == "body"
    # Wolfram Cube: recycled for a Body die against a mutated card.
    p = power_with(g("Wolfram Cube"), "add_dice")
    assert (p.cost, p.vs, p.effects[0]["virtue"]) == ("recycle", "mutated", "body")
    # Keyhole Necklace: sacrificed for +6 against an Ally gift.
    p = power_with(g("Keyhole Necklace"), "adjust_result")
    assert (p.cost, p.vs, p.vs_keyword, p.effects[0]["by"]) == ("sacrifice", "gift", "ally", 6)
    # Demon Key: discarded, buries a fragment, turns the nexus to Hope.
    p = power_with(g("Demon Key"), "bury_fragment")
    assert p.cost == "discard" and {"op": "orient", "side": "hope"} in p.effects
    assert p.effects[0]["required"]
    # Gallowglasses boosts.
    assert power_with(g("Gallowglasses"), "boost").cost == "discard"


def test_every_virtue_has_relic_gifts_for_the_manor(book: CardBook) -> None:
    relics = {g.virtue for g in book.gifts.values() if "relic" in g.keywords.traits}
    assert relics == {"body", "mind", "rage", "soul"}


# -- threats, omens, mutations ---------------------------------------------------------------------
RULEBOOK_THREATS = [
    "Strix", "Gladhander", "Gaunt", "Thing in the Basement", "Authorities", "Bushwhack", "Vector", "Bomb",
    "Gryla", "Yule Cat", "Door-Slammer", "Spoon-Licker", "Wendigo", "Bystander", "Helpless Child", "Snow Angel",
]  # fmt: skip


def test_rulebook_threats(book: CardBook) -> None:
    for name in RULEBOOK_THREATS:
        assert isinstance(by_name(book.threats, name), Threat)
    assert targets(by_name(book.threats, "Gladhander")) == {"mind": 15, "soul": 12}
    gryla = by_name(book.threats, "Gryla")
    assert gryla.rank == "master" and targets(gryla)["soul"] == 17
    assert power_with(gryla, "give_from_deck").effects[0] == {
        "op": "give_from_deck",
        "max": 3,
        "target_per_card": -1,
    }
    door = by_name(book.threats, "Door-Slammer")
    assert targets(door) == {"soul": 13}
    assert power_with(door, "flip").effects[0]["which"] == "all"
    spoon = power_with(by_name(book.threats, "Spoon-Licker"), "choose")
    assert [[b["op"] for b in o] for o in spoon.effects[0]["options"]] == [["discard_down_to"], ["lose"]]
    authorities = by_name(book.threats, "Authorities")
    assert {"charm", "study"} <= set(authorities.keywords.skills)
    assert any(p.timing == "win" for p in authorities.powers)
    assert "strike" in by_name(book.threats, "Thing in the Basement").keywords.skills
    for minion in ("Bystander", "Helpless Child", "Snow Angel"):
        assert by_name(book.threats, minion).rank == "minion"
    assert by_name(book.threats, "Wendigo").rank == "master"


def test_rulebook_omens(book: CardBook) -> None:
    o = lambda name: by_name(book.omens, name)  # noqa: E731
    assert isinstance(o("Righteous Anger"), Omen)
    assert (o("Righteous Anger").side, o("Poverty").side, o("The Hookup").side, o("Good Karma").side) == (
        "hope", "doom", "hope", "hope",
    )  # fmt: skip
    anger = o("Righteous Anger").during[0]
    assert (anger.vs, anger.effects) == ("threat", [{"op": "add_dice", "virtue": "bonus", "n": 1}])
    poverty = o("Poverty").during[0]
    assert (poverty.vs, poverty.effects[0]["op"], poverty.effects[0]["which"]) == ("gift", "trash", "highest")
    for omen in book.omens.values():
        assert omen.during, omen.id


def test_mutations(book: CardBook) -> None:
    names = {m.name for m in book.mutations.values()}
    wanted = {"Unseen", "Fiery", "Rock Solid", "Swarming", "Terrifying", "Rare", "Fragile", "Mooncalved"}
    assert wanted <= names
    unseen, fiery = book.mutations["unseen"], book.mutations["fiery"]
    # Rolling a 1 on Unseen makes Frank keep his lowest die.
    assert unseen.vs_threat.name == "Unseen"
    assert unseen.vs_threat.results[0].effects == [{"op": "keep_lowest", "n": 1}]
    # Rolling a 5 on Fiery makes every assisting saint recycle an Ally gift.
    row = fiery.vs_threat.results[4].effects[0]
    assert fiery.vs_threat.name == "Fiery"
    assert (row["op"], row["keyword"], row["who"]) == ("recycle", "ally", "assisters")
    for mutation in book.mutations.values():
        assert mutation.vs_threat.name != mutation.other.name, mutation.id
        assert any(r.effects for r in mutation.other.results), mutation.id


# -- fragments, deaths, nexuses ---------------------------------------------------------------------
def test_rulebook_fragments(book: CardBook) -> None:
    f = lambda name: by_name(book.fragments, name)  # noqa: E731
    for name in ("The Fainting Spell", "The Sallow Mistlight", "The Tale", "The Cutting Room",
                 "The Abandoned House", "The Afternoon Tea", "The Insider", "The Tech"):  # fmt: skip
        f(name)
    assert f("The Fainting Spell").powers[0].effects == [{"op": "swap_positions", "direction": "sides"}]
    assert f("The Sallow Mistlight").fleeting and power_with(f("The Sallow Mistlight"), "draw_buried")
    assert f("The Tale").deck == {"soul": 1} and not f("The Tale").fleeting
    for name in ("The Cutting Room", "The Afternoon Tea", "The Insider", "The Tech"):
        assert f(name).fleeting, name


def test_deaths_are_slottable_cards(book: CardBook) -> None:
    # Saint records count halo cards whose id starts with "death"; the generic one is "death".
    assert "death" in book.deaths
    assert sum(d.copies for d in book.deaths.values()) >= 9
    for death in book.deaths.values():
        assert death.id.startswith("death"), death.id
        assert all(p.mandatory for p in death.powers), death.id


def test_nexuses(book: CardBook) -> None:
    for nexus in book.nexuses.values():
        assert isinstance(nexus, Nexus)
        assert nexus.hope.powers and nexus.doom.powers, nexus.id
        assert sum(nexus.deck.values()) >= 6, nexus.id
        guard = nexus.guard
        assert guard.targets or guard.cost != "none" or guard.confront_new or guard.damage_per_saint, nexus.id
    n = lambda name: by_name(book.nexuses, name)  # noqa: E731
    for name in (
        "Main Street",
        "Chapel",
        "Hospital",
        "Manor",
        "Lair",
        "Fun Park",
        "Motel",
        "Precinct",
        "Woods",
    ):
        n(name)
    n("Lake")
    assert n("Main Street").deck == {"threat": 3, "body": 1, "mind": 1, "rage": 3}
    assert n("Chapel").deck == {"threat": 2, "omen": 2, "body": 1, "soul": 3}
    assert n("Main Street").seal.cost == "bury"
    assert n("Manor").guard.confront_new == {"kind": "gift", "keyword": "relic"}
    assert n("Lair").guard.damage_per_saint and n("Lair").seal.damage_per_saint
    chapel_doom = n("Chapel").doom.powers[0]
    assert chapel_doom.effects == [{"op": "trash", "which": "highest", "n": 1, "colour": "soul"}]
    hospital_doom = n("Hospital").doom.powers[0]
    assert (hospital_doom.timing, hospital_doom.effects[0]["virtue"]) == ("end", "body")
    manor_doom = power_with(n("Manor"), "choose")
    assert manor_doom.timing == "end" and manor_doom.effects[0]["options"][0][0]["virtue"] == "rage"


# -- the guided mission -----------------------------------------------------------------------------
def test_taking_the_plunge_is_ready_to_run(book: CardBook) -> None:
    mission: Mission = book.missions["taking_the_plunge"]
    assert mission.mode == "guided" and mission.lowdown.strip()
    keys = [nx.key for nx in mission.nexuses]
    assert keys == ["motel", "precinct", "woods", "lake"]
    names = [nx.name for nx in mission.nexuses]
    assert names == ["The Harlequin Hotel", "Candlepoint PD", "The Oak Lair", "Squirrel Lake"]
    for nx in mission.nexuses:
        assert nx.nexus in book.nexuses and nx.description.strip() and nx.notes.strip()
        assert all(book.kind_of(c) in ("gifts", "threats") for c in nx.cards)
        assert all(m in book.mutations for m in nx.mutations) and nx.mutations
    muts = {nx.key: set(nx.mutations) for nx in mission.nexuses}
    assert {"rock_solid", "fiery"} <= muts["motel"] and {"swarming", "rare"} <= muts["precinct"]
    assert "terrifying" in muts["woods"] and muts["lake"] == {"unseen"}
    minions = {
        (t.label, t.threat): (t.archetypes, t.nexus) for t in mission.true_threats if t.role == "minion"
    }
    assert minions == {
        ("A", "bystander"): ([1, 2, 3, 4, 5, 6], "lake"),
        ("B", "helpless_child"): ([7], "motel"),
        ("C", "snow_angel"): ([8], "woods"),
    }
    assert mission.gifts == {"motel": ["mr_bear"], "precinct": ["grifter", "switchblade"]}
    assert mission.threats["motel"] == ["gaunt", "thing_in_the_basement", "authorities"]
    assert mission.threats["precinct"] == ["authorities"] and mission.threats["woods"] == ["bushwhack"]
    for ids in [*mission.gifts.values(), *mission.threats.values()]:
        assert all(book.kind_of(i) in ("gifts", "threats") for i in ids)
    cards = {nx.key: nx.cards for nx in mission.nexuses}
    assert cards["motel"][:2] == ["mr_bear", "gaunt"] and cards["lake"] == ["wendigo"]
    assert "snow_angel" in cards["woods"] and "switchblade" in cards["precinct"]
    # Each nexus card is in the box as many times as the mission uses it.
    used = Counter(c for nx in mission.nexuses for c in nx.cards) + Counter(
        e.card for e in mission.clock_extra
    )
    for card_id, n in used.items():
        assert book.card(card_id).copies >= n, card_id
    assert [e.card for e in mission.clock_extra] == ["bystander", "bystander"]
    assert len(mission.delays) >= 4
    assert [f.name for f in mission.fragments] == ["The Playground"]
    assert mission.fragments[0].id not in book.fragments


# -- the engine builds games from this content ------------------------------------------------------
@pytest.mark.parametrize("saint_id", ["ophelia_willows", "dr_zeez", "frank_block", "julian_ashgrove",
                                      "tamsin_greel", "wren_okafor", "hollis_crane", "nell_brightwater"])  # fmt: skip
def test_each_saint_starts_taking_the_plunge_with_a_legal_deck(book: CardBook, saint_id: str) -> None:
    from bot.games.apocrypha.rules import Apocrypha, Options
    from bot.games.apocrypha.saints import new_record

    rules = Apocrypha(book=book)
    options = Options(mode="guided", mission="taking_the_plunge", saints={0: new_record(saint_id, book)})
    state = rules.setup(options, 2, 11, {"guide": True}).state
    saint = book.saints[saint_id]
    cards = list(state.players[0].hand) + list(state.secret.decks[0])
    assert sum(1 for uid in cards if uid.split("#")[0] in book.omens) == saint.omens
    ids = [uid.split("#")[0] for uid in cards]
    virtues = Counter(book.gifts[i].virtue for i in ids if i in book.gifts)
    assert virtues == Counter({v.virtue: v.value for v in saint.virtues})
    assert len(state.players[0].hand) == saint.hand_size
    assert sorted(state.secret.nexus_decks) == ["lake", "motel", "precinct", "woods"]
