"""A throwaway PostgreSQL cluster for the tests: our own `initdb` and `pg_ctl`, on a free port.

The tests never touch a PostgreSQL the machine already runs (its port 5432 is someone else's
data) and never a mock: `Cluster` makes a new data folder with Debian's binaries
(/usr/lib/postgresql/<version>/bin, package `postgresql`, which `make test` installs), starts a
server on 127.0.0.1 and a free port, and deletes everything when it stops. `initdb` refuses to
run as root, so as root (CI runs as root) the cluster belongs to the `postgres` user that
Debian's package creates (or `nobody` when there is none) and its commands run through
`runuser`. The `postgres_cluster` fixture (tests/conftest.py) starts one per test session;
`postgres_url` gives each test a database of its own in it.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.processes import free_port

SUPERUSER = "mousehole"
"""The cluster's superuser (initdb -U); the tests connect as it, trusted, over TCP."""


def binaries() -> Path | None:
    """Return the folder of the newest PostgreSQL server binaries found, or None."""
    folders = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda path: int(Path(path).parent.name) if Path(path).parent.name.isdigit() else 0,
    )
    for folder in reversed(folders):
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    initdb = shutil.which("initdb")
    if initdb is not None and shutil.which("pg_ctl") is not None:
        return Path(os.path.realpath(initdb)).parent
    return None


def _owner() -> str | None:
    """Return the user that runs the cluster when we are root (initdb refuses root)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
        except KeyError:
            continue
        return name
    raise RuntimeError("running as root, and neither a postgres nor a nobody user exists")


class Cluster:
    """One PostgreSQL server of our own: a data folder, a port, a log; `start`, `stop`."""

    def __init__(self, bin_dir: Path):
        self.bin = bin_dir
        self.owner = _owner()
        self.root = Path(tempfile.mkdtemp(prefix="mousehole-pg-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.port = free_port()
        if self.owner is not None:
            entry = pwd.getpwnam(self.owner)
            os.chown(self.root, entry.pw_uid, entry.pw_gid)
        self._run(
            "initdb",
            "--pgdata",
            str(self.data),
            "--username",
            SUPERUSER,
            "--auth",
            "trust",
            "--encoding",
            "UTF8",
            "--no-sync",  # a test cluster: its files need not survive a power cut
        )

    def _run(self, program: str, *args: str) -> str:
        command = [str(self.bin / program), *args]
        if self.owner is not None:
            command = ["runuser", "-u", self.owner, "--", *command]
        done = subprocess.run(command, capture_output=True, text=True, cwd=self.root)
        if done.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{program} failed ({done.returncode}):\n{done.stderr}\n{log}")
        return done.stdout

    def start(self) -> None:
        """Start the server and return once it takes connections."""
        options = (
            f"-c listen_addresses=127.0.0.1 -c port={self.port}"
            f" -c unix_socket_directories='{self.root}' -c fsync=off"
        )
        self._run(
            "pg_ctl",
            "start",
            "-w",
            "-t",
            "60",
            "-D",
            str(self.data),
            "-l",
            str(self.log),
            "-o",
            options,
        )

    def stop(self, mode: str = "fast") -> None:
        """Stop the server: `fast` as an operator would, `immediate` as a crash (no checkpoint,
        every connection cut at once)."""
        self._run("pg_ctl", "stop", "-w", "-D", str(self.data), "-m", mode)

    def url(self, database: str = "postgres", *, password: str | None = None) -> str:
        """Return the URL of one of the cluster's databases."""
        user = SUPERUSER if password is None else f"{SUPERUSER}:{password}"
        return f"postgresql://{user}@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> str:
        """Create a fresh, empty database; return its URL."""
        name = f"test_{uuid.uuid4().hex[:12]}"
        self.sql(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def sql(self, statement: str, database: str = "postgres") -> None:
        """Run one statement as the superuser (autocommit)."""
        import psycopg

        with psycopg.connect(self.url(database), autocommit=True) as connection:
            connection.execute(statement.encode())

    def remove(self) -> None:
        """Stop the server if it runs, and delete its folder."""
        with contextlib.suppress(RuntimeError):  # it was not running
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


def _cluster_or_skip() -> Cluster:
    """Return a started cluster; skip when no PostgreSQL is installed, except in CI."""
    bin_dir = binaries()
    if bin_dir is None:
        reason = (
            "no PostgreSQL server binaries (initdb, pg_ctl) under /usr/lib/postgresql/*/bin or"
            " on PATH: install Debian's postgresql (make test does)"
        )
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI must run the PostgreSQL tests: {reason}", pytrace=False)
        pytest.skip(reason)
    cluster = Cluster(bin_dir)
    try:
        cluster.start()
    except BaseException:
        cluster.remove()
        raise
    return cluster


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[Cluster]:
    """One PostgreSQL server of our own for the test session, removed at its end."""
    cluster = _cluster_or_skip()
    yield cluster
    cluster.remove()


@pytest.fixture
def postgres_url(postgres_cluster: Cluster) -> str:
    """The URL of a fresh, empty database for one test."""
    return postgres_cluster.create_database()
