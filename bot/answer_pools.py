"""The HTTP connections interactions are answered through: first answers apart from the rest.

An interaction's first answer (its callback) must reach Discord within 3 seconds; an edit of its
own message (`@original`) may come any time in its token's 15 minutes. Each has a pool of its own,
so a first answer only ever waits behind other first answers, never behind a burst of edits.
Measured at 1,000 channels (docs/performance.md): in the lobbies' burst first answers waited up
to a second for a connection, but behind each other; the edits never waited, and splitting them
off did not shorten that wait.

discord.py reaches an interaction's session only through `session.request(method, url, ...)`
(its webhook adapter), so `interaction._session` can be this router.
"""

from __future__ import annotations

from typing import Any

import aiohttp

# First answers are small and answered at once; Discord counts them apart from the global budget.
# A burst of a thousand needs many at once, but a bounded pool keeps reusing its connections
# (opening one per request cost a sixth of the bot's CPU in a burst).
FIRST_ANSWER_CONNECTIONS = 64
# Edits of an interaction's own message (its panel redrawn, a deferred answer filled in).
EDIT_CONNECTIONS = 64


class AnswerPools:
    """Routes each interaction request to its pool: the callback (first answer) or the rest."""

    def __init__(self, first: int = FIRST_ANSWER_CONNECTIONS, edits: int = EDIT_CONNECTIONS) -> None:
        def pool(limit: int) -> aiohttp.ClientSession:
            return aiohttp.ClientSession(
                connector=aiohttp.TCPConnector(limit=limit), cookie_jar=aiohttp.DummyCookieJar()
            )

        self.first = pool(first)
        self.edits = pool(edits)

    @staticmethod
    def is_first_answer(url: Any) -> bool:
        """An interaction callback: `POST /interactions/{id}/{token}/callback` (any query after it)."""
        return str(url).split("?", 1)[0].endswith("/callback")

    def request(self, method: str, url: Any, **kwargs: Any) -> Any:
        session = self.first if self.is_first_answer(url) else self.edits
        return session.request(method, url, **kwargs)

    @property
    def closed(self) -> bool:
        return self.first.closed and self.edits.closed

    async def close(self) -> None:
        await self.first.close()
        await self.edits.close()
