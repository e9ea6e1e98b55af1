"""`GET /health`: the process is alive and its store answers (never rate-limited)."""

from __future__ import annotations

import msgspec
from litestar import Controller, get

from service.api.deps import Store
from service.api.problems import problems
from service.api.rate_limits import EXEMPT
from service.errors import ServiceError


class Health(msgspec.Struct, frozen=True):
    """Both are ``"ok"`` when the answer is 200; otherwise a 503 problem is given."""

    status: str
    store: str


class HealthController(Controller):
    path = "/health"
    tags = ["health"]

    @get(
        sync_to_thread=True,
        summary="Liveness and store reachability",
        responses=problems(503),
        opt={EXEMPT: True},
    )
    def health(self, store: Store) -> Health:
        if not store.reachable():
            raise ServiceError(503, "store-unreachable", "the event store does not answer")
        return Health("ok", "ok")
