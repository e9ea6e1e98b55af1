"""Conditional GETs and ``Vary``: 304 for what the client holds, one ETag per audience."""

from __future__ import annotations

import random
from typing import Any

from litestar.testing import TestClient

from tests.api.live import play
from tests.api.players import open_table


def test_if_none_match_star_and_lists_on_the_public_view(client: TestClient[Any]) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    path = f"/games/{table.id}"
    tag = client.get(path).headers["etag"]
    for held in ("*", tag, f'W/{tag}', f'"0", {tag}'):
        response = client.get(path, headers={"If-None-Match": held})
        assert response.status_code == 304, held
        assert response.content == b""
        assert response.headers["etag"] == tag
    assert client.get(path, headers={"If-None-Match": '"1"'}).status_code == 200
    # no representation: "*" matches nothing, the game is unknown
    missing = client.get("/games/nope", headers={"If-None-Match": "*"})
    assert missing.status_code == 404


def test_the_board_picture_answers_304(client: TestClient[Any]) -> None:
    table = open_table(client, "colt-express", 3)
    path = f"/games/{table.id}/board.svg"
    first = client.get(path)
    assert first.status_code == 200 and first.content.startswith(b"<svg")
    again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304 and again.content == b""
    play(table, 1, random.Random(1))
    moved = client.get(path, headers={"If-None-Match": first.headers["etag"]})
    assert moved.status_code == 200 and moved.headers["etag"] != first.headers["etag"]


def test_the_export_has_one_etag_per_audience(client: TestClient[Any]) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    path = f"/games/{table.id}/export"
    spectator = client.get(path)
    seat0 = client.get(path, headers=table.auth(0))
    seat1 = client.get(path, headers=table.auth(1))
    tags = {r.headers["etag"] for r in (spectator, seat0, seat1)}
    assert len(tags) == 3  # three different redactions, three tags
    assert len({r.content for r in (spectator, seat0, seat1)}) == 3
    for response in (spectator, seat0, seat1):
        assert response.headers["vary"] == "Authorization"
    # a seat's tag means nothing to a spectator's request
    assert client.get(path, headers={"If-None-Match": seat0.headers["etag"]}).status_code == 200
    held = client.get(path, headers={**table.auth(0), "If-None-Match": seat0.headers["etag"]})
    assert held.status_code == 304 and held.content == b""
    assert held.headers["vary"] == "Authorization"


def test_answers_that_depend_on_the_token_vary_on_it(client: TestClient[Any]) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    for route in ("me", "events", "audit"):
        response = client.get(f"/games/{table.id}/{route}", headers=table.auth(0))
        assert response.status_code == 200, (route, response.text)
        assert "Authorization" in response.headers["vary"], route
    assert "vary" not in client.get(f"/games/{table.id}").headers
