"""Catharsis text and embeds, drawn from the public view only. Pure: no Discord calls."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.catharsis.boons import next_living
from bot.games.catharsis.cards import LEVELS, Ability, content
from bot.games.catharsis.costs import describe_cost, with_number
from bot.games.catharsis.morale import tier_name
from cogs.common.text import EMBED_DESCRIPTION_MAX, FIELD_VALUE_MAX, OPTION_DESCRIPTION_MAX, bar, clip, plural

COLOUR = discord.Colour.dark_red()
PHASES = {
    "roles": "Choosing roles",
    "between": "Between Boss deck cards",
    "special": "A Special is on offer",
    "attack": "Player attack phase",
    "recover": "After the fight: refresh up to 2 powers",
    "over": "Game over",
}


BOON_PRICES = {
    "price_hurt": "{n} damage to {who}",
    "price_discard": "{who} {discards} {n} power{s}",
    "price_exhaust": "{whose} first {n} ready power{s} are exhausted",
    "draw_self": "draw a power (if your board has room)",
}
PAYER = {"who": "the payer", "whose": "the payer's", "discards": "discards"}
YOU_PAY = {"who": "you", "whose": "your", "discards": "discard"}


def named_payer(name: str) -> dict[str, str]:
    """The words of a boon's price with the hero who pays it named (third person)."""
    return {"who": name, "whose": f"{name}'s", "discards": "discards"}


def block_text(block: dict[str, Any], payer: dict[str, str] | None = None) -> str:
    op = block["op"]
    n = block.get("amount", block.get("n", ""))
    if op == "damage":
        hits = block.get("hits", 1)
        return f"deal {n} damage" + (f" {hits} times" if hits > 1 else "")
    if op == "prevent":
        return f"prevent {n} damage" + (" to yourself" if block.get("self_only") else "")
    if op == "prevent_morale":
        return f"prevent {n} Morale loss"
    if op == "heal":
        return f"heal {n}" + (" (yourself)" if block.get("self_only") else "")
    if op == "adjust":
        upto = "" if block.get("up_to") is False else "up to "
        return f"adjust {upto}{plural(block['dice'], 'die')} by {upto}{block['by']}"
    if op == "replace":
        return (
            "replace this power" if block.get("which", "this") == "this" else "replace a power on any board"
        )
    if op == "spore":
        return f"{n} Spore on a foe"
    if op == "gain":
        return f"gain {n} {block['counter'].capitalize()}"
    if op == "sacrifice":
        return "then discard this power for good"
    if op == "assist":
        return "the next power this round dealing 3 or less deals double"
    if op == "chant":
        return f"the chant {'falls back' if int(n or 0) < 0 else 'swells'} {abs(int(n or 0))}"
    if op in BOON_PRICES:  # Dragon & Lich: what the hero after the claimant pays
        return BOON_PRICES[op].format(n=n, s="" if n == 1 else "s", **(payer or PAYER))
    return op.replace("_", " ") + (f" {n}" if n != "" else "")


def cost_text(cost: str, number: int = 0) -> str:
    """The cost as printed; on Dimirith's board `#` shows as the number of the power's place."""
    return describe_cost(with_number(cost, number) if number else cost)


def ability_text(ab: Ability, number: int = 0) -> str:
    parts = [block_text(b) for b in ab.do]
    if ab.store:
        parts.insert(0, "store these dice")
    text = f"[{cost_text(ab.cost, number)}{' from pools' if ab.pool else ''}] " + (", ".join(parts) or "nothing")
    if ab.boost:
        text += "; +Spore: " + ", ".join(block_text(b) for b in ab.boost)
    if ab.combo:
        text += " (Combo)"
    if ab.prep:
        text += f" (+{ab.prep} per Preparation)"
    if not ab.exhaust:
        text += " (does not exhaust)"
    return text


def power_summary(card: str) -> str:
    """A power's two halves in one plain line, for a select option's description."""
    top, bottom = content().ability(card, "top"), content().ability(card, "bottom")
    halves = [f"{half}: {ability_text(ab)}" for half, ab in (("Top", top), ("Bottom", bottom)) if ab]
    return clip(" · ".join(halves) or "No ability.", OPTION_DESCRIPTION_MAX)


def power_line(card: str, ready: bool, *, detail: bool = False, number: int = 0, face: int = 0) -> str:
    mark = "🟢" if ready else "⚫"
    name = content().card_name(card)
    if number:  # Dimirith's numbered places
        name = f"#{number} {name}"
    song = content().song(card)
    if song:  # Aiden's songs show the level they are at
        name += f" (Level {LEVELS[face]})"
    if content().turns(card) and face:
        name += " (turned)"
    if not detail:
        return f"{mark} {name}"
    top = content().ability(card, "top", face)
    bottom = content().ability(card, "bottom", face)
    text = f"{mark} **{name}**: {ability_text(top, number) if top else ''}"
    if bottom is not None:
        text += f" / {ability_text(bottom, number)}"
    if content().turns(card):  # Fizzleboom & Burrr: the other way up, reached by using this side
        other = [content().ability(card, h, 1 - face) for h in ("top", "bottom")]
        text += " · turned: " + " / ".join(ability_text(a) for a in other if a is not None)
    if song and face < 3:
        after = content().ability(card, "top", face + 1)
        text += f" · next, Level {LEVELS[face + 1]}: {ability_text(after) if after else ''}"
    elif song:
        text += " · then the song is spent (discarded)"
    return text


def dice_text(dice: list[dict[str, Any]]) -> str:
    if not dice:
        return "not rolled"
    return " ".join(
        ("~~" if d["used"] else "")
        + ("★" if d["value"] == 0 else str(d["value"]))
        + ("~~" if d["used"] else "")
        for d in dice
    )


# The cost symbols on every power, spelled out once under the panel.
COST_LEGEND = (
    "🟢 ready · ⚫ exhausted · costs: [5] a die showing 5 · [?] any die · [AA] dice of one value · "
    "[BB] another value · [12 or 34] either set · Combo: each cost once per round"
)

COUNT_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def pool_text(pools: dict[str, int]) -> str:
    """Hidorian's pools in words: 'one 1, one 3, five 4s' (not the cryptic '1×1 3×1 4×5')."""
    shown = []
    for face, n in sorted(pools.items(), key=lambda kv: int(kv[0])):
        if n:
            word = COUNT_WORDS[n] if n < len(COUNT_WORDS) else str(n)
            shown.append(f"{word} {face}" + ("s" if n != 1 else ""))
    return ", ".join(shown)


def counters_text(counters: dict[str, int], pools: dict[str, int]) -> str:
    # Flags rather than counts: Séalaithe's pledge to skip the next refresh, Briggs's Flip keeping his
    # powers this round; Liara's flipped Role card is shown with her Role card instead.
    flags = {"hold": "holding his rage", "keep": "Briggs keeps the powers he uses this round"}
    shown = [flags.get(k, f"{k} {v}") for k, v in counters.items() if v and k != "veil"]
    if pools:
        shown.append("pooled dice: " + pool_text(pools))
    return ", ".join(shown)


def aside_text(aside: list[dict[str, Any]]) -> str:
    """Artrial's dishes: 'Flambé (2 Preparation), Skewer (no Preparation yet)'."""
    return ", ".join(
        f"{content().card_name(d['card'])} ({plural(d['prep'], 'Preparation counter') if d['prep'] else 'no Preparation yet'})"
        for d in aside
    )


def hero_block(hero: dict[str, Any], name: str) -> tuple[str, str]:
    if not hero["role"]:
        return name, "choosing a role"
    role = content().roles[hero["role"]]
    title = f"{role.name}{' (fallen)' if hero['dead'] else ''}"
    lines = [f"{name} · Role card {'flipped' if hero['flipped'] else 'face up'}"]
    pair = bool(role.partner)
    if pair:  # Briggs and Liara: two Role cards
        veil = "flipped" if hero["counters"].get("veil") else "face up"
        lines[0] = f"{name} · Briggs {lines[0].split(' · Role card ')[1]}, {role.partner} {veil}"
    lines += [
        power_line(s["card"], s["ready"], number=s.get("number", 0), face=s.get("face", 0)) for s in hero["board"]
    ]
    extra = counters_text(hero["counters"], hero.get("pools", {}))
    if extra:
        lines.append(extra)
    if hero.get("aside"):
        lines.append("Set aside: " + aside_text(hero["aside"]))
    if pair and hero.get("essences"):
        from cogs.catharsis.companions import essence_text

        lines.append(essence_text(hero))
    if not hero["dead"] and hero["dice"]:
        from cogs.catharsis.companions import dice_line

        shown = dice_line(hero) if pair else dice_text(hero["dice"])
        lines.append(f"Dice: {shown}" + (" · done" if hero["done"] else ""))
    return title, clip("\n".join(lines), FIELD_VALUE_MAX)


# A summon's boon to the other foes, in a few words for the foe line (the Summoner's deck).
BOON_WORDS = {"blows": "others hit +1", "ward": "others take 1 less per hit"}


def foe_line(foe: dict[str, Any]) -> str:
    extra = [f"{k} {foe[k]}" for k in ("spores", "growth") if foe.get(k)]
    boon = content().encounters[foe["card"]].boon
    if boon:
        extra.append(BOON_WORDS[boon])
    tail = f" ({', '.join(extra)})" if extra else ""
    crown = "👑 " if foe["boss"] else ""
    return f"{crown}**{foe['name']}** {bar(foe['health'], foe['max_health'])}{tail}"


def morale_line(pub: dict[str, Any]) -> str:
    line = f"Morale {bar(max(pub['morale'], 0), pub['start_morale'])} · **{tier_name(pub['tier'])}**"
    chant = content().decks[pub["deck"]].chant_length(pub.get("party_size", 1))
    if chant:  # the Priest of the Unknown: the race is as plain to see as Morale
        line += f"\nChant {bar(pub.get('chant', 0), chant)} (full: the party is erased)"
        saved, left = pub.get("saved", 0), pub.get("left", 0)
        if saved or left:
            line += f" · villagers saved {saved}, left behind {left}"
    return line


def table_embed(pub: dict[str, Any], names: list[str]) -> discord.Embed:
    deck = content().decks[pub["deck"]]
    lines = [
        morale_line(pub),
        f"{PHASES.get(pub['phase'], pub['phase'])}" + (f" · round {pub['round']}" if pub["foes"] else ""),
    ]
    lines += [foe_line(f) for f in pub["foes"] if f["health"] > 0]
    lines.append(f"Boss deck: {plural(pub['deck_left'], 'card')} left")
    if pub.get("duos"):
        from cogs.catharsis.duo import table_line

        lines += table_line(pub, names)
    if pub.get("merged"):
        lines.append(f"Powers passed between boards: {pub['merged']} (the Godmind's blows +{pub['merged'] // 2})")
    if pub.get("set_aside"):
        aside = ", ".join(content().card_name(c) for c in pub["set_aside"])
        lines.append(f"Set aside: {aside}")
    lines += deck_lines(pub)
    if pub["phase"] == "special" and pub.get("card") and (price := price_line(pub, names)):
        lines.append(price)
    if pub.get("quarry") is not None and not any(f["boss"] for f in pub["foes"]):
        lines.append(f"The Boss has fled into the deck with {pub['quarry']} health left.")
    if pub["vote"]:
        v = pub["vote"]
        tally = ", ".join(
            f"{o}: {sum(1 for x in v['votes'].values() if x == i)}" for i, o in enumerate(v["options"])
        )
        lines.append(f"**Vote:** {v['question']} ({tally})")
    for p in pub["packets"]:
        lines.append(f"**Damage waiting:** {packet_text(p, names)}")
    embed = discord.Embed(
        title=f"Catharsis: the hunt for {deck.name}",
        description=clip("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=COLOUR,
    )
    for hero in pub["heroes"]:
        name = names[hero["seat"]] if hero["seat"] < len(names) else f"seat {hero['seat'] + 1}"
        title, value = hero_block(hero, name)
        embed.add_field(name=title, value=value, inline=True)
    return embed


def deck_lines(pub: dict[str, Any]) -> list[str]:
    """The Summoner's deck: which lesser Boss comes next, and whom he can call back. The Avatar's:
    the realm the party is in and the Power the Avatar has gathered."""
    deck = content().decks[pub["deck"]]
    lines = []
    if deck.grows:
        where = f"In {deck.realms[pub['realm']]} · " if pub.get("realm") in deck.realms else ""
        lines.append(f"{where}The Avatar's Power: {pub.get('power', 0)} (it grows with every card revealed)")
    if not deck.sequence:
        return lines
    done = pub.get("summoned", 0)
    if done < len(deck.sequence):
        nxt = content().encounters[deck.sequence[done]].name
        lines.append(f"Summons: {done} of {len(deck.sequence)} called up; next, {nxt}")
    bound = pub.get("bound", [])
    if bound and any(f["boss"] for f in pub["foes"]):
        left = content().encounters[deck.boss].recall - pub.get("recalls", 0)
        if left > 0:
            names = ", ".join(content().card_name(c) for c in bound[-left:])
            lines.append(f"He can call back {plural(left, 'more summon')}: {names}")
    return lines


def packet_text(p: dict[str, Any], names: list[str]) -> str:
    who = names[p["seat"]] if p["seat"] is not None and p["seat"] < len(names) else None
    if p["mode"] == "discard":
        kind = "" if p["only"] == "any" else f"{p['only']} "
        return f"{who} discards {plural(p['amount'], kind + 'power')}"
    if p["mode"] == "seat":
        return f"{p['amount']} damage to {who}"
    if p["mode"] == "player":
        return f"{p['amount']} damage to one hero (the party picks; whoever takes it first)"
    return f"{p['amount']} damage to the party, shared as you like"


def panel_embed(
    pub: dict[str, Any], seat: int, notes: list[str], prompt: str, names: list[str] | None = None
) -> discord.Embed:
    hero = pub["heroes"][seat]
    if not hero["role"]:
        lines = ["Pick your role below. Each role plays differently:"]
        taken = {h["role"] for h in pub["heroes"]}
        for r in content().roles.values():
            if r.id not in taken:
                lines.append(f"**{r.name}**, {r.title}: {r.blurb}")
        return discord.Embed(
            title="Catharsis: your role",
            description=clip("\n".join(lines), EMBED_DESCRIPTION_MAX),
            colour=COLOUR,
        )
    role = content().roles[hero["role"]]
    lines = [f"*{prompt}*", ""]
    lines += [
        f"{i + 1}. {power_line(s['card'], s['ready'], detail=True, number=s.get('number', 0), face=s.get('face', 0))}"
        for i, s in enumerate(hero["board"])
    ]
    lines.append("")
    lines.append(f"**Passive**{' (off: flipped)' if hero['flipped'] else ''}: {role.passive}")
    lines.append(f"**Flip**: {role.flip}")
    shown = dice_text(hero["dice"])
    if role.partner:  # Liara's Role card, essences and dice
        from cogs.catharsis.companions import dice_line, panel_lines

        lines += panel_lines(hero)
        shown = dice_line(hero)
    if pub.get("duos"):
        from cogs.catharsis.duo import panel_lines as duo_lines

        lines += duo_lines(pub, seat, names)
    if hero["dice"]:
        lines.append(f"**Dice:** {shown} · rerolls left {max(0, 3 - hero['rolls'])}")
    extra = counters_text(hero["counters"], hero.get("pools", {}))
    if extra:
        lines.append(f"**Counters:** {extra}")
    if hero.get("aside"):
        lines.append(f"**Set aside** (served at 2 or more): {aside_text(hero['aside'])}")
    if hero["shield"]:
        lines.append(f"**Prevented damage ready:** {hero['shield']}")
    embed = discord.Embed(
        title=f"{role.name}, {role.title}",
        description=clip("\n".join(lines), EMBED_DESCRIPTION_MAX),
        colour=COLOUR,
    )
    embed.add_field(
        name="Table",
        value=clip(
            morale_line(pub) + "\n" + "\n".join(foe_line(f) for f in pub["foes"] if f["health"] > 0),
            FIELD_VALUE_MAX,
        ),
        inline=False,
    )
    if notes:
        embed.add_field(name="Recent", value=clip("\n".join(notes[-5:]), FIELD_VALUE_MAX), inline=False)
    legend = COST_LEGEND
    if role.numbered:
        legend += " · [#] a die showing the power's number"
    embed.set_footer(text=legend)
    return embed


def special_offer(card: Any, payer: str | None = None) -> str:
    """What claiming the Special on offer costs and gives, and who pays a boon's price: `payer` is
    the name of the hero who would pay it if this player claimed it ("" for the player themself)."""
    gain = ability_text(card.ability) if card.ability is not None else ", ".join(block_text(b) for b in card.gift)
    text = (
        f"{card.name}: give up {plural(card.sacrifice, 'power')} to gain it ({gain})"
        if card.sacrifice
        else f"{card.name}: take it to {gain}"
    )
    if card.price:
        if payer is None:
            text += "; the next hero after you in seat order pays its price: "
            words = PAYER
        elif payer:
            text += f"; if you take it, {payer} (the next hero after you) pays its price: "
            words = named_payer(payer)
        else:
            text += "; fighting alone, you pay its price yourself: "
            words = YOU_PAY
        text += ", ".join(block_text(b, words) for b in card.price)
    return text + ". Or pass."


def price_line(pub: dict[str, Any], names: list[str]) -> str:
    """The public table while a boon is on offer: who pays its price, whoever claims it (third person)."""
    card = content().encounters[pub["card"]]
    if not card.price:
        return ""
    dead = [h["dead"] for h in pub["heroes"]]
    pairs = [
        (names[s], names[next_living(dead, s)])
        for s in range(len(dead))
        if not dead[s] and s < len(names) and next_living(dead, s) < len(names)
    ]
    if len(pairs) == 1:
        return f"{card.name}'s price falls on {pairs[0][0]} alone: " + ", ".join(
            block_text(b, named_payer(pairs[0][0])) for b in card.price
        )
    who = "; ".join(f"{payer} pays if {claimant} takes it" for claimant, payer in pairs)
    return f"{card.name}'s price ({', '.join(block_text(b) for b in card.price)}): {who}"


def prompt_for(pub: dict[str, Any], seat: int, names: list[str] | None = None) -> str:
    """One line telling this player what the game wants from them now (`names` names the heroes)."""
    hero = pub["heroes"][seat]
    if pub["phase"] == "over":
        return "The game is over."
    if pub["phase"] == "roles":
        return "Choose your role." if not hero["role"] else "Waiting for the others to choose roles."
    if hero["dead"]:
        return "Your hero has fallen; cheer the party on."
    if pub["packets"]:
        role = content().roles[hero["role"]]
        if role.damage_replaces and not hero["flipped"]:
            return "Damage must be taken: each point swaps one of your powers for the top of your deck."
        return "Damage must be taken: each point exhausts a ready power or discards an exhausted one."
    if pub["vote"]:
        voted = str(seat) in pub["vote"]["votes"] or seat in pub["vote"]["votes"]
        return "You have voted; waiting for the party." if voted else f"Vote: {pub['vote']['question']}"
    if pub["phase"] == "attack":
        if hero["done"]:
            return "You are done for this round."
        return (
            "Roll, reroll up to twice, use powers, then press Done." if hero["rolls"] else "Roll your dice."
        )
    if pub["phase"] == "recover":
        return "Refresh up to 2 exhausted powers."
    if pub["phase"] == "special":
        payer = next_living([h["dead"] for h in pub["heroes"]], seat)
        who = None if names is None or payer >= len(names) else ("" if payer == seat else names[payer])
        return special_offer(content().encounters[pub["card"]], who)
    return "Waiting."
