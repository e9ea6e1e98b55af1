"""``roundhouse export | replay | audit`` on a store with a finished and a running game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from domain.kernel.protocol import Setup
from domain.registry import kinds
from service.cli import main
from service.store.games import GameStore
from tests.audit.conftest import SEED
from tests.audit.logs import play_in_store
from tests.audit.test_verify_log import TOOL


@pytest.fixture(scope="module")
def store_url(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str, str]:
    url = f"sqlite:///{tmp_path_factory.mktemp('cli') / 'games.db'}"
    store = GameStore(url, kinds())
    try:
        finished = play_in_store(store, "ticket-to-ride", Setup(seats=3, map="europe"),
                                 random.Random(1))
        running = play_in_store(store, "colt-express", Setup(seats=3), random.Random(2),
                                finish=False)
    finally:
        store.close()
    return url, finished, running


def test_export_then_replay_a_finished_game(
    store_url: tuple[str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, finished, _ = store_url
    out = tmp_path / "game.jsonl"
    assert main(["export", finished, "--out", str(out), "--store", url]) == 0
    assert main(["replay", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] and report["complete"] and report["game_id"] == finished


def test_replay_rejects_a_tampered_or_unreadable_log(
    store_url: tuple[str, str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, finished, _ = store_url
    out = tmp_path / "game.jsonl"
    assert main(["export", finished, "--out", str(out), "--store", url]) == 0
    lines = out.read_bytes().splitlines()
    lines[5], lines[6] = lines[6], lines[5]
    out.write_bytes(b"\n".join(lines))
    assert main(["replay", str(out)]) == 1
    assert "records-reordered" in capsys.readouterr().out
    out.write_bytes(b"{not json")
    assert main(["replay", str(out)]) == 2


def test_audit_one_game_or_the_whole_store(
    store_url: tuple[str, str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    url, finished, running = store_url
    assert main(["audit", "--all", "--json", "--store", url]) == 0
    reports = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert {r["game_id"]: r["complete"] for r in reports} == {finished: True, running: False}
    assert all(r["valid"] for r in reports)
    assert main(["audit", running, "--store", url]) == 0
    assert "valid so far" in capsys.readouterr().out
    assert main(["audit", "--store", url]) == 2


def test_a_game_on_a_clients_seed_says_so_everywhere(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = f"sqlite:///{tmp_path / 'games.db'}"
    store = GameStore(url, kinds())
    try:
        game = play_in_store(store, "colt-express", Setup(seats=2), random.Random(4),
                             seed=SEED)
    finally:
        store.close()
    out = tmp_path / "game.jsonl"
    assert main(["export", game, "--out", str(out), "--store", url]) == 0
    assert main(["replay", str(out), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["valid"] and report["seed_chosen_by_client"] is True
    done = subprocess.run([sys.executable, str(TOOL), str(out)], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0 and "seed-chosen-by-client: yes" in done.stdout
