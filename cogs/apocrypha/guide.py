"""The guide's tools: `/apocrypha guide ...`, one subcommand per guide command of the engine.

Every reply is ephemeral and the engine refuses anyone but the guide, so nothing here can show a
saint what the guide has prepared. Names typed by the guide (cards, nexuses, saints) are turned
into the engine's ids; anything unknown goes through as typed, for the engine to refuse plainly.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

from bot.engine.errors import GameError
from bot.engine.seats import GUIDE
from bot.games.apocrypha.cards import CardBook, slug
from bot.service import actor_of
from bot.store import GameSession
from cogs.apocrypha import render
from cogs.common.confirm import ask
from cogs.common.replies import refuse, say

if TYPE_CHECKING:
    from bot.client import TabletopBot

CARD_KINDS = ("gifts", "threats", "omens")


def card_ref(book: CardBook, text: str, kinds: tuple[str, ...] = CARD_KINDS) -> str:
    """A card id from an id or a name (any case); unknown text becomes a slug the engine refuses."""
    wanted = text.strip().lower()
    for kind in kinds:
        for cid, card in getattr(book, kind).items():
            if wanted in (cid, card.name.lower()):
                return cid
    return slug(text)


def card_list(book: CardBook, text: str) -> list[str]:
    return [card_ref(book, part) for part in text.split(",") if part.strip()]


def numbers(text: str) -> list[int]:
    try:
        return [int(p) for p in text.replace(" ", ",").split(",") if p.strip()]
    except ValueError:
        raise GameError("Write the numbers separated by commas, like 6, 4, 1.") from None


def saint_labels(view: dict[str, Any]) -> dict[int, str]:
    """Each seat's saint as the guide names it: the saint's name, and when two saints share it, the
    name the player gave theirs, or the player's own name where that tells them apart better."""
    saints = view.get("public", {}).get("saints", {})
    given, players = view.get("saint_names", {}), view.get("saint_players", {})
    names = [s["name"] for s in saints.values()]
    labels = {}
    for key, saint in saints.items():
        seat, label = int(key), saint["name"]
        if names.count(label) > 1:
            own = str(given.get(seat) or "")
            if not own or own.lower() == label.lower():  # the card's own name: it tells nothing apart
                own = str(players.get(seat) or "")
            label = f"{label} ({own})" if own else label
        labels[seat] = label
    return labels


def with_saint_names(row: GameSession, view: dict[str, Any]) -> dict[str, Any]:
    """`view` plus each seat's saint record name (the name the player gave their saint) and the
    player's display name at join: what tells two copies of one saint apart."""
    saints = (row.options or {}).get("saints", {})
    given = {int(k): r.get("name", "") for k, r in saints.items() if isinstance(r, dict)}
    players = {seat: (row.names or {}).get(str(user), "") for seat, user in enumerate(row.seats)}
    return {**view, "saint_names": given, "saint_players": players}


def seat_ref(view: dict[str, Any], text: str) -> int:
    """A seat from a saint's name (as autocomplete gives it, one word of it, the name the player gave
    their saint, or the player's own name); seat numbers are not accepted, so typing and picking
    always agree. A full label names its seat even where a shorter word would fit two saints."""
    wanted = text.strip().lower()
    given, players = view.get("saint_names", {}), view.get("saint_players", {})
    labels = saint_labels(view)
    exact = [seat for seat, label in labels.items() if label.lower() == wanted]
    if len(exact) == 1:
        return exact[0]
    found = set()
    for seat, label in labels.items():
        name = view["public"]["saints"][str(seat)]["name"]
        words = {label.lower(), name.lower(), *name.lower().split()}
        words |= {str(n).lower() for n in (given.get(seat), players.get(seat)) if n}
        if wanted in words:
            found.add(seat)
    if len(found) > 1:
        raise GameError(f"More than one saint answers to {text.strip()}: pick one from the list.")
    if not found:
        raise GameError(f"There is no saint called {text.strip()} in this mission.")
    return found.pop()


def nexus_ref(view: dict[str, Any], text: str) -> str:
    """A nexus key from its key or name, among the revealed and the guide's hidden nexuses."""
    known = {**view.get("public", {}).get("nexuses", {}), **view.get("secret", {}).get("hidden_nexuses", {})}
    t = text.strip()
    for key, nexus in known.items():
        if t.lower() in (key, nexus["name"].lower()):
            return key
    return slug(t)


def _choices(named: dict[str, str], current: str) -> list[app_commands.Choice[str]]:
    typed = current.lower()
    return [app_commands.Choice(name=n[:100], value=v[:100]) for v, n in named.items() if typed in n.lower()][
        :25
    ]


def card_list_choices(book: CardBook, current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete for a comma-separated list of box cards: the last name typed, after the rest."""
    head, _, typed = current.rpartition(",")
    prefix = f"{head}, " if head else ""
    cards = {cid: c.name for kind in CARD_KINDS for cid, c in getattr(book, kind).items()}
    found = _choices(cards, typed.strip())
    return [app_commands.Choice(name=(prefix + c.name)[:100], value=(prefix + c.value)[:100]) for c in found]


Side = Literal["hope", "doom"]
SAINT_CONFRONTING = "Whose confrontation, when several run at once (default: the one under way)"


class GuideCommands:
    """Mixed into the Apocrypha cog: the `/apocrypha guide` subcommand group."""

    bot: TabletopBot
    book: CardBook

    guide = app_commands.Group(name="guide", description="The guide's tools (guided mode; only the guide).")

    # The cog supplies act() and _here() (GameCog) and guide_message().

    async def _guide_view(
        self, interaction: discord.Interaction, session_id: int | None = None
    ) -> tuple[GameSession, dict[str, Any]]:
        """The session here (or the panel's session) and the guide's view of it; a refusal for anyone else."""
        if session_id is not None:
            found = await self.bot.service.store.get(session_id)
            if found is None:
                raise GameError("That game is gone.")
            row = found
        else:
            row = await self._here(interaction)  # type: ignore[attr-defined]
        if actor_of(row, interaction.user.id) != GUIDE:
            raise GameError("Only the guide can do that.")
        if row.state is None:
            raise GameError("The mission has not started yet.")
        return row, with_saint_names(row, self.bot.service.view_for(row, interaction.user.id))

    async def _guide_act(
        self, interaction: discord.Interaction, build: Any, notice: str, session_id: int | None = None
    ) -> None:
        """Resolve names with the guide's view, then hand the command to the engine."""
        try:
            row, view = await self._guide_view(interaction, session_id)
            command = build(view)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        await self.act(interaction, command, session_id=row.id, notice=notice)  # type: ignore[attr-defined]

    # -- nexuses --------------------------------------------------------------------------------
    @guide.command(name="prepare", description="Prepare a nexus: one from the box, or your own with a name.")
    @app_commands.describe(
        nexus="A nexus from the box",
        name="Your own nexus's name (or rename the box one)",
        description="What the saints find there",
        side="Hope or Doom side up",
        reveal="Show it to the saints now",
    )
    async def g_prepare(
        self,
        interaction: discord.Interaction,
        nexus: str | None = None,
        name: str | None = None,
        description: str = "",
        side: Side = "doom",
        reveal: bool = False,
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            box = None
            if nexus:
                box = next(
                    (k for k, n in self.book.nexuses.items() if nexus.lower() in (k, n.name.lower())),
                    slug(nexus),
                )
            return {
                "type": "g_prepare",
                "nexus": box,
                "name": name,
                "description": description,
                "side": side,
                "reveal": reveal,
            }

        await self._guide_act(interaction, build, "Nexus prepared.")

    @guide.command(name="reveal", description="Reveal a prepared nexus to the saints.")
    async def g_reveal(self, interaction: discord.Interaction, nexus: str) -> None:
        await self._guide_act(
            interaction, lambda v: {"type": "g_reveal", "nexus": nexus_ref(v, nexus)}, "Revealed."
        )

    @guide.command(
        name="place", description="Put saints at a revealed nexus (all of them unless you name some)."
    )
    @app_commands.describe(saints="Saints to place, separated by commas (default: everyone)")
    async def g_place(self, interaction: discord.Interaction, nexus: str, saints: str = "") -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            seats = [seat_ref(view, s) for s in saints.split(",") if s.strip()]
            return {"type": "g_place", "nexus": nexus_ref(view, nexus), "seats": seats}

        await self._guide_act(interaction, build, "Placed.")

    @guide.command(name="orient", description="Turn a nexus to its Hope or Doom side.")
    async def g_orient(self, interaction: discord.Interaction, nexus: str, side: Side) -> None:
        await self._guide_act(
            interaction,
            lambda v: {"type": "g_orient", "nexus": nexus_ref(v, nexus), "side": side},
            "Oriented.",
        )

    @guide.command(
        name="stack", description="Put cards from the box into a nexus, in this order (first on top)."
    )
    @app_commands.describe(
        cards="Card names separated by commas, top first", bottom="Put them under the nexus's cards"
    )
    async def g_stack(
        self, interaction: discord.Interaction, nexus: str, cards: str, bottom: bool = False
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            return {
                "type": "g_stack",
                "nexus": nexus_ref(view, nexus),
                "cards": card_list(self.book, cards),
                "bottom": bottom,
            }

        await self._guide_act(interaction, build, "Stacked.")

    # -- the clock --------------------------------------------------------------------------------
    @guide.command(name="clock", description="Build or stack the clock: named cards and/or random omens.")
    @app_commands.describe(
        cards="Cards from the box, separated by commas, top first",
        random_omens="How many random omens to add",
        after_turns="Let these cards trigger after this many turns",
        bottom="Put them at the bottom",
    )
    async def g_clock(
        self,
        interaction: discord.Interaction,
        cards: str = "",
        random_omens: app_commands.Range[int, 0, 40] = 0,
        after_turns: app_commands.Range[int, 0, 60] = 0,
        bottom: bool = False,
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            return {
                "type": "g_clock",
                "cards": card_list(self.book, cards),
                "random_omens": random_omens,
                "after_turns": after_turns,
                "bottom": bottom,
            }

        await self._guide_act(interaction, build, "The clock is set.")

    @guide.command(name="delay", description="A delay: sacrifice cards from the clock (or add omens to it).")
    @app_commands.describe(n="How many cards", add="Add that many random omens instead of sacrificing")
    async def g_delay(
        self, interaction: discord.Interaction, n: app_commands.Range[int, 1, 20] = 1, add: bool = False
    ) -> None:
        await self._guide_act(interaction, lambda v: {"type": "g_delay", "n": n, "add": add}, "Delayed.")

    @guide.command(
        name="draw", description="Start: saints draw a card from the clock (then start one's turn)."
    )
    @app_commands.describe(saints="The saints who draw, separated by commas, in order")
    async def g_draw(self, interaction: discord.Interaction, saints: str) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            return {"type": "g_draw", "seats": [seat_ref(view, s) for s in saints.split(",") if s.strip()]}

        await self._guide_act(interaction, build, "They draw from the clock.")

    # -- turns and confrontations ---------------------------------------------------------------------
    @guide.command(name="start", description="Start a saint's turn, handing them the top clock card.")
    @app_commands.describe(draw="Hand them the clock card (default yes)")
    async def g_start(self, interaction: discord.Interaction, saint: str, draw: bool = True) -> None:
        await self._guide_act(
            interaction,
            lambda v: {"type": "g_start", "seat": seat_ref(v, saint), "draw": draw},
            "Turn started.",
        )

    @guide.command(
        name="present", description="Make a saint confront a card now: from a nexus, or from the box."
    )
    @app_commands.describe(
        nexus="Take it from this nexus (its top card unless you name one)", card="The card to confront"
    )
    async def g_present(
        self, interaction: discord.Interaction, saint: str, nexus: str | None = None, card: str | None = None
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            return {
                "type": "g_present",
                "seat": seat_ref(view, saint),
                "nexus": nexus_ref(view, nexus) if nexus else None,
                "card": card_ref(self.book, card) if card else None,
            }

        await self._guide_act(interaction, build, "Presented.")

    @guide.command(
        name="mutate", description="Mutate the confrontation: box mutations, or one you write now."
    )
    @app_commands.describe(
        mutation="A mutation from the box (its effects, under your name if you give one)",
        roll="Fix the d6 result of the first mutation (default: rolled)",
        also="More box mutations at once, separated by commas",
        name="Your own mutation's name",
        text="What your own mutation does (a ruling you apply, when no box mutation is named)",
        saint=SAINT_CONFRONTING,
    )
    async def g_mutate(
        self,
        interaction: discord.Interaction,
        mutation: str | None = None,
        roll: app_commands.Range[int, 1, 6] | None = None,
        also: str = "",
        name: str | None = None,
        text: str = "",
        saint: str | None = None,
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            if mutation is None and name is None:
                raise GameError("Name a mutation from the box, or write your own with a name and text.")
            return {
                "type": "g_mutate",
                "mutation": card_ref(self.book, mutation, ("mutations",)) if mutation else None,
                "roll": roll,
                "also": [card_ref(self.book, m, ("mutations",)) for m in also.split(",") if m.strip()],
                "name": name,
                "text": text,
                "seat": seat_ref(view, saint) if saint else None,
            }

        await self._guide_act(interaction, build, "Mutated.")

    @guide.command(name="check", description="Call a bare check outside any card, e.g. Body (Resist) 10.")
    @app_commands.describe(skill="A skill that adds its rank in bonus dice, if the saint has it")
    async def g_check(
        self,
        interaction: discord.Interaction,
        saint: str,
        virtue: Literal["body", "mind", "rage", "soul"],
        target: app_commands.Range[int, 0, 60],
        skill: str | None = None,
    ) -> None:
        await self._guide_act(
            interaction,
            lambda v: {
                "type": "g_check",
                "seat": seat_ref(v, saint),
                "virtue": virtue,
                "target": target,
                "skill": skill,
            },
            "The check is called.",
        )

    @guide.command(
        name="ruling", description="Rule a dice effect onto the check, e.g. trash 1 die, downgrade Rage."
    )
    @app_commands.describe(
        effect="What happens to the dice",
        n="How many dice",
        which="Which dice: the lowest, the highest, all, or the numbered ones",
        colour="Only dice of this colour",
        dice="For 'chosen': dice numbers, e.g. 1, 3",
    )
    async def g_ruling(
        self,
        interaction: discord.Interaction,
        effect: Literal["trash", "downgrade", "upgrade", "flip", "reroll", "explode"],
        n: app_commands.Range[int, 1, 12] = 1,
        which: Literal["lowest", "highest", "all", "chosen"] = "lowest",
        colour: Literal["body", "mind", "rage", "soul", "bonus"] | None = None,
        dice: str = "",
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            chosen = [d - 1 for d in numbers(dice)] if dice.strip() else []
            return {
                "type": "g_dice_effect",
                "kind": effect,
                "n": n,
                "which": which,
                "colour": colour,
                "dice": chosen,
            }

        await self._guide_act(interaction, build, "Ruled.")

    @guide.command(name="stop", description="Stop a power of the confronted card for this confrontation.")
    @app_commands.describe(power="The power to stop (default: all of them)", saint=SAINT_CONFRONTING)
    async def g_stop(
        self, interaction: discord.Interaction, power: str | None = None, saint: str | None = None
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            if power is not None and not power.strip().isdigit():
                raise GameError("Pick the power from the list.")
            return {
                "type": "g_stop",
                "power": int(power) if power is not None else None,
                "seat": seat_ref(view, saint) if saint else None,
            }

        await self._guide_act(interaction, build, "Stopped.")

    @guide.command(
        name="give", description="Give a saint a gift or omen from the box: to the hand or deck top."
    )
    async def g_give(
        self, interaction: discord.Interaction, saint: str, card: str, to: Literal["hand", "deck"] = "hand"
    ) -> None:
        await self._guide_act(
            interaction,
            lambda v: {
                "type": "g_give",
                "seat": seat_ref(v, saint),
                "card": card_ref(self.book, card),
                "to": to,
            },
            "Given.",
        )

    @guide.command(
        name="search", description="Downtime: a saint takes named cards from their deck into their hand."
    )
    @app_commands.describe(cards="Cards from the saint's deck, separated by commas")
    async def g_search(self, interaction: discord.Interaction, saint: str, cards: str) -> None:
        await self._guide_act(
            interaction,
            lambda v: {"type": "g_search", "seat": seat_ref(v, saint), "cards": card_list(self.book, cards)},
            "Searched.",
        )

    @guide.command(
        name="retreat", description="A threat waiting on top of a nexus retreats (into it, or away)."
    )
    @app_commands.describe(to_box="It leaves the mission instead of hiding in the nexus")
    async def g_retreat(self, interaction: discord.Interaction, nexus: str, to_box: bool = False) -> None:
        await self._guide_act(
            interaction,
            lambda v: {"type": "g_retreat", "nexus": nexus_ref(v, nexus), "to_box": to_box},
            "It retreats.",
        )

    @guide.command(name="target", description="Raise or lower the target of the confrontation.")
    @app_commands.describe(saint=SAINT_CONFRONTING)
    async def g_target(
        self,
        interaction: discord.Interaction,
        by: app_commands.Range[int, -20, 20],
        saint: str | None = None,
    ) -> None:
        await self._guide_act(
            interaction,
            lambda v: {"type": "g_target", "by": by, "seat": seat_ref(v, saint) if saint else None},
            "Target changed.",
        )

    @guide.command(name="dice", description="Choose the next die results the rules roll (e.g. 6, 5, 1).")
    async def g_dice(self, interaction: discord.Interaction, values: str) -> None:
        await self._guide_act(
            interaction, lambda v: {"type": "g_dice", "values": numbers(values)}, "The dice are set."
        )

    @guide.command(
        name="rest", description="Between scenes: the saints (all, or those named) reset their hands."
    )
    async def g_rest(self, interaction: discord.Interaction, saints: str = "") -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            return {
                "type": "g_rest",
                "seats": [seat_ref(view, s) for s in saints.split(",") if s.strip()],
            }

        await self._guide_act(interaction, build, "The saints rest.")

    @guide.command(
        name="fragment", description="Give a saint a fragment: from the box or the mission, or written now."
    )
    @app_commands.describe(
        fragment="A fragment from the box or the mission",
        name="Or write one: its name",
        text="Your fragment's text",
        slot="Halo slot 0-8 (4 is the saint); default: the first free one",
    )
    async def g_fragment(
        self,
        interaction: discord.Interaction,
        saint: str,
        fragment: str | None = None,
        name: str | None = None,
        text: str = "",
        slot: app_commands.Range[int, 0, 8] | None = None,
    ) -> None:
        def build(view: dict[str, Any]) -> dict[str, Any]:
            frag = None
            if fragment:
                mission = self.book.missions.get(view["public"].get("mission") or "")
                own = {f.name.lower(): f.id for f in mission.fragments} if mission else {}
                written = view.get("secret", {}).get("guide_mission") or {}
                own.update({f["name"].lower(): f["id"] for f in written.get("fragments", [])})
                frag = own.get(fragment.strip().lower()) or card_ref(self.book, fragment, ("fragments",))
            return {
                "type": "g_fragment",
                "seat": seat_ref(view, saint),
                "fragment": frag,
                "name": name,
                "text": text,
                "slot": slot,
            }

        await self._guide_act(interaction, build, "Fragment given.")

    @guide.command(
        name="endturn", description="End the active saint's turn (they and their assistants reset)."
    )
    async def g_end_turn(self, interaction: discord.Interaction) -> None:
        await self._guide_act(interaction, lambda v: {"type": "g_end_turn"}, "Turn ended.")

    @guide.command(name="endmission", description="End the mission, won or lost.")
    async def g_end_mission(self, interaction: discord.Interaction, outcome: Literal["won", "lost"]) -> None:
        try:
            row, _ = await self._guide_view(interaction)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        verb = "g_won" if outcome == "won" else "g_lost"
        assert row.id is not None
        await ask(interaction, self.confirm_clicks[verb][0], row.id, "click", verb)  # type: ignore[attr-defined]

    @guide.command(
        name="notes", description="The box mission's notes: the lowdown, or one nexus in full (only to you)."
    )
    async def g_notes(self, interaction: discord.Interaction, nexus: str | None = None) -> None:
        try:
            _, view = await self._guide_view(interaction)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        own = view.get("secret", {}).get("guide_mission")
        if own:  # the guide's own mission: the whole plan, as written
            from cogs.apocrypha.missions import describe

            await say(interaction, describe(self.book, own))
            return
        key = nexus_ref(view, nexus) if nexus else None
        await say(interaction, embeds=render.mission_notes(self.book, view["public"].get("mission"), key))

    @guide.command(name="panel", description="Show your guide's panel here (only to you).")
    async def g_panel(self, interaction: discord.Interaction) -> None:
        try:
            row, _ = await self._guide_view(interaction)
        except GameError as exc:
            await refuse(interaction, exc.message)
            return
        embeds, view = self.guide_message(row, interaction.user.id)  # type: ignore[attr-defined]
        await say(interaction, embeds=embeds, view=view)

    # -- autocomplete ---------------------------------------------------------------------------------
    async def _session_view(self, interaction: discord.Interaction) -> dict[str, Any]:
        try:
            row = await self._here(interaction)  # type: ignore[attr-defined]
        except GameError:
            return {}
        if row.state is None:
            return {}
        return with_saint_names(row, self.bot.service.view_for(row, interaction.user.id))

    @g_notes.autocomplete("nexus")
    @g_reveal.autocomplete("nexus")
    @g_place.autocomplete("nexus")
    @g_orient.autocomplete("nexus")
    @g_stack.autocomplete("nexus")
    @g_present.autocomplete("nexus")
    @g_retreat.autocomplete("nexus")
    async def _nexuses(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        view = await self._session_view(interaction)
        known = {
            **view.get("public", {}).get("nexuses", {}),
            **view.get("secret", {}).get("hidden_nexuses", {}),
        }
        return _choices({k: n["name"] for k, n in known.items()}, current)

    @g_prepare.autocomplete("nexus")
    async def _box_nexuses(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _choices({k: n.name for k, n in self.book.nexuses.items()}, current)

    @g_start.autocomplete("saint")
    @g_present.autocomplete("saint")
    @g_fragment.autocomplete("saint")
    @g_check.autocomplete("saint")
    @g_give.autocomplete("saint")
    @g_search.autocomplete("saint")
    @g_mutate.autocomplete("saint")
    @g_stop.autocomplete("saint")
    @g_target.autocomplete("saint")
    async def _saints(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        labels = saint_labels(await self._session_view(interaction))
        return _choices({label: label for label in labels.values()}, current)

    @g_place.autocomplete("saints")
    @g_rest.autocomplete("saints")
    @g_draw.autocomplete("saints")
    async def _saint_list(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        head, _, typed = current.rpartition(",")
        prefix = f"{head}, " if head else ""
        labels = saint_labels(await self._session_view(interaction))
        found = _choices({label: label for label in labels.values()}, typed.strip())
        return [
            app_commands.Choice(name=(prefix + c.name)[:100], value=(prefix + c.value)[:100]) for c in found
        ]

    @g_stack.autocomplete("cards")
    @g_clock.autocomplete("cards")
    @g_search.autocomplete("cards")
    async def _card_list(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return card_list_choices(self.book, current)

    @g_present.autocomplete("card")
    async def _one_card(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cards = {cid: c.name for kind in ("gifts", "threats") for cid, c in getattr(self.book, kind).items()}
        return _choices(cards, current)

    @g_give.autocomplete("card")
    async def _holdable(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        cards = {cid: c.name for kind in ("gifts", "omens") for cid, c in getattr(self.book, kind).items()}
        return _choices(cards, current)

    @g_stop.autocomplete("power")
    async def _powers(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        view = await self._session_view(interaction)
        public = view.get("public", {})
        confront = public.get("confront")
        chosen = getattr(interaction.namespace, "saint", None)
        if chosen and view:
            try:
                seat = seat_ref(view, chosen)
            except GameError:
                return []
            every = [c for c in [confront, *public.get("opponents", [])] if c]
            confront = next((c for c in every if c["seat"] == seat), None)
        if not confront:
            return []
        card = self.book.card(confront["card"].split("#")[0])
        named = {str(i): f"{p.timing.capitalize()}: {p.text}" for i, p in enumerate(card.powers)}
        return _choices(named, current)

    @g_mutate.autocomplete("mutation")
    async def _mutations(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return _choices({k: m.name for k, m in self.book.mutations.items()}, current)

    @g_fragment.autocomplete("fragment")
    async def _fragments(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        view = await self._session_view(interaction)
        mission = self.book.missions.get(view.get("public", {}).get("mission") or "")
        named = {f.id: f"{f.name} (mission)" for f in mission.fragments} if mission else {}
        written = view.get("secret", {}).get("guide_mission") or {}
        named.update({f["id"]: f"{f['name']} (your mission)" for f in written.get("fragments", [])})
        named.update({k: f.name for k, f in self.book.fragments.items()})
        return _choices(named, current)
