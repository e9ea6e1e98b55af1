"""The exported log: JSON Lines, one record a line, each with its hash fields.

While a game runs its export is redacted for the caller exactly as
``GET /games/{id}/events`` is (`service.views.game_view.redacted_record`): each
event as ``rules.redact`` shows it to that seat (or to a spectator), and the
command of another seat reduced to its ``type``, since a command can itself be
hidden information (which tickets a player kept).

Every record keeps its ``hash`` and ``prev_hash``, even redacted: hashes are
salted with a secret derived from the seed (`service.store.records`), so they
betray nothing hidden while the game runs, and they let the reader check the
links and hold the chain head. Once the game has ended the export is complete
and every hash can be recomputed from the revealed seed.

A line with the same key twice in any object is unreadable (`decode_log`): JSON
leaves it open which value counts, and readers differ (msgspec and Python's
``json`` keep the last one). The hash is over the record as the checker reads
it, so ``{"seat": 1, ..., "seat": 0}`` would verify while another reader saw
seat 1. Nothing this server writes has a key twice.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache
from typing import Any

import msgspec

from service.audit.rebuild import Rules
from service.store.records import Record

MEDIA_TYPE = "application/x-ndjson"

_encoder = msgspec.json.Encoder()
_decoder = msgspec.json.Decoder(Record)


_HEX64 = re.compile(r"[0-9a-f]{64}")
#: no game nests its events this deep; deeper input is refused before any check walks it
MAX_DEPTH = 32


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in `value` (iteratively: input is untrusted)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list | tuple):
            level += 1
            deepest = max(deepest, level)
            if deepest > MAX_DEPTH:
                return deepest
            stack.extend((child, level) for child in item)
    return deepest


class _DuplicateKey(ValueError):
    """A JSON object with a key twice."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> None:
    """``json``'s object hook: refuse an object with a key twice (the object is not needed)."""
    seen = set()
    for key, _ in pairs:
        if key in seen:
            raise _DuplicateKey(f"the key {key[:64]!r} appears twice in one object")
        seen.add(key)


def _check_keys(line: bytes) -> None:
    """Raise `_DuplicateKey` if any object of `line` (a JSON document) has a key twice."""
    json.loads(line, object_pairs_hook=_unique_keys)


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
            record = _decoder.decode(line)
            _check_keys(line)
        except (msgspec.DecodeError, UnicodeDecodeError, _DuplicateKey) as error:
            raise LogFormatError(number, str(error)) from None
        except RecursionError:
            record = None
        if record is None or _depth(record.payload) > MAX_DEPTH or \
                _depth(record.events) > MAX_DEPTH:
            raise LogFormatError(number, f"values nested deeper than {MAX_DEPTH} levels")
        for name in ("hash", "prev_hash"):
            value = getattr(record, name)
            if not _HEX64.fullmatch(value):
                raise LogFormatError(number, f"{name} is not 64 lowercase hex digits")
        records.append(record)
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
