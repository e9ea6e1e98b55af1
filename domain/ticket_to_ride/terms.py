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

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING

from domain.ticket_to_ride.goals import goal_points

if TYPE_CHECKING:
    from domain.ticket_to_ride.board import Board
    from domain.ticket_to_ride.state import GameState

#: a term: each seat's points (in seat order) from the board and the final state
Term = Callable[["Board", "GameState"], list[int]]

#: the terms a map's ``rules.bonus_terms`` may name
TERMS: Mapping[str, Term] = MappingProxyType({"goal-cards": goal_points})
