"""Every archived log replays valid under its own rules version, by every verifier we ship.

``shared/fixtures/logs-0.1`` holds finished games exported before logs named
their rules version (Europe 2/3/5 seats and Mega Europe, Colt Express 2 and
6 seats). Each must stay ``valid`` with its recorded result through
``POST /replays``, ``roundhouse replay`` and ``tools/verify_log.py``, read as
version 0.1; a new game's log names the current version and replays under it.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from litestar.testing import TestClient

from domain.kernel.protocol import LEGACY_RULES_VERSION, Setup
from domain.registry import kinds
from service.api.app import create_app
from service.audit import audit, decode_log, encode_log
from service.settings import Settings
from service.store.games import GameStore
from tests.audit.logs import play_in_store
from tests.audit.test_verify_log import TOOL

ARCHIVE = Path(__file__).parents[2].parent / "shared" / "fixtures" / "logs-0.1"
if not ARCHIVE.is_dir():  # a worktree sits beside main, both beside shared/
    ARCHIVE = Path("/work/shared/fixtures/logs-0.1")
LOGS = sorted(ARCHIVE.glob("*.jsonl"))
ROUNDHOUSE = Path(sys.executable).with_name("roundhouse")


def _recorded_result(path: Path) -> dict[str, Any]:
    """The scores and winners the log's own game-ended event records."""
    last = json.loads(path.read_text().splitlines()[-1])
    ended = next(e for e in last["events"] if e["type"] == "game-ended")
    scores = [s["total"] if isinstance(s, dict) else s for s in ended["scores"]]
    return {"scores": scores, "winners": ended["winners"]}


def test_the_archive_holds_both_kinds() -> None:
    names = {p.name for p in LOGS}
    assert len(LOGS) >= 6
    assert any(n.startswith("europe-") for n in names)
    assert any(n.startswith("colt-express-") for n in names)


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient[Any]]:
    url = f"sqlite:///{tmp_path_factory.mktemp('archive') / 'games.db'}"
    with TestClient(create_app(Settings(store=url), kinds=kinds())) as test_client:
        yield test_client


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_an_archived_log_replays_valid_over_http(client: TestClient[Any], path: Path) -> None:
    answer = client.post("/replays", content=path.read_bytes(),
                         headers={"Content-Type": "application/x-ndjson"})
    assert answer.status_code == 200, answer.text
    report = answer.json()
    assert report["valid"] and report["complete"], report["first_invalid"]
    assert report["rules_version"] == LEGACY_RULES_VERSION
    assert report["result"] == _recorded_result(path)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_an_archived_log_replays_valid_on_the_command_line(path: Path) -> None:
    done = subprocess.run([str(ROUNDHOUSE), "replay", "--json", str(path)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["valid"] and report["rules_version"] == LEGACY_RULES_VERSION
    assert report["result"] == _recorded_result(path)


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.stem)
def test_an_archived_log_passes_the_standalone_verifier(path: Path) -> None:
    done = subprocess.run([sys.executable, "-I", str(TOOL), str(path), "--json"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["valid"] and verdict["rules_version"] == LEGACY_RULES_VERSION


@pytest.mark.parametrize("kind", ["ticket-to-ride", "colt-express"])
def test_a_new_log_names_the_current_rules_version_and_replays_under_it(
    kind: str, tmp_path: Path
) -> None:
    rules = kinds()[kind]
    setup = Setup(seats=2, map="europe") if kind == "ticket-to-ride" else Setup(seats=2)
    store = GameStore(f"sqlite:///{tmp_path / 'games.db'}", kinds())
    try:
        game_id = play_in_store(store, kind, setup, random.Random(6))
        records = store.records(game_id)
    finally:
        store.close()
    assert records[0].payload is not None
    version = records[0].payload["setup"]["rules_version"]
    assert version == rules.rules_version(setup) != LEGACY_RULES_VERSION
    report = audit(decode_log(encode_log(records)))
    assert report.valid and report.complete and report.rules_version == version
