"""The one error a rules engine raises for a player's mistake."""


class GameError(Exception):
    """A command a player may not make now. The message is one plain sentence shown to them.

    `apply` raises it before changing anything, so the stored state is untouched.
    """

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
