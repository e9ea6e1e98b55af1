"""An app on a fresh SQLite file per module, with the registered kinds and the toy kind;
and a store URL on either database, for the projection's tests."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.players import test_kinds


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    store: Path = tmp_path_factory.mktemp("statistics") / "games.db"
    with TestClient(create_app(Settings(store=f"sqlite:///{store}"), kinds=test_kinds())) as test:
        yield test


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh SQLite file, or a fresh schema of the test PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    import psycopg

    base: str = request.getfixturevalue("postgres_url")
    schema = f"statistics_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(base, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    return f"{base}?schema={schema}"
