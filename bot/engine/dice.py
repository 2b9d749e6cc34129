"""Apocrypha-style dice pools: coloured d6s, capped by what the box holds, manipulated then kept.

The rulebook's evaluate order is roll, reroll, explode, upgrade, downgrade, flip,
trash, keep; callers apply the operations in that order. Every operation writes
a note on the die it touched so a renderer (or a log) can say what happened.
Randomness comes only from the `Rng` passed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from pydantic import BaseModel, Field

from bot.engine.errors import GameError
from bot.engine.prng import Rng

VIRTUES = ("body", "mind", "rage", "soul")  # Body green, Mind purple, Rage red, Soul blue
BONUS = "bonus"  # white
COLOURS = (*VIRTUES, BONUS)
MAX_PER_COLOUR = 4  # the box has four dice of each colour
KEEP = 3  # dice kept on a check


class Die(BaseModel):
    colour: str  # a virtue or "bonus"
    value: int = 0  # 1..6 once rolled
    kept: bool = False
    trashed: bool = False
    notes: list[str] = Field(default_factory=list)  # what happened to it, in order


class Pool(BaseModel):
    dice: list[Die] = Field(default_factory=list)

    def live(self) -> list[int]:
        """Indices of the dice still in the roll (not trashed)."""
        return [i for i, die in enumerate(self.dice) if not die.trashed]

    def count(self, colour: str) -> int:
        """Dice of a colour taken from the box for this roll, trashed ones included."""
        return sum(1 for die in self.dice if die.colour == colour)

    def roll(self, rng: Rng) -> None:
        for i in self.live():
            die = self.dice[i]
            die.value = rng.die(6)
            die.notes.append(f"rolled {die.value}")

    def reroll(self, rng: Rng, indices: Iterable[int]) -> None:
        """Roll each named die again, once, keeping the new face."""
        for i in self._targets(indices):
            die = self.dice[i]
            old = die.value
            die.value = rng.die(6)
            die.notes.append(f"rerolled {old}→{die.value}")

    def reroll_lowest(self, rng: Rng, n: int, keep: int | None = None) -> list[int]:
        """Reroll the `n` lowest live dice (ties: earlier dice first); returns their indices.

        With `keep`, a die that would be among the best `keep` anyway and shows 4
        or more is left alone: a reroll averages 3.5, so it could only hurt.
        """
        if n < 0:
            raise GameError("You can't reroll a negative number of dice.")
        order = sorted(self.live(), key=lambda i: (self.dice[i].value, i))
        if keep is not None:
            best = set(sorted(self.live(), key=lambda i: (-self.dice[i].value, i))[:keep])
            order = [i for i in order if i not in best or self.dice[i].value <= 3]
        chosen = sorted(order[:n])
        self.reroll(rng, chosen)
        return chosen

    def explode(self, rng: Rng, on: int) -> list[int]:
        """Each live die showing `on` adds one rolled die of its colour; returns the new indices.

        A full colour (four in the pool) gives a bonus die instead; with the bonus
        dice gone too, nothing is added. New dice do not explode again.
        """
        added: list[int] = []
        for i in self.live():
            die = self.dice[i]
            if die.value != on:
                continue
            colour = die.colour if self.count(die.colour) < MAX_PER_COLOUR else BONUS
            if self.count(colour) >= MAX_PER_COLOUR:
                die.notes.append("exploded, but the box had no die left")
                continue
            die.notes.append("exploded")
            new = Die(colour=colour, value=rng.die(6))
            new.notes.append(f"added by an explosion, rolled {new.value}")
            self.dice.append(new)
            added.append(len(self.dice) - 1)
        return added

    def upgrade(self, indices: Iterable[int], by: int = 1) -> None:
        self._turn(indices, by, "upgraded")

    def downgrade(self, indices: Iterable[int], by: int = 1) -> None:
        self._turn(indices, -by, "downgraded")

    def flip(self, indices: Iterable[int]) -> None:
        """Turn each die to its opposite face (opposite faces of a d6 add up to 7)."""
        for i in self._targets(indices):
            die = self.dice[i]
            old = die.value
            die.value = 7 - old
            die.notes.append(f"flipped {old}→{die.value}")

    def trash(self, indices: Iterable[int]) -> None:
        for i in self._targets(indices):
            die = self.dice[i]
            die.trashed = True
            die.kept = False
            die.notes.append("trashed")

    def keep(self, n: int = KEEP, lowest: int = 0) -> int:
        """Mark the kept dice and return their total.

        The `lowest` lowest live dice are forced in first (a mutation can make you
        keep your lowest die), then the best of the rest, up to `n` in all.
        """
        if n < 0 or lowest < 0:
            raise GameError("You can't keep a negative number of dice.")
        for die in self.dice:
            die.kept = False
        live = self.live()
        forced = sorted(live, key=lambda i: (self.dice[i].value, i))[: min(lowest, n)]
        rest = sorted((i for i in live if i not in forced), key=lambda i: (-self.dice[i].value, i))
        for i in forced + rest[: n - len(forced)]:
            self.dice[i].kept = True
        return self.total()

    def total(self) -> int:
        """Sum of the kept dice."""
        return sum(die.value for die in self.dice if die.kept and not die.trashed)

    def _turn(self, indices: Iterable[int], by: int, verb: str) -> None:
        for i in self._targets(indices):
            die = self.dice[i]
            old = die.value
            die.value = min(6, max(1, old + by))
            die.notes.append(f"{verb} {old}→{die.value}")

    def _targets(self, indices: Iterable[int]) -> list[int]:
        """The named dice, each once, in pool order; refuses a missing or trashed die."""
        chosen = sorted(set(indices))
        for i in chosen:
            if not 0 <= i < len(self.dice):
                raise GameError(f"There is no die number {i + 1} in this roll.")
            if self.dice[i].trashed:
                raise GameError(f"Die number {i + 1} has been trashed from this roll.")
        return chosen


def assemble(colour_counts: Mapping[str, int], bonus: int = 0) -> tuple[Pool, list[str]]:
    """Take dice from the box: at most four of a virtue (the excess become bonus dice), at most four bonus.

    Dice come in the order the colours are given, bonus dice last. Returns the
    pool and plain notes on anything converted or lost.
    """
    counts: dict[str, int] = {}
    bonus_wanted = bonus
    notes: list[str] = []
    for name, count in colour_counts.items():
        colour = name.lower()
        if colour not in COLOURS:
            raise GameError(f"{name} is not a dice colour: use Body, Mind, Rage, Soul or bonus.")
        if count < 0:
            raise GameError("A check can't have a negative number of dice.")
        if colour == BONUS:
            bonus_wanted += count
            continue
        counts[colour] = counts.get(colour, 0) + count
    if bonus < 0:
        raise GameError("A check can't have a negative number of dice.")
    dice: list[Die] = []
    for colour, count in counts.items():
        excess = max(0, count - MAX_PER_COLOUR)
        if excess:
            bonus_wanted += excess
            name = colour.capitalize()
            notes.append(
                f"1 extra {name} die became a bonus die"
                if excess == 1
                else f"{excess} extra {name} dice became bonus dice"
            )
        dice += [Die(colour=colour) for _ in range(count - excess)]
    lost = max(0, bonus_wanted - MAX_PER_COLOUR)
    if lost:
        notes.append(
            "1 bonus die was lost: the box has only four"
            if lost == 1
            else f"{lost} bonus dice were lost: the box has only four"
        )
    dice += [Die(colour=BONUS) for _ in range(bonus_wanted - lost)]
    return Pool(dice=dice), notes


class CheckResult(BaseModel):
    virtue: str
    target: int | None
    pool: Pool
    total: int
    success: bool | None  # None when there was no target
    margin: (
        int | None
    )  # total - target; negative is the shortfall (the damage a failed check vs. a threat deals)
    rerolled: list[int] = Field(default_factory=list)  # indices rerolled for an assisting saint
    notes: list[str] = Field(default_factory=list)  # assemble's notes on converted or lost dice


def virtue_check(
    rng: Rng,
    virtue: str,
    dice: int,
    bonus: int = 0,
    target: int | None = None,
    rerolls: int = 0,
) -> CheckResult:
    """A plain check: assemble, roll, reroll up to `rerolls` of the lowest dice, keep the best three, compare.

    Rerolls skip a die showing 4+ that is kept anyway (see `Pool.reroll_lowest`),
    since the rules let the player choose which dice to reroll.
    """
    virtue = virtue.lower()
    if virtue not in VIRTUES:
        raise GameError(f"{virtue.capitalize()} is not a virtue: use Body, Mind, Rage or Soul.")
    if rerolls < 0:
        raise GameError("You can't reroll a negative number of dice.")
    pool, notes = assemble({virtue: dice}, bonus)
    if not pool.dice:
        raise GameError("A check needs at least one die.")
    pool.roll(rng)
    rerolled = pool.reroll_lowest(rng, rerolls, keep=KEEP) if rerolls else []
    total = pool.keep(KEEP)
    margin = None if target is None else total - target
    return CheckResult(
        virtue=virtue,
        target=target,
        pool=pool,
        total=total,
        success=None if margin is None else margin >= 0,
        margin=margin,
        rerolled=rerolled,
        notes=notes,
    )
