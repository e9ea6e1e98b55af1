"""The Python client that openapi-python-client generates: clean, typed, and it plays.

As a client author would use it: `openapi-python-client generate` with its
default options on the committed ``api-spec/openapi.json``, then the example
client built on it (``docs/examples/python/play.py``) type-checked with ``mypy
--strict`` against the generated package, and run against ``roundhouse serve``
(a real process, SQLite) for a game of every kind, map and variant, each to
its end: it takes seat 0, gives the others to the server's bots, follows the
seat's live stream and sends one of the listed legal moves when the seat is to
act.

The generator warns only about the responses whose media type no generator
of typed JSON models can express (`MEDIA_TYPE_WARNINGS`): the board picture, the
score chart and the statistics' board (SVG), and a game's log as JSON Lines,
exported and sent to ``POST /replays``; the live stream (``text/event-stream``)
it hands over as text, and the example reads it with httpx-sse.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.scale.servers import Server

ROOT = Path(__file__).parents[2]
DOCUMENT = ROOT / "api-spec" / "openapi.json"
EXAMPLE = ROOT / "docs" / "examples" / "python" / "play.py"
BIN = Path(sys.executable).parent
#: the generator's version, pinned in pyproject.toml's ``test`` extra
GENERATOR_VERSION = "0.29.1"
#: the operations whose response (or body) has a media type the generator cannot
#: express, and that media type: the only warnings it may give
MEDIA_TYPE_WARNINGS = {
    "GET /games/{game_id}/board.svg": "image/svg+xml",
    "GET /games/{game_id}/statistics/scores.svg": "image/svg+xml",
    "GET /statistics/board.svg": "image/svg+xml",
    "GET /games/{game_id}/export": "application/x-ndjson",
    "POST /replays": "application/x-ndjson",
}
#: every kind, map and variant the example plays, with a seat count each
GAMES = [
    ("europe", 3), ("europe-mega-europe", 3), ("europe-europa-1912", 2),
    ("europe-big-cities", 4), ("amsterdam", 3), ("world", 3), ("northern-lights", 3),
    ("colt-express", 4), ("colt-express-two-player", 2),
]
#: the longest one game may take (each takes a few seconds; the machine may be busy)
GAME_SECONDS = 120


def run(
    command: list[str], cwd: Path, timeout: float, **env: str
) -> subprocess.CompletedProcess[str]:
    """`command` run to its end, with this environment's tools first on the PATH."""
    return subprocess.run(
        command, cwd=cwd, capture_output=True, text=True, timeout=timeout,
        env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", **env},
    )


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The generated client's folder, and what the generator printed."""
    out = tmp_path_factory.mktemp("client") / "roundhouse-client"
    done = run([str(BIN / "openapi-python-client"), "generate", "--path", str(DOCUMENT),
                "--output-path", str(out)], cwd=out.parent, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    return out, done.stdout + done.stderr


def test_the_generator_warns_only_of_media_types_it_cannot_express(
    generated: tuple[Path, str],
) -> None:
    out, said = generated
    version = run([str(BIN / "openapi-python-client"), "--version"], cwd=out, timeout=60)
    assert GENERATOR_VERSION in version.stdout
    warned = dict(re.findall(r"WARNING parsing (\S+ \S+) within \w+\.[^\n]*\n+([^\n]*)", said))
    assert set(warned) == set(MEDIA_TYPE_WARNINGS), said
    for operation, media_type in MEDIA_TYPE_WARNINGS.items():
        assert media_type in warned[operation] and "nsupported" in warned[operation], said
    assert said.count("WARNING") == len(MEDIA_TYPE_WARNINGS), said
    for trouble in ("Unable to", "duplicate", "Failure to process", "not in PATH"):
        assert trouble not in said, said
    models = out / "roundhouse_client" / "models"
    for name in ("ticket_to_ride_record", "colt_express_private_game", "explanation",
                 "create_game_colt_express_two_player_2_seats"):
        assert (models / f"{name}.py").exists(), name


def test_the_example_type_checks_with_the_generated_client(
    generated: tuple[Path, str], tmp_path: Path
) -> None:
    out, _ = generated
    checked = run([str(BIN / "mypy"), "--strict", "--cache-dir", str(tmp_path / "cache"),
                   str(EXAMPLE)], cwd=tmp_path, timeout=300, MYPYPATH=str(out))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "Success: no issues found" in checked.stdout


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("server")
    served = Server(f"sqlite:///{folder / 'games.db'}", folder / "server.log",
                    {"PYTHONPATH": str(ROOT)})
    served.start()
    yield served
    served.stop()


@pytest.mark.parametrize(("setup", "seats"), GAMES)
def test_the_example_plays_every_kind_map_and_variant_to_the_end(
    generated: tuple[Path, str], server: Server, setup: str, seats: int, tmp_path: Path
) -> None:
    out, _ = generated
    played = run([sys.executable, str(EXAMPLE), "--url", server.url, "--setup", setup,
                  "--seats", str(seats)], cwd=tmp_path, timeout=GAME_SECONDS,
                 PYTHONPATH=str(out))
    assert played.returncode == 0, played.stdout[-3000:] + played.stderr[-3000:]
    last = played.stdout.strip().splitlines()[-1]
    assert re.fullmatch(rf"[a-z-]+ {setup}: \d+ records, scores \[.*\], winners \[.+\]", last), (
        last)
    records = [line for line in played.stdout.splitlines() if re.match(r"\s*\d+ ", line)]
    assert "game-ended" in records[-1], records[-3:]
    numbers = [int(line.split()[0]) for line in records]
    assert numbers == list(range(1, len(numbers) + 1))  # every record once, in order
