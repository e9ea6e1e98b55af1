"""The Rails & Sails World map (``maps/world.json``) and handmade states on it.

`playing` is `handmade.make_state` on World: a game in play after the opening, every
seat with the recommended split (20 trains and 40 ships in play, 5 and 10 in its own
box reserve, 3 harbors), seat 0 to move holding the cards named. `path` finds the
routes joining two cities (to hand a seat a completed ticket), and
`listed_and_accepted` (`harbor_listed_and_accepted`) compares a route's (the harbor's)
legal-move entry with what `decide` accepts, for the price tests of sea routes, doubled
spaces and harbors: every payment listed is one exact command, and every way to pay is
listed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import SEA
from domain.ticket_to_ride.commands import BuildHarbor, ClaimRoute, Command
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.state import GameState

from . import handmade
from .handmade import SEED

ENGINE = RULES.engines["world"]
BOARD = ENGINE.board
#: the piece kinds, as a player's pieces count them
TRAINS, SHIPS, HARBORS = (BOARD.pieces.index(kind) for kind in ("trains", "ships", "harbors"))
WILD = BOARD.locomotive
#: a full market of both decks, no wild in it
DISPLAY = ("purple", "yellow", "green", "purple-ship", "yellow-ship", "green-double-ship")


def route(a: str, b: str, colour: str | None = None) -> int:
    """The route between two World cities (of a colour, for a double route)."""
    return handmade.route(a, b, colour, BOARD)


def city(city_id: str) -> int:
    """The index of a World city."""
    return handmade.city(city_id, BOARD)


def card(name: str) -> int:
    """The card index of a World card name."""
    return handmade.card(name, BOARD)


def playing(
    seats: int = 2,
    *,
    display: Sequence[str | None] = DISPLAY,
    deck: Sequence[str] = (),
    ticket_pile: Sequence[int] = (),
    **hand: int,
) -> GameState:
    """A World game in play, seat 0 to move holding `hand` (``red_anchor=2``), the others
    nothing; `deck` is the train deck (top last), the ship deck as the opening left it."""
    kinds = len(BOARD.card_names)
    hands = [handmade.hand(BOARD, **hand), *([0] * kinds for _ in range(seats - 1))]
    return handmade.make_state(seats, map_id="world", hands=hands, display=display, deck=deck,
                               ticket_pile=ticket_pile)


def opened(seats: int = 2) -> GameState:
    """A World game just dealt: tickets and piece splits still to choose."""
    return handmade.opened(seats, "world")


def path(start: str, goal: str) -> list[int]:
    """The routes of a shortest path between two cities (breadth first, lowest route first)."""
    first, last = city(start), city(goal)
    came: dict[int, tuple[int, int]] = {first: (-1, -1)}
    frontier = [first]
    while last not in came:
        reached = []
        for at in frontier:
            for r in BOARD.city_routes[at]:
                other = BOARD.route_a[r] + BOARD.route_b[r] - at
                if other not in came:
                    came[other] = (at, r)
                    reached.append(other)
        frontier = reached
    routes, at = [], last
    while at != first:
        at, r = came[at]
        routes.append(r)
    return routes


# --- an entry's listed payments against what `decide` accepts ----------------------------

#: what one payment stands for in a listing: its colour (None: wilds only, or a route whose
#: every space is doubled, paid with pairs of any colours), its wilds, its double-ship cards
#: (None: not a sea route)
Kind = tuple[str | None, int, int | None]


def _payments(hand: list[int], most: int) -> Iterator[list[int]]:
    """Every non-empty sub-multiset of `hand` of at most `most` cards."""
    held = [c for c, n in enumerate(hand) if n]
    for counts in product(*(range(hand[c] + 1) for c in held)):
        if 0 < sum(counts) <= most:
            paid = [0] * len(hand)
            for c, n in zip(held, counts, strict=True):
                paid[c] = n
            yield paid


def counts(cards: Mapping[str, int]) -> list[int]:
    """Cards named by count, as counts per card index."""
    paid = [0] * len(BOARD.card_names)
    for name, n in cards.items():
        paid[card(name)] = n
    return paid


def kind(paid: list[int], route_: int | None) -> Kind:
    """The kind of a payment for `route_` (None: a harbor)."""
    colours = {BOARD.card_colour[c] for c, n in enumerate(paid) if n and c != WILD}
    colour = BOARD.colours[colours.pop()] if len(colours) == 1 else None
    if route_ is None:
        return colour, paid[WILD], None
    if BOARD.route_doubled[route_] == BOARD.route_length[route_]:
        colour = None
    if BOARD.route_kind[route_] != SEA:
        return colour, paid[WILD], None
    doubles = sum(n for c, n in enumerate(paid) if BOARD.card_ships[c] == 2)
    return colour, paid[WILD], doubles


def _compared(state: GameState, entry: Move | None, pay: Callable[[dict[str, int]], Command],
              most: int, route_: int | None) -> tuple[set[Kind], set[Kind]]:
    """The payment kinds `entry` lists (each wild count of each range) and those of every
    payment of at most `most` cards from seat 0's hand that `decide` accepts as `pay`
    names it. The entry's command must be its first payment's, and each payment's own
    cards must be accepted and be of its kind with its fewest wilds."""
    accepted = set()
    for paid in _payments(state.players[0].hand, most):
        if handmade.decide_accepts(state, 0, pay(
                {BOARD.card_names[c]: n for c, n in enumerate(paid) if n})):
            accepted.add(kind(paid, route_))
    listed = set()
    if entry is not None:
        payments = entry.payments or ()
        assert payments and entry.command.cards == payments[0].cards  # type: ignore[union-attr]
        for p in payments:
            assert p.cards is not None, p
            RULES.decide(state, 0, pay(p.cards), SEED)
            assert kind(counts(p.cards), route_) == (p.colour, p.min_locomotives, p.doubles), p
            for wilds in range(p.min_locomotives, p.max_locomotives + 1):
                listed.add((p.colour, wilds, p.doubles))
    return listed, accepted


def listed_and_accepted(state: GameState, route_: int) -> tuple[set[Kind], set[Kind]]:
    """The payment kinds seat 0's entry for `route_` lists, and those of every payment from
    its hand that `decide` accepts; each listed payment's cards must be accepted."""
    most = BOARD.route_length[route_] + BOARD.route_doubled[route_]
    return _compared(state, handmade.claim_entry(state, route_),
                     lambda cards: ClaimRoute(route_, cards=cards), most, route_)


def harbor_listed_and_accepted(state: GameState, city_: int) -> tuple[set[Kind], set[Kind]]:
    """The same for seat 0's harbor entry, building in `city_` (one of its cities)."""
    entry = next((m for m in RULES.legal_moves(state, 0) if isinstance(m.command, BuildHarbor)),
                 None)
    assert entry is None or city_ in (entry.cities or ())
    return _compared(state, entry, lambda cards: BuildHarbor(city_, cards), 4, None)
