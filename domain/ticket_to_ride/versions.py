"""The rules versions the Ticket to Ride engine plays, and which map data each may use.

A game's version (`domain.kernel.versions`) is ``<engine>/<map>@<digest>``.
`ENGINE` is the engine's current version; `ENGINES` every version a recorded
log may name. Where a later engine decides something differently, the rule
reads ``Ruleset.engine`` and keeps the old behaviour for the old versions (a
switch keyed by version), so every log replays under its own rules; see
``docs/rules-versions.md``. 0.2 decides every Europe game exactly as 0.1 did:
it changed the map file format, not the rules.

Logs of version 0.1 name no map data. They were all recorded with the Europe
data whose digest `LEGACY_DATA` holds; a server whose Europe data differs
refuses to re-decide them rather than replay them under other data.
"""

from __future__ import annotations

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import LEGACY_RULES_VERSION
from domain.kernel.versions import split_version
from domain.ticket_to_ride.board import Board

#: the engine's current version
ENGINE = "0.2"
#: every engine version a log may have been recorded under, oldest first
ENGINES = (LEGACY_RULES_VERSION, ENGINE)
#: the map data the 0.1 engine played, by map id (0.1 logs do not name it)
LEGACY_DATA = {"europe": "sha256:31ce9ae4291bc2fa"}


def current_version(board: Board) -> str:
    """The version a new game on `board` is recorded under."""
    return f"{ENGINE}/{board.id}@{board.digest}"


def check_version(board: Board, version: str | None) -> str:
    """The version a game on `board` plays under (None: the current one), or `bad-setup`."""
    if version is None:
        return current_version(board)
    engine, data = split_version(version)
    if engine not in ENGINES:
        raise RuleViolation("bad-setup", f"rules version {version!r} is not known here")
    if data is None:
        expected = LEGACY_DATA.get(board.id) if engine == LEGACY_RULES_VERSION else None
    else:
        expected = data.removeprefix(f"{board.id}@") if data.startswith(f"{board.id}@") else None
    if expected is None:
        raise RuleViolation("bad-setup", f"rules version {version!r} names no {board.id} data")
    if expected != board.digest:
        # a ticket deck that differs is the server's choice: say so (docs/operations.md)
        deck = " (its ticket deck is the server's ticket_deck setting)" if board.deck_digest else ""
        raise RuleViolation(
            "bad-setup",
            f"rules version {version!r} needs {board.id} data {expected}; "
            f"this server has {board.digest}{deck}",
        )
    return version
