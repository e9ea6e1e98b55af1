"""tools/verify_log.py: standard library only, run as a separate program on exported logs."""

from __future__ import annotations

import ast
import importlib.util
import json
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from domain.kernel.protocol import Setup
from domain.registry import kinds
from service.audit import encode_log
from tests.audit.conftest import SEED
from tests.audit.logs import edit, play_log, replace_at, reseal

TOOL = Path(__file__).parents[2] / "tools" / "verify_log.py"


def _run(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-I", str(TOOL), str(path), "--json"],
                          capture_output=True, text=True, timeout=60, check=False)


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> Path:
    log = play_log(kinds()["ticket-to-ride"], Setup(seats=4, map="europe"), SEED,
                   random.Random(9))
    path = tmp_path_factory.mktemp("logs") / "game.jsonl"
    path.write_bytes(encode_log(log))
    return path


def test_it_imports_only_the_standard_library() -> None:
    tree = ast.parse(TOOL.read_text())
    imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module.split(".")[0] for node in ast.walk(tree)
                 if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= set(sys.stdlib_module_names) | {"__future__"}, imported


def test_an_untouched_export_verifies(export: Path) -> None:
    done = _run(export)
    assert done.returncode == 0, done.stdout + done.stderr
    verdict = json.loads(done.stdout)
    assert verdict["valid"] and verdict["problems"] == []
    assert verdict["checks"]["hash-chain"] == "passed"
    assert verdict["checks"]["commitment"] == "passed"
    assert verdict["checks"]["randomness"].startswith("passed")


def _tampered(export: Path, tmp_path: Path, change: str) -> Path:
    from service.audit import decode_log

    log = decode_log(export.read_bytes())
    if change == "byte":
        body = export.read_bytes().replace(b'"seat":1', b'"seat":2', 1)
        path = tmp_path / "byte.jsonl"
        path.write_bytes(body)
        return path
    if change == "shuffle":  # a forger re-sealing the chain after stacking the deck
        i = next(i for i, r in enumerate(log) if r.type == "started")
        opening = dict(log[i].events[0])
        opening["cards"] = dict(opening["cards"], after=sorted(opening["cards"]["after"]))
        log = reseal(replace_at(log, i, edit(log[i], events=[opening, *log[i].events[1:]])))
    elif change == "seed":
        events = [dict(e, seed="00" * 32) if "seed" in e else e for e in log[-1].events]
        log = reseal(replace_at(log, len(log) - 1, edit(log[-1], events=events)))
    elif change == "swap":
        log = [*log[:20], log[21], log[20], *log[22:]]
    elif change == "drop":
        log = [*log[:20], *log[21:]]
    path = tmp_path / f"{change}.jsonl"
    path.write_bytes(encode_log(log))
    return path


@pytest.mark.parametrize(("change", "code"), [
    ("byte", "hash-mismatch"),
    ("shuffle", "shuffle-mismatch"),
    ("seed", "seed-mismatch"),
    ("swap", "records-reordered"),
    ("drop", "record-dropped"),
])
def test_a_tampered_export_is_rejected_and_named(
    export: Path, tmp_path: Path, change: str, code: str
) -> None:
    done = _run(_tampered(export, tmp_path, change))
    assert done.returncode == 1, done.stdout
    assert json.loads(done.stdout)["problems"][0]["code"] == code


def test_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    path = tmp_path / "junk.jsonl"
    path.write_text("[1, 2]\n")
    assert _run(path).returncode == 2


def duplicated_seat(body: bytes) -> bytes:
    """`body` (an export) with one command's seat given twice: first another seat, then its own.

    Read keeping the last value (as msgspec and Python's json do), the record is unchanged
    and its hash verifies; a reader keeping the first sees the other seat's move."""
    lines = body.splitlines()
    i = next(i for i, line in enumerate(lines) if b'"type":"command"' in line
             and b'"seat":1,' in line)
    lines[i] = lines[i].replace(b'"seat":1,', b'"seat":0,', 1)[:-1] + b',"seat":1}'
    return b"\n".join(lines) + b"\n"


def test_a_key_twice_anywhere_makes_the_log_unreadable(export: Path, tmp_path: Path) -> None:
    twice = tmp_path / "twice.jsonl"
    twice.write_bytes(duplicated_seat(export.read_bytes()))
    done = _run(twice)
    assert done.returncode == 2, done.stdout
    assert "the key 'seat' appears twice in one object" in done.stderr
    nested = tmp_path / "nested.jsonl"
    nested.write_bytes(export.read_bytes().replace(b'"name":', b'"name":"x","name":', 1))
    done = _run(nested)
    assert done.returncode == 2 and "the key 'name' appears twice" in done.stderr


def test_it_reports_the_head_hash(export: Path) -> None:
    from service.audit import decode_log

    verdict = json.loads(_run(export).stdout)
    assert verdict["head_hash"] == decode_log(export.read_bytes())[-1].hash
    text = subprocess.run([sys.executable, "-I", str(TOOL), str(export)], capture_output=True,
                          text=True, timeout=60, check=True).stdout
    assert f"head hash: {verdict['head_hash']}" in text


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("verify_log", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_its_generator_gives_the_documented_vectors() -> None:
    tool = _tool()
    seed = bytes(range(32))
    assert tool.shuffle(seed, 0, [str(i) for i in range(10)]) == list("4189057263")
    assert tool.pick(seed, 1, 6) == 3
    assert tool.shuffle(seed, 7, list("abcdefgh")) == list("ehagdbcf")
    assert tool.pick(seed, 3, 1 << 16) == 35191


VECTOR_RECORD = {"game_id": "g1", "version": 1, "type": "created",
                 "time": "2026-01-01T00:00:00Z", "payload": {"kind": "toy"}}
VECTOR_HASH = "479225f53564919ddfcbee616cff1029666684f5c363857d1dee9bf5ee05e7f5"


def test_its_record_hash_gives_the_documented_vector_as_the_store_does() -> None:
    from service.store.records import Record, record_hash, record_salt

    tool, seed = _tool(), bytes(range(32))
    assert tool.record_salt(seed, 1).hex() == record_salt(seed, 1).hex() == (
        "7dbccf244fd83ed3ca0efb50bb21baf134a6010b2fb04afe8112acb0a78824e7")
    assert record_salt(seed, 2).hex() == (
        "062bf8b5119b549c6b98cabe9caec3cc1d0fedb63af9bcdbc27dac55f04bdcc1")
    assert tool.record_hash(VECTOR_RECORD, seed) == VECTOR_HASH
    assert record_hash(Record(**VECTOR_RECORD), seed) == VECTOR_HASH
    assert tool.record_hash(VECTOR_RECORD, bytes(32)) != VECTOR_HASH  # the seed matters


def test_a_running_export_is_checked_by_its_links(export: Path, tmp_path: Path) -> None:
    from service.audit import decode_log

    running = decode_log(export.read_bytes())[:30]  # no seed revealed yet
    path = tmp_path / "running.jsonl"
    path.write_bytes(encode_log(running))
    done = _run(path)
    assert done.returncode == 0, done.stdout
    checks = json.loads(done.stdout)["checks"]
    assert checks["hash-chain"].startswith("not-verifiable")
    # a changed record still links (its hash cannot be recomputed yet)...
    changed = replace_at(running, 20, edit(running[20], command_id="forged"))
    path.write_bytes(encode_log(changed))
    assert _run(path).returncode == 0
    # ...but a record whose hash was rewritten no longer links to the next one
    rehashed = replace_at(running, 20, edit(running[20], hash="ab" * 32))
    path.write_bytes(encode_log(rehashed))
    done = _run(path)
    assert done.returncode == 1
    problem = json.loads(done.stdout)["problems"][0]
    assert (problem["code"], problem["version"]) == ("prev-hash-break", 22)
