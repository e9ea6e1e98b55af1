"""A PostgreSQL server of the test's own, on a port of its own, to stop and start at will.

The fault tests stop the database under load. They never touch the machine's own
PostgreSQL (which the other tests share): each starts a fresh cluster in a
temporary directory, listening on 127.0.0.1 and a free port only (its socket
in that directory), and removes it afterwards, however the test ends.
PostgreSQL's programs refuse to run as root, so as root they run as the
``postgres`` user (``runuser``). The programs are found under
``ROUNDHOUSE_TEST_PG_BIN`` or the newest ``/usr/lib/postgresql/*/bin``; without
them the test is skipped, except with ``CI=true``, where it fails.
"""

from __future__ import annotations

import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.scale.servers import free_port

#: longest wait for the server to start or stop
PG_SECONDS = 60


def pg_bin() -> Path | None:
    """The directory of ``initdb`` and ``pg_ctl``, if there is one."""
    given = os.environ.get("ROUNDHOUSE_TEST_PG_BIN")
    if given:
        return Path(given)
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
                   key=lambda p: int(p.parts[-3]) if p.parts[-3].isdigit() else 0)
    return found[-1].parent if found else None


class OwnPostgres:
    """One cluster in `root` (owned by the user it runs as), on `port`."""

    def __init__(self, root: Path, binaries: Path) -> None:
        self.root = root
        self.data = root / "data"
        self.binaries = binaries
        self.port = free_port()
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.binaries / program), *args]
        if os.geteuid() == 0:
            command = ["runuser", "-u", "postgres", "--", *command]
        subprocess.run(command, check=True, capture_output=True, timeout=PG_SECONDS)

    def create(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--no-sync")

    def start(self) -> None:
        options = (f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 "
                   "-c max_connections=60")
        self._run("pg_ctl", "-D", str(self.data), "-l", str(self.root / "server.log"),
                  "-o", options, "-w", "-t", str(PG_SECONDS), "start")

    def stop(self) -> None:
        """A fast shutdown: every connection cut, as when the database goes away."""
        self._run("pg_ctl", "-D", str(self.data), "-m", "fast", "-w", "-t", str(PG_SECONDS),
                  "stop")

    def running(self) -> bool:
        return (self.data / "postmaster.pid").exists()


@contextmanager
def own_postgres() -> Iterator[OwnPostgres]:
    """A started cluster of the test's own; stopped and removed at the end."""
    binaries = pg_bin()
    if binaries is None or not (binaries / "pg_ctl").exists():
        if os.environ.get("CI") == "true":
            raise RuntimeError("CI=true but no PostgreSQL programs (set ROUNDHOUSE_TEST_PG_BIN)")
        pytest.skip("no PostgreSQL programs to start a server of the test's own")
    root = Path(tempfile.mkdtemp(prefix="roundhouse-pg-"))
    if os.geteuid() == 0:
        owner = pwd.getpwnam("postgres")
        os.chown(root, owner.pw_uid, owner.pw_gid)
    server = OwnPostgres(root, binaries)
    try:
        server.create()
        server.start()
        yield server
    finally:
        if server.running():
            server.stop()
        shutil.rmtree(root, ignore_errors=True)
