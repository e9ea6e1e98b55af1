"""Behind a reverse proxy: a trusted proxy names each client, anyone else cannot.

Two real ``roundhouse serve`` processes with a rate limit of 3 requests a minute: one
trusts the proxy at 127.0.0.1 (``--forwarded-allow-ips``), the other trusts only
192.0.2.9 (``ROUNDHOUSE_FORWARDED_ALLOW_IPS``), so this test, at 127.0.0.1, is a
client there. Through the trusted proxy each forwarded client has its own budget;
elsewhere a client that rotates its ``X-Forwarded-For`` gets nothing for it.
"""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.scale.servers import Server

LIMIT = {"ROUNDHOUSE_RATE_LIMIT_PER_MINUTE": "3"}


def statuses(server: Server, forwarded: list[str]) -> list[int]:
    """``GET /kinds`` once per `forwarded` value of ``X-Forwarded-For``: the statuses."""
    return [httpx.get(f"{server.url}/kinds", headers={"X-Forwarded-For": value}).status_code
            for value in forwarded]


def test_a_trusted_proxy_names_each_client_and_a_client_cannot_name_itself(
    tmp_path: Path,
) -> None:
    trusted = Server(f"sqlite:///{tmp_path / 'a.db'}", tmp_path / "a.log", LIMIT,
                     args=("--forwarded-allow-ips", "127.0.0.1"))
    untrusted = Server(f"sqlite:///{tmp_path / 'b.db'}", tmp_path / "b.log",
                       {**LIMIT, "ROUNDHOUSE_FORWARDED_ALLOW_IPS": "192.0.2.9"})
    try:
        for server in (trusted, untrusted):
            server.start()
        # Server.start asked /health, which the limits leave alone: every budget is whole
        assert statuses(trusted, ["203.0.113.1"] * 4) == [200, 200, 200, 429]
        assert statuses(trusted, ["203.0.113.2"] * 3) == [200] * 3  # another client's own
        rotated = [f"198.51.100.{n}" for n in range(4)]
        assert statuses(untrusted, rotated) == [200, 200, 200, 429]  # one client all along
    finally:
        for server in (trusted, untrusted):
            server.stop()
