"""``roundhouse export | replay | audit`` on a store with a finished and a running game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from domain.kernel.protocol import Setup
from domain.registry import kinds
from service.cli import BROKEN_PIPE, main
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


ROUNDHOUSE = Path(sys.executable).with_name("roundhouse")


def _run(
    *args: str, cwd: Path | None = None, shell: bool = False
) -> subprocess.CompletedProcess[str]:
    command: Any = " ".join(args) if shell else [str(ROUNDHOUSE), *args]
    return subprocess.run(command, capture_output=True, text=True, check=False, cwd=cwd,
                          shell=shell, timeout=120)


def test_refusals_are_messages_not_tracebacks(store_url: tuple[str, str, str],
                                              tmp_path: Path) -> None:
    url, _, _ = store_url
    for args in (("export", "0123", "--store", url), ("audit", "nope", "--store", url)):
        done = _run(*args)
        assert done.returncode == 2, done
        assert "Traceback" not in done.stderr
        assert done.stderr.strip().endswith("is no game 'nope' in this store") or (
            "no game '0123'" in done.stderr), done.stderr
    # a read command run elsewhere refuses a missing store instead of creating one
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    for args in (("audit", "--all"), ("export", "x")):
        done = _run(*args, cwd=elsewhere)
        assert done.returncode == 2 and "there is no store at" in done.stderr, done
        assert "Traceback" not in done.stderr
    assert list(elsewhere.iterdir()) == []


def test_a_running_games_export_replays_as_valid_so_far_in_plain_words(
    store_url: tuple[str, str, str], tmp_path: Path
) -> None:
    url, _, running = store_url
    out = tmp_path / "running.jsonl"
    wrote = _run("export", running, "-o", str(out), "--store", url)
    assert wrote.returncode == 0
    assert f"of active game {running} to {out}" in wrote.stderr and "wrote " in wrote.stderr
    replayed = _run("replay", str(out))
    assert replayed.returncode == 0, replayed
    assert "Error)" not in replayed.stdout  # no exception names
    assert "still running when this log was exported" in replayed.stdout
    assert replayed.stdout.strip().endswith("valid so far")
    # piped, nothing is wrapped: the game id and each check stay on their line
    assert all(len(line) > 80 for line in replayed.stdout.splitlines()[:2])
    assert running in replayed.stdout.splitlines()[0]
    verified = subprocess.run([sys.executable, str(TOOL), str(out)], capture_output=True,
                              text=True, check=False)
    assert verified.returncode == 0
    assert verified.stdout.splitlines()[-1].startswith("VALID SO FAR")
    assert "VALID" not in verified.stdout.splitlines()[-1].split(":")[0].replace(
        "VALID SO FAR", "")


def test_audit_all_into_head_stops_quietly(store_url: tuple[str, str, str]) -> None:
    url, _, _ = store_url
    done = _run(str(ROUNDHOUSE), "audit", "--all", "--json", "--store", url, "| head -1",
                shell=True)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert json.loads(done.stdout)["valid"] is True
    # a reader gone before the first line: no BrokenPipeError, the status of SIGPIPE
    gone = subprocess.Popen([str(ROUNDHOUSE), "audit", "--all", "--json", "--store", url],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert gone.stdout is not None and gone.stderr is not None
    gone.stdout.close()
    errors = gone.stderr.read().decode()
    assert gone.wait(timeout=120) == BROKEN_PIPE, errors
    assert "Traceback" not in errors and "BrokenPipe" not in errors, errors
    table = _run("audit", "--all", "--store", url)
    assert table.returncode == 0
    ids = [line for line in table.stdout.splitlines() if "│" in line and "-" in line]
    assert ids and all(len(line.split("│")[1].strip()) == 36 for line in ids), table.stdout


def test_help_is_plain_words() -> None:
    done = _run("--help")
    assert done.returncode == 0
    assert "``" not in done.stdout and "`" not in done.stdout
    assert "Roundhouse" in done.stdout
