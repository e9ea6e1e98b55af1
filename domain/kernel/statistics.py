"""The statistics of one game, as every kind gives them: counted from its events.

A kind's rules object may offer ``statistics(setup, steps, final)``, where
``steps`` are the game's events grouped by record (one list per record of the
log, in order, empty for a record without events) and ``final`` the game's state
at its end (None while it runs), and get back `KindStatistics`:
figures per seat and for the game, named in the kind's catalogue
(``SEAT_FIGURES`` / ``GAME_FIGURES`` of its ``statistics`` module), and each
seat's score over the game for a chart.

What is hidden stays hidden: before the end a kind is handed the events as a
spectator sees them (`GameRules.redact` with no viewer) and counts only what they
show; the figures that need hidden facts (a seat's tickets and their progress,
the purses' values) are given only once the game has finished (``final`` given),
from the complete log. Figures are plain numbers keyed by name, so that totals and averages across
games (the ``/statistics`` projections) add them up without knowing the kind.
"""

from __future__ import annotations

from typing import Annotated

import msgspec

from domain.kernel.scores import ScoreTerm

Number = int | float


class SeatStatistics(msgspec.Struct, frozen=True, omit_defaults=True):
    """One seat's figures, by name, and what it claimed and completed, by index."""

    seat: Annotated[int, msgspec.Meta(description="The seat (0 = the first to join)")]
    figures: Annotated[dict[str, Number], msgspec.Meta(
        description="The seat's figures by name (docs/game-statistics.md lists every name "
        "per kind and map); a figure that needs hidden facts is absent until the end")]
    routes: Annotated[list[int], msgspec.Meta(
        description="Ticket to Ride: the routes the seat claimed (indices in the "
        "material's `routes`), in claim order")] = []
    tickets_completed: Annotated[list[int], msgspec.Meta(
        description="Ticket to Ride, once finished: the seat's completed tickets "
        "(indices in the material's `tickets`)")] = []
    tickets_failed: Annotated[list[int], msgspec.Meta(
        description="Ticket to Ride, once finished: the seat's tickets not completed")] = []
    bandits: Annotated[list[str], msgspec.Meta(
        description="Colt Express: the characters the seat played")] = []
    terms: Annotated[list[ScoreTerm], msgspec.Meta(
        description="Once finished: the terms of the seat's final score, as the result's "
        "score sheet gives them (they add up to its final score)")] = []


class ScorePoint(msgspec.Struct, frozen=True):
    """Every seat's score right after one record: a point of the score chart."""

    version: Annotated[int, msgspec.Meta(
        description="The record (game version) after which the scores stand")]
    turn: Annotated[int, msgspec.Meta(
        description="Turns played by then (Colt Express: rounds played)")]
    scores: Annotated[list[int], msgspec.Meta(
        description="Each seat's score then (index = seat): Ticket to Ride its points, "
        "Colt Express the dollars of the loot it held; the last point is the final score")]


class KindStatistics(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a kind counts of one game (see the module docstring)."""

    figures: dict[str, Number]
    seats: list[SeatStatistics]
    #: the score chart's points: one where any score changed, the start and the end;
    #: empty until the game is finished
    scores: list[ScorePoint] = []
    #: the game's round events in the order they happened (Colt Express)
    round_events: list[str] = []


def mean(total: int, count: int) -> float:
    """``total / count`` to two decimals, 0 when there is nothing to average."""
    return round(total / count, 2) if count else 0.0
