"""The lobby's wire types: a page of listed games, its cursor, and a freed seat.

`GET /games` (in `service.api.games`) lists the games created as listed,
newest first, filtered, in pages joined by an opaque cursor; the rows come from
the store's lobby table (`service.store.recorders`), so every API process
lists the same committed games.
"""

from __future__ import annotations

import re
from typing import Annotated

import msgspec

from domain.kernel.protocol import StatusName
from service.api.errors import ServiceError
from service.store.games import GameStore
from service.store.recorders import LobbyQuery, LobbyRow


class LobbyGame(msgspec.Struct, frozen=True):
    """One listed game."""

    id: str
    kind: str
    map: str | None
    variant: str | None
    seats: Annotated[int, msgspec.Meta(description="How many players the game is for")]
    taken: Annotated[int, msgspec.Meta(description="How many seats are taken")]
    status: StatusName
    private: Annotated[bool, msgspec.Meta(description="Joining needs the invite code")]
    created: Annotated[str, msgspec.Meta(description="When the game was created (ISO 8601)")]


class LobbyPage(msgspec.Struct, frozen=True):
    """A page of the lobby, newest first; `next` is the cursor of the following page."""

    games: list[LobbyGame]
    next: str | None


class SeatChange(msgspec.Struct, frozen=True):
    """A seat that changed hands (freed, or given to a bot), and the game's version after."""

    id: str
    seat: int
    version: int


def lobby_page(store: GameStore, query: LobbyQuery, cursor: str | None) -> LobbyPage:
    """One page of the lobby: `query`'s games after `cursor` (None: the newest)."""
    limit = query.limit
    asked = msgspec.structs.replace(
        query, before=None if cursor is None else _after(cursor), limit=limit + 1)
    rows = store.lobby(asked)
    page = rows[:limit]
    games = [LobbyGame(r.game_id, r.kind, r.map, r.variant, r.seats, r.taken,
                       r.status, r.private, r.created)  # type: ignore[arg-type]
             for r in page]
    return LobbyPage(games, _cursor(page[-1]) if len(rows) > limit else None)


#: a cursor: where the previous page ended, ``<created>~<game id>`` with the creation
#: time's ``+`` as ``_`` (so that it needs no escaping in a URL). Every string of this
#: shape is a place in the lobby's order, so every cursor the pattern admits is taken.
CURSOR = (
    "^[0-9A-Za-z:._-]{1,40}~"
    "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$"
)
_CURSOR = re.compile(CURSOR)


def _cursor(row: LobbyRow) -> str:
    return f"{row.created.replace('+', '_')}~{row.game_id}"


def _after(cursor: str) -> tuple[str, str]:
    if not _CURSOR.match(cursor):
        raise ServiceError(422, "invalid-cursor", "this cursor was not given by GET /games")
    created, _, game_id = cursor.partition("~")
    return created.replace("_", "+"), game_id
