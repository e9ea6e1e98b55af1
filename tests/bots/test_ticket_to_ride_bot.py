"""The greedy Ticket to Ride bot's reading of the board and its choices, on the Europe map.

Views come from a real opening (`start` + `private_view`, as JSON), with the
board then changed by hand: routes given to a seat, tickets put in the hand.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from bots.seat import material_data
from bots.ticket_to_ride import greedy
from bots.ticket_to_ride.network import Ticket, network_of
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES

SETUP = Setup(seats=2, map="europe")
MATERIAL = material_data(RULES, SETUP)
ROUTES = {(r["a"], r["b"]): r["index"] for r in MATERIAL["routes"]}


def _opening() -> tuple[Any, dict[str, Any], list[dict[str, Any]]]:
    """A fresh two-seat game's state, seat 0's view and its legal moves (ticket choice)."""
    state: Any = None
    for event in RULES.start(SETUP, Seed(bytes(range(32)))):
        state = RULES.evolve(state, event)
    view = msgspec.to_builtins(RULES.private_view(state, 0))
    return state, view, msgspec.to_builtins(RULES.legal_moves(state, 0))


def _touching(city: str) -> list[int]:
    return [r["index"] for r in MATERIAL["routes"] if city in (r["a"], r["b"])]


def test_the_shortest_path_goes_around_a_claimed_route_and_own_routes_are_free() -> None:
    _, view, _ = _opening()
    direct = ROUTES[("amsterdam", "bruxelles")]
    network = network_of(view, MATERIAL)
    assert network.path("amsterdam", "bruxelles", set()) == [direct]
    view["public"]["route_owner"][direct] = 1
    around = network_of(view, MATERIAL).path("amsterdam", "bruxelles", set())
    assert around is not None and direct not in around and len(around) >= 2
    view["public"]["route_owner"][direct] = 0
    mine = network_of(view, MATERIAL)
    assert mine.connected("amsterdam", "bruxelles")
    assert mine.plan([Ticket(0, "amsterdam", "bruxelles", 5)]).trains == 0


def test_a_plan_connects_its_tickets_and_reports_the_blocked_ones() -> None:
    _, view, _ = _opening()
    for route in _touching("lisboa"):
        view["public"]["route_owner"][route] = 1
    network = network_of(view, MATERIAL)
    far = Ticket(1, "amsterdam", "wilno", 12)
    blocked = Ticket(2, "lisboa", "danzic", 20)
    plan = network.plan([far, blocked])
    assert plan.blocked == (blocked,)
    for route in plan.routes:
        view["public"]["route_owner"][route] = 0
    assert network_of(view, MATERIAL).connected("amsterdam", "wilno")
    assert plan.trains == sum(MATERIAL["routes"][r]["length"] for r in plan.routes)


def test_greedy_drops_a_ticket_it_can_no_longer_complete() -> None:
    _, view, moves = _opening()
    offered = view["offered"]
    doomed = min(offered, key=lambda t: t["points"])
    for route in _touching(doomed["a"]):
        view["public"]["route_owner"][route] = 1
    keep = greedy.choose(view, moves, MATERIAL, random.Random(0))["keep"]
    assert doomed["id"] not in keep
    assert keep in [m["command"]["keep"] for m in moves]


def _turn_view(tickets: list[dict[str, Any]], hand: dict[str, int]) -> dict[str, Any]:
    _, view, _ = _opening()
    view["tickets"], view["offered"], view["hand"] = tickets, [], hand
    return view


def _claim(route: int) -> dict[str, Any]:
    return {"command": {"type": "claim-route", "route": route, "colour": None, "locomotives": 0}}


DRAWS = [{"command": {"type": "draw-card", "slot": s}} for s in (None, 0, 1, 2, 3, 4)]


def test_greedy_claims_the_route_its_ticket_needs_rather_than_a_longer_one() -> None:
    view = _turn_view([{"id": 0, "a": "amsterdam", "b": "bruxelles", "points": 5}],
                      {"black": 1})
    needed, longer = ROUTES[("amsterdam", "bruxelles")], ROUTES[("athina", "sarajevo")]
    moves = [*DRAWS, _claim(longer), _claim(needed)]
    assert greedy.choose(view, moves, MATERIAL, random.Random(0))["route"] == needed


def test_greedy_draws_the_face_up_colour_its_plan_lacks() -> None:
    view = _turn_view([{"id": 0, "a": "amsterdam", "b": "bruxelles", "points": 5}], {})
    view["public"]["display"] = ["red", "blue", "black", "green", "white"]
    assert greedy.choose(view, DRAWS, MATERIAL, random.Random(0)) == {
        "type": "draw-card", "slot": 2}
    view["public"]["display"] = ["red", "blue", "orange", "green", "white"]
    assert greedy.choose(view, DRAWS, MATERIAL, random.Random(0)) == {
        "type": "draw-card", "slot": None}


def test_with_its_tickets_done_greedy_claims_the_longest_route_late() -> None:
    view = _turn_view([], {"green": 4})
    view["public"]["seats"][0]["trains"] = 8  # too few to draw more tickets
    short, longer = ROUTES[("amsterdam", "bruxelles")], ROUTES[("athina", "sarajevo")]
    moves = [*DRAWS, {"command": {"type": "draw-tickets"}}, _claim(short), _claim(longer)]
    assert greedy.choose(view, moves, MATERIAL, random.Random(0))["route"] == longer
    view["public"]["seats"][0]["trains"] = 40  # early: new tickets first
    assert greedy.choose(view, moves, MATERIAL, random.Random(0)) == {"type": "draw-tickets"}
