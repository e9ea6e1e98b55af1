"""Every refusal is a problem response with a stable type, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from litestar.testing import TestClient

from domain.kernel.rng import Seed
from service.api.app import create_app
from service.settings import Settings
from tests.api.players import Table, open_table, test_kinds

PROBLEM = "application/problem+json"


def problem(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith(PROBLEM)
    body: dict[str, Any] = response.json()
    assert body["status"] == status and body["code"] == code
    assert body["type"].endswith(f":{code}") and body["detail"]
    return body


@pytest.fixture
def table(client: TestClient[Any]) -> Table:
    return open_table(client, "toy", 2)


def test_unknown_game_and_unknown_kind(client: TestClient[Any]) -> None:
    problem(client.get("/games/not-a-game"), 404, "unknown-game")
    unknown = "/games/00000000-0000-4000-8000-000000000000/me"
    problem(client.get(unknown, headers={"Authorization": "Bearer t"}), 404, "unknown-game")
    # without a token, the request is refused for that first, whatever the game
    problem(client.get(unknown), 401, "missing-token")
    body = problem(client.post("/games", json={"kind": "chess", "seats": 2}), 422, "unknown-kind")
    assert "toy" in body["known"]


def test_malformed_bodies(client: TestClient[Any], table: Table) -> None:
    json_type = {"content-type": "application/json"}
    problem(client.post("/games", content=b"{not json", headers=json_type), 422,
            "invalid-request")
    problem(client.post("/games", json={"kind": "toy", "seats": 2, "x": 1}), 422,
            "invalid-request")
    problem(client.post("/games", json={"kind": "toy", "seats": 9}), 422, "bad-setup")
    problem(table.command(0, {"type": "fly"}), 422, "malformed-command")
    problem(table.command(0, {"type": "draw-card", "extra": True}), 422, "malformed-command")
    response = client.post(
        f"/games/{table.id}/commands", content=b"\xff", headers={**table.auth(0), **json_type}
    )
    problem(response, 422, "malformed-body")
    assert table.public()["version"] == 4


def test_a_command_of_another_kind_is_a_conflict_not_a_malformed_body(
    client: TestClient[Any],
) -> None:
    """The request body's schema holds every kind's commands (the path does not say the
    game's kind): one of another kind is well-formed, but not this game's."""
    colt = open_table(client, "colt-express", 2)
    body = problem(colt.command(0, {"type": "pass"}), 409, "wrong-kind")
    assert "colt-express" in body["detail"] and "ticket-to-ride" in body["detail"]
    problem(colt.command(0, {"type": "pass", "x": 1}), 422, "malformed-command")
    assert colt.public()["version"] == 4


def test_tokens_act_only_for_their_seat(client: TestClient[Any], table: Table) -> None:
    problem(client.get(f"/games/{table.id}/me"), 401, "missing-token")
    bad = {"Authorization": "Bearer nope"}
    problem(client.get(f"/games/{table.id}/me", headers=bad), 401, "invalid-token")
    problem(client.get(f"/games/{table.id}/events", headers=bad), 401, "invalid-token")
    problem(client.post(f"/games/{table.id}/commands", json={"type": "draw-card"}), 401,
            "missing-token")
    other = open_table(client, "toy", 2)
    problem(other.client.get(f"/games/{other.id}/me", headers=table.auth(0)), 401,
            "invalid-token")
    assert table.me(1)["seat"] == 1
    # seat 1's token cannot act for seat 0, whose turn it is
    body = problem(table.command(1, {"type": "draw-card"}), 409, "not-your-turn")
    assert body["type"] == "urn:roundhouse:rule:toy:not-your-turn"
    assert body["section"] == "§2"
    assert table.public()["version"] == 4


def test_lobby_rules(client: TestClient[Any]) -> None:
    game = client.post("/games", json={"kind": "toy", "seats": 2}).json()
    table = Table(client, game["id"])
    token = client.post(f"/games/{table.id}/seats", json={"name": "ann"}).json()["token"]
    table.tokens.append(token)
    problem(client.post(f"/games/{table.id}/start", headers=table.auth(0)), 409, "seats-empty")
    problem(table.command(0, {"type": "draw-card"}), 409, "game-not-started")
    assert table.me(0)["legal_moves"] == [] and table.me(0)["status"] == "lobby"
    client.post(f"/games/{table.id}/seats", json={"name": "bob"})
    problem(client.post(f"/games/{table.id}/seats", json={"name": "cy"}), 409, "game-full")
    problem(client.post(f"/games/{table.id}/start"), 401, "missing-token")
    assert client.post(f"/games/{table.id}/start", headers=table.auth(0)).status_code == 200
    problem(client.post(f"/games/{table.id}/start", headers=table.auth(0)), 409, "game-started")
    problem(client.post(f"/games/{table.id}/seats", json={"name": "cy"}), 409, "game-started")


def test_if_match_and_etag(table: Table) -> None:
    response = table.client.get(f"/games/{table.id}")
    assert response.headers["etag"] == '"4"'
    body = problem(table.command(0, {"type": "draw-card"}, **{"If-Match": '"3"'}), 412,
                   "version-mismatch")
    assert body["current_version"] == 4
    problem(table.command(0, {"type": "draw-card"}, **{"If-Match": "soon"}), 422,
            "invalid-if-match")
    answer = table.command(0, {"type": "draw-card"}, **{"If-Match": '"4"'})
    assert answer.status_code == 200 and answer.json()["version"] == 5
    assert answer.headers["etag"] == '"5"'


def test_idempotent_retry_returns_the_first_answer(table: Table) -> None:
    key = {"Idempotency-Key": "move-1"}
    first = table.command(0, {"type": "draw-card"}, **key)
    again = table.command(0, {"type": "draw-card"}, **key)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json() and again.json()["command_id"] == "move-1"
    assert again.headers["idempotent-replayed"] == "true"
    assert table.public()["version"] == 5
    # the same key for another command of the seat is refused
    problem(table.command(0, {"type": "play-card", "card": "R1"}, **key), 422,
            "idempotency-key-reused")
    assert table.public()["version"] == 5


def test_an_idempotency_key_is_the_seats_own(table: Table) -> None:
    """Another seat's same key is an independent command, and nobody else sees a key."""
    key = {"Idempotency-Key": "ann-draw-1"}
    mine = table.command(0, {"type": "draw-card"}, **key)
    theirs = table.command(1, {"type": "draw-card"}, **key)
    assert mine.status_code == theirs.status_code == 200, theirs.text
    assert "idempotent-replayed" not in theirs.headers
    assert (mine.json()["version"], theirs.json()["version"]) == (5, 6)
    retried = table.command(1, {"type": "draw-card"}, **key)
    assert retried.json() == theirs.json() and retried.headers["idempotent-replayed"] == "true"
    assert table.public()["version"] == 6
    ids = {viewer: {r["version"]: r["command_id"] for r in table.events(viewer, after=4)}
           for viewer in (None, 0, 1)}
    assert ids[None] == {5: None, 6: None}
    assert ids[0] == {5: "ann-draw-1", 6: None}
    assert ids[1] == {5: None, 6: "ann-draw-1"}


def test_idempotency_survives_a_new_process(settings: Settings, table: Table) -> None:
    key = {"Idempotency-Key": "k"}
    first = table.command(0, {"type": "draw-card"}, **key).json()
    with TestClient(create_app(settings, kinds=test_kinds())) as fresh:
        again = fresh.post(f"/games/{table.id}/commands", json={"type": "draw-card"},
                           headers={**table.auth(0), **key})
        assert again.json() == first
        assert fresh.get(f"/games/{table.id}").json()["version"] == 5


def test_past_versions_and_paging(table: Table) -> None:
    table.command(0, {"type": "draw-card"})
    assert table.public(version=1)["status"] == "lobby"
    assert table.public(version=1)["seats"] == []
    assert table.public(version=3)["seats"][1]["name"] == "player 1"
    assert table.public(version=4)["view"]["deck_size"] == 12  # 18 cards, 3 to each seat
    assert table.public()["view"]["deck_size"] == 11
    assert len(table.me(0, version=4)["view"]["hand"]) == 3
    problem(table.client.get(f"/games/{table.id}", params={"version": 99}), 404,
            "unknown-version")
    problem(table.client.get(f"/games/{table.id}", params={"version": 0}), 422,
            "invalid-request")
    page = table.client.get(f"/games/{table.id}/events", params={"after": 1, "limit": 2}).json()
    assert [r["version"] for r in page["records"]] == [2, 3] and page["next_after"] == 3
    assert page["version"] == 5


def test_client_seed_needs_the_server_setting(client: TestClient[Any], settings: Settings) -> None:
    body = {"kind": "toy", "seats": 2, "seed": "ab" * 32}
    problem(client.post("/games", json=body), 403, "client-seed-not-allowed")
    entropy = client.post("/games", json={"kind": "toy", "seats": 2, "seed_entropy": "x"})
    assert entropy.json()["seed_chosen_by_client"] is False
    allowing = Settings(store=settings.store, allow_client_seed=True)
    with TestClient(create_app(allowing, kinds=test_kinds())) as lenient:
        created = lenient.post("/games", json=body)
        assert created.status_code == 201
        assert created.json()["seed_chosen_by_client"] is True
        assert created.json()["seed_commitment"] == Seed.from_hex("ab" * 32).commitment


def test_health(client: TestClient[Any]) -> None:
    assert client.get("/health").json() == {"status": "ok", "store": "ok"}


def test_conditional_get(table: Table) -> None:
    url = f"/games/{table.id}"
    assert table.client.get(url, headers={"If-None-Match": '"4"'}).status_code == 304
    table.command(0, {"type": "draw-card"})
    changed = table.client.get(url, headers={"If-None-Match": '"4"'})
    assert changed.status_code == 200 and changed.json()["version"] == 5


def test_a_long_unknown_id_is_not_echoed_whole_and_names_refuse_control_characters(
    client: TestClient[Any],
) -> None:
    answer = client.get("/games/" + "x" * 5000)
    assert answer.status_code == 404 and len(answer.text) < 600
    assert answer.json()["code"] == "unknown-game"
    game = client.post("/games", json={"kind": "toy", "seats": 2}).json()["id"]
    for name in ("\u0000", "ann\nbob", "\u007f"):
        refused = client.post(f"/games/{game}/seats", json={"name": name})
        assert refused.status_code == 422, (name, refused.text)
    assert client.post(f"/games/{game}/seats", json={"name": "Zoë O'Hara"}).status_code == 201
    assert client.get(f"/games/{game}").json()["seats"] == [{"seat": 0, "name": "Zoë O'Hara",
                                                              "bot": None}]


@pytest.mark.parametrize("body", [
    {"kind": "ticket-to-ride", "map": "europe", "variant": "", "seats": 2},
    {"kind": "ticket-to-ride", "map": "", "seats": 2},
    {"kind": "colt-express", "variant": "", "seats": 2},
    {"kind": "colt-express", "map": "", "seats": 2},
])
def test_an_empty_map_or_variant_is_refused_for_every_kind(
    client: TestClient[Any], body: dict[str, Any]
) -> None:
    """The schema names every map and variant and no empty one; the server refuses "" too,
    for every kind alike (Ticket to Ride once took ``"variant": ""`` as its standard)."""
    problem(client.post("/games", json=body), 422, "invalid-request")
    assert client.get("/games").json()["games"] == []
