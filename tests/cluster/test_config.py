"""`mousehole serve --redis`: only with PostgreSQL, and a URL that cannot be used stops the
server at start with one line naming it (never its password), not a stack trace later."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.processes import free_port


def _serve(
    tmp_path: Path, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environment = {
        k: v for k, v in os.environ.items() if k not in ("MOUSEHOLE_DATABASE", "MOUSEHOLE_REDIS")
    }
    return subprocess.run(
        [sys.executable, "-m", "mousehole.cli", "serve", "--port", str(free_port()), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**environment, **(env or {})},
    )


@pytest.mark.parametrize("how", ["--redis", "MOUSEHOLE_REDIS"])
def test_redis_without_postgresql_is_refused_clearly(how: str, tmp_path: Path) -> None:
    url = f"redis://127.0.0.1:{free_port()}/0"
    args = ["--redis", url] if how == "--redis" else []
    done = _serve(tmp_path, *args, env=None if how == "--redis" else {"MOUSEHOLE_REDIS": url})
    assert done.returncode == 2, done.stderr
    assert "--redis (several instances) needs the rooms in PostgreSQL" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "var").exists(), "no SQLite file made instead"


@pytest.mark.parametrize("how", ["--redis", "MOUSEHOLE_REDIS"])
def test_an_unreachable_redis_stops_the_server_at_start_with_one_line(
    how: str, postgres_url: str, tmp_path: Path
) -> None:
    url = f"redis://:hunter2@127.0.0.1:{free_port()}/0"
    args = ["--database", postgres_url] + (["--redis", url] if how == "--redis" else [])
    done = _serve(tmp_path, *args, env=None if how == "--redis" else {"MOUSEHOLE_REDIS": url})
    shown = url.replace(":hunter2", "")
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1, f"one line, no stack trace: {done.stderr}"
    assert done.stderr.startswith(f"mousehole serve: error: cannot use Redis at {shown}: ")
    assert "hunter2" not in done.stderr


def test_a_url_that_is_not_redis_is_refused_by_name(postgres_url: str, tmp_path: Path) -> None:
    done = _serve(tmp_path, "--database", postgres_url, "--redis", "http://cache:6379")
    assert done.returncode == 2, done.stderr
    assert "expected a redis:// URL, not 'http://cache:6379'" in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
