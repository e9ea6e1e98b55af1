"""`GET /problems`: the service's own problem codes, each with its statuses and meaning.

A rule's refusal is in its kind's catalogue (`GET /kinds`, ``refusals``); everything
else the service refuses (a setup, a token, the lobby, a header, a limit, the store)
answers a problem whose ``code`` is one of `SERVICE_PROBLEMS`. A test scans the
service's source for every code it answers with (``tests/api/test_problem_codes.py``),
so an entry cannot be missing or left over; ``docs/refusals.md`` lists them too.
A status litestar itself gives that none of these names is ``http-<status>``.
"""

from __future__ import annotations

from typing import Annotated

import msgspec
from litestar import Controller, get


class ProblemCode(msgspec.Struct, frozen=True):
    """A problem code of the service itself (not a rule's refusal)."""

    code: Annotated[str, msgspec.Meta(
        description="The problem's stable code: its `code`, and the last part of its "
        "`type` (urn:roundhouse:problem:<code>)")]
    statuses: Annotated[list[int], msgspec.Meta(
        description="The HTTP statuses it comes with")]
    meaning: Annotated[str, msgspec.Meta(description="What it means, in plain words")]


def _code(code: str, meaning: str, *statuses: int) -> ProblemCode:
    return ProblemCode(code, list(statuses), meaning)


#: every problem code the service answers with, by code
SERVICE_PROBLEMS: dict[str, ProblemCode] = {p.code: p for p in (
    # -- setups and kinds
    _code("bad-setup", "The kind's rules refuse the setup; `section` cites the rule, and "
          "`known` lists the maps when the map is unknown.", 422),
    _code("unknown-kind", "No game kind of that name is hosted; `known` lists those that are "
          "(GET /kinds).", 404, 422),
    _code("unknown-map", "The kind has no map of that name; `known` lists its maps "
          "(GET /kinds).", 404),
    _code("unknown-variant", "No variant of that name is played here; `known` lists "
          "those that are (GET /kinds).", 404),
    _code("kind-not-hosted", "The game is of a kind this server was not started with.", 404),
    _code("no-material", "The kind publishes no material.", 404),
    _code("no-board-picture", "The kind draws no board picture.", 404),
    _code("bad-clock", "A clock needs move_seconds or reserve_seconds.", 422),
    _code("client-seed-not-allowed", "This server does not let a client choose the whole "
          "seed.", 403),
    # -- games and seats
    _code("unknown-game", "There is no game with that id.", 404),
    _code("unknown-version", "The game has no such version yet.", 404),
    _code("seat-free", "That seat is not taken.", 404),
    _code("game-full", "Every seat is taken.", 409),
    _code("game-started", "The game has started: seats are no longer taken or freed.", 409),
    _code("seats-empty", "The game cannot start before every seat is taken.", 409),
    _code("game-not-started", "The game has not started yet.", 409),
    _code("game-finished", "The game is over.", 409),
    _code("game-not-finished", "This is given only once the game has finished (its score "
          "chart).", 409),
    _code("no-statistics", "The game's kind counts no statistics.", 404),
    _code("invalid-cursor", "The lobby cursor was not given by GET /games.", 422),
    # -- who may do it
    _code("missing-token", "The request needs a bearer token (a seat's, the host's, or the "
          "metrics token).", 401),
    _code("invalid-token", "The token is malformed or belongs to no seat of this game.", 401),
    _code("invalid-ticket", "The stream ticket is unknown, used or expired.", 401),
    _code("not-the-host", "Only the game's host token may do this.", 403),
    _code("not-your-seat", "A seat's token frees only its own seat.", 403),
    _code("invite-required", "The game is private: join with its invite code.", 403),
    # -- commands and versions
    _code("malformed-command", "The body is not a command of the game's kind.", 422),
    _code("wrong-kind", "The body is a command of another kind than the game's (GET /kinds "
          "lists each kind's commands).", 409),
    _code("malformed-body", "The body is not valid JSON (or not UTF-8).", 422),
    _code("invalid-if-match", "If-Match must be a game version, e.g. \"12\", or *.", 422),
    _code("version-mismatch", "If-Match named another version than the game's; "
          "`current_version` gives the game's.", 412),
    _code("concurrent-update", "Another command was recorded at the same version; read the "
          "game and retry (`current_version`).", 409),
    _code("idempotency-key-reused", "This seat used the Idempotency-Key for another "
          "command.", 422),
    # -- requests
    _code("invalid-request", "A parameter or body field is missing or has the wrong type or "
          "value; `errors` says which.", 422),
    _code("unsupported-media-type", "The body's media type is not the one this route "
          "takes.", 415),
    _code("unreadable-log", "The uploaded log cannot be read as an exported log.", 422),
    _code("not-found", "No such path.", 404),
    _code("method-not-allowed", "The path does not take this method.", 405),
    # -- limits
    _code("content-too-large", "The body is larger than the route takes.", 413),
    _code("uri-too-long", "The request target is too long.", 414),
    _code("too-many-headers", "The request has too many header fields.", 431),
    _code("header-too-large", "The request line and headers are too large.", 431),
    _code("request-timeout", "The request did not arrive in time.", 408),
    _code("rate-limited", "Too many requests from this client; retry after `retry_after` "
          "seconds.", 429),
    _code("too-many-streams", "Too many live streams are open for this client.", 429),
    # -- the server and its store
    _code("store-unreachable", "The event store does not answer; nothing was recorded. "
          "Retry after `retry_after` seconds.", 503),
    _code("store-full", "The event store's disk is full; nothing was recorded.", 503),
    _code("not-ready", "The server is not ready to take writes.", 503),
    _code("verifier-busy", "Every log verifier is busy; retry shortly.", 503),
    _code("internal-error", "An unexpected error; `request_id` names it in the server's "
          "log.", 500),
    _code("client-closed-request", "The client went away before its request arrived (only "
          "ever logged: nobody reads the answer).", 499),
)}


class ProblemCodesController(Controller):
    path = "/problems"
    tags = ["kinds"]

    @get(sync_to_thread=False, summary="The service's own problem codes (rule refusals are "
         "in GET /kinds)")
    def list_problem_codes(self) -> list[ProblemCode]:
        return sorted(SERVICE_PROBLEMS.values(), key=lambda p: p.code)
