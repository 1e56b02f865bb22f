"""Keep other work on a shared machine from taking the benchmark's CPU: a cgroup of its own.

The latency benchmarks (online rooms, several instances) measure tails: a p99 of tens of
milliseconds moves with every build or test that another engineer runs on the same 2 cores. So
`shield()` moves the benchmark's process into a CPU cgroup of its own with the largest weight
the kernel takes, before it starts anything: the servers, PostgreSQL, Redis and the load's
clients it starts inherit it, and the scheduler gives the group the CPU it asks for ahead of
everything else, while inside the group the processes share it as on a quiet machine (the
same scheduler, the same fairness between them). It changes nothing about what is measured
except who else runs meanwhile, and docs/benchmarks.md says whether a run had it.

It needs root and a writable cgroup file system (cgroup v1's `cpu` controller, or v2 with
`cpu` enabled); without them the run goes on unshielded and says so.
"""

from __future__ import annotations

import os
from pathlib import Path

NAME = "mousehole-bench"
V1 = Path("/sys/fs/cgroup/cpu")
V2 = Path("/sys/fs/cgroup")


def shield() -> str | None:
    """Move this process into a high-weight CPU cgroup; return how, or None if it cannot."""
    pid = str(os.getpid())
    try:
        if (V1 / "cpu.shares").exists():
            group = V1 / NAME
            group.mkdir(exist_ok=True)
            (group / "cpu.shares").write_text("262144")
            (group / "tasks").write_text(pid)
            return f"cgroup v1 {group} (cpu.shares 262144, others 1024)"
        if "cpu" in (V2 / "cgroup.controllers").read_text().split():
            group = V2 / NAME
            group.mkdir(exist_ok=True)
            (group / "cpu.weight").write_text("10000")
            (group / "cgroup.procs").write_text(pid)
            return f"cgroup v2 {group} (cpu.weight 10000, others 100)"
    except OSError:
        return None
    return None


def current() -> str | None:
    """Return the shield this process runs in (as `shield` described it), or None."""
    try:
        lines = Path("/proc/self/cgroup").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if path.rstrip("/").endswith("/" + NAME) and (
            "cpu" in controllers.split(",") or controllers == ""
        ):
            if controllers == "":
                return f"cgroup v2 {V2 / NAME} (cpu.weight 10000, others 100)"
            return f"cgroup v1 {V1 / NAME} (cpu.shares 262144, others 1024)"
    return None
