"""Whole games played by `roundhouse bot` processes against a running uvicorn server.

The server is the real app on a SQLite file, served by uvicorn on a free local
port; each seat is a separate ``roundhouse bot`` process that knows only the
server's URL, the game id and its seat's token, exactly as a third-party
client. Some follow the event stream, some poll; greedy and random mixed.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from contextlib import ExitStack
from pathlib import Path
from typing import IO, Any

import httpx
import pytest

from service.api.app import create_app
from service.settings import Settings
from tests.api.live import served

ROUNDHOUSE = Path(sys.executable).with_name("roundhouse")
#: a whole game of four bots takes a few seconds; this bounds a stuck one
GAME_SECONDS = 180


def _seat_bots(base: str, setup: dict[str, Any], options: list[list[str]]) -> dict[str, Any]:
    """Create the game, take every seat, start one bot process per seat, start the game,
    and wait for every process; returns the final public view and the bots' outputs."""
    with httpx.Client(base_url=base, timeout=10) as http:
        created = http.post("/games", json={**setup, "seats": len(options)})
        assert created.status_code == 201, created.text
        game, host = created.json()["id"], created.json()["host_token"]
        tokens = []
        for seat in range(len(options)):
            joined = http.post(f"/games/{game}/seats", json={"name": f"bot {seat}"})
            assert joined.status_code == 201, joined.text
            tokens.append(joined.json()["token"])
        with ExitStack() as files:
            # files, not pipes: a verbose bot nobody reads yet must never block on a full pipe
            logs = [(files.enter_context(tempfile.TemporaryFile("w+")),
                     files.enter_context(tempfile.TemporaryFile("w+"))) for _ in options]
            processes = [
                subprocess.Popen(
                    [str(ROUNDHOUSE), "bot", "--url", base, "--game", game, "--token", token,
                     "--seed", str(seat), "--verbose", *extra],
                    stdout=out, stderr=err, text=True,
                )
                for seat, (token, extra, (out, err)) in enumerate(
                    zip(tokens, options, logs, strict=True))
            ]
            try:
                # the bots are already waiting in the lobby: the host starts the game under them
                started = http.post(f"/games/{game}/start",
                                    headers={"Authorization": f"Bearer {host}"})
                assert started.status_code == 200, started.text
                if not _all_done(processes):
                    pytest.fail(_stuck(http, game, tokens, processes, logs))
            finally:
                for p in processes:
                    if p.poll() is None:
                        p.kill()
                        p.wait()
            outputs = [_read(out) for out, _ in logs]
        final = http.get(f"/games/{game}").json()
        audit = http.get(f"/games/{game}/audit", timeout=60)  # verified in a worker process
        assert audit.status_code == 200, audit.text
        report = audit.json()["report"]
        assert report["valid"] is True and report["complete"] is True, report["findings"]
    for out in outputs:
        assert f"game {game} finished" in out, out
    return {"final": final, "outputs": outputs}


def _all_done(processes: list[subprocess.Popen[str]]) -> bool:
    """Whether every bot ended well within `GAME_SECONDS`; False as soon as one fails
    (the others would wait for its seat forever) or when time is up."""
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        codes = [p.poll() for p in processes]
        if any(code not in (None, 0) for code in codes):
            return False
        if all(code == 0 for code in codes):
            return True
        time.sleep(0.1)
    return False


def _read(log: IO[str]) -> str:
    log.seek(0)
    return log.read()


def _stuck(http: httpx.Client, game: str, tokens: list[str],
           processes: list[subprocess.Popen[str]], logs: Sequence[tuple[IO[str], IO[str]]]) -> str:
    """Why the game did not end: each seat's ``/me`` as the server holds it now and each
    bot's exit status and last lines of output (``--verbose``: one line per move)."""
    lines = [f"game {game} did not end well within {GAME_SECONDS} s",
             f"public: {http.get(f'/games/{game}').text[:300]}"]
    for seat, (token, p, (out, err)) in enumerate(zip(tokens, processes, logs, strict=True)):
        me = http.get(f"/games/{game}/me", headers={"Authorization": f"Bearer {token}"}).json()
        code = p.poll()
        lines += [
            f"--- seat {seat} ({'still running' if code is None else f'exited {code}'}); "
            f"server: version {me.get('version')}, status {me.get('status')}, "
            f"to_act {me.get('to_act')}, {len(me.get('legal_moves') or [])} legal moves",
            f"stdout: {_read(out)[-300:]}",
            *_read(err).splitlines()[-15:],
        ]
    return "\n".join(lines)


@pytest.fixture
def base(tmp_path: Path) -> Any:
    assert ROUNDHOUSE.exists(), f"the roundhouse script is not installed at {ROUNDHOUSE}"
    with served(create_app(Settings(store=f"sqlite:///{tmp_path / 'games.db'}"))) as url:
        yield url


def test_four_bots_play_ticket_to_ride_europe_to_the_end(base: str) -> None:
    played = _seat_bots(
        base,
        {"kind": "ticket-to-ride", "map": "europe"},
        [["--strategy", "greedy"], ["--strategy", "greedy", "--poll", "0.05"],
         ["--strategy", "random"], ["--strategy", "random", "--poll", "0.05"]],
    )
    final = played["final"]
    assert final["status"] == "finished"
    result = final["result"]
    assert len(result["scores"]) == 4 and result["winners"]
    # each bot reports the result the server holds
    for out in played["outputs"]:
        assert f"scores {result['scores']}, winners {result['winners']}" in out
    # the greedy seats were the ones working towards their tickets
    assert max(result["scores"][:2]) > max(result["scores"][2:])


def test_bots_play_colt_express_to_the_end(base: str) -> None:
    played = _seat_bots(
        base,
        {"kind": "colt-express"},
        [["--strategy", "greedy"], ["--strategy", "random", "--poll", "0.05"],
         ["--strategy", "greedy", "--poll", "0.05"]],
    )
    final = played["final"]
    assert final["status"] == "finished"
    assert len(final["result"]["scores"]) == 3 and final["result"]["winners"]


def test_a_bot_with_a_wrong_token_stops_with_a_clear_message(base: str) -> None:
    created = httpx.post(f"{base}/games", json={"kind": "colt-express", "seats": 3})
    assert created.status_code == 201, created.text
    game = created.json()["id"]
    done = subprocess.run(
        [str(ROUNDHOUSE), "bot", "--url", base, "--game", game, "--token", "not-a-token"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1
    assert "401" in done.stderr and "invalid-token" in done.stderr, done.stderr
    unknown = subprocess.run(
        [str(ROUNDHOUSE), "bot", "--url", base, "--game", "no-such-game", "--token", "x"],
        capture_output=True, text=True, timeout=60,
    )
    assert unknown.returncode == 1 and "unknown-game" in unknown.stderr, unknown.stderr


def test_a_token_beginning_with_a_dash_is_read_as_the_token(base: str) -> None:
    """One seat token in 64 begins with "-" (URL-safe base64); argparse took it for an
    option, the bot exited with a usage error before its first move and the other seats
    waited for it until the game test's timeout. It must reach the server as it is."""
    created = httpx.post(f"{base}/games", json={"kind": "colt-express", "seats": 3})
    assert created.status_code == 201, created.text
    done = subprocess.run(
        [str(ROUNDHOUSE), "bot", "--url", base, "--game", created.json()["id"],
         "--token", "-xctnco7CYA", "--verbose"],
        capture_output=True, text=True, timeout=60,
    )
    assert done.returncode == 1, done.stderr  # the server's refusal, not a usage error (2)
    assert "401" in done.stderr and "invalid-token" in done.stderr, done.stderr
