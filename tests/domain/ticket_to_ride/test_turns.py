"""The turn (Europe rules.md §3, §2 Resolved first player): one of the four actions a
turn, taken in seat order from a first player picked at random; passing only when no
action is possible, and the engine's safeguard that ends a game every seat passes in.

Passing in the final round is in `test_end_of_game.py`; that pass is listed exactly when
`decide` accepts no claim, in `test_legal_moves.py`.
"""

from __future__ import annotations

from typing import Any

import pytest

from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import STATIONS, TRAINS
from domain.ticket_to_ride.commands import (
    BuildStation,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    Pass,
)
from domain.ticket_to_ride.events import GameEnded, GameStarted, Passed
from domain.ticket_to_ride.state import GameState

from .europe import MADRID_PAMPLONA_BLACK
from .handmade import SEED, city, commands, draw_two, hand, make_state, play, refused


def stuck(seats: int = 2, **changes: Any) -> GameState:
    """Seat 0 (every seat) can do nothing: no card anywhere, no ticket, no station left;
    then `changes` to the state, or to seat 0's ``hand``."""
    state = make_state(seats, hands=[hand()] * seats, display=[None] * 5)
    for player in state.players:
        player.pieces[STATIONS] = 0
    for name, value in changes.items():
        if name == "hand":
            state.players[0].hand = value
        else:
            setattr(state, name, value)
    return state


# --- turn order --------------------------------------------------------------------------


def test_the_first_player_is_picked_at_random_and_play_goes_round_in_seat_order() -> None:
    """§2 Resolved (first player), §3: the opening's pick names the first seat; each turn
    then passes to the next seat, round the table."""
    opening = RULES.start(Setup(4, "europe"), SEED)[0]
    assert isinstance(opening, GameStarted)
    assert opening.first.draw == 0 and opening.first.bound == 4
    state = RULES.evolve(None, opening)
    assert state.first == state.current == opening.first.value
    state = make_state(4, deck=["red"] * 16, current=opening.first.value)
    order = []
    for _ in range(5):
        order.append(state.current)
        _, state = draw_two(state, state.current)
    assert order == [(opening.first.value + k) % 4 for k in range(5)]


def test_only_the_seat_whose_turn_it_is_may_act() -> None:
    state = make_state(3, deck=["red"] * 4, current=1)
    for seat in (0, 2):
        other = refused(state, seat, DrawCard())
        assert (other.code, other.section, other.to_act) == ("not-your-turn", "§3", [1])
        assert other.message == "it is seat 1's turn"
        assert RULES.legal_moves(state, seat) == []
    assert refused(state, 3, DrawCard()).code == "no-such-seat"


def test_an_action_begun_must_be_finished_before_anything_else() -> None:
    """§3: exactly one action: the second card, the tunnel's decision and the ticket
    choice each come before any other command (passing included); each refusal says
    which commands the turn waits for (``expected``)."""
    drawing = make_state(deck=["red", "blue"], hands=[hand(red=3), hand()])
    _, drawing = play(drawing, 0, DrawCard())
    assert refused(drawing, 0, Pass()).code == "draw-second-card"
    second = refused(drawing, 0, BuildStation(city("roma"), "red", 0))
    assert (second.code, second.expected) == ("draw-second-card", ["draw-card"])
    tunnel = make_state(hands=[hand(black=3), hand()], deck=["black"] * 3)
    _, tunnel = play(tunnel, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert refused(tunnel, 0, Pass()).code == "tunnel-pending"
    pending = refused(tunnel, 0, DrawCard())
    # the three Blacks turned up cost three more, which the hand cannot pay
    assert (pending.code, pending.expected) == ("tunnel-pending", ["withdraw-tunnel"])
    tickets = make_state(ticket_pile=[1, 2, 3], deck=["red"])
    _, tickets = play(tickets, 0, DrawTickets())
    assert refused(tickets, 0, Pass()).code == "keep-tickets-first"
    keep = refused(tickets, 0, DrawCard())
    assert (keep.code, keep.expected) == ("keep-tickets-first", ["keep-tickets"])


# --- §3 Resolved: passing --------------------------------------------------------------


def test_a_seat_passes_only_when_nothing_is_possible() -> None:
    """§3 Resolved: the pass is the only move then; one pass does not end the game."""
    state = stuck()
    assert commands(state) == [Pass()]
    events, state = play(state, 0, Pass())
    assert events == [Passed(0)] and state.current == 1 and state.passes == 1
    assert state.phase == "playing"
    busy = make_state(hands=[hand(red=1), hand()])
    refusal = refused(busy, 0, Pass())
    assert (refusal.code, refusal.section) == ("cannot-pass", "§3")


@pytest.mark.parametrize(
    ("changes", "only"),
    [
        ({"deck": [0]}, DrawCard),
        ({"display": [0, -1, -1, -1, -1], "discard": hand(purple=1)}, DrawCard),
        ({"ticket_pile": [5]}, DrawTickets),
        ({"hand": hand(yellow=3)}, ClaimRoute),
    ],
    ids=["a-blind-card", "a-face-up-card-with-discards", "tickets", "a-route"],
)
def test_no_pass_while_any_one_action_remains(changes: dict[str, Any], only: type) -> None:
    state = stuck(**changes)
    listed = commands(state)
    assert listed and all(isinstance(c, only) for c in listed)
    assert refused(state, 0, Pass()).code == "cannot-pass"


def test_no_pass_while_a_station_can_be_built() -> None:
    state = stuck(hand=hand(red=1))
    state.players[0].pieces[STATIONS] = 3  # the first station costs 1 card
    state.players[0].pieces[TRAINS] = 0  # no route either, so only the station is left
    listed = commands(state)
    assert len(listed) == 1 and isinstance(listed[0], BuildStation)
    assert refused(state, 0, Pass()).code == "cannot-pass"


@pytest.mark.parametrize("seats", [2, 3])
def test_every_seat_passing_in_a_row_ends_the_game(seats: int) -> None:
    """The engine's safeguard (not a printed rule, see docs/rules-coverage): once every
    seat has passed in a row nothing can change; fewer passes in a row end nothing."""
    state = stuck(seats)
    for seat in range(seats - 1):
        events, state = play(state, seat, Pass())
        assert not any(isinstance(e, GameEnded) for e in events)
    assert state.passes == seats - 1 and state.phase == "playing"
    events, state = play(state, seats - 1, Pass())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "all-passed"
    assert state.phase == "finished"


def test_any_other_action_between_passes_starts_the_count_again() -> None:
    state = stuck()
    state.players[1].hand = hand(red=1)
    state.players[1].pieces[STATIONS] = 3
    _, state = play(state, 0, Pass())
    _, state = play(state, 1, BuildStation(city("roma"), "red", 0))
    assert state.passes == 0 and state.phase == "playing"
