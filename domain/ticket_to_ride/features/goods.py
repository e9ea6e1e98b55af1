"""Goods (Amsterdam §3.B, §5.3): claiming a route with the goods symbol takes a goods card.

One card per claim of such a route, whatever its length, while the pile lasts; held
face up. At the end the players are ranked by goods cards held and score the map's
table for their place at this player count (`majority_points`): the term ``goods`` of
the final account and of the score sheet (§5.3), where the cards held are a figure.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from domain.kernel.scores import Figure, ScoreTerm
from domain.ticket_to_ride.events import Event, GameStarted, RouteClaimed
from domain.ticket_to_ride.hooks import Engine, Feature, Lines
from domain.ticket_to_ride.scoring import Tally
from domain.ticket_to_ride.state import FinalScore, GameState, PlayerState
from domain.ticket_to_ride.turn import Turn


def majority_points(counts: Sequence[int], table: Sequence[int]) -> list[int]:
    """Points by rank of `counts` (most first) from `table` (1st place, 2nd, ...).

    A seat with nothing takes no place and scores 0. Tied seats all score the place
    they share, and the places the others of the tie would have filled are skipped:
    ``majority_points([4, 2, 2, 2], [8, 6, 4, 2])`` is ``[8, 6, 6, 6]``,
    ``majority_points([5, 5, 3, 1], [8, 6, 4, 2])`` ``[8, 8, 4, 2]``.
    """
    points = []
    for count in counts:
        place = sum(1 for other in counts if other > count)
        points.append(table[place] if count > 0 and place < len(table) else 0)
    return points


def take_goods(turn: Turn, events: list[Event]) -> None:
    """A claim of a goods route takes one goods card while any is left."""
    claimed = events[-1]
    assert isinstance(claimed, RouteClaimed)
    if turn.board.route_goods[claimed.route] and turn.state.goods_pile > 0:
        events[-1] = msgspec.structs.replace(claimed, goods=1)


def goods_taken(engine: Engine, state: GameState, event: RouteClaimed) -> None:
    if event.goods:
        state.players[event.seat].goods += event.goods
        state.goods_pile -= event.goods


def start(engine: Engine, state: GameState, event: GameStarted) -> None:
    goods = state.rules.features.goods
    assert goods is not None
    state.goods_pile = goods.cards


def goods_term(engine: Engine, state: GameState, tally: Tally) -> dict[str, list[int]]:
    """The goods bonus: the majority table of this seat count over the cards held."""
    goods = state.rules.features.goods
    assert goods is not None
    table = goods.scoring[state.seats]
    return {"goods": majority_points([p.goods for p in state.players], table)}


def sheet(engine: Engine, state: GameState, scores: Sequence[FinalScore]) -> list[Lines]:
    """The term ``goods`` as the account holds it, and the figure ``goods-cards``: the cards
    each seat holds, which rank the seats (Amsterdam §5.3)."""
    return [
        Lines((ScoreTerm("goods", score.bonuses.get("goods", 0), "§5.3"),),
              (Figure("goods-cards", player.goods, "§5.3"),))
        for player, score in zip(state.players, scores, strict=True)
    ]


def pile_field(engine: Engine, state: GameState) -> dict[str, int]:
    """The goods cards left, face down but counted (the public view's ``goods_pile``)."""
    return {"goods_pile": state.goods_pile}


def taken_field(engine: Engine, state: GameState, player: PlayerState) -> dict[str, int]:
    """The goods cards a seat holds, face up (its seat view's ``goods``)."""
    return {"goods": player.goods}


GOODS = Feature(
    name="goods",
    after_claim=take_goods,
    on_claim=goods_taken,
    start=start,
    public_fields=pile_field,
    seat_fields=taken_field,
    terms=goods_term,
    sheet=sheet,
)


