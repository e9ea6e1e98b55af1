"""Handmade states on Amsterdam and Northern Lights, and the checks their rule files share.

`AMS` and `NL` are `OnMap`: the `handmade` names (cards, cities, routes, tickets) and
`handmade.make_state` bound to one map, with a face-up display of that map's colours;
`claimed` gives a seat routes with their points. `DECK_PATH` is a supplied Amsterdam
contract deck file (made up: the printed one is not known).
`listed_claims` and `lists` say what the legal moves offer; `random_states` walks a
random game; `ferry_readings` reads a payment against a ferry whose symbols take a
Locomotive or a pair (Northern Lights §3.2), worked out from the rules text, never
from the engine, so the tests compare the engine with an independent reading.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import pairwise
from pathlib import Path
from typing import Any

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import FERRY, GRAY, Board
from domain.ticket_to_ride.commands import ClaimRoute
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.state import GameState

from . import handmade


class OnMap:
    """One shipped map's board, its names and its handmade states."""

    def __init__(self, map_id: str, display: Sequence[str]) -> None:
        self.id = map_id
        self.board: Board = RULES.engines[map_id].board
        self.display = tuple(display)

    def state(self, seats: int = 2, **given: Any) -> GameState:
        """`handmade.make_state` on this map (the display of its own colours by default)."""
        given.setdefault("display", self.display)
        return handmade.make_state(seats, map_id=self.id, **given)

    def hand(self, **counts: int) -> list[int]:
        return handmade.hand(self.board, **counts)

    def cards(self, *names: str) -> list[int]:
        return handmade.cards(*names, board=self.board)

    def card(self, name: str) -> int:
        return handmade.card(name, self.board)

    def names(self, indices: Sequence[int]) -> list[str | None]:
        return handmade.names(indices, self.board)

    def city(self, city_id: str) -> int:
        return handmade.city(city_id, self.board)

    def route(self, a: str, b: str, colour: str | None = None) -> int:
        return handmade.route(a, b, colour, self.board)

    def tracks(self, a: str, b: str) -> tuple[int, ...]:
        return handmade.tracks(a, b, self.board)

    def path(self, *cities: str) -> list[int]:
        """The first track of each hop of a chain of cities."""
        return [self.tracks(a, b)[0] for a, b in pairwise(cities)]

    def ticket(self, a: str, b: str) -> int:
        return handmade.ticket(a, b, self.board)

    def colour_of(self, route: int) -> str:
        """The card colour of a coloured route."""
        return self.board.card_name(self.board.route_colour[route])


AMS = OnMap("amsterdam", ("pink", "blue", "green", "black", "red"))
NL = OnMap("northern-lights", ("red", "blue", "green", "white", "black"))
#: a supplied Amsterdam contract deck made up for the tests (not the printed one), and
#: its bytes as the service hands them to the domain
DECK_PATH = Path(__file__).with_name("decks") / "amsterdam-test-deck.json"
DECK = DECK_PATH.read_bytes()








def listed_claims(state: GameState, seat: int) -> set[int]:
    """The routes the legal moves offer `seat` a claim of."""
    return {m.command.route for m in RULES.legal_moves(state, seat)
            if isinstance(m.command, ClaimRoute)}


def paid_cards(board: Board, command: ClaimRoute) -> dict[int, int]:
    """The cards a claim pays, by card index, whichever form names them."""
    if command.cards is not None:
        return {board.card_index(name): n for name, n in command.cards.items() if n}
    length = board.route_length[command.route]
    paid = {board.locomotive: command.locomotives} if command.locomotives else {}
    if length > command.locomotives and command.colour is not None:
        paid[board.card_index(command.colour)] = length - command.locomotives
    return paid


def ferry_readings(
    paid: dict[int, int], length: int, symbols: int, loco: int
) -> set[tuple[int, int]]:
    """Every (plain spaces' colour or -1, symbols paid by pairs) a payment of a ferry can be
    read as (Northern Lights §3.2): each symbol one Locomotive or a pair of one colour,
    each plain space one card of a single colour or a Locomotive, nothing more."""
    plain_spaces = length - symbols
    found = set()
    for colour in [-1, *(c for c in range(loco) if paid.get(c))]:
        for plain_locos in range(plain_spaces + 1):
            plain = plain_spaces - plain_locos
            if (colour < 0 and plain) or (colour >= 0 and not plain):
                continue
            rest = dict(paid)
            if plain:
                rest[colour] = rest.get(colour, 0) - plain
            symbol_locos = rest.get(loco, 0) - plain_locos
            colours = [n for c, n in rest.items() if c != loco]
            if min(colours, default=0) < 0 or symbol_locos < 0 or any(n % 2 for n in colours):
                continue
            if symbol_locos + sum(colours) // 2 == symbols:
                found.add((colour, symbols - symbol_locos))
    return found


def _pairs_pay(board: Board, route: int) -> bool:
    ferries = board.map.features.ferries
    return (board.route_kind[route] == FERRY and ferries is not None
            and ferries.paid_with == "locomotives-or-pairs")


def lists(board: Board, moves: list[Move], command: object) -> bool:
    """Some entry of `moves` stands for `command`: its own command, or for a claim one of
    the route's payments (a card a space, of the entry's colour, the Locomotives in its
    range; on a ferry of pairs, a reading of the cards with the entry's colour and
    number of pairs)."""
    if not isinstance(command, ClaimRoute):
        return any(m.command == command for m in moves)
    r = command.route
    paid = paid_cards(board, command)
    loco = board.locomotive
    locos = paid.get(loco, 0)
    colours = [c for c in paid if c != loco]
    named = command.colour
    # all Locomotives naming a colour: only a coloured route's own (a gray one names none)
    if command.cards is None and named is not None and not colours and (
            board.route_colour[r] == GRAY or board.card_index(named) != board.route_colour[r]):
        return False
    for move in moves:
        if not isinstance(move.command, ClaimRoute) or move.command.route != r:
            continue
        for p in move.payments or ():
            if not p.min_locomotives <= locos <= p.max_locomotives:
                continue
            if _pairs_pay(board, r):
                colour = -1 if p.colour is None else board.card_index(p.colour)
                readings = ferry_readings(paid, board.route_length[r],
                                          board.route_locomotives[r], loco)
                if (colour, p.pairs) in readings:
                    return True
            elif sum(paid.values()) == board.route_length[r] and (
                    not colours or [p.colour] == [board.card_name(c) for c in colours]):
                return True  # a card a space, one colour (or Locomotives only)
    return False


def random_states(map_id: str, seats: int, seed_byte: int, every: int) -> Iterator[GameState]:
    """A copy of every `every`-th state in play of one random legal game (a second card or
    a ticket choice may be pending), and the state it ends in."""
    chooser = random.Random(seed_byte)
    seed = Seed(bytes([seed_byte]) * 32)
    state: Any = None
    for event in RULES.start(Setup(seats, map_id), seed):
        state = RULES.evolve(state, event)
    step = 0
    while RULES.to_act(state):
        seat = RULES.to_act(state)[0]
        if state.phase == "playing":
            step += 1
            if step % every == 0:
                yield state.copy()
        command = chooser.choice(RULES.legal_moves(state, seat)).command
        for event in RULES.decide(state, seat, command, seed):
            state = RULES.evolve(state, event)
    yield state
