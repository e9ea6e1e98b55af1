"""Shared fixtures: the PostgreSQL test database and a Redis key prefix (real servers,
never mocked).

With ``CI=true`` PostgreSQL must answer at ``ROUNDHOUSE_TEST_POSTGRES`` (default
``postgresql://postgres@127.0.0.1:5432/postgres``): the tests that need it fail
rather than skip. Elsewhere they are skipped, with the reason, when it does not.
Each test session gets a fresh database, dropped at the end. Redis is the one at
``ROUNDHOUSE_TEST_REDIS`` (default ``redis://127.0.0.1:6379/0``), under the same rule;
each test that asks gets its own key prefix, whose keys are deleted afterwards.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import pytest
import redis

ADMIN_URL = os.environ.get(
    "ROUNDHOUSE_TEST_POSTGRES", "postgresql://postgres@127.0.0.1:5432/postgres"
)
REDIS_URL = os.environ.get("ROUNDHOUSE_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A store URL for a fresh PostgreSQL database, dropped after the session."""
    import psycopg

    try:
        admin = psycopg.connect(ADMIN_URL, autocommit=True, connect_timeout=3)
    except psycopg.OperationalError as error:
        if os.environ.get("CI") == "true":
            raise RuntimeError(f"CI=true but PostgreSQL is unreachable: {error}") from error
        pytest.skip(f"PostgreSQL unreachable at {ADMIN_URL}: {error}")
    name = f"roundhouse_test_{uuid.uuid4().hex[:12]}"
    with admin:
        admin.execute(f"CREATE DATABASE {name}")
        try:
            yield urlunsplit(urlsplit(ADMIN_URL)._replace(path=f"/{name}"))
        finally:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def redis_prefix() -> Iterator[str]:
    """A fresh key prefix on the test Redis; its keys are deleted afterwards."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as error:
        if os.environ.get("CI") == "true":
            raise RuntimeError(f"CI=true but Redis is unreachable: {error}") from error
        pytest.skip(f"Redis unreachable at {REDIS_URL}: {error}")
    prefix = f"roundhouse-test-{uuid.uuid4().hex[:12]}"
    try:
        yield prefix
    finally:
        for key in client.scan_iter(f"{prefix}:*"):
            client.delete(key)
        client.close()


def pytest_configure(config: pytest.Config) -> None:
    """One figures file per run, shared with xdist workers through the environment."""
    from tests.figures import FIGURES_FILE

    if FIGURES_FILE not in os.environ and not hasattr(config, "workerinput"):
        directory = Path(config.rootpath) / ".pytest_cache"
        directory.mkdir(exist_ok=True)
        path = directory / f"figures-{os.getpid()}.jsonl"
        path.unlink(missing_ok=True)
        os.environ[FIGURES_FILE] = str(path)


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """Print the counts the tests reported (`tests.figures`)."""
    from tests.figures import FIGURES_FILE, lines

    path = os.environ.get(FIGURES_FILE)
    shown = lines(Path(path)) if path else []
    if shown:
        terminalreporter.section("figures the tests reached")
        for line in shown:
            terminalreporter.write_line(line)

