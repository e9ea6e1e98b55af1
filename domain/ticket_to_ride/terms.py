"""End-of-game terms a map adds to the final account, by name (`MapRules.bonus_terms`).

Every map's account has the terms Europe defined in 0.1 as named fields of
`FinalScore` (route points, tickets, the station bonus, the longest-path
bonus; a map without stations or a bonus has them at 0). Whatever else a map
scores at the end (Amsterdam's goods, Northern Lights' goal cards, World's
harbors) is a term here: a pure function of the board and the final state
giving each seat's points, listed by name in the map's rules and recorded by
name in `FinalScore.bonuses`. So adding a map's term is one function and one
entry in `TERMS`, and the map file says which of them it scores.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING

from domain.ticket_to_ride.goals import goal_points
from domain.ticket_to_ride.scoring import score_tickets

if TYPE_CHECKING:
    from domain.ticket_to_ride.board import Board
    from domain.ticket_to_ride.state import GameState

#: a term: each seat's points (in seat order) from the board and the final state
Term = Callable[["Board", "GameState"], list[int]]



def majority_points(counts: Sequence[int], table: Sequence[int]) -> list[int]:
    """Points by rank of `counts` (most first) from `table` (1st place, 2nd, ...).

    A seat with nothing takes no place and scores 0. Tied seats all score
    the place they share, and the places the others of the tie would have
    filled are skipped: ``majority_points([4, 2, 2, 2], [8, 6, 4, 2])`` is
    ``[8, 6, 6, 6]``, ``majority_points([5, 5, 3, 1], [8, 6, 4, 2])``
    ``[8, 8, 4, 2]``.
    """
    points = []
    for count in counts:
        place = sum(1 for other in counts if other > count)
        points.append(table[place] if count > 0 and place < len(table) else 0)
    return points


def goods(board: Board, state: GameState) -> list[int]:
    """Amsterdam's goods bonus (rules 5.3): the majority table of the seat count
    (`Ruleset.goods_scoring`) over the goods cards each seat holds."""
    return majority_points([p.goods for p in state.players], state.rules.goods_scoring)



def harbors(board: Board, state: GameState) -> list[int]:
    """Rails & Sails harbors (rules.md §5.3): each built harbor scores
    ``harbor_points[n]`` for the n completed tickets of its owner naming its city (the
    last entry for more), each unbuilt one ``harbor_unbuilt``."""
    rules = state.rules
    table, left = rules.harbor_points, rules.pieces.index("harbors")
    a, b = board.route_a, board.route_b
    points = []
    for seat, player in enumerate(state.players):
        done = score_tickets(
            [(*board.ticket_cities[t], board.ticket_points[t]) for t in player.tickets],
            [(a[r], b[r]) for r in player.routes], [], [],
        ).completed
        named = [board.ticket_cities[t] for t, ok in zip(player.tickets, done, strict=True) if ok]
        total = player.pieces[left] * rules.harbor_unbuilt
        for city, owner in enumerate(state.harbor_owner):
            if owner == seat:
                count = sum(1 for cities in named if city in cities)
                total += table[min(count, len(table) - 1)]
        points.append(total)
    return points



#: the terms a map's ``rules.bonus_terms`` may name
TERMS: Mapping[str, Term] = MappingProxyType(
    {"goal-cards": goal_points, "goods": goods, "harbors": harbors}
)
