"""A throwaway nginx for the tests: the shipped deploy/nginx.conf, rendered with real ports.

Like tests/pg.py and tests/redis_server.py, the tests never touch an nginx the machine runs:
`Nginx` writes a main configuration of its own in a temp folder (its pid file, logs and
temporary files there, Debian's /etc/nginx/mime.types included read-only) around the site file
that operators install, deploy/nginx.conf, with its four example values changed (`render`):
the instances' addresses, the port it listens on and the package folder. It runs
`nginx -p DIR -c FILE -g 'daemon off;'` as a child process on a free port and deletes its
folder when it stops. Without the binary (Debian's `nginx`, which `make test` installs) the
tests skip, except in CI (CI=true), where they fail: CI must run them.
"""

from __future__ import annotations

import contextlib
import grp
import os
import pwd
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Sequence
from pathlib import Path

import pytest

from tests.processes import free_port

SITE = Path(__file__).resolve().parent.parent / "deploy" / "nginx.conf"
"""The site file operators install (docs/deploy.md)."""
MIME_TYPES = Path("/etc/nginx/mime.types")

_INSTANCE = re.compile(r"^(\s*)server 127\.0\.0\.1:800[12](\s.*)$", re.MULTILINE)
_LISTEN = re.compile(r"^(\s*)listen 8080;$", re.MULTILINE)
_STATIC = "/opt/mousehole/"


def binary() -> Path | None:
    """Return the path of `nginx`, or None when it is not installed."""
    for candidate in ("/usr/sbin/nginx", shutil.which("nginx")):
        if candidate and Path(candidate).is_file() and os.access(candidate, os.X_OK):
            return Path(candidate)
    return None


def render(site: str, instances: Sequence[int], port: int, static: Path) -> str:
    """Return the site file with its example values replaced: one `server` line per instance
    port, `listen` on `port`, the package folder `static` (the `mousehole` package, whose `web/`
    and `games/<folder>/web/` hold the static files). Raise ValueError when the file no
    longer has exactly the values documented in its header (the test would test nothing)."""
    found = _INSTANCE.findall(site)
    if len(found) != 2:
        raise ValueError(f"expected the two example instances 127.0.0.1:8001/8002, found {found}")
    indent, rest = found[0]
    lines = "\n".join(f"{indent}server 127.0.0.1:{p}{rest}" for p in instances)
    first = True

    def instance(match: re.Match[str]) -> str:
        nonlocal first
        keep, first = first, False
        return lines if keep else "\x00"

    text = _INSTANCE.sub(instance, site).replace("\x00\n", "")
    text, listens = _LISTEN.subn(rf"\g<1>listen 127.0.0.1:{port};", text)
    if listens != 1:
        raise ValueError(f"expected one `listen 8080;`, found {listens}")
    code = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    if sum(_STATIC in line for line in code) != 1:
        raise ValueError(f"expected the package folder {_STATIC} once outside comments")
    return text.replace(_STATIC, f"{static}/")


class Nginx:
    """One nginx of our own in front of `instances` (ports on 127.0.0.1)."""

    def __init__(self, program: Path, instances: Sequence[int], static: Path):
        self.program = program
        self.root = Path(tempfile.mkdtemp(prefix="mousehole-nginx-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = self.root / "error.log"
        self.process: subprocess.Popen[bytes] | None = None
        temp = self.root / "temp"
        temp.mkdir()
        self.root.chmod(0o755)
        # Started as root, nginx runs its workers as `nobody`, who may not enter the folder the
        # project was cloned into (a `mktemp -d` folder is 0700), and then answers every static
        # file with 403: the test's workers run as the user the tests run as.
        user = ""
        if os.geteuid() == 0:
            account = pwd.getpwuid(os.geteuid())
            group = grp.getgrgid(os.getegid()).gr_name
            user = f"user {account.pw_name} {group};\n"
        site = render(SITE.read_text(encoding="utf-8"), instances, self.port, static)
        (self.root / "mousehole.conf").write_text(site, encoding="utf-8")
        paths = "\n".join(
            f"    {kind}_temp_path {temp / kind};"
            for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
        )
        (self.root / "nginx.conf").write_text(
            f"""{user}worker_processes 1;
pid {self.root / "nginx.pid"};
error_log {self.log} info;
events {{ worker_connections 1024; }}
http {{
    include {MIME_TYPES};
    default_type application/octet-stream;
    access_log {self.root / "access.log"};
{paths}
    include {self.root / "mousehole.conf"};
}}
""",
            encoding="utf-8",
        )

    def start(self) -> None:
        """Start nginx and return once it answers (RuntimeError with its log if not)."""
        command = [
            str(self.program),
            "-p",
            str(self.root),
            "-c",
            str(self.root / "nginx.conf"),
            "-g",
            "daemon off;",
        ]
        check = subprocess.run([*command, "-t"], capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(f"nginx refused the configuration:\n{check.stderr}")
        with (self.root / "stderr.log").open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/healthz", timeout=2):
                    return
            except urllib.error.HTTPError:
                return  # nginx answers (an instance may be failing: the test decides)
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(f"nginx did not start:\n{self.errors()}") from None
                time.sleep(0.05)

    def errors(self) -> str:
        """Return nginx's error log and its standard error so far."""
        logs = (self.root / "stderr.log", self.log)
        return "".join(path.read_text() for path in logs if path.exists())

    def stop(self) -> None:
        """Stop nginx (SIGTERM, its fast shutdown; SIGKILL after 10 s)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def remove(self) -> None:
        """Stop nginx if it runs, and delete its folder."""
        with contextlib.suppress(Exception):
            self.stop()
        shutil.rmtree(self.root, ignore_errors=True)


def nginx_or_skip() -> Path:
    """Return the nginx binary; skip when it is not installed, except in CI."""
    program = binary()
    if program is None or not MIME_TYPES.is_file():
        reason = (
            "no nginx binary (or /etc/nginx/mime.types): install Debian's nginx (make test does)"
        )
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI must run the proxy tests: {reason}", pytrace=False)
        pytest.skip(reason)
    return program
