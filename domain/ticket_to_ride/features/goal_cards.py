"""Goal cards (Northern Lights §2.4, §5.3): drawn at setup, won at the end by the leaders.

The map lists its goal cards (`mapfile.Goal`: points and a ``metric``);
``in_play`` of them are drawn at the opening, face up for everyone (the shuffle's
outcome hidden like any deck order). At the end each card's measure is taken for
every seat; the seats with the highest value all score its points (ties all score),
and a best value of 0 wins nothing (§5.3 Resolved). How many cards a seat won is the
tie-break ``most-goal-cards-won``.

Tickets are counted as completed as the seat's final score counts them (`final.tally`:
on a map with stations, with their borrowed routes), each once even when several of
its cities qualify; routes are the seat's own, each once. On the score sheet the term
``goal-cards`` (§5.3) comes with the cards won as a figure.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, NamedTuple

import msgspec

from domain.kernel.rng import Rng
from domain.kernel.scores import Figure, ScoreTerm
from domain.ticket_to_ride.board import FERRY, TRAINS, Board
from domain.ticket_to_ride.events import GameStarted
from domain.ticket_to_ride.final import tally
from domain.ticket_to_ride.hooks import Engine, Feature, Lines
from domain.ticket_to_ride.mapfile import Goal, GoalCards
from domain.ticket_to_ride.names import GoalMetric
from domain.ticket_to_ride.ruleset import Ruleset
from domain.ticket_to_ride.scoring import Tally
from domain.ticket_to_ride.state import FinalScore, GameState, PlayerState


class Counted(NamedTuple):
    """What final scoring counted of one seat (`scoring.Tally`): the tickets it completed
    and its longest path."""

    completed: Sequence[int]
    path: int


#: a measure: one seat's value at the end, from the board, the seat, what final scoring
#: counted of it and the goal card
Measure = Callable[[Board, PlayerState, Counted, Goal], int]


class GoalView(msgspec.Struct, frozen=True, omit_defaults=True):
    """A goal card in play: ``index`` in the material's ``goals``; once the game has
    ended, every seat's ``values`` of its measure and the seats that won it
    (``winners``: the highest value, all when tied, nobody when it is 0)."""

    index: int
    id: str
    name: str
    points: int
    values: list[int] | None = None
    winners: list[int] | None = None


def _routes_touching(board: Board, player: PlayerState, city: Callable[[int], bool]) -> int:
    a, b = board.route_a, board.route_b
    return sum(1 for r in player.routes if city(a[r]) or city(b[r]))


def _tickets_naming(board: Board, completed: Sequence[int], city: Callable[[int], bool]) -> int:
    return sum(1 for t in completed if any(city(c) for c in board.ticket_cities[t]))


def _locomotive_equivalents(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """A: each Locomotive in hand counts 1, each pair of one colour 1."""
    hand, loco = player.hand, board.locomotive
    return hand[loco] + sum(n // 2 for n in hand[:loco])


def _tickets_with_capital(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """B: completed tickets with a capital among their cities."""
    return _tickets_naming(board, counted.completed, board.city_capital.__getitem__)


def _trains_remaining(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """C: trains not placed."""
    return player.pieces[TRAINS]


def _single_space_routes(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """D: claimed routes of length 1."""
    return sum(1 for r in player.routes if board.route_length[r] == 1)


def _longest_path(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """E: the longest continuous path, in spaces."""
    return counted.path


def _tickets_of_5_points_or_fewer(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """F: completed tickets worth 5 points or fewer."""
    return sum(1 for t in counted.completed if board.ticket_points[t] <= 5)


def _countries_reached(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """G: different countries among the end cities of claimed routes."""
    country, a, b = board.city_country, board.route_a, board.route_b
    return len({country[c] for r in player.routes for c in (a[r], b[r])})


def _tickets_with_arctic_city(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """H: completed tickets with an Arctic city among their cities."""
    return _tickets_naming(board, counted.completed, board.city_arctic.__getitem__)


def _routes_touching_arctic(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """I: claimed routes with an end at an Arctic city."""
    return _routes_touching(board, player, board.city_arctic.__getitem__)


def _ferry_routes(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """J: claimed ferries."""
    return sum(1 for r in player.routes if board.route_kind[r] == FERRY)


def _routes_touching_country(
    board: Board, player: PlayerState, counted: Counted, goal: Goal
) -> int:
    """K: claimed routes with an end in the goal card's country."""
    country = board.city_country
    return _routes_touching(board, player, lambda c: country[c] == goal.country)


#: what each metric a map's goal card may name measures
MEASURES: Mapping[GoalMetric, Measure] = {
    "locomotive-equivalents-in-hand": _locomotive_equivalents,
    "completed-tickets-with-capital": _tickets_with_capital,
    "trains-remaining": _trains_remaining,
    "single-space-routes": _single_space_routes,
    "longest-path": _longest_path,
    "completed-tickets-max-5-points": _tickets_of_5_points_or_fewer,
    "countries-reached": _countries_reached,
    "completed-tickets-with-arctic-city": _tickets_with_arctic_city,
    "routes-touching-arctic-city": _routes_touching_arctic,
    "ferry-routes": _ferry_routes,
    "routes-touching-country": _routes_touching_country,
}


def _goal_cards(rules: Ruleset) -> GoalCards:
    goal_cards = rules.features.goal_cards
    assert goal_cards is not None
    return goal_cards


def goal_values(board: Board, state: GameState, goal: int, counted: Tally | None = None
                ) -> list[int]:
    """Every seat's value of goal card `goal` (its number in the map's list), from what
    final scoring `counted` (worked out here when not given)."""
    card = _goal_cards(state.rules).cards[goal]
    measure = MEASURES[card.metric]
    if counted is None:
        counted = tally(board, state)
    return [measure(board, player, Counted(done, path), card) for player, done, path
            in zip(state.players, counted.completed, counted.paths, strict=True)]


def goal_winners(board: Board, state: GameState, counted: Tally | None = None
                 ) -> list[list[int]]:
    """For each goal card in play, the seats that win it: the highest value, all of them
    when tied, nobody when that value is 0."""
    if counted is None:
        counted = tally(board, state)
    won = []
    for goal in state.goals:
        values = goal_values(board, state, goal, counted)
        best = max(values)
        won.append([seat for seat, v in enumerate(values) if v == best] if best > 0 else [])
    return won


def opening(board: Board, rules: Ruleset, rng: Rng) -> dict[str, Any]:
    """The opening's last random draw: the goal cards in play, for all to see."""
    goal_cards = _goal_cards(rules)
    goals = rng.shuffle([g.id for g in goal_cards.cards])
    return {"goals": goals, "goal_cards": list(goals.after[: goal_cards.in_play])}


def start(engine: Engine, state: GameState, event: GameStarted) -> None:
    ids = [g.id for g in _goal_cards(state.rules).cards]
    state.goals = [ids.index(g) for g in event.goal_cards or ()]


def goal_points(engine: Engine, state: GameState, counted: Tally) -> dict[str, list[int]]:
    """The term ``goal-cards``: each seat's points from the goal cards it won."""
    cards = _goal_cards(state.rules).cards
    points = [0] * state.seats
    for goal, seats in zip(state.goals, goal_winners(engine.board, state, counted),
                           strict=True):
        for seat in seats:
            points[seat] += cards[goal].points
    return {"goal-cards": points}


def goals_won(engine: Engine, state: GameState, counted: Tally) -> list[int]:
    """The tie-break ``most-goal-cards-won``: how many goal cards each seat won."""
    count = [0] * state.seats
    for seats in goal_winners(engine.board, state, counted):
        for seat in seats:
            count[seat] += 1
    return count


def sheet(engine: Engine, state: GameState, scores: Sequence[FinalScore]) -> list[Lines]:
    """The term ``goal-cards`` as the account holds it (§5.3), and the figure
    ``goal-cards-won``, the second tie-break (§5.4)."""
    won = goals_won(engine, state, tally(engine.board, state))
    return [
        Lines((ScoreTerm("goal-cards", score.bonuses.get("goal-cards", 0), "§5.3"),),
              (Figure("goal-cards-won", won[seat], "§5.4"),))
        for seat, score in enumerate(scores)
    ]


def view(engine: Engine, state: GameState) -> dict[str, Any]:
    """The goal cards in play; with their values and winners once the game has ended."""
    cards = _goal_cards(state.rules).cards
    if state.phase != "finished":
        return {"goals": [GoalView(g, cards[g].id, cards[g].name, cards[g].points)
                          for g in state.goals]}
    counted = tally(engine.board, state)
    won = goal_winners(engine.board, state, counted)
    return {"goals": [
        GoalView(g, cards[g].id, cards[g].name, cards[g].points,
                 goal_values(engine.board, state, g, counted), w)
        for g, w in zip(state.goals, won, strict=True)
    ]}


GOAL_CARDS = Feature(
    name="goal cards",
    opening=opening,
    start=start,
    public_fields=view,
    terms=goal_points,
    tie_breaks={"most-goal-cards-won": goals_won},
    sheet=sheet,
)
