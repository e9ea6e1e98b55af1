"""Asserting that GETs are refused: the one loop the routes' refusal tests share."""

from __future__ import annotations

from typing import Any

from litestar.testing import TestClient


def assert_refused(client: TestClient[Any], cases: list[tuple[str, int, str]]) -> None:
    """Each ``(url, status, code)``: a GET of `url` answers `status` with problem `code`."""
    for url, status, code in cases:
        response = client.get(url)
        assert response.status_code == status, (url, response.text)
        assert response.json()["code"] == code, (url, response.text)
