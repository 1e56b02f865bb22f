# Mousehole developer tasks. Everything runs inside .venv, made from the interpreter $(PY).
#   make test    lint, type-check and run the tests (what CI runs)
#   make serve   run the web app on http://127.0.0.1:8000
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The folders of Python code: the package, its tests and the benchmarks.
LINT_PATHS := src tests benchmarks

.PHONY: venv serve lint format typecheck test soak bench clean chromium postgresql redis

venv: $(VENV)/.stamp-dev

$(BIN)/python:
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Runtime-only install (what `serve` needs).
$(VENV)/.stamp: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

# Runtime plus the dev tools; it satisfies the runtime stamp too.
$(VENV)/.stamp-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(VENV)/.stamp $@

serve: $(VENV)/.stamp
	$(BIN)/mousehole serve --host 127.0.0.1 --port 8000

lint: $(VENV)/.stamp-dev
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)

# Rewrites files: fixes what ruff can, then formats.
format: $(VENV)/.stamp-dev
	$(BIN)/ruff check --fix $(LINT_PATHS)
	$(BIN)/ruff format $(LINT_PATHS)

typecheck: $(VENV)/.stamp-dev
	$(BIN)/mypy

# Browser tests run in pytest processes of their own: the platform's in tests/browser, each game's
# in its own folder (tests/games/<name>/browser); the first process skips them (tests/conftest.py).
BROWSER_TESTS = tests/browser $(wildcard tests/games/*/browser)

# tests/run.py runs the processes side by side (the suite mostly waits on servers and browsers):
# the tests without a browser in the foreground, the browser tests shared by two processes whose
# output (artifacts/logs/) is printed when they end; it fails when any of them fails, and prints
# each one's 20 slowest tests and wall time (docs/testing.md, Time budget).
test: lint typecheck chromium postgresql redis nginx
	$(BIN)/python -m tests.run $(BROWSER_TESTS)

# A hundred SIGKILLs of a real server mid-play, and of the instance that drives a room of
# three (outside `make test`, which kills the driver 3 times; CYCLES=N to change).
soak: $(VENV)/.stamp-dev postgresql redis
	MOUSEHOLE_SOAK=1 $(BIN)/python -m pytest -q tests/soak
	MOUSEHOLE_FAILOVER_CYCLES=$${CYCLES:-100} $(BIN)/python -m pytest -q -s \
		tests/cluster/test_failover.py -k random_moments

# Debian's Chromium for the browser tests (Playwright cannot download browsers here).
chromium:
	@test -x /usr/bin/chromium || { \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
		else \
			echo "make test needs Debian's chromium: sudo apt-get install -y chromium" >&2; exit 1; \
		fi; }

# Debian's PostgreSQL server binaries for the storage tests: tests/pg.py runs initdb and pg_ctl
# to start a throwaway cluster of its own on a free port (as the postgres user when root); the
# machine's own PostgreSQL, if one runs, is never used. In CI (CI=true) those tests must run.
postgresql:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql; \
		else \
			echo "make test needs Debian's postgresql: sudo apt-get install -y postgresql" >&2; exit 1; \
		fi; }

# Debian's redis-server for the multi-instance tests: tests/redis_server.py starts a throwaway
# one of its own on a free port (no persistence); a Redis the machine runs is never used. In CI
# (CI=true) those tests must run.
redis:
	@test -x /usr/bin/redis-server || command -v redis-server >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server; \
		else \
			echo "make test needs Debian's redis-server: sudo apt-get install -y redis-server" >&2; exit 1; \
		fi; }

# Debian's nginx for the reverse proxy's tests: tests/nginx.py runs deploy/nginx.conf in an nginx of
# its own (its own folder, a free port, `nginx -p DIR -c FILE`); the machine's nginx config and any
# nginx it runs are never touched. In CI (CI=true) those tests must run.
.PHONY: nginx
nginx:
	@test -x /usr/sbin/nginx || command -v nginx >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; \
		else \
			echo "make test needs Debian's nginx: sudo apt-get install -y nginx" >&2; exit 1; \
		fi; }

bench: $(VENV)/.stamp-dev
	$(BIN)/python -m benchmarks --online

# Removes the venv, caches and build output; keeps var/ (the local database).
clean:
	rm -rf $(VENV) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' \) -type d -prune \
		-exec rm -rf {} +
