"""The log record: one accepted action on a game, with its hash chain.

A game's log is a sequence of records, numbered from 1; the game's `version`
is the number of the last record. Each record wraps what happened (the game's
own domain events, as JSON objects) with its metadata, and is chained to the
previous record by hash, so that changing, dropping, inserting or reordering
any record is visible to anyone holding the log.

``hash = SHA-256(bytes.fromhex(prev_hash) || canonical(record without "hash"))``
where ``canonical`` is JSON with keys sorted and no white space (msgspec's
``order="sorted"``), and the first record's ``prev_hash`` is 64 zeros. This is
the format of `GET /games/{id}/export` (one record a line) and of
`POST /replays`; ``docs/fairness.md`` specifies it for other implementations.
"""

from __future__ import annotations

import hashlib
from typing import Any, Literal

import msgspec

GENESIS_HASH = "0" * 64

RecordType = Literal["created", "seat-joined", "started", "command"]


class Record(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One entry of a game's log.

    * ``created``: ``payload`` = ``{kind, setup, seed_commitment, seed_chosen_by_client}``.
    * ``seat-joined``: ``seat`` joined; ``payload`` = ``{name}``.
    * ``started``: ``events`` are the opening the rules dealt.
    * ``command``: ``seat`` sent ``payload`` (the command as posted);
      ``events`` are what it caused.
    """

    game_id: str
    version: int
    type: RecordType
    time: str
    seat: int | None = None
    command_id: str | None = None
    payload: dict[str, Any] | None = None
    events: list[dict[str, Any]] = []
    prev_hash: str = GENESIS_HASH
    hash: str = ""


_encoder = msgspec.json.Encoder(order="sorted")


def record_hash(record: Record) -> str:
    """The hash of `record`, computed over every field but ``hash`` itself."""
    body = msgspec.structs.asdict(record)
    del body["hash"]
    return hashlib.sha256(bytes.fromhex(record.prev_hash) + _encoder.encode(body)).hexdigest()


def sealed(record: Record) -> Record:
    """`record` with its ``hash`` filled in."""
    return msgspec.structs.replace(record, hash=record_hash(record))
