"""Checks a machine before the Makefile installs or tests: `python tools/preflight.py WHAT`.

    python      the interpreter running this script is one pyproject.toml's requires-python
                admits (run with the interpreter the venv will be made from, $(PY))
    system      the Debian programs the test suite drives (Chromium, PostgreSQL, Redis, nginx)
                are versions the suite supports (SYSTEM below, docs/testing.md)
    lock-inputs prints what `make lock` resolves besides pyproject.toml's dependencies: pip and
                the build backend of [build-system] requires, so installing the package itself
                (`pip install --no-build-isolation`) needs nothing from outside the lock

Each check prints one line naming what it found and what it wanted, and exits 1 when the
machine does not fit; MOUSEHOLE_UNTESTED_SYSTEM=1 turns a `system` refusal into a warning for
someone who wants to try a version the suite was never run with. The script uses only the
standard library and syntax old interpreters parse, so it can refuse them by name.
"""

import glob
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Program -> (how to find it, the versions the suite supports, what docs/testing.md calls
# the tested version). Debian 12 keeps PostgreSQL, Redis and nginx at one major version for
# its whole life, while its security updates move Chromium to a new major version every few
# weeks, so Chromium has a floor (what the pinned Playwright drives) and no ceiling.
SYSTEM = {
    "chromium": {
        "package": "chromium",
        "command": ["/usr/bin/chromium", "--version"],
        "pattern": r"Chromium (\d+)\.",
        "minimum": 120,
    },
    "postgresql": {
        "package": "postgresql",
        "command": None,  # the newest /usr/lib/postgresql/<major>/bin/postgres, as tests/pg.py
        "pattern": r"\(PostgreSQL\) (\d+)",
        "majors": [15],
    },
    "redis": {
        "package": "redis-server",
        "command": ["redis-server", "--version"],
        "pattern": r"v=(\d+)\.",
        "majors": [7],
    },
    "nginx": {
        "package": "nginx",
        "command": ["nginx", "-v"],
        "pattern": r"nginx/(\d+\.\d+)",
        "majors": ["1.22"],
    },
}


def _pyproject():
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as file:
        return file.read()


def _requires_python():
    """Return requires-python's clauses as (operator, version tuple) pairs."""
    found = re.search(r'^requires-python\s*=\s*"([^"]+)"', _pyproject(), re.MULTILINE)
    if found is None:
        raise SystemExit("pyproject.toml has no requires-python")
    clauses = []
    for clause in found.group(1).split(","):
        parts = re.fullmatch(r"\s*(>=|<=|<|>|==|!=)\s*([\d.]+)\s*", clause)
        if parts is None:
            raise SystemExit("requires-python clause not understood: " + clause.strip())
        clauses.append((parts.group(1), tuple(int(n) for n in parts.group(2).split("."))))
    return found.group(1), clauses


def _admits(version, clauses):
    for operator, bound in clauses:
        mine = version[: len(bound)]
        if not {
            ">=": mine >= bound,
            "<=": mine <= bound,
            ">": mine > bound,
            "<": mine < bound,
            "==": mine == bound,
            "!=": mine != bound,
        }[operator]:
            return False
    return True


def check_python():
    text, clauses = _requires_python()
    version = tuple(sys.version_info[:3])
    shown = ".".join(str(n) for n in version)
    if not _admits(version, clauses):
        print(
            f"Python {shown} ({sys.executable}) is not supported: Mousehole needs "
            f"Python {text} (pyproject.toml requires-python). Run make with "
            "PY=/path/to/python3.11, for example `make test PY=python3.11`."
        )
        return 1
    print(f"Python {shown} ({sys.executable}): supported ({text})")
    return 0


def _postgres_command():
    folders = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"),
        key=lambda folder: int(re.sub(r"\D", "", folder.split("/")[-2]) or 0),
    )
    for folder in reversed(folders):
        if os.path.isfile(os.path.join(folder, "postgres")):
            return [os.path.join(folder, "postgres"), "--version"]
    found = shutil.which("postgres")
    return [found, "--version"] if found else None


def _version_of(name, spec):
    command = _postgres_command() if spec["command"] is None else list(spec["command"])
    if command is None or (shutil.which(command[0]) is None and not os.path.isfile(command[0])):
        return None, "not installed (Debian package {})".format(spec["package"])
    try:
        done = subprocess.run(
            command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as error:
        return None, "{} did not answer: {}".format(" ".join(command), error)
    output = done.stdout.decode("utf-8", "replace")
    found = re.search(spec["pattern"], output)
    if found is None:
        return None, "{} printed no version: {!r}".format(" ".join(command), output.strip())
    text = found.group(1)
    line = next(line for line in output.splitlines() if found.group(0) in line)
    return (int(text) if text.isdigit() else text), line.strip()


def check_system():
    bad = []
    for name, spec in SYSTEM.items():
        version, said = _version_of(name, spec)
        if version is None:
            bad.append(f"{name}: {said}")
            continue
        if "minimum" in spec:
            fits = version >= spec["minimum"]
            wanted = "{} or newer".format(spec["minimum"])
        else:
            fits = version in spec["majors"]
            wanted = " or ".join(str(major) for major in spec["majors"])
        line = f"{name} {version} ({said}); the suite supports {wanted}"
        if fits:
            print("ok   " + line)
        else:
            bad.append(line)
    if not bad:
        return 0
    untested = os.environ.get("MOUSEHOLE_UNTESTED_SYSTEM") == "1"
    for line in bad:
        print(("WARN " if untested else "FAIL ") + line)
    if untested:
        print("MOUSEHOLE_UNTESTED_SYSTEM=1: going on with versions the suite was never run with")
        return 0
    print(
        "make test stops here: docs/testing.md (System packages) lists the versions the suite "
        "runs with. Install those, or set MOUSEHOLE_UNTESTED_SYSTEM=1 to try these anyway."
    )
    return 1


def lock_inputs():
    found = re.search(
        r"^\[build-system\]\s*\nrequires\s*=\s*\[([^\]]*)\]", _pyproject(), re.MULTILINE
    )
    if found is None:
        raise SystemExit("pyproject.toml has no [build-system] requires")
    print("pip")
    for requirement in re.findall(r'"([^"]+)"', found.group(1)):
        print(requirement)
    return 0


def main(argv):
    checks = {"python": check_python, "system": check_system, "lock-inputs": lock_inputs}
    if len(argv) != 1 or argv[0] not in checks:
        print("usage: python tools/preflight.py " + " | ".join(checks))
        return 2
    return checks[argv[0]]()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
