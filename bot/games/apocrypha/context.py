"""The context the effect blocks run in: who plays, whom it affects, and the choices sent along."""

from __future__ import annotations

import re
from typing import Any

from bot.engine.errors import GameError
from bot.engine.seats import seat_ref
from bot.engine.text import plural, verb
from bot.games.apocrypha import checks, damage
from bot.games.apocrypha.cards import Gift, Power
from bot.games.apocrypha.commands import Play
from bot.games.apocrypha.state import Hold, Pending, card_id
from bot.games.apocrypha.table import Table


class Ctx:
    """One power being carried out.

    actor: the saint who plays or pays (for a card's mandatory power, the saint it applies to).
    affected: the saints the power reaches. uid: the card played (None for table powers).
    cmd: the player's Play command with their choices, or None for mandatory powers.
    """

    def __init__(
        self,
        table: Table,
        actor: int,
        affected: list[int],
        uid: str | None = None,
        power: Power | None = None,
        cmd: Play | None = None,
    ) -> None:
        self.t = table
        self.actor = actor
        self.affected = affected or [actor]
        self.uid = uid
        self.power = power
        self.cmd = cmd
        self.shifts: list[tuple[int, str | None, str | None]] = []
        # The source's kind for the golden rules when `uid` does not say (a mutation, a nexus, the mission).
        self.kind: str | None = None
        self.source: str | None = None
        # Inside "otherwise": the first part must be done in full (fewer matching cards fail it).
        self.strict = False
        self.asked = False  # the saint has chosen to attempt the first part

    # -- helpers -------------------------------------------------------------------
    @property
    def check(self):
        check = self.t.pub.check
        if check is None:
            raise GameError("There is no check going on for that power to change.")
        return check

    def _card_virtue(self) -> str:
        card = self.t.card(self.uid) if self.uid and self.uid != "saint" else None
        if isinstance(card, Gift):
            return card.virtue
        return self.check.virtue

    def _chosen_cards(self) -> list[str]:
        return list(self.cmd.cards) if self.cmd else []

    def _who(self, who: str) -> list[int]:
        pub = self.t.pub
        if who == "you":
            return list(self.affected)
        if who == "active":
            return [pub.check.seat if pub.check else pub.active if pub.active is not None else self.actor]
        if who == "assisters":
            return [a.seat for a in pub.check.assists if a.accepted] if pub.check else []
        if who == "nexus":
            return [self.actor, *self.t.at_nexus(self.actor)]
        return list(pub.order)

    # -- the check ------------------------------------------------------------------
    def add_dice(self, virtue: str, n: int) -> None:
        check = self.check
        if check.stage not in ("assist", "assemble"):
            raise GameError("Dice can only be added before the roll.")
        colour = {"same": self._card_virtue(), "check": check.virtue}.get(virtue, virtue)
        check.extra[colour] = check.extra.get(colour, 0) + n

    def boost(self) -> None:
        check = self.check
        card = self.t.card(self.uid) if self.uid else None
        if not isinstance(card, Gift):
            raise GameError("Only a gift can boost a check.")
        if any(note == "boosted" for note in check.notes):
            raise GameError("A check can be boosted only once.")
        check.notes.append("boosted")
        self.add_dice(card.virtue, 1)
        for name in card.keywords.skills:
            if self.t.skill(check.seat, name) and name not in check.skills:
                check.skills.append(name)

    def allow_skill(self, name: str) -> None:
        if name.lower() not in self.check.skills:
            self.check.skills.append(name.lower())

    def dice_step(self, kind: str, **params: Any) -> None:
        checks.dice_step(self.t, kind, params, list(self.cmd.dice) if self.cmd else [])

    def grant_rerolls(self, n: int) -> None:
        self.check.granted_rerolls += n

    def adjust_result(self, by: int) -> None:
        self.check.result_adjust += by

    def adjust_target(self, by: int) -> None:
        confront = self.t.pub.confront
        if confront is not None:
            confront.target_adjust += by
        if self.t.pub.check is not None and self.t.pub.check.target is not None:
            self.t.pub.check.target += by

    def change_virtue(self, to: str) -> None:
        check = self.check
        if check.stage not in ("assist", "assemble"):
            raise GameError("The check's virtue can only change before the roll.")
        check.virtue = to

    # -- cards ----------------------------------------------------------------------
    def draw(self, n: int) -> None:
        for seat in self.affected:
            self.t.draw(seat, n)

    def draw_new(self, kind: str, virtue: str | None, keyword: str | None) -> None:
        if virtue == "check":
            virtue = self.check.virtue
        for seat in self.affected:
            uid = self.t.random_new(kind, virtue, keyword)
            if uid is None:
                continue
            self.t.hand(seat).append(uid)
            self.t.tell(seat, "new_card", f"You take a new {self.t.name(uid)} from the box.")
            self.t.say("new_card", f"{seat_ref(seat)} takes a new {kind} from the box.")

    def lose_cards(
        self,
        place: str,
        n: int,
        random: bool,
        virtue: str | None,
        keyword: str | None,
        kind: str | None,
        who: str,
        required: bool = False,
    ) -> None:
        for seat in self._who(who):
            hand = self.t.hand(seat)
            matching = [
                u
                for u in hand
                if (virtue is None or self.t.virtue_of(u) == virtue)
                and (keyword is None or self.t.has_keyword(u, keyword))
                and (kind is None or self.t.kind(u) == kind)
            ]
            count = len(matching) if n == -1 else min(n, len(matching))
            if (required or self.strict) and (count < n or count == 0):
                raise GameError(f"You need {plural(max(n, 1), 'matching card')} in hand to pay for that.")
            if count == 0:
                continue
            chosen = [u for u in self._chosen_cards() if u in matching]
            if random or self.cmd is None or seat != self.actor or n == -1:
                picked = matching if n == -1 else self.t.state.rng.sample(matching, count)
            else:
                if len(chosen) < count:
                    raise GameError(f"Name {plural(count, 'card')} from your hand for that power to {place}.")
                picked = chosen[:count]
            for uid in picked:
                hand.remove(uid)
                self.t.put(seat, uid, place)
            names = ", ".join(self.t.name(u) for u in picked)
            if place in ("discard", "sacrifice"):
                self.t.say("lose_cards", f"{seat_ref(seat)} must {place} {names}.")
            else:
                # Recycled, shuffled, reloaded or buried cards go facedown: only their owner learns which.
                self.t.say("lose_cards", f"{seat_ref(seat)} must {place} {plural(len(picked), 'card')}.")
                self.t.tell(seat, "lose_cards", f"You {place} {names}.")

    def heal(self, n: int, virtue: str | None) -> None:
        from bot.games.apocrypha import golden

        for seat in self.affected:
            verdict = golden.allowed(self.t, seat, "heal")
            if not verdict.allowed:
                golden.ignore(self.t, f"{seat_ref(seat)} would heal", verdict.reason("they"))
                continue
            pile = self.t.view(seat).discard
            options = [u for u in pile if virtue is None or self.t.virtue_of(u) == virtue]
            picked = self.t.state.rng.sample(options, min(n, len(options)))
            for uid in picked:
                pile.remove(uid)
                self.t.deck(seat).append(uid)
            self.t.state.rng.shuffle(self.t.deck(seat))
            self.t.say("heal", f"{seat_ref(seat)} heals {plural(len(picked), 'card')} into their deck.")

    def draw_buried(self, n: int) -> None:
        for seat in self.affected:
            buried = self.t.state.players[seat].buried
            picked = self.t.state.rng.sample(buried, min(n, len(buried)))
            for uid in picked:
                buried.remove(uid)
                self.t.hand(seat).append(uid)
            if picked:
                self.t.tell(
                    seat,
                    "draw",
                    "From your bury pile you draw " + ", ".join(self.t.name(u) for u in picked) + ".",
                )

    def examine(self, n: int, reorder: bool) -> None:
        key = self.t.view(self.actor).nexus
        if key is None or key not in self.t.pub.nexuses:
            raise GameError("You are not at a nexus you can examine.")
        top = self.t.sec.nexus_decks.get(key, [])[:n]
        self.t.tell(
            self.actor,
            "examine",
            "On top of the nexus: " + (", ".join(self.t.name(u) for u in top) or "nothing") + ".",
        )
        self.t.say(
            "examine", f"{seat_ref(self.actor)} examines the top {plural(len(top), 'card')} of their nexus."
        )
        if reorder and len(top) > 1:
            self.t.state.players[self.actor].examined = list(top)
            self.t.pub.pending.append(
                Pending(
                    seat=self.actor,
                    kind="order",
                    text="Put the examined cards back in the order you choose.",
                    data={"nexus": key},
                )
            )

    def search_deck(self, kind: str, virtue: str | None, keyword: str | None) -> None:
        for seat in self.affected:
            deck = self.t.deck(seat)
            found = next(
                (
                    u
                    for u in deck
                    if self.t.kind(u) == kind
                    and (virtue is None or self.t.virtue_of(u) == virtue)
                    and (keyword is None or self.t.has_keyword(u, keyword))
                ),
                None,
            )
            if found:
                deck.remove(found)
                self.t.hand(seat).append(found)
                self.t.tell(seat, "search", f"You find {self.t.name(found)} in your deck.")
            self.t.state.rng.shuffle(deck)
            self.t.say("search", f"{seat_ref(seat)} searches their deck.")

    def give(self, n: int) -> None:
        from bot.games.apocrypha import golden

        to = self.affected[0]
        if to == self.actor:
            raise GameError("Choose another saint to give cards to.")
        golden.require(self.t, self.actor, "give")
        chosen = [u for u in self._chosen_cards() if u in self.t.hand(self.actor)]
        if len(chosen) < min(n, len(self.t.hand(self.actor))):
            raise GameError(f"Name {plural(n, 'card')} from your hand to give.")
        for uid in chosen[:n]:
            self.t.hand(self.actor).remove(uid)
            self.t.hand(to).append(uid)
            self.t.tell(to, "given", f"{seat_ref(self.actor)} gives you {self.t.name(uid)}.")
        self.t.say(
            "give", f"{seat_ref(self.actor)} gives {seat_ref(to)} {plural(min(n, len(chosen)), 'card')}."
        )

    def slot_self(self, with_confronted: bool) -> None:
        uid = self.uid
        if uid is None or uid == "saint":
            raise GameError("Only a card can slot itself.")
        if uid in self.t.hand(self.actor):
            self.t.hand(self.actor).remove(uid)
        if self.t.halo_slot_of(self.actor, uid) is None:
            self.t.slot(self.actor, uid)
        self.t.say("slot", f"{seat_ref(self.actor)} slots {self.t.name(uid)} into their halo.")
        confront = self.t.pub.confront
        if with_confronted:
            from bot.games.apocrypha import copies
            from bot.games.apocrypha.investigate import end_confrontation

            if confront is None:
                raise GameError("There is no confronted card to slot.")
            if copies.is_copy(confront.card):
                # A copy goes nowhere once confronted: it ceases, and the holder waits alone.
                copies.cease(self.t, confront, "slots away")
                self.t.pub.holds.append(Hold(seat=self.actor, holder=uid, card=None))
            else:
                # A true threat standing in for an archetype keeps its archetype with the hold, so
                # the archetype goes back to its nexus on release (as when avoided).
                self.t.slot(self.actor, confront.card)
                self.t.pub.holds.append(
                    Hold(seat=self.actor, holder=uid, card=confront.card, archetype=confront.archetype)
                )
                self.t.say(
                    "slot",
                    f"{self.t.name(confront.card)} is held by {self.t.name(uid)} until "
                    f"{seat_ref(self.actor)}'s hand is empty; the confrontation ends.",
                )
            self.t.pub.confront = None
            self.t.pub.check = None
            end_confrontation(self.t)

    def gain_skill(self, name: str, n: int) -> None:
        for seat in self.affected:
            bonus = self.t.view(seat).skill_bonus
            bonus[name.lower()] = bonus.get(name.lower(), 0) + n

    def reset(self) -> None:
        from bot.games.apocrypha.turns import reset_hand

        for seat in self.affected:
            reset_hand(self.t, seat, [], None)

    def discard_down_to(self, n: int) -> None:
        for seat in self.affected:
            hand = self.t.hand(seat)
            keep = set(self.t.state.rng.sample(hand, min(n, len(hand))))
            for uid in [u for u in hand if u not in keep]:
                hand.remove(uid)
                self.t.put(seat, uid, "discard")
            self.t.say("discard", f"{seat_ref(seat)} discards down to {plural(len(hand), 'card')}.")

    def bury_fragment(self, n: int, required: bool = False) -> None:
        halo = self.t.view(self.actor).halo
        chosen = [
            slot for slot, u in halo.items() if u in self._chosen_cards() and self.t.kind(u) == "fragment"
        ]
        available = [slot for slot, u in halo.items() if self.t.kind(u) == "fragment"]
        if required and len(available) < n:
            raise GameError(f"You need {plural(n, 'fragment')} in your halo to pay for that.")
        need = min(n, len(available))
        if len(chosen) < need:
            raise GameError(f"Name {plural(need, 'fragment')} in your halo to bury.")
        for slot in chosen[:need]:
            uid = halo.pop(slot)
            self.t.state.players[self.actor].buried.append(uid)
            self.t.say("bury", f"{seat_ref(self.actor)} buries the fragment {self.t.name(uid)}.")

    def unslot_self(self, place: str) -> None:
        slot = self.t.halo_slot_of(self.actor, self.uid or "")
        if slot is None:
            return
        uid = self.t.view(self.actor).halo.pop(slot)
        self.t.put_back(self.actor, uid, place)
        self.t.say("unslot", f"{self.t.name(uid)} leaves {seat_ref(self.actor)}'s halo.")

    def give_from_deck(self, most: int, per_card: int) -> None:
        amount = self.cmd.amount if self.cmd and self.cmd.amount is not None else 0
        if not 0 <= amount <= most:
            raise GameError(f"You may give between 0 and {most} cards.")
        to = self.affected[0]
        if to == self.actor:
            raise GameError("Choose another saint at your nexus.")
        given = 0
        for _ in range(amount):
            deck = self.t.deck(self.actor)
            if not deck:
                self.t.fade(self.actor)
                break
            self.t.hand(to).append(deck.pop(0))
            given += 1
        self.adjust_target(per_card * given)
        self.t.say(
            "give", f"{seat_ref(self.actor)} gives {seat_ref(to)} {plural(given, 'card')} from their deck."
        )

    # -- investigating ---------------------------------------------------------------
    def investigate(self) -> None:
        from bot.games.apocrypha.investigate import investigate

        investigate(self.t, self.actor)

    def extra_investigation(self) -> None:
        self.t.pub.investigations = 1

    def avoid(self, gift: str, threat: str, again: bool) -> None:
        from bot.games.apocrypha.investigate import avoid

        avoid(self.t, gift, threat, again)

    def orient(self, side: str) -> None:
        key = self.t.view(self.actor).nexus
        if key is None or key not in self.t.pub.nexuses:
            raise GameError("You are not at a nexus.")
        nexus = self.t.pub.nexuses[key]
        nexus.side = ("hope" if nexus.side == "doom" else "doom") if side == "flip" else side  # type: ignore[assignment]
        self.t.say("orient", f"{nexus.name} turns to its {nexus.side.capitalize()} side.")

    def terminate(self, won: bool) -> None:
        from bot.games.apocrypha.investigate import terminate

        if self.t.pub.confront is None:
            raise GameError("There is no confrontation to end.")
        terminate(self.t, won)

    def mutate(self, mutation: str | None) -> None:
        checks.mutate_now(self.t, mutation, [])

    def confronted_to(self, place: str) -> None:
        confront = self.t.pub.confront
        if confront is None:
            raise GameError("There is no confronted card.")
        confront.won_to = place

    # -- damage ---------------------------------------------------------------------
    def damage(self, n: int, virtue: str) -> None:
        if virtue == "check":
            virtue = self.check.virtue if self.t.pub.check else "body"
        for seat in self.affected:
            damage.suffer(self.t, seat, n, virtue, source=None)

    def change_damage(self, by: int) -> None:
        damage.change(self.t, by)

    def damage_to(self, place: str) -> None:
        damage.redirect(self.t, place)

    # -- table, clock, costs ------------------------------------------------------------
    def clock_sacrifice(self, n: int) -> None:
        gone = self.t.clock_sacrifice(n)
        self.t.say("delay", f"{plural(gone, 'card')} {verb(gone, 'is', 'are')} sacrificed from the clock.")

    def clock_add(self, n: int) -> None:
        for _ in range(n):
            uid = self.t.random_new("omen")
            if uid:
                self.t.clock_add([uid])
        self.t.state.rng.shuffle(self.t.sec.clock)
        self.t.say("clock", f"The clock grows by {plural(n, 'card')}.")

    def swap_positions(self, direction: str) -> None:
        order = self.t.pub.order
        me = self.actor
        if direction == "sides":
            a, b = self.t.left_of(me), self.t.right_of(me)
        else:
            a, b = me, self.t.left_of(me) if direction == "left" else self.t.right_of(me)
        ia, ib = order.index(a), order.index(b)
        order[ia], order[ib] = order[ib], order[ia]
        self.t.say("positions", f"{seat_ref(a)} and {seat_ref(b)} change places at the table.")

    def cost_shift(self, steps: int, kind: str | None, uses: str | None) -> None:
        self.shifts.append((steps, kind, uses))

    def choose(self, options: list[list[dict[str, Any]]]) -> None:
        from bot.games.apocrypha.effects import BOOK

        if self.cmd is not None and self.cmd.option is not None:
            if not 0 <= self.cmd.option < len(options):
                raise GameError(f"Pick an option from 1 to {len(options)}.")
            BOOK.run(self, options[self.cmd.option])
            return
        if self.cmd is not None:
            raise GameError(f"That power asks you to choose one of {len(options)} options.")
        seat = self.affected[0]
        self.t.pub.pending.append(
            Pending(
                seat=seat,
                kind="choose",
                text=(self.power.text if self.power else "Choose one."),
                options=_choose_options(self.power.text if self.power else "", len(options)),
                data={"options": options, "uid": self.uid, "actor": self.actor},
            )
        )

    def rule(self, block: dict[str, Any], until: str) -> None:
        from bot.games.apocrypha import golden

        kind = self.kind or (
            "saint" if self.uid == "saint" else self.t.kind(self.uid) if self.uid else "mission"
        )
        source = self.source or (
            self.t.saint(self.actor).name if self.uid == "saint" else self.uid or "mission"
        )
        golden.put_in_force(self.t, source, kind, block, self.affected, until)
        if self.power is not None:
            self.t.say("ruling", f"{self.power.text} (until the {until} ends)")

    def copy(self, card: str, who: str) -> None:
        from bot.games.apocrypha import copies

        cid = copies.target_card(self.t, self.uid, card)
        seat = self.actor
        if who == "nexus":
            others = self.t.at_nexus(self.actor)
            if not others:
                raise GameError("No other saint is at this nexus to confront the copy.")
            seat = min(
                others,
                key=lambda s: (
                    (self.t.pub.order.index(s) - self.t.pub.order.index(self.actor)) % len(self.t.pub.order)
                ),
            )
        copies.confront_copy(self.t, seat, cid, self.uid)

    def confront_new(self, kind: str, virtue: str | None, keyword: str | None) -> None:
        from bot.games.apocrypha import copies

        copies.confront_new(self.t, self.affected[0], kind, virtue, keyword)

    def otherwise(self, attempt: list[dict[str, Any]], then: list[dict[str, Any]]) -> None:
        """ "Do X; otherwise Y": X is attempted in full or not at all; if it cannot be done, Y must be.
        A saint playing the power may go straight to Y (option 2); a mandatory power asks the saint
        when X is possible (the rulebook lets them attempt it), and does Y at once when it is not."""
        from bot.games.apocrypha.effects import BOOK

        if self.cmd is not None and self.cmd.option == 1:
            BOOK.run(self, then)
            return
        if self.cmd is None and not self.asked and self._possible(attempt):
            seat = self.affected[0]
            self.t.pub.pending.append(
                Pending(
                    seat=seat,
                    kind="choose",
                    text=(self.power.text if self.power else "Do the first part, or else the second."),
                    options=_otherwise_options(self.power.text if self.power else ""),
                    data={
                        "options": [[{"op": "otherwise", "attempt": attempt, "then": then}], then],
                        "uid": self.uid,
                        "actor": self.actor,
                        "asked": True,
                    },
                )
            )
            return
        # Tried first on a copy of the state (the same generator, so the same result): the first
        # part is done only when it can be done in full, and nothing of it happens otherwise.
        if self._possible(attempt):
            self.strict = True
            try:
                BOOK.run(self, attempt)
            finally:
                self.strict = False
            return
        self.t.say("otherwise", "The first part cannot be done, so the other part must be.")
        BOOK.run(self, then)

    def _possible(self, blocks: list[dict[str, Any]]) -> bool:
        """Whether these blocks can be carried out in full now (tried on a copy of the state)."""
        from bot.games.apocrypha.effects import BOOK

        trial = Table(self.t.state.model_copy(deep=True), self.t.book, [])
        ctx = Ctx(trial, self.actor, list(self.affected), self.uid, self.power, self.cmd)
        ctx.strict, ctx.asked = True, True
        try:
            BOOK.run(ctx, blocks)
        except GameError:
            return False
        return True

    def source_name(self) -> str:
        return self.t.name(self.uid) if self.uid else "the table"


def _choose_options(text: str, n: int) -> list[str]:
    """The answers to a "choose" power, in the card's own words when it lists them ("Choose one: X,
    or Y." or "(1 Body, 2 Mind, ...)"), so a button says what it does rather than "Option 1"."""
    _, sep, rest = text.rstrip(".").partition("hoose one: ")
    parts = rest.split(", or ") if sep else []
    if not parts:
        listed = re.search(r"\(([^)]*)\)", text)
        parts = [re.sub(r"^\d+\s+", "", w.strip()) for w in listed.group(1).split(",")] if listed else []
    if len(parts) == n and all(parts):
        return parts
    return [f"option {i + 1}" for i in range(n)]


def _otherwise_parts(text: str) -> tuple[str, str] | None:
    """ "Bury a card; otherwise discard one." -> ("bury a card", "discard one"), None when the power
    does not say it that way."""
    first, sep, second = text.rstrip(".").partition("; otherwise ")
    if sep and first and second:
        return f"{first[0].lower()}{first[1:]}", second
    return None


def _otherwise_options(text: str) -> list[str]:
    """The two answers to "X; otherwise Y", in the card's own words when it says it that way."""
    parts = _otherwise_parts(text)
    if parts:
        return [f"attempt: {parts[0]}", parts[1]]
    return ["attempt the first part", "do the second part"]


def play_option_words(power: Any, option: int | None) -> str:
    """What a play's option does, in the power's words, for the play select ("" when the play has
    no option to tell apart): a "choose" power's chosen answer, or for "X; otherwise Y" the part
    the play goes for (no option attempts X, option 1 goes straight to Y)."""
    if power is None:
        return "" if option is None else f"option {option + 1}"  # a power the caller could not find
    top = next((e for e in power.effects if e.get("op") == "choose"), None)
    if top is not None:
        if option is None:
            return ""
        words = _choose_options(power.text, len(top["options"]))
        return words[option] if 0 <= option < len(words) else f"option {option + 1}"
    if any(e.get("op") == "otherwise" for e in power.effects):
        first, second = _otherwise_parts(power.text) or ("the first part", "the second part")
        return first if option is None else second
    return "" if option is None else f"option {option + 1}"


def card_label(uid: str) -> str:
    return card_id(uid).replace("_", " ")
