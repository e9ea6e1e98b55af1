"""Stations (Europe §7): built in a city with no station, paid like a gray route; at the end
each lets its owner borrow one opponent route into its city for tickets, and each
station not built scores the map's bonus.

The borrowing itself is part of ticket scoring (`scoring.score_tickets`, given the
stations' cities by `final`), and the bonus part of the final account; this module
holds building them (the command, its event and its legal move) and the bonus's line
on the score sheet.
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.scores import Figure, ScoreTerm
from domain.ticket_to_ride.board import STATIONS, Board
from domain.ticket_to_ride.claimable import gray_payments
from domain.ticket_to_ride.commands import BuildStation
from domain.ticket_to_ride.entries import Move, Payments
from domain.ticket_to_ride.events import Event, GameStarted, StationBuilt
from domain.ticket_to_ride.hooks import Engine, Feature, Lines
from domain.ticket_to_ride.payments import (
    check_colour_payment,
    colour_index,
    colour_name,
    take_colour_payment,
)
from domain.ticket_to_ride.redaction import public
from domain.ticket_to_ride.refusals import refuse
from domain.ticket_to_ride.ruleset import Ruleset, stations_built
from domain.ticket_to_ride.state import FinalScore, GameState
from domain.ticket_to_ride.turn import Turn, end_turn, finish


def station_cost(rules: Ruleset, left: int) -> int:
    """The cards the next station costs a player with `left` stations (§7.1)."""
    stations = rules.features.stations
    assert stations is not None
    return stations.costs[stations_built(rules, left)]


def build_station(turn: Turn, seat: int, command: BuildStation) -> list[Event]:
    """A station in a city with none, paid with cards of one colour, Locomotives wild."""
    state, board = turn.state, turn.board
    player = state.players[seat]
    if not player.pieces[STATIONS]:
        raise refuse("no-stations", "you have no station left", "§7.1")
    city = command.city
    if not 0 <= city < len(state.station_owner):
        raise refuse("no-such-city", f"there is no city {city}", "§7.1")
    if state.station_owner[city] >= 0:
        raise refuse("city-has-station", "this city already has a station", "§7.1")
    cost = station_cost(state.rules, player.pieces[STATIONS])
    colour = colour_index(board, command.colour, "§7.1")
    if command.locomotives == cost and colour >= 0:
        raise refuse("wrong-colour", "an all-Locomotive payment names no colour", "§7.1")
    used = check_colour_payment(board, player.hand, colour, command.locomotives, cost, "§7.1")
    turn.pay_colour(used, command.locomotives, cost)
    built = StationBuilt(seat, city, colour_name(board, used), command.locomotives, cost)
    return finish(turn, [built])


def station_built(engine: Engine, state: GameState, event: StationBuilt) -> None:
    player = state.players[event.seat]
    take_colour_payment(engine.board, player.hand, state.discard, event.colour,
                        event.locomotives, event.cards)
    state.station_owner[event.city] = event.seat
    free = state.free_cities
    at = free.index(event.city)
    state.free_cities = free[:at] + free[at + 1 :]
    player.pieces[STATIONS] -= 1
    state.passes = 0
    end_turn(engine, state)


def station_entry(engine: Engine, state: GameState, seat: int, out: list[Move]) -> None:
    """The build-station entry (§7.1), when a station can be paid and placed: the cost
    paid as a gray route of that length (§7.1, §5.2), every free city an alternative."""
    player = state.players[seat]
    left = player.pieces[STATIONS]
    if not left:
        return
    free = state.free_cities
    if not free:
        return
    hand, loco = player.hand, engine.board.locomotive
    stations = state.rules.features.stations
    assert stations is not None
    cost = stations.costs[stations.count - left]
    payments, first, fewest = gray_payments(engine.claim_table.payments, cost, 0, hand[loco],
                                            hand, loco)
    if payments:
        # the ready command varies its city with the turn so random play spreads out
        command = engine.tables["stations"][free[state.turn % len(free)]][first][fewest]
        out.append(Move(command, payments, cities=free))


def commands(board: Board, payments: Payments) -> tuple[tuple[tuple[BuildStation, ...], ...], ...]:
    """Every ready build-station command, built once with the engine: by city, colour
    (index + 1; 0: Locomotives only) and Locomotives (every turn's listing reads one)."""
    stations = board.map.features.stations
    assert stations is not None
    most = max(stations.costs, default=0)
    return tuple(
        tuple(tuple(BuildStation(city, colour, low) for low in range(most + 1))
              for colour in [None, *board.colours])
        for city in range(len(board.city_ids))
    )


def start(engine: Engine, state: GameState, event: GameStarted) -> None:
    state.free_cities = tuple(range(len(engine.board.city_ids)))


def sheet(engine: Engine, state: GameState, scores: Sequence[FinalScore]) -> list[Lines]:
    """The term ``stations``: the bonus for the stations not built; and the figure
    ``stations-built``, a tie-break (Europe §9)."""
    return [
        Lines((ScoreTerm("stations", score.station_bonus, "§9"),),
              (Figure("stations-built", stations_built(state.rules, player.pieces[STATIONS]),
                      "§9"),))
        for player, score in zip(state.players, scores, strict=True)
    ]


STATIONS_FEATURE = Feature(
    name="stations",
    refusals=(("no-stations", "§7.1"), ("no-such-city", "§7.1"), ("city-has-station", "§7.1"),
              ("wrong-colour", "§7.1"), ("unknown-colour", "§7.1"), ("bad-payment", "§7.1"),
              ("not-enough-cards", "§7.1")),
    turn_commands={BuildStation: build_station},
    absent={BuildStation: ("no-stations", "this map has no stations", "§3")},
    appliers={StationBuilt: station_built},
    redactions={StationBuilt: public},
    turn_moves=station_entry,
    start=start,
    tables=commands,
    sheet=sheet,
)
