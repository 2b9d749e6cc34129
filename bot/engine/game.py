"""The contract every rules engine keeps, so the session service can run any game."""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from bot.engine.errors import GameError
from bot.engine.events import Event
from bot.engine.seats import Seat
from bot.engine.state import GameState
from bot.engine.upgrades import StateUpgrade, upgrade_state

S = TypeVar("S", bound=GameState)


class NoOptions(BaseModel):
    """Options for a game that has none."""


@dataclass
class Outcome(Generic[S]):
    """A command's result: the new state and what happened."""

    state: S
    events: list[Event] = field(default_factory=list)


class Rules(ABC, Generic[S]):
    """One game's rules. Pure: no discord, no I/O, no clock; randomness from state.rng only.

    Subclasses set the class attributes and implement `setup`, `handle`,
    `legal_actions`, `waiting_for` and `result`. `apply` is the entry point:
    it works on a deep copy, so a GameError leaves the caller's state as it was.
    """

    key: ClassVar[str]  # "haunted": the slash-command group and the registry key
    title: ClassVar[str]  # "Haunted"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 6
    # How the lobby words the player count when some options seat fewer than max_players.
    players_text: ClassVar[str] = ""
    # Extra roles a lobby can fill besides the seats, e.g. ("guide",).
    roles: ClassVar[tuple[str, ...]] = ()
    Options: ClassVar[type[BaseModel]] = NoOptions
    State: ClassVar[type[GameState]]
    # A pydantic discriminated union (on `type`) of this game's commands.
    Command: ClassVar[Any]

    # Upgrades for states saved by older releases, oldest first (see bot/engine/upgrades.py).
    state_upgrades: ClassVar[tuple[StateUpgrade, ...]] = ()

    _adapter: ClassVar[TypeAdapter[Any] | None] = None

    # -- what a game implements -------------------------------------------------
    @abstractmethod
    def setup(self, options: BaseModel, players: int, seed: int, roles: dict[str, bool]) -> Outcome[S]:
        """Deal the game for `players` seats. roles says which extra roles are filled."""

    @abstractmethod
    def handle(self, state: S, actor: Seat, command: Any) -> list[Event]:
        """Carry out `command` for `actor` on `state` (a private copy) or raise GameError."""

    @abstractmethod
    def legal_actions(self, state: S, seat: Seat) -> list[Any]:
        """Commands `seat` may make now. Buttons and autocomplete are built from this."""

    @abstractmethod
    def waiting_for(self, state: S) -> list[Seat]:
        """Seats the game is waiting on now (to mention them and to time them out)."""

    @abstractmethod
    def result(self, state: S) -> str | None:
        """None while the game runs; a one-line summary once it is over."""

    def timeout_command(self, state: S, seat: Seat) -> Any | None:
        """The command made on behalf of a seat that did not answer in time, if the game has one."""
        return None

    def check_config(self) -> str:
        """One line for `--check-config`: '<game>: <N> cards (<type> <n>, ...)'. Loads and checks data."""
        return f"{self.key}: no card data"

    # -- shared machinery -----------------------------------------------------
    def apply(self, state: S, actor: Seat, command: Any) -> Outcome[S]:
        if self.result(state) is not None:
            raise GameError("This game is already over.")
        work = private_copy(state)
        events = self.handle(work, actor, command)
        return Outcome(work, events)

    def parse_command(self, data: dict[str, Any] | BaseModel) -> Any:
        """Build a command from plain data (a button's payload, a slash command's options)."""
        if isinstance(data, BaseModel):
            return data
        cls = type(self)
        if cls._adapter is None:
            cls._adapter = TypeAdapter(cls.Command)
        try:
            return cls._adapter.validate_python(data)
        except ValueError as exc:
            raise GameError("That action is not one this game knows.") from exc

    def load_state(self, data: dict[str, Any]) -> S:
        return self.State.model_validate(upgrade_state(data, self.state_upgrades))  # type: ignore[return-value]

    def most_players(self, options: BaseModel) -> int:
        """The most players these options seat (a game may seat fewer than max_players for some options)."""
        return self.max_players

    def parse_options(self, data: dict[str, Any]) -> BaseModel:
        try:
            return self.Options.model_validate(data)
        except ValueError as exc:
            raise GameError(f"Those options do not fit {self.title}: {_first_error(exc)}") from exc


def private_copy(state: S) -> S:
    """A deep copy of `state` for `handle` to change. Rebuilt from its plain data, as a restart
    loads a saved game, which is about four times faster than `copy.deepcopy` of the model tree
    (measured on every game's mid-game state; apply's copy was most of a simulated game's time)."""
    return type(state).model_validate(state.model_dump(round_trip=True))


def _first_error(exc: ValueError) -> str:
    errors = getattr(exc, "errors", None)
    if callable(errors):
        first = errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ()))
        return f"{where}: {first.get('msg', '')}".strip(": ")
    return str(exc)
