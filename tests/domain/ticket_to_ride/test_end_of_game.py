"""The end trigger and final round (§8), final scoring (§9), passing (§3)."""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Result
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import BuildStation, ClaimRoute, DrawCard, Pass
from domain.ticket_to_ride.events import GameEnded, Passed
from domain.ticket_to_ride.mapfile import STATIONS, TRAINS
from domain.ticket_to_ride.state import GameState

from .handmade import SEED, city, hand, make_state, play, route, ticket

AMSTERDAM_ESSEN = route("amsterdam", "essen")


def draw_two(state: GameState, seat: int) -> tuple[list[object], GameState]:
    first, state = play(state, seat, DrawCard())
    second, state = play(state, seat, DrawCard())
    return [*first, *second], state


def test_two_trains_left_start_the_final_round_of_one_turn_each() -> None:
    state = make_state(
        3, hands=[hand(yellow=3), hand(), hand()], trains=[5, 45, 45], deck=["red"] * 20
    )
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert state.players[0].pieces[TRAINS] == 2 and state.turns_left == 3
    _, state = draw_two(state, 1)
    _, state = draw_two(state, 2)
    assert state.phase == "playing" and state.current == 0 and state.turns_left == 1
    events, state = draw_two(state, 0)
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "final-round"
    assert ended.seed == SEED.hex
    assert state.phase == "finished" and RULES.to_act(state) == []
    assert RULES.result(state) == Result([s.total for s in ended.scores], ended.winners)
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 1, DrawCard(), SEED)
    assert caught.value.code == "game-over"


def test_three_trains_left_do_not_trigger() -> None:
    state = make_state(hands=[hand(yellow=3), hand()], trains=[6, 45])
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert state.players[0].pieces[TRAINS] == 3 and state.turns_left == -1


def test_trigger_fires_once() -> None:
    state = make_state(hands=[hand(yellow=3), hand(white=1)], trains=[4, 3], deck=["red"] * 20)
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert state.turns_left == 2
    _, state = play(state, 1, ClaimRoute(route("budapest", "wien", "white"), "white", 0))
    assert state.players[1].pieces[TRAINS] == 2 and state.turns_left == 1
    events, state = draw_two(state, 0)
    assert isinstance(events[-1], GameEnded) and state.phase == "finished"


def test_final_scoring_with_a_station_borrowing_a_route() -> None:
    """Seat 0 joins Amsterdam to Pamplona through Paris with seat 1's Bruxelles-Paris track."""
    amsterdam_bruxelles = route("amsterdam", "bruxelles")
    paris_pamplona = route("pamplona", "paris", "blue")
    bruxelles_paris = route("bruxelles", "paris", "yellow")
    state = make_state(tickets=[[ticket("amsterdam", "pamplona")], []], deck=["red"] * 10)
    for seat, r in [(0, amsterdam_bruxelles), (0, paris_pamplona), (1, bruxelles_paris)]:
        state.route_owner[r] = seat
        state.players[seat].routes.append(r)
    state.players[0].score, state.players[1].score = 8, 2
    state.station_owner[city("paris")] = 0
    state.players[0].pieces[STATIONS] = 2
    state.turns_left = 1
    events, state = draw_two(state, 0)
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    mine, theirs = ended.scores
    assert mine.completed == (True,) and mine.tickets == 7
    assert mine.borrowed == (bruxelles_paris,)
    assert mine.station_bonus == 8 and mine.longest_path == 4 and mine.express
    assert mine.total == 8 + 7 + 8 + 10
    assert theirs.station_bonus == 12 and not theirs.express and theirs.total == 2 + 12
    assert ended.winners == [0]
    assert ended.tickets == [[ticket("amsterdam", "pamplona")], []]


def test_unfinished_tickets_count_against_and_express_ties_share() -> None:
    a_b = route("amsterdam", "bruxelles")
    w_b = route("budapest", "wien", "white")
    state = make_state(tickets=[[ticket("amsterdam", "pamplona")], []], deck=["red"] * 4)
    for seat, r in [(0, a_b), (1, w_b)]:
        state.route_owner[r] = seat
        state.players[seat].routes.append(r)
    state.turns_left = 1
    events, state = draw_two(state, 0)
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.scores[0].tickets == -7
    assert ended.scores[0].express and ended.scores[1].express
    assert [s.total for s in ended.scores] == [-7 + 12 + 10, 12 + 10]
    assert ended.winners == [1]


def test_pass_only_when_nothing_is_possible() -> None:
    state = make_state(hands=[hand(), hand()], display=[None] * 5)
    state.players[0].pieces[STATIONS] = 0
    assert [m.command for m in RULES.legal_moves(state, 0)] == [Pass()]
    events, state = play(state, 0, Pass())
    assert events == [Passed(0)] and state.current == 1 and state.passes == 1
    busy = make_state(hands=[hand(red=1), hand()])
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(busy, 0, Pass(), SEED)
    assert caught.value.code == "cannot-pass"


def test_everyone_passing_in_a_row_ends_the_game() -> None:
    """An engine safeguard: once every seat has passed in a row nothing can change."""
    state = make_state(hands=[hand(), hand()], display=[None] * 5)
    for player in state.players:
        player.pieces[STATIONS] = 0
    _, state = play(state, 0, Pass())
    events, state = play(state, 1, Pass())
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "all-passed"
    assert state.phase == "finished"


def test_a_station_then_a_pass_resets_the_pass_count() -> None:
    state = make_state(hands=[hand(), hand(red=1)], display=[None] * 5)
    state.players[0].pieces[STATIONS] = 0
    _, state = play(state, 0, Pass())
    _, state = play(state, 1, BuildStation(city("roma"), "red", 0))
    assert state.passes == 0 and state.phase == "playing"
