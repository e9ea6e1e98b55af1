"""schemathesis against a running server: every check, every phase, bounded, nothing found.

The server is the app as ``roundhouse serve`` runs it (uvicorn, SQLite in a
temporary directory, the registered kinds, 127.0.0.1); the schemathesis CLI
runs against the committed ``api-spec/openapi.json`` (a client's copy, which
`test_openapi` keeps equal to what the server serves) with ``--checks all``
and the examples, coverage, fuzzing and stateful phases, over the seeds of
`SEEDS` (each run reproducible; seed 5 once found ``"variant": ""`` taken by one
kind and refused by another) and a bounded number of examples per operation
(``--max-time`` would make fuzzing repeat until the budget is spent; the
subprocess's timeout bounds the time), so the runs take about a minute and a
half. `tests.api.schemathesis_hooks` teaches it
the ``application/x-ndjson`` body of ``POST /replays`` and the little the
document cannot state (its docstring says what). One worker: Python 3.11's
parser is not safe for schemathesis' concurrent source inspection ("AST
constructor recursion depth mismatch").

The README ("Fuzzing the API") gives the same command to run by hand.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import served

ROOT = Path(__file__).parents[2]
DOCUMENT = ROOT / "api-spec" / "openapi.json"
#: per operation, phase and seed; with the coverage phase's own cases about 3,000 requests
MAX_EXAMPLES = 40
#: the runs' seeds
SEEDS = (20261201, 5, 424242)
#: the longest a run may take (about a minute idle; the machine may be busy)
MAX_SECONDS = 600


@pytest.fixture
def base_url(tmp_path: Path) -> Iterator[str]:
    # event streams end after a second here, so the fuzzer does not wait on open streams
    settings = Settings(store=f"sqlite:///{tmp_path / 'fuzz.db'}", stream_seconds=1.0)
    with served(create_app(settings)) as base:
        yield base


@pytest.mark.parametrize("seed", SEEDS)
def test_schemathesis_finds_nothing(base_url: str, tmp_path: Path, seed: int) -> None:
    cli = Path(sys.executable).parent / "schemathesis"
    run = subprocess.run(
        [
            str(cli), "run", str(DOCUMENT), "--url", base_url,
            "--checks", "all",
            "--phases", "examples,coverage,fuzzing,stateful",
            "--max-examples", str(MAX_EXAMPLES),
            "--seed", str(seed),
            "--workers", "1",
            "--no-color",
        ],
        capture_output=True,
        text=True,
        timeout=MAX_SECONDS,
        cwd=tmp_path,
        env={**os.environ, "SCHEMATHESIS_HOOKS": "tests.api.schemathesis_hooks",
             "PYTHONPATH": str(ROOT)},
    )
    summary = run.stdout[-8000:] + run.stderr[-2000:]
    assert run.returncode == 0, summary
    for phase in ("Coverage", "Fuzzing", "Stateful"):
        assert f"✅ {phase}" in run.stdout, summary
    operations = sum(len(item) for item in json.loads(DOCUMENT.read_text())["paths"].values())
    assert f"Tested: {operations}\n" in run.stdout, summary  # POST /replays included
    assert "failure" not in run.stdout.split("SUMMARY")[-1], summary
