"""Handcrafted Ticket to Ride states for the rule tests.

`make_state` builds a Europe game in the middle of play directly, naming
cards and cities as the rulebook does, so each test states exactly the
situation its rule is about. `play` sends a command through `decide` and
applies the events with `evolve`, checking on the way that `decide` left the
state untouched.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import load_board
from domain.ticket_to_ride.commands import Command
from domain.ticket_to_ride.events import Event
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.ruleset import ruleset_for
from domain.ticket_to_ride.state import GameState, PlayerState

BOARD = load_board("europe")
SEED = Seed(bytes(range(32)))
LOCO = BOARD.locomotive


def card(name: str) -> int:
    """The card index of a card name ("red", "locomotive")."""
    index = BOARD.card_index(name)
    assert index >= 0, name
    return index


def cards(*names: str) -> list[int]:
    """Card indices of names, in order (for piles: the last is the top)."""
    return [card(n) for n in names]


def hand(**counts: int) -> list[int]:
    """A hand as counts per card index: ``hand(yellow=3, locomotive=1)``."""
    counts_by_index = [0] * (LOCO + 1)
    for name, n in counts.items():
        counts_by_index[card(name)] = n
    return counts_by_index


def city(city_id: str) -> int:
    """The index of a city by its id."""
    return BOARD.city_ids.index(city_id)


def route(a: str, b: str, colour: str | None = None) -> int:
    """The index of the route between two cities (of a colour, for a double route)."""
    ca, cb = city(a), city(b)
    found = [
        r
        for r in range(len(BOARD.route_a))
        if {BOARD.route_a[r], BOARD.route_b[r]} == {ca, cb}
        and (
            colour is None
            or BOARD.route_colour[r] == (-1 if colour == "gray" else BOARD.card_index(colour))
        )
    ]
    assert len(found) == 1, (a, b, colour, found)
    return found[0]


def ticket(a: str, b: str) -> int:
    """The number of the ticket between two cities."""
    ca, cb = city(a), city(b)
    found = [
        t for t in range(len(BOARD.ticket_a)) if {BOARD.ticket_a[t], BOARD.ticket_b[t]} == {ca, cb}
    ]
    assert len(found) == 1, (a, b)
    return found[0]


def make_state(
    seats: int = 2,
    *,
    hands: Sequence[list[int]] | None = None,
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    display: Sequence[str | None] = ("red", "blue", "green", "white", "black"),
    ticket_pile: Sequence[int] = (),
    tickets: Sequence[Sequence[int]] | None = None,
    trains: Sequence[int] | None = None,
    current: int = 0,
    variant: str = "standard",
) -> GameState:
    """A game in its playing phase with exactly these piles, hands and pieces.

    `deck` lists the draw pile bottom first (its last card is the top).
    """
    rules = ruleset_for(Setup(seats, "europe", variant))
    discard_counts = [0] * (LOCO + 1)
    for name in discard:
        discard_counts[card(name)] += 1
    players = [
        PlayerState(
            list(hands[seat]) if hands else [0] * (LOCO + 1),
            [trains[seat] if trains else rules.piece_counts[TRAINS], *rules.piece_counts[1:]],
            tickets=list(tickets[seat]) if tickets else [],
        )
        for seat in range(seats)
    ]
    return GameState(
        rules=rules,
        seats=seats,
        phase="playing",
        seed_commitment=SEED.commitment,
        players=players,
        deck=cards(*deck),
        discard=discard_counts,
        display=[-1 if c is None else card(c) for c in display],
        ticket_pile=list(ticket_pile),
        route_owner=[-1] * len(BOARD.route_a),
        station_owner=[-1] * len(BOARD.city_ids),
        first=0,
        current=current,
        draws=0,
    )


def copy(state: GameState) -> GameState:
    """A deep copy of a state."""
    return msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)


def play(state: GameState, seat: int, command: Command) -> tuple[list[Event], GameState]:
    """Decide `command` for `seat`, check the state was not touched, and apply the events
    to a copy (the given state stays as it was)."""
    before = copy(state)
    events = RULES.decide(state, seat, command, SEED)
    assert state == before, "decide changed the state"
    state = before
    for event in events:
        state = RULES.evolve(state, event)
    return events, state


def names(indices: Sequence[int]) -> list[str | None]:
    """Card names of card indices (-1 = None)."""
    return [None if c < 0 else BOARD.card_name(c) for c in indices]
