"""Apocrypha's buttons and selects, built from the engine's legal actions, and clicks turned back
into commands.

Custom ids stay short: the verb is the command's type (or a guide verb) and the argument is a
virtue, a seat, an option number or a card instance. Cards to play come from a select whose
values carry the card, the power and the choices it needs (see `play_value`).
"""

from __future__ import annotations

from typing import Any

import discord

from bot.games.apocrypha.cards import CardBook
from bot.games.apocrypha.commands import (
    Answer,
    AssistCheck,
    Attempt,
    EndActiveTurn,
    EndMission,
    EndTurn,
    Focus,
    Guard,
    Investigate,
    Keep,
    Move,
    Next,
    Offer,
    Play,
    Present,
    Reroll,
    ResetHand,
    Roll,
    SacrificeFragment,
    Seal,
    StartTurn,
    Take,
)
from bot.games.apocrypha.context import play_option_words
from bot.games.apocrypha.state import card_id
from cogs.apocrypha.render import card_text, namer, nexus_summary
from cogs.common.components import GameButton, GameSelect
from cogs.common.text import OPTION_DESCRIPTION_MAX, clip

ROWS = 5
PER_ROW = 5
WRITE = "__write"  # the mutation select's "Write your own…": opens the guide's form
NEXT_LABEL = {
    "avoid": "Face it (to Initiate)",
    "initiate": "On to Act",
    "act": "Make no check (you lose)",
    "terminate": "Finish the confrontation",
}


def _label(text: str) -> str:
    return text[:80]


def saint_items(
    sid: int,
    book: CardBook,
    public: dict[str, Any],
    seat: int,
    actions: list[Any],
    hand: tuple[str, ...] | list[str] = (),
) -> list[discord.ui.Item[Any]]:
    """A saint's controls: what they may do now, as buttons, plus selects for cards and places."""
    name = namer(book, public)
    buttons: list[discord.ui.Item[Any]] = []
    selects: list[discord.ui.Item[Any]] = []
    pending = next((p for p in public.get("pending", []) if p["seat"] == seat), None)
    plays: list[Play] = []
    omens: list[Investigate] = []
    moves: list[Move] = []
    trades: list[Offer | Take] = []
    forget: list[SacrificeFragment] = []
    picks: list[Answer] = []
    for act in actions:
        if isinstance(act, Answer) and pending and pending.get("kind") in PICK_KINDS:
            picks.append(act)
        elif isinstance(act, Answer):
            buttons.append(_answer_button(sid, pending, act))
        elif isinstance(act, (Offer, Take)):
            trades.append(act)
        elif isinstance(act, SacrificeFragment):
            forget.append(act)
        elif isinstance(act, Next):
            buttons.append(
                GameButton(sid, "next", label=_next_label(public, seat), style=discord.ButtonStyle.primary)
            )
        elif isinstance(act, Attempt):
            buttons.append(
                GameButton(
                    sid,
                    "attempt",
                    act.virtue,
                    label=f"Attempt with {act.virtue.capitalize()}",
                    style=discord.ButtonStyle.primary,
                )
            )
        elif isinstance(act, AssistCheck):
            buttons.append(
                GameButton(sid, "assist", act.virtue, label=f"Assist with {act.virtue.capitalize()}")
            )
        elif isinstance(act, Roll):
            buttons.append(GameButton(sid, "roll", label="Roll the dice", style=discord.ButtonStyle.success))
        elif isinstance(act, Keep):
            buttons.append(
                GameButton(sid, "keep", label="Keep the best three", style=discord.ButtonStyle.success)
            )
        elif isinstance(act, Reroll):
            arg = ".".join(str(d) for d in act.dice) + f"~{act.assist if act.assist is not None else ''}"
            dice = ", ".join(f"d{d + 1}{_die_value(public, d)}" for d in act.dice)
            buttons.append(GameButton(sid, "reroll", arg, label=f"Reroll {dice} (assist)"))
        elif isinstance(act, Investigate):
            if act.omen is None:
                buttons.append(
                    GameButton(sid, "investigate", label="Investigate", style=discord.ButtonStyle.primary)
                )
            else:
                omens.append(act)
        elif isinstance(act, Move):
            moves.append(act)
        elif isinstance(act, (Seal, Guard)):
            buttons.append(_requirement_button(sid, act, name))
        elif isinstance(act, EndTurn):
            buttons.append(
                GameButton(sid, "end_turn", label="End turn (reset)", style=discord.ButtonStyle.danger)
            )
        elif isinstance(act, ResetHand):
            buttons.append(GameButton(sid, "reset", label="Reset my hand"))
        elif isinstance(act, Focus):
            mine = next((c for c in public.get("opponents", []) if c["seat"] == seat), None)
            vs = f" vs. {name(mine['card'])}" if mine else ""
            buttons.append(
                GameButton(sid, "focus", label=_label(f"Take my turn{vs}"), style=discord.ButtonStyle.primary)
            )
        elif isinstance(act, Play):
            plays.append(act)
    if plays:
        halo = public.get("saints", {}).get(str(seat), {}).get("halo", {})
        options = []
        for p in plays[:25]:
            label = name(p.card) + (f" (power {p.power + 1})" if p.power else "") + _choices(p, name, public, book)
            options.append(
                discord.SelectOption(
                    label=label[:100],
                    value=play_value(p, list(hand), halo),
                    description=_power_text(book, p) or None,
                )
            )
        selects.append(GameSelect(sid, "play", options=options, placeholder="Play a card's power…"))
    if omens:
        options = [
            discord.SelectOption(
                label=name(o.omen or "")[:100],
                value=o.omen or "",
                description=clip(card_text(book, o.omen or "", public), OPTION_DESCRIPTION_MAX) or None,
            )
            for o in omens[:25]
        ]
        selects.append(
            GameSelect(sid, "investigate", "omen", options=options, placeholder="Investigate with an omen…")
        )
    if moves:
        places = public.get("nexuses", {})
        options = [
            discord.SelectOption(
                label=places.get(m.nexus, {}).get("name", m.nexus)[:100],
                value=m.nexus,
                description=nexus_summary(book, places[m.nexus]) if m.nexus in places else None,
            )
            for m in moves[:25]
        ]
        selects.append(GameSelect(sid, "move", options=options, placeholder="Move to…"))
    if picks and pending:
        labels = pending.get("options", [])
        values = pending.get("data", {}).get("values", [])
        options = [
            discord.SelectOption(
                label=_label(labels[a.option] if a.option < len(labels) else str(a.option + 1)),
                value=str(a.option),
                description=_fragment_text(book, values[a.option] if a.option < len(values) else ""),
            )
            for a in picks[:25]
        ]
        selects.append(GameSelect(sid, "pick", options=options, placeholder=PICK_PLACEHOLDER[pending["kind"]]))
    selects += _trade_selects(sid, book, trades)
    if forget:
        options = [
            discord.SelectOption(
                label=_label(f"Sacrifice {name(a.fragment)}"),
                value=a.fragment,
                description=clip(card_text(book, a.fragment, public), OPTION_DESCRIPTION_MAX) or None,
            )
            for a in forget[:25]
        ]
        selects.append(GameSelect(sid, "forget", options=options, placeholder="Sacrifice a fragment…"))
    check = public.get("check")
    if check and check.get("stage") == "assist" and check.get("seat") == seat:
        buttons.append(GameButton(sid, "ask", label="Ask for an assist"))
    lose = _lose_select(sid, book, public, seat, pending, list(hand))
    if lose is not None:
        selects.insert(0, lose)
    return fit(buttons, selects)


PICK_KINDS = ("fragment", "give_up")
PICK_PLACEHOLDER = {"fragment": "Choose a fragment…", "give_up": "Choose the fragment that gives way…"}


def _fragment_text(book: CardBook, value: str) -> str | None:
    """What a fragment on display does, for its option (none for "no fragment" or a halo slot)."""
    fid = str(value).removeprefix("trade:")
    return clip(card_text(book, fid), OPTION_DESCRIPTION_MAX) or None if fid in book.fragments else None


def _trade_selects(sid: int, book: CardBook, trades: list[Offer | Take]) -> list[discord.ui.Item[Any]]:
    """Between missions: a select of the gifts you hold to put on the table, and one of the table's."""
    out: list[discord.ui.Item[Any]] = []
    for kind, verb, placeholder in ((Offer, "offer", "Put a gift on the table…"), (Take, "take", "Take a gift from the table…")):
        gifts = [a.gift for a in trades if isinstance(a, kind)]
        if gifts:
            options = [
                discord.SelectOption(
                    label=_label(f"{book.gifts[g].name} ({book.gifts[g].virtue.capitalize()})"),
                    value=g,
                    description=clip(card_text(book, g), OPTION_DESCRIPTION_MAX) or None,
                )
                for g in gifts[:25]
            ]
            out.append(GameSelect(sid, verb, options=options, placeholder=placeholder))
    return out


def _lose_select(
    sid: int,
    book: CardBook,
    public: dict[str, Any],
    seat: int,
    pending: dict[str, Any] | None,
    hand: list[str],
) -> discord.ui.Item[Any] | None:
    """Damage that lets the saint choose which matching gifts go: a select of exactly that many."""
    damage = public.get("damage")
    if not pending or pending.get("kind") != "damage" or not damage or damage.get("seat") != seat:
        return None
    need = int(pending.get("data", {}).get("choose", 0))
    if not need:
        return None
    name = namer(book, public)
    matching = [
        u for u in hand if (g := book.gifts.get(card_id(u))) is not None and g.virtue == damage["virtue"]
    ]
    options = [discord.SelectOption(label=name(u)[:100], value=u) for u in matching[:25]]
    return GameSelect(
        sid,
        "lose",
        options=options,
        placeholder=f"Choose the {need} to lose…",
        min_values=need,
        max_values=need,
    )


def _next_label(public: dict[str, Any], seat: int) -> str:
    check = public.get("check")
    if check and check.get("stage") == "assist" and check.get("seat") == seat:
        return "Done with assists"
    confront = public.get("confront")
    if confront and confront.get("seat") == seat:
        return NEXT_LABEL.get(confront.get("step", ""), "Next")
    return f"End the {public.get('step', '')} step" if public.get("step") else "Next step"


def _answer_button(sid: int, pending: dict[str, Any] | None, act: Answer) -> discord.ui.Item[Any]:
    if act.order:
        return GameButton(
            sid, "order", label="Put them back in this order", style=discord.ButtonStyle.primary
        )
    kind = pending.get("kind") if pending else None
    if kind == "accept_assist":
        label = ("Accept the assist", "Refuse the assist")[min(act.option, 1)]
    elif kind == "damage":
        label = "Take the damage"
    else:
        options = pending.get("options", []) if pending else []
        label = options[act.option] if act.option < len(options) else f"Option {act.option + 1}"
    style = discord.ButtonStyle.success if act.option == 0 else discord.ButtonStyle.secondary
    return GameButton(sid, "answer", str(act.option), label=_label(label[:1].upper() + label[1:]), style=style)


def guide_items(
    sid: int,
    book: CardBook,
    public: dict[str, Any],
    secret: dict[str, Any],
    seat_names: list[str],
    actions: list[Any],
) -> list[discord.ui.Item[Any]]:
    """The guide's controls, in the order of a turn's steps (start, confront, end); the rarer tools
    stay under `/apocrypha guide`."""
    name = namer(book, public)
    buttons: list[discord.ui.Item[Any]] = []
    selects: list[discord.ui.Item[Any]] = []
    confront = public.get("confront")
    calm = confront is None and not public.get("pending")
    starts = [a for a in actions if isinstance(a, StartTurn)]
    hidden = secret.get("hidden_nexuses", {})
    if hidden:
        options = [
            discord.SelectOption(label=n["name"][:100], value=k, description=nexus_summary(book, n))
            for k, n in list(hidden.items())[:25]
        ]
        selects.append(GameSelect(sid, "g_reveal", options=options, placeholder="Reveal a nexus…"))
    # Start: saints draw from the clock, a saint's turn begins.
    saints = [int(k) for k in public.get("saints", {})]
    if secret.get("clock") and calm and saints and actions:
        options = [discord.SelectOption(label=_label(seat_names[s]), value=str(s)) for s in saints[:25]]
        selects.append(
            GameSelect(
                sid,
                "g_draw",
                options=options,
                placeholder="Saints draw from the clock…",
                min_values=1,
                max_values=len(options),
            )
        )
    if starts:
        options = [
            discord.SelectOption(label=_label(f"Start {seat_names[a.seat]}'s turn"), value=str(a.seat))
            for a in starts
        ]
        selects.append(GameSelect(sid, "g_start", options=options, placeholder="Start a saint's turn…"))
    if secret.get("clock"):
        buttons.append(GameButton(sid, "g_delay", label="Delay (sacrifice 1 clock card)"))
    # Confront: present a card, then stop its powers or mutate it; or a waiting threat retreats.
    presents = [a for a in actions if isinstance(a, Present)]
    if presents and confront is None:
        act = presents[0]
        buttons.append(
            GameButton(
                sid,
                "g_present",
                f"{act.seat}.{act.nexus}",
                label="Present the nexus's top card",
                style=discord.ButtonStyle.primary,
            )
        )
    elif presents:
        # Several opponents at once: the nexus's next card for another saint there.
        options = [
            discord.SelectOption(label=_label(f"To {seat_names[a.seat]}"), value=f"{a.seat}.{a.nexus}")
            for a in presents[:25]
        ]
        selects.append(
            GameSelect(sid, "g_present", options=options, placeholder="Another opponent: the top card to…")
        )
    if confront is not None:
        card = name(confront["card"])
        powers = getattr(_card_of(book, confront["card"]), "powers", [])
        if len(powers) == 1:
            buttons.append(GameButton(sid, "g_stop", "all", label=_label(f"Stop {card}'s power")))
        elif powers:
            options = [discord.SelectOption(label=_label(f"All of {card}'s powers"), value="all")]
            options += [
                discord.SelectOption(
                    label=_label(f"{i + 1}. {p.timing.capitalize()}"), value=str(i), description=clip(p.text, OPTION_DESCRIPTION_MAX)
                )
                for i, p in enumerate(powers[:24])
            ]
            selects.append(GameSelect(sid, "g_stop", options=options, placeholder=_label(f"Stop a power of {card}…")))
        options = [discord.SelectOption(label="Write your own…", value=WRITE, description="A name and what it does")]
        vs_threat = card_id(confront.get("card") or "") in book.threats
        options += [
            discord.SelectOption(label=m.name[:100], value=m.id, description=_mutation_text(m, vs_threat))
            for m in list(book.mutations.values())[:24]
        ]
        selects.append(GameSelect(sid, "g_mutate", options=options, placeholder=_label(f"Mutate {card}…")))
    elif actions:
        shown = public.get("nexuses", {})
        waiting = [
            k
            for k, deck in secret.get("nexus_decks", {}).items()
            if k in shown and deck and card_id(deck[0]) in book.threats
        ]
        if waiting:
            options = [discord.SelectOption(label=_label(shown[k].get("name", k)), value=k) for k in waiting[:25]]
            selects.append(
                GameSelect(sid, "g_retreat", options=options, placeholder="A waiting threat retreats from…")
            )
    # End: the turn, a rest between scenes, the mission (which asks Confirm first).
    if any(isinstance(a, EndActiveTurn) for a in actions):
        buttons.append(GameButton(sid, "g_end_turn", label="End the active turn"))
    if confront is None:
        buttons.append(GameButton(sid, "g_rest", label="Let the saints rest (reset)"))
    if public.get("saints") and actions:
        buttons.append(GameButton(sid, "g_fragment_form", label="Hand a fragment…"))
    if any(isinstance(a, EndMission) for a in actions):
        buttons.append(GameButton(sid, "g_won", label="End mission: won", style=discord.ButtonStyle.success))
        buttons.append(GameButton(sid, "g_lost", label="End mission: lost", style=discord.ButtonStyle.danger))
    return fit(buttons, selects)


def _requirement_button(sid: int, act: Seal | Guard, name: Any) -> GameButton:
    """A seal or guard attempt, with the virtue of its check or the card that pays its cost."""
    how = f" with {act.virtue.capitalize()}" if act.virtue else f" (pay {name(act.card)})" if act.card else ""
    if isinstance(act, Guard):
        arg = f"{act.virtue or ''}~{act.card or ''}~{act.nexus}"
        return GameButton(sid, "guard", arg, label=f"Guard this nexus{how}"[:80])
    return GameButton(
        sid, "seal", f"{act.virtue or ''}~{act.card or ''}", label=f"Attempt the seal{how}"[:80]
    )


def fit(
    buttons: list[discord.ui.Item[Any]], selects: list[discord.ui.Item[Any]]
) -> list[discord.ui.Item[Any]]:
    """Keep within Discord's five rows: each select takes a row, buttons five to a row."""
    selects = selects[: ROWS - 1]
    room = (ROWS - len(selects)) * PER_ROW
    return [*buttons[:room], *selects]


def command_for(
    verb: str,
    arg: str | None,
    values: list[str],
    examined: list[str],
    hand: list[str] | None = None,
    halo: dict[str, str] | None = None,
) -> dict[str, Any] | None:
    """A saint's or the guide's click as an engine command (None: not a verb of this game).
    `hand` and `halo` are the clicking saint's, for the cards a played power names."""
    value = values[0] if values else None
    simple = {"next", "roll", "keep", "seal", "focus"}
    if verb in ("seal", "guard") and arg:
        virtue, _, rest = arg.partition("~")
        card, _, nexus = rest.partition("~")
        command = {"type": verb, "virtue": virtue or None, "card": card or None}
        return {**command, "nexus": nexus} if verb == "guard" else command
    if verb in simple:
        return {"type": verb}
    if verb == "end_turn":
        return {"type": "end_turn"}
    if verb == "reset":
        return {"type": "reset"}
    if verb in ("attempt", "assist") and arg:
        return {"type": verb, "virtue": arg}
    if verb == "answer" and arg is not None:
        return {"type": "answer", "option": int(arg)}
    if verb == "pick" and value is not None and value.isdigit():
        return {"type": "answer", "option": int(value)}
    if verb in ("offer", "take") and value:
        return {"type": verb, "gift": value}
    if verb == "forget" and value:
        return {"type": "sacrifice_fragment", "fragment": value}
    if verb == "order":
        return {"type": "answer", "order": examined}
    if verb == "lose":
        return {"type": "answer", "cards": values}
    if verb == "reroll" and arg:
        dice, _, assist = arg.partition("~")
        return {
            "type": "reroll",
            "dice": [int(d) for d in dice.split(".") if d],
            "assist": int(assist) if assist else None,
        }
    if verb == "investigate":
        return {"type": "investigate", "omen": value}
    if verb == "move" and value:
        return {"type": "move", "nexus": value}
    if verb == "play" and value:
        return play_command(value, list(hand or []), dict(halo or {}))
    # The guide's panel.
    if verb == "g_start" and value is not None:
        return {"type": "g_start", "seat": int(value)}
    if verb == "g_present" and (arg is not None or value):
        seat, _, nexus = (arg if arg is not None else value or "").partition(".")
        return {"type": "g_present", "seat": int(seat), "nexus": nexus or None}
    if verb == "g_reveal" and value:
        return {"type": "g_reveal", "nexus": value}
    if verb in ("g_end_turn", "g_rest"):
        return {"type": verb}
    if verb == "g_delay":
        return {"type": "g_delay", "n": 1}
    if verb == "g_draw" and values:
        return {"type": "g_draw", "seats": [int(v) for v in values]}
    if verb == "g_stop":
        which = value if value is not None else arg
        return {"type": "g_stop", "power": int(which) if which and which.isdigit() else None}
    if verb == "g_mutate" and value:
        return {"type": "g_mutate", "mutation": value}
    if verb == "g_retreat" and value:
        return {"type": "g_retreat", "nexus": value}
    if verb in ("g_won", "g_lost"):
        return {"type": "g_end_mission", "won": verb == "g_won"}
    return None


def play_value(play: Play, hand: list[str], halo: dict[str, str]) -> str:
    """A play with its choices as a select value (Discord allows 100 characters): the card, the
    power, the saint aimed at, the option, the amount, the cards it names (hand places "h2" or halo
    slots "s5", so no value grows with card names) and the dice."""
    slots = {uid: slot for slot, uid in halo.items()}
    named = [
        f"h{hand.index(u)}" if u in hand else f"s{slots[u]}"
        for u in play.cards if u in hand or u in slots
    ]
    fields = [play.target, play.option, play.amount]
    return "|".join(
        [play.card, str(play.power), *("" if f is None else str(f) for f in fields), ".".join(named)]
        + [".".join(str(d) for d in play.dice)]
    )


def play_command(value: str, hand: list[str], halo: dict[str, str]) -> dict[str, Any]:
    """The Play command a select value stands for (see play_value)."""
    parts = (value.split("|") + [""] * 7)[:7]
    card, power, target, option, amount, named, dice = parts
    cards = []
    for ref in filter(None, named.split(".")):
        place, index = ref[0], ref[1:]
        if place == "h" and index.isdigit() and int(index) < len(hand):
            cards.append(hand[int(index)])
        elif place == "s" and index in halo:
            cards.append(halo[index])
    number = lambda text: int(text) if text.lstrip("-").isdigit() else None  # noqa: E731
    return {
        "type": "play",
        "card": card,
        "power": number(power) or 0,
        "target": number(target),
        "option": number(option),
        "amount": number(amount),
        "cards": cards,
        "dice": [int(d) for d in dice.split(".") if d.isdigit()],
    }


def _choices(play: Play, name: Any, public: dict[str, Any], book: CardBook) -> str:
    """The choices a play option carries (": on Dr. Zeez; discard one; with Crowbar"), so two
    options differ; a chosen option is said in the power's words, not by its number."""
    saints = public.get("saints", {})
    parts = []
    if play.target is not None and str(play.target) in saints:
        parts.append(f"on {saints[str(play.target)]['name']}")
    powers = getattr(_card_of(book, play.card), "powers", [])
    words = play_option_words(powers[play.power] if play.power < len(powers) else None, play.option)
    if words:
        parts.append(words)
    if play.amount is not None:
        parts.append(f"{play.amount} card{'s' if play.amount != 1 else ''}")
    if play.cards:
        parts.append("with " + ", ".join(name(u) for u in play.cards))
    if play.dice:
        parts.append("dice " + ", ".join(f"d{d + 1}" for d in play.dice))
    return (": " + "; ".join(parts)) if parts else ""


def _card_of(book: CardBook, uid: str) -> Any:
    try:
        return book.card(card_id(uid))
    except KeyError:
        return None


def _die_value(public: dict[str, Any], index: int) -> str:
    """' (a 2)': the die's current face, so a reroll button says what it throws away."""
    dice = ((public.get("check") or {}).get("pool") or {}).get("dice") or []
    return f" (a {dice[index]['value']})" if index < len(dice) else ""


def _mutation_text(mutation: Any, vs_threat: bool) -> str:
    """What a mutation does to the card being confronted: its side and its worst roll (a 1)."""
    side = mutation.vs_threat if vs_threat else mutation.other
    worst = side.results[0].text
    return clip(f"{side.name}: on a 1, {worst[:1].lower()}{worst[1:]} {mutation.text}", OPTION_DESCRIPTION_MAX)


def _power_text(book: CardBook, play: Play) -> str:
    """What the played power does, as a select option's description (Discord's 100 characters)."""
    try:
        powers = getattr(book.card(card_id(play.card)), "powers", [])
    except KeyError:
        return ""
    power = powers[play.power] if play.power < len(powers) else None
    return clip(power.text, OPTION_DESCRIPTION_MAX) if power else ""
