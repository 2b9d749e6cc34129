"""Catharsis's table: the foes with health, Morale with its tier marks, each hero's powers and dice."""

from __future__ import annotations

from typing import Any, NamedTuple

from bot.games.catharsis.cards import LEVELS, content
from bot.games.catharsis.duo import cards as duo_cards
from bot.games.catharsis.morale import THRESHOLDS
from bot.pictures.hand import HandCard
from bot.pictures.kit import (
    FAINT,
    GOLD,
    GREEN,
    HEAD_H,
    KEY,
    NOTE,
    PAD,
    READ,
    RED,
    RGB,
    WIDTH,
    Canvas,
    tall_canvas,
)

PHASES = {
    "roles": "choosing roles",
    "between": "between cards",
    "special": "a Special is on offer",
    "attack": "attack phase",
    "recover": "recovering after a fight",
    "over": "the fight is over",
}
TIER_NAMES = ["Winded", "Battered", "Exhausted", "Desperate", "Hopeless"]
BOONS = {"blows": " · others hit +1", "ward": " · others take 1 less"}  # the Summoner's summons
GAP = 8
DIE = 56


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    heroes = public.get("heroes", [])
    cv = tall_canvas(400 + 420 * max(len(heroes), 1))
    data = content()
    y = PAD
    deck = data.decks[public["deck"]].name if public.get("deck") in data.decks else "Catharsis"
    y += cv.heading(PAD, y, deck[:1].upper() + deck[1:])
    phase = PHASES.get(public.get("phase", ""), "")
    y += cv.text(PAD, y, f"Round {public.get('round', 0)}" + (f" · {phase}" if phase else ""), size=KEY,
                 bold=True, width=WIDTH - 2 * PAD, least=READ) + 6
    most = public.get("start_morale", 22)
    marks = {t: n for t, n in zip(THRESHOLDS, TIER_NAMES, strict=True) if t < most}
    morale = public.get("morale", 0)
    cv.bar(PAD, y, WIDTH - 2 * PAD, KEY + 10, morale, most, colour=GREEN, marks=marks,
           label=f"Morale {morale} of {most}", label_size=KEY)
    y += KEY + 10 + NOTE + 16
    chant = data.decks[public["deck"]].chant_length(public.get("party_size", 1)) if public.get("deck") in data.decks else 0
    if chant:  # the Priest of the Unknown: the chant's track, filling towards the party's end
        cv.bar(PAD, y, WIDTH - 2 * PAD, KEY + 10, public.get("chant", 0), chant, colour=RED, label_size=KEY,
               label=f"Chant {public.get('chant', 0)} of {chant} · saved {public.get('saved', 0)}")
        y += KEY + 18
    if public.get("deck") in data.decks and data.decks[public["deck"]].grows:  # the Avatar's hunt
        realm = data.decks[public["deck"]].realms.get(public.get("realm", ""), "")
        y += cv.text(PAD, y, f"The Avatar's Power {public.get('power', 0)}" + (f" · in {realm}" if realm else ""),
                     size=READ, bold=True, width=WIDTH - 2 * PAD) + 8
    for foe in public.get("foes", []):
        down = foe["health"] <= 0
        cv.bar(
            PAD,
            y,
            WIDTH - 2 * PAD,
            KEY + 6,
            foe["health"],
            foe["max_health"],
            colour=FAINT if down else RED,
            label=f"{foe['name']}{' (Boss)' if foe.get('boss') else ''} {foe['health']}/{foe['max_health']}"
            + BOONS.get(data.encounters[foe["card"]].boon if foe.get("card") in data.encounters else "", "")
            + (" · defeated" if down else ""),
            label_size=KEY - 4,
        )
        y += KEY + 14
    y += 6
    inner = WIDTH - 2 * PAD - 20
    card_w = (inner - 2 * GAP) // 3
    for hero in heroes:
        seat = hero["seat"]
        role = data.roles[hero["role"]].name if hero.get("role") in data.roles else hero.get("role", "")
        who = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        powers = [_power(data, slot) for slot in hero.get("board", [])[:6]]
        shared, gone = _duo(public, seat, names)
        powers += shared
        rows = [powers[i : i + 3] for i in range(0, len(powers), 3)]
        heights = [max(cv.tile_height(t.name, card_w, max_lines=3, kind=t.kind, foot=t.foot) for t in row)
                   for row in rows]
        notes = [
            *(["dead"] if hero.get("dead") else []),
            *gone,
            *(["Role flipped"] if hero.get("flipped") else []),
            *(f"aside: {data.card_name(d['card'])} ({d['prep']})" for d in hero.get("aside", [])),
            *(["Liara flipped"] if hero.get("counters", {}).get("veil") else []),
            *([f"Liara holds {', '.join(data.card_name(c) for c in hero['essences'])}"] if hero.get("essences") else []),
        ]
        # Briggs and Liara: her six dice on one row, his below it.
        pair = hero.get("role") in data.roles and bool(data.roles[hero["role"]].partner)
        dice_rows = max(1, -(-len(hero.get("dice", [])) // 6)) if pair else 1
        box_h = HEAD_H + (READ + 6) * bool(notes) + sum(h + GAP for h in heights) + dice_rows * (DIE + 10) + 14
        cv.box(PAD, y, WIDTH - 2 * PAD, box_h, outline=FAINT if hero.get("dead") else GOLD, width=2)
        cv.text(PAD + 10, y + 8, f"{who} · {role or 'choosing a role'}", size=KEY, bold=True, width=inner,
                least=READ)
        top = y + HEAD_H
        if notes:
            top += cv.text(PAD + 10, top - 4, " · ".join(notes), size=READ, colour=RED if hero.get("dead") else FAINT,
                           width=inner, least=NOTE) + 2
        for row, h in zip(rows, heights, strict=True):
            for i, t in enumerate(row):
                cv.tile(PAD + 10 + i * (card_w + GAP), top, card_w, t.name, stripe=t.stripe, height=h, max_lines=3,
                        kind=t.kind, foot=t.foot, dim=not t.ready)
            top += h + GAP
        for i, die in enumerate(hero.get("dice", [])):
            row, col = divmod(i, 6) if pair else (0, i)
            cv.die(PAD + 10 + col * (DIE + 10), top + 2 + row * (DIE + 10), DIE, die["value"], kept=not die["used"],
                   wild=die["value"] == 0)
        if not hero.get("dice"):
            cv.text(PAD + 10, top + DIE // 2, "no dice rolled", size=READ, colour=FAINT, anchor="lm")
        y += box_h + 10
    cv.crop(y + PAD - 10)
    return cv


class Tile(NamedTuple):
    name: str
    ready: bool
    kind: str
    stripe: RGB = GREEN
    foot: str = ""


def _power(data: Any, slot: dict[str, Any]) -> Tile:
    """A power's name as its card shows it now (its place number, song level, turned), and if ready."""
    name = (
        (f"#{slot['number']} " if slot.get("number") else "")
        + data.card_name(slot["card"])
        + (f" {LEVELS[slot.get('face', 0)]}" if data.song(slot["card"]) else "")
        + (" (turned)" if data.turns(slot["card"]) and slot.get("face") else "")
    )
    return Tile(name, bool(slot["ready"]), "ready" if slot["ready"] else "exhausted")


def _duo(public: dict[str, Any], seat: int, names: list[str]) -> tuple[list[Tile], list[str]]:
    """A duo power lies between two partners: drawn on each one's row, gold-striped, with its state
    (ready or exhausted: damage exhausts it, then discards it) and which half is theirs. Once
    discarded it is a note on both rows."""
    for d in public.get("duos", []):
        if seat not in d.get("seats", []) or not d.get("card") or d["card"] not in duo_cards():
            continue
        card = duo_cards()[d["card"]]
        if d.get("gone"):
            return [], [f"duo {card.name} discarded"]
        partner = next(s for s in d["seats"] if s != seat)
        who = names[partner] if 0 <= partner < len(names) else f"Seat {partner + 1}"
        half = "top" if d["seats"][0] == seat else "bottom"
        state = "ready" if d.get("ready") else "exhausted"
        return [Tile(card.name, bool(d.get("ready")), f"duo · {state}", GOLD, f"{half} · with {who}")], []
    return [], []


def hand(private: dict[str, Any], public: dict[str, Any], actions: list[Any], seat: int) -> list[HandCard]:
    """A hero has no hand: their six powers are what they play, each with its top and bottom."""
    data = content()
    heroes = public.get("heroes", [])
    if not 0 <= seat < len(heroes):
        return []
    can = {str(getattr(a, "slot", "")) for a in actions if getattr(a, "type", None) == "activate"}
    out = []
    for i, slot in enumerate(heroes[seat].get("board", [])):
        halves = []
        for half in ("top", "bottom"):
            ab = data.ability(slot["card"], half, slot.get("face", 0))
            if ab is not None:
                cost = ab.cost.replace("#", str(slot["number"])) if slot.get("number") else ab.cost
                halves.append(f"{half} {cost}: {_ability_words(ab)}")
        out.append(HandCard(data.card_name(slot["card"]), kind="ready" if slot["ready"] else "exhausted",
                            effect=" · ".join(halves), playable=str(i) in can))
    return out


def _ability_words(ab: Any) -> str:
    words = []
    for block in ab.do:
        op = block["op"]
        amount = block.get("amount", block.get("dice", ""))
        words.append(f"{op.replace('_', ' ')} {amount}".strip())
    return ", ".join(words) or ("store" if getattr(ab, "store", False) else "")
