"""Salted hashes: a running game's records carry hashes that link up and betray nothing hidden.

Every record a reader gets (``/events``, ``/stream``, ``/export``) has its hash,
redacted or not. The hash is salted with a secret derived from the seed
(docs/fairness.md), so the brute force that would find a hidden card from an
unsalted hash (try each card, hash, compare) finds nothing; once the game has
ended the revealed seed recomputes every hash the readers were given.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.audit import decode_log
from service.settings import Settings
from service.store.records import GENESIS_HASH, Record, record_hash
from tests import toy
from tests.api.live import parse, play
from tests.api.players import Table, open_table, play_to_end, test_kinds


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient[Any]]:
    settings = Settings(store=f"sqlite:///{tmp_path / 'games.db'}", stream_seconds=0.3)
    with TestClient(create_app(settings, kinds=test_kinds())) as test_client:
        yield test_client


def _links(records: list[dict[str, Any]]) -> None:
    """Versions 1, 2, 3... and each prev_hash the hash before it: all a reader checks now."""
    previous = GENESIS_HASH
    for version, record in enumerate(records, 1):
        assert record["version"] == version
        assert record["prev_hash"] == previous and len(record["hash"]) == 64
        previous = record["hash"]


def _streamed(table: Table, seat: int | None) -> list[dict[str, Any]]:
    headers = {} if seat is None else table.auth(seat)
    answer = table.client.get(f"/games/{table.id}/stream", headers=headers)
    assert answer.status_code == 200, answer.text
    return [m.record() for m in parse(iter(answer.text.splitlines())) if m.event == "record"]


def _unsalted_hash(record: dict[str, Any]) -> str:
    """What a record's hash was before salting: SHA-256(prev_hash || canonical record)."""
    body = {k: v for k, v in record.items() if k != "hash"}
    canonical = msgspec.json.Encoder(order="sorted").encode(body)
    return hashlib.sha256(bytes.fromhex(record["prev_hash"]) + canonical).hexdigest()


def test_running_events_and_stream_carry_hashes_whose_links_check_out(
    client: TestClient[Any],
) -> None:
    table = open_table(client, "toy", 2)
    play(table, 4, random.Random(5))
    stored = client.app.state.store.records(table.id)
    for seat in (None, 0, 1):
        events = table.events(seat)
        _links(events)
        assert [r["hash"] for r in events] == [r.hash for r in stored]
        assert _streamed(table, seat) == events
        exported = client.get(f"/games/{table.id}/export",
                              headers={} if seat is None else table.auth(seat))
        assert [r.hash for r in decode_log(exported.content)] == [r.hash for r in stored]
    assert table.events(None) != table.events(0)  # redacted differently, same hashes
    head = client.get(f"/games/{table.id}/audit").json()["report"]["head_hash"]
    assert head == stored[-1].hash


def test_a_spectator_cannot_confirm_a_guessed_hidden_card_from_the_hashes(
    client: TestClient[Any],
) -> None:
    table = open_table(client, "toy", 2)
    chooser = random.Random(11)
    def draws() -> list[dict[str, Any]]:
        return [r for r in table.events(None)
                if r["type"] == "command" and r["payload"]["type"] == "draw-card"]

    while not draws():
        play(table, 1, chooser)
    seen = draws()[0]
    assert seen["events"][0]["card"] is None  # hidden from the spectator

    def guess(card: str) -> dict[str, Any]:
        # the command id is another seat's, hidden too: grant the attacker it, and only the
        # card is left to guess
        return {**seen, "command_id": full["command_id"],
                "events": [dict(seen["events"][0], card=card)]}

    full = msgspec.to_builtins(client.app.state.store.records(table.id)[seen["version"] - 1])
    drawn = full["events"][0]["card"]
    # the attack works against an unsalted hash of the full record...
    assert [c for c in toy.DECK if _unsalted_hash(guess(c)) == _unsalted_hash(full)] == [drawn]
    # ...and fails against the hash the spectator was given
    assert [c for c in toy.DECK if _unsalted_hash(guess(c)) == seen["hash"]] == []
    assert all(record_hash(Record(**guess(c)), bytes(32)) != seen["hash"] for c in toy.DECK)

    final = play_to_end(table, chooser)
    seed = bytes.fromhex(final["seed"])  # revealed: now the hash is recomputed
    assert record_hash(Record(**guess(drawn)), seed) == seen["hash"]
    after = table.events(None)
    assert after[seen["version"] - 1]["hash"] == seen["hash"]  # the hash did not change
    _links(after)
    assert all(record_hash(Record(**r), seed) == r["hash"] for r in after)
