"""`GET /metrics`: the process's metrics (`service.metrics`) in Prometheus text format.

With ``ROUNDHOUSE_METRICS_TOKEN`` set (and not empty), only a request bearing that token
(``Authorization: Bearer <token>``) is answered; others get a 401 problem. With
several workers (``PROMETHEUS_MULTIPROC_DIR`` set by ``roundhouse serve``), any
worker answers with the sum over all of them.

`metrics_directory` is how the CLI prepares that directory, and
`forget_this_process` how a worker leaves it at shutdown (its gauges stop
counting; its counters stay in the totals).
"""

from __future__ import annotations

import hmac
import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from litestar import Controller, Request, Response, get
from prometheus_client import (
    CONTENT_TYPE_PLAIN_0_0_4,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)

from service.api.deps import Config
from service.api.errors import ServiceError
from service.api.params import bearer
from service.api.problems import problems

MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"


def exposition() -> bytes:
    """Every metric in the text format: this process's, or all workers' when they share."""
    if os.environ.get(MULTIPROC_ENV):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
        return generate_latest(registry)
    return generate_latest(REGISTRY)


@contextmanager
def metrics_directory(workers: int) -> Iterator[None]:
    """The workers' shared metrics directory, for the duration of the ``with`` block.

    An operator's ``PROMETHEUS_MULTIPROC_DIR`` is emptied first (the client
    library requires a clean one per run); without one, several workers get a
    temporary directory, removed afterwards. One worker needs none.
    """
    given = os.environ.get(MULTIPROC_ENV)
    if given:
        for stale in Path(given).glob("*.db"):
            stale.unlink()
        yield
    elif workers > 1:
        made = tempfile.mkdtemp(prefix="roundhouse-metrics-")
        os.environ[MULTIPROC_ENV] = made
        try:
            yield
        finally:
            del os.environ[MULTIPROC_ENV]
            shutil.rmtree(made, ignore_errors=True)
    else:
        yield


def forget_this_process() -> None:
    """At shutdown: this worker's live gauges no longer count in the sum."""
    if os.environ.get(MULTIPROC_ENV):
        multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]


class MetricsController(Controller):
    path = "/metrics"
    tags = ["health"]

    @get(
        sync_to_thread=True,
        media_type=CONTENT_TYPE_PLAIN_0_0_4,
        summary="Prometheus metrics (bearer-protected when the server has a metrics token)",
        responses=problems(401),
        security=[{}, {"bearer": []}],
    )
    def metrics(self, request: Request[Any, Any, Any], settings: Config) -> Response[bytes]:
        wanted = settings.metrics_token
        if wanted:  # unset or empty: public
            given = bearer(request)
            if given is None:
                raise ServiceError(401, "missing-token", "the metrics need the metrics token")
            if not hmac.compare_digest(given.encode(), wanted.encode()):
                raise ServiceError(401, "invalid-token", "this is not the metrics token")
        return Response(exposition(), media_type=CONTENT_TYPE_PLAIN_0_0_4)
