"""The TypeScript client a client author generates from api-spec/openapi.json.

openapi-typescript (default options) turns the document into types, openapi-fetch
calls the API with them, and `tsc --strict` checks two programs built on them:
tests/api/typescript/play_every_kind.mts, which plays a game of every kind, map and
variant to the end, and the example in docs/examples/typescript, which plays one
seat against bots by following its live stream. Both then run with node against
``roundhouse serve``. The tools are the versions pinned in package-lock.json
(``npm ci``); without node or them the tests skip, except under CI=true.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.figures import report
from tests.ops.servers import Server, serving

REPO = Path(__file__).resolve().parents[2]
BIN = REPO / "node_modules" / ".bin"
EXAMPLE = REPO / "docs" / "examples" / "typescript"
PLAY_EVERY_KIND = Path(__file__).parent / "typescript" / "play_every_kind.mts"


def run(*command: str | Path, cwd: Path, timeout: float) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, check=False)


@pytest.fixture(scope="module")
def tools() -> Path:
    """The pinned Node tools' directory (node_modules/.bin after ``npm ci``)."""
    needed = {"node": shutil.which("node") is not None,
              "node_modules (npm ci)": (BIN / "tsc").exists()}
    missing = " and ".join(what for what, there in needed.items() if not there)
    if missing:
        if os.environ.get("CI") == "true":
            raise RuntimeError(f"CI=true but {missing} missing (.ci/run installs them)")
        pytest.skip(f"{missing} missing: install Node.js 20, then npm ci")
    return BIN


@pytest.fixture(scope="module")
def generated(tools: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A directory holding the generated types (api.ts), both programs and the example's
    tsconfig.json, with the repository's node_modules; and the generator's output."""
    directory = tmp_path_factory.mktemp("typescript")
    (directory / "node_modules").symlink_to(REPO / "node_modules")
    for source in (*EXAMPLE.glob("*.mts"), EXAMPLE / "tsconfig.json", PLAY_EVERY_KIND):
        shutil.copy(source, directory)
    generator = run(tools / "openapi-typescript", REPO / "api-spec" / "openapi.json",
                    "-o", directory / "api.ts", cwd=directory, timeout=60)
    output = generator.stdout + generator.stderr
    assert generator.returncode == 0, output
    return directory, output


@pytest.fixture(scope="module")
def compiled(tools: Path, generated: tuple[Path, str]) -> subprocess.CompletedProcess[str]:
    """``tsc --strict`` over the generated types and both programs, which emits build/*.mjs
    only if it finds no error (``noEmitOnError``): one run both checks and compiles."""
    directory, _ = generated
    return run(tools / "tsc", "-p", directory, "--strict", cwd=directory, timeout=300)


@pytest.fixture(scope="module")
def build(generated: tuple[Path, str], compiled: subprocess.CompletedProcess[str]) -> Path:
    """The compiled programs' directory."""
    assert compiled.returncode == 0, compiled.stdout + compiled.stderr
    return generated[0] / "build"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    directory = tmp_path_factory.mktemp("served")
    with serving(f"sqlite:///{directory / 'games.db'}", directory / "server.log") as running:
        yield running


def test_openapi_typescript_generates_without_warnings(generated: tuple[Path, str]) -> None:
    directory, output = generated
    lines = [line for line in output.splitlines() if line.strip()]
    assert lines[0].startswith("✨ openapi-typescript "), output
    warnings = [line for line in lines[1:] if not line.startswith("🚀 ")]
    assert warnings == [], output
    assert "export interface paths" in (directory / "api.ts").read_text()
    report("openapi-typescript", version=lines[0].split()[-1], warnings=len(warnings))


def test_programs_on_the_generated_client_type_check_strictly(
    compiled: subprocess.CompletedProcess[str],
) -> None:
    assert (compiled.returncode, compiled.stdout + compiled.stderr) == (0, "")


def kind_map_variants(base: str) -> set[tuple[str, str, str]]:
    """Every (kind, map, variant) `/kinds` offers; "-" for no map or no variant named."""
    offered: set[tuple[str, str, str]] = set()
    for kind in httpx.get(f"{base}/kinds").json():
        for board in kind["maps"] or [{"id": "-", "variants": []}]:
            named = board["variants"] or kind["variants"]
            offered |= {(kind["kind"], board["id"], variant["id"]) for variant in named}
        if not kind["maps"]:
            offered.add((kind["kind"], "-", "-"))
    return offered


def finished(base: str, game: str) -> dict[str, Any]:
    public: dict[str, Any] = httpx.get(f"{base}/games/{game}").json()
    assert public["status"] == "finished", public
    return public


def owned_routes(public: dict[str, Any]) -> int:
    return sum(owner is not None for owner in public["view"]["route_owner"])


def test_generated_client_plays_every_kind_and_map(build: Path, server: Server) -> None:
    done = run("node", build / "play_every_kind.mjs", server.base, cwd=build, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    games = [json.loads(line) for line in done.stdout.splitlines()]
    assert {tuple(game["setup"].split("/")) for game in games} == kind_map_variants(server.base)
    for game in games:
        public = finished(server.base, game["game"])
        assert public["version"] == game["version"]
        assert public["result"]["scores"] == game["scores"]
        assert len(public["seats"]) == game["seats"]
        assert all(seat["bot"] is None for seat in public["seats"])
        if public["kind"] == "ticket-to-ride":
            assert 0 < game["routes_owned"] == owned_routes(public) <= game["claims"]
        else:
            assert game["gunslingers"] == public["view"]["result"]["gunslingers"]
    claims = sum(game["claims"] for game in games)
    assert sum(game["hand_written"] for game in games) > 0  # defaults left out were taken
    report("typescript client", games=len(games), commands=sum(g["commands"] for g in games),
           route_claims=claims, hand_written=sum(g["hand_written"] for g in games))


def test_typescript_example_plays_by_its_live_stream(build: Path, server: Server) -> None:
    done = run("node", build / "play.mjs", server.base, cwd=build, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    summary = json.loads(done.stdout.splitlines()[-1])
    public = finished(server.base, summary["game"])
    assert summary["records"] == summary["version"] == public["version"]
    assert summary["ours"] > 0
    assert [seat["bot"] is not None for seat in public["seats"]] == [False, True, True]
    assert summary["winners"] == public["result"]["winners"]
    assert summary["routes"] == owned_routes(public) > 0
