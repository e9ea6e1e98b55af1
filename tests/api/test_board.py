"""`GET /games/{id}/board.svg`: a real picture of the public board, and nothing hidden in it."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.colt_express.rules import RULES as COLT_EXPRESS
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride.board import load_board
from domain.ticket_to_ride.rules import RULES as TICKET_TO_RIDE
from tests.api.live import play
from tests.api.players import Table, open_table
from tests.api.refusals import assert_refused
from tests.domain.random_states import random_state

SVG = "{http://www.w3.org/2000/svg}"


def picture(table: Table, **params: Any) -> tuple[ET.Element, str]:
    response = table.client.get(f"/games/{table.id}/board.svg", params=params)
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("image/svg+xml")
    return ET.fromstring(response.text), response.headers["etag"]


def test_ticket_to_ride_board_shows_the_claimed_routes(client: TestClient[Any]) -> None:
    table = open_table(client, "ticket-to-ride", 3)
    chooser = random.Random(11)
    early = table.public()["version"]
    while not any(table.public()["view"]["route_owner"]):
        play(table, 5, chooser)
    public = table.public()
    svg, tag = picture(table)
    assert svg.tag == f"{SVG}svg" and svg.get("data-map") == "europe"
    assert tag == f'"{public["version"]}"'
    claimed = {
        int(g.get("data-route", -1)): int(g.get("data-owner", -1))
        for g in svg.iter(f"{SVG}g")
        if g.get("class") == "route claimed"
    }
    owners = public["view"]["route_owner"]
    assert claimed == {route: seat for route, seat in enumerate(owners) if seat is not None}
    assert len([g for g in svg.iter(f"{SVG}g") if g.get("class") == "city"]) == 47
    scores = {int(g.get("data-seat", -1)): int(g.get("data-score", -1))
              for g in svg.iter(f"{SVG}g") if g.get("class") == "seat"}
    assert scores == {s["seat"]: s["score"] for s in public["view"]["seats"]}

    then, tag = picture(table, version=early)
    assert tag == f'"{early}"'
    assert not [g for g in then.iter(f"{SVG}g") if g.get("class") == "route claimed"]


def test_colt_express_board_shows_the_bandits_and_the_marshal(client: TestClient[Any]) -> None:
    table = open_table(client, "colt-express", 4)
    play(table, 30, random.Random(5))
    view = table.public()["view"]
    svg, _ = picture(table)
    bandits = {
        g.get("data-character"): (int(g.get("data-car", -1)), g.get("data-roof") == "true")
        for g in svg.iter(f"{SVG}g")
        if g.get("class") == "bandit"
    }
    assert bandits == {b["character"]: (b["car"], b["roof"]) for b in view["bandits"]}
    (marshal,) = [p for p in svg.iter(f"{SVG}polygon") if p.get("class") == "marshal"]
    assert int(marshal.get("data-car", -1)) == view["marshal"]
    cars = [g for g in svg.iter(f"{SVG}g") if g.get("class") == "car"]
    assert len(cars) == len(view["train"])


def test_board_refusals(client: TestClient[Any]) -> None:
    lobby = client.post("/games", json={"kind": "ticket-to-ride", "map": "europe", "seats": 2})
    toy = open_table(client, "toy", 2)
    cases = [
        ("/games/not-a-game/board.svg", 404, "unknown-game"),
        (f"/games/{lobby.json()['id']}/board.svg", 409, "game-not-started"),
        (f"/games/{toy.id}/board.svg", 404, "no-board-picture"),
        (f"/games/{toy.id}/board.svg?version=99", 404, "unknown-version"),
        (f"/games/{toy.id}/board.svg?version=0", 422, "invalid-request"),
    ]
    assert_refused(client, cases)


def _random_state(rules: Any, setup: Setup, moves: int) -> Any:
    return random_state(rules, setup, moves, Seed(bytes(range(32))), random.Random(2))


@pytest.mark.parametrize("map_id", ["europe", "northern-lights"])
def test_ticket_to_ride_picture_ignores_hidden_information(map_id: str) -> None:
    state = _random_state(TICKET_TO_RIDE, Setup(3, map_id), 60)
    before = TICKET_TO_RIDE.board_svg(state)
    other = msgspec.structs.replace(state)
    other.deck = list(reversed(state.deck))
    other.ticket_pile = list(reversed(state.ticket_pile))
    tickets = len(load_board(map_id).ticket_points)
    other.players = [
        msgspec.structs.replace(
            p,
            hand=[sum(p.hand)] + [0] * (len(p.hand) - 1),  # same count, other colours
            tickets=[(t + 1) % tickets for t in p.tickets],
        )
        for p in state.players
    ]
    assert other != state
    assert TICKET_TO_RIDE.board_svg(other) == before


def test_colt_express_picture_ignores_hidden_information() -> None:
    state = _random_state(COLT_EXPRESS, Setup(4), 40)
    before = COLT_EXPRESS.board_svg(state)
    other = state.clone()
    other.decks = [list(reversed(d)) for d in state.decks]
    other.hands = [sorted(h) for h in state.hands]
    starting = len(state.characters)  # purses 1..B start on the bandits: $250, public
    other.purse_values = {
        t: v + (int(t[6:]) > starting) for t, v in state.purse_values.items()
    }
    other.round_deck = state.round_deck[: state.round + 1] + list(
        reversed(state.round_deck[state.round + 1 :])
    )
    assert other != state
    assert COLT_EXPRESS.board_svg(other) == before
