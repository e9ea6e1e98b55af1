"""Per-client rate limits: 429 problems with Retry-After, per route class, and one
budget across processes when they share Redis."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from litestar.testing import TestClient

from service.api import rate_limits
from service.api.app import create_app
from service.settings import Settings
from tests.api.players import test_kinds
from tests.conftest import REDIS_URL
from tests.figures import report
from tests.scale.servers import servers

GAME = {"kind": "toy", "seats": 2}
EUROPE = {"kind": "ticket-to-ride", "map": "europe", "seats": 2}


def throttled(response: Any) -> int:
    """The seconds a 429 asks to wait, checked against its problem document."""
    assert response.status_code == 429, response.text
    assert response.headers["content-type"].startswith("application/problem+json")
    body = response.json()
    assert body["type"] == "urn:roundhouse:problem:rate-limited" and body["status"] == 429
    retry_after = int(response.headers["retry-after"])
    assert 1 <= retry_after <= 60 and body["retry_after"] == retry_after
    assert response.headers["ratelimit-remaining"] == "0"
    return retry_after


def app(tmp_path: Path, **limits: Any) -> TestClient[Any]:
    settings = Settings(store=f"sqlite:///{tmp_path / 'games.db'}", **limits)
    return TestClient(create_app(settings, kinds=test_kinds()))


def test_past_the_limit_every_request_is_429_but_health(tmp_path: Path) -> None:
    with app(tmp_path, rate_limit_per_minute=5) as client:
        answers = [client.get("/kinds") for _ in range(5)]
        assert [a.status_code for a in answers] == [200] * 5
        assert [a.headers["ratelimit-remaining"] for a in answers] == ["4", "3", "2", "1", "0"]
        throttled(client.get("/kinds"))
        throttled(client.post("/games", json=GAME))
        throttled(client.get("/games/anything"))
        assert client.get("/health").status_code == 200


def test_a_request_under_both_limits_answers_one_set_of_headers(tmp_path: Path) -> None:
    """``POST /games`` counts against both limits; its answer names each header once,
    with the general limit's figures (the outer limit's replace the inner's)."""
    with app(tmp_path, rate_limit_per_minute=50, create_limit_per_minute=3) as client:
        created = client.post("/games", json=GAME)
        assert created.status_code == 201
        for name in ("ratelimit-limit", "ratelimit-remaining", "ratelimit-reset",
                     "ratelimit-policy"):
            assert len(created.headers.get_list(name)) == 1, name
        assert created.headers["ratelimit-limit"] == "50"
        assert created.headers["ratelimit-remaining"] == "49"
        assert client.get("/kinds").headers["ratelimit-remaining"] == "48"


def test_game_creation_has_its_own_smaller_budget(tmp_path: Path) -> None:
    with app(tmp_path, create_limit_per_minute=3) as client:
        created = [client.post("/games", json=GAME) for _ in range(3)]
        assert [c.status_code for c in created] == [201] * 3
        throttled(client.post("/games", json=GAME))
        # the rest of the API is still open to this client, and nothing more was created
        game = created[-1].json()["id"]
        assert client.post(f"/games/{game}/seats", json={"name": "ann"}).status_code == 201
        assert client.get("/kinds").status_code == 200


def test_a_limit_of_zero_is_none(tmp_path: Path) -> None:
    with app(tmp_path, rate_limit_per_minute=0, create_limit_per_minute=0) as client:
        assert all(client.post("/games", json=GAME).status_code == 201 for _ in range(30))


def test_processes_sharing_redis_share_one_budget(tmp_path: Path, redis_prefix: str) -> None:
    """Two ``roundhouse serve`` processes: their rate-limit counts meet only in Redis."""
    store = f"sqlite:///{tmp_path / 'games.db'}"
    with (
        servers(
            store, 2, tmp_path, ROUNDHOUSE_REDIS_URL=REDIS_URL,
            ROUNDHOUSE_REDIS_PREFIX=redis_prefix, ROUNDHOUSE_RATE_LIMIT_PER_MINUTE="20",
        ) as [one, other],
        httpx.Client(timeout=10) as http,
    ):
        a, b = one.url, other.url
        answers = [http.get(f"{base}/kinds") for _ in range(10) for base in (a, b)]
        assert [r.status_code for r in answers] == [200] * 20
        throttled(http.get(f"{a}/kinds"))
        throttled(http.get(f"{b}/kinds"))


#: the create budget raced for, and how many creates race for it, how many at a time
RACED_LIMIT, RACED_CREATES, RACERS = 60, 150, 24


def test_a_shared_budget_holds_exactly_under_concurrent_requests_to_three_processes(
    tmp_path: Path, redis_prefix: str, postgres_url: str,
) -> None:
    """One address creating games through three processes with `RACERS` clients at once
    gets exactly its create budget: each request is counted once, atomically, in Redis
    (counting with a GET and a SET let 749 of 800 through a limit of 600)."""
    with servers(
        postgres_url, 3, tmp_path, ROUNDHOUSE_REDIS_URL=REDIS_URL,
        ROUNDHOUSE_REDIS_PREFIX=redis_prefix,
        ROUNDHOUSE_CREATE_LIMIT_PER_MINUTE=str(RACED_LIMIT),
    ) as three:

        async def race() -> list[int]:
            gate = asyncio.Semaphore(RACERS)
            limits = httpx.Limits(max_connections=RACERS)
            async with httpx.AsyncClient(timeout=30, limits=limits) as http:

                async def create(n: int) -> int:
                    async with gate:
                        answer = await http.post(f"{three[n % 3].url}/games", json=EUROPE)
                        return answer.status_code

                return list(await asyncio.gather(*(create(n) for n in range(RACED_CREATES))))

        statuses = asyncio.run(race())
    assert statuses.count(201) == RACED_LIMIT, sorted(statuses)
    assert statuses.count(429) == RACED_CREATES - RACED_LIMIT
    report("shared create limit raced over 3 processes (Redis)", limit=RACED_LIMIT,
           creates=RACED_CREATES, concurrent=RACERS, accepted=statuses.count(201),
           over_the_limit=0)


def test_without_redis_each_process_still_counts(tmp_path: Path) -> None:
    """Redis unreachable: the limit holds in this process, and no request fails for it."""
    nothing = "redis://127.0.0.1:9/0"  # the discard port: nothing listens
    with app(tmp_path, rate_limit_per_minute=3, redis_url=nothing) as client:
        assert [client.get("/kinds").status_code for _ in range(3)] == [200] * 3
        throttled(client.get("/kinds"))


def test_windows_counted_here_reset_and_are_dropped_once_expired(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without Redis the windows live in a dict: counted to the limit, refused past it
    (not counted further), new once reset, and a quiet client's window is dropped."""
    now = [1000.0]
    monkeypatch.setattr(rate_limits.time, "time", lambda: now[0])
    windows = rate_limits.LocalWindows()
    counts = [windows.count("a", 2, 60).count for _ in range(4)]
    assert counts == [1, 2, 3, 3]  # past the limit: refused (3 > 2), the window stays at 2
    assert windows.windows["a"] == rate_limits.Window(2, 1060)
    now[0] = 1061.0
    assert windows.count("b", 2, 60) == rate_limits.Window(1, 1121)
    assert set(windows.windows) == {"b"}  # "a" reset unseen: swept
    assert windows.count("a", 2, 60) == rate_limits.Window(1, 1121)
