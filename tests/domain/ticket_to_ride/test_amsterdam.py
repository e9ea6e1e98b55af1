"""Ticket to Ride: Amsterdam, rule by rule (``shared/reference/amsterdam/rules.md``).

Each test builds a small state with `handmade` (``map_id="amsterdam"``) and
plays the rule through `decide` and `evolve`. The map's numbers come from its
data file and are checked against the reference in `test_the_box`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import load_board
from domain.ticket_to_ride.commands import (
    ChooseTickets,
    ClaimRoute,
    DrawCard,
    DrawTickets,
    KeepTickets,
)
from domain.ticket_to_ride.events import CardDrawn, GameEnded, RouteClaimed, TicketsDrawn
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.moves import legal_moves
from domain.ticket_to_ride.state import GameState
from domain.ticket_to_ride.terms import majority_points

from . import handmade
from .handmade import SEED, play

BOARD = load_board("amsterdam")
COLOURS = ["pink", "blue", "green", "black", "red", "orange"]


def hand(**counts: int) -> list[int]:
    return handmade.hand(BOARD, **counts)


def route(a: str, b: str, colour: str | None = None) -> int:
    return handmade.route(a, b, colour, board=BOARD)


def ticket(a: str, b: str) -> int:
    return handmade.ticket(a, b, board=BOARD)


def make_state(seats: int = 2, **given: Any) -> GameState:
    given.setdefault("display", ["pink", "blue", "green", "black", "red"])
    return handmade.make_state(seats, map_id="amsterdam", **given)


def draw_two(state: GameState, seat: int) -> tuple[list[Any], GameState]:
    first, state = play(state, seat, DrawCard())
    second, state = play(state, seat, DrawCard())
    return [*first, *second], state


# --- the box (rules 1, 2) -------------------------------------------------------------------


def test_the_box() -> None:
    """2-4 players, 16 carts, 44 cards (8 wild + 6 of six colours), 2-card hands, 5 face up,
    no stations, tunnels or ferries, the route table for 1-4 spaces, 16 goods cards."""
    for seats in (1, 5):
        with pytest.raises(RuleViolation):
            RULES.check_setup(Setup(seats, "amsterdam"))
    rules = RULES.material(Setup(3, "amsterdam")).rules
    assert (rules.min_seats, rules.max_seats, rules.trains, rules.stations) == (2, 4, 16, 0)
    assert list(BOARD.colours) == COLOURS
    assert (rules.colour_cards, rules.locomotive_cards, rules.hand, rules.face_up) == (6, 8, 2, 5)
    assert 6 * rules.colour_cards + rules.locomotive_cards == 44
    assert rules.locomotive_reset == 3 and not rules.tunnels and not rules.ferries
    assert rules.longest_path_bonus == 0 and rules.end_trigger == 2
    assert BOARD.map.route_points == {1: 1, 2: 2, 3: 4, 4: 7}
    assert rules.goods_cards == 16 and sum(BOARD.route_goods) == 16
    assert len(BOARD.city_ids) == 17 and len(BOARD.route_a) == 45


def test_the_board_matches_the_reference_invariants() -> None:
    """The reference's checks of data.json (SOURCES.md "Invariants checked")."""
    lengths = BOARD.route_length
    assert sum(lengths) == 89 and Counter(lengths) == {1: 15, 2: 19, 3: 8, 4: 3}
    groups = {BOARD.route_tracks[r] for r in range(45)}
    assert Counter(len(g) for g in groups) == {1: 19, 2: 13}
    assert all(len({lengths[t] for t in g}) == 1 for g in groups)
    assert sum(n for n, goods in zip(lengths, BOARD.route_goods, strict=True) if goods) == 39
    by_colour = Counter(BOARD.route_colour)
    assert [by_colour[c] for c in range(6)] == [5, 5, 5, 5, 6, 5] and by_colour[-1] == 14
    city = BOARD.map.cities[BOARD.city_ids.index("nieuwe-waal")]
    assert city.position_unknown and city.lat is None and city.lon is None  # SOURCES.md


def test_the_opening_deals_two_cards_and_two_contracts_kept_one_or_both() -> None:
    """Rules 2.3 and 2.5: 2 transport cards and 2 contracts each; keep 1 or 2."""
    setup = Setup(3, "amsterdam")
    (started,) = RULES.start(setup, SEED)
    assert all(len(cards or []) == 2 for cards in started.hands)
    assert all(len(offered or []) == 2 for offered in started.offered)
    state = RULES.evolve(None, started)
    assert state.goods_pile == 16 and len(state.deck) == 44 - 3 * 2 - 5
    offered = state.players[0].offered
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, ChooseTickets([]), SEED)
    assert caught.value.code == "keep-more" and caught.value.section == "§2.5"
    for keep in ([offered[0]], [offered[1]], offered):
        (chosen,) = RULES.decide(state, 0, ChooseTickets(list(keep)), SEED)
        assert chosen.count == len(keep)  # type: ignore[union-attr]
    kept = {tuple(m.command.keep) for m in legal_moves(BOARD, state, 0)}
    assert kept == {(offered[0],), (offered[1],), tuple(offered)}


def test_contracts_not_kept_at_setup_go_under_the_pile_in_seat_order() -> None:
    """Rules 2.5 Resolved: returns go under the contract deck seat after seat from the
    first player, however the secret choices arrive."""
    (started,) = RULES.start(Setup(3, "amsterdam"), SEED)
    opening = RULES.evolve(None, started)
    first = opening.first
    order = [(first + k) % 3 for k in range(3)]
    piles = set()
    for arrival in (order, order[::-1], [order[1], order[0], order[2]]):
        state = RULES.evolve(None, started)
        for seat in arrival:
            keep = state.players[seat].offered[:1]
            (chosen,) = RULES.decide(state, seat, ChooseTickets(keep), SEED)
            state = RULES.evolve(state, chosen)
        returned = [opening.players[s].offered[1] for s in order]
        # the last seat's return lies lowest (the pile's bottom is its first item)
        assert state.ticket_pile[:3] == returned[::-1]
        assert len(state.ticket_pile) == 24 - 3 * 2 + 3
        piles.add(tuple(state.ticket_pile))
    assert len(piles) == 1


# --- claiming routes and goods (rules 3.B) ----------------------------------------------------


def test_a_goods_route_takes_one_goods_card_whatever_its_length() -> None:
    short = route("westermarkt", "de-drie-hendricken", "pink")  # 1 space, goods symbol
    long = route("haringpakkerstoren", "oude-waal")  # 4 spaces, goods symbol
    assert BOARD.route_goods[short] and BOARD.route_goods[long]
    state = make_state(hands=[hand(pink=1, red=4), hand(blue=1)], deck=["green"] * 10)
    events, state = play(state, 0, ClaimRoute(short, "pink", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 1
    assert state.players[0].goods == 1 and state.goods_pile == 15
    _, state = draw_two(state, 1)
    events, state = play(state, 0, ClaimRoute(long, "red", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 1
    assert state.players[0].goods == 2 and state.goods_pile == 14
    assert state.players[0].score == 1 + 7


def test_a_plain_route_takes_no_goods_card() -> None:
    plain = route("oude-kerk", "waag", "black")
    assert not BOARD.route_goods[plain]
    state = make_state(hands=[hand(black=1), hand()])
    events, state = play(state, 0, ClaimRoute(plain, "black", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 0
    assert b'"goods"' not in msgspec.json.encode(events[0])
    assert state.players[0].goods == 0 and state.goods_pile == 16


def test_no_goods_card_is_taken_from_an_empty_pile() -> None:
    """Rules 3.B Resolved: 16 cards for 16 goods tracks; were it empty, none is taken."""
    state = make_state(hands=[hand(pink=1), hand()])
    state.goods_pile = 0
    events, state = play(state, 0, ClaimRoute(route("westermarkt", "de-drie-hendricken", "pink"),
                                              "pink", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 0
    assert state.players[0].goods == 0 and state.goods_pile == 0


def test_goods_cards_are_public() -> None:
    state = make_state(hands=[hand(pink=1), hand()])
    _, state = play(state, 0, ClaimRoute(route("westermarkt", "de-drie-hendricken", "pink"),
                                         "pink", 0))
    view = RULES.public_view(state)
    assert [s.goods for s in view.seats] == [1, 0] and view.goods_pile == 15
    europe = handmade.make_state()
    europe_view = RULES.public_view(europe)
    assert europe_view.goods_pile is None and europe_view.seats[0].goods is None


def test_in_a_two_player_game_one_track_of_a_double_route_closes_the_other() -> None:
    """Rules 3.B: at 2 players only one track of a double route is used."""
    black, red = route("oude-kerk", "waag", "black"), route("oude-kerk", "waag", "red")
    state = make_state(hands=[hand(black=1), hand(red=1)])
    _, state = play(state, 0, ClaimRoute(black, "black", 0))
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 1, ClaimRoute(red, "red", 0), SEED)
    assert caught.value.code == "double-route-closed" and caught.value.section == "§3.B"
    assert all(getattr(m.command, "route", None) != red for m in legal_moves(BOARD, state, 1))


def test_with_three_players_both_tracks_are_used_by_different_players() -> None:
    """Rules 3.B Resolved: the restriction is for 2 players only; nobody owns both."""
    black, red = route("oude-kerk", "waag", "black"), route("oude-kerk", "waag", "red")
    state = make_state(3, hands=[hand(black=1, red=1), hand(red=1), hand()])
    _, state = play(state, 0, ClaimRoute(black, "black", 0))
    assert any(getattr(m.command, "route", None) == red for m in legal_moves(BOARD, state, 1))
    _, after = play(state, 1, ClaimRoute(red, "red", 0))
    assert after.route_owner[red] == 1
    state.current = 0  # seat 0 may not take the second track of its own double route
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, ClaimRoute(red, "red", 0), SEED)
    assert caught.value.code == "double-route-closed"


# --- drawing cards (rules 3.A) -----------------------------------------------------------------


def test_a_face_up_wild_first_is_the_only_card_and_never_the_second() -> None:
    state = make_state(
        display=["locomotive", "pink", "blue", "green", "black"], deck=["red"] * 10
    )
    events, after = play(state, 0, DrawCard(0))
    assert events[0].turn_over and after.current == 1  # type: ignore[union-attr]
    _, second = play(state, 0, DrawCard(1))
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(second, 0, DrawCard(0), SEED)
    assert caught.value.code == "locomotive-second" and caught.value.section == "§3.A"


def test_a_wild_drawn_blind_is_an_ordinary_card() -> None:
    state = make_state(deck=["red", "locomotive"])
    events, state = play(state, 0, DrawCard())
    assert not events[0].turn_over and state.players[0].hand == hand(locomotive=1)  # type: ignore[union-attr]
    _, state = play(state, 0, DrawCard())
    assert state.players[0].hand == hand(locomotive=1, red=1) and state.current == 1


def test_three_face_up_wilds_replace_the_display() -> None:
    display = ["pink", "locomotive", "locomotive", "blue", "green"]
    deck = ["black"] * 3 + ["red", "orange", "locomotive"]  # the top card is a wild
    state = make_state(display=display, deck=deck)
    events, state = play(state, 0, DrawCard(0))
    assert events[0].resets == 1  # type: ignore[union-attr]
    assert handmade.names(state.display, BOARD) == ["orange", "red", "black", "black", "black"]


def test_with_both_piles_empty_only_the_face_up_cards_can_be_taken() -> None:
    """Rules 3.A Resolved: no blind draw, empty slots stay empty, the cards that exist may
    be taken (unlike Europe §4.4, where the action is then closed)."""
    state = make_state(display=["pink", "blue", None, None, None])
    draws = [m.command for m in legal_moves(BOARD, state, 0) if isinstance(m.command, DrawCard)]
    assert draws == [DrawCard(0), DrawCard(1)]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, DrawCard(), SEED)
    assert caught.value.code == "no-cards"
    events, state = play(state, 0, DrawCard(0))
    assert isinstance(events[0], CardDrawn) and not events[0].turn_over
    assert state.display == [-1, handmade.card("blue", BOARD), -1, -1, -1]
    _, state = play(state, 0, DrawCard(1))
    assert state.players[0].hand == hand(pink=1, blue=1) and state.current == 1
    draws = [m.command for m in legal_moves(BOARD, state, 1) if isinstance(m.command, DrawCard)]
    assert draws == []  # no card left anywhere: action A is not available


def test_with_only_face_up_wilds_left_for_the_second_pick_the_turn_ends_after_one() -> None:
    state = make_state(display=["pink", "locomotive", None, None, None])
    events, state = play(state, 0, DrawCard(0))
    assert events[0].turn_over and state.current == 1  # type: ignore[union-attr]


# --- contracts (rules 3.C) ---------------------------------------------------------------------


def test_draw_two_contracts_keep_at_least_one() -> None:
    pile = [ticket("dam", "de-drie-hendricken"), ticket("jordaan", "oude-kerk")]
    state = make_state(ticket_pile=pile)
    (drawn,), state = play(state, 0, DrawTickets())
    assert isinstance(drawn, TicketsDrawn) and drawn.count == 2
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, KeepTickets([]), SEED)
    assert caught.value.code == "keep-more" and caught.value.section == "§3.C"
    _, kept = play(state, 0, KeepTickets([pile[1]]))
    assert kept.players[0].tickets == [pile[1]] and kept.ticket_pile == [pile[0]]


def test_with_one_contract_left_the_draw_takes_it_and_it_must_be_kept() -> None:
    last = ticket("noordermarkt", "waag")
    state = make_state(ticket_pile=[last])
    (drawn,), state = play(state, 0, DrawTickets())
    assert isinstance(drawn, TicketsDrawn) and drawn.count == 1
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, KeepTickets([]), SEED)
    assert caught.value.code == "keep-more"
    assert [m.command.keep for m in legal_moves(BOARD, state, 0)] == [[last]]  # type: ignore[attr-defined]
    _, state = play(state, 0, KeepTickets([last]))
    assert state.players[0].tickets == [last] and state.ticket_pile == []


def test_with_no_contract_left_the_draw_is_not_available() -> None:
    state = make_state(ticket_pile=[])
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, 0, DrawTickets(), SEED)
    assert caught.value.code == "no-tickets" and caught.value.section == "§3.C"
    assert all(not isinstance(m.command, DrawTickets) for m in legal_moves(BOARD, state, 0))


# --- the end (rules 4) and scoring (rules 5) -----------------------------------------------------


def test_two_carts_left_give_everyone_one_last_turn_which_may_draw() -> None:
    """Rules 4: the trigger at 2 or fewer carts; everyone, the triggering player included,
    plays one more turn, and a final turn may draw cards or contracts (rules 4 Resolved)."""
    pile = [ticket("dam", "de-drie-hendricken"), ticket("jordaan", "oude-kerk")]
    state = make_state(
        3, hands=[hand(black=1), hand(), hand()], trains=[3, 16, 16], deck=["red"] * 20,
        ticket_pile=pile,
    )
    _, state = play(state, 0, ClaimRoute(route("oude-kerk", "waag", "black"), "black", 0))
    assert state.players[0].pieces[TRAINS] == 2 and state.turns_left == 3
    _, state = draw_two(state, 1)  # a final turn drawing cards
    _, state = play(state, 2, DrawTickets())  # a final turn drawing contracts
    _, state = play(state, 2, KeepTickets([pile[1]]))
    assert state.phase == "playing" and state.current == 0 and state.turns_left == 1
    events, state = draw_two(state, 0)
    assert isinstance(events[-1], GameEnded) and events[-1].reason == "final-round"
    assert state.phase == "finished"


def test_three_carts_left_do_not_end_the_game() -> None:
    state = make_state(hands=[hand(black=1), hand()], trains=[4, 16])
    _, state = play(state, 0, ClaimRoute(route("oude-kerk", "waag", "black"), "black", 0))
    assert state.players[0].pieces[TRAINS] == 3 and state.turns_left == -1


@pytest.mark.parametrize(
    ("counts", "points"),
    [
        # 2 players: 8/4
        ([3, 1], [8, 4]),
        ([2, 2], [8, 8]),
        ([0, 4], [0, 8]),
        ([0, 0], [0, 0]),
        # 3 players: 8/5/2
        ([1, 2, 3], [2, 5, 8]),
        ([3, 3, 1], [8, 8, 2]),
        ([3, 1, 1], [8, 5, 5]),
        ([2, 0, 1], [8, 0, 5]),
        # 4 players: 8/6/4/2, the reference's examples
        ([5, 5, 3, 1], [8, 8, 4, 2]),
        ([4, 2, 2, 2], [8, 6, 6, 6]),
        ([3, 3, 3, 0], [8, 8, 8, 0]),
        ([0, 0, 6, 0], [0, 0, 8, 0]),
        ([1, 2, 3, 4], [2, 4, 6, 8]),
    ],
)
def test_goods_majority_by_player_count(counts: list[int], points: list[int]) -> None:
    """Rules 5.3: ties all score their place and the following places are skipped; a
    player with no goods card takes no place and scores nothing."""
    state = make_state(len(counts))
    for player, held in zip(state.players, counts, strict=True):
        player.goods = held
    scores, _ = final_scores(BOARD, state)
    assert [s.bonuses["goods"] for s in scores] == points
    assert [s.total for s in scores] == points  # nothing else scored in this state
    assert majority_points(counts, state.rules.goods_scoring) == points


def test_the_goods_tables_are_the_reference_ones() -> None:
    tables = {n: make_state(n).rules.goods_scoring for n in (2, 3, 4)}
    assert tables == {2: (8, 4), 3: (8, 5, 2), 4: (8, 6, 4, 2)}


def test_contracts_score_plus_or_minus_and_the_tie_goes_to_more_contracts_completed() -> None:
    """Rules 5.2 and 5.5: +value completed, -value not; the tie-break counts completed
    contracts (not their values); still tied, the victory is shared."""
    state = make_state(tickets=[[ticket("dam", "de-drie-hendricken")], []])
    # seat 0: Dam - Jan Roodenpoortstoren - Westermarkt - De Drie Hendricken (3 spaces)
    for r in (route("dam", "jan-roodenpoortstoren", "red"),
              route("jan-roodenpoortstoren", "westermarkt", "green"),
              route("westermarkt", "de-drie-hendricken", "black")):
        state.route_owner[r] = 0
        state.players[0].routes.append(r)
        state.players[0].score += BOARD.route_points[r]
    state.players[1].score = 6
    scores, won = final_scores(BOARD, state)
    assert [s.tickets for s in scores] == [3, 0] and [s.total for s in scores] == [6, 6]
    assert won == [0]
    state.players[0].tickets = []  # no contracts: tied on points and contracts
    state.players[1].score = 3
    scores, won = final_scores(BOARD, state)
    assert [s.total for s in scores] == [3, 3] and won == [0, 1]
    state.players[1].tickets = [ticket("jordaan", "oude-kerk")]  # failed (-6): no tie-break
    state.players[1].score = 9
    scores, won = final_scores(BOARD, state)
    assert [s.total for s in scores] == [3, 3] and won == [0, 1]


def test_the_final_account_names_the_goods_term() -> None:
    state = make_state()
    state.players[0].goods = 2
    scores, won = final_scores(BOARD, state)
    assert scores[0].bonuses == {"goods": 8} and scores[1].bonuses == {"goods": 0}
    assert won == [0]


def test_a_random_game_ends_with_goods_cards_matching_goods_routes() -> None:
    live, _ = play_random_game(RULES, Setup(4, "amsterdam"), Seed(bytes(32)), random.Random(1))
    held = Counter({seat: sum(BOARD.route_goods[r] for r in p.routes)
                    for seat, p in enumerate(live.players)})
    assert [p.goods for p in live.players] == [held[s] for s in range(4)]
    assert live.goods_pile + sum(p.goods for p in live.players) == 16
