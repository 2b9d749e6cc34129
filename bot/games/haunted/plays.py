"""Whether a card may go on a line now, and putting it there.

One function answers "may this card go on that line?" for every step, so
`legal_actions` and `apply` can never disagree.
"""

from __future__ import annotations

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.games.haunted.cards import Card, Mode, catalogue
from bot.games.haunted.commands import Play
from bot.games.haunted.decisions import Ctx, run_tasks
from bot.games.haunted.state import Line, Step, Table, line_ref


def check_play(t: Table, actor: int, cmd: Play) -> tuple[Card, Mode | None]:
    """The card and mode for a legal play, or a GameError saying why it is not."""
    cat = catalogue()
    pub = t.pub
    card = cat[cat.resolve(cmd.card)]
    player = t.state.players[actor]
    if card.id not in player.cards:
        raise GameError(f"You do not hold {card.name}.")
    if card.id in player.stuck:
        raise GameError("The Urchin Thief will not be played; you can only discard him.")
    if not 0 <= cmd.target < pub.seats:
        raise GameError("There is no such player at this table.")
    step = pub.step
    if step is Step.OTHERS and cmd.target == actor:
        raise GameError("In step 1 you play only on other players' lines; your own come in step 3.")
    if step is Step.DEFENCE and cmd.target != actor:
        raise GameError("In the defence step you may only defend your own lines.")
    if step is Step.OWN and cmd.target != actor:
        raise GameError("In step 3 you play only on your own lines.")
    index = cmd.line - 1
    if f"{cmd.target}:{index}" in pub.used:
        raise GameError("You have already played a card on that line in this step.")
    ln = t.line(cmd.target, index)
    where = line_ref(cmd.target, index)
    if ln.complete:
        raise GameError(f"{where} is complete; nothing more can be played on it.")
    if ln.pending and step is not Step.DEFENCE:
        raise GameError(f"{where} is waiting for its owner's defence; nothing else can go on it.")
    if card.essential:
        if step is Step.DEFENCE:
            raise GameError("Only defensive cards may be played in the defence step.")
        _check_essential(card, ln, cmd.target == actor)
        return card, None
    mode = card.mode(cmd.mode)
    _check_mode(card, mode, ln, cmd.target == actor)
    if step is Step.DEFENCE:
        _check_defence(card, mode, ln)
    return card, mode


def _check_essential(card: Card, ln: Line, own: bool) -> None:
    cat = catalogue()
    if card.type == "setting":
        if ln.setting:
            raise GameError("A setting can only start an empty line, and that line is already started.")
    elif card.type == "focus":
        if not ln.setting:
            raise GameError("A focus needs a setting on the line first.")
        if ln.focus:
            raise GameError("That line already has a focus.")
        if card.id not in cat[ln.setting].focuses:
            raise GameError(f"{card.name} cannot be played at the {cat.name(ln.setting)}.")
    else:
        if own:
            raise GameError("You may not play a hidden terror on your own line.")
        if not ln.focus:
            raise GameError("A hidden terror needs a setting and a focus on the line first.")
        if card.id not in cat[ln.focus].summons:
            raise GameError(f"The {cat.name(ln.focus)} does not summon the {card.name}.")


def _check_mode(card: Card, mode: Mode, ln: Line, own: bool) -> None:
    cat = catalogue()
    if mode.opponent and own:
        raise GameError(f"{card.name} can only be played on another player's line.")
    needs = mode.needs
    if needs == "pending":
        if not ln.pending or ln.terror != mode.terror:
            raise GameError(
                f"{card.name} only answers the {cat.name(mode.terror or '')}, and that line has none waiting."
            )
        return
    if ln.pending and needs != "started":
        raise GameError(f"{card.name} cannot be played on a line waiting on a hidden terror.")
    if needs in ("setting", "started") and not ln.setting:
        raise GameError(f"{card.name} can only be played on a line with a setting.")
    if needs == "set":
        if not ln.setting or ln.focus:
            raise GameError(f"{card.name} needs a setting with nothing on top of it.")
        if mode.settings and ln.setting not in mode.settings:
            raise GameError(f"{card.name} only works on the {_either(mode.settings)}.")
    if needs == "focused":
        if not ln.focus:
            raise GameError(f"{card.name} needs a line with a focus.")
        if (
            (mode.focuses or mode.settings)
            and ln.focus not in mode.focuses
            and ln.setting not in mode.settings
        ):
            what = _either(mode.focuses + mode.settings)
            raise GameError(f"{card.name} only deals with the {what}.")


def _check_defence(card: Card, mode: Mode, ln: Line) -> None:
    if mode.guards is None:
        raise GameError("Only defensive cards may be played in the defence step.")
    fresh = {
        "setting": ln.setting in ln.fresh,
        "focus": ln.focus in ln.fresh and not ln.pending,
        "terror": ln.terror in ln.fresh,
        "any": bool(ln.fresh),
    }[mode.guards]
    if not fresh:
        raise GameError(
            f"In the defence step {card.name} may only answer a card played on that line this turn."
        )


def _either(ids: list[str]) -> str:
    names = [catalogue().name(i) for i in ids]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def play(t: Table, actor: int, cmd: Play) -> None:
    card, mode = check_play(t, actor, cmd)
    index = cmd.line - 1
    t.pub.used.append(f"{cmd.target}:{index}")
    if actor == t.pub.active:
        t.pub.played = True
    t.take_from_hand(actor, card.id)
    ln = t.line(cmd.target, index)
    where = line_ref(cmd.target, index)
    if card.essential:
        setattr(ln, card.type, card.id)
        if actor == t.pub.active:
            ln.fresh.append(card.id)
        t.say("play", f"{seat_ref(actor)} plays {card.name} ({card.type}) on {where}.", card=card.id)
        if card.type == "terror":
            t.say(
                "pending", f"{where} is complete unless {seat_ref(cmd.target)} answers the {card.name} now."
            )
        return
    assert mode is not None
    how = f" ({mode.label})" if len(card.modes) > 1 else ""
    t.say("play", f"{seat_ref(actor)} plays {card.name}{how} on {where}.", card=card.id)
    t.pub.resolving.append(card.id)
    Ctx(t, actor, cmd.target, index, card.id).push(mode.effects)
    run_tasks(t)
