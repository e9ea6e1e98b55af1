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
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, get, post
from litestar.openapi.spec import OpenAPIMediaType, OpenAPIType, Operation, RequestBody, Schema
from litestar.params import FromPath, QueryParameter, RawBody

from service.api.deps import Store
from service.api.games import bearer, version_or_now
from service.api.problems import problems
from service.audit import (
    MEDIA_TYPE,
    AuditReport,
    Explanation,
    LogFormatError,
    audit,
    decode_log,
    encode_log,
    explain,
)
from service.errors import ServiceError
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


class GameAudit(msgspec.Struct, frozen=True):
    """`GET /games/{id}/audit`: the verdict on the game's log, and the explained record."""

    report: AuditReport
    explanation: Explanation | None = None


class AuditController(Controller):
    tags = ["audit"]

    @get(
        "/games/{game_id:str}/export",
        sync_to_thread=False,
        media_type=MEDIA_TYPE,
        summary="The log as JSON Lines: complete once finished, redacted for the caller before",
        responses=problems(401, 404, 422),
        security=[{}, {"bearer": []}],
    )
    def export(
        self, game_id: FromPath[str], request: Request[Any, Any, Any], store: Store
    ) -> Response[bytes]:
        live = store.get(game_id)
        token = bearer(request)
        with live.lock:
            viewer = None if token is None else store.seat_of(live, token)
            records = [redacted_record(live, r, viewer) for r in live.records]
            version = live.version
        return Response(
            encode_log(records),
            media_type=MEDIA_TYPE,
            headers={
                "ETag": f'"{version}"',
                "Content-Disposition": f'attachment; filename="game-{live.id}.jsonl"',
            },
        )

    @post(
        "/replays",
        sync_to_thread=False,
        status_code=200,
        summary="Replay an exported log: every record checked, every command decided again",
        responses=problems(413, 415, 422),
        operation_class=ReplayOperation,
    )
    def replay(
        self, request: Request[Any, Any, Any], body: RawBody, store: Store
    ) -> AuditReport:
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media != MEDIA_TYPE:
            raise ServiceError(415, "unsupported-media-type",
                               f"send the log as {MEDIA_TYPE}, exactly as exported")
        try:
            records = decode_log(body)
        except LogFormatError as error:
            raise ServiceError(422, "unreadable-log", str(error)) from None
        return audit(records, store.kinds)

    @get(
        "/games/{game_id:str}/audit",
        sync_to_thread=False,
        summary="Hash chain, seed against commitment, shuffles, every move re-decided; "
        "?version=N explains one record",
        responses=problems(401, 404, 422),
        security=[{}, {"bearer": []}],
    )
    def audit_game(
        self,
        game_id: FromPath[str],
        request: Request[Any, Any, Any],
        store: Store,
        version: ExplainVersion = None,
    ) -> GameAudit:
        live = store.get(game_id)
        token = bearer(request)
        with live.lock:
            viewer = None if token is None else store.seat_of(live, token)
            records = list(live.records)
            disputed = None if version is None else version_or_now(live, version)
            seed = live.seed
        report = audit(records, store.kinds, redacted=False, sealed_with=seed)
        explanation = None
        if disputed is not None:
            explanation = explain(records, disputed, store.kinds, viewer=viewer)
        return GameAudit(report, explanation)
