"""Fixture of the ops tests: the JSON lines the ``roundhouse`` loggers write."""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterator

import msgspec
import pytest

from service.api.observability import JsonLines

LogLines = Callable[[], list[dict[str, object]]]


@pytest.fixture
def log_lines() -> Iterator[LogLines]:
    """Every line the ``roundhouse`` loggers write during the test, decoded (each must be
    one JSON object)."""
    sink = io.StringIO()
    handler = logging.StreamHandler(sink)
    handler.setFormatter(JsonLines())
    logger = logging.getLogger("roundhouse")
    logger.addHandler(handler)
    try:
        yield lambda: [msgspec.json.decode(line) for line in sink.getvalue().splitlines()]
    finally:
        logger.removeHandler(handler)

