"""A seat's command: its retry answered from the log, or the record the rules make of it.

These are decisions against a live game as committed; the store runs them
under the game's write lock and appends what they return (`GameStore.command`).
A command arrives decoded, as the game's own command type (the API decodes
the body), with the version the client expects (``If-Match``) and its
idempotency key, if any.
"""

from __future__ import annotations

from typing import Any

import msgspec

from domain.kernel.errors import RuleViolation
from service.ids import unique_hex
from service.store.errors import (
    GameFinished,
    GameNotStarted,
    IdempotencyKeyReused,
    RuleRefused,
    StaleVersion,
)
from service.store.live import LiveGame
from service.store.records import Record


def plain(value: Any) -> Any:
    """`value` as the JSON it is stored as (lists, not tuples), so a record in memory
    equals the same record read back from the store."""
    return msgspec.json.decode(msgspec.json.encode(value))


class CommandOutcome(msgspec.Struct, frozen=True):
    """What a command did: the record it made (or made the first time, if `replayed`).

    `finished` and `rules` are the game's when the answer was made, so the answer
    is redacted for its seat without reading the game again.
    """

    seat: int
    record: Record
    typed_events: list[Any]
    replayed: bool
    finished: bool
    rules: Any


def outcome(live: LiveGame, seat: int, record: Record, typed: list[Any],
            replayed: bool) -> CommandOutcome:
    return CommandOutcome(seat, record, typed, replayed, live.status == "finished", live.rules)


def replayed(live: LiveGame, seat: int, command: Any, key: str | None) -> CommandOutcome | None:
    """The first answer to a recorded `key` of `seat`, if it is a retry; None if the key is
    new. The same key with another command of the seat is `IdempotencyKeyReused`."""
    used = None if key is None else live.command_ids.get((seat, key))
    if used is None:
        return None
    first = live.records[used - 1]
    if first.payload != plain(command):
        raise IdempotencyKeyReused()
    return outcome(live, seat, first, live.events_of(first.version), replayed=True)


def decided(
    live: LiveGame, seat: int, command: Any, expected: int | None, key: str | None
) -> tuple[Record, list[Any]]:
    """The record (unsealed) and events of `seat`'s new `command`, or its refusal."""
    if expected is not None and expected != live.version:
        raise StaleVersion(expected, live.version)
    if live.state is None:
        raise GameNotStarted()
    if live.rules.result(live.state) is not None:
        raise GameFinished()
    try:
        events = live.rules.decide(live.state, seat, command, live.seed)
    except RuleViolation as violation:
        raise RuleRefused(live.kind, violation) from None
    record = Record(
        game_id=live.id,
        version=live.version + 1,
        type="command",
        time="",
        seat=seat,
        command_id=key or unique_hex(),
        payload=plain(command),
        events=plain(events),
    )
    return record, events
