"""schemathesis against a running server: every check, every phase, bounded, nothing found.

The server is the app as ``roundhouse serve`` runs it (uvicorn, SQLite in a
temporary directory, the registered kinds, 127.0.0.1); the schemathesis CLI
runs against the committed ``api-spec/openapi.json`` (a client's copy, which
`test_openapi` keeps equal to what the server serves) with ``--checks all``
and the examples, coverage, fuzzing and stateful phases, over the seeds of
`SEEDS` (each run reproducible; seed 5 once found ``"variant": ""`` taken by one
kind and refused by another) and a bounded number of examples per operation
(``--max-time`` would make fuzzing repeat until the budget is spent; the
subprocess's timeout bounds the time). The hooked runs share the module's
server, and the hook-free run takes a third seed, so together the three runs
cover three seeds with every check and phase in under three minutes on an idle
2-core machine. The servers create any number of games a minute
(``create_limit_per_minute=0``; the limit has its own tests): with the default 600,
the coverage and fuzzing phases spend the minute's budget, and whether the
stateful phase could create a game, and so follow a link anywhere, depended on
how slow the machine was (seed 5 once reached a started game, and found a rule's
refusal answered 422, only on a loaded one). `tests.api.schemathesis_hooks` teaches it
the ``application/x-ndjson`` body of ``POST /replays`` and that the seat tokens
the links carry are real (its docstring says so). One worker: Python 3.11's
parser is not safe for schemathesis' concurrent source inspection ("AST
constructor recursion depth mismatch").

The README ("Fuzzing the API") gives the same command to run by hand.

`test_schemathesis_without_hooks_finds_nothing` runs it as anyone would, from
the document alone: no hooks, against ``roundhouse serve`` in its own process
(SQLite, 127.0.0.1, streams ending after a second, no limit on creating games).
So the document itself must make every request it allows one the server
serves (a setup's map, variant and seat range; an integer written ``2.0``; a
command of another kind). It leaves out what the document cannot give a fuzzer without a hook:

* the ``ignored_auth`` check: the stateful phase carries a seat token from
  ``POST /games/{id}/seats`` to the next request through a link
  (``Authorization: Bearer {$response.body#/token}``); schemathesis counts a
  header filled in by a link as generated credentials, so a request that a real
  token rightly makes succeed reads to it as authentication ignored. The hooked
  runs mark those tokens as issued (`LinkedTokens`) and run the check.
* ``POST /replays``: its body is a log as JSON Lines, which schemathesis has no
  serializer for (a hook adds one, drawing bodies from real games).
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
from tests.scale.servers import Server

ROOT = Path(__file__).parents[2]
DOCUMENT = ROOT / "api-spec" / "openapi.json"
#: per operation, phase and seed; with the coverage phase's own cases about 2,500 requests
MAX_EXAMPLES = 30
#: the hooked runs' seeds (the hook-free run's `PLAIN_SEED` is the third)
SEEDS = (5, 424242)
#: the longest a run may take (about a minute idle; the machine may be busy)
MAX_SECONDS = 600
#: the hook-free run: per operation, phase and seed, and its one seed (about a minute idle)
PLAIN_MAX_EXAMPLES = 15
PLAIN_SEED = 20261201
#: what the hook-free run leaves out (the module's docstring says why)
PLAIN_EXCLUDED_CHECKS = ("ignored_auth",)
PLAIN_EXCLUDED_PATHS = ("/replays",)


@pytest.fixture(scope="module")
def base_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One server for the hooked runs: starting one per seed only costs time."""
    # event streams end after a second here, so the fuzzer does not wait on open streams
    store = tmp_path_factory.mktemp("fuzz") / "fuzz.db"
    settings = Settings(store=f"sqlite:///{store}", stream_seconds=1.0, create_limit_per_minute=0)
    with served(create_app(settings)) as base:
        yield base


def schemathesis(url: str, cwd: Path, seed: int, max_examples: int, *options: str,
                 **env: str) -> str:
    """Run schemathesis on the committed document against `url`; asserts it found nothing.

    Returns what it printed. Every check and every phase but those `options` leave out.
    """
    cli = Path(sys.executable).parent / "schemathesis"
    run = subprocess.run(
        [
            str(cli), "run", str(DOCUMENT), "--url", url,
            "--checks", "all",
            "--phases", "examples,coverage,fuzzing,stateful",
            "--max-examples", str(max_examples),
            "--seed", str(seed),
            "--workers", "1",
            "--no-color",
            *options,
        ],
        capture_output=True,
        text=True,
        timeout=MAX_SECONDS,
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT), **env},
    )
    summary = run.stdout[-8000:] + run.stderr[-2000:]
    assert run.returncode == 0, summary
    for phase in ("Coverage", "Fuzzing", "Stateful"):
        assert f"✅ {phase}" in run.stdout, summary
    assert "failure" not in run.stdout.split("SUMMARY")[-1], summary
    return run.stdout


def operations() -> int:
    return sum(len(item) for item in json.loads(DOCUMENT.read_text())["paths"].values())


@pytest.mark.parametrize("seed", SEEDS)
def test_schemathesis_finds_nothing(base_url: str, tmp_path: Path, seed: int) -> None:
    said = schemathesis(base_url, tmp_path, seed, MAX_EXAMPLES,
                        SCHEMATHESIS_HOOKS="tests.api.schemathesis_hooks")
    assert f"Tested: {operations()}\n" in said  # POST /replays included


def test_schemathesis_without_hooks_finds_nothing(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'fuzz.db'}", tmp_path / "server.log",
                    {"PYTHONPATH": str(ROOT), "ROUNDHOUSE_STREAM_SECONDS": "1",
                     "ROUNDHOUSE_CREATE_LIMIT_PER_MINUTE": "0"})
    server.start()
    try:
        excluded = [option for path in PLAIN_EXCLUDED_PATHS
                    for option in ("--exclude-path", path)]
        said = schemathesis(server.url, tmp_path, PLAIN_SEED, PLAIN_MAX_EXAMPLES,
                            "--exclude-checks", ",".join(PLAIN_EXCLUDED_CHECKS), *excluded)
    finally:
        server.stop()
    assert f"Tested: {operations() - len(PLAIN_EXCLUDED_PATHS)}\n" in said
