"""Live updates: `GET /games/{id}/stream`, the log as Server-Sent Events, then live.

The stream is Server-Sent Events of the same records as ``GET /games/{id}/events``,
redacted for the caller (a seat's bearer token, or a spectator without one; a
browser's ``EventSource``, which sends no header, opens a seat's stream with a
single-use ``?ticket=`` from ``POST /games/{id}/stream-tickets``). It
starts after ``?after=N`` or, when a client reconnects, after its
``Last-Event-ID`` (an event's id is its record's version; the header wins over
the query; a version the game has not reached is `404 unknown-version`). Then it
stays open and sends each record as it is appended::

    id: 7
    event: record
    data: {"game_id": "...", "version": 7, "type": "command", ...}

    id: 7
    event: game
    data: {"id": "...", "version": 7, "status": "active", "to_act": [1], "view": ...}

Once the records sent reach the game's version, one ``game`` event follows them:
the game now, for this stream's audience (``GET /games/{id}`` for a spectator,
``/me`` with its legal moves on a seat's stream), so a client needs no refetch
after a record. A client catching up on a long log gets it once, at the end.

One client address may hold at most ``max_streams_per_client`` streams open
in one process (`service.api.slots`); one more is refused with ``429
too-many-streams`` until one closes.

Bounded by design: a comment line (``: heartbeat``) every ``heartbeat_seconds``
keeps proxies from closing an idle stream and lets the client notice a dead
one; the stream ends after the record that finishes the game, and in any case
after ``stream_seconds`` (the client reconnects with ``Last-Event-ID``). Asked
for after the last record of a finished game, it answers ``204 No Content``: a
browser's ``EventSource`` stops reconnecting on it.

Records are always read from the store, redacted for this stream's viewer, at
the moment they are sent: the live feed only says "game G moved on". Once a game
has finished every record is sent as stored (everything is public then).

`service.api.live_updates` wires it into the app, with the live feed the
streams wait on.
"""

from __future__ import annotations

import asyncio
import functools
import weakref
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get
from litestar.concurrency import sync_to_thread
from litestar.di import NamedDependency
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIResponse, Operation
from litestar.params import FromPath, HeaderParameter, QueryParameter
from litestar.response import ServerSentEvent, ServerSentEventMessage

from service.api.conditional import VARY_AUTHORIZATION
from service.api.deps import Config, Store
from service.api.errors import ServiceError
from service.api.params import bearer, known_version
from service.api.problems import problems
from service.api.slots import Slot, Slots, client_address, slot_held
from service.settings import Settings
from service.store.games import GameStore
from service.store.live import LiveGame
from service.store.records import Record
from service.views.game_view import private_game, public_game, redacted_record
from service.views.live import LiveFeed

EVENT_STREAM = "text/event-stream"
#: records sent per read of the store (the game's lock is held while they are redacted)
BATCH = 200

#: how soon a stream looks again for an announced record its game did not hold yet
CATCH_UP_SECONDS = 0.02

Feed = NamedDependency[LiveFeed]

STREAM_DESCRIPTION = (
    "Server-Sent Events: one event per record (`id` = the record's version, `event: "
    "record`, `data` = the record as in GET /games/{id}/events, redacted for the caller: "
    "a TicketToRideRecord, ColtExpressRecord... by the game's kind), "
    "first those after `?after=N` or `Last-Event-ID`, then each new one as it is appended. "
    "After the records that bring the client up to the game's version comes one `event: "
    "game` (same `id`): the game now, as GET /games/{id} gives it to a spectator, or as "
    "GET /games/{id}/me (with legal_moves) on a seat's stream (a PublicGame or a "
    "PrivateGame, by the game's kind), so no refetch is needed. "
    "Comment lines (`: heartbeat`) keep it alive; it ends after the record that finishes "
    "the game, or after the server's stream lifetime (reconnect with Last-Event-ID). One "
    "client address holds at most the server's max_streams_per_client streams open: one "
    "more is 429 too-many-streams."
)


@dataclass
class StreamOperation(Operation):
    """The stream's 200 response: an event stream, which litestar cannot describe by itself."""

    def __post_init__(self) -> None:
        self.responses = {
            **(self.responses or {}),
            "200": OpenAPIResponse(
                description=STREAM_DESCRIPTION,
                # no schema: OpenAPI 3.1 has no way to give one per event that generators
                # read as such (with one, openapi-python-client decodes the whole stream as
                # one JSON object); the description says what each event is
                content={EVENT_STREAM: OpenAPIMediaType(schema=None)},
            ),
            "204": OpenAPIResponse(
                description="The game has finished and every record was sent: nothing more "
                "will come (an EventSource stops reconnecting)",
            ),
        }


class StreamController(Controller):
    path = "/games/{game_id:str}/stream"
    tags = ["play"]

    @get(
        media_type=EVENT_STREAM,
        summary="The log as Server-Sent Events, then live; redacted for the caller",
        description=STREAM_DESCRIPTION,
        responses=problems(401, 404, 422),
        security=[{}, {"bearer": []}],
        operation_class=StreamOperation,
    )
    async def stream(
        self,
        game_id: FromPath[str],
        request: Request[Any, Any, Any],
        store: Store,
        feed: Feed,
        slots: Slots,
        settings: Config,
        after: Annotated[int, QueryParameter(ge=0, description="Records after this version")] = 0,
        ticket: Annotated[
            str | None,
            QueryParameter(
                max_length=128,
                description="A seat's single-use stream ticket (POST /games/{id}/stream-tickets), "
                "for EventSource, which cannot send Authorization",
            ),
        ] = None,
        last_event_id: Annotated[
            str | None,
            HeaderParameter(
                name="Last-Event-ID",
                pattern="^[0-9]{1,18}$",
                description="Resume after this version (sent by EventSource on reconnect)",
            ),
        ] = None,
    ) -> ServerSentEvent | Response[bytes]:
        token = bearer(request)
        cursor = after if last_event_id is None else int(last_event_id)
        if ticket is not None and token is not None:
            raise ServiceError(422, "invalid-request", "send a stream ticket or a token, not both")

        def opening(live: LiveGame, seat: int | None) -> tuple[str, int | None, bool]:
            known_version(live, cursor)
            return live.id, seat, cursor == live.version and live.status == "finished"

        stored_id, viewer, over = await sync_to_thread(store.read, game_id, opening, token)
        if ticket is not None:
            viewer = await sync_to_thread(store.seat_of_ticket, stored_id, ticket)
        if over:  # nothing more will ever come: 204 tells an EventSource to stop reconnecting
            return Response(b"", status_code=204, headers=VARY_AUTHORIZATION)
        slot = slots.take(client_address(request))
        records = _records(store, feed, settings, stored_id, viewer, cursor, slot)
        weakref.finalize(records, slot.release)  # a stream never started frees its slot too
        return ServerSentEvent(records, headers=VARY_AUTHORIZATION)




async def _records(
    store: GameStore,
    feed: LiveFeed,
    settings: Settings,
    game_id: str,
    viewer: int | None,
    cursor: int,
    slot: Slot,
) -> AsyncIterator[ServerSentEventMessage]:
    """The stream's messages: records after `cursor`, then live ones, with heartbeats;
    `slot` (the client's, `service.api.slots`) is released however the stream ends.

    The store is asked again (a query, to fast-forward the cached game) only when
    the feed has announced a version the cached game does not hold yet, or after
    a quiet heartbeat interval (an announcement may have been lost): so a hundred
    streams of one game cost no query per append made in this process, and one
    (the first stream's) per append heard from another. Both the query and the
    read (under the game's lock) run in a worker thread, never on the event loop.
    """
    loop = asyncio.get_running_loop()
    ends = loop.time() + settings.stream_seconds
    quiet = False
    # subscribe before the first read, so an append between the two is not missed
    with slot_held(slot), feed.subscribe(game_id) as subscription:
        yield ServerSentEventMessage(data=None, comment=f"game {game_id} after {cursor}")
        while not feed.closed:
            fresh = quiet or (store.held_version(game_id) or 0) < feed.latest(game_id)
            records, now, caught_up, finished = await sync_to_thread(
                store.read, game_id, functools.partial(_read, viewer=viewer, cursor=cursor),
                fresh=fresh)
            for record in records:
                yield ServerSentEventMessage(
                    data=msgspec.json.encode(record).decode(), id=record.version, event="record"
                )
                cursor = record.version
            if now is not None:
                yield ServerSentEventMessage(data=now.decode(), id=cursor, event="game")
            if finished:
                return
            held = store.held_version(game_id) or 0
            if not caught_up or cursor < held:
                continue  # more to read, or the game moved on while this read ran
            if held < feed.latest(game_id):
                # announced, but another thread was catching the game up and `get` does
                # not wait for it: look again shortly rather than at the next heartbeat
                await asyncio.sleep(CATCH_UP_SECONDS)
                continue
            left = ends - loop.time()
            if left <= 0:
                return
            quiet = not await subscription.wait(min(settings.heartbeat_seconds, left))
            if quiet:
                yield ServerSentEventMessage(data=None, comment="heartbeat")


def _read(
    live: LiveGame, _: int | None, *, viewer: int | None, cursor: int
) -> tuple[list[Record], bytes | None, bool, bool]:
    """``(records after cursor, the game now if they reach it, caught up, finished and all
    sent)`` of the game as held (the store holds its readers' lock).

    The game now (`game_now`) is given only with the batch that reaches the game's
    version, so a client catching up on a long log gets one, at the end.
    """
    chosen = live.records[cursor : cursor + BATCH]
    records = [redacted_record(live, r, viewer) for r in chosen]
    caught_up = cursor + len(records) >= live.version
    now = game_now(live, viewer) if records and caught_up else None
    return records, now, caught_up, caught_up and live.status == "finished"


def game_now(live: LiveGame, viewer: int | None) -> bytes:
    """The ``game`` event's data: ``GET /games/{id}`` for a spectator, ``/me`` for a seat."""
    if viewer is None:
        return msgspec.json.encode(public_game(live, live.version))
    return msgspec.json.encode(private_game(live, viewer, live.version))
