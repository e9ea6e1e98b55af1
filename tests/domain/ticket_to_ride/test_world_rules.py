"""Rails & Sails World rules beyond the prices (rules.md §4, §5.2, §5.4), on handcrafted
states of the transcribed map (`world`)."""

from __future__ import annotations

import msgspec
import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.ticket_to_ride.commands import (
    BuildHarbor,
    ChoosePieces,
    ClaimRoute,
    Command,
    ExchangePieces,
)
from domain.ticket_to_ride.events import HarborBuilt, PiecesChosen, PiecesExchanged, PiecesRevealed
from domain.ticket_to_ride.final import final_scores
from domain.ticket_to_ride.mapfile import TRAINS
from domain.ticket_to_ride.scoring import tour_in_order
from domain.ticket_to_ride.state import GameState

from .world import BOARD, RULES, SEED, playing, route

SHIPS = 2
CASABLANCA_TOUR = next(
    t for t, cities in enumerate(BOARD.ticket_cities)
    if [BOARD.city_ids[c] for c in cities] == ["casablanca", "al-qahira", "tehran"]
)


def _own(state: GameState, seat: int, routes: list[int]) -> None:
    for r in routes:
        state.route_owner[r] = seat
        state.players[seat].routes.append(r)


def _tour_points(routes: list[int]) -> tuple[int, bool]:
    state = playing(2)
    state.players[0].tickets = [CASABLANCA_TOUR]
    state.players[1].tickets = []
    _own(state, 0, routes)
    scores, _ = final_scores(BOARD, state)
    return scores[0].tickets, scores[0].completed[0]


def test_a_tour_scores_its_value_in_order_its_lower_value_out_of_order_its_penalty_unjoined() -> (
    None
):
    # printed order: Casablanca - Al-Qahira - Tehran (9 / 6 / -15)
    qahira_tehran = next(
        r for r in range(len(BOARD.route_a))
        if {BOARD.city_ids[BOARD.route_a[r]], BOARD.city_ids[BOARD.route_b[r]]}
        == {"al-qahira", "tehran"})
    in_order = [route("casablanca", "al-qahira"), qahira_tehran]
    assert _tour_points(in_order) == (9, True)
    # Al-Qahira hangs off a Casablanca-Tehran line: joined, but no path meets them in order
    pendant = [route("marseille", "casablanca"), route("marseille", "athina"),
               route("athina", "tehran"), route("athina", "al-qahira")]
    assert _tour_points(pendant) == (6, True)
    assert _tour_points([route("marseille", "casablanca")]) == (-15, False)


def test_in_order_is_a_path_using_no_route_twice_meeting_the_cities_in_order_or_reversed() -> (
    None
):
    # cities 0..4; the path may pass a city twice (a loop) but not reuse a route
    loop = [(0, 1), (1, 2), (2, 0), (0, 3)]
    assert tour_in_order([1, 2, 3], loop)  # 1-2-0-3
    assert tour_in_order([3, 2, 1], loop)  # the reverse of a printed order
    assert not tour_in_order([1, 3, 2], [(0, 1), (0, 2), (0, 3)])  # a star: joined, not in order
    assert tour_in_order([1, 0, 2], [(0, 1), (0, 2), (0, 3)])


def test_the_end_comes_at_six_or_fewer_trains_and_ships_after_two_more_turns_each() -> None:
    state = playing(2, purple=1)
    assert state.rules.final_rounds == 2 and state.rules.end_trigger == 6
    state.players[0].pieces[TRAINS] = 3
    state.players[0].pieces[SHIPS] = 4
    one = route("hong-kong", "manila")  # purple sea, 1
    assert BOARD.route_length[one] == 1
    state.players[0].hand[BOARD.card_at["purple-ship"]] = 1
    for event in RULES.decide(state, 0, ClaimRoute(one, cards={"purple-ship": 1}), SEED):
        state = RULES.evolve(state, event)
    assert state.turns_left == 4 and state.current == 1  # 2 turns for each of the 2 players
    start = state.turn
    while state.phase != "finished":
        command = RULES.legal_moves(state, state.current)[0].command
        for event in RULES.decide(state, state.current, command, SEED):
            state = RULES.evolve(state, event)
    assert state.turn - start == 4 and state.final is not None


def test_a_tie_goes_to_the_most_tickets_completed_then_is_shared() -> None:
    state = playing(3)
    regular = [t for t in range(len(BOARD.ticket_cities)) if BOARD.ticket_penalty[t] is None]
    done = regular[0]
    joining = _path(*BOARD.ticket_cities[done])
    for p in state.players:
        p.tickets, p.score = [], 0
    _own(state, 0, joining)
    state.players[0].tickets = [done]
    state.players[1].score = BOARD.ticket_points[done]
    state.players[2].score = BOARD.ticket_points[done]
    scores, won = final_scores(BOARD, state)
    assert scores[0].total == scores[1].total == scores[2].total
    assert won == [0]
    state.players[0].tickets = []
    state.players[0].score += BOARD.ticket_points[done]
    assert final_scores(BOARD, state)[1] == [0, 1, 2]


def _path(start: int, goal: int) -> list[int]:
    """The routes of a shortest path between two cities (breadth first)."""
    came: dict[int, tuple[int, int]] = {start: (-1, -1)}
    frontier = [start]
    while goal not in came:
        reached = []
        for city in frontier:
            for r in BOARD.city_routes[city]:
                other = BOARD.route_a[r] + BOARD.route_b[r] - city
                if other not in came:
                    came[other] = (city, r)
                    reached.append(other)
        frontier = reached
    routes, city = [], goal
    while city != start:
        city, r = came[city]
        routes.append(r)
    return routes


# --- harbors (§3.3, §5.3) -----------------------------------------------------------------

HARBORS = 3  # the piece kind after trains, stations and ships


def _city(city_id: str) -> int:
    return BOARD.city_ids.index(city_id)


def _refused(state: GameState, command: Command) -> str:
    with pytest.raises(RuleViolation) as refused:
        RULES.decide(state, 0, command, SEED)
    return refused.value.code


def test_a_harbor_goes_in_a_port_the_player_s_route_reaches_one_per_city() -> None:
    state = playing(2, red_anchor=2, red_ship=1, wild=1, red=2, red_double_ship=2)
    paid = {"red-anchor": 2, "red-ship": 1, "wild": 1}
    athina = _city("athina")
    assert _refused(state, BuildHarbor(athina, paid)) == "no-route-to-city"
    _own(state, 0, [route("athina", "al-qahira")])  # a sea route into the city qualifies
    events = RULES.decide(state, 0, BuildHarbor(athina, paid), SEED)
    assert events[0] == HarborBuilt(0, athina, paid)
    after = msgspec.msgpack.decode(msgspec.msgpack.encode(state), type=GameState)
    for event in events:
        after = RULES.evolve(after, event)
    assert after.harbor_owner[athina] == 0 and after.players[0].pieces[HARBORS] == 2
    # the train cards and the wild to the train discards, the ship card to the ship discards
    assert sum(after.discard) == 3 and sum(after.piles[0].discard) == 1
    assert RULES.public_view(after).harbor_owner[athina] == 0  # type: ignore[index]
    # one per city, from any player; a port only; a harbor left to build
    state.harbor_owner[athina] = 1
    assert _refused(state, BuildHarbor(athina, paid)) == "city-has-harbor"
    _own(state, 0, [route("tehran", "lahore")])
    assert _refused(state, BuildHarbor(_city("tehran"), paid)) == "not-a-port"
    state.harbor_owner[athina] = -1
    state.players[0].pieces[HARBORS] = 0
    assert _refused(state, BuildHarbor(athina, paid)) == "no-harbors"


def test_a_harbor_costs_two_train_and_two_ship_anchor_cards_of_one_colour_wilds_for_any() -> (
    None
):
    state = playing(2, red_anchor=2, red_ship=2, wild=4, red=2, red_double_ship=2,
                    white_ship=1)
    _own(state, 0, [route("athina", "al-qahira")])
    athina = _city("athina")
    for paid in ({"red-anchor": 2, "red-ship": 2}, {"wild": 4}, {"red-ship": 2, "wild": 2},
                 {"red-anchor": 1, "wild": 3}):
        RULES.decide(state, 0, BuildHarbor(athina, paid), SEED)
    for paid in ({"red": 2, "red-ship": 2},  # plain train cards have no anchor
                 {"red-anchor": 2, "red-double-ship": 2},  # nor double-ship cards
                 {"red-anchor": 2, "white-ship": 1, "red-ship": 1},  # one colour
                 {"red-anchor": 1, "red-ship": 2, "wild": 2},  # five cards
                 {"red-anchor": 2, "wild": 1}):  # three cards
        assert _refused(state, BuildHarbor(athina, paid)) == "bad-payment", paid
    entry = next(m for m in RULES.legal_moves(state, 0) if isinstance(m.command, BuildHarbor))
    assert entry.cities == (athina, _city("al-qahira"))
    assert [(p.colour, p.min_locomotives, p.max_locomotives) for p in entry.payments or ()] == [
        ("red", 0, 3), ("white", 3, 3), (None, 4, 4)]
    RULES.decide(state, 0, entry.command, SEED)


def test_harbors_score_by_the_completed_tickets_naming_their_city_and_cost_when_unbuilt() -> (
    None
):
    state = playing(2)
    tickets = [t for t, cities in enumerate(BOARD.ticket_cities)
               if _city("athina") in cities and BOARD.ticket_penalty[t] is None]
    assert len(tickets) == 2
    for p in state.players:
        p.tickets, p.score = [], 0
    state.harbor_owner[_city("athina")] = 0
    state.players[0].pieces[HARBORS] = 2
    scores, _ = final_scores(BOARD, state)
    assert scores[0].bonuses == {"harbors": 0 - 8}  # no completed ticket names Athina
    assert scores[1].bonuses == {"harbors": -12}
    state.players[0].tickets = tickets
    _own(state, 0, _path(*BOARD.ticket_cities[tickets[0]]))
    scores, _ = final_scores(BOARD, state)
    assert scores[0].completed[0] and scores[0].bonuses == {"harbors": 20 - 8}
    _own(state, 0, _path(*BOARD.ticket_cities[tickets[1]]))
    scores, _ = final_scores(BOARD, state)
    assert scores[0].bonuses == {"harbors": 30 - 8}
    assert scores[0].total == scores[0].tickets + 22


# --- the secret piece split (§2.6) and exchanges (§3.4) ------------------------------------


def _opened(seats: int) -> GameState:
    """A World game just dealt: tickets and pieces still to choose."""
    state = None
    for event in RULES.start(Setup(seats, BOARD.id), SEED):
        state = RULES.evolve(state, event)
    assert state is not None
    return state


def test_each_seat_chooses_its_pieces_in_secret_and_all_are_revealed_together() -> None:
    state = _opened(3)
    moves = [m.command for m in RULES.legal_moves(state, 0) if isinstance(m.command, ChoosePieces)]
    assert moves[0] == ChoosePieces(20) and sorted(c.trains for c in moves) == list(range(10, 26))
    public = msgspec.json.encode(RULES.public_view(state))
    for trains in (9, 26):
        assert _refused(state, ChoosePieces(trains)) == "bad-split"
    events = RULES.decide(state, 0, ChoosePieces(25), SEED)
    assert events == [PiecesChosen(0, {"trains": 25, "ships": 35})]
    assert RULES.redact(events[0], 1) == PiecesChosen(0, None)
    state = RULES.evolve(state, events[0])
    # nothing public tells the choice, nor that it was made: seat 0 still has tickets to keep
    assert msgspec.json.encode(RULES.public_view(state)) == public
    assert RULES.to_act(state) == [0, 1, 2]
    assert _refused(state, ChoosePieces(20)) == "not-your-turn"
    for seat, trains in ((1, 10), (2, 20)):
        events = RULES.decide(state, seat, ChoosePieces(trains), SEED)
        for event in events:
            state = RULES.evolve(state, event)
    assert events[-1] == PiecesRevealed([{"trains": 25, "ships": 35}, {"trains": 10, "ships": 50},
                                         {"trains": 20, "ships": 40}])
    assert [(p.pieces[TRAINS], p.pieces[SHIPS]) for p in state.players] == [
        (25, 35), (10, 50), (20, 40)]
    seats = RULES.public_view(state).seats
    assert [s.reserve for s in seats] == [{"trains": 0, "ships": 15}, {"trains": 15, "ships": 0},
                                          {"trains": 5, "ships": 10}]
    assert state.phase == "choosing-tickets" and RULES.to_act(state) == [0, 1, 2]  # tickets


def test_an_exchange_is_a_whole_turn_one_way_a_point_a_piece_within_the_reserve() -> None:
    state = playing(2)
    player = state.players[0]
    assert (player.pieces[TRAINS], player.pieces[SHIPS], player.reserve[TRAINS],
            player.reserve[SHIPS]) == (20, 40, 5, 10)
    exchanges = [m.command for m in RULES.legal_moves(state, 0)
                 if isinstance(m.command, ExchangePieces)]
    assert exchanges == [ExchangePieces("trains", n) for n in range(1, 11)] + [
        ExchangePieces("ships", n) for n in range(1, 6)]
    assert _refused(state, ExchangePieces("ships", 6)) == "exchange-limit"  # 5 trains in the box
    assert _refused(state, ExchangePieces("trains", 0)) == "exchange-limit"
    assert _refused(state, ExchangePieces("harbors", 1)) == "bad-exchange"
    score = player.score
    events = RULES.decide(state, 0, ExchangePieces("ships", 5), SEED)
    assert events == [PiecesExchanged(0, "ships", "trains", 5, 5)]
    for event in events:
        state = RULES.evolve(state, event)
    player = state.players[0]
    assert (player.pieces[TRAINS], player.pieces[SHIPS], player.reserve[TRAINS],
            player.reserve[SHIPS]) == (25, 35, 0, 15)
    assert player.score == score - 5 and state.current == 1  # the turn is over
    # a score may go below zero; taken back later, again at a point each
    state.current = 0
    events = RULES.decide(state, 0, ExchangePieces("trains", 15), SEED)
    assert events == [PiecesExchanged(0, "trains", "ships", 15, 15)]


def test_the_picture_tells_sea_from_rail_and_shows_doubled_spaces_harbors_and_wraps() -> None:
    from xml.etree import ElementTree

    state = playing(2)
    state.harbor_owner[_city("athina")] = 1
    drawn = ElementTree.fromstring(RULES.board_svg(state))
    groups = [g for g in drawn.iter() if "data-route" in g.attrib]
    sea = [g for g in groups if g.attrib.get("data-kind") == "sea"]
    assert {int(g.attrib["data-route"]) for g in sea} == {
        r for r in range(len(BOARD.route_a)) if BOARD.route_kind[r] == 3}
    spaces = [e.tag.rsplit("}", 1)[-1] for g in sea for e in g
              if e.tag.endswith(("ellipse", "polygon"))]
    assert set(spaces) == {"ellipse"}  # ovals; rail spaces are polygons
    doubled = [int(g.attrib["data-route"]) for g in groups
               if any(e.attrib.get("class") == "doubled" for e in g)]
    assert set(doubled) == {r for r in range(len(BOARD.route_a)) if BOARD.route_doubled[r]}
    # a route off the side edge is drawn twice, once from each of its cities
    wrapped = [int(g.attrib["data-route"]) for g in groups if "wraps" in g.attrib["class"]]
    assert wrapped and all(wrapped.count(r) == 2 for r in wrapped)
    harbors = [e for e in drawn.iter() if e.attrib.get("class") == "harbor"]
    assert [e.attrib["data-owner"] for e in harbors] == ["1"]
    ports = [e for e in drawn.iter() if e.attrib.get("class") == "port"]
    assert len(ports) == sum(BOARD.city_harbor) - 1



def test_the_opening_deals_3_train_and_7_ship_cards_and_5_tickets_keeping_3() -> None:
    from domain.ticket_to_ride.commands import ChooseTickets, DrawTickets, KeepTickets

    state = _opened(2)
    for player in state.players:
        decks = [BOARD.card_deck[c] for c, n in enumerate(player.hand) for _ in range(n)]
        assert (decks.count(0), decks.count(1)) == (3, 7) and len(player.offered) == 5
    assert [BOARD.card_deck[c] for c in state.display].count(1) >= 3 or any(
        c == BOARD.locomotive for c in state.display)  # 3 + 3, unless a wild reset moved them
    offered = state.players[0].offered
    assert _refused(state, ChooseTickets(offered[:2])) == "keep-more"
    RULES.decide(state, 0, ChooseTickets(offered[:3]), SEED)
    state = playing(2)
    events = RULES.decide(state, 0, DrawTickets(), SEED)
    for event in events:
        state = RULES.evolve(state, event)
    drawn = state.players[0].offered
    assert len(drawn) == 4
    assert _refused(state, KeepTickets([])) == "keep-more"
    RULES.decide(state, 0, KeepTickets(drawn[:1]), SEED)


@pytest.mark.parametrize(("seats", "open_after_one"), [(2, False), (3, False), (4, True)])
def test_a_double_route_s_second_track_opens_only_with_4_or_5_players(
    seats: int, open_after_one: bool
) -> None:
    first, second = BOARD.route_tracks[route("cape-town", "indian-ocean-star", "red")]
    state = playing(seats, green_ship=5, red_ship=5)
    state.route_owner[first] = 1
    entry = [m for m in RULES.legal_moves(state, 0)
             if isinstance(m.command, ClaimRoute) and m.command.route == second]
    assert bool(entry) == open_after_one
