"""Export, replay and audit over HTTP: the log out, a log in, the verdict on a game.

* ``GET /games/{id}/export``: the log as JSON Lines, complete once the game has
  ended, redacted for the caller while it runs (the bearer's seat, or a
  spectator), every record with its hash (salted: it betrays nothing hidden).
* ``POST /replays``: an exported log in (``application/x-ndjson``), from this or
  any Roundhouse server; every record checked and every command decided again.
  The answer is the verdict, ``valid`` or not: a tampered log is a 200 with
  ``valid: false`` and the first invalid record; only a body that cannot be
  read as a log at all is a problem response.
* ``GET /games/{id}/audit``: the same checks on the server's own complete log;
  with ``?version=N`` the record of version N explained as well. While the game
  runs, nothing hidden is shown: no seed, the explained record redacted for the
  caller; the head hash is given (the chain head every reader may hold).

Verification runs in the `Verifier`'s worker processes, never in the API
process (see `service.api.verifier`); the log a replay may send is bounded by
the ``max_log_bytes`` setting (the `ReplayController` is mounted under a router
carrying that limit, `replay_router`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

from litestar import Controller, Request, Response, Router, get, post
from litestar.concurrency import sync_to_thread
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIType, Operation, RequestBody, Schema
from litestar.params import FromPath, QueryParameter, RawBody

from domain.kernel.rng import Seed
from service.api.conditional import VARY_AUTHORIZATION, IfNoneMatch, not_modified, unchanged
from service.api.deps import Store, Verifying
from service.api.errors import ServiceError
from service.api.params import bearer, version_or_now
from service.api.problems import problems
from service.api.verifier import GameAudit
from service.audit import MEDIA_TYPE, AuditReport, encode_log
from service.settings import Settings
from service.store.live import LiveGame
from service.store.records import Record
from service.views.game_view import redacted_record

#: as the views' ``?version=N``: a digit string, so that ``version=null`` is refused
ExplainVersion = Annotated[
    str | None,
    QueryParameter(pattern="^[1-9][0-9]{0,17}$", description="Explain the record of this version"),
]
LOG_DESCRIPTION = (
    "A game log as JSON Lines: one record a line, each with its hash fields "
    "(docs/fairness.md specifies the format)"
)


@dataclass
class ReplayOperation(Operation):
    """The replay route's request body, which litestar cannot infer from a raw body."""

    def __post_init__(self) -> None:
        self.request_body = RequestBody(
            content={MEDIA_TYPE: OpenAPIMediaType(schema=Schema(type=OpenAPIType.STRING))},
            description=LOG_DESCRIPTION,
            required=True,
        )


def export_etag(version: int, viewer: int | None) -> str:
    """The export's ETag: the version, and the seat it was redacted for (none: everyone's)."""
    return f'"{version}"' if viewer is None else f'"{version}-seat-{viewer}"'


class AuditController(Controller):
    tags = ["audit"]

    @get(
        "/games/{game_id:str}/export",
        sync_to_thread=True,
        media_type=MEDIA_TYPE,
        summary="The log as JSON Lines: complete once finished, redacted for the caller before",
        description="ETag names the version and the audience (a seat's export differs from a "
        "spectator's until the end); If-None-Match with it is 304.",
        response_description="One record a line, oldest first, each a record of the game's "
        "kind (TicketToRideRecord, ColtExpressRecord...: the records of GET "
        "/games/{id}/events) with every field present (docs/fairness.md)",
        responses={
            **unchanged("this export"),
            **problems(401, 404, 422),
        },
        security=[{}, {"bearer": []}],
    )
    def export(
        self, game_id: FromPath[str], request: Request[Any, Any, Any], store: Store,
        if_none_match: IfNoneMatch = None,
    ) -> Response[bytes]:
        def exported(live: LiveGame, viewer: int | None) -> Response[bytes]:
            tag = export_etag(live.version, None if live.status == "finished" else viewer)
            headers = {"ETag": tag, **VARY_AUTHORIZATION}
            if not_modified(if_none_match, tag):
                return Response(b"", status_code=304, media_type=MEDIA_TYPE, headers=headers)
            records = [redacted_record(live, r, viewer) for r in live.records]
            return Response(
                encode_log(records),
                media_type=MEDIA_TYPE,
                headers={
                    **headers,
                    "Content-Disposition": f'attachment; filename="game-{live.id}.jsonl"',
                },
            )

        return store.read(game_id, exported, bearer(request))

    @get(
        "/games/{game_id:str}/audit",
        summary="Hash chain, seed against commitment, shuffles, every move re-decided; "
        "?version=N explains one record",
        responses=problems(401, 404, 422, 503),
        security=[{}, {"bearer": []}],
    )
    async def audit_game(
        self,
        game_id: FromPath[str],
        request: Request[Any, Any, Any],
        store: Store,
        verifier: Verifying,
        version: ExplainVersion = None,
    ) -> Response[GameAudit]:
        token = bearer(request)

        def read(live: LiveGame, viewer: int | None
                 ) -> tuple[list[Record], Seed, int | None, int | None]:
            disputed = None if version is None else version_or_now(live, version)
            return list(live.records), live.seed, disputed, viewer

        records, seed, disputed, viewer = await sync_to_thread(store.read, game_id, read, token)
        found = await verifier.audit(records, seed, disputed, viewer)
        return Response(found, headers=VARY_AUTHORIZATION)


class ReplayController(Controller):
    tags = ["audit"]

    @post(
        "/replays",
        status_code=200,
        summary="Replay an exported log: every record checked, every command decided again",
        description="The log may be at most the server's `max_log_bytes` (README, Limits; "
        "default 4 MiB): a larger one is refused with 413 before it is read.",
        responses=problems(413, 415, 422, 503),
        operation_class=ReplayOperation,
    )
    async def replay(
        self, request: Request[Any, Any, Any], body: RawBody, verifier: Verifying
    ) -> AuditReport:
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media != MEDIA_TYPE:
            raise ServiceError(415, "unsupported-media-type",
                               f"send the log as {MEDIA_TYPE}, exactly as exported")
        return await verifier.replay(body)


def replay_router(settings: Settings) -> Router:
    """`POST /replays` with the body limit for logs (larger than for other bodies)."""
    return Router(
        path="/", route_handlers=[ReplayController], request_max_body_size=settings.max_log_bytes
    )
