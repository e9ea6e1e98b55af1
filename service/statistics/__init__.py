"""Statistics as projections of the logs: per game, and across finished games.

* `game`: a game's own figures (`GET /games/{id}/statistics`), a pure function of its
  records; `chart`: each seat's score over a finished game, as an SVG line chart.
* `summary`: what one finished game adds to the figures across games.
* `projection`: `AcrossGames`, the eventsourcing `Projection` that follows the store's
  notification log and adds each finished, listed game to the totals.
* `view`: the totals and the tracked position, in the events' own database (SQLite or
  PostgreSQL), written in one transaction per batch.
* `runner`: `StatisticsRunner`, which advances the projection in one process at a time
  (a lease), woken by the store's appends.
* `figures`: the totals read back as the figures `GET /statistics` serves.

See ``docs/game-statistics.md`` and ``docs/statistics.md``.
"""
