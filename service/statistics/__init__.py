"""Statistics as projections of the logs: the figures across finished games.

* `summary`: what one finished game adds to the figures (a pure function of its records).
* `projection`: `AcrossGames`, the eventsourcing `Projection` that follows the store's
  notification log and adds each finished, listed game to the totals.
* `view`: the totals and the tracked position, in the events' own database (SQLite or
  PostgreSQL), written in one transaction per batch.
* `runner`: `StatisticsRunner`, which advances the projection in one process at a time
  (a lease), woken by the store's appends.
* `figures`: the totals read back as the figures `GET /statistics` serves.

See ``docs/statistics.md``.
"""
