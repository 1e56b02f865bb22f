"""Mousehole benchmarks: `make bench` (python -m benchmarks) writes docs/benchmarks.md."""
