"""Handcrafted Ticket to Ride states for the rule tests.

`make_state` builds a game in the middle of play directly (Europe, or the
map named by `map_id`), naming cards and cities as the rulebook does, so
each test states exactly the situation its rule is about. The helpers take
the `board` of another map (Northern Lights shares Europe's card colours;
Amsterdam has its own). `play` sends a command through `decide` and
applies the events with `evolve`, checking on the way that `decide` left the
state untouched.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import Board, load_board
from domain.ticket_to_ride.commands import Command
from domain.ticket_to_ride.events import Event
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.ruleset import ruleset_for
from domain.ticket_to_ride.state import GameState, PlayerState

BOARD = load_board("europe")
SEED = Seed(bytes(range(32)))
LOCO = BOARD.locomotive


def card(name: str, board: Board = BOARD) -> int:
    """The card index of a card name ("red", "locomotive")."""
    index = board.card_index(name)
    assert index >= 0, name
    return index


def cards(*names: str, board: Board = BOARD) -> list[int]:
    """Card indices of names, in order (for piles: the last is the top)."""
    return [card(n, board) for n in names]


def hand(board: Board = BOARD, **counts: int) -> list[int]:
    """A hand as counts per card index: ``hand(yellow=3, locomotive=1)``."""
    counts_by_index = [0] * (board.locomotive + 1)
    for name, n in counts.items():
        counts_by_index[card(name, board)] = n
    return counts_by_index


def city(city_id: str, board: Board = BOARD) -> int:
    """The index of a city by its id."""
    return board.city_ids.index(city_id)


def tracks(a: str, b: str, board: Board = BOARD) -> tuple[int, ...]:
    """Every track between two cities (one for a single route), in index order."""
    ca, cb = city(a, board), city(b, board)
    found = tuple(
        r for r in range(len(board.route_a)) if {board.route_a[r], board.route_b[r]} == {ca, cb}
    )
    assert found, (a, b)
    return found


def route(a: str, b: str, colour: str | None = None, board: Board = BOARD) -> int:
    """The index of the route between two cities (of a colour, for a double route)."""
    found = [
        r
        for r in tracks(a, b, board)
        if colour is None
        or board.route_colour[r] == (-1 if colour == "gray" else board.card_index(colour))
    ]
    assert len(found) == 1, (a, b, colour, found)
    return found[0]


def ticket(a: str, b: str, board: Board = BOARD) -> int:
    """The number of the ticket between two cities."""
    ca, cb = city(a, board), city(b, board)
    found = [
        t for t in range(len(board.ticket_a)) if {board.ticket_a[t], board.ticket_b[t]} == {ca, cb}
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
    map_id: str = "europe",
    goals: Sequence[str] = (),
) -> GameState:
    """A game in its playing phase with exactly these piles, hands and pieces.

    `deck` lists the draw pile bottom first (its last card is the top);
    `goals` names the goal cards in play (by id) on a map that has them. On a
    map with its own card colours, name its cards (the default display is
    Europe's).
    """
    board = load_board(map_id)
    rules = ruleset_for(Setup(seats, map_id, variant))
    goal_ids = [g.id for g in board.map.goals]
    discard_counts = [0] * (board.locomotive + 1)
    for name in discard:
        discard_counts[card(name, board)] += 1
    players = [
        PlayerState(
            list(hands[seat]) if hands else [0] * (board.locomotive + 1),
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
        deck=cards(*deck, board=board),
        discard=discard_counts,
        display=[-1 if c is None else card(c, board) for c in display],
        ticket_pile=list(ticket_pile),
        route_owner=[-1] * len(board.route_a),
        station_owner=[-1] * len(board.city_ids),
        first=0,
        current=current,
        draws=0,
        goods_pile=rules.goods_cards,
        goals=[goal_ids.index(g) for g in goals],
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


def names(indices: Sequence[int], board: Board = BOARD) -> list[str | None]:
    """Card names of card indices (-1 = None)."""
    return [None if c < 0 else board.card_name(c) for c in indices]


def decide_accepts(state: GameState, seat: int, command: object) -> bool:
    """Whether `decide` takes `command` from `seat` in `state` (which it leaves as it is)."""
    try:
        RULES.decide(state, seat, command, SEED)  # type: ignore[arg-type]
    except RuleViolation:
        return False
    return True
