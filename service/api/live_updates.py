"""The live-updates plugin: the stream route, the live feed, and (with Redis) the relay.

`LiveUpdates` registers `GET /games/{id}/stream` (`service.api.stream`), the
in-process `LiveFeed` (dependency ``feed``) and the stream slots (``slots``,
`service.api.slots`), the store listener that announces appends and the store
watcher that takes every version read from the log as known, and — with a Redis
URL in the settings — the `RedisRelay` that publishes appends to every API
process and answers ``GET /games/{id}`` from the read model when it is fresh
(``If-None-Match`` naming its version is ``304``, as from the store).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, cast

from litestar import Request, Response
from litestar.config.app import AppConfig
from litestar.di import Provide
from litestar.plugins import InitPlugin

from service.api.conditional import IF_NONE_MATCH_MAX, not_modified
from service.api.params import etag
from service.api.slots import StreamSlots
from service.api.stream import StreamController
from service.settings import Settings
from service.store.games import GameStore
from service.store.records import Record
from service.views.live import LiveFeed
from service.views.read_model import RedisRelay


class LiveUpdates(InitPlugin):
    """The stream route, the live feed and (with Redis configured) the relay, for one app."""

    def __init__(self, settings: Settings, store: GameStore) -> None:
        self.store = store
        self.feed = LiveFeed()
        self.slots = StreamSlots(settings.max_streams_per_client)
        self.relay = (
            None
            if settings.redis_url is None
            else RedisRelay(settings.redis_url, settings.redis_prefix, store, self.feed)
        )

    def on_app_init(self, app_config: AppConfig) -> AppConfig:
        app_config.route_handlers.append(StreamController)
        app_config.dependencies["feed"] = Provide(
            lambda: self.feed, sync_to_thread=False, use_cache=True
        )
        app_config.dependencies["slots"] = Provide(
            lambda: self.slots, sync_to_thread=False, use_cache=True
        )
        app_config.on_startup.append(self._start)
        app_config.on_shutdown.insert(0, self._stop)
        if self.relay is not None:
            app_config.before_request = self._after(app_config.before_request)
        return app_config

    def _after(
        self, first: Callable[[Request[Any, Any, Any]], Awaitable[Any]] | None
    ) -> Callable[[Request[Any, Any, Any]], Awaitable[Response[bytes] | None]]:
        """The app's ``before_request``: `first` (the request checks), then the read model.

        A request the checks refuse is refused before the read model is asked."""

        async def before_request(request: Request[Any, Any, Any]) -> Response[bytes] | None:
            if first is not None and (answer := await first(request)) is not None:
                return cast(Response[bytes], answer)
            return await self._from_read_model(request)

        return before_request

    def _appended(self, game_id: str, record: Record) -> None:
        self.feed.announce(game_id, record.version)
        if self.relay is not None:
            self.relay.appended(game_id)

    async def _start(self) -> None:
        self.feed.bind(asyncio.get_running_loop())
        self.store.listeners.append(self._appended)
        # a version read from the log is known here from then on: the read model must
        # reach it before it answers again, and the game's streams look for it
        self.store.watchers.append(self.feed.announce)
        if self.relay is not None:
            await self.relay.start()

    async def _stop(self) -> None:
        if self._appended in self.store.listeners:
            self.store.listeners.remove(self._appended)
        if self.feed.announce in self.store.watchers:
            self.store.watchers.remove(self.feed.announce)
        self.feed.close()
        if self.relay is not None:
            await self.relay.stop()

    async def _from_read_model(self, request: Request[Any, Any, Any]) -> Response[bytes] | None:
        """``GET /games/{id}`` (now) from the Redis read model, when it is fresh; ``304`` when
        ``If-None-Match`` names its version, exactly as the store's answer would."""
        tags = request.headers.get("if-none-match")
        if (
            request.method != "GET"
            or request.scope.get("path_template") != "/games/{game_id}"
            or "version" in request.query_params
            or (tags is not None and len(tags) > IF_NONE_MATCH_MAX)  # the route refuses it
        ):
            return None
        assert self.relay is not None
        found = await self.relay.fresh_view(request.path_params["game_id"])
        if found is None:
            return None
        version, view = found
        headers = {**etag(version), "X-Served-From": "read-model"}
        if not_modified(tags, headers["ETag"]):
            return Response(b"", status_code=304, headers=headers)
        return Response(view, media_type="application/json", headers=headers)
