"""`GET /games/{id}/statistics` and `/statistics/scores.svg` over HTTP: refusals, ETags, and
a chart that is a well-formed, self-contained picture whatever the players are called."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ElementTree
from typing import Any

from litestar.testing import TestClient

from service.statistics.chart import HEIGHT, WIDTH
from tests.api.players import Table, open_table, play_to_end
from tests.api.refusals import assert_refused

SVG = "{http://www.w3.org/2000/svg}"
#: a name that would break a picture that did not escape it
AWKWARD = '<b onload="x()">Bo & "Ann"</b>\''


def named_table(client: TestClient[Any], names: list[str]) -> Table:
    """A Colt Express game with seats taken under `names`, started."""
    created = client.post("/games", json={"kind": "colt-express", "seats": len(names)})
    table = Table(client, created.json()["id"])
    for name in names:
        table.tokens.append(client.post(f"/games/{table.id}/seats",
                                        json={"name": name}).json()["token"])
    assert client.post(f"/games/{table.id}/start", headers=table.auth(0)).status_code == 200
    return table


def test_statistics_refusals(client: TestClient[Any]) -> None:
    lobby = client.post("/games", json={"kind": "ticket-to-ride", "map": "europe", "seats": 2})
    toy = open_table(client, "toy", 2)
    running = open_table(client, "ticket-to-ride", 2)
    cases = [
        ("/games/not-a-game/statistics", 404, "unknown-game"),
        ("/games/not-a-game/statistics/scores.svg", 404, "unknown-game"),
        (f"/games/{lobby.json()['id']}/statistics", 409, "game-not-started"),
        (f"/games/{lobby.json()['id']}/statistics/scores.svg", 409, "game-not-finished"),
        (f"/games/{toy.id}/statistics", 404, "no-statistics"),
        (f"/games/{running.id}/statistics/scores.svg", 409, "game-not-finished"),
    ]
    assert_refused(client, cases)
    assert client.get(f"/games/{running.id}/statistics").json()["status"] == "active"


def test_answers_carry_the_version_and_are_not_sent_again(client: TestClient[Any]) -> None:
    table = open_table(client, "colt-express", 2)
    play_to_end(table, random.Random(51))
    version = table.public()["version"]
    for path in ("statistics", "statistics/scores.svg"):
        first = client.get(f"/games/{table.id}/{path}")
        assert first.status_code == 200 and first.headers["etag"] == f'"{version}"'
        again = client.get(f"/games/{table.id}/{path}", headers={"If-None-Match": f'"{version}"'})
        assert again.status_code == 304 and not again.content
        older = client.get(f"/games/{table.id}/{path}", headers={"If-None-Match": '"1"'})
        assert older.status_code == 200


def test_the_chart_is_a_self_contained_picture_of_every_seat(client: TestClient[Any]) -> None:
    table = named_table(client, [AWKWARD, "Cleo"])
    final = play_to_end(table, random.Random(52))
    answer = client.get(f"/games/{table.id}/statistics/scores.svg")
    assert answer.headers["content-type"].startswith("image/svg+xml")
    svg = ElementTree.fromstring(answer.text)  # well formed, the name escaped
    assert not [e for e in svg.iter() if e.tag in (f"{SVG}script", f"{SVG}style",
                                                   f"{SVG}foreignObject", f"{SVG}b")]
    assert not [e for e in svg.iter() if any("href" in k or k.startswith("on") for k in e.attrib)]
    lines = {int(p.get("data-seat")): p for p in svg.iter(f"{SVG}polyline")}
    assert sorted(lines) == [0, 1]
    assert "".join(lines[0].itertext()).startswith(AWKWARD)
    for seat, line in lines.items():
        assert int(line.get("data-final")) == final["result"]["scores"][seat]
        for corner in line.get("points").split():
            x, y = map(float, corner.split(","))
            assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT
