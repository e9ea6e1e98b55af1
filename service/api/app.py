"""The litestar application: controllers, dependencies, problem handlers, OpenAPI.

`create_app` takes the settings (default: from the environment) and,
optionally, the game kinds (default: `domain.registry.kinds()`) or a ready
store, so tests swap SQLite and PostgreSQL, or add a kind, by configuration.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from litestar import Litestar
from litestar.di import Provide

from domain.kernel.protocol import GameRules
from domain.registry import kinds as registered_kinds
from service.api.audit import AuditController
from service.api.board import BoardController
from service.api.commands import CommandsController
from service.api.events import EventsController
from service.api.games import GamesController
from service.api.health import HealthController, ReadinessController, StoreProbe
from service.api.kinds import KindsController
from service.api.material import MaterialController
from service.api.metrics import MetricsController, forget_this_process
from service.api.observability import REQUEST_ID_DOC, RequestObserver, configure_logging
from service.api.openapi import openapi_config
from service.api.problems import EXCEPTION_HANDLERS
from service.api.stream import LiveUpdates
from service.settings import Settings
from service.store.games import GameStore

CONTROLLERS: list[Any] = [
    KindsController,
    GamesController,
    CommandsController,
    EventsController,
    HealthController,
    ReadinessController,
    MetricsController,
    AuditController,
    BoardController,
    MaterialController,
]


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
            registered_kinds() if kinds is None else kinds,
            cache_size=settings.cache_size,
            pool_size=settings.pool_size,
        )
    the_store = store
    probe = StoreProbe(the_store)
    app = Litestar(
        route_handlers=[*CONTROLLERS, *(extra_handlers or [])],
        dependencies={
            "store": Provide(lambda: the_store, sync_to_thread=False, use_cache=True),
            "settings": Provide(lambda: settings, sync_to_thread=False, use_cache=True),
            "probe": Provide(lambda: probe, sync_to_thread=False, use_cache=True),
        },
        exception_handlers=EXCEPTION_HANDLERS,
        openapi_config=openapi_config(the_store),
        on_startup=[lambda: the_store.start_driver()],  # bot seats and clocks
        on_shutdown=[the_store.close, forget_this_process],
        response_headers=[REQUEST_ID_DOC],
        plugins=[LiveUpdates(settings, the_store)],
    )
    configure_logging(settings.access_log)
    # outside litestar's router, so that unrouted requests are observed too
    app.asgi_handler = RequestObserver(app.asgi_handler, the_store, settings.access_log)
    app.state.store = the_store
    app.state.settings = settings
    return app
