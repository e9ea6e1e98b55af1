"""schemathesis against the running app: every phase, bounded, zero failures allowed.

The app is served by uvicorn in a thread (SQLite in a temporary directory, the
registered kinds plus the toy kind) and the schemathesis CLI runs against its
own OpenAPI document with the examples, coverage, fuzzing and stateful phases,
a fixed seed and a bounded number of examples, so a run takes seconds and is
reproducible. ``POST /replays`` takes ``application/x-ndjson``, which
schemathesis cannot generate, so it is left out.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import served
from tests.api.players import test_kinds

CHECKS = (
    "not_a_server_error,status_code_conformance,content_type_conformance,"
    "response_schema_conformance,negative_data_rejection"
)


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    # event streams end after a second here, so the fuzzer does not wait on open streams
    settings = Settings(store=f"sqlite:///{tmp_path / 'fuzz.db'}", stream_seconds=1.0)
    with served(create_app(settings, kinds=test_kinds())) as base:
        yield base


def test_schemathesis_finds_nothing(base_url: str, tmp_path: Path) -> None:
    cli = Path(sys.executable).parent / "schemathesis"
    run = subprocess.run(
        [
            str(cli), "run", f"{base_url}/schema/openapi.json",
            "--checks", CHECKS,
            "--phases", "examples,coverage,fuzzing,stateful",
            "--max-examples", "15",
            "--seed", "20261129",
            "--exclude-path", "/replays",
            "--workers", "1",
            "--no-color",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    summary = run.stdout[-6000:]
    assert run.returncode == 0, summary
    assert "Stateful" in run.stdout and "Fuzzing" in run.stdout, summary
