"""Whole games played by `roundhouse bot` processes against a running uvicorn server.

The server is the real app on a SQLite file, served by uvicorn on a free local
port; each seat is a separate ``roundhouse bot`` process that knows only the
server's URL, the game id and its seat's token, exactly as a third-party
client. Some follow the event stream, some poll; greedy and random mixed.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

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
        processes = [
            subprocess.Popen(
                [str(ROUNDHOUSE), "bot", "--url", base, "--game", game, "--token", token,
                 "--seed", str(seat), *extra],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            )
            for seat, (token, extra) in enumerate(zip(tokens, options, strict=True))
        ]
        try:
            # the bots are already waiting in the lobby: the host starts the game under them
            started = http.post(f"/games/{game}/start",
                                headers={"Authorization": f"Bearer {host}"})
            assert started.status_code == 200, started.text
            outputs = [p.communicate(timeout=GAME_SECONDS) for p in processes]
        finally:
            for p in processes:
                if p.poll() is None:
                    p.kill()
                    p.wait()
        for p, (out, err) in zip(processes, outputs, strict=True):
            assert p.returncode == 0, err
            assert f"game {game} finished" in out, (out, err)
        final = http.get(f"/games/{game}").json()
        audit = http.get(f"/games/{game}/audit", timeout=60)  # verified in a worker process
        assert audit.status_code == 200, audit.text
        report = audit.json()["report"]
        assert report["valid"] is True and report["complete"] is True, report["findings"]
    return {"final": final, "outputs": [out for out, _ in outputs]}


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
