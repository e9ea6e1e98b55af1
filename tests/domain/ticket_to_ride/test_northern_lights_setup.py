"""Northern Lights' box, board and setup (``rules.md`` §0, §1, §2, §3 "one of three
actions", §5.1, §5.3 "no fixed longest-route bonus"): what the map file states, played.

The goal cards of the setup are `test_goal_cards`; the tickets not kept at setup (under
the pile, rules version 0.3) are the versions tests'; the map file against the
reference data, field by field, is `test_northern_lights_reference_data`.
"""

from __future__ import annotations

from collections import Counter

import pytest

from domain.kernel.errors import RuleViolation
from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.board import TRAINS
from domain.ticket_to_ride.commands import BuildStation, ChooseTickets, DrawCard
from domain.ticket_to_ride.events import CardDrawn, GameStarted
from domain.ticket_to_ride.final import final_scores

from .handmade import claimed, opened, play, refused
from .map_states import NL

BOARD = NL.board
ENGINE = RULES.engines[NL.id]


def test_the_board_has_the_reference_counts() -> None:
    """§1, §6: 50 city points in 9 countries (4 capitals, 11 Arctic cities), 161 tracks
    (59 single, 48 double, 2 triple routes: Oslo-Karlstad and Karlstad-Stockholm, both
    of 1 space), 55 tickets, 11 goal cards, lengths 1-5."""
    assert (len(BOARD.city_ids), len(BOARD.route_a), len(BOARD.ticket_a)) == (50, 161, 55)
    goal_cards = BOARD.map.features.goal_cards
    assert goal_cards is not None and len(goal_cards.cards) == 11
    assert Counter(len(group) for group in set(BOARD.route_tracks)) == {1: 59, 2: 48, 3: 2}
    triples = {g for g in BOARD.route_tracks if len(g) == 3}
    assert triples == {NL.tracks("oslo", "karlstad"), NL.tracks("karlstad", "stockholm")}
    assert all(BOARD.route_length[r] == 1 for g in triples for r in g)
    assert set(BOARD.route_length) == {1, 2, 3, 4, 5}
    assert set(BOARD.city_country) == {"denmark", "estonia", "finland", "latvia", "lithuania",
                                       "norway", "poland", "russia", "sweden"}
    assert sum(BOARD.city_capital) == 4 and sum(BOARD.city_arctic) == 11


def test_the_box_is_for_2_to_5_players_with_40_trains_and_114_cards() -> None:
    """§0, §1, §2.1: 12 cards of each of 8 colours and 18 Locomotives; 40 trains each."""
    for seats in (1, 6):
        with pytest.raises(RuleViolation) as caught:
            RULES.check_setup(Setup(seats, NL.id))
        assert caught.value.code == "bad-setup"
    assert list(BOARD.colours) == ["purple", "blue", "orange", "white", "green", "yellow",
                                   "black", "red"]
    for seats in range(2, 6):
        (opening,) = RULES.start(Setup(seats, NL.id), Seed(bytes([seats]) * 32))
        assert isinstance(opening, GameStarted)
        assert Counter(opening.cards.before) == {**{c: 12 for c in BOARD.colours},
                                                 "locomotive": 18}
        state = RULES.evolve(None, opening)
        assert all(p.pieces[TRAINS] == 40 for p in state.players)


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_setup_deals_4_cards_5_face_up_and_4_tickets(seats: int) -> None:
    """§2.3, §2.5: 4 cards to each hand, 5 face up, the rest the deck; 4 tickets each."""
    (opening,) = RULES.start(Setup(seats, NL.id), Seed(bytes([seats]) * 32))
    assert isinstance(opening, GameStarted)
    assert all(len(h or ()) == 4 for h in opening.hands)
    assert all(len(t or ()) == 4 for t in opening.offered)
    state = RULES.evolve(None, opening)
    assert all(sum(p.hand) == 4 for p in state.players) and -1 not in state.display
    assert len(state.deck) == 114 - 4 * seats - 5
    assert len(state.ticket_pile) == 55 - 4 * seats


def test_at_setup_each_player_keeps_at_least_2_of_the_4_tickets() -> None:
    """§2.5: keep 2, 3 or 4; 1 is refused."""
    state = opened(2, NL.id)
    offered = state.players[0].offered
    error = refused(state, 0, ChooseTickets(offered[:1]))
    assert (error.code, error.section) == ("keep-more", "§2.5")
    for keep in (offered[:2], offered[:3], offered):
        events, _ = play(state.copy(), 0, ChooseTickets(keep))
        assert events
    kept = {tuple(sorted(m.command.keep)) for m in RULES.legal_moves(state, 0)
            if isinstance(m.command, ChooseTickets)}
    assert {len(k) for k in kept} == {2, 3, 4} and len(kept) == 6 + 4 + 1


def test_the_display_is_never_reset_however_many_locomotives_it_shows() -> None:
    """§2.3, §3.1: no three-Locomotive reset, at setup or later."""
    state = NL.state(display=["red", "locomotive", "locomotive", "white", "black"],
                     deck=["green", "locomotive"])
    events, state = play(state, 0, DrawCard(0))
    assert events == [CardDrawn(0, 0, "red", False,
                                ["locomotive", "locomotive", "locomotive", "white", "black"])]
    _, state = play(state, 0, DrawCard(3))
    assert NL.names(state.display) == ["locomotive", "locomotive", "locomotive", "green", "black"]
    assert BOARD.map.rules.market.wild_reset == 0
    for byte in range(8):  # no opening reshuffles its display
        (opening,) = RULES.start(Setup(5, NL.id), Seed(bytes([byte]) * 32))
        assert isinstance(opening, GameStarted) and opening.shuffles == []


def test_no_stations_and_no_longest_path_bonus_on_this_map() -> None:
    """§3: three actions, no station; §5.3: no fixed longest-route bonus."""
    # goal cards seat 0 cannot win here (no ticket; fewer trains left than seat 1)
    goals = ["polar-express", "capital-investment", "local-network", "cost-efficiency"]
    state = NL.state(hands=[NL.hand(red=3, locomotive=2), NL.hand()], goals=goals)
    assert not any(isinstance(m.command, BuildStation) for m in RULES.legal_moves(state, 0))
    assert refused(state, 0, BuildStation(NL.city("oslo"), "red", 0)).code == "no-stations"
    claimed(state, 0, NL.tracks("mo-i-rana", "narvik")[0])
    scores, _ = final_scores(ENGINE, state)
    assert (scores[0].express_bonus, scores[0].station_bonus) == (0, 0)
    assert scores[0].longest_path == 4 and scores[0].total == 7


def test_the_seed_picks_the_first_player() -> None:
    """§2.6 Resolved: the first player at random; every seat starts some game."""
    firsts = {RULES.evolve(None, RULES.start(Setup(3, NL.id), Seed(bytes([b]) * 32))[0]).first
              for b in range(12)}
    assert firsts == {0, 1, 2}
    assert opened(3, NL.id).first == opened(3, NL.id).first  # the same seed, the same seat
