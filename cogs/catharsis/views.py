"""Catharsis buttons and selects, built from the engine's legal actions, and clicks turned back into commands.

A power is used in one pick from the "Use a power" select. Each option's value
is the whole command in a short code (`a.<slot>.<t|b>.<dice>.<target>.<ally>`).
Abilities that need more (dice to adjust, a power to replace, powers to heal, pool
dice to hand out) get a second, ephemeral select whose custom id carries that code.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.catharsis import commands as c
from bot.games.catharsis.cards import LEVELS, content
from cogs.catharsis import aside, companions, duo
from cogs.catharsis.render import ability_text, power_summary
from cogs.common.components import GameButton, GameSelect
from cogs.common.text import OPTION_DESCRIPTION_MAX, clip, plural, verb

SELECT_SIZE = 25


def _ints(text: str) -> list[int]:
    return [int(x) for x in text.split("-") if x != ""]


def _opt(text: str) -> int | None:
    return int(text) if text != "" else None


def encode(cmd: Any) -> str:
    if isinstance(cmd, c.Activate):
        dice = "-".join(map(str, cmd.dice))
        target = "" if cmd.target is None else cmd.target
        ally = "" if cmd.ally is None else cmd.ally
        return f"a.{cmd.slot}.{cmd.half[0]}.{dice}.{target}.{ally}" + (".b" if cmd.boost else "")
    if isinstance(cmd, c.Passive):
        dice = "-".join(map(str, cmd.dice))
        return f"p.{dice}.{'' if cmd.target is None else cmd.target}.{'' if cmd.value is None else cmd.value}"
    if isinstance(cmd, c.Flip):  # a value (Artrial's half to serve) is carried only when there is one
        return f"f.{'' if cmd.target is None else cmd.target}" + ("" if cmd.value is None else f".{cmd.value}")
    if isinstance(cmd, (c.SetAside, c.Serve)):
        return aside.encode(cmd)
    if isinstance(cmd, c.Bind):
        return companions.encode(cmd)
    if isinstance(cmd, c.DuoUse):
        return duo.encode(cmd)
    raise ValueError(f"cannot encode {cmd!r}")


def decode(code: str) -> dict[str, Any]:
    parts = code.split(".")
    if parts[0] == "a":
        _, slot, half, dice, target, ally, *boost = parts
        command: dict[str, Any] = {
            "type": "activate",
            "slot": int(slot),
            "half": "top" if half == "t" else "bottom",
            "dice": _ints(dice),
            "target": _opt(target),
            "ally": _opt(ally),
        }
        if boost == ["b"]:
            command["boost"] = True
        return command
    if parts[0] == "p":
        _, dice, target, value = parts
        return {"type": "passive", "dice": _ints(dice), "target": _opt(target), "value": _opt(value)}
    if parts[0] == "f":
        flip: dict[str, Any] = {"type": "flip", "target": _opt(parts[1])}
        if len(parts) > 2:
            flip["value"] = int(parts[2])
        return flip
    if parts[0] in ("s", "v"):
        return aside.decode(parts)
    if parts[0] == "l":
        return companions.decode(parts)
    if parts[0] == "d":
        return duo.decode(parts)
    raise ValueError(code)


def slot_ability(hero: dict[str, Any], slot: int, half: str) -> Any:
    """The ability a board place offers now (a song at its level)."""
    s = hero["board"][slot]
    return content().ability(s["card"], half, s.get("face", 0))


def needs_aim(pub: dict[str, Any], seat: int, command: dict[str, Any]) -> str | None:
    """What a second select must ask: 'adjust', 'replace', 'heal', 'store', 'gifts', ..., or None."""
    hero = pub["heroes"][seat]
    pair = companions.needs_aim(hero, command)
    if pair is not None:
        return pair
    if command["type"] == "duo":  # a half of a shared duo power that moves dice asks which
        ab = duo.ability(pub, seat, command["half"])
        return "adjust" if ab is not None and any(b["op"] == "adjust" for b in ab.do) else None
    if command["type"] == "activate":
        ab = slot_ability(hero, command["slot"], command["half"])
        ops = {b["op"]: b for b in (ab.do if ab else [])}
        if "adjust" in ops:
            return "adjust"
        # (Dimirith's Glass Eye bottom replaces a chosen power and then itself: look at every block.)
        if any(b["op"] == "replace" and b.get("which") == "target" for b in (ab.do if ab else [])):
            return "replace"
        if "heal" in ops and len(_healable(pub, seat, command)) > ops["heal"]["amount"]:
            return "heal"  # more exhausted powers than the heal: the healer picks which
        if ab is not None and ab.store and _store_choice(hero, ab.cost):
            return "store"  # Hidorian's Store top takes any dice: he picks which go to his pools
    if command["type"] == "passive" and hero["role"] == "leme":
        return "adjust"
    if command["type"] == "flip" and hero["role"] == "hidorian":
        return "gifts"
    if command["type"] == "flip" and hero["role"] == "dimirith":
        return "replace"
    if command["type"] == "flip" and hero["role"] == "aiden":
        return "levels"
    if command["type"] == "flip" and hero["role"] == "fizzleboom" and _recallable(hero) and "value" not in command:
        return "back"
    return None


def _store_choice(hero: dict[str, Any], cost: str) -> bool:
    """A Store top whose cost is any dice (`?`) leaves their choice to the player, when it is one:
    more unused dice than it takes, and not all of one value."""
    if companions.is_pair(hero):  # Briggs (a Store passed to him by the Godmind) pays with his own dice only
        return False
    free = [d["value"] for d in hero["dice"] if not d["used"]]
    return set(cost) == {"?"} and len(free) > len(cost) and len(set(free)) > 1


def _recallable(hero: dict[str, Any]) -> list[int]:
    """Fizzleboom & Burrr's own discarded powers, which their Flip may put back under the deck."""
    powers = content().powers
    return [i for i, card in enumerate(hero["discards"]) if card in powers and powers[card].role == hero["role"]]


def _healable(pub: dict[str, Any], seat: int, command: dict[str, Any]) -> list[int]:
    """The exhausted powers a heal could refresh (never the power being used)."""
    who = seat if command.get("ally") is None else command["ally"]
    board = pub["heroes"][who]["board"]
    return [i for i, s in enumerate(board) if not s["ready"] and not (who == seat and i == command["slot"])]


def aim_items(
    sid: int, pub: dict[str, Any], seat: int, code: str, kind: str, names: list[str]
) -> list[discord.ui.Item[Any]]:
    hero = pub["heroes"][seat]
    options: list[discord.SelectOption] = []
    least = most = 1
    if kind == "adjust":
        command = decode(code)
        spent = set(command.get("dice", []))
        by, most, up_to = 1, 1, True
        if command["type"] in ("activate", "duo"):
            ab = (
                slot_ability(hero, command["slot"], command["half"])
                if command["type"] == "activate"
                else duo.ability(pub, seat, command["half"])
            )
            block = next(b for b in (ab.do if ab else []) if b["op"] == "adjust")
            by, most, up_to = block["by"], block["dice"], block.get("up_to", True)
        steps = range(1, by + 1) if up_to else [by]  # without "up to" each die moves by the full amount
        for h in pub["heroes"]:
            for i, d in enumerate(h["dice"]):
                if d["used"] or d["value"] == 0 or (h["seat"] == seat and i in spent):
                    continue
                for delta in sorted({sign * k for k in steps for sign in (-1, 1)}):
                    if 1 <= d["value"] + delta <= 6:
                        die = companions.die_name(h, i, names[h["seat"]])
                        label = f"{die} ({d['value']}) {delta:+d} → {d['value'] + delta}"
                        options.append(
                            discord.SelectOption(label=label[:100], value=f"{h['seat']}.{i}.{delta}")
                        )
    elif kind == "replace":
        own = decode(code).get("slot")  # the power being used cannot replace itself
        flip = own is None  # Dimirith's Flip replaces only where a new power can be drawn
        for h in pub["heroes"]:
            for i, s in enumerate(h["board"]):
                if h["dead"] or (h["seat"] == seat and i == own) or (flip and not h["deck_count"]):
                    continue
                label = f"{names[h['seat']]}: {content().card_name(s['card'])}"
                state = "ready" if s["ready"] else "exhausted"
                options.append(
                    discord.SelectOption(
                        label=label[:100],
                        value=f"{h['seat']}.{i}",
                        description=f"{state}; " + (
                            "a new power from their deck takes its place, ready"
                            if h["deck_count"]
                            else "their deck is empty, so it is discarded"
                        ),
                    )
                )
    elif kind == "heal":
        command = decode(code)
        ab = slot_ability(hero, command["slot"], command["half"])
        most = next(b for b in (ab.do if ab else []) if b["op"] == "heal")["amount"]
        who = seat if command.get("ally") is None else command["ally"]
        for i in _healable(pub, seat, command):
            card = pub["heroes"][who]["board"][i]["card"]
            label = f"{names[who]}: {content().card_name(card)}"
            options.append(discord.SelectOption(label=label[:100], value=str(i), description=power_summary(card)))
    elif kind == "levels":  # Aiden's Flip: one song up two levels, or one or two down one
        most = 2
        for i, s in enumerate(hero["board"]):
            if not s["ready"] or not content().song(s["card"]):
                continue
            name, face = content().card_name(s["card"]), s.get("face", 0)
            for delta in (2, -1):
                to = min(3, face + delta)
                if to == face or to < 0:
                    continue
                way = "raise" if delta > 0 else "lower"
                after = content().ability(s["card"], "top", to)
                options.append(
                    discord.SelectOption(
                        label=f"{way.capitalize()} {name}: Level {LEVELS[face]} → {LEVELS[to]}"[:100],
                        value=f"{seat}.{i}.{delta}",
                        description=clip(ability_text(after), 100) if after else None,
                    )
                )
    elif kind == "store":  # exactly as many of his unused dice as the Store top takes
        command = decode(code)
        ab = slot_ability(hero, command["slot"], command["half"])
        least = most = len(ab.cost) if ab else 1
        for i, d in enumerate(hero["dice"]):
            if not d["used"]:
                value = "★ (wild)" if d["value"] == 0 else str(d["value"])
                options.append(discord.SelectOption(label=f"Die {i + 1}: {value}", value=str(i)))
    elif kind in ("lend", "echo"):  # Liara's Passive and Flip
        options, most = companions.aim_options(pub, seat, kind, names)
    elif kind == "back":  # Fizzleboom & Burrr's Flip: one discarded power goes under the deck, or none
        options.append(
            discord.SelectOption(label="Put nothing back", value="-1", description="Only flip the Role card")
        )
        for i in _recallable(hero)[-(SELECT_SIZE - 1) :]:
            card = hero["discards"][i]
            top = content().ability(card, "top")
            options.append(
                discord.SelectOption(
                    label=f"Put back {content().card_name(card)}"[:100],
                    value=str(i),
                    description=clip(ability_text(top), 100) if top else None,
                )
            )
    else:  # gifts
        most = 3
        for h in pub["heroes"]:
            if h["dead"] or not h["rolls"]:
                continue
            for v, n in sorted(hero.get("pools", {}).items()):
                if n:
                    options.append(
                        discord.SelectOption(
                            label=f"a {v} to {names[h['seat']]}"[:100], value=f"{h['seat']}.{v}"
                        )
                    )
    if not options:
        return []
    options = options[:SELECT_SIZE]
    return [
        GameSelect(
            sid,
            "aim",
            f"{kind[0]}{code}",
            options=options,
            placeholder=f"Pick {plural(least, 'die', 'dice')}" if kind == "store" else "Choose…",
            min_values=min(least, len(options)),
            max_values=min(most, len(options)),
        )
    ]


def power_used(pub: dict[str, Any], seat: int, code: str) -> str:
    """What an aimed command uses, for the answered follow-up's line: `Bountiful Harvest (top)`."""
    command = decode(code)
    if command["type"] == "activate":
        card = pub["heroes"][seat]["board"][command["slot"]]["card"]
        return f"{content().card_name(card)} ({command['half']})"
    if command["type"] == "duo":
        shared = duo.of(pub, seat)
        return f"{duo.card(shared).name if shared else 'Duo power'} ({command['half']})"
    return "Passive" if command["type"] == "passive" else "Role card flipped"


def aimed_command(arg: str, values: list[str]) -> dict[str, Any]:
    kind, code = arg[0], arg[1:]
    command = decode(code)
    if kind == "h":
        command["refresh"] = [int(v) for v in values]
        return command
    if kind == "b":
        command["value"] = None if values[0] == "-1" else int(values[0])
        return command
    if kind == "s":  # the dice a Store top banks
        command["dice"] = [int(v) for v in values]
        return command
    pairs = [[int(x) for x in v.split(".")] for v in values]
    if kind in ("a", "l", "e"):  # dice to adjust or Liara's to change, or Aiden's songs to move (place in `die`)
        command["adjust"] = [{"seat": s, "die": d, "delta": k} for s, d, k in pairs]
    elif kind == "r":
        command["ally"], command["ally_slot"] = pairs[0]
    else:
        command["gifts"] = [{"seat": s, "die": v, "delta": 0} for s, v in pairs]
    return command


def action_label(
    pub: dict[str, Any], seat: int, cmd: Any, foes: list[str], names: list[str] | None = None
) -> str:
    hero = pub["heroes"][seat]
    pair = companions.label(hero, cmd)
    if pair is not None:
        return pair
    at = f" → {foes[cmd.target]}" if getattr(cmd, "target", None) is not None and len(foes) > 1 else ""
    if getattr(cmd, "ally", None) is not None:
        who = names[cmd.ally] if names and cmd.ally < len(names) else f"player {cmd.ally + 1}"
        at += f" for {who}"
    if isinstance(cmd, c.DuoUse):
        return duo.label(pub, seat, cmd, at)
    if isinstance(cmd, c.Activate):
        card = hero["board"][cmd.slot]["card"]
        ab = slot_ability(hero, cmd.slot, cmd.half)
        dice = " ".join(
            "★" if hero["dice"][i]["value"] == 0 else str(hero["dice"][i]["value"]) for i in cmd.dice
        )
        paid = f" with {dice}" if dice else ""
        if ab is not None and ab.store and _store_choice(hero, ab.cost):
            paid = ", dice of your choice"  # asked next (needs_aim)
        boost = (" +Passive" if companions.is_pair(hero) else " +Spore") if cmd.boost else ""
        number = hero["board"][cmd.slot].get("number", 0)
        text = ability_text(ab, number) if ab else ""
        half = f"Level {LEVELS[hero['board'][cmd.slot].get('face', 0)]}" if content().song(card) else cmd.half
        return f"{content().card_name(card)} ({half}){boost}{paid}: {text}{at}"
    if isinstance(cmd, c.Passive):
        if hero["role"] == "aiden" and cmd.value is not None:
            song = hero["board"][cmd.value]
            to = LEVELS[min(3, song.get("face", 0) + 1)]
            return f"Passive: raise {content().card_name(song['card'])} to Level {to}"
        return f"Passive{f' (store a {cmd.value})' if cmd.value else ''}{at}"
    if isinstance(cmd, (c.SetAside, c.Serve)):
        return aside.label(hero, cmd) + at
    if hero["role"] == "fizzleboom" and isinstance(cmd, c.Flip) and cmd.value is not None:
        return f"Flip: put {content().card_name(hero['discards'][cmd.value])} back under your deck"
    if hero["role"] == "artrial" and isinstance(cmd, c.Flip):
        return f"Flip: serve everything set aside ({'bottoms' if cmd.value == 1 else 'tops'}){at}"
    return f"Flip your Role card{at}"


def action_description(pub: dict[str, Any], seat: int, cmd: Any, names: list[str] | None = None) -> str:
    """The line under a select option: what the power or Role card does, in full."""
    hero = pub["heroes"][seat]
    role = content().roles[hero["role"]]
    pair = companions.description(hero, cmd)
    if pair is not None:
        return pair
    if isinstance(cmd, c.DuoUse):
        return duo.description(pub, seat, cmd, names)
    if isinstance(cmd, c.Passive) and hero["role"] == "aiden" and cmd.value is not None:
        song = hero["board"][cmd.value]
        face = min(3, song.get("face", 0) + 1)
        after = content().ability(song["card"], "top", face)
        return f"Level {LEVELS[face]}: {ability_text(after)}" if after else role.passive
    if isinstance(cmd, c.Passive):
        return role.passive
    if isinstance(cmd, c.Flip):
        return role.flip
    if isinstance(cmd, (c.SetAside, c.Serve)):
        return aside.description(hero, cmd)
    slot = hero["board"][cmd.slot]
    ab = slot_ability(hero, cmd.slot, cmd.half)
    return ability_text(ab, slot.get("number", 0)) if ab else ""


def _unique(actions: list[Any]) -> list[Any]:
    seen: set[str] = set()
    out = []
    for a in actions:
        if encode(a) not in seen:
            seen.add(encode(a))
            out.append(a)
    return out


def with_targets(actions: list[Any], foes: list[int]) -> list[Any]:
    """Offer an aimed action once per standing foe when there is more than one."""
    out: list[Any] = []
    for a in actions:
        if getattr(a, "target", None) is not None and len(foes) > 1:
            out += [a.model_copy(update={"target": f}) for f in foes]
        else:
            out.append(a)
    return out


def with_values(actions: list[Any], hero: dict[str, Any] | None = None) -> list[Any]:
    """Hidorian's store: one choice per die value. Aiden's Passive: one per song that can rise."""
    out: list[Any] = []
    for a in actions:
        if isinstance(a, c.Passive) and a.value is not None and hero and hero["role"] == "aiden":
            rising = [
                i
                for i, s in enumerate(hero["board"])
                if s["ready"] and content().song(s["card"]) and s.get("face", 0) < 3
            ]
            out += [a.model_copy(update={"value": i}) for i in rising]
        elif isinstance(a, c.Passive) and a.value is not None:
            out += [a.model_copy(update={"value": v}) for v in range(1, 7)]
        else:
            out.append(a)
    return out


def with_allies(actions: list[Any], pub: dict[str, Any], seat: int) -> list[Any]:
    """Heal and prevent may go to any living hero: offer one choice per other hero as well."""
    others = [h["seat"] for h in pub["heroes"] if not h["dead"] and h["seat"] != seat]
    out: list[Any] = []
    for a in actions:
        out.append(a)
        if isinstance(a, c.Serve) and others and aside.serves(pub["heroes"][seat], a, ("heal", "prevent")):
            out += [a.model_copy(update={"ally": o}) for o in others]
        if not isinstance(a, c.Activate) or not others:
            continue
        ab = slot_ability(pub["heroes"][seat], a.slot, a.half)
        if ab and any(b["op"] in ("heal", "prevent") and not b.get("self_only") for b in ab.do):
            out += [a.model_copy(update={"ally": o}) for o in others]
    return out


def panel_items(
    sid: int, pub: dict[str, Any], seat: int, actions: list[Any], names: list[str]
) -> list[discord.ui.Item[Any]]:
    hero = pub["heroes"][seat]
    items: list[discord.ui.Item[Any]] = []
    roles = [a for a in actions if isinstance(a, c.ChooseRole)]
    if roles:
        opts = [
            discord.SelectOption(
                label=content().roles[a.role].name,
                value=a.role,
                description=clip(content().roles[a.role].blurb, OPTION_DESCRIPTION_MAX),
            )
            for a in roles
        ]
        return [GameSelect(sid, "role", options=opts, placeholder="Choose your role")]
    takes = [a for a in actions if isinstance(a, c.Take)]
    for t in takes[:4]:
        label = f"Take {t.points} of the party's damage" if t.points == 1 else "Take it (gentlest way)"
        items.append(
            GameButton(
                sid,
                "take",
                f"{t.packet}.{'' if t.points is None else t.points}",
                label=label,
                style=discord.ButtonStyle.danger,
            )
        )
    if takes:
        first = takes[0]
        options = (_wound_options(hero) + duo.wound_options(pub, seat))[:SELECT_SIZE]
        n = len(first.slots)
        if n and len(options) >= n:
            items.append(
                GameSelect(
                    sid,
                    "wound",
                    str(first.packet),
                    options=options,
                    placeholder=f"Or choose where {plural(n, 'point')} {verb(n, 'lands', 'land')}",
                    min_values=n,
                    max_values=n,
                )
            )
    votes = [a for a in actions if isinstance(a, c.CastVote)]
    for v in votes[:5]:
        items.append(
            GameButton(
                sid,
                "vote",
                str(v.option),
                label=pub["vote"]["options"][v.option],
                style=discord.ButtonStyle.primary,
            )
        )
    if any(isinstance(a, c.Roll) for a in actions):
        items.append(GameButton(sid, "roll", label="Roll", style=discord.ButtonStyle.success))
    rerolls = [a for a in actions if isinstance(a, c.Reroll)]
    if rerolls:
        opts = [
            discord.SelectOption(
                label=(companions.die_name(hero, i, "") if companions.is_pair(hero) else f"Die {i + 1}")
                + f": {hero['dice'][i]['value']}",
                value=str(i),
            )
            for i in rerolls[0].dice
        ]
        items.append(
            GameSelect(
                sid,
                "reroll",
                options=opts,
                placeholder="Reroll which dice?",
                min_values=1,
                max_values=len(opts),
            )
        )
    foes = [i for i, f in enumerate(pub["foes"]) if f["health"] > 0]
    foe_names = [f["name"] for f in pub["foes"]]
    playable = (c.Activate, c.SetAside, c.Serve, c.Bind, c.DuoUse, c.Passive, c.Flip)
    usable = with_targets([a for a in actions if isinstance(a, playable)], foes)
    usable = with_values(with_allies(usable, pub, seat), hero)
    # Choices that differ only in what a second select asks (Aiden's two Flips) are offered once.
    usable = _unique(usable)
    if usable:
        opts = [
            discord.SelectOption(
                label=action_label(pub, seat, a, foe_names, names)[:100],
                value=encode(a),
                description=clip(action_description(pub, seat, a, names), 100),
            )
            for a in usable[:SELECT_SIZE]
        ]
        items.append(GameSelect(sid, "use", options=opts, placeholder="Use a power or your Role card"))
    if any(isinstance(a, c.Done) for a in actions):
        items.append(
            GameButton(sid, "done", label="Done for this round", style=discord.ButtonStyle.secondary)
        )
    recovers = [a for a in actions if isinstance(a, c.Recover)]
    if recovers:
        opts = [
            discord.SelectOption(label=content().card_name(s["card"]), value=str(i), description=power_summary(s["card"]))
            for i, s in enumerate(hero["board"])
            if not s["ready"]
        ]
        if opts:
            items.append(
                GameSelect(
                    sid,
                    "recover",
                    options=opts,
                    placeholder="Refresh up to 2 powers",
                    min_values=1,
                    max_values=min(2, len(opts)),
                )
            )
        items.append(GameButton(sid, "recover", label="Refresh nothing", style=discord.ButtonStyle.secondary))
    claims = [a for a in actions if isinstance(a, c.Claim)]
    if claims and not claims[0].discard:  # a blessing (Dragon & Lich): nothing to give up
        name = content().card_name(pub["card"]) if pub.get("card") else "it"
        items.append(GameButton(sid, "claim", label=f"Take {name}"[:80], style=discord.ButtonStyle.primary))
    elif claims:
        n = len(claims[0].discard)
        opts = [
            discord.SelectOption(label=content().card_name(s["card"]), value=str(i), description=power_summary(s["card"]))
            for i, s in enumerate(hero["board"])
        ]
        items.append(
            GameSelect(
                sid,
                "claim",
                options=opts,
                placeholder=f"Give up {plural(n, 'power')} to claim it",
                min_values=n,
                max_values=n,
            )
        )
    if any(isinstance(a, c.Pass) for a in actions):
        items.append(GameButton(sid, "pass", label="Pass", style=discord.ButtonStyle.secondary))
    return items


def _wound_options(hero: dict[str, Any]) -> list[discord.SelectOption]:
    """Where damage may land: each option says how many points it takes and what it costs."""
    board = hero["board"]
    last = " It is your last power: you die." if len(board) == 1 else ""

    def option(label: str, value: str, effect: str) -> discord.SelectOption:
        return discord.SelectOption(label=label[:100], value=value, description=clip(effect, OPTION_DESCRIPTION_MAX))

    if content().roles[hero["role"]].damage_replaces and not hero["flipped"]:
        # Fizzleboom & Burrr's Passive: each point swaps a power (or discards one once the deck is empty).
        if hero["deck_count"]:
            return [
                option(f"Swap out {content().card_name(s['card'])}", f"{i}", "Takes 1 point. The top of your deck replaces it, ready.")
                for i, s in enumerate(board)
            ]
        return [
            option(f"Discard {content().card_name(s['card'])}", f"{i}", f"Takes 1 point. Your deck is empty: it is gone.{last}")
            for i, s in enumerate(board)
        ]
    options = []
    for i, s in enumerate(board):
        name = content().card_name(s["card"])
        if s["ready"]:
            options.append(option(f"Exhaust {name}", f"{i}", f"Takes 1 point. {name} stays, unusable until refreshed."))
            options.append(option(f"Exhaust and discard {name}", f"{i}.2", f"Takes 2 points. {name} is gone for good.{last}"))
        else:
            options.append(option(f"Discard {name}", f"{i}", f"Takes 1 point. {name} is gone for good.{last}"))
    return options[:SELECT_SIZE]


def wound_slots(values: list[str]) -> list[int]:
    slots: list[int] = []
    for v in values:
        i = int(v.split(".")[0])
        slots += [i, i] if v.endswith(".2") else [i]
    return slots


def command_for(
    verb: str, arg: str | None, values: list[str], take_slots: list[int] | None = None
) -> dict[str, Any] | None:
    if verb == "role" and values:
        return {"type": "role", "role": values[0]}
    if verb == "roll":
        return {"type": "roll"}
    if verb == "reroll" and values:
        return {"type": "reroll", "dice": [int(v) for v in values]}
    if verb == "done":
        return {"type": "done"}
    if verb == "pass":
        return {"type": "pass"}
    if verb == "vote" and arg is not None:
        return {"type": "vote", "option": int(arg)}
    if verb == "take" and arg is not None:
        packet, points = arg.split(".")
        return {"type": "take", "packet": int(packet), "points": _opt(points), "slots": take_slots or []}
    if verb == "wound" and arg is not None:
        return {"type": "take", "packet": int(arg), "slots": wound_slots(values)}
    if verb == "recover":
        return {"type": "recover", "slots": [int(v) for v in values]}
    if verb == "claim":
        return {"type": "claim", "discard": [int(v) for v in values]}
    if verb == "use" and values:
        return decode(values[0])
    if verb == "aim" and arg:
        return aimed_command(arg, values)
    return None
