"""`POST /games/{id}/commands`: one command from the bearer's seat.

The body is the game's own command (``{"type": ..., ...}``, one of the kind's
tagged union). ``If-Match: "<version>"`` makes it conditional (412 with the
current version when stale); ``Idempotency-Key`` makes a retry safe: the first
answer comes back (header ``Idempotent-Replayed: true``) and nothing new is
recorded.

The body is decoded here, as the game's own command type (a ``422
malformed-command`` problem names what is wrong with it), and the store is
handed the command and the version ``If-Match`` expects; the store decides it. A
command the rules refuse is a ``409`` (`service.api.problems`): it is well formed,
the game's state is what it conflicts with.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Annotated, Any

import msgspec
from litestar import Controller, Request, Response, post
from litestar.concurrency import sync_to_thread
from litestar.params import FromPath, HeaderParameter, RawBody

from domain.kernel.protocol import GameRules
from service.api.bodies import whole_numbers
from service.api.checks import JSON_BODY
from service.api.deps import Store
from service.api.errors import ServiceError
from service.api.params import bearer, etag
from service.api.problems import problems
from service.store.games import GameStore
from service.views.game_view import answered_events


class CommandAnswer(msgspec.Struct, frozen=True):
    """What the command recorded: the new version and its events, redacted for the caller."""

    id: str
    kind: str
    seat: int
    version: int
    command_id: str
    events: list[Any]


#: what ``If-Match`` may be: ``*`` or one version as an entity tag, ``"12"`` (or ``W/"12"``);
#: the bare version ``12`` is taken too (a common slip, and what the tag means)
IF_MATCH = re.compile(r'^(\*|(W/)?"[0-9]{1,18}"|[0-9]{1,18})$')


def parse_if_match(value: str | None) -> int | None:
    """The version an ``If-Match`` header asks for (``*`` or absent: any).

    Anything else (an empty value included) is refused, exactly as the
    header's pattern in the OpenAPI document says.
    """
    if value is None:
        return None
    text = value.strip()
    if not IF_MATCH.match(text):
        raise ServiceError(
            422, "invalid-if-match", 'If-Match must be a game version, e.g. "12", or *'
        )
    return None if text == "*" else int(text.removeprefix("W/").strip('"'))


@functools.cache
def _decoder(command_type: Any) -> msgspec.json.Decoder[Any]:
    """One decoder per command type: ``msgspec.json.decode(body, type=...)`` analyses a
    union of commands afresh on every call (2% of a command's CPU)."""
    return msgspec.json.Decoder(command_type)


def decoded(
    rules: GameRules[Any, Any, Any], body: bytes,
    kinds: Mapping[str, GameRules[Any, Any, Any]] | None = None,
) -> Any:
    """The command in `body`, as the kind's own command type; else a problem.

    The request body's schema is every kind's command (the path does not say the
    game's kind): a command of another of `kinds` is well-formed but not this
    game's, ``409 wrong-kind``; anything else that is not this kind's is ``422``.
    """
    body = whole_numbers(body)
    try:
        return _decoder(rules.command_type).decode(body)
    except msgspec.ValidationError as error:
        own = rules.descriptor.kind
        for kind, other in (kinds or {}).items():
            if kind != own and _fits(other, body):
                raise ServiceError(
                    409, "wrong-kind", f"this game is {own}: that is a {kind} command; see "
                    "the seat's legal moves (GET /games/{id}/me)") from None
        raise ServiceError(422, "malformed-command", str(error)) from None
    except msgspec.DecodeError as error:
        raise ServiceError(422, "malformed-body", str(error)) from None


def _fits(rules: GameRules[Any, Any, Any], body: bytes) -> bool:
    try:
        _decoder(rules.command_type).decode(body)
    except msgspec.ValidationError:
        return False
    return True


async def rules_of(store: GameStore, game_id: str) -> GameRules[Any, Any, Any]:
    """The game's rules: from memory on the loop, or read from the store in a thread."""
    held = store.held_rules(game_id)
    return held if held is not None else await sync_to_thread(store.rules_of, game_id)


class CommandsController(Controller):
    path = "/games/{game_id:str}/commands"
    tags = ["play"]

    @post(
        status_code=200,
        summary="Send a command from the bearer's seat",
        responses=problems(401, 404, 409, 412, 413, 415, 422),
        opt=JSON_BODY,
        security=[{"bearer": []}],
    )
    async def send_command(
        self,
        game_id: FromPath[str],
        request: Request[Any, Any, Any],
        body: RawBody,
        store: Store,
        if_match: Annotated[
            str | None,
            HeaderParameter(
                name="If-Match",
                description='The version the command is for, as an entity tag ("12"); a '
                "stale one is refused with 412 and the current version. `*` or none: any",
                schema_extra={"pattern": IF_MATCH.pattern},
            ),
        ] = None,
        idempotency_key: Annotated[
            str | None,
            HeaderParameter(
                name="Idempotency-Key",
                min_length=1,
                max_length=200,
                description="A retry with the same key returns the first answer",
            ),
        ] = None,
    ) -> Response[CommandAnswer]:
        expected = parse_if_match(if_match)
        command = decoded(await rules_of(store, game_id), body, store.kinds)
        outcome = await store.command_on_loop(
            game_id, bearer(request), command, expected, idempotency_key)
        record = outcome.record
        headers = etag(record.version)
        if outcome.replayed:
            headers["Idempotent-Replayed"] = "true"
        return Response(
            CommandAnswer(record.game_id, outcome.rules.descriptor.kind, outcome.seat,
                          record.version, record.command_id or "", answered_events(outcome)),
            headers=headers,
        )
