"""Amsterdam's box, board and setup (``rules.md`` §1, §2, §7; ``SOURCES.md`` "Invariants
checked"): what the map file states, played.

The goods cards are `test_goods`, the contract deck (20 of 24 unknown) is
`test_amsterdam_contract_deck`; the contracts not kept at setup (under the pile) are
the versions tests'.
"""

from __future__ import annotations

from collections import Counter

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import TRAINS
from domain.ticket_to_ride.commands import BuildStation, ChooseTickets
from domain.ticket_to_ride.events import GameStarted, TicketsChosen

from .handmade import SEED, opened, play, refused
from .map_states import AMS

BOARD = AMS.board
COLOURS = ["pink", "blue", "green", "black", "red", "orange"]


def test_the_box_is_for_2_to_4_players_with_16_carts_and_44_cards() -> None:
    """§1: 44 transport cards (8 wild, 6 in each of six colours, the board's word ``pink``
    kept, Resolved); 16 carts each (Resolved: spares are not played); no stations, no
    tunnels, no ferries; route points 1, 2, 4, 7 for 1-4 spaces."""
    for seats in (1, 5):
        with pytest.raises(RuleViolation) as caught:
            RULES.check_setup(Setup(seats, AMS.id))
        assert caught.value.code == "bad-setup"
    assert list(BOARD.colours) == COLOURS
    (opening,) = RULES.start(Setup(3, AMS.id), SEED)
    assert isinstance(opening, GameStarted)
    assert Counter(opening.cards.before) == {**{c: 6 for c in COLOURS}, "locomotive": 8}
    state = RULES.evolve(None, opening)
    assert all(p.pieces[TRAINS] == 16 for p in state.players)
    features = BOARD.map.features
    assert (features.stations, features.tunnels, features.ferries) == (None, None, None)
    assert features.longest_path is None
    no_stations = refused(AMS.state(), 0, BuildStation(AMS.city("dam"), "pink", 0))
    assert (no_stations.code, no_stations.section) == ("no-stations", "§3")
    assert no_stations.message == "this map has no stations"
    assert BOARD.map.route_points == {1: 1, 2: 2, 3: 4, 4: 7}


def test_the_board_keeps_the_references_invariants() -> None:
    """17 places, 45 tracks (19 single, 13 double connections of equal length), 89 spaces,
    15/19/8/3 tracks of 1-4 spaces, the tracks per colour, 16 goods tracks; Nieuwe Waal
    has no known position (``SOURCES.md``)."""
    lengths = BOARD.route_length
    assert len(BOARD.city_ids) == 17 and len(BOARD.route_a) == 45
    assert sum(lengths) == 89 and Counter(lengths) == {1: 15, 2: 19, 3: 8, 4: 3}
    groups = set(BOARD.route_tracks)
    assert Counter(len(g) for g in groups) == {1: 19, 2: 13}
    assert all(len({lengths[t] for t in g}) == 1 for g in groups)
    assert all(len({BOARD.route_colour[t] for t in g}) == len(g) for g in groups)
    by_colour = Counter(BOARD.route_colour)
    assert [by_colour[c] for c in range(6)] == [5, 5, 5, 5, 6, 5] and by_colour[-1] == 14
    assert sum(BOARD.route_goods) == 16
    city = BOARD.map.cities[AMS.city("nieuwe-waal")]
    assert city.position_unknown and city.lat is None and city.lon is None


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_the_opening_deals_2_cards_5_face_up_and_2_contracts(seats: int) -> None:
    """§2.3-2.5: 2 transport cards each, 5 face up, the rest the deck; 2 contracts each."""
    (opening,) = RULES.start(Setup(seats, AMS.id), SEED)
    assert isinstance(opening, GameStarted)
    assert all(len(cards or []) == 2 for cards in opening.hands)
    assert all(len(offered or []) == 2 for offered in opening.offered)
    state = RULES.evolve(None, opening)
    assert len(state.deck) + sum(state.discard) == 44 - seats * 2 - 5
    assert -1 not in state.display
    assert len(state.ticket_pile) == 24 - seats * 2


def test_at_setup_each_player_keeps_both_contracts_or_exactly_one() -> None:
    """§2.5: keeping none is refused; the legal moves offer either one or both."""
    state = opened(3, AMS.id)
    offered = state.players[0].offered
    error = refused(state, 0, ChooseTickets([]))
    assert (error.code, error.section) == ("keep-more", "§2.5")
    for keep in ([offered[0]], [offered[1]], offered):
        (chosen,), _ = play(state.copy(), 0, ChooseTickets(list(keep)))
        assert isinstance(chosen, TicketsChosen) and chosen.count == len(keep)
    kept = {tuple(m.command.keep) for m in RULES.legal_moves(state, 0)
            if isinstance(m.command, ChooseTickets)}
    assert kept == {(offered[0],), (offered[1],), tuple(offered)}


def test_the_opening_display_never_shows_3_wilds_when_a_good_one_can_be_formed() -> None:
    """§2.4: 3 or more wilds among the 5: all 5 discarded and 5 new turned up, repeated;
    some of these openings had to."""
    reset = 0
    for byte in range(60):
        (opening,) = RULES.start(Setup(4, AMS.id), Seed(bytes([byte]) * 32))
        assert isinstance(opening, GameStarted)
        state = RULES.evolve(None, opening)
        reset += sum(state.discard) > 0 or bool(opening.shuffles)  # only a reset discards
        assert sum(1 for c in state.display if c == BOARD.locomotive) <= 2
    assert reset > 0
