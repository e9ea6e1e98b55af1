"""Building stations (§7.1) and what they borrow at the end (§7.2)."""

from __future__ import annotations

import pytest

from domain.kernel.errors import RuleViolation
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import BuildStation
from domain.ticket_to_ride.events import StationBuilt
from domain.ticket_to_ride.mapfile import STATIONS
from domain.ticket_to_ride.moves import Payment

from .handmade import SEED, city, hand, make_state, play


def refused(state, seat, command) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(RuleViolation) as caught:
        RULES.decide(state, seat, command, SEED)
    return caught.value.code


def station_entry(state, seat=0):  # type: ignore[no-untyped-def]
    found = [m for m in RULES.legal_moves(state, seat) if isinstance(m.command, BuildStation)]
    return found[0] if found else None


def test_stations_cost_one_two_three_cards_of_one_colour() -> None:
    state = make_state(hands=[hand(red=3, blue=2, locomotive=1), hand()])
    entry = station_entry(state)
    assert entry is not None and entry.cities is not None and len(entry.cities) == 47
    assert entry.payments == (Payment("blue", 0, 0), Payment("red", 0, 0), Payment(None, 1, 1))
    events, state = play(state, 0, BuildStation(city("berlin"), "blue", 0))
    assert events[0] == StationBuilt(0, city("berlin"), "blue", 0, 1)
    assert state.players[0].pieces[STATIONS] == 2 and state.station_owner[city("berlin")] == 0
    state.current = 0
    entry = station_entry(state)
    assert entry is not None
    assert entry.payments == (Payment("blue", 1, 1), Payment("red", 0, 1))
    assert refused(state, 0, BuildStation(city("wien"), "blue", 0)) == "not-enough-cards"
    _, state = play(state, 0, BuildStation(city("wien"), "red", 1))
    assert state.players[0].hand == hand(red=2, blue=1)
    state.current = 0
    assert station_entry(state) is None  # the third costs 3 cards
    assert refused(state, 0, BuildStation(city("roma"), "red", 0)) == "not-enough-cards"
    state.players[0].hand = hand(green=3)
    _, state = play(state, 0, BuildStation(city("roma"), "green", 0))
    assert state.players[0].pieces[STATIONS] == 0 and state.players[0].hand == hand()
    assert state.discard == hand(blue=1, red=1, locomotive=1, green=3)


def test_no_station_left() -> None:
    state = make_state(hands=[hand(red=5), hand()])
    state.players[0].pieces[STATIONS] = 0
    assert station_entry(state) is None
    assert refused(state, 0, BuildStation(city("roma"), "red", 0)) == "no-stations"


def test_one_station_per_city() -> None:
    state = make_state(hands=[hand(red=5), hand(red=5)])
    _, state = play(state, 0, BuildStation(city("roma"), "red", 0))
    entry = station_entry(state, 1)
    assert entry is not None and entry.cities is not None
    assert city("roma") not in entry.cities
    assert refused(state, 1, BuildStation(city("roma"), "red", 0)) == "city-has-station"


def test_all_locomotive_station() -> None:
    state = make_state(hands=[hand(locomotive=1), hand()])
    events, state = play(state, 0, BuildStation(city("paris"), None, 1))
    assert events[0] == StationBuilt(0, city("paris"), None, 1, 1)
    assert refused(make_state(hands=[hand(red=1), hand()]), 0, BuildStation(0, None, 0)) == (
        "bad-payment"
    )


def test_all_locomotive_station_names_no_colour() -> None:
    state = make_state(hands=[hand(locomotive=1, red=1), hand()])
    assert refused(state, 0, BuildStation(city("paris"), "red", 1)) == "wrong-colour"
