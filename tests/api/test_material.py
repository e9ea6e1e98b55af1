"""`GET /games/{id}/material` and `GET /kinds/{kind}/material`: typed, cacheable, public."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.colt_express.material import ColtExpressMaterial
from domain.ticket_to_ride.material import TicketToRideMaterial
from tests.api.live import play
from tests.api.players import Table, open_table, setup_for


def material_of(client: TestClient[Any], path: str, **params: Any) -> tuple[dict[str, Any], str]:
    response = client.get(path, params=params)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("application/json")
    assert "max-age" in response.headers["cache-control"]
    tag = response.headers["etag"]
    assert tag.startswith('"') and not tag.startswith("W/")  # strong
    body: dict[str, Any] = response.json()
    return body, tag


def problem(response: Any, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    assert response.json()["code"] == code


def test_ticket_to_ride_material_names_what_the_game_shows(client: TestClient[Any]) -> None:
    table = open_table(client, "ticket-to-ride", 3)
    body, _ = material_of(client, f"/games/{table.id}/material")
    assert body["kind"] == "ticket-to-ride" and body["setup"]["seats"] == 3
    # as a client decodes it: JSON object keys are strings (seat counts as keys too)
    material = msgspec.json.decode(msgspec.json.encode(body["material"]), type=TicketToRideMaterial)
    routes = {r.index: r for r in material.routes}
    tickets = {t.index: t for t in material.tickets}
    chooser = random.Random(5)
    claimed = 0
    for _ in range(40):
        public = table.public()["view"]
        assert len(public["route_owner"]) == len(material.routes)
        assert len(public["station_owner"]) == len(material.cities)
        seat = chooser.choice(public["to_act"])
        me = table.me(seat)
        for ticket in [*me["view"]["tickets"], *me["view"]["offered"]]:
            known = tickets[ticket["id"]]
            assert (known.a, known.b, known.points) == (ticket["a"], ticket["b"], ticket["points"])
        for move in me["legal_moves"]:
            command = move["command"]
            if command["type"] == "claim-route":
                route = routes[command["route"]]
                claimed += 1
                if route.colour != "gray" and command.get("colour") is not None:
                    assert command["colour"] == route.colour
        play(table, 1, chooser)
    assert claimed > 0


def test_colt_express_material_names_the_characters_in_play(client: TestClient[Any]) -> None:
    table = open_table(client, "colt-express", 4)
    body, _ = material_of(client, f"/games/{table.id}/material")
    material = msgspec.convert(body["material"], ColtExpressMaterial)
    public = table.public()["view"]
    assert {b["character"] for b in public["bandits"]} <= {c.id for c in material.characters}
    assert len(public["train"]) == material.cars + 1
    assert set(public["round_cards"]) <= {c.id for c in material.round_cards}


def lobby(client: TestClient[Any], kind: str, seats: int, **extra: Any) -> str:
    created = client.post("/games", json={**setup_for(client, kind, seats), **extra})
    assert created.status_code == 201, created.text
    game_id: str = created.json()["id"]
    return game_id


def test_the_material_is_the_setup_s_not_the_seed_s(client: TestClient[Any]) -> None:
    """Two games of one setup (different seeds) and the kind's endpoint serve the same bytes."""
    first, second = (lobby(client, "ticket-to-ride", 4, variant="mega-europe") for _ in "ab")
    answers = [client.get(f"/games/{g}/material") for g in (first, second)]
    assert Table(client, first).public()["status"] == "lobby"  # material comes before the deal
    assert answers[0].content == answers[1].content
    assert answers[0].headers["etag"] == answers[1].headers["etag"]
    by_kind, tag = material_of(
        client, "/kinds/ticket-to-ride/material", map="europe", variant="mega-europe", seats=4
    )
    assert by_kind == answers[0].json() and tag == answers[0].headers["etag"]
    standard, other = material_of(client, "/kinds/ticket-to-ride/material", seats=4)
    assert other != tag and len(standard["material"]["tickets"]) == 46


def test_if_none_match_gives_304(client: TestClient[Any]) -> None:
    game = lobby(client, "colt-express", 3)
    _, tag = material_of(client, f"/games/{game}/material")
    again = client.get(f"/games/{game}/material", headers={"If-None-Match": tag})
    assert again.status_code == 304 and again.headers["etag"] == tag
    changed = client.get(f"/games/{game}/material", headers={"If-None-Match": '"m-0"'})
    assert changed.status_code == 200


@pytest.mark.parametrize(
    ("path", "params", "status", "code"),
    [
        ("/games/no-such-game/material", {}, 404, "unknown-game"),
        ("/kinds/chess/material", {"seats": 2}, 404, "unknown-kind"),
        ("/kinds/ticket-to-ride/material", {"seats": 9}, 422, "bad-setup"),
        ("/kinds/ticket-to-ride/material", {"seats": 3, "map": "atlantis"}, 422, "bad-setup"),
        ("/kinds/ticket-to-ride/material", {"seats": 3, "variant": "x"}, 422, "bad-setup"),
        ("/kinds/colt-express/material", {"seats": 3, "variant": "two-player"}, 422, "bad-setup"),
        ("/kinds/colt-express/material", {"seats": 3, "map": "europe"}, 422, "bad-setup"),
        ("/kinds/colt-express/material", {}, 422, "invalid-request"),
        ("/kinds/colt-express/material", {"seats": "many"}, 422, "invalid-request"),
        ("/kinds/ticket-to-ride/material", {"seats": 3, "map": "a\x00b"}, 422, "invalid-request"),
        ("/kinds/toy/material", {"seats": 2}, 404, "no-material"),
    ],
)
def test_refusals_are_problems(
    client: TestClient[Any], path: str, params: dict[str, Any], status: int, code: str
) -> None:
    problem(client.get(path, params=params), status, code)
