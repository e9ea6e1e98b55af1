"""The litestar application: controllers, dependencies, problem handlers, OpenAPI.

`create_app` takes the settings (default: from the environment) and,
optionally, the game kinds (default: `service.decks.hosted_kinds`) or a ready
store, so tests swap SQLite and PostgreSQL, or add a kind, by configuration.
The limits in the settings apply here too: body sizes (``max_body_bytes`` for
every route, ``max_log_bytes`` for ``POST /replays``), rate limits
(`service.api.rate_limits`) and log verification in worker processes
(`service.api.verifier`); those of the connection itself are uvicorn's
(`service.api.edge`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from litestar import Litestar
from litestar.di import Provide
from litestar.routes import HTTPRoute

from domain.kernel.protocol import GameRules
from service.api.audit import AuditController, replay_router
from service.api.board import BoardController
from service.api.checks import request_checks
from service.api.commands import CommandsController
from service.api.cors import Cors
from service.api.docs_page import scalar_asset
from service.api.events import EventsController
from service.api.game_statistics import GameStatisticsController
from service.api.games import GamesController
from service.api.health import HealthController, ReadinessController, StoreProbe
from service.api.kinds import KindsController
from service.api.live_updates import LiveUpdates
from service.api.material import MaterialController
from service.api.metrics import MetricsController, forget_this_process
from service.api.observability import REQUEST_ID_DOC, RequestObserver, configure_logging
from service.api.openapi import openapi_config
from service.api.problem_codes import ProblemCodesController
from service.api.problems import EXCEPTION_HANDLERS
from service.api.rate_limits import RateLimitStores, rate_limit_middleware
from service.api.statistics import StatisticsController
from service.api.tickets import StreamTicketsController
from service.api.verifier import Verifier
from service.decks import hosted_kinds
from service.driver import Driver
from service.pages.controller import PAGE_HANDLERS
from service.settings import Settings
from service.statistics.runner import StatisticsRunner
from service.store.games import GameStore
from service.store.persistence import StoreTimeouts

CONTROLLERS: list[Any] = [
    KindsController,
    ProblemCodesController,
    GamesController,
    CommandsController,
    EventsController,
    HealthController,
    ReadinessController,
    MetricsController,
    AuditController,
    BoardController,
    MaterialController,
    GameStatisticsController,
    StreamTicketsController,
    StatisticsController,
    scalar_asset,
    *PAGE_HANDLERS,
]


def worker_threads(count: int) -> Callable[[], None]:
    """A startup hook giving the event loop `count` threads for synchronous handlers.

    litestar runs them in the loop's default executor, which asyncio sizes by the
    CPUs (six threads on two cores): six readers waiting for a game that a write
    holds would leave no thread for anything else, ``/health`` included.
    """

    def start() -> None:
        asyncio.get_running_loop().set_default_executor(
            ThreadPoolExecutor(max_workers=count, thread_name_prefix="roundhouse-handler")
        )

    return start


def _options_name_every_method(app: Litestar) -> None:
    """Make the automatic ``OPTIONS`` answer of each path list all its methods in ``Allow``.

    litestar 2.25 registers a controller's handlers one by one; the ``OPTIONS``
    handler it adds to a path closes over the route the first handler made, and
    keeps answering with that route's methods after the router replaced it with
    one serving the next method too (``OPTIONS /games`` said ``OPTIONS, POST``
    without ``GET``). Point each at the route that serves its path.
    """
    for route in app.routes:
        if isinstance(route, HTTPRoute):
            for handler in route.route_handlers:
                closure = getattr(handler.fn, "__closure__", None) or ()
                if handler.handler_name == "options_handler" and closure:
                    closure[0].cell_contents = route


def create_app(
    settings: Settings | None = None,
    kinds: Mapping[str, GameRules[Any, Any, Any]] | None = None,
    store: GameStore | None = None,
    extra_handlers: list[Any] | None = None,
) -> Litestar:
    """The application. `extra_handlers` lets other parts (audit, live feeds) add routes."""
    settings = settings or Settings.from_env()
    if store is None:
        store = GameStore(
            settings.store,
            hosted_kinds(settings) if kinds is None else kinds,
            cache_size=settings.cache_size,
            pool_size=settings.pool_size,
            timeouts=StoreTimeouts(settings.store_pool_seconds, settings.store_connect_seconds,
                                   settings.store_statement_seconds),
        )
    the_store = store
    probe = StoreProbe(the_store)
    driver = Driver(the_store)
    statistics = StatisticsRunner(the_store, lease_seconds=settings.statistics_lease_seconds)
    verifier = Verifier(the_store.kinds, settings.verify_workers, settings.verify_queue)
    rate_limits = RateLimitStores(settings)
    app = Litestar(
        route_handlers=[*CONTROLLERS, replay_router(settings), *(extra_handlers or [])],
        dependencies={
            "store": Provide(lambda: the_store, sync_to_thread=False, use_cache=True),
            "settings": Provide(lambda: settings, sync_to_thread=False, use_cache=True),
            "probe": Provide(lambda: probe, sync_to_thread=False, use_cache=True),
            "verifier": Provide(lambda: verifier, sync_to_thread=False, use_cache=True),
            "statistics": Provide(lambda: statistics, sync_to_thread=False, use_cache=True),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        before_request=request_checks,
        openapi_config=openapi_config(the_store, settings),
        on_startup=[
            worker_threads(settings.threads),
            verifier.start,
            driver.start,  # bot seats and clocks
            *([statistics.start] if settings.statistics_runner else []),
        ],
        on_shutdown=[driver.stop, statistics.stop, the_store.close, probe.close, verifier.close,
                     rate_limits.close, forget_this_process],
        response_headers=[REQUEST_ID_DOC],
        plugins=[LiveUpdates(settings, the_store)],
        middleware=rate_limit_middleware(settings),
        stores=rate_limits.stores,
        request_max_body_size=settings.max_body_bytes,
    )
    configure_logging(settings.access_log)
    # outside litestar's router, so that unrouted requests are observed too
    app.asgi_handler = RequestObserver(
        Cors(app.asgi_handler, settings.cors_origins), the_store, settings.access_log)
    _options_name_every_method(app)
    app.state.store = the_store
    app.state.statistics = statistics
    app.state.settings = settings
    return app
