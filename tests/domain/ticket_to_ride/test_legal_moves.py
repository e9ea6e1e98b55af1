"""Legal moves say exactly what decide accepts, in states reached by random play."""

from __future__ import annotations

import random

import pytest

from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import (
    BuildStation,
    ChooseTickets,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
)
from domain.ticket_to_ride.mapfile import STATIONS
from domain.ticket_to_ride.moves import Move
from domain.ticket_to_ride.state import GameState

from .handmade import BOARD, SEED, copy, decide_accepts


def _states(seats: int, seed_byte: int) -> list[GameState]:
    """Every state of one random game at which a seat could claim, build or pay."""
    chooser = random.Random(seed_byte)
    state = None
    for event in RULES.start(Setup(seats, "europe"), SEED):
        state = RULES.evolve(state, event)
    assert state is not None
    found = []
    while RULES.to_act(state):
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        if any(isinstance(m.command, ClaimRoute | BuildStation | PayTunnel) for m in moves):
            found.append(copy(state))
        for event in RULES.decide(state, seat, chooser.choice(moves).command, SEED):
            state = RULES.evolve(state, event)
    return found



@pytest.mark.parametrize(("seats", "seed_byte"), [(2, 1), (4, 2)])
def test_every_listed_payment_is_accepted_and_one_locomotive_fewer_is_not(
    seats: int, seed_byte: int
) -> None:
    checked = 0
    for state in _states(seats, seed_byte)[::3]:
        seat = RULES.to_act(state)[0]
        hand = state.players[seat].hand
        for move in RULES.legal_moves(state, seat):
            command = move.command
            if not isinstance(command, ClaimRoute | BuildStation | PayTunnel):
                continue
            assert move.payments
            for payment in move.payments:
                low, high = payment.min_locomotives, payment.max_locomotives
                for n in (low, high):
                    if isinstance(command, ClaimRoute):
                        variant: object = ClaimRoute(command.route, payment.colour, n)
                    elif isinstance(command, BuildStation):
                        variant = BuildStation(command.city, payment.colour, n)
                    else:
                        variant = PayTunnel(n)
                    assert decide_accepts(state, seat, variant), (variant, hand)
                    checked += 1
                if low > 0 and payment.colour is not None and not isinstance(command, PayTunnel):
                    fewer = (
                        ClaimRoute(command.route, payment.colour, low - 1)
                        if isinstance(command, ClaimRoute)
                        else BuildStation(command.city, payment.colour, low - 1)
                    )
                    assert not decide_accepts(state, seat, fewer), (fewer, hand)
    assert checked > 50


def _covered(moves: list[Move], command: object, length: int) -> bool:
    """Some legal entry stands for `command` (its own command or one of its alternatives)."""
    for move in moves:
        listed = move.command
        if type(listed) is not type(command):
            continue
        if isinstance(command, ClaimRoute | BuildStation | PayTunnel):
            if isinstance(command, ClaimRoute) and listed.route != command.route:  # type: ignore[union-attr]
                continue
            if isinstance(command, BuildStation) and command.city not in (move.cities or ()):
                continue
            n = command.locomotives
            for payment in move.payments or ():
                colour_ok = isinstance(command, PayTunnel) or payment.colour == command.colour
                if payment.colour is None and n == length:
                    colour_ok = True
                if colour_ok and payment.min_locomotives <= n <= payment.max_locomotives:
                    return True
        elif isinstance(command, KeepTickets | ChooseTickets):
            if sorted(command.keep) == sorted(listed.keep):  # type: ignore[union-attr]
                return True
        elif listed == command:
            return True
    return False


@pytest.mark.parametrize("seats", [2, 4])
def test_decide_accepts_nothing_the_legal_moves_leave_out(seats: int) -> None:
    """Random commands, legal or not: every one decide accepts is listed by legal_moves."""
    chooser = random.Random(seats)
    colours = [*BOARD.colours, None]
    accepted = 0
    for state in _states(seats, 10 + seats)[::2]:
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        stations_built = state.rules.stations - state.players[seat].pieces[STATIONS]
        for _ in range(40):
            r = chooser.randrange(len(BOARD.route_length))
            colour = chooser.choice(colours)
            commands: list[tuple[object, int]] = [
                (ClaimRoute(r, colour, chooser.randrange(0, 9)), BOARD.route_length[r]),
                (
                    BuildStation(chooser.randrange(47), colour, chooser.randrange(0, 4)),
                    state.rules.station_costs[min(stations_built, 2)],
                ),
                (DrawCard(chooser.choice([None, 0, 1, 2, 3, 4])), 0),
                (PayTunnel(chooser.randrange(0, 4)), -1),
                (DrawTickets(), 0),
                (WithdrawTunnel(), 0),
                (Pass(), 0),
            ]
            for command, length in commands:
                if decide_accepts(state, seat, command):
                    accepted += 1
                    assert _covered(moves, command, length), command
    assert accepted > 100


@pytest.mark.parametrize(("seats", "seed_byte"), [(2, 5), (5, 6)])
def test_every_payment_of_every_gray_route_and_station_is_listed_exactly(
    seats: int, seed_byte: int
) -> None:
    """Each colour with each Locomotive count, on every gray route and for a station:
    decide accepts it exactly when a legal entry lists it (payments are looked up by a
    code of the hand, so this checks the lookup against the rules themselves)."""
    gray = [r for r, c in enumerate(BOARD.route_colour) if c < 0]
    colours = [*BOARD.colours, None]
    checked = 0
    for state in _states(seats, seed_byte)[::6]:
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        built = state.rules.stations - state.players[seat].pieces[STATIONS]
        cost = state.rules.station_costs[min(built, len(state.rules.station_costs) - 1)]
        city = next((c for c, o in enumerate(state.station_owner) if o < 0), 0)
        commands: list[tuple[object, int]] = [
            (ClaimRoute(r, colour, n), BOARD.route_length[r])
            for r in gray
            for colour in colours
            for n in range(BOARD.route_length[r] + 1)
        ]
        commands += [
            (BuildStation(city, colour, n), cost) for colour in colours for n in range(cost + 1)
        ]
        for command, length in commands:
            taken = decide_accepts(state, seat, command)
            if command.colour is not None and command.locomotives == length:  # type: ignore[attr-defined]
                assert not taken, command  # all Locomotives: no colour may be named
            else:
                assert taken == _covered(moves, command, length), command
            checked += 1
    assert checked > 1000
