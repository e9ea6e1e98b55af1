"""One game's statistics from its log: `game_statistics(rules, setup, records)`.

The rules of the game's kind count the figures from its events
(`domain.kernel.statistics`); this adds what only the log knows: how long the game
was in records and in time. Pure (no store, no clock), so the ``/games/{id}/statistics``
answer and the across-games projections read the same numbers from the same records.

Hidden stays hidden: before the end the kind is handed the events as a spectator
sees them (``rules.redact(event, None)``), so nothing it counts can depend on a
hidden fact; after the end the log is public, and it counts from all of it.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Annotated, Any

import msgspec

from domain.kernel.protocol import GameRules, Setup, StatusName
from domain.kernel.statistics import Number, ScorePoint, SeatStatistics
from service.store.records import Record, typed_log


class NoStatistics(LookupError):
    """The game's kind counts no statistics."""


class GameStatistics(msgspec.Struct, frozen=True):
    """`GET /games/{id}/statistics`: a game's figures, per seat and its own.

    Figures are numbers by name; ``docs/game-statistics.md`` lists every name per kind
    and map. Before the end, only what the public log shows is counted.
    """

    id: Annotated[str, msgspec.Meta(description="The game's id")]
    kind: Annotated[str, msgspec.Meta(description="The game kind")]
    map: Annotated[str | None, msgspec.Meta(description="The map played on; null: none")]
    variant: Annotated[str | None, msgspec.Meta(description="The variant played; null: none")]
    status: Annotated[StatusName, msgspec.Meta(
        description="`active` (public figures only so far) or `finished` (all of them)")]
    version: Annotated[int, msgspec.Meta(description="The record the figures are counted up to")]
    started: Annotated[str | None, msgspec.Meta(
        description="When the game started (the time of its `started` record)")]
    last: Annotated[str, msgspec.Meta(description="The time of the last record counted")]
    figures: Annotated[dict[str, Number], msgspec.Meta(
        description="The game's own figures: `records` (its length in records), `seconds` "
        "(from the start to the last record), `turns`, and the kind's own")]
    seats: Annotated[list[SeatStatistics], msgspec.Meta(
        description="Each seat's figures, in seat order")]
    scores: Annotated[list[ScorePoint], msgspec.Meta(
        description="Once finished: every seat's score over the game, a point where any "
        "score changed, from 0 at the start to the final scores; empty before the end")] = []
    round_events: Annotated[list[str], msgspec.Meta(
        description="Colt Express: the round events that applied, in order")] = []


def game_statistics(rules: GameRules[Any, Any, Any], setup: Setup,
                    records: Sequence[Record], state: Any = None) -> GameStatistics:
    """The statistics of the game whose whole log so far is `records` (complete, as
    stored: the ``created`` record first). `state` is the game's state after them when
    the caller holds it (a live game); otherwise the records are replayed. Raises
    `NoStatistics` when the kind counts none and `ValueError` when the game has not
    started (no figures yet)."""
    count = getattr(rules, "statistics", None)
    if count is None:
        raise NoStatistics(f"the kind {rules.descriptor.kind!r} counts no statistics")
    steps = typed_log(rules.event_type, records)
    if state is None:
        for events in steps:
            for event in events:
                state = rules.evolve(state, event)
    if state is None:
        raise ValueError("a game has statistics once it has started")
    result = rules.result(state)
    finished = result is not None
    if not finished:
        redact = rules.redact
        steps = [[redact(e, None) for e in events] for events in steps]
    counted = count(setup, steps, state if finished else None)
    seats = counted.seats
    if result is not None:  # the score terms as the result's sheets give them
        seats = [msgspec.structs.replace(seat, terms=sheet.terms)
                 for seat, sheet in zip(seats, result.sheets, strict=True)]
    started = next((r.time for r in records if r.type == "started"), None)
    last = records[-1].time
    seconds = 0 if started is None else round(
        (datetime.fromisoformat(last) - datetime.fromisoformat(started)).total_seconds(), 3)
    return GameStatistics(
        id=records[0].game_id,
        kind=rules.descriptor.kind,
        map=setup.map,
        variant=setup.variant,
        status="finished" if finished else "active",
        version=records[-1].version,
        started=started,
        last=last,
        figures={"records": len(records), "seconds": seconds, **counted.figures},
        seats=seats,
        scores=counted.scores,
        round_events=counted.round_events,
    )
