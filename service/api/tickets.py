"""`POST /games/{id}/stream-tickets`: a single-use ticket that opens the seat's stream.

For browsers: ``EventSource`` sends no ``Authorization`` header, and a token must
never sit in a URL (logs, history, ``Referer``). The seat posts its token here
and gets a ticket, valid for `TICKET_SECONDS` and one stream; it opens
``GET /games/{id}/stream?ticket=<ticket>`` (docs/live-updates.md). A ticket is
not a token: it opens that seat's stream once, nothing else. The request logs
never hold a query string (`service.api.observability`), so the ticket is not
logged either.
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, post

from service.api.deps import Store
from service.api.params import GameId, bearer
from service.api.problems import problems
from service.store.tickets import TICKET_SECONDS


class StreamTicket(msgspec.Struct, frozen=True):
    """A ticket for one stream of the seat's records, as ``?ticket=`` of the stream."""

    id: Annotated[str, msgspec.Meta(description="The game's id")]
    seat: Annotated[int, msgspec.Meta(description="The seat whose stream the ticket opens")]
    ticket: Annotated[str, msgspec.Meta(
        description="Open GET /games/{id}/stream?ticket=<this> within expires_in seconds; "
        "it opens one stream, once")]
    expires_in: Annotated[int, msgspec.Meta(description="Seconds the ticket stays valid")]


class StreamTicketsController(Controller):
    path = "/games/{game_id:str}/stream-tickets"
    tags = ["play"]

    @post(
        sync_to_thread=True,
        status_code=201,
        summary="A single-use ticket that opens the bearer seat's stream (for EventSource)",
        description="EventSource cannot send Authorization: open "
        "GET /games/{id}/stream?ticket=<ticket> instead, once, within expires_in seconds. "
        "To reconnect, ask for a new ticket and resume with ?after=<last event id>.",
        responses=problems(401, 404),
        security=[{"bearer": []}],
    )
    def issue(
        self, game_id: GameId, request: Request[Any, Any, Any], store: Store
    ) -> Response[StreamTicket]:
        stored_id, seat, ticket = store.stream_ticket(game_id, bearer(request))
        return Response(StreamTicket(stored_id, seat, ticket, TICKET_SECONDS), status_code=201,
                        headers={"Cache-Control": "no-store"})
