"""CORS: a page on another origin may spectate and play; an operator may name the origins."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from litestar.testing import TestClient

from service.api.app import create_app
from service.settings import Settings
from tests.api.players import open_table, test_kinds

APP = "https://app.example"


def _preflight(client: TestClient[Any], path: str, origin: str = APP) -> Any:
    return client.options(path, headers={
        "Origin": origin, "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type, if-match, idempotency-key",
    })


def test_any_origin_may_spectate_and_play_by_default(client: TestClient[Any]) -> None:
    table = open_table(client, "ticket-to-ride", 2)
    answer = _preflight(client, f"/games/{table.id}/commands")
    assert answer.status_code == 204
    assert answer.headers["access-control-allow-origin"] == "*"
    allowed = {h.strip().lower() for h in answer.headers["access-control-allow-headers"].split(",")}
    assert {"authorization", "content-type", "if-match", "idempotency-key",
            "if-none-match", "last-event-id"} <= allowed
    assert "POST" in answer.headers["access-control-allow-methods"]
    public = client.get(f"/games/{table.id}", headers={"Origin": APP})
    assert public.status_code == 200
    assert public.headers["access-control-allow-origin"] == "*"
    exposed = public.headers["access-control-expose-headers"]
    for header in ("ETag", "Location", "Retry-After", "X-Request-ID", "Idempotent-Replayed"):
        assert header in exposed
    # a refusal carries them too, so the page can read the problem
    problem = client.get("/games/nope", headers={"Origin": APP})
    assert problem.status_code == 404
    assert problem.headers["access-control-allow-origin"] == "*"
    # no Origin (not a browser): no CORS headers
    assert "access-control-allow-origin" not in client.get(f"/games/{table.id}").headers


def test_an_operator_names_the_origins(tmp_path: Path) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'x.db'}",
                        cors_origins=f"{APP}, https://other.example")
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        table = open_table(client, "ticket-to-ride", 2)
        me = client.get(f"/games/{table.id}/me", headers={**table.auth(0), "Origin": APP})
        assert me.headers["access-control-allow-origin"] == APP
        assert {v.strip() for v in me.headers["vary"].split(",")} == {"Authorization", "Origin"}
        elsewhere = client.get(f"/games/{table.id}", headers={"Origin": "https://evil.example"})
        assert elsewhere.status_code == 200  # the server answers; the browser withholds it
        assert "access-control-allow-origin" not in elsewhere.headers
        refused = _preflight(client, f"/games/{table.id}/commands", "https://evil.example")
        assert "access-control-allow-origin" not in refused.headers
        assert _preflight(client, f"/games/{table.id}/commands").headers[
            "access-control-allow-origin"] == APP


def test_an_empty_setting_sends_no_cors_headers(tmp_path: Path) -> None:
    settings = Settings(store=f"sqlite:///{tmp_path / 'x.db'}", cors_origins="")
    with TestClient(create_app(settings, kinds=test_kinds())) as client:
        answer = client.get("/kinds", headers={"Origin": APP})
        assert answer.status_code == 200
        assert "access-control-allow-origin" not in answer.headers
