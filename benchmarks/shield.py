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


_taken: str | None = None
"""How this process was shielded (`shield`'s answer), or None."""


def shield() -> str | None:
    """Move this process into a high-weight CPU cgroup; return how, or None if it cannot."""
    global _taken
    _taken = _move(str(os.getpid()))
    return _taken


def _move(pid: str) -> str | None:
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
    """Return how this process was shielded (the run's processes are its children, which
    inherit its cgroup), or None when it was not."""
    return _taken
