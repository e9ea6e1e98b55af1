"""The ``greedy`` Ticket to Ride bot: work towards the tickets, claim long routes late.

Each decision reads the board through `bots.ticket_to_ride.network` and picks
one of the legal moves' ready commands:

* **Tickets** (at setup and after drawing): keep the combination whose plan
  (the open routes that would complete it together with the tickets held)
  is worth most: the tickets' points, minus those with no open path, minus
  a penalty per train the plan needs beyond the trains left.
* **A turn**: claim a planned route when the hand pays one (the longest
  first: the hardest to collect for); once the tickets are done or blocked,
  draw new tickets while trains remain, else spend the trains on the
  longest routes the hand pays (points late, when they no longer compete
  with the tickets); in the final round, or when an opponent is nearly out
  of trains, claim the longest payable route. Build a harbor when the hand
  pays one (an unbuilt harbor costs points at the end), in a city the
  tickets name if it can. Otherwise draw the face-up colour the plan lacks
  most, or blind, from the deck (train or ship) the plan's routes need more.
  A market slot is refilled from that same deck.
* **A tunnel's extra cost**: pay it when the hand can; stations are never
  built (each unbuilt one scores at the end).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from bots.ticket_to_ride.network import Network, Plan, Ticket, network_of

#: points lost per train a ticket plan needs beyond the trains left
OVERRUN_PENALTY = 3
#: trains kept in reserve when judging whether a plan fits (cards take turns to collect)
RESERVE_TRAINS = 5
#: draw new tickets only with at least this many trains left
TICKET_DRAW_TRAINS = 15
#: an opponent this close to running out of trains means the end is near
END_NEAR_TRAINS = 6

Move = Mapping[str, Any]


def choose(
    view: Mapping[str, Any],
    legal_moves: Sequence[Move],
    material: Mapping[str, Any],
    rng: random.Random,
) -> dict[str, Any]:
    """The greedy command for this seat (see the module docstring)."""
    by_type: dict[str, list[Move]] = {}
    for move in legal_moves:
        by_type.setdefault(move["command"]["type"], []).append(move)
    network = network_of(view, material)
    for kind in ("choose-tickets", "keep-tickets"):
        if kind in by_type:
            return _keep_tickets(network, by_type[kind], rng)
    if "pay-tunnel" in by_type:
        return _command(by_type["pay-tunnel"][0])
    return _turn(network, by_type, rng)


def _command(move: Move) -> dict[str, Any]:
    command: dict[str, Any] = move["command"]
    return command


def _open_tickets(network: Network) -> list[Ticket]:
    return [t for t in network.tickets if not network.connected(t.a, t.b)]


def _keep_tickets(network: Network, moves: Sequence[Move], rng: random.Random) -> dict[str, Any]:
    held = _open_tickets(network)
    offered = {t.id: t for t in network.offered}
    budget = network.trains - RESERVE_TRAINS

    def worth(move: Move) -> tuple[float, int, float]:
        kept = [offered[i] for i in move["command"]["keep"]]
        plan = network.plan(held + kept)
        blocked = {t.id for t in plan.blocked}
        points = sum(-t.points if t.id in blocked else t.points for t in kept)
        overrun = max(0, plan.trains - budget)
        # fewer tickets break ties: each kept one is a risk
        return points - OVERRUN_PENALTY * overrun, -len(kept), rng.random()

    return _command(max(moves, key=worth))


def _longest(moves: Sequence[Move], network: Network, rng: random.Random) -> dict[str, Any]:
    return _command(
        max(moves, key=lambda m: (network.routes[m["command"]["route"]].length, rng.random()))
    )


def _turn(
    network: Network, by_type: Mapping[str, list[Move]], rng: random.Random
) -> dict[str, Any]:
    claims = by_type.get("claim-route", [])
    plan = network.plan(_open_tickets(network))
    planned = [m for m in claims if network.same_track(m["command"]["route"], plan.routes)]
    if planned:
        return _longest(planned, network, rng)
    harbors = by_type.get("build-harbor", [])
    if harbors:
        return _harbor(network, harbors, rng)
    if claims and (network.final_round or network.rival_trains <= END_NEAR_TRAINS):
        return _longest(claims, network, rng)
    if not plan.routes:
        if "draw-tickets" in by_type and network.trains >= TICKET_DRAW_TRAINS:
            return _command(by_type["draw-tickets"][0])
        if claims:
            return _longest(claims, network, rng)
    draws = by_type.get("draw-card", []) + by_type.get("draw-blind", [])
    if draws:
        return _draw(network, plan, draws, rng)
    if "refill-slot" in by_type:
        return _refill(network, plan, by_type["refill-slot"])
    rest = [m for t, moves in by_type.items() if t != "build-station" for m in moves]
    return _command(rng.choice(rest or [m for moves in by_type.values() for m in moves]))


def _harbor(network: Network, harbors: Sequence[Move], rng: random.Random) -> dict[str, Any]:
    """A harbor in the city the held tickets name most often."""
    named: dict[int, int] = {}
    for ticket in network.tickets:
        for city in (ticket.a, ticket.b):
            index = network.city_index.get(city)
            if index is not None:
                named[index] = named.get(index, 0) + 1
    return _command(max(harbors, key=lambda m: (named.get(m["command"]["city"], 0), rng.random())))


def _wanted_deck(network: Network, plan: Plan) -> str:
    """``"ship"`` when the plan has more sea spaces to claim than rail ones, else ``"train"``."""
    sea = sum(network.routes[r].length for r in plan.routes if network.routes[r].kind == "sea")
    rail = sum(network.routes[r].length for r in plan.routes) - sea
    return "ship" if sea > rail else "train"


def _refill(network: Network, plan: Plan, refills: Sequence[Move]) -> dict[str, Any]:
    """The market refill from the deck the plan needs more."""
    deck = _wanted_deck(network, plan)
    return _command(next((m for m in refills if m["command"]["deck"] == deck), refills[0]))


def _draw(
    network: Network,
    plan: Plan,
    draws: Sequence[Move],
    rng: random.Random,
) -> dict[str, Any]:
    """The face-up card the plan needs most, else a blind draw (from the deck it needs)."""
    hand = network.colours_held()
    best_held = max(hand, key=lambda c: hand[c], default=None)
    need: dict[str, int] = {}
    for r in plan.routes:
        route = network.routes[r]
        colour = route.colour if route.colour != "gray" else best_held
        if colour is not None:
            need[colour] = need.get(colour, 0) + max(0, route.length - hand.get(colour, 0))
    display = network.display
    deck = _wanted_deck(network, plan)
    blind = sorted(
        (m for m in draws if m["command"].get("slot") is None),
        key=lambda m: m["command"].get("deck", deck) != deck,
    )

    def wanted(move: Move) -> tuple[int, float]:
        slot = move["command"]["slot"]
        card = display[slot] if slot is not None and slot < len(display) else None
        colour = network.colour_of(card) if card is not None else None
        return need.get(colour, 0) if colour is not None else 0, rng.random()

    face_up = [m for m in draws if m["command"].get("slot") is not None]
    best = max(face_up, key=wanted, default=None)
    if best is not None and wanted(best)[0] > 0:
        return _command(best)
    return _command(blind[0] if blind else rng.choice(draws))
