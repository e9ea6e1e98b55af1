"""The figures across finished games, as `GET /statistics` serves them, from the view's totals.

Averages and spreads come from each figure's count, sum and sum of squares
(`view.Total`): the spread is the population standard deviation. Every number
is computed from whole-number sums, so a rebuild gives exactly the same
figures as the projection kept incrementally.
"""

from __future__ import annotations

import math
from typing import Annotated

import msgspec

from service.statistics.view import Filter, Total

_NONE = Total(0, 0, 0)


class Spread(msgspec.Struct, frozen=True):
    """How a figure is spread over its samples."""

    count: Annotated[int, msgspec.Meta(description="How many samples (seats or games) it has")]
    mean: Annotated[float | None, msgspec.Meta(
        description="Their average; null without samples")]
    stdev: Annotated[float | None, msgspec.Meta(
        description="Their standard deviation (of the population); null without samples")]


class SeatWins(msgspec.Struct, frozen=True):
    """How often the seat at one position won."""

    seat: Annotated[int, msgspec.Meta(description="The seat position, 0 first to play")]
    wins: Annotated[int, msgspec.Meta(
        description="Games the seat won (a shared win counts for each winner)")]
    share: Annotated[float, msgspec.Meta(description="`wins` over the games it played")]


class NamedSpread(msgspec.Struct, frozen=True):
    """A named figure's spread (a score term, or a seat's figure such as the longest path)."""

    name: Annotated[str, msgspec.Meta(description="The term's or figure's id")]
    spread: Spread


class Counted(msgspec.Struct, frozen=True):
    """What became of one component (a route, a ticket, a character) across the games."""

    id: Annotated[str, msgspec.Meta(
        description="The component's id in the map's material (a route or ticket index, a "
        "character id)")]
    counts: Annotated[dict[str, int], msgspec.Meta(
        description="By outcome (`claimed`, `kept`, `completed`, `played`, `won`): how many "
        "times it happened (a ticket kept by two seats of one game counts twice)")]
    shares: Annotated[dict[str, float], msgspec.Meta(
        description="The same over the games counted")]


class AcrossGames(msgspec.Struct, frozen=True):
    """Figures across the finished, listed games of a kind (a map, variant, seat count)."""

    kind: Annotated[str, msgspec.Meta(description="The kind asked for")]
    map: Annotated[str | None, msgspec.Meta(description="The map asked for; null: every map")]
    variant: Annotated[str | None, msgspec.Meta(
        description="The variant asked for; null: every variant")]
    seats: Annotated[int | None, msgspec.Meta(
        description="The seat count asked for; null: every count")]
    bots: Annotated[bool, msgspec.Meta(
        description="Whether games between bots (every seat a bot) are counted")]
    games: Annotated[int, msgspec.Meta(description="Finished, listed games counted")]
    held: Annotated[int, msgspec.Meta(
        description="Finished games of the kind that could not be projected, held apart "
        "and not counted (`roundhouse statistics` lists them)")]
    position: Annotated[int, msgspec.Meta(
        description="The last record of the log of every game that the figures include")]
    wins_by_seat: Annotated[list[SeatWins], msgspec.Meta(
        description="By seat position, how often it won")]
    winning_score: Annotated[Spread, msgspec.Meta(description="The winners' final scores")]
    losing_score: Annotated[Spread, msgspec.Meta(description="The other seats' final scores")]
    terms: Annotated[list[NamedSpread], msgspec.Meta(
        description="Each score term's points per seat (where the kind gives terms)")]
    figures: Annotated[list[NamedSpread], msgspec.Meta(
        description="Each seat figure the kind counts (docs/game-statistics.md: routes claimed, "
        "cards drawn, longest path, bullets fired...), over the seats; whole-number "
        "figures only")]
    game_figures: Annotated[list[NamedSpread], msgspec.Meta(
        description="Each figure of the game itself (turns, rounds, display resets...), "
        "over the games")]
    moves: Annotated[Spread, msgspec.Meta(
        description="Game length in records after the start (moves, timeouts, forfeits)")]
    seconds: Annotated[Spread, msgspec.Meta(
        description="Game length in seconds from the start to the last record")]
    outcomes: Annotated[dict[str, list[Counted]], msgspec.Meta(
        description="By component (`route`, `ticket`, `character`): what became of each "
        "one that anything happened to, most often first")]


def spread(total: Total) -> Spread:
    """The mean and standard deviation of `total`'s samples."""
    count, whole, squares = total
    if count == 0:
        return Spread(0, None, None)
    variance = (count * squares - whole * whole) / (count * count)
    return Spread(count, round(whole / count, 6), round(math.sqrt(max(variance, 0.0)), 6))


def across_games(
    query: Filter, totals: dict[str, Total], held: int, position: int
) -> AcrossGames:
    """The figures of `query` from its `totals` (`StatisticsView.totals`)."""
    games = totals.get("games", _NONE).n
    wins = sorted((int(name.rsplit("/", 1)[1]), total) for name, total in totals.items()
                  if name.startswith("wins/seat/"))
    outcomes: dict[str, dict[str, dict[str, int]]] = {}
    for name, total in totals.items():
        if name.startswith("outcome/"):
            _, subject, component, what = name.split("/", 3)
            outcomes.setdefault(subject, {}).setdefault(component, {})[what] = total.total
    return AcrossGames(
        kind=query.kind, map=query.map, variant=query.variant, seats=query.seats,
        bots=query.bots, games=games, held=held, position=position,
        wins_by_seat=[SeatWins(seat, t.total, round(t.total / t.n, 6)) for seat, t in wins],
        winning_score=spread(totals.get("score/winning", _NONE)),
        losing_score=spread(totals.get("score/losing", _NONE)),
        terms=_named(totals, "term/"),
        figures=_named(totals, "figure/"),
        game_figures=_named(totals, "game/"),
        moves=spread(totals.get("length/moves", _NONE)),
        seconds=spread(totals.get("length/seconds", _NONE)),
        outcomes={
            subject: sorted(
                (Counted(component, counts,
                         {what: round(n / games, 6) for what, n in counts.items()})
                 for component, counts in found.items()),
                key=lambda c: (-max(c.counts.values()), _order(c.id)))
            for subject, found in sorted(outcomes.items())
        },
    )


def _named(totals: dict[str, Total], prefix: str) -> list[NamedSpread]:
    return [NamedSpread(name.removeprefix(prefix), spread(total))
            for name, total in sorted(totals.items()) if name.startswith(prefix)]


def _order(component: str) -> tuple[int, str]:
    """Components in their material's order: indices by number, names by name."""
    return (int(component), "") if component.isdigit() else (0, component)
