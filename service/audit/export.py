"""The exported log: JSON Lines, one record a line, each with its hash fields.

While a game runs its export is redacted for the caller: each event as
``rules.redact`` shows it to that seat (or to a spectator), and the command of
another seat withheld (``payload`` null), since a command can itself be hidden
information (which tickets a player kept). The stored ``hash`` and
``prev_hash`` are kept as they are, so the links of the chain still show that
no record was dropped, inserted or reordered; only the hashes of redacted
records cannot be recomputed until the game ends, when the export is complete.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

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


def redact_log(records: Sequence[Record], rules: Rules, viewer: int | None) -> list[Record]:
    """`records` as `viewer` (a seat, or None for a spectator) may see them while the game runs."""
    return [_redact(record, rules, viewer) for record in records]


def _redact(record: Record, rules: Rules, viewer: int | None) -> Record:
    events = [
        msgspec.to_builtins(rules.redact(msgspec.convert(event, rules.event_type), viewer))
        for event in record.events
    ]
    payload = record.payload
    if record.type == "command" and record.seat != viewer:
        payload = None
    return msgspec.structs.replace(record, events=events, payload=payload)
