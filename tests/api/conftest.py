"""An app on a fresh SQLite file per test, with the registered kinds and the toy kind."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.players import test_kinds


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return Settings(store=f"sqlite:///{tmp_path / 'games.db'}")


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient[Any]]:
    with TestClient(create_app(settings, kinds=test_kinds())) as test_client:
        yield test_client
