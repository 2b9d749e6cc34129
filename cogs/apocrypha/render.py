"""Apocrypha's pure renderers: the public table, a saint's hand, the guide's panel, saint records.

Each takes the card book and plain view data (the JSON `project()` gives) and returns embeds or
text; nothing here talks to Discord. The table reads `view["public"]` only, so nothing hidden
(nexus contents, the clock's order, hands, the guide's notes) can reach it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import discord

from bot.engine.text import and_list
from bot.games.apocrypha import pencil
from bot.games.apocrypha.cards import VIRTUE_NAMES, CardBook
from bot.games.apocrypha.saints import DEATH_LIMIT, SaintRecord, is_death, parse_pick
from bot.games.apocrypha.state import SAINT_SLOT, card_id
from cogs.common.text import FIELD_VALUE_MAX, OPTION_DESCRIPTION_MAX, clip, name_seats, plural

COLOUR = discord.Colour.dark_purple()
GUIDE_COLOUR = discord.Colour.dark_red()
EMBED_BUDGET = 5600  # under Discord's 6000 characters per message
TABLE_BUDGET = 4600  # the base adds "Latest" (up to 1024) and "Waiting for" to the table

Namer = Callable[[str], str]


def namer(book: CardBook, public: dict[str, Any] | None = None) -> Namer:
    """Card instance ("gaunt#2") or id -> its printed name, including mission and written fragments."""
    public = public or {}
    mission = book.missions.get(public.get("mission") or "")
    extra = {f.id: f.name for f in mission.fragments} if mission else {}
    for fid, info in (public.get("fragments_given") or {}).items():
        extra[fid] = info.get("name", fid)

    def name(uid: str) -> str:
        if uid == "saint":
            return "Saint power"
        cid = card_id(uid)
        if cid in extra:
            return extra[cid]
        try:
            return book.card(cid).name
        except KeyError:
            return cid.replace("_", " ").title()

    return name


def card_text(book: CardBook, uid: str, public: dict[str, Any] | None = None) -> str:
    """One card's name and powers in a line or two, for hands and autocomplete descriptions."""
    cid = card_id(uid)
    try:
        card = book.card(cid)
    except KeyError:
        info = (public or {}).get("fragments_given", {}).get(cid)
        return info.get("text", "") if info else ""
    bits = []
    base = getattr(card, "enhances", "")
    if base:  # the chapter's altered version of a Base card, standing in for it
        bits.append(f"Enhanced version of {book.card(base).name}")
    targets = getattr(card, "targets", None)
    if targets:
        bits.append(" or ".join(f"{t.virtue.capitalize()} {t.number}" for t in targets))
    side = getattr(card, "side", None)
    if side:  # an omen: which way it turns a nexus, and what holds while it is investigated
        bits.append(f"{side.capitalize()} omen")
    for power in [*getattr(card, "powers", []), *getattr(card, "during", [])]:
        cost = f" - {power.cost.capitalize()}" if power.cost != "none" else ""
        bits.append(f"{power.timing.capitalize()}{cost}: {power.text}")
    deck = getattr(card, "deck", None)
    if deck:  # a fragment that adds cards to the saint's deck while it is slotted
        adds = [plural(n, "more omen") if k == "omen" else plural(n, f"more {k.capitalize()} gift") for k, n in deck.items()]
        bits.append(f"Your deck holds {and_list(adds)}")
    return " · ".join(bits)


# -- the halo -------------------------------------------------------------------------------
SLOT_NAMES = ("top left", "top", "top right", "left", "saint", "right", "bottom left", "bottom", "bottom right")


def halo_grid(halo: dict[Any, str], name: Namer, centre: str, held: Iterable[str] = ()) -> str:
    """The 3x3 halo as a three-emoji map (never wraps on a phone) and each card by position.

    🟨 a fragment, 💀 a death, ⬛ an empty slot, 😇 the saint in the middle. `held`: confronted
    cards the Wickety Wack Sack holds there (not the saint's; House rule 21).
    """
    holding = set(held)
    if not any(halo.get(slot, halo.get(str(slot))) for slot in range(9) if slot != SAINT_SLOT):
        return f"Halo: nothing around {centre} yet."  # an empty grid is four lines of nothing on a phone
    rows, named = [], []
    for r in range(3):
        cells = ""
        for slot in range(r * 3, r * 3 + 3):
            uid = halo.get(slot, halo.get(str(slot)))
            if slot == SAINT_SLOT:
                cells += "😇"
            elif not uid:
                cells += "⬛"
            else:
                mark = "💀" if is_death(card_id(uid)) else "🟨"
                cells += mark
                until = " (held until the hand is empty)" if uid in holding else ""
                named.append(f"{mark} {SLOT_NAMES[slot]}: {name(uid)}{until}")
        rows.append(cells)
    return "\n".join(rows + named)


# -- the public table -------------------------------------------------------------------------
def _nexus_lines(public: dict[str, Any]) -> list[str]:
    sanctify = (public.get("coop") or {}).get("sanctify") or {}
    guarded = set(sanctify.get("guarded", []))
    lines = []
    for key, nexus in public.get("nexuses", {}).items():
        state = "sealed" if nexus.get("sealed") else plural(nexus.get("count", 0), "card")
        state += " · guarded" if key in guarded else ""
        lines.append(f"**{nexus['name']}** ({nexus.get('side', 'doom').capitalize()}) · {state}")
    return lines or ["None revealed yet."]


def nexus_summary(book: CardBook, nexus: dict[str, Any]) -> str:
    """A nexus in one plain line (a Move option's description): its side, its cards, and what that
    side does to saints there."""
    side = nexus.get("side", "doom")
    state = "sealed" if nexus.get("sealed") else plural(nexus.get("count", 0), "card")
    box = book.nexuses.get(nexus.get("box_id") or "")
    text = " ".join(p.text for p in getattr(box, side).powers) if box else nexus.get("description", "")
    return clip(f"{side.capitalize()} · {state}" + (f": {text}" if text else ""), OPTION_DESCRIPTION_MAX)


def true_threat_lines(book: CardBook, public: dict[str, Any]) -> list[str]:
    """Co-op: the mission's structures and the true threats it displays, with their archetypes."""
    mission = book.missions.get(public.get("mission") or "")
    coop = public.get("coop")
    if mission is None or not coop:
        return []
    from bot.games.apocrypha.chapters import describe
    from bot.games.apocrypha.coop import describe_true_threat
    from bot.games.apocrypha.structures import names

    lines = ["Structures: " + ", ".join(names(mission))]
    lines += [describe_true_threat(tt, book) for tt in mission.true_threats]
    lines += describe(book, public.get("chapter", ""), mission.id, bool(coop.get("cornered")))
    if coop.get("cornered"):
        lines.append("The master has been cornered.")
    return lines


def where(saint: dict[str, Any], nexuses: dict[str, Any], over: bool = False) -> str:
    """Where a saint stands: their nexus, the sealed one they must move from, or none before placing."""
    here = nexuses.get(saint.get("nexus") or "")
    if here:
        return str(here["name"])
    sealed = nexuses.get(saint.get("sealed_at") or "")
    if sealed:
        return f"{sealed['name']} (sealed)" + ("" if over else ": must move")
    return "no nexus yet"


def _saint_line(saint: dict[str, Any], name: Namer, nexuses: dict[str, Any], who: str, over: bool = False) -> str:
    at = where(saint, nexuses, over)
    discard = saint.get("discard", [])
    bits = [
        f"{who} · at {at}",
        f"hand {saint.get('hand_count', 0)} · deck {saint.get('deck_count', 0)} · "
        f"discard {len(discard)} · buried {saint.get('bury_count', 0)}",
    ]
    if discard:
        bits.append("Discard top: " + name(discard[-1]))
    if saint.get("fading"):
        bits.append("**Fading**")
    return "\n".join(bits)


def check_lines(check: dict[str, Any], who: Callable[[int], str]) -> list[str]:
    target = check.get("target")
    lines = [
        f"{who(check['seat'])} checks {check['virtue'].capitalize()}"
        + (f" against {target}" if target is not None else "")
        + f" ({check.get('stage', 'assist')})"
    ]
    for a in check.get("assists", []):
        state = "assisting" if a.get("accepted") else "offers to assist"
        lines.append(f"{who(a['seat'])} {state} with {a['virtue'].capitalize()} {a['value']}")
    for m in check.get("mutations", []):
        lines.append(f"Mutation {m['side']} ({m['result']}): {m['text']}")
    pool = check.get("pool")
    if pool and pool.get("dice"):
        dice = []
        for i, die in enumerate(pool["dice"]):
            mark = "~~" if die.get("trashed") else ("**" if die.get("kept") else "")
            dice.append(f"{mark}d{i + 1} {die['colour']} {die['value']}{mark}")
        lines.append("Dice: " + ", ".join(dice))
    if check.get("total") is not None and check.get("success") is not None:
        verdict = "success" if check["success"] else "failure"
        lines.append(f"Total {check['total']}: {verdict}")
    return lines


def _where_in_turn(public: dict[str, Any]) -> str:
    """The turn's step, and the confrontation's step and the check's stage while they run."""
    where = f"{public.get('step', '')} step"
    confront = public.get("confront")
    if confront:
        where += f", confronting: {confront['step']}"
        if public.get("opponents"):
            where += f" (+{len(public['opponents'])} waiting)"
    check = public.get("check")
    if check and check.get("stage") not in (None, "done"):
        where += f", check: {check['stage']}"
    return where


def table_embeds(book: CardBook, public: dict[str, Any], who: Callable[[int], str]) -> list[discord.Embed]:
    """The public table. `who(seat)` is how to name a seat (a mention)."""
    name = namer(book, public)
    mode = "guided" if public.get("mode") == "guided" else "co-op"
    title = "Apocrypha" + (f": {public['mission_name']}" if public.get("mission_name") else "")
    active = public.get("active")
    head = [f"A {mode} mission · turn {public.get('turn', 0)} · clock {plural(public.get('clock_count', 0), 'card')}"]
    if active is not None:
        head.append(f"Active saint: {who(active)} ({_where_in_turn(public)})")
    elif public.get("outcome"):
        head.append(name_seats(public.get("result") or "", who))
    else:
        head.append("Waiting for the guide to start a turn." if mode == "guided" else "")
    embed = discord.Embed(title=title, description="\n".join(h for h in head if h), colour=COLOUR)
    embed.add_field(
        name="Nexuses", value=clip("\n".join(_nexus_lines(public)), FIELD_VALUE_MAX), inline=False
    )
    threats = true_threat_lines(book, public)
    if threats:
        embed.add_field(name="True threats", value=clip("\n".join(threats), FIELD_VALUE_MAX), inline=False)
    marks = pencil.lines(book, public.get("chapter", ""), public.get("pencil", {}))
    if marks:
        embed.add_field(name="The chapter's divider, in pencil", value=clip("\n".join(marks), FIELD_VALUE_MAX), inline=False)
    nexuses = public.get("nexuses", {})
    saints = public.get("saints", {})
    for seat in public.get("order", []) or [int(s) for s in saints]:
        saint = saints.get(str(seat)) or saints.get(seat)
        if saint is None:
            continue
        centre = saint["name"]
        halo = saint.get("halo", {})
        value = _saint_line(saint, name, nexuses, who(seat), public.get("step") == "over")
        held = [h["card"] for h in public.get("holds", []) if h.get("seat") == seat and h.get("card")]
        value += "\n" + halo_grid(halo, name, centre, held)
        embed.add_field(
            name=f"{saint['name']}, {saint.get('title', '')}",
            value=clip(value, FIELD_VALUE_MAX),
            inline=False,
        )
    confront = public.get("confront")
    if confront:
        lines = confront_lines(book, confront, who)
        waiting = public.get("opponents", [])
        for other in waiting:
            lines += ["", *confront_lines(book, other, who, waiting=True)]
        title = "Confrontation" if not waiting else f"Confrontations ({len(waiting) + 1}, checks in any order)"
        embed.add_field(name=title, value=clip("\n".join(lines), FIELD_VALUE_MAX), inline=False)
    check = public.get("check")
    if check and check.get("stage") != "done":
        embed.add_field(
            name="Check", value=clip("\n".join(check_lines(check, who)), FIELD_VALUE_MAX), inline=False
        )
    ending = mission_end_lines(book, public, who)
    if ending:
        embed.add_field(name="Mission End", value=clip("\n".join(ending), FIELD_VALUE_MAX), inline=False)
    waiting = waiting_lines(public, who)
    if waiting:
        embed.add_field(name="Waiting on an answer", value=clip("\n".join(waiting), FIELD_VALUE_MAX), inline=False)
    _trim(embed, TABLE_BUDGET)
    return [embed]


def waiting_lines(public: dict[str, Any], who: Callable[[int], str]) -> list[str]:
    """Each question the table waits on; between missions the choir's rebuild is one line (each saint's
    gaps are in the Mission End field)."""
    pending = public.get("pending", [])
    rebuilding = [who(p["seat"]) for p in pending if p.get("kind") == "rebuild"]
    lines = [f"{who(p['seat'])}: {name_seats(p['text'], who)}" for p in pending if p.get("kind") != "rebuild"]
    if rebuilding:
        lines.append(f"{and_list(rebuilding)}: {'rebuilds' if len(rebuilding) == 1 else 'rebuild'} "
                     "for the next mission (trade on the table, then press Done).")
    return lines


def confront_lines(
    book: CardBook, confront: dict[str, Any], who: Callable[[int], str], waiting: bool = False
) -> list[str]:
    """One confrontation: who faces which card, its step (or that it waits its turn), its targets."""
    name = namer(book)
    state = f"waits at the {confront['step']} step" if waiting else f"{confront['step']} step"
    lines = [f"{who(confront['seat'])} confronts **{name(confront['card'])}** ({confront['kind']}) · {state}"]
    targets = getattr(_card(book, confront["card"]), "targets", [])
    if targets:
        adjust = confront.get("target_adjust", 0)
        lines.append("Targets: " + " or ".join(f"{t.virtue.capitalize()} {t.number + adjust}" for t in targets))
    return lines


def _card(book: CardBook, uid: str) -> Any:
    try:
        return book.card(card_id(uid))
    except KeyError:
        return None


# -- a saint's private panel ---------------------------------------------------------------
def hand_embed(
    book: CardBook,
    view: dict[str, Any],
    seat: int,
    prompt: str,
    notes: Iterable[str],
    who: Callable[[int], str] = lambda seat: f"seat {seat + 1}",
) -> discord.Embed:
    public, private = view["public"], view.get("private", {})
    name = namer(book, public)
    saint = public.get("saints", {}).get(str(seat), {})
    hand = private.get("hand", [])
    between = public.get("between")
    if between and between.get("stage") in ("rebuild", "done"):
        return _rebuild_embed(book, public, private, seat, prompt)
    if between:
        return _mission_end_embed(book, public, seat, prompt, who)
    lines = [f"**{name(u)}**: {clip(card_text(book, u, public), 320)}" for u in hand]
    embed = discord.Embed(
        title=f"{saint.get('name', 'Your saint')}: your hand ({len(hand)}/{saint.get('hand_size', '?')})",
        description=clip("\n".join(lines) or "Your hand is empty.", 3500),
        colour=COLOUR,
    )
    if prompt:
        embed.add_field(name="Now", value=clip(prompt, FIELD_VALUE_MAX), inline=False)
    check = public.get("check")
    if check and (check["seat"] == seat or any(a["seat"] == seat for a in check.get("assists", []))):
        # The dice a Keep or Reroll button is about, on the panel that asks.
        embed.add_field(name="The check", value=clip("\n".join(check_lines(check, who)), FIELD_VALUE_MAX), inline=False)
    held = [h for h in public.get("holds", []) if h.get("seat") == seat]
    if held:
        # The Wickety Wack Sack left the hand: say what it holds and until when (House rule 21).
        text = "\n".join(
            f"{name(h['holder'])} {'holds ' + name(h['card']) if h.get('card') else 'waits'} in your halo "
            "until your hand is empty."
            for h in held
        )
        embed.add_field(name="Slotted", value=clip(text, FIELD_VALUE_MAX), inline=False)
    buried = private.get("buried", [])
    if buried:
        embed.add_field(
            name="Buried", value=clip(", ".join(name(u) for u in buried), FIELD_VALUE_MAX), inline=False
        )
    notes = list(notes)
    if notes:
        embed.add_field(name="Recent", value=clip("\n".join(notes), FIELD_VALUE_MAX), inline=False)
    embed.set_footer(text="Use the controls below, or /apocrypha play, assist, move, give, endturn.")
    _trim(embed)
    return embed


def _mission_end_embed(
    book: CardBook, public: dict[str, Any], seat: int, prompt: str, who: Callable[[int], str]
) -> discord.Embed:
    """After the verdict, before the rebuild: the fragment display and the picks so far. The mission's
    hand and its last turn's private lines are gone with it."""
    saint = public.get("saints", {}).get(str(seat), {})
    embed = discord.Embed(
        title=f"{saint.get('name', 'Your saint')}: Mission End",
        description=clip("\n".join(mission_end_lines(book, public, who)), 3500),
        colour=COLOUR,
    )
    if prompt:
        embed.add_field(name="Now", value=clip(prompt, FIELD_VALUE_MAX), inline=False)
    embed.set_footer(text="Use the controls below, or /apocrypha answer.")
    return embed


def _rebuild_embed(
    book: CardBook, public: dict[str, Any], private: dict[str, Any], seat: int, prompt: str
) -> discord.Embed:
    """Between missions: the gifts the saint holds for the next deck, by virtue, against what it takes."""
    b = public["between"]
    saint = public.get("saints", {}).get(str(seat), {})
    need = _of_seat(b.get("needs", {}), seat)
    kept = private.get("kept", [])
    lines = []
    for virtue, n in need.items():
        gifts = [book.gifts[g].name for g in kept if g in book.gifts and book.gifts[g].virtue == virtue]
        lines.append(f"**{virtue.capitalize()}** {len(gifts)}/{n}: {', '.join(gifts) or 'none'}")
    embed = discord.Embed(
        title=f"{saint.get('name', 'Your saint')}: your next deck",
        description=clip("\n".join(lines) or "Your saint holds nothing for another mission.", 3500),
        colour=COLOUR,
    )
    table = [f"{book.gifts[g].name} ({book.gifts[g].virtue.capitalize()})" for g in b.get("table", []) if g in book.gifts]
    embed.add_field(name="On the table", value=clip(", ".join(table) or "nothing", FIELD_VALUE_MAX), inline=False)
    if prompt:
        embed.add_field(name="Now", value=clip(prompt, FIELD_VALUE_MAX), inline=False)
    mine = next((p for p in public.get("pending", []) if p.get("seat") == seat and p.get("kind") == "rebuild"), None)
    fragments = (mine.get("data") or {}).get("fragments", []) if mine else []
    if fragments:
        embed.add_field(
            name="Your fragments (you may sacrifice any of them now)",
            value=clip(", ".join(namer(book, public)(f) for f in fragments), FIELD_VALUE_MAX),
            inline=False,
        )
    if b.get("stage") == "done":
        embed.set_footer(text="Your saint's record is written for the next mission: /apocrypha saint show.")
    else:
        embed.set_footer(
            text="Use the controls below, or /apocrypha saint trade give: or take:, /apocrypha saint sacrifice, "
            "and /apocrypha answer."
        )
    return embed


# -- the guide's panel ----------------------------------------------------------------------------
def guide_embeds(
    book: CardBook, view: dict[str, Any], notes: Iterable[str], who: Callable[[int], str]
) -> list[discord.Embed]:
    """Everything the guide sees: each nexus's cards in order, the clock, each saint's hand and deck."""
    public, secret = view["public"], view.get("secret", {})
    name = namer(book, public)
    embed = discord.Embed(title="Guide's panel (only you see this)", colour=GUIDE_COLOUR)
    decks = secret.get("nexus_decks", {})
    shown = {**public.get("nexuses", {})}
    hidden = secret.get("hidden_nexuses", {})
    for key, nexus in [*shown.items(), *hidden.items()]:
        cards = decks.get(key, [])
        state = "revealed" if key in shown else "hidden"
        listing = ", ".join(f"{i + 1}. {name(u)}" for i, u in enumerate(cards)) or "empty"
        embed.add_field(
            name=clip(f"{nexus['name']} [{key}] · {nexus.get('side', 'doom')} · {state}", 256),
            value=clip(listing, FIELD_VALUE_MAX),
            inline=False,
        )
    clock = secret.get("clock", [])
    clock_text = ", ".join(
        f"{i + 1}. {name(c['card'])}" + (f" (after {c['after_turns']} turns)" if c.get("after_turns") else "")
        for i, c in enumerate(clock)
    )
    embed.add_field(
        name=f"Clock ({len(clock)}, top first)",
        value=clip(clock_text or "empty", FIELD_VALUE_MAX),
        inline=False,
    )
    saints = []
    for seat in public.get("order", []):
        s = public["saints"].get(str(seat), {})
        saints.append(
            f"{who(seat)} {s.get('name', '?')}: hand {s.get('hand_count', 0)}, deck {s.get('deck_count', 0)}, "
            f"at {where(s, public.get('nexuses', {}))}"
        )
    embed.add_field(name="Saints", value=clip("\n".join(saints) or "none", FIELD_VALUE_MAX), inline=False)
    forced = secret.get("forced_dice", [])
    if forced:
        embed.add_field(name="Next dice", value=", ".join(map(str, forced)), inline=False)
    confronts = [c for c in [public.get("confront"), *public.get("opponents", [])] if c]
    if confronts:
        lines = []
        for i, c in enumerate(confronts):
            lines += confront_lines(book, c, who, waiting=i > 0)
            stopped = c.get("stopped") or []
            if stopped:
                lines.append("Powers stopped: " + ", ".join(str(p + 1) for p in stopped))
        embed.add_field(name="Confronting", value=clip("\n".join(lines), FIELD_VALUE_MAX), inline=False)
    check = public.get("check")
    if check and check.get("stage") != "done":
        embed.add_field(
            name="Check", value=clip("\n".join(check_lines(check, who)), FIELD_VALUE_MAX), inline=False
        )
    notes = list(notes)
    if notes:
        embed.add_field(name="Recent", value=clip("\n".join(notes), FIELD_VALUE_MAX), inline=False)
    _trim(embed)
    return [embed, guide_tools_embed()]


# The guide's tools grouped by the step they serve (all are `/apocrypha guide <name>`).
GUIDE_TOOLS = (
    ("Before and between scenes", "prepare, stack, clock, reveal, orient, place, rest, give, search, notes"),
    ("Start", "draw (saints draw from the clock), start (a saint's turn), delay (sacrifice or add)"),
    (
        "Confront",
        "present (again, to another saint: several opponents at once), mutate (box, several, or your own), "
        "stop (a card's power), target, retreat; `saint:` picks whose confrontation",
    ),
    ("Check", "check (a bare check), ruling (a dice effect), dice (fix the next dice), mutate"),
    (
        "End",
        "endturn (they and their assisters reset; others may), fragment (or the panel's Hand a fragment…), "
        "endmission (won or lost)",
    ),
)


def guide_tools_embed() -> discord.Embed:
    embed = discord.Embed(title="Your tools, by step (`/apocrypha guide …`)", colour=GUIDE_COLOUR)
    for step, tools in GUIDE_TOOLS:
        embed.add_field(name=step, value=tools, inline=False)
    return embed


def _trim(embed: discord.Embed, budget: int = EMBED_BUDGET) -> None:
    """Drop the longest fields' tails until the embed fits Discord's per-message budget."""
    while len(embed) > budget and embed.fields:
        i = max(range(len(embed.fields)), key=lambda k: len(embed.fields[k].value or ""))
        field = embed.fields[i]
        value = field.value or ""
        cut = max(20, len(value) - (len(embed) - budget) - 1)
        embed.set_field_at(i, name=field.name, value=clip(value, cut), inline=field.inline)
        if cut == 20:
            break


# -- saint records -----------------------------------------------------------------------------------
def record_embed(book: CardBook, record: SaintRecord) -> discord.Embed:
    """`/apocrypha saint show`: halo, fragments, deaths, missions and kept gifts."""
    saint = book.saints.get(record.saint_id)
    title = f"{record.name}" + (f" ({saint.name}, {saint.title})" if saint else "")
    custom = {fid: info.get("name", fid) for fid, info in record.custom.items()}
    name = namer(book, {"fragments_given": {k: {"name": v} for k, v in custom.items()}})
    lines = [
        f"Missions played: {record.missions}",
        f"Deaths: {record.deaths()}/{DEATH_LIMIT}" + (" · **dead for good**" if record.dead else ""),
    ]
    embed = discord.Embed(title=clip(title, 256), description="\n".join(lines), colour=COLOUR)
    embed.add_field(name="Halo", value=halo_grid(record.halo, name, record.name), inline=False)
    for virtue in VIRTUE_NAMES:
        gifts = [g for g in record.gifts if g in book.gifts and book.gifts[g].virtue == virtue]
        if gifts:
            embed.add_field(
                name=f"{virtue.capitalize()} gifts ({len(gifts)})",
                value=clip(", ".join(name(g) for g in gifts), FIELD_VALUE_MAX),
                inline=True,
            )
    marks = pencil.summary(book, record.pencil)
    if marks:
        embed.add_field(name="Chapter dividers, in pencil", value=clip("\n".join(marks), FIELD_VALUE_MAX), inline=False)
    return embed


def record_line(book: CardBook, record: SaintRecord, bold: bool = True) -> str:
    saint = book.saints.get(record.saint_id)
    kind = f"{saint.name}, {saint.title}" if saint else record.saint_id
    state = "dead" if record.dead else f"{plural(record.deaths(), 'death')}, {plural(len(record.fragments()), 'fragment')}"
    shown = f"**{record.name}**" if bold else record.name
    return f"{shown} ({kind}): {plural(record.missions, 'mission')}, {state}"


# -- mission end ---------------------------------------------------------------------------------------
def _of_seat(by_seat: dict[Any, Any], seat: int) -> Any:
    """A per-seat entry of a projected state (JSON keys are strings) or a model dump (ints)."""
    return by_seat.get(str(seat), by_seat.get(seat, {}))


def mission_end_lines(book: CardBook, public: dict[str, Any], who: Callable[[int], str]) -> list[str]:
    """Co-op Mission End on the table: the fragments on display and who took which, then the rebuild:
    the gifts on the table and each saint's shortfall or surplus by virtue."""
    b = public.get("between")
    if not b:
        return []
    name = namer(book, public)
    lines = [f"The mission is {'won' if b.get('won') else 'lost'}."]
    if b.get("stage") == "fragments":
        shown = ", ".join(f"**{name(f)}**" for f in b.get("display", [])) or "nothing left"
        lines.append(f"Fragments on display: {shown}.")
    for seat, pick in b.get("picks", {}).items():
        fragment, trade, slot = parse_pick(pick)
        took = "no fragment" if fragment is None else name(fragment)
        halo = public.get("saints", {}).get(str(seat), {}).get("halo", {})
        gone = halo.get(str(slot), halo.get(slot)) if slot is not None else None
        lines.append(
            f"{who(int(seat))}: {took}"
            + (", given up to avoid the death" if trade else "")
            + (f" ({name(gone)} gives way)" if gone else "")
        )
    for seat, fids in b.get("sacrificed", {}).items():
        lines.append(f"{who(int(seat))} sacrificed {and_list([name(f) for f in fids])} at will.")
    if b.get("stage") in ("rebuild", "done"):
        table = ", ".join(f"{name(g)} ({book.gifts[g].virtue.capitalize()})" for g in b.get("table", []) if g in book.gifts)
        lines.append(f"Gifts on the table: {table or 'none'}.")
        asked = {p["seat"] for p in public.get("pending", []) if p.get("kind") == "rebuild"}
        for seat in public.get("order", []):
            if seat in b.get("dead", []):
                lines.append(f"{who(seat)}: gone for good.")
                continue
            need, held = _of_seat(b.get("needs", {}), seat), _of_seat(b.get("held", {}), seat)
            gaps = [
                f"{abs(held.get(v, 0) - n)} {v.capitalize()} {'over' if held.get(v, 0) > n else 'short'}"
                for v, n in need.items()
                if held.get(v, 0) != n
            ]
            state = ", ".join(gaps) if gaps else "deck complete"
            lines.append(f"{who(seat)}: {state}" + ("" if seat in asked else " · done"))
    return lines


def record_change(book: CardBook, before: SaintRecord | None, after: SaintRecord) -> str:
    """One line saying what Mission End did to a saint's record."""
    old = set((before.halo if before else {}).values())
    new_frags = [cid for cid in after.halo.values() if not is_death(cid) and cid not in old]
    name = namer(book, {"fragments_given": {k: v for k, v in after.custom.items()}})
    bits = [f"{after.name}: mission {after.missions}"]
    if after.dead:
        bits.append("the ninth death: this saint is gone for good")
    else:
        bits.append(f"deaths {after.deaths()}/{DEATH_LIMIT}")
        if new_frags:
            bits.append("new fragment " + ", ".join(name(f) for f in new_frags))
        bits.append(f"{len(after.gifts)} gifts kept for the next deck")
    return " · ".join(bits)


def mission_notes(book: CardBook, mission_id: str | None, nexus: str | None = None) -> list[discord.Embed]:
    """The guide's crib sheet for a box mission: the lowdown, delays, and each nexus's notes."""
    mission = book.missions.get(mission_id or "")
    if mission is None:
        return [
            discord.Embed(title="No mission notes", description="This session runs the guide's own mission.")
        ]
    name = namer(book, {"mission": mission.id})
    embed = discord.Embed(title=f"{mission.name}: the guide's notes", colour=GUIDE_COLOUR)
    if nexus is None:
        embed.description = clip(mission.lowdown + ("\n\n" + mission.text if mission.text else ""), 3000)
        if mission.delays:
            embed.add_field(
                name="Delays",
                value=clip("\n".join(f"- {d}" for d in mission.delays), FIELD_VALUE_MAX),
                inline=False,
            )
    for nx in mission.nexuses:
        if nexus is not None and nexus not in (nx.key, (nx.name or "").lower()):
            continue
        lines = [f"Cards (top first): {', '.join(name(c) for c in nx.cards) or 'from the box'}"]
        if nx.mutations:
            lines.append(
                "Mutations: " + ", ".join(book.mutations[m].name for m in nx.mutations if m in book.mutations)
            )
        if nexus is not None and nx.notes:
            lines.append(nx.notes)
        embed.add_field(
            name=clip(f"{nx.name or nx.key} [{nx.key}]", 256),
            value=clip("\n".join(lines), FIELD_VALUE_MAX),
            inline=False,
        )
    _trim(embed)
    return [embed]
