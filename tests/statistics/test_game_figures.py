"""Every figure of `GET /games/{id}/statistics` against an independent count.

Random games of every map and kind are played over HTTP to the end; their
exported logs are counted by `tests.statistics.counting` (plain loops over the
JSON, by other fields than the statistics read) and every figure, list and chart
point served must agree.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest
from litestar.testing import TestClient

from domain.registry import kinds
from service.audit.export import decode_log, rebuild_state
from tests.api.players import Table, open_table, play_to_end
from tests.statistics import counting

#: (map, seats, chooser seed): both ends of each map's seat range
TICKET_TO_RIDE = [
    ("europe", 2, 1), ("europe", 5, 2), ("amsterdam", 2, 3), ("amsterdam", 4, 4),
    ("northern-lights", 2, 5), ("northern-lights", 4, 6), ("world", 2, 7), ("world", 5, 8),
]
COLT_EXPRESS = [(2, 11), (3, 12), (4, 13), (6, 14)]


def finished_game(client: TestClient[Any], kind: str, seats: int, seed: int,
                  **setup: Any) -> tuple[Table, dict[str, Any], bytes]:
    """A random game played to its end: the table, its final public view, its export."""
    table = open_table(client, kind, seats, **setup)
    public = play_to_end(table, random.Random(seed))
    exported = client.get(f"/games/{table.id}/export")
    assert exported.status_code == 200
    return table, public, exported.content


def served(client: TestClient[Any], table: Table) -> dict[str, Any]:
    answer = client.get(f"/games/{table.id}/statistics")
    assert answer.status_code == 200, answer.text
    body: dict[str, Any] = answer.json()
    return body


def the_chart_follows(chart: list[dict[str, Any]], running: list[list[int]],
                      start: list[int], final: list[int], turns: list[int]) -> None:
    """The chart starts at `start`, has a point at each record after which a running
    score changed, with those scores and the `turns` played by then (after each record),
    and ends at the final scores."""
    before = [start, *running]
    changed = [v for v in range(1, len(before)) if before[v] != before[v - 1]]
    assert [p["version"] for p in chart[1:-1]] == changed
    assert chart[0] == {"version": 0, "turn": 0, "scores": start}
    for point in chart[1:]:
        assert point["turn"] == turns[point["version"] - 1]
    for point in chart[1:-1]:
        assert point["scores"] == before[point["version"]]
    assert chart[-1]["scores"] == final
    assert chart[-1]["version"] == len(running)


def turns_after_each_record(exported: bytes) -> list[int]:
    """The engine's own count of turns played, after each record of a Ticket to Ride log."""
    rules = kinds()["ticket-to-ride"]
    state, turns = None, []
    for record in decode_log(exported):
        for event in record.events:
            state = rules.evolve(state, msgspec.convert(event, rules.event_type))
        turns.append(0 if state is None else state.turn)
    return turns


def the_game_length_is_the_log(answer: dict[str, Any], exported: bytes) -> None:
    records = [msgspec.to_builtins(r) for r in decode_log(exported)]
    assert answer["figures"]["records"] == len(records) == answer["version"]
    started = next(r["time"] for r in records if r["type"] == "started")
    assert answer["started"] == started and answer["last"] == records[-1]["time"]
    assert answer["figures"]["seconds"] >= 0


@pytest.mark.parametrize(("map_id", "seats", "seed"), TICKET_TO_RIDE)
def test_ticket_to_ride_figures_match_the_exported_log(
    client: TestClient[Any], map_id: str, seats: int, seed: int
) -> None:
    table, public, exported = finished_game(client, "ticket-to-ride", seats, seed, map=map_id)
    records = [msgspec.to_builtins(r) for r in decode_log(exported)]
    material = client.get(f"/games/{table.id}/material").json()["material"]
    state = rebuild_state(exported, kinds()["ticket-to-ride"])
    counted = counting.ticket_to_ride(records, material, public, state)
    answer = served(client, table)
    assert answer["status"] == "finished" and answer["map"] == map_id
    assert {k: v for k, v in answer["figures"].items()
            if k not in ("records", "seconds")} == counted["game"]
    for seat, figures in enumerate(answer["seats"]):
        assert figures["seat"] == seat
        assert figures["figures"] == counted["seats"][seat], seat
        assert figures.get("routes", []) == counted["routes"][seat]
        assert figures.get("tickets_completed", []) == counted["completed"][seat]
        assert figures.get("tickets_failed", []) == counted["failed"][seat]
        assert figures["terms"] == public["result"]["sheets"][seat]["terms"]
        assert sum(t["points"] for t in figures["terms"]) == figures["figures"]["points"]
    the_chart_follows(answer["scores"], counted["running"], [0] * seats,
                      public["result"]["scores"], turns_after_each_record(exported))
    the_game_length_is_the_log(answer, exported)


@pytest.mark.parametrize(("seats", "seed"), COLT_EXPRESS)
def test_colt_express_figures_match_the_exported_log(
    client: TestClient[Any], seats: int, seed: int
) -> None:
    table, public, exported = finished_game(client, "colt-express", seats, seed)
    records = [msgspec.to_builtins(r) for r in decode_log(exported)]
    counted = counting.colt_express(records, public)
    answer = served(client, table)
    assert answer["status"] == "finished" and answer["map"] is None
    assert {k: v for k, v in answer["figures"].items()
            if k not in ("records", "seconds")} == counted["game"]
    assert answer["round_events"] == counted["round_events"]
    for seat, figures in enumerate(answer["seats"]):
        assert figures["figures"] == counted["seats"][seat], seat
        assert figures["bandits"] == counted["bandits"][seat]
        assert figures["terms"] == public["result"]["sheets"][seat]["terms"]
        assert sum(t["points"] for t in figures["terms"]) == figures["figures"]["dollars"]
        bonus = 1000 * figures["figures"]["gunslinger"]
        assert figures["figures"]["loot-dollars"] + bonus == figures["figures"]["dollars"]
    start = [250 * (2 if seats == 2 else 1)] * seats
    the_chart_follows(answer["scores"], counted["held"], start, public["result"]["scores"],
                      counted["rounds"])
    the_game_length_is_the_log(answer, exported)
