"""The piece split and exchanges on Rails & Sails World (rules.md §1.4, §2.5, §2.6, §3.4) and
the end they lead to (§4): each seat's secret supply of 60 trains and ships chosen once
its tickets are kept and revealed together, the rest in its own open box reserve; an
exchange swaps pieces with that reserve, one way, a point a piece, for the whole turn;
the end comes when a seat's trains and ships together are 6 or fewer."""

from __future__ import annotations

import msgspec
import pytest

from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import (
    ChoosePieces,
    ChooseTickets,
    ClaimRoute,
    DrawBlind,
    ExchangePieces,
)
from domain.ticket_to_ride.events import PiecesChosen, PiecesExchanged, PiecesRevealed
from domain.ticket_to_ride.state import GameState
from tests.domain.sheets import check_sheets, figures, terms

from .handmade import claimed, commands, ended, make_state, play, refused
from .world import HARBORS, SHIPS, TRAINS, card, opened, playing, route

ONE_SHIP = route("hong-kong", "manila")  # purple sea, 1 space


def _keep_tickets(state: GameState, seat: int) -> GameState:
    keep = next(c for c in commands(state, seat) if isinstance(c, ChooseTickets))
    return play(state, seat, keep)[1]


def _supply(state: GameState, seat: int) -> tuple[int, int, int, int]:
    """A seat's trains and ships in play, then in its reserve."""
    player = state.players[seat]
    return (player.pieces[TRAINS], player.pieces[SHIPS], player.reserve[TRAINS],
            player.reserve[SHIPS])


def test_each_seat_splits_60_pieces_once_its_tickets_are_kept_20_40_offered_first() -> None:
    state = opened(3)
    # "once the tickets are chosen": no split before the seat's own tickets are kept
    assert not any(isinstance(c, ChoosePieces) for c in commands(state))
    assert refused(state, 0, ChoosePieces(20)).code == "choose-tickets-first"
    state = _keep_tickets(state, 0)
    splits = [c for c in commands(state) if isinstance(c, ChoosePieces)]
    # T + S = 60 with T <= 25 and S <= 50: 10 to 25 trains, the recommended 20/40 first
    assert splits[0] == ChoosePieces(20)
    assert sorted(c.trains for c in splits) == list(range(10, 26))
    for trains in (9, 26):
        assert refused(state, 0, ChoosePieces(trains)).code == "bad-split"


def test_the_splits_are_secret_until_all_are_revealed_together_then_the_reserves_are_open(
) -> None:
    state = _keep_tickets(opened(3), 0)
    public = msgspec.to_builtins(RULES.public_view(state))
    events, state = play(state, 0, ChoosePieces(25))
    assert events == [PiecesChosen(0, {"trains": 25, "ships": 35})]
    assert RULES.redact(events[0], 1) == PiecesChosen(0, None)
    assert RULES.redact(events[0], None) == PiecesChosen(0, None)
    # nothing public tells the choice; that it was made shows, seat 0 no longer acts
    after = msgspec.to_builtins(RULES.public_view(state))
    assert (after.pop("to_act"), public.pop("to_act")) == ([1, 2], [0, 1, 2])
    assert after == public
    assert refused(state, 0, ChoosePieces(20)).code == "not-your-turn"
    for seat, trains in ((1, 10), (2, 20)):
        state = _keep_tickets(state, seat)
        events, state = play(state, seat, ChoosePieces(trains))
    assert events[-1] == PiecesRevealed([{"trains": 25, "ships": 35}, {"trains": 10, "ships": 50},
                                         {"trains": 20, "ships": 40}])
    assert [_supply(state, seat) for seat in range(3)] == [
        (25, 35, 0, 15), (10, 50, 15, 0), (20, 40, 5, 10)]
    assert [s.reserve for s in RULES.public_view(state).seats] == [
        {"trains": 0, "ships": 15}, {"trains": 15, "ships": 0}, {"trains": 5, "ships": 10}]
    assert state.phase == "playing" and RULES.to_act(state) == [state.current]


def test_an_exchange_is_a_whole_turn_one_way_a_point_a_piece_within_the_own_reserve() -> None:
    state = playing()
    assert _supply(state, 0) == (20, 40, 5, 10)
    exchanges = [c for c in commands(state) if isinstance(c, ExchangePieces)]
    # trains for ships up to the 10 ships in the box, ships for trains up to its 5 trains
    assert exchanges == [ExchangePieces("trains", n) for n in range(1, 11)] + [
        ExchangePieces("ships", n) for n in range(1, 6)]
    assert refused(state, 0, ExchangePieces("ships", 6)).code == "exchange-limit"
    assert refused(state, 0, ExchangePieces("trains", 0)).code == "exchange-limit"
    assert refused(state, 0, ExchangePieces("harbors", 1)).code == "bad-exchange"
    score = state.players[0].score
    events, state = play(state, 0, ExchangePieces("ships", 5))
    assert events == [PiecesExchanged(0, "ships", "trains", 5, 5)]
    assert _supply(state, 0) == (25, 35, 0, 15)
    assert state.players[0].score == score - 5 and state.current == 1  # the turn is over
    # the reserve holds no train now: that direction is closed
    state.current = 0
    assert refused(state, 0, ExchangePieces("ships", 1)).code == "exchange-limit"
    assert not any(isinstance(c, ExchangePieces) and c.give == "ships" for c in commands(state))
    # the pieces given back may be taken back, again at a point each; a score may go below 0
    events, state = play(state, 0, ExchangePieces("trains", 15))
    assert events == [PiecesExchanged(0, "trains", "ships", 15, 15)]
    assert _supply(state, 0) == (10, 50, 15, 0) and state.players[0].score == score - 20 < 0
    # no train left to give and none in the reserve to take: neither direction, no action
    state.current = 0
    state.players[0].pieces[TRAINS], state.players[0].reserve[TRAINS] = 0, 0
    assert not any(isinstance(c, ExchangePieces) for c in commands(state))
    for give in ("trains", "ships"):
        assert refused(state, 0, ExchangePieces(give, 1)).code == "exchange-limit"


def test_pieces_on_the_board_never_come_back_and_the_box_caps_each_kind() -> None:
    state = playing(purple_ship=1)
    _, state = play(state, 0, ClaimRoute(ONE_SHIP, cards={"purple-ship": 1}))
    state.current = 0
    assert _supply(state, 0) == (20, 39, 5, 10)
    # the reserve's 10 ships taken: 49 in play and 1 on the board are all 50 the box holds
    _, state = play(state, 0, ExchangePieces("trains", 10))
    assert _supply(state, 0) == (10, 49, 15, 0)
    state.current = 0
    assert refused(state, 0, ExchangePieces("trains", 1)).code == "exchange-limit"


def test_a_map_without_the_piece_split_refuses_its_commands() -> None:
    europe = make_state()
    assert refused(europe, 0, ExchangePieces("trains", 1)).code == "no-exchange"
    assert not any(isinstance(m.command, ExchangePieces) for m in RULES.legal_moves(europe, 0))


# --- the end (§4) --------------------------------------------------------------------------


@pytest.mark.parametrize(("trains", "ships", "triggered"), [(3, 4, True), (0, 7, True),
                                                             (6, 1, True), (4, 4, False)])
def test_the_end_comes_at_6_or_fewer_trains_and_ships_together_harbors_and_reserve_aside(
    trains: int, ships: int, triggered: bool
) -> None:
    state = playing(purple_ship=1)
    player = state.players[0]
    player.pieces[TRAINS], player.pieces[SHIPS] = trains, ships
    assert player.pieces[HARBORS] == 3 and sum(player.reserve) == 15  # neither counts
    _, state = play(state, 0, ClaimRoute(ONE_SHIP, cards={"purple-ship": 1}))
    # two more turns for every player, the triggering one included: 2 x 2 players
    assert state.turns_left == (4 if triggered else -1) and state.current == 1


def test_after_the_trigger_every_player_takes_exactly_two_more_turns_then_the_game_ends(
) -> None:
    state = playing(3, purple_ship=1)
    state.players[0].pieces[TRAINS], state.players[0].pieces[SHIPS] = 3, 4
    _, state = play(state, 0, ClaimRoute(ONE_SHIP, cards={"purple-ship": 1}))
    start = state.turn
    seats = []
    while state.phase != "finished":
        seats.append(state.current)
        move = RULES.legal_moves(state, state.current)[0]
        _, state = play(state, state.current, move.command)
    assert state.turn - start == 6 and state.final is not None
    assert [s for i, s in enumerate(seats) if i == 0 or seats[i - 1] != s][:6] == [
        1, 2, 0, 1, 2, 0]


def test_the_check_runs_after_every_action_and_only_the_first_trigger_counts() -> None:
    # an exchange never changes the supply's size, but the check still runs after it
    state = playing(purple_ship=1)
    state.players[0].pieces[TRAINS], state.players[0].pieces[SHIPS] = 3, 3
    _, after = play(state.copy(), 0, ExchangePieces("trains", 2))
    assert _supply(after, 0)[:2] == (1, 5) and after.turns_left == 4
    # a draw too
    state.ticket_pile = []
    _, after = play(state, 0, DrawBlind("ship"))
    _, after = play(after, 0, DrawBlind("ship"))
    assert after.turns_left == 4
    # seat 1 reaching 6 later does not restart the count
    state = playing(purple_ship=1)
    for seat in (0, 1):
        state.players[seat].pieces[TRAINS], state.players[seat].pieces[SHIPS] = 3, 4
    state.players[1].hand[card("red")] = 2
    _, state = play(state, 0, ClaimRoute(ONE_SHIP, cards={"purple-ship": 1}))
    assert state.turns_left == 4
    _, state = play(state, 1, ClaimRoute(route("darwin", "perth"), cards={"red": 2}))
    assert state.turns_left == 3


def test_the_sheet_shows_exchanges_apart_from_the_route_points_the_score_holds() -> None:
    """§3.4 and §5 on the result's score sheet (issue 23): an exchange's points come off
    the score at once, with the route points; the sheet gives the routes their own points
    and the exchanges theirs, and the pieces exchanged as a figure."""
    state = playing()
    _, state = play(state, 0, ExchangePieces("ships", 5))
    claimed(state, 0, ONE_SHIP)
    assert state.players[0].score == 1 - 5
    result = ended(state)
    check_sheets(result)
    mine, theirs = result.sheets
    assert (terms(mine)["routes"], terms(mine)["exchanges"]) == ((1, "§5"), (-5, "§3.4"))
    assert figures(mine)["pieces-exchanged"] == (5, "§3.4")
    assert (terms(theirs)["exchanges"], figures(theirs)["pieces-exchanged"]) == (
        (0, "§3.4"), (0, "§3.4"))
