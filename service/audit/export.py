"""The exported log: JSON Lines, one record a line, each with its hash fields.

While a game runs its export is redacted for the caller exactly as
``GET /games/{id}/events`` is (`service.views.game_view.redacted_record`): each
event as ``rules.redact`` shows it to that seat (or to a spectator), and the
command of another seat reduced to its ``type``, since a command can itself be
hidden information (which tickets a player kept). The stored ``hash`` and
``prev_hash`` are kept as they are, so the links of the chain still show that
no record was dropped, inserted or reordered; only the hashes of redacted
records cannot be recomputed until the game ends, when the export is complete.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

import msgspec

from service.audit.rebuild import Rules
from service.store.records import Record

MEDIA_TYPE = "application/x-ndjson"

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Record)


class LogFormatError(ValueError):
    """An exported log that cannot be read: which line, and why."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


def encode_log(records: Iterable[Record]) -> bytes:
    """The log as JSON Lines."""
    return b"".join(_encoder.encode(record) + b"\n" for record in records)


def decode_log(body: bytes) -> list[Record]:
    """Read an exported log; raises `LogFormatError` naming the first unreadable line."""
    records: list[Record] = []
    for number, line in enumerate(body.splitlines(), 1):
        if not line.strip():
            continue
        try:
            records.append(_decoder.decode(line))
        except msgspec.DecodeError as error:
            raise LogFormatError(number, str(error)) from None
    if not records:
        raise LogFormatError(1, "the log has no records")
    return records


def rebuild_state(body: bytes, rules: Rules) -> Any:
    """The state an exported log leads to, through ``evolve`` alone: no check, no seed.

    The fast path for viewing a log already verified (or one's own): each line
    is decoded straight into the kind's event types, skipping every other
    field, and no hash, rule or shuffle is checked. `audit` is the slow, sure one.
    """
    state: Any = None
    evolve = rules.evolve
    for record in _typed_lines(rules).decode_lines(body):
        for event in record.events:
            state = evolve(state, event)
    return state


def _typed_lines(rules: Rules) -> msgspec.json.Decoder[Any]:
    return _decoder_for(rules.event_type)


@cache
def _decoder_for(event_type: Any) -> msgspec.json.Decoder[Any]:
    """A decoder of log lines that keeps only the events, typed as the kind's own."""
    events_only = msgspec.defstruct("EventsOf", [("events", list[event_type], [])])
    return msgspec.json.Decoder(events_only)
