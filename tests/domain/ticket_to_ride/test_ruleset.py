"""Europe's rules as its map file states them (Europe rules.md §1 components, and each
number of §2, §4.3, §4.4, §5.4, §5.5, §7, §8, §9), the board against the component
list, and what a game gets when a map file leaves a feature or a rule out.

The variants' ticket settings are in `test_variants.py`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import msgspec
import pytest

from domain.kernel.protocol import Setup
from domain.ticket_to_ride.board import FERRY, STATIONS, board_from_map
from domain.ticket_to_ride.commands import BuildStation, ClaimRoute, DrawCard, PayTunnel
from domain.ticket_to_ride.events import CardDrawn, RouteClaimed
from domain.ticket_to_ride.mapcheck import check_map
from domain.ticket_to_ride.mapfile import MapFile, Route
from domain.ticket_to_ride.rules import TicketToRideRules
from domain.ticket_to_ride.ruleset import ruleset_for

from .europe import AMSTERDAM_ESSEN, MADRID_PAMPLONA_BLACK, last_turn
from .handmade import BOARD, city, give_route, hand, make_state, play, refused


def test_the_map_file_states_the_numbers_of_the_rules() -> None:
    data = BOARD.map
    rules, features = data.rules, data.features
    assert (rules.players.min, rules.players.max) == (2, 5)  # §1
    assert rules.pieces.counts == {"trains": 45}  # §1, §2.1
    assert [(d.id, d.hand, d.face_up) for d in data.decks] == [("train", 4, 5)]  # §2.2, §2.3
    market = rules.market
    assert (market.kind, market.wild_reset, market.face_up_without_piles) == (
        "one-deck", 3, False  # §4.3; §4.4: no face-up draw once both piles are empty
    )
    assert rules.track_groups.usable == {2: {2: 1, 3: 1, 4: 2, 5: 2}}  # §5.5
    assert (rules.end.trigger, rules.end.pieces, rules.end.final_rounds) == (2, ["trains"], 1)
    assert rules.winner.tie_breaks == [  # §9
        "most-tickets-completed", "fewest-stations-built", "longest-path-bonus"
    ]
    assert rules.setup_tickets.returns == "box"  # §2.8
    stations = features.stations
    assert stations is not None  # §7.1, §9
    assert (stations.count, stations.costs, stations.bonus) == (3, [1, 2, 3], 4)
    assert features.tunnels is not None and features.tunnels.revealed == 3  # §5.4
    assert features.ferries is not None and features.ferries.paid_with == "locomotives"  # §5.3
    assert features.longest_path is not None and features.longest_path.bonus == 10  # §9
    unused = ("goods", "bonus_draws", "doubled_spaces", "sea_routes", "piece_split", "harbors",
              "goal_cards", "tours")
    assert all(getattr(features, name) is None for name in unused)
    assert data.route_points == {1: 1, 2: 2, 3: 4, 4: 7, 6: 15, 8: 21}  # §1
    standard = data.variants["standard"]  # §2.5-2.7, §6
    assert (standard.long_dealt, standard.regular_dealt, standard.setup_keep,
            standard.setup_long_max, standard.draw_tickets, standard.draw_keep) == (
        1, 3, 2, None, 3, 1
    )


@pytest.mark.parametrize(("seats", "usable"), [(2, 1), (3, 1), (4, 2), (5, 2)])
def test_the_ruleset_of_a_game_follows_from_the_map_and_the_seats(seats: int, usable: int) -> None:
    rules = ruleset_for(Setup(seats, "europe"))
    assert rules.pieces == ("trains", "stations") and rules.piece_counts == (45, 3)
    assert rules.end_pieces == (0,)
    assert rules.usable_tracks[2] == usable  # §5.5: tracks of a double route in play
    assert rules.setup_returns == "box"
    assert len(rules.long_tickets) == 6 and len(rules.regular_tickets) == 40


def test_the_board_matches_the_component_list() -> None:
    """§1: 47 cities, 101 tracks on 90 city pairs, 11 of them double, lengths 1 to 8 but
    not 5 or 7; ferries gray with 1 or 2 Locomotive symbols; 110 cards, 8 colours of 12
    and 14 Locomotives; the ticket decks and the Big Cities logo; 9 metropolises."""
    pairs = Counter(
        frozenset((BOARD.route_a[r], BOARD.route_b[r])) for r in range(len(BOARD.route_a))
    )
    assert len(BOARD.city_ids) == 47 and len(BOARD.route_a) == 101 and len(pairs) == 90
    assert sum(1 for n in pairs.values() if n == 2) == 11 and max(pairs.values()) == 2
    assert set(BOARD.route_length) == {1, 2, 3, 4, 6, 8}
    for r, kind in enumerate(BOARD.route_kind):
        symbols = BOARD.route_locomotives[r]
        assert symbols in ((1, 2) if kind == FERRY else (0,))
        if kind == FERRY:
            assert BOARD.route_colour[r] < 0  # ferries are gray
    assert len(BOARD.colours) == 8
    assert Counter(BOARD.map.cards[c].count for c in range(8)) == {12: 8}
    assert BOARD.card_count[BOARD.locomotive] == 14 and sum(BOARD.card_count) == 110
    assert Counter(BOARD.ticket_group) == {
        "base-regular": 25,
        "base-big-city": 15,
        "long": 6,
        "1912-regular": 19,
        "1912-big-city": 30,
        "1912-long": 6,
    }
    metropolises = set(BOARD.metropolises)
    assert len(metropolises) == 9
    for t, group in enumerate(BOARD.ticket_group):
        names_metropolis = bool({BOARD.ticket_a[t], BOARD.ticket_b[t]} & metropolises)
        if not group.endswith("long"):
            assert group.endswith("big-city") == names_metropolis


# --- a map file without a feature, or with a rule changed ------------------------------------


def europe_with(**changes: Any) -> TicketToRideRules:
    """The rules of a map file that is Europe's with `changes`: ``rules`` and
    ``features`` name fields to replace in those sections, ``routes`` the whole list;
    the file must pass the map checks."""
    data: MapFile = BOARD.map
    replace = msgspec.structs.replace
    rules = replace(data.rules, **changes.pop("rules", {}))
    features = replace(data.features, **changes.pop("features", {}))
    data = replace(data, rules=rules, features=features, **changes)
    check_map("europe-changed.json", data)
    board = board_from_map(data)
    return TicketToRideRules({board.id: board})


def as_rail(data_route: Route) -> Route:
    """A tunnel of the map file made an ordinary route."""
    if data_route.kind != "tunnel":
        return data_route
    return msgspec.structs.replace(data_route, kind="rail")


def test_without_the_tunnels_feature_a_former_tunnel_is_claimed_like_any_route() -> None:
    routes = [as_rail(r) for r in BOARD.map.routes]
    rules = europe_with(routes=routes, features={"tunnels": None})
    state = make_state(hands=[hand(black=3), hand()], deck=["black"] * 3, rules=rules)
    events, after = play(state, 0, ClaimRoute(MADRID_PAMPLONA_BLACK, "black", 0), rules=rules)
    assert [type(e) for e in events] == [RouteClaimed]
    assert len(after.deck) == 3  # nothing revealed
    assert refused(after, 1, PayTunnel(0), rules=rules).code == "not-now"


def test_without_the_wild_reset_three_face_up_locomotives_stay() -> None:
    market = msgspec.structs.replace(BOARD.map.rules.market, wild_reset=0)
    rules = europe_with(rules={"market": market})
    display = ["red", "locomotive", "locomotive", "white", "black"]
    state = make_state(display=display, deck=["green", "locomotive"], rules=rules)
    events, _ = play(state, 0, DrawCard(0), rules=rules)
    drawn = events[0]
    assert isinstance(drawn, CardDrawn) and drawn.resets == 0
    assert drawn.display == ["locomotive", "locomotive", "locomotive", "white", "black"]


def test_without_stations_and_longest_path_none_is_built_and_no_bonus_is_scored() -> None:
    winner = msgspec.structs.replace(BOARD.map.rules.winner, tie_breaks=["most-tickets-completed"])
    rules = europe_with(rules={"winner": winner},
                        features={"stations": None, "longest_path": None})
    state = make_state(hands=[hand(red=3), hand()], deck=["red"] * 2, rules=rules)
    assert state.players[0].pieces[STATIONS] == 0
    listed = [m.command for m in rules.legal_moves(state, 0)]
    assert listed and not any(isinstance(c, BuildStation) for c in listed)
    absent = refused(state, 0, BuildStation(city("roma"), "red", 0), rules=rules)
    assert absent.code == "no-stations"
    give_route(state, 0, AMSTERDAM_ESSEN, rules=rules)
    ended = last_turn(state, rules)
    assert all(s.station_bonus == 0 and not s.express for s in ended.scores)
    assert ended.scores[0].longest_path == 3
