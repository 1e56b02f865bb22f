# Mousehole developer tasks. Everything runs inside .venv, made from the interpreter $(PY).
#   make test         lint, type-check and run the tests (what CI runs)
#   make serve        run the web app on http://127.0.0.1:8000
#   make lock         move every pinned dependency to its newest allowed version (then test)
#   make test-latest  run the whole suite on the newest versions, without the lock
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The folders of Python code: the package, its tests, the benchmarks and the Makefile's helpers.
LINT_PATHS := src tests benchmarks tools
# Every Python package the project installs, direct and transitive, runtime, extras and dev
# tools, pinned with hashes (docs/testing.md, The lock); the server-only subset for operators.
LOCK := requirements.lock
SERVER_LOCK := requirements-server.lock
# uv pip compile's settings for both locks: one lock for every platform and Python version that
# requires-python admits, resolved as for the oldest, with every file's hash.
COMPILE := $(BIN)/uv pip compile --universal --python-version 3.11 --generate-hashes --quiet \
	--custom-compile-command "make lock"

.PHONY: python venv serve lint format typecheck test test-latest lock soak bench clean chromium \
	postgresql redis nginx compiler system

venv: $(VENV)/.stamp

# Refuses, by name, an interpreter outside pyproject.toml's requires-python.
python:
	@$(PY) tools/preflight.py python

# The venv holds exactly the lock: made anew, with hash-checked pins and no dependency resolution,
# whenever the lock changes (so nothing a previous lock installed stays behind), and left alone
# while it does not. pip itself is one of the pins.
$(VENV)/.stamp-lock: $(LOCK)
	@$(PY) tools/preflight.py python
	@$(PY) -c 'import ensurepip, venv' 2>/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; \
		else \
			echo "$(PY) cannot make a venv: sudo apt-get install -y python3-venv" >&2; exit 1; \
		fi; }
	rm -rf $(VENV)
	$(PY) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes --no-deps --only-binary :all: -r $(LOCK)
	touch $@

# The modules the optional compiled build compiles with mypyc (docs/testing.md, The compiled
# build): each .py in src/ with a line `# mousehole: mypyc` (a game marks its own hot modules).
COMPILED := $(shell grep -rlx --include='*.py' '\# mousehole: mypyc' src | sort)

# The package itself, editable, built by the locked setuptools already in the venv; then the
# compiled build of $(COMPILED) in place beside them when this machine has a C compiler and
# Python.h, else one line saying the pure-Python build is used and why (MOUSEHOLE_PURE=1 asks
# for it). Made again whenever one of them changes, so no extension module outlives its source.
$(VENV)/.stamp: $(VENV)/.stamp-lock pyproject.toml tools/compile.py $(COMPILED)
	$(BIN)/python -m pip install --quiet --no-deps --no-build-isolation -e .
	$(BIN)/python tools/compile.py $(COMPILED)
	touch $@

serve: $(VENV)/.stamp
	$(BIN)/mousehole serve --host 127.0.0.1 --port 8000

lint: $(VENV)/.stamp
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check $(LINT_PATHS)

# Rewrites files: fixes what ruff can, then formats.
format: $(VENV)/.stamp
	$(BIN)/ruff check --fix $(LINT_PATHS)
	$(BIN)/ruff format $(LINT_PATHS)

typecheck: $(VENV)/.stamp
	$(BIN)/mypy

# Browser tests run in pytest processes of their own: the platform's in tests/browser, each game's
# in its own folder (tests/games/<name>/browser); the first process skips them (tests/conftest.py).
BROWSER_TESTS = tests/browser $(wildcard tests/games/*/browser)

# tests/run.py runs the processes side by side (the suite mostly waits on servers and browsers):
# the tests without a browser in the foreground, the browser tests shared by two processes whose
# output (artifacts/logs/) is printed when they end; it fails when any of them fails, and prints
# each one's 20 slowest tests and wall time (docs/testing.md, Time budget).
test: python system lint typecheck
	$(BIN)/python -m tests.run $(BROWSER_TESTS)

# The Debian programs the suite drives, installed when missing, then checked against the
# versions the suite supports (tools/preflight.py; a clear refusal instead of odd failures).
system: chromium postgresql redis nginx compiler
	@$(PY) tools/preflight.py system

# Resolves every dependency anew to the newest versions pyproject.toml allows (plus pip and the
# build backend, tools/preflight.py lock-inputs), then the operators' subset with the same pins.
# Commit the two files only after `make test` passes on them.
lock: $(VENV)/.stamp
	$(PY) tools/preflight.py lock-inputs \
		| $(COMPILE) --upgrade --all-extras -o $(LOCK) pyproject.toml -
	$(COMPILE) --extra postgres --extra redis -c $(LOCK) -o $(SERVER_LOCK) pyproject.toml

# The whole suite in a throwaway venv of the newest releases (no lock): what `make lock` would
# bring, tried before committing to it. tests/test_lock.py skips its pin check there.
LATEST := .venv-latest
test-latest:
	@$(PY) tools/preflight.py python
	rm -rf $(LATEST)
	$(PY) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip setuptools
	$(LATEST)/bin/python -m pip install --quiet -e ".[$$($(LATEST)/bin/python -c \
		'import tomllib; print(",".join(tomllib.load(open("pyproject.toml", "rb"))["project"]["optional-dependencies"]))')]"
	touch $(LATEST)/.stamp-lock $(LATEST)/.stamp
	MOUSEHOLE_UNLOCKED=1 $(MAKE) test VENV=$(LATEST)

# A hundred SIGKILLs of a real server mid-play, and of the instance that drives a room of
# three (outside `make test`, which kills the driver 3 times; CYCLES=N to change); then 60
# random faults of the cluster under play (tests/cluster/test_chaos.py, 5 under `make test`;
# FAULTS=N to change, CHAOS_SEED=N for another sequence).
soak: $(VENV)/.stamp system
	MOUSEHOLE_SOAK=1 $(BIN)/python -m pytest -q tests/soak
	MOUSEHOLE_SOAK=1 $(BIN)/python -m pytest -q tests/games -k many_games
	MOUSEHOLE_FAILOVER_CYCLES=$${CYCLES:-100} $(BIN)/python -m pytest -q -s \
		tests/cluster/test_failover.py -k random_moments
	MOUSEHOLE_CHAOS_FAULTS=$${FAULTS:-60} MOUSEHOLE_CHAOS_SEED=$${CHAOS_SEED:-24} \
		$(BIN)/python -m pytest -q -s tests/cluster/test_chaos.py

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
nginx:
	@test -x /usr/sbin/nginx || command -v nginx >/dev/null || { \
		if [ "$$(id -u)" = 0 ]; then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx; \
		else \
			echo "make test needs Debian's nginx: sudo apt-get install -y nginx" >&2; exit 1; \
		fi; }

# Debian's C compiler and the headers of $(PY) for the optional compiled build (tools/compile.py),
# installed when missing and $(PY) is Debian's own; any other interpreter's headers are not
# Debian's to give, so then one line says so and the pure-Python build is used. Never a refusal.
compiler:
	@command -v gcc >/dev/null && $(PY) -c 'import os, sysconfig; \
		raise SystemExit(not os.path.isfile(sysconfig.get_paths()["include"] + "/Python.h"))' || { \
		if [ "$$(id -u)" = 0 ] && $(PY) -c 'import sys; raise SystemExit(sys.base_prefix != "/usr")'; \
		then \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc \
				"$$($(PY) -c 'import sys; print("python%d.%d-dev" % sys.version_info[:2])')"; \
		else \
			echo "no compiled build without gcc and Python.h for $(PY) (Debian's python3:" \
				"sudo apt-get install -y gcc python3-dev); the pure-Python build is used"; \
		fi; }

bench: $(VENV)/.stamp
	$(BIN)/python -m benchmarks --online

# Removes the venvs, caches and build output (the compiled modules too); keeps var/ (the local
# database).
clean:
	rm -rf $(VENV) $(LATEST) build dist .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find src -name '*.so' -delete
	find . -path ./.git -prune -o \( -name __pycache__ -o -name '*.egg-info' \) -type d -prune \
		-exec rm -rf {} +
