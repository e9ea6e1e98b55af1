"""The statistics projection: incremental equals rebuilt, no double count, games held apart.

Real SQLite files and real games played through the store; the runner is stepped
by hand (`StatisticsRunner.step`), or run in its thread where the wake-up is
what is tested.
"""

from __future__ import annotations

import logging
import random
import time
from pathlib import Path
from typing import Any

import pytest
from eventsourcing.persistence import Tracking

from domain.kernel.protocol import Setup
from domain.registry import kinds
from service.statistics.figures import across_games
from service.statistics.projection import VERSION, AcrossGames
from service.statistics.runner import StatisticsRunner
from service.statistics.view import Filter, LostPosition, open_view
from service.store.games import GameStore
from tests.statistics.games import every_map, finished_game

EUROPE = Setup(seats=3, map="europe")


def figures(runner: StatisticsRunner, query: Filter) -> Any:
    view = runner.view
    return across_games(query, view.totals(query), len(view.held()), view.position() or 0)


def every_figure(runner: StatisticsRunner) -> dict[str, Any]:
    """Every kind's figures, and every total of every map, as the view holds them."""
    found = {}
    for kind, setup in every_map():
        query = Filter(kind, setup.map)
        found[f"{kind}/{setup.map}"] = (figures(runner, query), runner.view.totals(query))
    return found


@pytest.fixture
def store(tmp_path: Path) -> Any:
    opened = GameStore(f"sqlite:///{tmp_path / 'games.db'}", kinds())
    yield opened
    opened.close()


@pytest.fixture
def either_store(store_url: str) -> Any:
    """A store on a fresh SQLite file, or in a fresh schema of the test PostgreSQL."""
    opened = GameStore(store_url, kinds())
    yield opened
    opened.close()


def test_figures_kept_game_by_game_equal_those_rebuilt_from_the_first_record(
    either_store: GameStore,
) -> None:
    store = either_store
    chooser = random.Random(251)
    runner = StatisticsRunner(store)
    for kind, setup in every_map():
        finished_game(store, kind, setup, chooser)
        runner.catch_up()
    finished_game(store, "ticket-to-ride", EUROPE, chooser, listed=False)  # not counted
    runner.catch_up()
    incremental = every_figure(runner)
    assert runner.view.counted() == len(every_map())
    assert incremental["ticket-to-ride/europe"][0].games == 1
    assert runner.rebuild() == store.recorder.max_notification_id()
    assert every_figure(runner) == incremental


def test_a_projection_that_fell_behind_catches_up_to_the_same_figures(
    store: GameStore, tmp_path: Path,
) -> None:
    chooser = random.Random(252)
    runner = StatisticsRunner(store)
    finished_game(store, "colt-express", Setup(seats=3), chooser)
    runner.catch_up()
    for _ in range(3):  # while nothing advances the projection
        finished_game(store, "colt-express", Setup(seats=3), chooser)
    behind = figures(runner, Filter("colt-express"))
    assert behind.games == 1
    assert runner.catch_up() > 0
    caught_up = figures(runner, Filter("colt-express"))
    assert caught_up.games == 4
    runner.rebuild()
    assert figures(runner, Filter("colt-express")) == caught_up


def test_a_runner_woken_by_the_append_counts_a_finished_game_within_a_second(
    store: GameStore,
) -> None:
    runner = StatisticsRunner(store)
    runner.start()
    try:
        finished_game(store, "ticket-to-ride", EUROPE, random.Random(253))
        ended = time.monotonic()
        while figures(runner, Filter("ticket-to-ride")).games == 0:
            assert time.monotonic() - ended < 1.0, "not counted within a second"
            time.sleep(0.01)
    finally:
        runner.stop()


def test_a_second_runner_cannot_take_the_lease_nor_record_a_batch_twice(
    either_store: GameStore,
) -> None:
    store = either_store
    finished_game(store, "ticket-to-ride", EUROPE, random.Random(254))
    first, second = StatisticsRunner(store, "first"), StatisticsRunner(store, "second")
    assert first.step() > 0
    assert second.step() == 0  # the first holds the lease
    # both project the same records, as two runners would if a lease lapsed mid-batch
    first.view.reset()
    stored = store.recorder.bodies_after(0, 10_000)
    batch = first.projection.project(stored)
    again = second.projection.project(stored)
    last = stored[-1][0]
    first.view.record(None, last, batch)
    with pytest.raises(LostPosition):
        second.view.record(None, last, again)
    with pytest.raises(LostPosition):  # nor from an older position, with more records
        second.view.record(stored[0][0], last + 1, again)
    assert figures(first, Filter("ticket-to-ride")).games == 1


def test_a_lapsed_lease_is_taken_over(store: GameStore) -> None:
    view = StatisticsRunner(store).view
    assert view.lease("projection", "first", 0.2)
    assert not view.lease("projection", "second", 0.2)
    assert view.lease("projection", "first", 0.2)  # renewed
    time.sleep(0.3)
    assert view.lease("projection", "second", 10)
    assert not view.lease("projection", "first", 10)
    view.release("projection", "second")
    assert view.lease("projection", "first", 10)


class RaisingOnTheEnd:
    """Ticket to Ride's rules, but `evolve` raises on the game's end: a bug in a rule."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def evolve(self, state: Any, event: Any) -> Any:
        if type(event).__name__ == "GameEnded":
            raise ValueError("a rule that cannot score this game")
        return self.rules.evolve(state, event)


def test_a_game_the_projection_raises_on_is_held_apart_with_its_record(
    tmp_path: Path, caplog: pytest.LogCaptureFixture,
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = GameStore(url, kinds())
    chooser = random.Random(255)
    broken = finished_game(store, "ticket-to-ride", EUROPE, chooser)
    finished_game(store, "colt-express", Setup(seats=3), chooser)
    last = store.records(broken)[-1].version
    store.close()
    buggy = GameStore(url, {**kinds(), "ticket-to-ride": RaisingOnTheEnd(  # type: ignore[dict-item]
        kinds()["ticket-to-ride"])})
    runner = StatisticsRunner(buggy)
    with caplog.at_level(logging.ERROR):
        runner.catch_up()
    [held] = runner.view.held()
    assert (held.game_id, held.version, held.kind, held.map) == (
        broken, last, "ticket-to-ride", "europe")
    assert "a rule that cannot score this game" in held.error
    logged = [r.getMessage() for r in caplog.records if broken in r.getMessage()]
    assert logged and f"record {last} (position {held.position} in the log)" in logged[0]
    assert figures(runner, Filter("ticket-to-ride")).games == 0
    assert figures(runner, Filter("ticket-to-ride")).held == 1
    assert figures(runner, Filter("colt-express")).games == 1  # the others go on
    runner.stop()  # gives the lease up
    buggy.close()
    fixed = GameStore(url, kinds())  # the rule fixed: a rebuild counts the game
    rebuilt = StatisticsRunner(fixed)
    rebuilt.rebuild()
    assert rebuilt.view.held() == []
    assert figures(rebuilt, Filter("ticket-to-ride")).games == 1
    fixed.close()


def test_a_new_version_of_the_projection_rebuilds_from_nothing_into_its_own_tables(
    store: GameStore,
) -> None:
    finished_game(store, "colt-express", Setup(seats=4), random.Random(256))
    current = StatisticsRunner(store)
    current.catch_up()
    key = f"{store.app.name}:{AcrossGames.name}-v{VERSION + 1}"
    newer = open_view(store.app.factory.datastore, VERSION + 1, key,  # type: ignore[attr-defined]
                      "roundhouse_tracking")
    assert newer.position() is None and newer.counted() == 0
    stored = store.recorder.bodies_after(0, 10_000)
    newer.record(None, stored[-1][0], current.projection.project(stored))
    query = Filter("colt-express")
    assert newer.totals(query) == current.view.totals(query)
    current.view.reset()  # an older version's rebuild leaves the newer one alone
    assert newer.position() == stored[-1][0] and newer.counted() == 1
    newer.reset()  # the newer version's rebuild drops the older version's tables
    with pytest.raises(Exception, match="no such table"):
        current.view.totals(query)


def test_the_projection_takes_the_librarys_events_one_by_one_as_its_runners_do(
    store: GameStore,
) -> None:
    chooser = random.Random(257)
    for seats in (2, 3):
        finished_game(store, "colt-express", Setup(seats=seats), chooser)
    one_by_one = StatisticsRunner(store, "one by one")
    app = store.app
    for notification in app.recorder.select_notifications(1, 10_000):
        one_by_one.projection.process_event(app.mapper.to_domain_event(notification),
                                            Tracking(app.name, notification.id))
    kept = one_by_one.view.totals(Filter("colt-express"))
    assert kept["games"].n == 2
    assert one_by_one.view.position() == app.recorder.max_notification_id()
    assert StatisticsRunner(store, "by batches").rebuild() > 0
    assert one_by_one.view.totals(Filter("colt-express")) == kept
