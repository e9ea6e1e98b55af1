"""Each game's material names exactly what its views and commands refer to, and hides nothing.

Random legal games are played on the domain alone; at every step each index
or id in the views and in the legal moves must resolve in the material, with
the same meaning (a route's colour, a ticket's cities and points...).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import msgspec
import pytest

from domain.colt_express.material import ColtExpressMaterial
from domain.colt_express.rules import RULES as COLT_EXPRESS
from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import GameRules, Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride.board import load_board
from domain.ticket_to_ride.commands import BuildStation, ChooseTickets, ClaimRoute, KeepTickets
from domain.ticket_to_ride.material import TicketToRideMaterial
from domain.ticket_to_ride.rules import RULES as TICKET_TO_RIDE


def random_game(
    rules: GameRules[Any, Any, Any],
    setup: Setup,
    seed: int,
    steps: int,
    check: Callable[[Any, int, list[Any]], None],
) -> int:
    """Play up to `steps` random legal commands, calling `check(state, seat, legal moves)`
    before each (evolve may update the state in place, so checks run on the live state);
    returns how many were played."""
    chooser = random.Random(seed)
    the_seed = Seed(seed.to_bytes(32, "big"))
    state = None
    for event in rules.start(setup, the_seed):
        state = rules.evolve(state, event)
    for played in range(steps):
        to_act = rules.to_act(state)
        if not to_act:
            return played
        seat = chooser.choice(to_act)
        moves = rules.legal_moves(state, seat)
        check(state, seat, moves)
        for event in rules.decide(state, seat, chooser.choice(moves).command, the_seed):
            state = rules.evolve(state, event)
    return steps


# --- Ticket to Ride -------------------------------------------------------------------


def check_ticket_to_ride(m: TicketToRideMaterial, state: Any, seat: int, moves: list[Any]) -> None:
    routes = {r.index: r for r in m.routes}
    tickets = {t.index: t for t in m.tickets}
    private = TICKET_TO_RIDE.private_view(state, seat)
    public = private.public
    assert len(public.route_owner) == len(m.routes)
    assert len(public.station_owner) == len(m.cities)
    # the display's slots: the material does not count them, the map file's decks do
    assert len(public.display) == sum(d.face_up for d in load_board(m.map).map.decks)
    assert {c for c in public.display if c is not None} <= set(m.cards)
    assert set(private.hand) <= set(m.cards)
    for ticket in [*private.tickets, *private.offered]:
        known = tickets[ticket.id]
        assert (known.a, known.b, known.points) == (ticket.a, ticket.b, ticket.points)
    if public.tunnel is not None:
        assert routes[public.tunnel.route].kind == "tunnel"
    for move in moves:
        command = move.command
        if isinstance(command, ClaimRoute):
            route = routes[command.route]
            assert public.route_owner[command.route] is None
            if route.colour != "gray" and command.colour is not None:
                assert command.colour == route.colour
            assert command.locomotives >= route.locomotives
            assert command.colour is None or command.colour in m.card_colours
        elif isinstance(command, BuildStation):
            assert 0 <= command.city < len(m.cities)
        elif isinstance(command, (ChooseTickets, KeepTickets)):
            assert set(command.keep) <= set(tickets)
            assert set(move.tickets) <= set(tickets)


@pytest.mark.parametrize(
    ("variant", "seats"), [("standard", 2), ("europa-1912", 4), ("mega-europe", 5),
                           ("big-cities", 3)]
)
def test_ticket_to_ride_views_and_moves_resolve_in_the_material(variant: str, seats: int) -> None:
    setup = Setup(seats=seats, map="europe", variant=variant)
    m = TICKET_TO_RIDE.material(setup)
    claims = 0

    def check(state: Any, seat: int, moves: list[Any]) -> None:
        nonlocal claims
        check_ticket_to_ride(m, state, seat, moves)
        claims += sum(isinstance(move.command, ClaimRoute) for move in moves)

    assert random_game(TICKET_TO_RIDE, setup, seats, 150, check) == 150
    assert claims > 0  # the route checks ran


def test_ticket_to_ride_material_is_the_board_and_the_variant() -> None:
    board = load_board("europe")
    m = TICKET_TO_RIDE.material(Setup(seats=4, variant="big-cities"))
    assert [(r.a, r.b) for r in m.routes] == [
        (board.city_ids[a], board.city_ids[b])
        for a, b in zip(board.route_a, board.route_b, strict=True)
    ]
    for route in m.routes:  # a double route's partner joins the same cities, and back
        if route.partner is not None:
            partner = m.routes[route.partner]
            assert {partner.a, partner.b} == {route.a, route.b}
            assert partner.partner == route.index
    assert all(t.big_city for t in m.tickets) and not any(t.long for t in m.tickets)
    assert {t.index for t in m.tickets} == set(m.rules.regular_tickets)
    assert m.double_routes and not TICKET_TO_RIDE.material(Setup(seats=3)).double_routes
    standard = TICKET_TO_RIDE.material(Setup(seats=2))
    assert sum(t.long for t in standard.tickets) == 6 and len(standard.tickets) == 46
    assert dict(zip(standard.rules.pieces, standard.rules.piece_counts, strict=True)) == {
        "trains": 45, "stations": 3
    }
    assert [(p.length, p.points) for p in standard.route_points] == [
        (1, 1), (2, 2), (3, 4), (4, 7), (6, 15), (8, 21)
    ]
    assert standard.cards == [*standard.card_colours, "locomotive"]


def test_world_material_says_pieces_ports_doubled_spaces_and_tours() -> None:
    """What a Rails & Sails board shows beyond routes and cities: which routes take ships,
    the spaces that cost two cards, the ports where harbors go, and a tour's values."""
    board = load_board("world")
    m = TICKET_TO_RIDE.material(Setup(seats=3, map="world"))
    assert [r.piece for r in m.routes] == [board.pieces[p] for p in board.route_piece]
    assert {r.piece for r in m.routes} == {"trains", "ships"}
    assert [r.doubled for r in m.routes] == list(board.route_doubled) and any(board.route_doubled)
    assert [c.port for c in m.cities] == list(board.city_harbor) and any(board.city_harbor)
    tours = [t for t in m.tickets if t.any_order is not None]
    assert tours and all(t.penalty is not None and len(t.cities) > 2 for t in tours)
    assert all(t.penalty is None for t in m.tickets if t.any_order is None)
    europe = TICKET_TO_RIDE.material(Setup(seats=3))
    assert {r.piece for r in europe.routes} == {"trains"}
    assert not any(r.doubled for r in europe.routes)
    plain = msgspec.to_builtins(europe)
    assert all("doubled" not in r for r in plain["routes"])  # left out where there are none
    assert all("port" not in c and "any_order" not in t
               for c, t in zip(plain["cities"], plain["tickets"], strict=False))


# --- Colt Express ---------------------------------------------------------------------


def is_card_of(m: ColtExpressMaterial, card: str) -> bool:
    """`card` is an action or bullet card this material describes."""
    characters = {c.id for c in m.characters}
    labels = {str(n) for n in range(1, m.bullets_per_bandit + 1)}
    match card.split("/"):
        case ["bullet", "neutral"]:
            return True
        case ["bullet", character, label]:
            return character in characters and label in labels
        case [character, action]:
            return character in characters and action in {a.action for a in m.action_cards}
    return False


def check_colt_express(m: ColtExpressMaterial, state: Any, seat: int, moves: list[Any]) -> None:
    private = COLT_EXPRESS.private_view(state, seat)
    public = private.public
    assert len(public.train) == m.cars + 1
    assert {car.wagon for car in public.train[1:]} <= {w.id for w in m.wagons}
    assert {b.character for b in public.bandits} <= {c.id for c in m.characters}
    assert len(public.bandits) == m.seats * m.bandits_per_seat
    assert set(public.round_cards) <= {c.id for c in m.round_cards}
    assert set(public.turn_types) <= {t.id for t in m.turn_types}
    cards = [*private.hand, *(c for c in private.own_pile_cards if c is not None)]
    cards += [c for move in moves if (c := getattr(move.command, "card", None)) is not None]
    for card in cards:
        assert is_card_of(m, card), card


@pytest.mark.parametrize("seats", [2, 3, 5, 6])
def test_colt_express_views_and_moves_resolve_in_the_material(seats: int) -> None:
    setup = Setup(seats=seats)
    m = COLT_EXPRESS.material(setup)
    dealt: set[str] = set()

    def check(state: Any, seat: int, moves: list[Any]) -> None:
        check_colt_express(m, state, seat, moves)
        dealt.update(COLT_EXPRESS.public_view(state).round_cards)

    assert random_game(COLT_EXPRESS, setup, seats, 120, check) >= 60
    assert len(dealt) >= 2 and dealt <= {c.id for c in m.round_cards}


def test_colt_express_decks_and_loot_match_the_rules() -> None:
    three = COLT_EXPRESS.material(Setup(seats=3))
    assert sum(a.count for a in three.action_cards) == 10
    assert {c.set for c in three.round_cards} == {"2-4", "station"}
    assert len(three.round_cards) == 10
    two = COLT_EXPRESS.material(Setup(seats=2))
    assert two.bandits_per_seat == 2 and sum(a.count for a in two.action_cards) == 11
    six = COLT_EXPRESS.material(Setup(seats=6))
    assert six.cars == 6 and {c.set for c in six.round_cards} == {"5-6", "station"}
    purses = three.loot.purses
    assert sum(p.count for p in purses) == 18
    assert sum(p.value * p.count for p in purses) == 6000
    assert not is_card_of(three, "ghost/dance") and not is_card_of(three, "bullet/doc/7")


# --- both ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "setup"),
    [(TICKET_TO_RIDE, Setup(seats=3, variant="mega-europe")), (COLT_EXPRESS, Setup(seats=4))],
)
def test_material_holds_nothing_dealt(rules: GameRules[Any, Any, Any], setup: Setup) -> None:
    """Two seeds deal differently; the material is the same and names nothing they dealt."""
    material = msgspec.json.encode(rules.material(setup))
    openings = [
        msgspec.json.encode(rules.start(setup, Seed(bytes([n]) * 32))) for n in (1, 2)
    ]
    assert openings[0] != openings[1]
    assert material == msgspec.json.encode(rules.material(setup))
    assert b"seed" not in material and b"purse-" not in material


@pytest.mark.parametrize(
    ("rules", "setup"),
    [
        (TICKET_TO_RIDE, Setup(seats=9)),
        (TICKET_TO_RIDE, Setup(seats=3, map="nowhere")),
        (TICKET_TO_RIDE, Setup(seats=3, variant="nowhere")),
        (COLT_EXPRESS, Setup(seats=1)),
        (COLT_EXPRESS, Setup(seats=3, variant="two-player")),
    ],
)
def test_material_refuses_what_check_setup_refuses(
    rules: GameRules[Any, Any, Any], setup: Setup
) -> None:
    with pytest.raises(RuleViolation) as refused:
        rules.check_setup(setup)
    with pytest.raises(RuleViolation) as also:
        rules.material(setup)
    assert refused.value.code == also.value.code == "bad-setup"
