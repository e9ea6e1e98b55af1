"""The lobby: listing and filters, unlisted and private games, the host's token, leaving.

Run on SQLite and on PostgreSQL (the lobby table is the recorders' SQL, one
dialect each), through the HTTP app.
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.players import Table, play_to_end, test_kinds


@pytest.fixture(params=["sqlite", "postgresql"])
def lobby(request: pytest.FixtureRequest, tmp_path: Any) -> Iterator[TestClient[Any]]:
    """An app on a store of its own (a fresh schema on PostgreSQL): only its games listed."""
    if request.param == "sqlite":
        store = f"sqlite:///{tmp_path / 'lobby.db'}"
    else:
        url = request.getfixturevalue("postgres_url")
        schema = f"lobby_{uuid.uuid4().hex[:10]}"
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"CREATE SCHEMA {schema}")
        store = f"{url}?schema={schema}"
    with TestClient(create_app(Settings(store=store), kinds=test_kinds())) as client:
        yield client


def create(client: TestClient[Any], **body: Any) -> dict[str, Any]:
    """A game created with `body` over the defaults (a None in `body` leaves its field out)."""
    fields = {"kind": "ticket-to-ride", "map": "europe", "seats": 2, **body}
    answer = client.post("/games", json={k: v for k, v in fields.items() if v is not None})
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created


def join(client: TestClient[Any], game: str, name: str, **body: Any) -> Any:
    return client.post(f"/games/{game}/seats", json={"name": name, **body})


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def listed(client: TestClient[Any], **params: Any) -> list[str]:
    answer = client.get("/games", params=params)
    assert answer.status_code == 200, answer.text
    return [game["id"] for game in answer.json()["games"]]


def test_listing_filters_and_pages(lobby: TestClient[Any]) -> None:
    europe = [create(lobby) for _ in range(3)]
    colt = create(lobby, kind="colt-express", map=None, seats=3)
    hidden = create(lobby, listed=False)
    assert "host_token" in hidden and hidden["invite_code"] is None
    newest_first = [colt["id"]] + [g["id"] for g in reversed(europe)]
    assert listed(lobby) == newest_first  # never the unlisted game
    assert listed(lobby, kind="colt-express") == [colt["id"]]
    assert listed(lobby, map="europe") == newest_first[1:]
    # one game full and started, one full and finished
    started, finished = europe[0], europe[1]
    for game in (started, finished):
        tokens = [join(lobby, game["id"], n).json()["token"] for n in "ab"]
        assert lobby.post(f"/games/{game['id']}/start",
                          headers=bearer(game["host_token"])).status_code == 200
    table = Table(lobby, finished["id"], tokens)
    play_to_end(table, random.Random(3))
    assert listed(lobby, status="active") == [started["id"]]
    assert listed(lobby, status="finished") == [finished["id"]]
    assert listed(lobby, status="lobby") == [colt["id"], europe[2]["id"]]
    join(lobby, europe[2]["id"], "x")
    join(lobby, europe[2]["id"], "y")  # now full
    assert listed(lobby, open_seats=True) == [colt["id"]]
    row = lobby.get("/games", params={"kind": "colt-express"}).json()["games"][0]
    assert row == {**row, "kind": "colt-express", "seats": 3, "taken": 0, "status": "lobby",
                   "private": False}
    pages, cursor = [], None
    while True:
        page = lobby.get("/games", params={"limit": 2, **({"cursor": cursor} if cursor else {})})
        assert page.status_code == 200
        pages.append([g["id"] for g in page.json()["games"]])
        cursor = page.json()["next"]
        if cursor is None:
            break
    assert [len(p) for p in pages] == [2, 2]
    assert [game for page in pages for game in page] == newest_first
    bad = lobby.get("/games", params={"cursor": "not-a-cursor"})
    assert bad.status_code == 422 and bad.json()["code"] == "invalid-cursor"


def test_a_private_game_needs_its_invite_code(lobby: TestClient[Any]) -> None:
    game = create(lobby, private=True)
    assert game["invite_code"]
    assert lobby.get("/games").json()["games"][0]["private"] is True
    for body in ({}, {"invite_code": "wrong"}):
        refused = join(lobby, game["id"], "mallory", **body)
        assert refused.status_code == 403 and refused.json()["code"] == "invite-required"
    assert join(lobby, game["id"], "ann", invite_code=game["invite_code"]).status_code == 201
    assert lobby.get(f"/games/{game['id']}").json()["version"] == 2  # refusals recorded nothing


def test_host_and_seat_tokens_and_the_audit_of_it_all(lobby: TestClient[Any]) -> None:
    game = create(lobby)
    gid, host = game["id"], game["host_token"]
    ann = join(lobby, gid, "ann").json()
    bob = join(lobby, gid, "bob").json()
    # the host is not a seat, and a seat is not the host
    assert lobby.get(f"/games/{gid}/me", headers=bearer(host)).status_code == 401
    refused = lobby.post(f"/games/{gid}/seats/1/token", headers=bearer(ann["token"]))
    assert refused.status_code == 403 and refused.json()["code"] == "not-the-host"
    refused = lobby.delete(f"/games/{gid}/seats/1", headers=bearer(ann["token"]))
    assert refused.status_code == 403 and refused.json()["code"] == "not-your-seat"
    # bob leaves; the host removes ann; both seats are taken again, lowest first
    assert lobby.delete(f"/games/{gid}/seats/1", headers=bearer(bob["token"])).status_code == 200
    assert lobby.delete(f"/games/{gid}/seats/0", headers=bearer(host)).status_code == 200
    assert lobby.delete(f"/games/{gid}/seats/0", headers=bearer(host)).status_code == 404
    assert lobby.get(f"/games/{gid}/me", headers=bearer(ann["token"])).status_code == 401
    cid = join(lobby, gid, "cid").json()
    dee = join(lobby, gid, "dee").json()
    assert (cid["seat"], dee["seat"]) == (0, 1)
    assert [s["name"] for s in lobby.get(f"/games/{gid}").json()["seats"]] == ["cid", "dee"]
    assert lobby.post(f"/games/{gid}/start", headers=bearer(host)).status_code == 200
    refused = lobby.delete(f"/games/{gid}/seats/1", headers=bearer(host))
    assert refused.status_code == 409 and refused.json()["code"] == "game-started"
    # dee lost her token: the host reissues it, the old one stops working
    fresh = lobby.post(f"/games/{gid}/seats/1/token", headers=bearer(host))
    assert fresh.status_code == 201 and fresh.json()["seat"] == 1
    assert lobby.get(f"/games/{gid}/me", headers=bearer(dee["token"])).status_code == 401
    assert lobby.get(f"/games/{gid}/me",
                     headers=bearer(fresh.json()["token"])).status_code == 200
    table = Table(lobby, gid, [cid["token"], fresh.json()["token"]])
    play_to_end(table, random.Random(5))
    types = [r["type"] for r in table.events()]
    assert types[:9] == ["created", "seat-joined", "seat-joined", "seat-left", "seat-left",
                         "seat-joined", "seat-joined", "started", "token-reissued"]
    assert [r["payload"] for r in table.events()[3:5]] == [{"by": "player"}, {"by": "host"}]
    export = lobby.get(f"/games/{gid}/export").text
    assert host not in export and dee["token"] not in export
    audit = lobby.get(f"/games/{gid}/audit")
    assert audit.status_code == 200 and audit.json()["report"]["valid"] is True, audit.text
    replayed = lobby.post("/replays", content=export,
                          headers={"Content-Type": "application/x-ndjson"})
    assert replayed.json()["valid"] is True, replayed.text


def test_bots_seated_without_a_name_get_names_of_their_own(lobby: TestClient[Any]) -> None:
    """Two greedy bots at one table are "greedy bot" and "greedy bot 2"; a name the host
    gives is kept, and a default never repeats a name already at the table."""
    created = create(lobby, kind="colt-express", map=None, seats=4)
    host = bearer(created["host_token"])
    assert join(lobby, created["id"], "greedy bot 2").status_code == 201
    for body in ({}, {"name": "Rusty"}, {"strategy": "greedy"}):
        seated = lobby.post(f"/games/{created['id']}/seats/bot", json=body, headers=host)
        assert seated.status_code == 201, seated.text
    names = [s["name"] for s in lobby.get(f"/games/{created['id']}").json()["seats"]]
    assert names == ["greedy bot 2", "greedy bot", "Rusty", "greedy bot 3"]
