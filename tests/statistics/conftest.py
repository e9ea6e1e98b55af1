"""An app on a fresh SQLite file per module, with the registered kinds and the toy kind."""

from __future__ import annotations

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
