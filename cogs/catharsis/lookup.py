"""`/catharsis card`: every role, power and Boss deck card, described from the card data."""

from __future__ import annotations

from typing import Any

import discord

from bot.games.catharsis.avatar import POWER_PER_BLOW
from bot.games.catharsis.cards import LEVELS, Attack, BossDeck, Encounter, Scaled, content
from bot.games.catharsis.duo import DuoCard
from bot.games.catharsis.duo import cards as duo_cards
from bot.games.catharsis.morale import DIFFICULTIES, TOUGHNESS, TOUGHNESS_BY_SIZE
from cogs.catharsis.render import COLOUR, ability_text, block_text
from cogs.common.help import unique_names
from cogs.common.text import EMBED_DESCRIPTION_MAX, FIELD_VALUE_MAX, clip, plural

ATTACKS = {
    "player": "{n} damage to one hero (the party picks who)",
    "party": "{n} damage to the party, shared as the heroes choose",
    "each": "{n} damage to every hero",
    "morale": "the party loses {n} Morale",
    "discard_each": "every hero discards {n} {powers}",
    "burn_each": "every hero takes {n} Burn",
}


# What a Boss deck card does outside a fight, in words; other blocks read as the powers' text does.
EFFECTS = {
    "gain_morale": "the party gains {n} Morale",
    "lose_morale": "the party loses {n} Morale",
    "hurt_each": "{n} damage to every hero",
    "hurt_party": "{n} damage to the party, shared as the heroes choose",
    "hurt_player": "{n} damage to one hero of the party's choosing",
    "refresh_each": "every hero refreshes {n} {powers}",
    "draw_each": "every hero draws a power",
    "burn_each": "every hero takes {n} Burn",
    "growth": "the Horrific Mass banks {n} Growth",
    "no_reroll_next": "nobody may reroll in the next combat round",
    "fewer_dice_next": "every hero rolls {n} fewer {dice} in the next combat round",
    "discard_each": "every hero discards {n} {powers}",
    "heal_foes": "every standing foe heals {n}",
    "exchange": "each hero passes their first power to the next hero, or a lone hero replaces it",
    "wound_quarry": "the fleeing Boss loses {n} health, never below 1",
    "save_villager": "a villager is saved",
    "leave_villager": "a villager is left behind",
}


SIZES = "a/b/c/d: the number for a party of 1/2/3/4 heroes (the party's size when the game began)."
SIZES_SIX = "a/b/c/d/e/f: the number for a party of 1 to 6 heroes (the party's size when the game began)."
BOONS = {
    "blows": "every other standing foe deals 1 more damage with each blow",
    "ward": "every other standing foe takes 1 less damage from each hit",
}


def by_size(value: Scaled) -> str:
    """A number that grows with the party: '3', or '2/3/4/5' for 1/2/3/4 heroes (see SIZES)."""
    if isinstance(value, int):
        return str(value)
    return "/".join(map(str, value))


def attack_text(attack: Attack) -> str:
    n = by_size(attack.amount)
    return ATTACKS[attack.kind].format(n=n, powers="power" if n == "1" else "powers")


def effect_text(block: dict[str, Any]) -> str:
    n = by_size(block.get("amount", block.get("n", 1)))
    words = EFFECTS.get(block["op"])
    if block["op"] == "enter_realm":
        deck = next(d for d in content().decks.values() if block["realm"] in d.realms)
        cards = sum(c.copies for c in content().deck_cards(deck.id) if c.realm == block["realm"])
        return f"the party crosses into {deck.realms[block['realm']]} ({cards} cards)"
    if block["op"] == "chant":
        amount = int(block.get("amount", 1))
        return f"the chant {'swells' if amount > 0 else 'falls back'} {abs(amount)}"
    if block["op"] == "discard_each" and block.get("only", "any") != "any":
        words = "every hero discards {n} " + block["only"] + " {powers}"
    one = n == "1"
    return words.format(n=n, powers="power" if one else "powers", dice="die" if one else "dice") if words else block_text(block)


def effects(blocks: list[dict[str, Any]]) -> str:
    return ", ".join(effect_text(b) for b in blocks)


def deck_choice(deck: BossDeck) -> str:
    """The Boss select's line for a deck: its name, whether it is a challenge deck, and what it is about."""
    kind = f" (challenge, 1-{deck.most_players} heroes)" if deck.challenge else ""
    return f"{deck.name[:1].upper()}{deck.name[1:]}{kind}: {deck.blurb}"


def card_names() -> dict[str, str]:
    book = content()
    cards = [(r.id, r.name, "role") for r in book.roles.values()]
    cards += [(p.id, p.name, f"{book.roles[p.role].name} power") for p in book.powers.values()]
    cards += [(e.id, e.name, e.kind) for e in book.encounters.values()]
    cards += [(d.id, d.name, "duo power") for d in duo_cards().values()]
    return unique_names(cards)


def card_embed(card_id: str) -> discord.Embed:
    book = content()
    if card_id in book.roles:
        role = book.roles[card_id]
        embed = discord.Embed(title=f"{role.name}, {role.title}", description=role.blurb, colour=COLOUR)
        embed.add_field(name="Passive", value=clip(role.passive, FIELD_VALUE_MAX), inline=False)
        embed.add_field(name="Flip", value=clip(role.flip, FIELD_VALUE_MAX), inline=False)
        if role.partner:  # Briggs and Liara: her own Role card, and how the pair plays
            embed.description = f"{role.blurb}\n\n{role.rules}"
            embed.add_field(name=f"{role.partner}'s Passive", value=clip(role.partner_passive, FIELD_VALUE_MAX), inline=False)
            embed.add_field(name=f"{role.partner}'s Flip", value=clip(role.partner_flip, FIELD_VALUE_MAX), inline=False)
        return embed
    if card_id in duo_cards():
        return duo_embed(duo_cards()[card_id])
    if card_id in book.powers:
        power = book.powers[card_id]
        lines = [f"{book.roles[power.role].name}'s power."]
        if power.levels:
            lines += [f"Level {LEVELS[i]}: {ability_text(a)}" for i, a in enumerate((power.top, *power.levels))]
            lines.append("Using the song moves it up a level instead of exhausting it; at Level IV it is then discarded.")
        else:
            lines.append(f"Top: {ability_text(power.top)}")
            if power.bottom is not None:
                lines.append(f"Bottom: {ability_text(power.bottom)}")
            if power.turned is not None:
                lines.append(f"Turned around, top: {ability_text(power.turned.top)}")
                if power.turned.bottom is not None:
                    lines.append(f"Turned around, bottom: {ability_text(power.turned.bottom)}")
                lines.append("Using an ability turns the card around instead of exhausting it.")
            else:
                lines.append("Costs are paid with your own unused dice; using a half exhausts the power.")
        if "#" in power.top.cost + (power.bottom.cost if power.bottom else ""):
            lines.append("# is a die showing the number (1-6) of the place this power holds on the board.")
        return discord.Embed(title=power.name, description="\n".join(lines), colour=COLOUR)
    return encounter_embed(book.encounters[card_id])


def toughness_text(ladder: dict[int, list[int]] | None = None) -> str:
    """'New Questors 90%, Veterans 110%, Last Ditch 115% (for 1 hero 88%, 113%, 118%; ...)': the house
    rule in bot.games.catharsis.morale, with the party sizes that have their own; a deck's own ladder
    (`ladder`) replaces a size's slope and says so."""
    names = {"new-questors": "New Questors", "veterans": "Veterans", "last-ditch": "Last Ditch"}
    text = ", ".join(f"{names[level]} {pct}%" for level, pct in TOUGHNESS.items() if level in names)
    own = ladder or {}
    slopes = {size: [table[level] for level in DIFFICULTIES] for size, table in TOUGHNESS_BY_SIZE.items()}
    sizes = [
        f"for {plural(size, 'hero', 'heroes')} "
        + ", ".join(f"{pct}%" for pct in (pcts[0], *pcts[2:]))
        + (" in this deck" if size in own else "")
        for size, pcts in sorted({**slopes, **own}.items())
    ]
    return text + (f" ({'; '.join(sizes)})" if sizes else "")


def encounter_embed(card: Encounter) -> discord.Embed:
    deck = content().decks.get(card.deck)
    lines = [f"{card.kind.capitalize()}" + (f" in the Boss deck of {deck.name}" if deck else "") + "."]
    if card.health:
        lines.append(f"Health {by_size(card.health)}" + (f", armour {card.armor}" if card.armor else "") + ".")
        ladder = deck.ladder if deck else None
        lines.append(f"That health is for Adventurers; other difficulties scale it: {toughness_text(ladder)}.")
    if card.attacks:
        lines.append("Attacks: " + "; ".join(attack_text(a) for a in card.attacks) + ".")
    for label, blocks in (
        ("When revealed", card.on_reveal),
        ("At once", card.do),
        ("When beaten", card.on_defeat),
        ("At each later fight", card.linger),
    ):
        if blocks:
            lines.append(f"{label}: {effects(blocks)}.")
    if card.choices:
        lines.append("The party votes: " + "; or ".join(f"{c.label} ({effects(c.do)})" for c in card.choices) + ".")
    if card.ability is not None:
        cost = f"{card.sacrifice} power" + ("s" if card.sacrifice != 1 else "")
        lines.append(f"Claim it by discarding {cost}; it then gives: {ability_text(card.ability)}")
    if card.flee:
        lines.append(
            f"Each round she survives she slips {card.flee} cards deeper into the Boss deck, keeping her wounds"
            + (f" ({effects(card.on_flee)})" if card.on_flee else "")
            + "; killing her at any sighting wins."
        )
    if card.cornered:
        lines.append("Cornered (no card left to hide in), she adds: " + "; ".join(attack_text(a) for a in card.cornered) + ".")
    if card.round_end:
        lines.append(f"At the end of every round while it stands: {effects(card.round_end)}.")
    if card.unity:
        lines.append("Its blows grow by 1 for every 2 powers the party has passed between boards.")
    if card.spurns_borrowed:
        lines.append("It takes no damage from a power used by a hero who did not start with it.")
    if card.recurring:
        lines.append("The first time it is met it also creeps back into the Boss deck, somewhere above the Boss.")
    if card.summon:
        pet = content().encounters[card.summon].name
        lines.append(f"At the end of every round it calls up a {pet}, while fewer than {card.summon_cap} stand.")
    if card.aside:
        lines.append("The party may set it aside instead of facing it; the King's guard feeds on every card set aside.")
    if card.regenerate:
        lines.append(
            "Regenerates: at each round's end it knits 1 health per card set aside; when it falls while any"
            " remain, one is used up and it rises again at full health. Once Rizardo falls it rises no more."
        )
    if card.frenzy:
        lines.append(
            "Frenzy (once his guard can rise no more), he adds: " + "; ".join(attack_text(a) for a in card.frenzy) + "."
        )
    if card.minions:
        lines.append("Fights beside: " + ", ".join(content().encounters[m].name for m in card.minions) + ".")
    lines += challenge_lines(card)
    text = "\n".join(lines)
    embed = discord.Embed(title=card.name, description=clip(text, EMBED_DESCRIPTION_MAX), colour=COLOUR)
    if "/" in text:
        six = any(isinstance(v, list) and len(v) == 6 for v in (card.health, *(a.amount for a in card.attacks)))
        embed.set_footer(text=SIZES_SIX if six else SIZES)
    return embed


def duo_embed(d: DuoCard) -> discord.Embed:
    """A duo power: who pays which half, each half, and the bonus for both in one round."""
    book = content()
    if d.roles:
        top, bottom = (book.roles[r].name for r in d.roles)
        who = f"Shared by {top} (top) and {bottom} (bottom)."
    else:
        who = "Shared by any pair without a duo power of its own; the earlier seat pays the top."
    lines = [d.blurb, who, f"Top: {ability_text(d.top)}", f"Bottom: {ability_text(d.bottom)}"]
    bonus = ", ".join(block_text(b) for b in d.bonus)
    lines.append(f"Both halves in one round: {bonus}; then the card is exhausted.")
    lines.append("Either partner may take damage on it. It is never replaced.")
    return discord.Embed(title=f"{d.name} (duo power)", description="\n".join(lines), colour=COLOUR)


def challenge_lines(card: Encounter) -> list[str]:
    """The challenge decks' own rules on a card: summons and boons, boons' prices, realms, villagers, recalls."""
    lines = []
    if card.summons:
        n = "the next lesser Boss" if card.summons == 1 else f"the next {card.summons} lesser Bosses"
        lines.append(f"A fight against {n} in the Summoner's order.")
    if card.boon:
        lines.append(f"Its boon, while it stands: {BOONS[card.boon]}.")
    if card.gift:
        lines.append(f"A blessing: the hero who takes it gains at once: {effects(card.gift)}.")
    if card.price:
        lines.append(f"Its price, paid by the next living hero after the one who claims it: {effects(card.price)}.")
    if card.realm:
        lines.append(f"Met only in {content().decks[card.deck].realms[card.realm]}, if a crossroads leads there.")
    if card.crossroads:
        lines.append("A crossroads: the party votes which realm to enter; the other is never seen.")
    if card.empower:
        lines.append(
            f"It gains 1 Power for every Boss deck card revealed once the party has entered a realm; when met, each Power adds"
            f" {by_size(card.empower)} health and every {POWER_PER_BLOW} Power add 1 to each of its blows."
        )
    if card.villager_wound:
        lines.append(
            f"Each villager saved takes {by_size(card.villager_wound)} health off him when he is revealed"
            " and quiets the chant by 1; each villager left behind adds 1 to each of his blows."
        )
        lines.append(f"His chant erases the party once its track is full: {by_size(content().decks[card.deck].chant)} steps.")
    if card.recall:
        lines.append(
            f"At the end of each round, while fewer than 2 other foes stand, he calls back the summon beaten"
            f" most recently at half health (at most {card.recall} times). When he falls, they fade with him."
        )
    return lines
