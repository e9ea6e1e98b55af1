"""`roundhouse serve` with no configuration serves from ./roundhouse.db; `openapi` exports."""

from __future__ import annotations

from pathlib import Path

import httpx

from service.cli import build_parser, main, openapi_document
from tests.api.servers import serving


def test_serve_without_configuration_uses_a_file_in_the_current_directory(
    tmp_path: Path,
) -> None:
    with serving(tmp_path) as (base, _):
        health = httpx.get(f"{base}/health")
        assert health.json() == {"status": "ok", "store": "ok"}
        created = httpx.post(f"{base}/games", json={"kind": "colt-express", "seats": 2})
        assert created.status_code == 201
    assert (tmp_path / "roundhouse.db").exists()


def test_openapi_command_writes_the_document(tmp_path: Path) -> None:
    target = tmp_path / "openapi.json"
    assert main(["openapi", "--output", str(target)]) == 0
    assert target.read_bytes() == openapi_document()


def test_serve_refuses_several_workers_on_sqlite() -> None:
    args = build_parser().parse_args(["serve", "--workers", "2", "--store", "sqlite:///x.db"])
    assert args.run(args) == 2
