"""`AcrossGames`: the projection of the store's notification log into the figures across games.

An eventsourcing `Projection` over a `StatisticsView`: it follows the log of every
game (the application's notification log) in order and, at each record that
finishes a game (the one revealing the seed), reads that game's whole log back
from the store, summarises it (`summary.summarise`) and adds the summary's
samples to its group's totals, if the game is listed. Every other record only
moves the tracked position on.

A game whose log the summary cannot be made of (a rule raising on a record, a
kind this server does not host) is held apart: its row says which record and
why, it is logged with the record's position in the log, and it is not counted,
never skipped silently. A new version of the projection (`VERSION`) fixes what
it computes and rebuilds from the first record, held games included.

Records are projected in batches (`project`): one transaction per batch keeps a
rebuild of thousands of games to minutes; `process_event` projects one record as
the library's own runners hand them over.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import msgspec
from eventsourcing.persistence import Tracking
from eventsourcing.projection import Projection

from domain.kernel.protocol import GameRules
from service.statistics.summary import Entry, Unprojectable, samples, summarise
from service.statistics.view import Batch, HeldGame, StatisticsView, Total
from service.store.recorders import Stored
from service.store.records import Record

log = logging.getLogger(__name__)

#: what the projection computes; a change to it bumps this, and the new version rebuilds
VERSION = 1

#: ``load(game_id, version)``: the game's records up to `version`, from the store
Loader = Callable[[str, int], Sequence[Entry]]


class _Revealing(msgspec.Struct):
    seed: Any = None


class _Finishing(msgspec.Struct):
    game_id: str
    version: int
    events: list[_Revealing] = []


class _Glance(msgspec.Struct):
    """As much of a stored event as tells whether its record finishes its game."""

    record: _Finishing


_glance = msgspec.json.Decoder(_Glance).decode


class AcrossGames(Projection[StatisticsView]):
    """Finished, listed games added up per kind, map, variant, seats and bot seats."""

    name = "statistics"

    def __init__(
        self,
        view: StatisticsView,
        kinds: Mapping[str, GameRules[Any, Any, Any]],
        load: Loader,
    ) -> None:
        super().__init__(view)
        self.kinds = kinds
        self.load = load

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        """Project one aggregate event (a game's record) at `tracking`'s position."""
        record: Record = domain_event.record
        finished = [(record.game_id, record.version, tracking.notification_id)] if any(
            "seed" in event for event in record.events) else []
        self.view.record(self.view.position(), tracking.notification_id, self.batch(finished))

    def project(self, stored: Sequence[Stored]) -> Batch:
        """What the records stored at ``(position, body)`` (in log order) add to the totals."""
        finished = []
        for position, body in stored:
            record = _glance(body).record
            if any(event.seed is not None for event in record.events):
                finished.append((record.game_id, record.version, position))
        return self.batch(finished)

    def batch(self, finished: Sequence[tuple[str, int, int]]) -> Batch:
        """The batch adding the games ``(game id, last version, position)`` that finished."""
        totals: dict[Any, Total] = {}
        counted: list[tuple[str, int]] = []
        held: list[HeldGame] = []
        for game_id, version, position in finished:
            records = self.load(game_id, version)
            try:
                summary = summarise(records, self.kinds)
            except Exception as error:  # the rules or the log: hold the game apart
                unprojectable = error if isinstance(error, Unprojectable) else Unprojectable(
                    version, f"{type(error).__name__}: {error}")
                held.append(_held(game_id, records, position, unprojectable))
                log.error("statistics: game %s held apart: record %d (position %d in the log) "
                          "could not be projected: %s", game_id, unprojectable.version,
                          position, unprojectable.cause)
                continue
            if summary is None or not summary.listed:
                continue
            counted.append((game_id, position))
            for figure, value in samples(summary):
                key = (summary.group, figure)
                n, total, squares = totals.get(key, (0, 0, 0))
                totals[key] = Total(n + 1, total + value, squares + value * value)
        return Batch(totals, counted, held)


def _held(game_id: str, records: Sequence[Entry], position: int, error: Unprojectable
          ) -> HeldGame:
    """The row of a game held apart, with its kind and map when its log names them."""
    payload = (records[0].payload if records else None) or {}
    setup = payload.get("setup") if isinstance(payload.get("setup"), dict) else {}
    return HeldGame(game_id, position, error.version, error.cause,
                    payload.get("kind"), (setup or {}).get("map"))
