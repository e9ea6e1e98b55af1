"""The Rails & Sails World map (``maps/world.json``) and handmade states on it.

`playing` is `handmade.make_state` on World: a game in play after the opening, every
seat with the recommended split (20 trains and 40 ships in play, 5 and 10 in its own
box reserve, 3 harbors), seat 0 to move holding the cards named. `path` finds the
routes joining two cities (to hand a seat a completed ticket), and
`listed_and_accepted` compares a route's legal-move entry with what `decide` accepts,
for the price tests of sea routes and doubled spaces.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import product

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import SEA
from domain.ticket_to_ride.commands import ClaimRoute
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


# --- a route's listed alternatives against what `decide` accepts -------------------------

#: what one payment stands for in a listing: its colour (None: wilds only, or a route whose
#: every space is doubled, paid with pairs of any colours), its wilds, its double-ship cards
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


def _kind(paid: list[int], route_: int) -> Kind:
    colours = {BOARD.card_colour[c] for c, n in enumerate(paid) if n and c != WILD}
    colour = BOARD.colours[colours.pop()] if len(colours) == 1 else None
    if BOARD.route_doubled[route_] == BOARD.route_length[route_]:
        colour = None
    if BOARD.route_kind[route_] != SEA:
        return colour, paid[WILD], None
    doubles = sum(n for c, n in enumerate(paid) if BOARD.card_ships[c] == 2)
    return colour, paid[WILD], doubles


def listed_and_accepted(state: GameState, route_: int) -> tuple[set[Kind], set[Kind]]:
    """The payment kinds seat 0's entry for `route_` lists, and those of every payment from
    its hand that `decide` accepts; the entry's own command must be accepted."""
    hand = state.players[0].hand
    accepted = set()
    for paid in _payments(hand, BOARD.route_length[route_] + BOARD.route_doubled[route_]):
        cards = {BOARD.card_names[c]: n for c, n in enumerate(paid) if n}
        try:
            RULES.decide(state, 0, ClaimRoute(route_, cards=cards), SEED)
        except RuleViolation:
            continue
        accepted.add(_kind(paid, route_))
    listed = set()
    found = handmade.claim_entry(state, route_)
    if found is not None:
        RULES.decide(state, 0, found.command, SEED)
        for p in found.payments or ():
            for wilds in range(p.min_locomotives, p.max_locomotives + 1):
                listed.add((p.colour, wilds, p.doubles))
    return listed, accepted
