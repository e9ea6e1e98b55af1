"""The ruleset's switches: what a map without a feature gets (docs/ticket_to_ride_engine.md)."""

from __future__ import annotations

import msgspec

from domain.kernel.protocol import Setup
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import BuildStation, ClaimRoute, DrawCard
from domain.ticket_to_ride.events import CardDrawn, GameEnded, RouteClaimed
from domain.ticket_to_ride.mapfile import STATIONS, TRAINS
from domain.ticket_to_ride.ruleset import ruleset_for
from domain.ticket_to_ride.state import GameState

from .handmade import hand, make_state, play, route


def switched(state: GameState, **changes: object) -> GameState:
    state.rules = msgspec.structs.replace(state.rules, **changes)
    return state


def test_europe_ruleset_numbers() -> None:
    rules = ruleset_for(Setup(3, "europe"))
    assert rules.pieces == ("trains", "stations") and rules.end_pieces == (TRAINS,)
    assert (rules.trains, rules.stations, rules.station_costs) == (45, 3, (1, 2, 3))
    assert (rules.colour_cards, rules.locomotive_cards, rules.hand) == (12, 14, 4)
    assert (rules.face_up, rules.locomotive_reset, rules.end_trigger) == (5, 3, 2)
    assert (rules.double_routes_min_seats, rules.longest_path_bonus) == (4, 10)
    assert (rules.setup_keep, rules.draw_tickets, rules.draw_keep) == (2, 3, 1)
    assert len(rules.long_tickets) == 6 and len(rules.regular_tickets) == 40


def test_without_tunnels_a_tunnel_route_is_claimed_like_a_rail() -> None:
    state = switched(make_state(hands=[hand(black=3), hand()], deck=["black"] * 3), tunnels=False)
    events, state = play(state, 0, ClaimRoute(route("madrid", "pamplona", "black"), "black", 0))
    assert [type(e) for e in events] == [RouteClaimed]
    assert len(state.deck) == 3


def test_without_ferries_no_locomotive_is_required() -> None:
    state = switched(make_state(hands=[hand(green=6), hand()]), ferries=False)
    events, _ = play(state, 0, ClaimRoute(route("palermo", "smyrna"), "green", 0))
    assert isinstance(events[0], RouteClaimed)


def test_without_resets_three_locomotives_stay_face_up() -> None:
    display = ["red", "locomotive", "locomotive", "white", "black"]
    state = switched(make_state(display=display, deck=["green", "locomotive"]), locomotive_reset=0)
    events, _ = play(state, 0, DrawCard(0))
    assert isinstance(events[0], CardDrawn) and events[0].resets == 0
    assert events[0].display == ["locomotive", "locomotive", "locomotive", "white", "black"]


def test_without_stations_none_is_offered_and_no_bonus_is_scored() -> None:
    state = make_state(hands=[hand(red=3), hand()], deck=["red"] * 4)
    for player in state.players:
        player.pieces[STATIONS] = 0
    state = switched(state, stations=0, longest_path_bonus=0)
    commands = [m.command for m in RULES.legal_moves(state, 0)]
    assert not any(isinstance(c, BuildStation) for c in commands)
    state.turns_left = 1
    _, state = play(state, 0, DrawCard())
    events, state = play(state, 0, DrawCard())
    ended = events[-1]
    assert isinstance(ended, GameEnded)
    assert all(s.station_bonus == 0 and not s.express for s in ended.scores)
