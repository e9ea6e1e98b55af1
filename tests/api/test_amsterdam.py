"""Ticket to Ride: Amsterdam over HTTP: complete games by random players, and a server
given the printed contract deck by its ``ticket_deck`` setting."""

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

from service.api.app import create_app
from service.cli import main
from service.settings import Settings
from tests.api.players import open_table, play_to_end
from tests.domain.ticket_to_ride.map_states import DECK_PATH


def _map(client: TestClient[Any]) -> dict[str, Any]:
    (kind,) = [k for k in client.get("/kinds").json() if k["kind"] == "ticket-to-ride"]
    (amsterdam,) = [m for m in kind["maps"] if m["id"] == "amsterdam"]
    return dict(amsterdam)


VERIFY_LOG = Path(__file__).parents[2] / "tools" / "verify_log.py"
NDJSON = {"Content-Type": "application/x-ndjson"}


def _log(client: TestClient[Any], game: str) -> bytes:
    exported = client.get(f"/games/{game}/export")
    assert exported.status_code == 200, exported.text
    return exported.content


@pytest.mark.parametrize("seats", [2, 4])
def test_random_players_finish_an_amsterdam_game(client: TestClient[Any], seats: int) -> None:
    amsterdam = _map(client)
    assert (amsterdam["min_seats"], amsterdam["max_seats"]) == (2, 4)
    assert "generated deck: 20 of its 24 tickets" in amsterdam["variants"][0]["description"]
    table = open_table(client, "ticket-to-ride", seats, map="amsterdam")
    opening = table.public()["view"]
    assert opening["map"] == "amsterdam" and opening["goods_pile"] == 16
    assert opening["ticket_deck"]["generated"] == 20
    final = play_to_end(table, random.Random(f"amsterdam-{seats}"))["view"]
    assert final["status"] == "finished" and len(final["result"]["scores"]) == seats
    held = [seat["goods"] for seat in final["seats"]]
    assert final["goods_pile"] + sum(held) == 16
    assert all(set(s["bonuses"]) == {"goods"} for s in final["final"])
    assert max(s["bonuses"]["goods"] for s in final["final"]) == 8
    material = client.get(
        "/kinds/ticket-to-ride/material", params={"map": "amsterdam", "seats": seats}
    ).json()["material"]
    goods_routes = {r["index"] for r in material["routes"] if r.get("goods")}
    assert len(goods_routes) == 16
    for seat in final["seats"]:
        assert seat["goods"] == len(goods_routes & set(seat["routes"]))
    created = _log(client, table.id).split(b"\n")[0]
    assert b"+generated-tickets@sha256:" in created
    replayed = client.post("/replays", content=_log(client, table.id), headers=NDJSON)
    assert replayed.status_code == 200, replayed.text
    assert replayed.json()["valid"] is True
    # the standalone verifier checks its shuffles and shows which deck dealt it
    verified = subprocess.run(
        [sys.executable, str(VERIFY_LOG), "-", "--json"], input=_log(client, table.id),
        capture_output=True, check=False, timeout=120,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
    report = json.loads(verified.stdout)
    assert report["valid"] is True and "+generated-tickets@sha256:" in report["rules_version"]
    picture = client.get(f"/games/{table.id}/board.svg")
    assert picture.status_code == 200 and picture.text.count('data-goods="1"') == 16


@pytest.fixture
def deck_settings(tmp_path: Path) -> Settings:
    return Settings(store=f"sqlite:///{tmp_path / 'decked.db'}", ticket_deck=str(DECK_PATH))


@pytest.fixture
def decked(deck_settings: Settings) -> Iterator[TestClient[Any]]:
    with TestClient(create_app(deck_settings)) as test_client:
        yield test_client


def test_a_server_given_the_printed_deck_deals_it_and_its_logs_name_it(
    decked: TestClient[Any], client: TestClient[Any]
) -> None:
    amsterdam = _map(decked)
    assert "printed deck of 24 tickets" in amsterdam["variants"][0]["description"]
    material = decked.get(
        "/kinds/ticket-to-ride/material", params={"map": "amsterdam", "seats": 2}
    ).json()["material"]
    assert len(material["tickets"]) == 24
    assert not any(t.get("generated") for t in material["tickets"])
    assert "+tickets@sha256:" in material["rules"]["version"]
    table = open_table(decked, "ticket-to-ride", 2, map="amsterdam")
    assert table.public()["view"]["ticket_deck"]["generated"] == 0
    play_to_end(table, random.Random("decked"))
    log = _log(decked, table.id)
    assert b"+tickets@sha256:" in log.split(b"\n")[0]
    # the server with the same deck re-decides the log ...
    same = decked.post("/replays", content=log, headers=NDJSON)
    assert same.status_code == 200 and same.json()["valid"] is True, same.text
    # ... one with another deck (here: the generated one) refuses it, saying why
    other = client.post("/replays", content=log, headers=NDJSON).json()
    assert other["valid"] is False
    assert "ticket_deck setting" in other["first_invalid"]["message"], other["first_invalid"]


def test_a_bad_deck_file_stops_the_server_start(tmp_path: Path) -> None:
    bad = tmp_path / "deck.json"
    bad.write_text('{"map": "amsterdam", "tickets": []}')
    with pytest.raises(ValueError, match="0 tickets; the box has 24"):
        create_app(Settings(store=f"sqlite:///{tmp_path / 'x.db'}", ticket_deck=str(bad)))


def test_roundhouse_replay_plays_the_deck_of_its_ticket_deck_setting(
    decked: TestClient[Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    table = open_table(decked, "ticket-to-ride", 2, map="amsterdam")
    play_to_end(table, random.Random("cli"))
    log = tmp_path / "game.jsonl"
    log.write_bytes(_log(decked, table.id))
    monkeypatch.delenv("ROUNDHOUSE_TICKET_DECK", raising=False)
    assert main(["replay", str(log), "--json"]) == 1  # the generated deck: refused
    assert "ticket_deck setting" in capsys.readouterr().out
    monkeypatch.setenv("ROUNDHOUSE_TICKET_DECK", str(DECK_PATH))
    assert main(["replay", str(log), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["valid"] is True


def test_verify_log_refuses_a_log_of_another_deck_when_told_the_expected_version(
    decked: TestClient[Any], client: TestClient[Any]
) -> None:
    """`tools/verify_log.py --rules-version V` (V from the material of the table expected)
    fails a log dealt from another contract deck, saying so; with its own version it passes."""
    table = open_table(decked, "ticket-to-ride", 2, map="amsterdam")
    play_to_end(table, random.Random("verify"))
    log = _log(decked, table.id)

    def version(server: TestClient[Any]) -> str:
        material = server.get("/kinds/ticket-to-ride/material",
                              params={"map": "amsterdam", "seats": 2}).json()["material"]
        return str(material["rules"]["version"])

    def verify(expected: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(
            [sys.executable, str(VERIFY_LOG), "-", "--json", "--rules-version", expected],
            input=log, capture_output=True, check=False, timeout=120,
        )

    same = verify(version(decked))
    assert same.returncode == 0, same.stdout + same.stderr
    assert json.loads(same.stdout)["checks"]["rules-version"].startswith("passed")
    assert json.loads(same.stdout)["complete"] is True
    other = verify(version(client))  # the generated deck's version
    assert other.returncode == 1
    (problem,) = json.loads(other.stdout)["problems"]
    assert problem["code"] == "other-rules-version"
    assert "another ticket deck" in problem["message"] and "+tickets@" in problem["message"]
