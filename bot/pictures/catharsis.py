"""Catharsis's table: the foes with health, Morale with its tier marks, each hero's powers and dice."""

from __future__ import annotations

from typing import Any

from bot.games.catharsis.cards import LEVELS, content
from bot.games.catharsis.morale import THRESHOLDS
from bot.pictures.hand import HandCard
from bot.pictures.kit import FAINT, GOLD, GREEN, MIN_TEXT, PAD, RED, WIDTH, Canvas, tall_canvas

PHASES = {
    "roles": "choosing roles",
    "between": "between cards",
    "special": "a Special is on offer",
    "attack": "attack phase",
    "recover": "recovering after a fight",
    "over": "the fight is over",
}
TIER_NAMES = ["Winded", "Battered", "Exhausted", "Desperate", "Hopeless"]


def draw(public: dict[str, Any], names: list[str]) -> Canvas:
    heroes = public.get("heroes", [])
    cv = tall_canvas(400 + 240 * max(len(heroes), 1))
    data = content()
    y = PAD
    deck = data.decks[public["deck"]].name if public.get("deck") in data.decks else "Catharsis"
    deck = deck[:1].upper() + deck[1:]
    phase = PHASES.get(public.get("phase", ""), "")
    y += cv.heading(PAD, y, f"{deck} · round {public.get('round', 0)}" + (f" · {phase}" if phase else ""))
    most = public.get("start_morale", 22)
    marks = {t: n for t, n in zip(THRESHOLDS, TIER_NAMES, strict=True) if t < most}
    cv.bar(
        PAD,
        y + 4,
        WIDTH - 2 * PAD,
        30,
        public.get("morale", 0),
        most,
        colour=GREEN,
        marks=marks,
        label=f"Morale {public.get('morale', 0)} of {most}",
    )
    y += 66
    for foe in public.get("foes", []):
        colour = RED if foe["health"] > 0 else FAINT
        cv.bar(
            PAD,
            y,
            WIDTH - 2 * PAD,
            28,
            foe["health"],
            foe["max_health"],
            colour=colour,
            label=f"{foe['name']}{' (Boss)' if foe.get('boss') else ''}: {foe['health']}/{foe['max_health']}"
            + (" · defeated" if foe["health"] <= 0 else ""),
        )
        y += 38
    y += 6
    card_w = (WIDTH - 2 * PAD - 20 - 5 * 8) // 6
    for hero in heroes:
        seat = hero["seat"]
        role = data.roles[hero["role"]].name if hero.get("role") in data.roles else hero.get("role", "")
        who = names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"
        cv.box(PAD, y, WIDTH - 2 * PAD, 226, outline=FAINT if hero.get("dead") else GOLD, width=2)
        line = (
            f"{who} · {role}"
            + (" · dead" if hero.get("dead") else "")
            + (" · Role flipped" if hero.get("flipped") else "")
            + "".join(
                f" · aside: {data.card_name(d['card'])} ({d['prep']})" for d in hero.get("aside", [])
            )
        )
        cv.text(PAD + 10, y + 8, line, size=18, bold=True, width=WIDTH - 4 * PAD)
        for i, slot in enumerate(hero.get("board", [])[:6]):
            x = PAD + 10 + i * (card_w + 8)
            cv.card(
                x,
                y + 36,
                card_w,
                110,
                (f"#{slot['number']} " if slot.get("number") else "")
                + data.card_name(slot["card"])
                + (f" {LEVELS[slot.get('face', 0)]}" if data.song(slot["card"]) else "")
                + (" (turned)" if data.turns(slot["card"]) and slot.get("face") else ""),
                kind="ready" if slot["ready"] else "exhausted",
                colour=GREEN if slot["ready"] else FAINT,
                dim=not slot["ready"],
            )
        for i, die in enumerate(hero.get("dice", [])):
            cv.die(PAD + 10 + i * 58, y + 156, 50, die["value"], kept=not die["used"], wild=die["value"] == 0)
        if not hero.get("dice"):
            cv.text(PAD + 10, y + 170, "no dice rolled", size=MIN_TEXT, colour=FAINT)
        y += 238
    cv.crop(y + PAD)
    return cv


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
