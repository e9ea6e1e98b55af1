"""The end of the game (Europe rules.md §8) and the final account it scores (§9, with §6
tickets and §7.2 stations as a real game end computes them).

The scoring functions on their own are in `test_scoring.py`, `test_longest_path.py`
and `test_stations.py`.
"""

from __future__ import annotations

import pytest

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import STATIONS, TRAINS
from domain.ticket_to_ride.commands import (
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
    Pass,
    PayTunnel,
    WithdrawTunnel,
)
from domain.ticket_to_ride.events import GameEnded
from domain.ticket_to_ride.state import GameState
from tests.domain.sheets import check_sheets, figures, terms

from .europe import (
    AMSTERDAM_BRUXELLES,
    AMSTERDAM_ESSEN,
    AMSTERDAM_PAMPLONA,
    BRUXELLES_PARIS_YELLOW,
    MADRID_PAMPLONA_BLACK,
    PARIS_PAMPLONA_BLUE,
    last_turn,
)
from .handmade import (
    SEED,
    city,
    commands,
    draw_two,
    ended,
    give_route,
    hand,
    make_state,
    play,
    refused,
    route,
)

# --- §8: the trigger and the final round -------------------------------------------------


def test_two_trains_left_start_a_final_round_of_one_more_turn_each() -> None:
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
    result = RULES.result(state)
    assert result is not None
    assert (result.scores, result.winners) == ([s.total for s in ended.scores], ended.winners)
    over = refused(state, 1, DrawCard())
    assert (over.code, over.section) == ("game-over", "§8")


def test_three_trains_left_do_not_trigger_the_end() -> None:
    state = make_state(hands=[hand(yellow=3), hand()], trains=[6, 45])
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert state.players[0].pieces[TRAINS] == 3 and state.turns_left == -1


@pytest.mark.parametrize("left", [0, 1, 2])
def test_the_trigger_is_the_same_at_two_one_or_zero_trains(left: int) -> None:
    state = make_state(hands=[hand(yellow=3), hand()], trains=[3 + left, 45], deck=["red"] * 8)
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert state.players[0].pieces[TRAINS] == left and state.turns_left == 2


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_exactly_n_more_turns_follow_the_trigger_and_the_trigger_seat_plays_last(
    seats: int,
) -> None:
    """§8: N more turns, the other seats in order then the triggering seat; triggered
    here by seat 2 (or 1) so the count wraps round the table."""
    trigger = min(2, seats - 1)
    hands = [hand(yellow=3) if s == trigger else hand() for s in range(seats)]
    trains = [5 if s == trigger else 45 for s in range(seats)]
    state = make_state(seats, hands=hands, trains=trains, deck=["red"] * 30, current=trigger)
    _, state = play(state, trigger, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    order = []
    while state.phase != "finished":
        order.append(state.current)
        _, state = draw_two(state, state.current)
    assert order == [(trigger + 1 + k) % seats for k in range(seats)]


def test_trigger_fires_once() -> None:
    """§8 Resolved: running low again during the final round changes nothing."""
    state = make_state(hands=[hand(yellow=3), hand(white=1)], trains=[4, 3], deck=["red"] * 20)
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    assert state.turns_left == 2
    _, state = play(state, 1, ClaimRoute(route("budapest", "wien", "white"), "white", 0))
    assert state.players[1].pieces[TRAINS] == 2 and state.turns_left == 1
    events, state = draw_two(state, 0)
    assert isinstance(events[-1], GameEnded) and state.phase == "finished"


def test_a_paid_tunnel_triggers_the_end_once_it_is_claimed() -> None:
    state = make_state(
        hands=[hand(black=4), hand()], trains=[5, 45], deck=["red"] * 6 + ["red", "red", "black"]
    )
    _, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert state.turns_left == -1 and state.tunnel is not None
    _, state = play(state, 0, PayTunnel(0))
    assert state.players[0].pieces[TRAINS] == 2 and state.turns_left == 2


def test_a_final_turn_tunnel_ends_the_game_only_after_its_decision() -> None:
    state = make_state(hands=[hand(black=3), hand()], deck=["red"] * 3 + ["black"] * 3)
    state.turns_left = 1
    events, state = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0))
    assert not any(isinstance(e, GameEnded) for e in events) and state.phase == "playing"
    events, state = play(state, 0, WithdrawTunnel())
    assert isinstance(events[-1], GameEnded) and state.phase == "finished"


def test_a_seat_without_trains_still_plays_its_final_turn_and_new_tickets_count() -> None:
    """§8: with 0 trains a seat still takes its final turn; tickets drawn then and not
    completed cost their points."""
    state = make_state(
        hands=[hand(yellow=3), hand()],
        trains=[3, 45],
        deck=["red"] * 6,
        ticket_pile=[AMSTERDAM_PAMPLONA],
    )
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    _, state = draw_two(state, 1)
    assert state.current == 0 and state.players[0].pieces[TRAINS] == 0
    assert not any(isinstance(c, ClaimRoute) for c in commands(state))
    _, state = play(state, 0, DrawTickets())
    events, state = play(state, 0, KeepTickets([AMSTERDAM_PAMPLONA]))
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert ended.scores[0].tickets == -7 and ended.scores[0].completed == (False,)


def test_passes_in_the_final_round_are_its_turns_and_it_ends_as_the_final_round() -> None:
    """§8, §3: a seat that can do nothing passes its final turn; the game then ends as the
    final round says, after exactly N turns (the all-passed safeguard changes nothing)."""
    state = make_state(hands=[hand(yellow=3), hand()], trains=[5, 45], display=[None] * 5)
    for player in state.players:
        player.pieces[STATIONS] = 0
    _, state = play(state, 0, ClaimRoute(AMSTERDAM_ESSEN, "yellow", 0))
    # the payment refilled the display; take it away so nobody can act
    state.display = [-1] * 5
    state.deck = []
    state.discard = hand()
    assert state.turns_left == 2 and state.current == 1
    _, state = play(state, 1, Pass())
    assert state.phase == "playing"
    events, state = play(state, 0, Pass())
    ended = events[-1]
    assert isinstance(ended, GameEnded) and ended.reason == "final-round"


# --- §9: the final account at the end -----------------------------------------------------


def _through_a_borrowed_track(deck: list[str] | None = None) -> GameState:
    """Seat 0 (8 points) joins Amsterdam to Pamplona through Paris, its one station
    built there borrowing seat 1's (2 points) Bruxelles-Paris track."""
    state = make_state(tickets=[[AMSTERDAM_PAMPLONA], []], deck=deck or ())
    give_route(state, 0, AMSTERDAM_BRUXELLES, PARIS_PAMPLONA_BLUE)
    give_route(state, 1, BRUXELLES_PARIS_YELLOW)
    state.players[0].score, state.players[1].score = 8, 2
    state.station_owner[city("paris")] = 0
    state.players[0].pieces[STATIONS] = 2
    return state


def test_the_final_account_adds_tickets_unbuilt_stations_and_the_european_express() -> None:
    """Seat 0 joins Amsterdam to Pamplona through Paris, its station borrowing seat 1's
    Bruxelles-Paris track (§7.2); the borrowed track is not part of its longest path."""
    state = _through_a_borrowed_track(deck=["red"] * 2)
    ended = last_turn(state)
    mine, theirs = ended.scores
    assert mine.completed == (True,) and mine.tickets == 7
    assert mine.borrowed == (BRUXELLES_PARIS_YELLOW,)
    assert mine.station_bonus == 2 * 4 and mine.longest_path == 4
    assert mine.express and mine.express_bonus == 10
    assert mine.routes == 8 and mine.total == 8 + 7 + 8 + 10
    assert theirs.station_bonus == 3 * 4 and not theirs.express
    assert theirs.total == 2 + 12
    assert ended.winners == [0]
    assert ended.tickets == [[AMSTERDAM_PAMPLONA], []]


def test_the_result_s_sheet_gives_the_account_as_terms_and_the_path_as_a_figure() -> None:
    """Issue 23: the account of the test above as the result's sheet: routes, tickets,
    stations and the Express, each §9, adding up to the total; the path's length in
    trains, the tickets completed and failed and the stations built are figures."""
    state = _through_a_borrowed_track()
    result = ended(state)
    check_sheets(result)
    mine, theirs = result.sheets
    assert terms(mine) == {"routes": (8, "§9"), "tickets": (7, "§9"),
                           "stations": (8, "§9"), "express": (10, "§9")}
    assert figures(mine) == {"tickets-completed": (1, "§9"), "tickets-failed": (0, "§9"),
                             "stations-built": (1, "§9"), "longest-path": (4, "§9")}
    assert terms(theirs) == {"routes": (2, "§9"), "tickets": (0, "§9"),
                             "stations": (12, "§9"), "express": (0, "§9")}
    assert figures(theirs)["longest-path"] == (2, "§9")
    assert (mine.total, theirs.total) == (33, 14) == tuple(result.scores)


def test_an_unfinished_ticket_counts_against_and_tied_longest_paths_both_score() -> None:
    """§9: -7 for the missed ticket; both single routes of length 1 are the longest path,
    so both seats score the 10 points."""
    state = make_state(tickets=[[AMSTERDAM_PAMPLONA], []], deck=["red"] * 2)
    give_route(state, 0, AMSTERDAM_BRUXELLES)
    give_route(state, 1, route("budapest", "wien", "white"))
    ended = last_turn(state)
    assert ended.scores[0].tickets == -7
    assert ended.scores[0].express and ended.scores[1].express
    assert [s.total for s in ended.scores] == [-7 + 12 + 10, 12 + 10]
    assert ended.winners == [1]


def test_with_no_route_claimed_nobody_holds_the_european_express() -> None:
    """An engine decision rules.md leaves open (docs/ticket_to_ride_engine.md): a seat
    with no route has no path, so the bonus is not shared out among paths of length 0."""
    ended = last_turn(make_state(deck=["red"] * 2))
    assert [(s.longest_path, s.express, s.express_bonus) for s in ended.scores] == [
        (0, False, 0), (0, False, 0)
    ]
    assert [s.total for s in ended.scores] == [12, 12] and ended.winners == [0, 1]


def test_a_ticket_completed_through_a_station_counts_for_the_first_tie_break() -> None:
    """§7.2 Resolved, §9: equal totals; seat 0 completed one ticket with a borrowed route
    and built a station, seat 1 completed none and built none. Tickets come first, so
    seat 0 wins."""
    state = make_state(tickets=[[AMSTERDAM_PAMPLONA], []], deck=["red"] * 2)
    give_route(state, 0, AMSTERDAM_BRUXELLES, PARIS_PAMPLONA_BLUE)
    give_route(state, 1, BRUXELLES_PARIS_YELLOW)
    state.station_owner[city("paris")] = 0
    state.players[0].pieces[STATIONS] = 2
    state.players[0].score, state.players[1].score = 0, 13
    ended = last_turn(state)
    mine, theirs = ended.scores
    assert mine.total == theirs.total == 25
    assert mine.completed == (True,) and ended.winners == [0]
