"""The legal moves say exactly what `decide` accepts (Europe rules.md §3, §4, §5, §7.1):
every entry's command and each payment alternative it lists is accepted, and every
command `decide` accepts is listed, in handmade states (small hands, piles and owned
routes, tried exhaustively) and in states reached by random play.

The payments a particular rule allows are checked in its own file (`test_claims.py`,
`test_stations.py`, `test_tunnels.py`, `test_draws.py`).
"""

from __future__ import annotations

import random

import pytest

from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import STATIONS, TRAINS
from domain.ticket_to_ride.commands import (
    BuildStation,
    ChooseTickets,
    ClaimRoute,
    Command,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
)
from domain.ticket_to_ride.entries import Move
from domain.ticket_to_ride.ruleset import stations_built
from domain.ticket_to_ride.state import GameState

from .europe import MADRID_PAMPLONA_BLACK, entries
from .handmade import (
    BOARD,
    SEED,
    city,
    commands,
    decide_accepts,
    give_route,
    hand,
    make_state,
    play,
    refused,
)

COLOURS: list[str | None] = [*BOARD.colours, None]

#: a claim as (route, colour, Locomotives)
Claim = tuple[int, str | None, int]


def _accepted(state: GameState, candidates: list[Command]) -> list[Command]:
    """The `candidates` that `decide` accepts from seat 0, in order."""
    return [c for c in candidates if decide_accepts(state, 0, c)]


def _alternatives(move: Move) -> set[tuple[str | None, int]]:
    """Every (colour, Locomotives) payment a legal entry stands for."""
    return {
        (p.colour, n)
        for p in move.payments or ()
        for n in range(p.min_locomotives, p.max_locomotives + 1)
    }


# --- handmade states, tried exhaustively ---------------------------------------------------


def test_every_payment_a_claim_entry_lists_is_accepted() -> None:
    state = make_state(hands=[hand(red=3, blue=2, yellow=4, locomotive=2), hand()])
    claims = entries(state, ClaimRoute)
    assert claims
    for move in claims:
        assert move.payments
        for colour, n in _alternatives(move):
            assert decide_accepts(state, 0, ClaimRoute(move.command.route, colour, n))  # type: ignore[union-attr]


def _claims_accepted(state: GameState) -> set[Claim]:
    """Every claim `decide` accepts from seat 0, by trying all."""
    return {
        (r, colour, n)
        for r in range(len(BOARD.route_length))
        for colour in COLOURS
        for n in range(BOARD.route_length[r] + 1)
        if decide_accepts(state, 0, ClaimRoute(r, colour, n))
    }


def _claims_listed(state: GameState) -> set[Claim]:
    return {
        (m.command.route, colour, n)  # type: ignore[union-attr]
        for m in entries(state, ClaimRoute)
        for colour, n in _alternatives(m)
    }


def _all_locomotives_as_none(claims: set[Claim]) -> set[Claim]:
    """An all-Locomotive payment may name no colour or the route's own: count it once."""
    return {(r, None if n == BOARD.route_length[r] else c, n) for r, c, n in claims}


@pytest.mark.parametrize("seats", [2, 4])
def test_claims_listed_are_exactly_those_decide_accepts_and_pass_only_without_any(
    seats: int,
) -> None:
    """Random small hands, trains and owned routes (double routes closing as §5.5 says),
    both piles and the ticket pile empty, no station left: the claims listed (with every
    payment alternative) are exactly the claims `decide` accepts, and pass is offered
    exactly when there is none (§3 Resolved)."""
    chooser = random.Random(seats)
    passes = 0
    for _ in range(12):
        counts = {c: chooser.choice([0, 0, 1, 2, 3, 4]) for c in chooser.sample(BOARD.colours, 3)}
        mine = hand(BOARD, locomotive=chooser.choice([0, 0, 1, 2, 3]), **counts)
        trains = chooser.choice([1, 2, 3, 4, 6, 45])
        state = make_state(seats, hands=[mine] + [hand()] * (seats - 1), display=[None] * 5)
        for r in range(len(BOARD.route_length)):
            if chooser.random() < 0.4 and state.route_owner[r] < 0:
                give_route(state, chooser.randrange(seats), r)
        state.players[0].pieces[STATIONS] = 0
        state.players[0].pieces[TRAINS] = trains
        accepted = _claims_accepted(state)
        assert _all_locomotives_as_none(_claims_listed(state)) == _all_locomotives_as_none(accepted)
        if accepted:
            assert refused(state, 0, Pass()).code == "cannot-pass"
        else:
            passes += 1
            assert commands(state) == [Pass()]
            _, after = play(state, 0, Pass())
            assert after.passes == 1
    assert passes >= 1


def test_card_draws_listed_are_exactly_those_decide_accepts() -> None:
    """§4: for random small piles and displays (Locomotives, empty slots), the first and
    the second card offered are exactly the draws `decide` accepts."""
    chooser = random.Random(11)
    pool = ["red", "blue", "locomotive", "locomotive", None]
    options: list[Command] = [DrawCard(None), *(DrawCard(s) for s in range(5))]
    checked_second = 0
    for _ in range(60):
        display = [chooser.choice(pool) for _ in range(5)]
        deck = [chooser.choice(["red", "locomotive"]) for _ in range(chooser.choice([0, 0, 1, 2]))]
        discard = ["green"] * chooser.choice([0, 0, 1])
        state = make_state(display=display, deck=deck, discard=discard)
        for _ in range(2):
            if state.current != 0:  # the draw is over
                break
            accepted = _accepted(state, options)
            listed = [c for c in commands(state) if isinstance(c, DrawCard)]
            assert listed == accepted, (display, deck, discard, state.pending)
            if not accepted:
                break
            checked_second += state.pending is not None
            _, state = play(state, 0, chooser.choice(accepted))
    assert checked_second > 10


def test_station_and_tunnel_payments_listed_are_exactly_those_decide_accepts() -> None:
    """§7.1 and §5.4: for random small hands, every station payment and every tunnel extra
    payment `decide` accepts is listed, and nothing else."""
    chooser = random.Random(7)
    roma = city("roma")
    for _ in range(30):
        counts = {c: chooser.choice([0, 1, 2, 3]) for c in chooser.sample(BOARD.colours, 3)}
        mine = hand(BOARD, locomotive=chooser.choice([0, 1, 2, 3]), **counts)
        state = make_state(hands=[mine, hand()], deck=["red"] * 3)
        state.players[0].pieces[STATIONS] = chooser.choice([1, 2, 3])
        accepted = {
            (colour, n)
            for colour in COLOURS
            for n in range(4)
            if decide_accepts(state, 0, BuildStation(roma, colour, n))
        }
        stations = entries(state, BuildStation)
        assert set().union(*map(_alternatives, stations)) == accepted
        assert all(m.cities is not None and roma in m.cities for m in stations)

        tunnel_hand = hand(black=3 + chooser.choice([0, 1, 2]),
                           locomotive=chooser.choice([0, 1, 2]))
        state = make_state(hands=[tunnel_hand, hand()], deck=["black", "locomotive", "black"])
        _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
        assert state.tunnel is not None and state.tunnel.extra == 3
        paid = {n for n in range(5) if decide_accepts(state, 0, PayTunnel(n))}
        offered = {n for m in entries(state, PayTunnel) for _, n in _alternatives(m)}
        assert offered == paid and WithdrawTunnel() in commands(state)
        spare_black = tunnel_hand[BOARD.card_index("black")] - 3
        spare_locomotives = tunnel_hand[BOARD.locomotive]
        assert paid == {n for n in range(4) if n <= spare_locomotives and 3 - n <= spare_black}


# --- states reached by random play ---------------------------------------------------------


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
            found.append(state.copy())
        for event in RULES.decide(state, seat, chooser.choice(moves).command, SEED):
            state = RULES.evolve(state, event)
    return found


def _with_payment(command: Command, colour: str | None, n: int) -> Command:
    """`command` (a claim, a station or a tunnel's extra) paid with `colour` and `n`
    Locomotives."""
    if isinstance(command, ClaimRoute):
        return ClaimRoute(command.route, colour, n)
    if isinstance(command, BuildStation):
        return BuildStation(command.city, colour, n)
    return PayTunnel(n)


@pytest.mark.parametrize(("seats", "seed_byte"), [(2, 1), (4, 2)])
def test_every_listed_payment_is_accepted_and_one_locomotive_fewer_is_not(
    seats: int, seed_byte: int
) -> None:
    checked = 0
    for state in _states(seats, seed_byte)[::3]:
        seat = RULES.to_act(state)[0]
        hand_now = state.players[seat].hand
        for move in RULES.legal_moves(state, seat):
            command = move.command
            if not isinstance(command, ClaimRoute | BuildStation | PayTunnel):
                continue
            assert move.payments
            for payment in move.payments:
                low, high = payment.min_locomotives, payment.max_locomotives
                for n in (low, high):
                    paid = _with_payment(command, payment.colour, n)
                    assert decide_accepts(state, seat, paid), (paid, hand_now)
                    checked += 1
                if low > 0 and payment.colour is not None and not isinstance(command, PayTunnel):
                    fewer = _with_payment(command, payment.colour, low - 1)
                    assert not decide_accepts(state, seat, fewer), (fewer, hand_now)
    assert checked > 50


def _covered(moves: list[Move], command: Command, length: int) -> bool:
    """Some legal entry stands for `command` (its own command or one of its alternatives);
    `length` is the cards a payment of it takes (an all-Locomotive one names no colour)."""
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


def _station_cost(state: GameState, seat: int) -> int:
    stations = state.rules.features.stations
    assert stations is not None
    built = stations_built(state.rules, state.players[seat].pieces[STATIONS])
    return stations.costs[min(built, len(stations.costs) - 1)]


@pytest.mark.parametrize("seats", [2, 4])
def test_decide_accepts_nothing_the_legal_moves_leave_out(seats: int) -> None:
    """Random commands, legal or not: every one `decide` accepts is listed."""
    chooser = random.Random(seats)
    accepted = 0
    for state in _states(seats, 10 + seats)[::2]:
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        cost = _station_cost(state, seat)
        for _ in range(40):
            r = chooser.randrange(len(BOARD.route_length))
            colour = chooser.choice(COLOURS)
            tried: list[tuple[Command, int]] = [
                (ClaimRoute(r, colour, chooser.randrange(0, 9)), BOARD.route_length[r]),
                (BuildStation(chooser.randrange(len(BOARD.city_ids)), colour,
                              chooser.randrange(0, 4)), cost),
                (DrawCard(chooser.choice([None, 0, 1, 2, 3, 4])), 0),
                (PayTunnel(chooser.randrange(0, 4)), -1),
                (DrawTickets(), 0),
                (WithdrawTunnel(), 0),
                (Pass(), 0),
            ]
            for command, length in tried:
                if decide_accepts(state, seat, command):
                    accepted += 1
                    assert _covered(moves, command, length), command
    assert accepted > 100


@pytest.mark.parametrize(("seats", "seed_byte"), [(2, 5), (5, 6)])
def test_every_payment_of_every_gray_route_and_station_is_listed_exactly(
    seats: int, seed_byte: int
) -> None:
    """Each colour with each Locomotive count, on every gray route and for a station:
    `decide` accepts it exactly when a legal entry lists it (the payments come from
    tables built per board and per turn, so this checks them against the rules)."""
    gray = [r for r, c in enumerate(BOARD.route_colour) if c < 0]
    checked = 0
    for state in _states(seats, seed_byte)[::6]:
        seat = RULES.to_act(state)[0]
        moves = RULES.legal_moves(state, seat)
        cost = _station_cost(state, seat)
        free = next((c for c, o in enumerate(state.station_owner) if o < 0), 0)
        tried: list[tuple[ClaimRoute | BuildStation, int]] = [
            (ClaimRoute(r, colour, n), BOARD.route_length[r])
            for r in gray
            for colour in COLOURS
            for n in range(BOARD.route_length[r] + 1)
        ]
        tried += [(BuildStation(free, colour, n), cost) for colour in COLOURS
                  for n in range(cost + 1)]
        for command, length in tried:
            taken = decide_accepts(state, seat, command)
            if command.colour is not None and command.locomotives == length:
                assert not taken, command  # all Locomotives: no colour may be named
            else:
                assert taken == _covered(moves, command, length), command
            checked += 1
    assert checked > 1000
