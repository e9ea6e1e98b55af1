"""A finished game's score sheet: each seat's total as the terms that add up to it.

Every kind's `Result` carries one `SeatScore` per seat, so a client can show where
a total comes from (routes, tickets, goods... in Ticket to Ride; loot by kind and
the Gunslinger bonus in Colt Express) without knowing any kind's scoring, and
check it: the points of a seat's terms always add up to its total. Figures that
are not points (a longest path's length, the tickets completed) are kept apart,
as statistics, so that nobody adds a length to a score.

Sheets are derived from the recorded final scores and the final state, never
recorded themselves: a log's events stay as they were written.
"""

from __future__ import annotations

from typing import Annotated

import msgspec


class ScoreTerm(msgspec.Struct, frozen=True):
    """One term of a seat's final score: what it counts, its points, and its rule."""

    term: Annotated[str, msgspec.Meta(
        description="The term's stable id: routes, tickets, stations, express, goods, "
        "harbors, goal-cards, tours, exchanges...; Colt Express: purses, jewels, "
        "strongboxes, ransoms, gunslinger")]
    points: Annotated[int, msgspec.Meta(
        description="What it adds to the total (negative: what it takes off), in the "
        "kind's score unit")]
    section: Annotated[str, msgspec.Meta(
        description="The section of the map's or kind's rules.md that scores it (e.g. §9)")]


class Figure(msgspec.Struct, frozen=True):
    """A number the final scoring measures that is not points (a statistic)."""

    name: Annotated[str, msgspec.Meta(
        description="What it measures: longest-path (in trains), tickets-completed, "
        "tickets-failed, stations-built...; Colt Express: bullets-fired, bullets-received")]
    value: Annotated[int, msgspec.Meta(description="Its value for the seat")]
    section: Annotated[str, msgspec.Meta(
        description="The section of the map's or kind's rules.md that defines it")]


class SeatScore(msgspec.Struct, frozen=True):
    """One seat's final score sheet: its terms, which add up to its total, and its figures."""

    seat: Annotated[int, msgspec.Meta(description="The seat it scores")]
    terms: Annotated[list[ScoreTerm], msgspec.Meta(
        description="The terms of its score, in the rules' order; their points add up "
        "to `total`")]
    total: Annotated[int, msgspec.Meta(description="Its final score (as in `scores`)")]
    figures: Annotated[list[Figure], msgspec.Meta(
        description="Statistics of its final position that are not points")]

