"""Goods (Amsterdam ``rules.md`` §1, §2.2, §3.B "Goods", §5.3, §6): a claim of a route with
the cart symbol takes one goods bonus card; at the end the players are ranked by goods
cards held and score the table of their player count.

The feature is `domain.ticket_to_ride.features.goods`; Amsterdam is the map that plays it.
"""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from domain.kernel.protocol import Setup
from domain.kernel.rng import Seed
from domain.kernel.selfplay import play_random_game
from domain.ticket_to_ride import RULES
from domain.ticket_to_ride.commands import ClaimRoute, DrawCard
from domain.ticket_to_ride.events import RouteClaimed
from domain.ticket_to_ride.features.goods import majority_points
from domain.ticket_to_ride.final import final_scores
from tests.domain.sheets import check_sheets, figures, terms

from . import handmade
from .handmade import ended, play
from .map_states import AMS

ENGINE = RULES.engines[AMS.id]
BOARD = AMS.board
#: De Drie Hendricken - Westermarkt (pink): 1 space with the goods symbol
SHORT_GOODS = AMS.route("westermarkt", "de-drie-hendricken", "pink")
#: Haringpakkerstoren - Oude Waal: 4 spaces with the goods symbol
LONG_GOODS = AMS.route("haringpakkerstoren", "oude-waal")
#: Oude Kerk - Waag (black): 1 space, no symbol
PLAIN = AMS.route("oude-kerk", "waag", "black")


def test_the_box_has_16_goods_cards_for_the_16_goods_tracks() -> None:
    """§1, §2.2, §7: 16 identical cards (a counter) and 16 goods tracks of 39 spaces."""
    goods = [r for r in range(len(BOARD.route_a)) if BOARD.route_goods[r]]
    assert len(goods) == 16 and sum(BOARD.route_length[r] for r in goods) == 39
    for seats in (2, 3, 4):
        assert AMS.state(seats).goods_pile == 16
        assert all(p.goods == 0 for p in handmade.opened(seats, AMS.id).players)


def test_a_goods_route_takes_one_goods_card_whatever_its_length() -> None:
    """§3.B: exactly one card per route, for 1 space as for 4; the route scores its table."""
    assert BOARD.route_goods[SHORT_GOODS] and BOARD.route_length[SHORT_GOODS] == 1
    assert BOARD.route_goods[LONG_GOODS] and BOARD.route_length[LONG_GOODS] == 4
    state = AMS.state(hands=[AMS.hand(pink=1, red=4), AMS.hand()], deck=["green"] * 10)
    events, state = play(state, 0, ClaimRoute(SHORT_GOODS, "pink", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 1
    assert state.players[0].goods == 1 and state.goods_pile == 15
    _, state = play(state, 1, DrawCard())
    _, state = play(state, 1, DrawCard())
    events, state = play(state, 0, ClaimRoute(LONG_GOODS, "red", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 1
    assert state.players[0].goods == 2 and state.goods_pile == 14
    assert state.players[0].score == 1 + 7


def test_a_route_without_the_goods_symbol_takes_none() -> None:
    assert not BOARD.route_goods[PLAIN]
    state = AMS.state(hands=[AMS.hand(black=1), AMS.hand()])
    events, state = play(state, 0, ClaimRoute(PLAIN, "black", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 0
    assert b'"goods"' not in msgspec.json.encode(events[0])  # left out, as before goods
    assert state.players[0].goods == 0 and state.goods_pile == 16


def test_no_goods_card_is_taken_from_an_empty_pile() -> None:
    """§3.B Resolved: the pile cannot run out; were it empty, no card is taken."""
    state = AMS.state(hands=[AMS.hand(pink=1), AMS.hand()])
    state.goods_pile = 0
    events, state = play(state, 0, ClaimRoute(SHORT_GOODS, "pink", 0))
    assert isinstance(events[0], RouteClaimed) and events[0].goods == 0
    assert state.players[0].goods == 0 and state.goods_pile == 0


def test_goods_cards_held_and_left_are_public_and_a_map_without_goods_shows_none() -> None:
    """§3.B "face up in front of them", §6: every seat's goods count is in the public view
    (and the pile's); Europe's view has neither field."""
    state = AMS.state(hands=[AMS.hand(pink=1), AMS.hand()])
    _, state = play(state, 0, ClaimRoute(SHORT_GOODS, "pink", 0))
    view = RULES.public_view(state)
    assert [s.goods for s in view.seats] == [1, 0] and view.goods_pile == 15
    europe = RULES.public_view(handmade.make_state())
    assert europe.goods_pile is None and europe.seats[0].goods is None


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
        # 4 players: 8/6/4/2, the rules' own examples first
        ([5, 5, 3, 1], [8, 8, 4, 2]),
        ([4, 2, 2, 2], [8, 6, 6, 6]),
        ([3, 3, 3, 0], [8, 8, 8, 0]),
        ([0, 0, 6, 0], [0, 0, 8, 0]),
        ([1, 2, 3, 4], [2, 4, 6, 8]),
    ],
)
def test_goods_majority_by_player_count(counts: list[int], points: list[int]) -> None:
    """§5.3: ranked by cards held; tied players all score their place and the places the
    others of the tie would fill are skipped (Resolved: not split); a player with no
    goods card takes no place and scores nothing (Resolved)."""
    state = AMS.state(len(counts))
    for player, held in zip(state.players, counts, strict=True):
        player.goods = held
    scores, _ = final_scores(ENGINE, state)
    assert [s.bonuses["goods"] for s in scores] == points
    assert [s.total for s in scores] == points  # nothing else scored in this state
    table = AMS.state(len(counts)).rules.features.goods
    assert table is not None
    assert majority_points(counts, table.scoring[len(counts)]) == points


def test_the_goods_tables_are_the_reference_ones() -> None:
    """§5.3 Resolved: 4p 8/6/4/2, 3p 8/5/2, 2p 8/4."""
    goods = AMS.state().rules.features.goods
    assert goods is not None
    assert goods.scoring == {2: [8, 4], 3: [8, 5, 2], 4: [8, 6, 4, 2]}


def test_the_final_account_names_the_goods_term_and_it_decides_the_winner() -> None:
    state = AMS.state()
    state.players[0].goods = 2
    scores, won = final_scores(ENGINE, state)
    assert scores[0].bonuses == {"goods": 8} and scores[1].bonuses == {"goods": 0}
    assert won == [0]


def test_a_random_game_ends_with_one_goods_card_per_goods_route_claimed() -> None:
    live, _ = play_random_game(RULES, Setup(4, AMS.id), Seed(bytes(32)), random.Random(1))
    held = Counter({seat: sum(BOARD.route_goods[r] for r in p.routes)
                    for seat, p in enumerate(live.players)})
    assert [p.goods for p in live.players] == [held[s] for s in range(4)]
    assert sum(held.values()) > 0
    assert live.goods_pile + sum(p.goods for p in live.players) == 16


def test_the_sheet_gives_goods_their_term_and_the_cards_held_a_figure() -> None:
    """§5.3 on the result's score sheet (issue 23): 3 players, 3, 3 and 1 cards: 8, 8, 2."""
    state = AMS.state(3)
    for player, held in zip(state.players, [3, 3, 1], strict=True):
        player.goods = held
    result = ended(state)
    check_sheets(result)
    assert [terms(s)["goods"] for s in result.sheets] == [(8, "§5.3"), (8, "§5.3"), (2, "§5.3")]
    assert [figures(s)["goods-cards"] for s in result.sheets] == [
        (3, "§5.3"), (3, "§5.3"), (1, "§5.3")]
