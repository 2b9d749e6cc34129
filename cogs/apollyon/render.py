"""SCP: Apollyon's embeds: the public table (tracker, zones, every site) and a director's private panel.

Pure functions of the projected view: the table reads only view["public"], the
panel adds view["private"] (the hand). Text stays inside Discord's limits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.games.apollyon.cards import catalogue
from bot.games.apollyon.masquerade import VEIL
from cogs.common.text import EMBED_DESCRIPTION_MAX, FIELD_VALUE_MAX, clip, plural

COLOUR = discord.Colour.dark_red()
PHASES = {
    "setup": "Setup: choose your starting anomaly",
    "growth": "Growth",
    "assign": "MTF: assignments",
    "missions": "MTF: missions",
    "return": "Site: bringing anomalies home",
    "site": "Site: containment",
    "over": "Game over",
}
ASSET_ICONS = {"resource": "R", "personnel": "P", "space": "S"}
BAR_WIDTH = 20
TABLE_TEXT_BUDGET = 5500  # Discord allows 6000 characters across a message's embeds


def masquerade_bar(value: int, start: int, veil_lifted: bool, width: int = BAR_WIDTH) -> str:
    """The tracker as a bar with the Lifted-Veil mark at 10: `██████████│████░░░░░ 25/30`."""
    start = max(start, 1)
    cells = ["█" if i < round(width * value / start) else "░" for i in range(width)]
    mark = round(width * VEIL / start)
    cells.insert(mark, "│")
    note = " · the Veil is lifted" if veil_lifted else f" · veil breaks at {VEIL}"
    return f"`{''.join(cells)}` {value}/{start}{note}"


def assets_text(pool: dict[str, int]) -> str:
    return " ".join(f"{ASSET_ICONS[k]}{pool.get(k, 0)}" for k in ASSET_ICONS)


def anomaly_line(a: dict[str, Any]) -> str:
    info = catalogue().anomalies[a["card"]]
    tokens = []
    if any(a["tokens"].values()):
        tokens.append(assets_text(a["tokens"]))
    for key, label in (("study", "study"), ("minions", "minions"), ("counters", "counters")):
        if a.get(key):
            tokens.append(f"{a[key]} {label}")
    extra = f" [{', '.join(tokens)}]" if tokens else ""
    return f"{info.name} ({info.designation}, {info.cls}, threat {info.threat}, subdue {info.subdue}){extra}"


def character_line(ch: dict[str, Any]) -> str:
    info = catalogue().characters[ch["card"]]
    skills = ", ".join(k.capitalize() + (f" {v}" if v > 1 else "") for k, v in info.skills.items())
    marks = []
    if ch.get("wounds"):
        marks.append(f"{plural(ch['wounds'], 'wound')}")
    if ch.get("cognito"):
        marks.append(f"{plural(ch['cognito'], 'cognitohazard')}")
    tail = f" · {', '.join(marks)}" if marks else ""
    return f"{info.name} — {skills or 'no skill'} · Force {info.force} · Health {info.health}{tail}"


def situation_line(i: int, s: dict[str, Any]) -> str:
    info = catalogue().situations[s["card"]]
    return f"{i}. {info.name} · danger {info.danger} · {plural(s['tokens'], 'Masquerade token')}"


def mission_text(m: dict[str, Any] | None, public: dict[str, Any]) -> str:
    if not m:
        return "no mission"
    target = m.get("target")
    if m["kind"] == "investigate":
        sit = next((s for s in public["situations"] if s["uid"] == target), None)
        where = catalogue().situations[sit["card"]].name if sit else "a closed situation"
        return f"investigate {where}"
    if m["kind"] == "capture":
        a = next((a for a in public["public_zone"] if a["uid"] == target), None)
        return f"capture {catalogue().anomalies[a['card']].name}" if a else "capture (gone)"
    return m["kind"]


def site_text(site: dict[str, Any], public: dict[str, Any]) -> str:
    lines = [f"Assets {assets_text(site['pool'])} · spent {assets_text(site['spent'])}"]
    lines.append(
        f"Garrison: {plural(site['garrison'], 'character')}" + (" · open to other teams" if site["open"] else "")
    )
    for i, mtf in enumerate(site["mtfs"]):
        if mtf["members"] or mtf["mission"]:
            names = ", ".join(character_line(c).split(" — ")[0] for c in mtf["members"]) or "nobody"
            done = " (done)" if mtf["done"] else ""
            lines.append(f"MTF-0{i + 1}: {names} → {mission_text(mtf['mission'], public)}{done}")
    if site["temporary"]:
        lines.append("Temporary: " + "; ".join(anomaly_line(a) for a in site["temporary"]))
    for r, row in enumerate(site["rows"]):
        if row:
            lines.append(f"Row {r + 1}: " + "; ".join(anomaly_line(a) for a in row))
    if site["carrying"]:
        lines.append("Carrying: " + "; ".join(anomaly_line(a) for a in site["carrying"]))
    for key, label in (("vacation", "On Vacation"), ("lost", "Lost")):
        if site[key]:
            lines.append(f"{label}: " + ", ".join(catalogue().characters[c["card"]].name for c in site[key]))
    return "\n".join(lines)


def month_title(public: dict[str, Any]) -> tuple[str, str]:
    """The title's month, and after the six months a line saying what is going on."""
    month, months = public["month"], public["months"]
    if month <= months:
        return f"Month {month} of {months}", ""
    if public["apollyon_contained"]:
        return f"Month {month}", ""
    return (
        f"Month {month}: the Apollyon is loose",
        "Its Masquerade cost grows every month until it is contained or the Masquerade reaches 0.\n",
    )


# Spelled out once under the table and the panel, so the compact lines stay short on a phone.
LEGEND = "Assets: R Resources · P Personnel · S Space"
TABLE_LEGEND = "R/P/S: Resources, Personnel, Space · ⚠ danger · 🎭 Masquerade tokens"
LOOSE_SHOWN = 8  # loose anomalies listed on the table
SUMMARY_BAR = 12  # the table's Masquerade bar: one line on a 400 px phone


def situation_short(i: int, s: dict[str, Any]) -> str:
    """A situation in one short line for the table: `1. Hospital Ward 7 · ⚠2 · 🎭1`."""
    info = catalogue().situations[s["card"]]
    return f"{i}. {info.name} · ⚠{info.danger} · 🎭{s['tokens']}"


def anomaly_short(a: dict[str, Any]) -> str:
    """A loose anomaly on the table: what a capture has to beat."""
    info = catalogue().anomalies[a["card"]]
    minions = f", {plural(a['minions'], 'minion')}" if a.get("minions") else ""
    return f"{info.name}: threat {info.threat}, subdue {info.subdue}{minions}"


def site_summary(site: dict[str, Any], public: dict[str, Any]) -> str:
    """A site in a few short lines: assets and garrison, MTFs at work, what it holds by name (the
    numbers are one click away, under Site details)."""
    spent = f" (spent {assets_text(site['spent'])})" if any(site["spent"].values()) else ""
    lines = [f"{assets_text(site['pool'])}{spent} · garrison {site['garrison']}"]
    if site["open"]:
        lines[0] += " · open"
    for i, mtf in enumerate(site["mtfs"]):
        if mtf["members"] or mtf["mission"]:
            names = ", ".join(catalogue().characters[c["card"]].name for c in mtf["members"]) or "nobody"
            done = " (done)" if mtf["done"] else ""
            lines.append(f"MTF-0{i + 1}: {names} → {mission_text(mtf['mission'], public)}{done}")
    held = [
        (label, [catalogue().anomalies[a["card"]].name for a in group])
        for label, group in (
            ("Contained", [a for row in site["rows"] for a in row]),
            ("Temporary", site["temporary"]),
            ("Carrying", site["carrying"]),
        )
    ]
    lines += [f"{label}: {', '.join(names)}" for label, names in held if names]
    away = [f"{plural(len(site[k]), 'character')} {w}" for k, w in (("vacation", "on vacation"), ("lost", "lost")) if site[k]]
    if away:
        lines.append(", ".join(away).capitalize())
    return "\n".join(lines)


def table_embeds(
    public: dict[str, Any], who: Callable[[int], str], names: Callable[[int], str] | None = None
) -> list[discord.Embed]:
    """The public table, one phone screen: month and phase, the tracker, the Apollyon, situations,
    loose anomalies, the Draw pile, then one short field per site (`names` titles them: a field
    title cannot show a mention). Each anomaly's numbers are under Site details (`site_embeds`)."""
    month, overtime = month_title(public)
    head = discord.Embed(
        title=f"SCP: Apollyon — {month} · {PHASES.get(public['phase'], public['phase'])}", colour=COLOUR
    )
    if public["apollyon_card"]:
        info = catalogue().anomalies[public["apollyon_card"]]
        boss = f"{info.name} ({info.designation}) has {'been contained' if public['apollyon_contained'] else 'arrived'}."
    else:
        boss = f"Face down: it arrives in month {public['months']}."
    bar = masquerade_bar(public["masquerade"], public["masquerade_start"], public["veil_lifted"], SUMMARY_BAR)
    head.description = clip(f"{overtime}Masquerade {bar}\n**The Apollyon:** {boss}", EMBED_DESCRIPTION_MAX)
    sits = [situation_short(i + 1, s) for i, s in enumerate(public["situations"])]
    head.add_field(
        name=f"Situations ({len(sits)}/{public['slots']})",
        value=clip("\n".join(sits) or "none", FIELD_VALUE_MAX),
        inline=False,
    )
    loose = [anomaly_short(a) for a in public["public_zone"]]
    if len(loose) > LOOSE_SHOWN:  # a long game's list would push the table past a phone screen
        loose = [*loose[: LOOSE_SHOWN - 1], f"… and {len(loose) - LOOSE_SHOWN + 1} more"]
    head.add_field(
        name="Loose anomalies", value=clip("\n".join(loose) or "none", FIELD_VALUE_MAX), inline=False
    )
    if public["pile"]:
        cat = catalogue()
        pile = []
        for i, p in enumerate(public["pile"]):
            name = cat.assets[p["card"]].name if p["kind"] == "asset" else cat.characters[p["card"]].name
            taken = f": {who(p['claimed_by'])}" if p["claimed_by"] is not None else ""
            pile.append(f"{i + 1}. {name} ({p['kind']}){taken}")
        head.add_field(name="Draw pile", value=clip("\n".join(pile), FIELD_VALUE_MAX), inline=False)
    title = names or (lambda seat: f"Director {seat + 1}")
    for site in public["sites"]:
        head.add_field(
            name=f"Site {site['seat'] + 1} · {title(site['seat'])}",
            value=clip(site_summary(site, public), FIELD_VALUE_MAX),
            inline=False,
        )
    head.set_footer(text=TABLE_LEGEND)
    return [head]


def site_embeds(public: dict[str, Any], who: Callable[[int], str]) -> list[discord.Embed]:
    """Site details (a button on the table, answered privately): every site with each anomaly's
    class, threat, subdue and tokens, MTF members and who is away."""
    embeds = []
    per_site = max(200, (TABLE_TEXT_BUDGET - 200) // max(1, len(public["sites"])))
    for site in public["sites"]:
        text = clip(site_text(site, public), min(per_site, EMBED_DESCRIPTION_MAX))
        embeds.append(
            discord.Embed(
                title=f"Site {site['seat'] + 1}", description=f"{who(site['seat'])}\n{text}", colour=COLOUR
            )
        )
    if embeds:
        embeds[-1].set_footer(text=LEGEND)
    return embeds


def hand_embed(view: dict[str, Any], seat: int, notes: list[str], hint: str) -> discord.Embed:
    hand = view["private"]["characters"]
    site = view["public"]["sites"][seat]
    embed = discord.Embed(title=f"Your garrison ({plural(len(hand), 'character')})", colour=COLOUR)
    embed.description = clip(
        "\n".join(character_line(c) for c in hand) or "Nobody is at home.", EMBED_DESCRIPTION_MAX
    )
    embed.add_field(
        name="Your assets", value=f"{assets_text(site['pool'])} (spent {assets_text(site['spent'])})"
    )
    # Characters out with an MTF are not at home: say where they are, or the garrison looks emptied.
    teams = [
        f"MTF-0{i + 1}: {', '.join(character_line(c) for c in mtf['members'])} → {mission_text(mtf['mission'], view['public'])}"
        for i, mtf in enumerate(site["mtfs"])
        if mtf["members"]
    ]
    if teams:
        embed.add_field(name="Your MTFs", value=clip("\n".join(teams), FIELD_VALUE_MAX), inline=False)
    embed.add_field(name="Now", value=clip(hint, FIELD_VALUE_MAX), inline=False)
    embed.set_footer(text=LEGEND)
    if notes:
        embed.add_field(name="Recent", value=clip("\n".join(notes[-6:]), FIELD_VALUE_MAX), inline=False)
    return embed


def card_detail(name: str) -> str:
    """Any card's full text by name or id (for `/apollyon card`)."""
    cat = catalogue()
    key = name.strip().lower()
    for a in cat.anomalies.values():
        if key in (a.id, a.name.lower(), a.designation.lower()):
            return (
                f"**{a.name}** ({a.designation}, {a.cls}) — cost {assets_text(a.cost.model_dump())}, "
                f"Masquerade {a.masquerade}, Threat {a.threat}, Subdue {a.subdue}\n{a.text}"
            )
    for c in cat.characters.values():
        if key in (c.id, c.name.lower()):
            return f"**{c.name}**: {character_line({'card': c.id})}\n{c.text}"
    for e in cat.events.values():
        if key in (e.id, e.name.lower()):
            return f"**{e.name}** (event): {e.text}"
    for s in cat.assets.values():
        if key in (s.id, s.name.lower()):
            return f"**{s.name}** (asset): {s.text}"
    return f"No SCP: Apollyon card is called {name!r}."
