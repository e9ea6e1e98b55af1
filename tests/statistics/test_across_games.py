"""`GET /statistics` checked against a count made independently from the exported logs.

Random games of every map and kind are played through the store (a few per map,
at random seat counts, some between bots, one unlisted); each game's log is
exported (`GET /games/{id}/export`) and counted here from the records
themselves (the created record, the ``game-ended`` event, the routes claimed,
the characters dealt), without the projection's code. Every figure the server
serves must match: games, wins by seat, the winning and losing scores' mean
and spread, the game length, what became of each route, ticket and character,
each score term (they add up to the scores) and the filters (map, seats, bots).
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import msgspec
import pytest
from litestar.testing import TestClient

from domain.kernel.protocol import Setup
from service.api.app import create_app
from service.settings import Settings
from tests.api.players import test_kinds
from tests.statistics.games import every_map, finished_game

MOVES = {"command", "bot-command", "timeout", "forfeit"}


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient[Any], list[str]]]:
    """An app whose store holds random finished games of every map and kind: the client,
    and the ids of the listed games."""
    store_file = tmp_path_factory.mktemp("statistics") / "games.db"
    app = create_app(Settings(store=f"sqlite:///{store_file}"), kinds=test_kinds())
    chooser = random.Random(271)
    listed = []
    store = app.state.store  # played before the app starts: no server bot moves meanwhile
    for kind, setup in every_map():
        board = next((m for m in store.kinds[kind].descriptor.maps if m.id == setup.map),
                     store.kinds[kind].descriptor)
        for game in range(3):
            seats = chooser.randint(setup.seats, min(board.max_seats, setup.seats + 2))
            listed.append(finished_game(
                store, kind, Setup(seats=seats, map=setup.map), chooser,
                bots=seats if game == 2 else chooser.randint(0, 1)))
    finished_game(store, "colt-express", Setup(seats=3), chooser, listed=False)
    with TestClient(app) as client:
        assert app.state.statistics.wait_for(store.recorder.max_notification_id())
        yield client, listed


def exported(client: TestClient[Any], game_id: str) -> list[dict[str, Any]]:
    response = client.get(f"/games/{game_id}/export")
    assert response.status_code == 200
    return [msgspec.json.decode(line) for line in response.content.splitlines() if line]


class Counted:
    """The figures of some games, counted from their exported logs."""

    def __init__(self) -> None:
        self.games = 0
        self.wins: Counter[int] = Counter()
        self.winning: list[int] = []
        self.losing: list[int] = []
        self.moves: list[int] = []
        self.outcomes: dict[str, Counter[tuple[str, str]]] = {}

    def add(self, records: list[dict[str, Any]]) -> None:
        self.games += 1
        events = [event for record in records for event in record.get("events", [])]
        ended = next(event for event in events if event["type"] == "game-ended")
        scores = [s if isinstance(s, int) else s["total"] for s in ended["scores"]]
        for seat, score in enumerate(scores):
            won = seat in ended["winners"]
            self.wins[seat] += won
            (self.winning if won else self.losing).append(score)
        started = next(i for i, r in enumerate(records) if r["type"] == "started")
        self.moves.append(sum(1 for r in records[started + 1:] if r["type"] in MOVES))
        for event in events:
            if event["type"] == "route-claimed":
                self._count("route", str(event["route"]), "claimed")
            if event["type"] == "game-started" and "characters" in event:
                seats = records[0]["payload"]["setup"]["seats"]
                per_seat = len(event["characters"]) // seats
                for bandit, character in enumerate(event["characters"]):
                    self._count("character", character, "played")
                    if bandit // per_seat in ended["winners"]:
                        self._count("character", character, "won")
        for seat, tickets in enumerate(ended.get("tickets", [])):
            for ticket, completed in zip(tickets, ended["scores"][seat]["completed"],
                                         strict=True):
                self._count("ticket", str(ticket), "kept")
                if completed:
                    self._count("ticket", str(ticket), "completed")

    def _count(self, subject: str, component: str, what: str) -> None:
        self.outcomes.setdefault(subject, Counter())[component, what] += 1


def spread(values: list[int]) -> dict[str, Any]:
    if not values:
        return {"count": 0, "mean": None, "stdev": None}
    return {"count": len(values), "mean": pytest.approx(statistics.fmean(values), abs=1e-6),
            "stdev": pytest.approx(statistics.pstdev(values), abs=1e-6)}


def served(client: TestClient[Any], **query: Any) -> dict[str, Any]:
    response = client.get("/statistics", params=query)
    assert response.status_code == 200, response.text
    body: dict[str, Any] = response.json()
    return body


def assert_matches(body: dict[str, Any], counted: Counted) -> None:
    assert body["games"] == counted.games
    assert {w["seat"]: w["wins"] for w in body["wins_by_seat"]} == {
        seat: counted.wins[seat] for seat in counted.wins}
    assert body["winning_score"] == spread(counted.winning)
    assert body["losing_score"] == spread(counted.losing)
    assert body["moves"] == spread(counted.moves)
    seats = len(counted.winning) + len(counted.losing)
    assert body["terms"], "every kind gives its score terms"
    # each seat of a map gives every term of its map (not another map's)
    assert all(0 < term["spread"]["count"] <= seats for term in body["terms"])
    # a seat's terms add up to its score: so do their sums over the seats counted
    assert sum(t["spread"]["mean"] * t["spread"]["count"] for t in body["terms"]) == pytest.approx(
        sum(counted.winning) + sum(counted.losing), abs=1e-3)
    figures = {f["name"]: f["spread"] for f in body["figures"]}
    assert all(0 < spread["count"] <= seats for spread in figures.values())  # a map's own
    if "route" in counted.outcomes:  # each route claimed is one seat's routes-claimed
        claims = sum(n for (_, what), n in counted.outcomes["route"].items() if what == "claimed")
        assert figures["routes-claimed"]["mean"] * seats == pytest.approx(claims, abs=1e-3)
    found = {subject: Counter({(c["id"], what): n for c in entries
                               for what, n in c["counts"].items()})
             for subject, entries in body["outcomes"].items()}
    assert found == counted.outcomes


def count(client: TestClient[Any], logs: list[list[dict[str, Any]]]) -> Counted:
    counted = Counted()
    for records in logs:
        counted.add(records)
    return counted


def test_each_map_and_kind_has_the_figures_its_exported_logs_give(
    played: tuple[TestClient[Any], list[str]],
) -> None:
    client, listed = played
    logs = [exported(client, game_id) for game_id in listed]
    for kind, setup in every_map():
        body = served(client, kind=kind, **({"map": setup.map} if setup.map else {}))
        of_map = [log for log in logs if log[0]["payload"]["kind"] == kind
                  and log[0]["payload"]["setup"].get("map") == setup.map]
        assert len(of_map) == 3
        assert_matches(body, count(client, of_map))


def test_the_seat_and_bot_filters_count_the_games_they_name(
    played: tuple[TestClient[Any], list[str]],
) -> None:
    client, listed = played
    logs = [exported(client, game_id) for game_id in listed]
    colt = [log for log in logs if log[0]["payload"]["kind"] == "colt-express"]
    seats = colt[0][0]["payload"]["setup"]["seats"]
    assert_matches(served(client, kind="colt-express", seats=seats), count(client, [
        log for log in colt if log[0]["payload"]["setup"]["seats"] == seats]))

    def between_bots(log: list[dict[str, Any]]) -> bool:
        joined = [r for r in log if r["type"] == "seat-joined"]
        return all(r["payload"].get("bot") for r in joined)

    people = [log for log in logs if log[0]["payload"]["kind"] == "ticket-to-ride"
              and not between_bots(log)]
    assert len(people) < len([log for log in logs
                              if log[0]["payload"]["kind"] == "ticket-to-ride"])
    assert_matches(served(client, kind="ticket-to-ride", bots=False), count(client, people))


@pytest.mark.parametrize(("query", "status", "code"), [
    ({"kind": "chess"}, 404, "unknown-kind"),
    ({"kind": "ticket-to-ride", "map": "mars"}, 404, "unknown-map"),
    ({"kind": "ticket-to-ride", "map": "europe", "variant": "lunar"}, 404, "unknown-variant"),
    ({"kind": "colt-express", "seats": 0}, 422, "invalid-request"),
    ({"map": "europe"}, 422, "invalid-request"),
])
def test_a_query_naming_what_is_not_hosted_is_refused(
    played: tuple[TestClient[Any], list[str]], query: dict[str, Any], status: int, code: str,
) -> None:
    client, _ = played
    response = client.get("/statistics", params=query)
    assert response.status_code == status
    assert response.json()["code"] == code
    assert response.headers["content-type"].startswith("application/problem+json")


def test_the_heat_map_shades_each_route_by_the_games_that_claimed_it(
    played: tuple[TestClient[Any], list[str]],
) -> None:
    client, _ = played
    body = served(client, kind="ticket-to-ride", map="world")
    claimed = {int(c["id"]): c["counts"]["claimed"] for c in body["outcomes"]["route"]}
    response = client.get("/statistics/board.svg",
                          params={"kind": "ticket-to-ride", "map": "world"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    svg = ElementTree.fromstring(response.content)
    shown = {int(g.get("data-route")): (int(g.get("data-claimed")), g.get("data-share"))
             for g in svg.iter("{http://www.w3.org/2000/svg}g")
             if "route" in (g.get("class") or "").split()}
    assert len(shown) > 100  # every route of the world map
    assert set(claimed) <= set(shown)
    for route, (count_of, share) in shown.items():
        assert count_of == claimed.get(route, 0)
        assert share == f"{count_of / body['games']:.4f}"
    assert b"<script" not in response.content and b"http://" not in response.content.replace(
        b"http://www.w3.org/2000/svg", b"")
    refused = client.get("/statistics/board.svg", params={"kind": "colt-express"})
    assert refused.status_code == 404 and refused.json()["code"] == "no-board-picture"


def test_the_figures_are_not_sent_again_while_no_record_is_projected(
    played: tuple[TestClient[Any], list[str]],
) -> None:
    client, _ = played
    position = served(client, kind="ticket-to-ride")["position"]
    for path in ("/statistics", "/statistics/board.svg"):
        first = client.get(path, params={"kind": "ticket-to-ride", "map": "europe"})
        tag = first.headers["etag"]
        assert tag == f'"statistics-v1-{position}"'
        again = client.get(path, params={"kind": "ticket-to-ride", "map": "europe"},
                           headers={"If-None-Match": tag})
        assert (again.status_code, again.content, again.headers["etag"]) == (304, b"", tag)
        other = client.get(path, params={"kind": "ticket-to-ride", "map": "europe"},
                           headers={"If-None-Match": '"statistics-v1-0"'})
        assert other.status_code == 200 and other.content == first.content


def test_a_seat_count_nobody_plays_counts_no_game(
    played: tuple[TestClient[Any], list[str]],
) -> None:
    client, _ = played
    body = served(client, kind="colt-express", seats=9)
    assert (body["seats"], body["games"], body["wins_by_seat"]) == (9, 0, [])


def test_pictures_and_figures_need_no_store_file_beyond_the_events(tmp_path: Path) -> None:
    """A new store serves empty figures at once (the view's tables are made with it)."""
    app = create_app(Settings(store=f"sqlite:///{tmp_path / 'new.db'}"), kinds=test_kinds())
    with TestClient(app) as client:
        body = served(client, kind="ticket-to-ride")
        assert (body["games"], body["wins_by_seat"], body["outcomes"]) == (0, [], {})
        assert body["winning_score"] == {"count": 0, "mean": None, "stdev": None}
