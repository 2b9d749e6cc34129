"""Card powers as data: named effect blocks, and named hooks for the few cards too odd for them.

A game makes one EffectBook, registers a handler per block name (`draw`,
`discard`, `add_die`, ...) and a hook per odd card id. Card data lists blocks
like `{op = "draw", n = 2}`. `validate` runs when the data loads, so a card
naming a block the engine cannot carry out fails at start-up, not mid-game.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any, Generic, TypeVar

Ctx = TypeVar("Ctx")
Handler = Callable[..., Any]


class EffectBook(Generic[Ctx]):
    def __init__(self, game: str) -> None:
        self.game = game
        self._ops: dict[str, Handler] = {}
        self._hooks: dict[str, Handler] = {}

    def op(self, name: str) -> Callable[[Handler], Handler]:
        """Register `handler(ctx, **params)` as the block `name`."""

        def register(handler: Handler) -> Handler:
            if name in self._ops:
                raise ValueError(f"{self.game}: effect block {name!r} registered twice")
            self._ops[name] = handler
            return handler

        return register

    def hook(self, card_id: str) -> Callable[[Handler], Handler]:
        """Register `handler(ctx, **params)` as the power of one card too odd for the blocks."""

        def register(handler: Handler) -> Handler:
            if card_id in self._hooks:
                raise ValueError(f"{self.game}: hook {card_id!r} registered twice")
            self._hooks[card_id] = handler
            return handler

        return register

    @property
    def ops(self) -> frozenset[str]:
        return frozenset(self._ops)

    def has_hook(self, card_id: str) -> bool:
        return card_id in self._hooks

    def run(self, ctx: Ctx, effects: Iterable[Mapping[str, Any]]) -> None:
        for effect in effects:
            params = dict(effect)
            name = params.pop("op")
            self._ops[name](ctx, **params)

    def run_hook(self, ctx: Ctx, card_id: str, **params: Any) -> Any:
        return self._hooks[card_id](ctx, **params)

    def validate(self, effects: Iterable[Mapping[str, Any]], where: str) -> None:
        """Raise ValueError naming `where` if a block is unknown or its parameters do not fit."""
        for i, effect in enumerate(effects):
            name = effect.get("op")
            if name not in self._ops:
                raise ValueError(f"{where}: effect {i} has unknown op {name!r}")
            params = {k: v for k, v in effect.items() if k != "op"}
            try:
                inspect.signature(self._ops[name]).bind(None, **params)
            except TypeError as exc:
                raise ValueError(f"{where}: effect {i} ({name}) {exc}") from exc
