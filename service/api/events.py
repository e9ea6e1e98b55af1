"""`GET /games/{id}/events`: the log, a page at a time, redacted for the caller.

Spectators (no token) see what everyone may see; a seat's token adds what that
seat may see. Every record carries its stored ``hash`` and ``prev_hash``, salted
so that they betray nothing hidden (docs/fairness.md): during the game a reader
checks the links and keeps the head; once the game has finished the whole log
is public, each record is returned exactly as stored, and every hash verifies
with the revealed seed. A page after a version the game has not reached is
``404 unknown-version`` (with ``current_version``), like the stream and
``?version=N``: a client ahead of the server learns it rather than waiting.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get
from litestar.params import FromPath, QueryParameter

from service.api.conditional import VARY_AUTHORIZATION
from service.api.deps import Store
from service.api.params import bearer, known_version
from service.api.problems import problems
from service.store.live import LiveGame
from service.store.records import Record
from service.views.game_view import redacted_record

#: the most records one page holds (a fixed part of the API, like the stream's batch)
EVENTS_PAGE_MAX = 1000


class EventsPage(msgspec.Struct, frozen=True):
    """Records ``after < version <= after + limit``; ask again from ``next_after``."""

    id: str
    kind: str
    version: int
    records: list[Record]
    next_after: int


class EventsController(Controller):
    path = "/games/{game_id:str}/events"
    tags = ["play"]

    @get(
        sync_to_thread=True,
        summary="The log, paged and redacted for the caller",
        description="`after` beyond the game's version is `404 unknown-version` with "
        "`current_version`, as on the stream.",
        responses=problems(401, 404, 422),
        security=[{}, {"bearer": []}],
    )
    def events(
        self,
        game_id: FromPath[str],
        request: Request[Any, Any, Any],
        store: Store,
        after: Annotated[int, QueryParameter(ge=0, description="Records after this version")] = 0,
        limit: Annotated[
            int, QueryParameter(ge=1, le=EVENTS_PAGE_MAX, description="At most this many")
        ] = 100,
    ) -> Response[EventsPage]:
        def page(live: LiveGame, viewer: int | None) -> EventsPage:
            known_version(live, after)
            chosen = live.records[after : after + limit]
            records = [redacted_record(live, r, viewer) for r in chosen]
            return EventsPage(live.id, live.kind, live.version, records, after + len(records))

        return Response(store.read(game_id, page, bearer(request)), headers=VARY_AUTHORIZATION)
