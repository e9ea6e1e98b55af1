"""Complete games over HTTP by random players using only `/me`'s legal moves."""

from __future__ import annotations

import random
from typing import Any

import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from service.store.records import GENESIS_HASH, Record, record_hash
from tests.api.players import open_table, play_to_end, test_kinds

GAMES = [
    ("toy", 2),
    ("toy", 4),
    ("ticket-to-ride", 2),
    ("ticket-to-ride", 5),
    ("colt-express", 2),
    ("colt-express", 4),
]


def _check_sheets(result: dict[str, Any], seats: int) -> list[str]:
    """A finished game's result gives each seat's score as terms that add up to it, each
    citing its rule (issue 23); returns the term ids of seat 0's sheet."""
    assert [sheet["seat"] for sheet in result["sheets"]] == list(range(seats))
    for sheet, score in zip(result["sheets"], result["scores"], strict=True):
        assert sheet["terms"] and sheet["total"] == score
        assert sum(term["points"] for term in sheet["terms"]) == score
        assert all(term["section"].startswith("§") for term in sheet["terms"])
    return [term["term"] for term in result["sheets"][0]["terms"]]


@pytest.mark.parametrize(("kind", "seats"), GAMES)
def test_random_players_finish_the_game(
    client: TestClient[Any], settings: Settings, kind: str, seats: int
) -> None:
    table = open_table(client, kind, seats)
    final = play_to_end(table, random.Random(f"{kind}-{seats}"))

    result = final["result"]
    assert len(result["scores"]) == seats
    assert result["winners"] and set(result["winners"]) <= set(range(seats))
    _check_sheets(result, seats)
    assert final["to_act"] == []
    assert len(final["seed"]) == 64  # revealed at the end

    # once finished, the whole log is public, as stored: its hash chain holds
    log = [Record(**r) for r in table.events()]
    assert [r.version for r in log] == list(range(1, final["version"] + 1))
    previous = GENESIS_HASH
    seed = bytes.fromhex(final["seed"])
    for record in log:
        assert record.prev_hash == previous and record.hash == record_hash(record, seed)
        previous = record.hash

    # a new process (empty cache) rebuilds the same game from the store
    with TestClient(create_app(settings, kinds=test_kinds())) as fresh:
        assert fresh.get(f"/games/{table.id}").json() == final


def test_random_players_finish_a_northern_lights_game(client: TestClient[Any]) -> None:
    """Northern Lights over HTTP: its material, goal cards, "+X" draws kept from the
    other seats while the game runs, and the picture."""
    table = open_table(client, "ticket-to-ride", 3, map="northern-lights")
    material = client.get(f"/games/{table.id}/material").json()["material"]
    assert material["map"] == "northern-lights" and len(material["goals"]) == 11
    bonus_draws: list[dict[str, Any]] = []

    def watch(table: Any, public: dict[str, Any]) -> None:
        goals = public["view"]["goals"]
        finished = public["status"] == "finished"
        assert len(goals) == 4 and all(("winners" in g) == finished for g in goals)
        if finished:  # the whole log is public then
            return
        for seat in range(3):
            for record in table.events(seat, after=public["version"] - 1):
                for event in record.get("events") or ():
                    if event["type"] == "bonus-cards-drawn":
                        bonus_draws.append(event)
                        assert (event["cards"] is None) == (event["seat"] != seat), event

    final = play_to_end(table, random.Random("northern-lights-3"), watch=watch)
    view = final["view"]
    assert view["map"] == "northern-lights" and final["result"]["winners"]
    assert [len(g["values"]) for g in view["goals"]] == [3, 3, 3, 3]
    assert [s["total"] for s in view["final"]] == final["result"]["scores"]
    assert all("goal-cards" in s["bonuses"] for s in view["final"])
    assert _check_sheets(final["result"], 3) == ["routes", "tickets", "goal-cards"]
    assert bonus_draws, "no '+X' route was claimed in this game"
    picture = client.get(f"/games/{table.id}/board.svg")
    assert picture.status_code == 200 and 'data-map="northern-lights"' in picture.text
@pytest.mark.parametrize("seats", [3])
def test_random_players_finish_a_rails_and_sails_world_game(
    client: TestClient[Any], seats: int
) -> None:
    """The World map over HTTP: the secret piece split, both decks and the market's refill
    choice, harbors and exchanges are all offered as legal moves and played to the end."""
    table = open_table(client, "ticket-to-ride", seats, map="world")
    seen: set[str] = set()

    def watch(table: Any, public: dict[str, Any]) -> None:
        view = public["view"]
        if view["pending"]:
            seen.add(view["pending"])
        if all("reserve" not in s for s in view["seats"]):
            # before the reveal every seat shows the same pieces: no split is visible
            assert len({str(s["pieces"]) + str(s["trains"]) for s in view["seats"]}) == 1

    final = play_to_end(table, random.Random(f"world-{seats}"), max_commands=20_000, watch=watch)
    view = final["view"]
    assert view["map"] == "world" and len(final["result"]["scores"]) == seats
    assert [d["deck"] for d in view["decks"]] == ["train", "ship"]
    assert "harbors" in view["final"][0]["bonuses"]
    assert _check_sheets(final["result"], seats) == [
        "routes", "exchanges", "tickets", "tours", "harbors"]
    assert {"refill", "second-card"} <= seen
    assert all("reserve" in s for s in view["seats"])  # revealed since
    kinds = {r["payload"]["type"] for r in table.events() if r["type"] == "command"}
    assert {"choose-pieces", "draw-blind", "refill-slot", "claim-route"} <= kinds
