"""Export, replay and audit over HTTP, with a game played to its end by random clients."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from domain.registry import kinds
from service.api.app import create_app
from service.audit import decode_log
from service.settings import Settings
from tests.api.players import Table, open_table, play_to_end
from tests.audit.test_verify_log import TOOL, duplicated_seat

NDJSON = {"Content-Type": "application/x-ndjson"}


def _client(path: Path) -> TestClient[Any]:
    return TestClient(create_app(Settings(store=f"sqlite:///{path}"), kinds=kinds()))


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Table, dict[str, Any]]]:
    """A 2-player Europe game played to the end over HTTP."""
    with _client(tmp_path_factory.mktemp("origin") / "games.db") as client:
        table = open_table(client, "ticket-to-ride", 2)
        final = play_to_end(table, random.Random(3))
        yield table, final


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[TestClient[Any]]:
    with _client(tmp_path / "fresh.db") as client:
        yield client


def _export(table: Table, seat: int | None = None) -> bytes:
    headers = {} if seat is None else table.auth(seat)
    answer = table.client.get(f"/games/{table.id}/export", headers=headers)
    assert answer.status_code == 200, answer.text
    assert answer.headers["content-type"].startswith("application/x-ndjson")
    return answer.content


def test_a_finished_game_replayed_in_a_fresh_server_gives_the_same_final_view(
    finished: tuple[Table, dict[str, Any]], fresh: TestClient[Any]
) -> None:
    table, final = finished
    log = _export(table)
    assert log == _export(table, seat=1)  # complete for everyone once finished
    answer = fresh.post("/replays", content=log, headers=NDJSON)
    assert answer.status_code == 200, answer.text
    report = answer.json()
    assert report["valid"] and report["complete"], report["first_invalid"]
    assert report["final_view"] == final["view"]
    assert report["result"] == final["result"]
    assert report["version"] == final["version"]
    assert report["head_hash"] == json.loads(log.splitlines()[-1])["hash"]


def test_a_tampered_upload_is_invalid_and_names_the_record(
    finished: tuple[Table, dict[str, Any]], fresh: TestClient[Any]
) -> None:
    table, _ = finished
    lines = _export(table).splitlines()
    record = json.loads(lines[9])
    record["seat"] = 1 - record["seat"]
    lines[9] = json.dumps(record).encode()
    report = fresh.post("/replays", content=b"\n".join(lines), headers=NDJSON).json()
    assert report["valid"] is False
    assert report["first_invalid"]["code"] == "hash-mismatch"
    assert report["first_invalid"]["version"] == 10


def test_unreadable_uploads_are_problems(fresh: TestClient[Any]) -> None:
    for body, headers, status, code in [
        (b'{"x": 1}\n', NDJSON, 422, "unreadable-log"),
        (b"", NDJSON, 422, "unreadable-log"),
        (b"not json", NDJSON, 422, "unreadable-log"),
        (b"\x80\n", NDJSON, 422, "unreadable-log"),
        (b'{"game_id":"g","version":1,"type":"created","time":"","prev_hash":"zz","hash":""}',
         NDJSON, 422, "unreadable-log"),
        (b'{"events": [' + b"[" * 50_000 + b"]" * 50_000 + b"]}", NDJSON, 422, "unreadable-log"),
        (b"{}", {"Content-Type": "application/json"}, 415, "unsupported-media-type"),
        (b'{"game_id":"g","game_id":"h","version":1,"type":"created","time":""}', NDJSON, 422,
         "unreadable-log"),
    ]:
        answer = fresh.post("/replays", content=body, headers=headers)
        assert answer.status_code == status, answer.text
        assert answer.headers["content-type"] == "application/problem+json"
        assert answer.json()["code"] == code


def test_a_log_with_a_key_twice_is_unreadable_though_its_hashes_verify(
    finished: tuple[Table, dict[str, Any]], fresh: TestClient[Any]
) -> None:
    table, _ = finished
    export = table.client.get(f"/games/{table.id}/export").content
    assert fresh.post("/replays", content=export, headers=NDJSON).json()["valid"]
    answer = fresh.post("/replays", content=duplicated_seat(export), headers=NDJSON)
    assert answer.status_code == 422 and answer.json()["code"] == "unreadable-log"
    assert "the key 'seat' appears twice in one object" in answer.json()["detail"]


def test_the_server_audits_a_game_and_explains_a_move(
    finished: tuple[Table, dict[str, Any]],
) -> None:
    table, final = finished
    answer = table.client.get(f"/games/{table.id}/audit", params={"version": 10})
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["report"]["valid"] and body["report"]["complete"]
    assert body["report"]["final_view"] == final["view"]
    explained = body["explanation"]
    assert explained["version"] == 10 and explained["verdict"] == "allowed"
    assert explained["before"] == table.public(version=9)["view"]
    assert explained["after"] == table.public(version=10)["view"]
    missing = table.client.get(f"/games/{table.id}/audit", params={"version": 10_000})
    assert missing.status_code == 404 and missing.json()["code"] == "unknown-version"
    unknown = table.client.get("/games/nope/export")
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown-game"


def test_a_running_game_is_exported_redacted_and_audited_as_far_as_possible(
    fresh: TestClient[Any], tmp_path: Path
) -> None:
    table = open_table(fresh, "ticket-to-ride", 3)
    spectator = _export(table)
    mine = _export(table, seat=0)
    assert spectator != mine
    started = json.loads(spectator.splitlines()[4])["events"][0]
    assert started["cards"]["after"] in (None, [])  # the deck order is hidden
    stored = fresh.app.state.store.records(table.id)
    shown = decode_log(spectator)
    # every hash is given, as stored (salted: it betrays nothing), though content is redacted
    assert [(r.hash, r.prev_hash) for r in shown] == [(r.hash, r.prev_hash) for r in stored]
    assert shown[4] != stored[4]
    report = fresh.post("/replays", content=mine, headers=NDJSON).json()
    assert report["valid"] and not report["complete"] and not report["finished"]
    status = {c["check"]: c["status"] for c in report["checks"]}
    assert status["commitment"] == "not-verifiable" and status["rules"] == "not-verifiable"
    path = tmp_path / "running.jsonl"
    path.write_bytes(spectator)
    done = subprocess.run([sys.executable, str(TOOL), str(path)], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stdout
    assert "commitment: not-verifiable" in done.stdout and "VALID" in done.stdout
    assert "hash-chain: not-verifiable" in done.stdout
    own = fresh.get(f"/games/{table.id}/audit", headers=table.auth(0)).json()["report"]
    assert own["valid"] and own["checks"][0]["status"] == "passed"
    assert own["head_hash"] == stored[-1].hash == report["head_hash"]
    assert own["checks"][1]["status"] == "not-verifiable"
    assert own["final_view"] == table.public()["view"]
