"""Request bodies: too large is 413, not JSON or not UTF-8 is a 4xx, never a 500;
each refusal is a problem document and records nothing."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.players import Table, open_table, test_kinds

PROBLEM = "application/problem+json"
LOG = Path("/work/shared/fixtures/logs-0.1/colt-express-2p.jsonl")
NDJSON = {"content-type": "application/x-ndjson"}


def problem(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body = response.json()
    assert body["status"] == status and body["code"] == code and body["detail"]


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[TestClient[Any]]:
    settings = Settings(
        store=f"sqlite:///{tmp_path / 'games.db'}", max_body_bytes=2048,
        max_log_bytes=LOG.stat().st_size,
    )
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        yield client


@pytest.fixture
def table(limited: TestClient[Any]) -> Table:
    return open_table(limited, "toy", 2)


def routes(table: Table) -> list[tuple[str, dict[str, str], bytes]]:
    """Every route that takes a JSON body, with the headers it needs and a valid body."""
    return [
        ("/games", {}, b'{"kind": "toy", "seats": 2}'),
        (f"/games/{table.id}/seats", {}, b'{"name": "cy"}'),
        (f"/games/{table.id}/commands", table.auth(0), b'{"type": "draw-card"}'),
    ]


def test_a_body_over_the_limit_is_413(limited: TestClient[Any], table: Table) -> None:
    for path, headers, _ in routes(table):
        body = b'{"name": "' + b"a" * 3000 + b'"}'
        response = limited.post(path, content=body,
                                headers={**headers, "content-type": "application/json"})
        problem(response, 413, "content-too-large")
    assert table.public()["version"] == 4


def test_a_log_over_its_own_limit_is_413_and_one_within_it_is_replayed(
    limited: TestClient[Any],
) -> None:
    """Logs have their own, larger limit: the whole fixture passes, one byte more does not."""
    log = LOG.read_bytes()
    replayed = limited.post("/replays", content=log, headers=NDJSON)
    assert replayed.status_code == 200 and replayed.json()["valid"] is True
    problem(limited.post("/replays", content=log + b"\n", headers=NDJSON), 413,
            "content-too-large")


@pytest.mark.parametrize(
    "body",
    [b'{"kind": "toy\xff", "seats": 2}', b'{"name": "a\xc3"}', b'{"type": "dr\xe9w"}',
     b"\xff"],
    ids=["bad-start-byte", "truncated-sequence", "latin-1", "lone-byte"],
)
def test_invalid_utf8_is_422_everywhere(table: Table, body: bytes) -> None:
    for path, headers, _ in routes(table):
        response = table.client.post(
            path, content=body, headers={**headers, "content-type": "application/json"}
        )
        problem(response, 422, "malformed-body")
    response = table.client.post("/replays", content=body, headers=NDJSON)
    problem(response, 422, "unreadable-log")
    assert table.public()["version"] == 4


@pytest.mark.parametrize(
    "media_type", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data"]
)
def test_a_body_that_is_not_json_by_its_media_type_is_415(table: Table, media_type: str) -> None:
    for path, headers, body in routes(table):
        response = table.client.post(path, content=body,
                                     headers={**headers, "content-type": media_type})
        problem(response, 415, "unsupported-media-type")
    problem(table.client.post("/replays", content=LOG.read_bytes(),
                              headers={"content-type": media_type}), 415,
            "unsupported-media-type")
    assert table.public()["version"] == 4


@pytest.mark.parametrize(
    "body", [b'{"kind": "toy", "seats": 2', b"", b"null", b"[]", b'{"kind": 1e999}'],
    ids=["truncated", "empty", "null", "array", "huge-number"],
)
def test_malformed_json_is_422(table: Table, body: bytes) -> None:
    for path, headers, _ in routes(table):
        response = table.client.post(
            path, content=body, headers={**headers, "content-type": "application/json"}
        )
        assert response.status_code == 422, (path, response.text)
        assert response.headers["content-type"].startswith(PROBLEM)
    assert table.public()["version"] == 4


def test_json_media_types_are_taken(table: Table) -> None:
    """``application/json``, with parameters, or a ``+json`` type."""
    for media_type in ("application/json; charset=utf-8", "application/vnd.x+json"):
        created = table.client.post("/games", content=b'{"kind": "toy", "seats": 2}',
                                    headers={"content-type": media_type})
        assert created.status_code == 201, created.text


def test_a_body_without_a_media_type_is_415_and_records_nothing(table: Table) -> None:
    """As ``POST /replays`` does: a client that forgot the type is told, not guessed for."""
    for path, headers, body in routes(table):
        problem(table.client.post(path, content=body, headers=headers), 415,
                "unsupported-media-type")
    assert table.public()["version"] == 4
    assert table.client.get(f"/games/{table.id}/events").json()["records"][-1]["version"] == 4


@pytest.mark.parametrize("seats", ['"2"', "2.5", "true"], ids=["string", "float", "boolean"])
def test_bodies_are_decoded_strictly(table: Table, seats: str) -> None:
    """What the OpenAPI document calls an integer is one: ``"2"`` and ``2.5`` are refused."""
    lobby = table.client.get("/games").json()["games"]
    body = b'{"kind": "toy", "seats": %s}' % seats.encode()
    answer = table.client.post("/games", content=body,
                               headers={"content-type": "application/json"})
    problem(answer, 422, "invalid-request")
    assert "Expected `int`" in answer.json()["detail"]
    assert table.client.get("/games").json()["games"] == lobby
    seated = table.client.post(f"/games/{table.id}/seats/bot", json={"strategy": 1},
                               headers=table.auth(0))
    problem(seated, 422, "invalid-request")


@pytest.mark.parametrize("seats", ["2.0", "2e0", "20E-1"])
def test_an_integer_written_with_a_fraction_or_exponent_is_taken(
    limited: TestClient[Any], seats: str
) -> None:
    """JSON Schema's integer is any number without a fraction: so is the server's, in a
    body decoded by a route (a new game) and in a command."""
    body = b'{"kind": "toy", "seats": %s}' % seats.encode()
    answer = limited.post("/games", content=body, headers={"content-type": "application/json"})
    assert answer.status_code == 201, answer.text
    assert answer.json()["setup"]["seats"] == 2
    table = open_table(limited, "ticket-to-ride", 2)
    command = table.me(0)["legal_moves"][0]["command"]
    # every integer written with a fraction: {"keep": [44, 28]} -> {"keep": [44.0, 28.0]}
    written = re.sub(rb"(?<=[\[,:])([0-9]+)(?=[,\]}])", rb"\1.0", msgspec.json.encode(command))
    assert b".0" in written, command
    answer = limited.post(f"/games/{table.id}/commands", content=written,
                          headers={**table.auth(0), "content-type": "application/json"})
    assert answer.status_code == 200, answer.text
