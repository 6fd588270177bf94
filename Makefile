# The two commands a newcomer needs:  make run   and   make test
# Each creates its own virtual environment (.venv) from pyproject.toml.

PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
# The tests also cover the real-season generator, so they install its optional extra.
SEASONS = $(VENV)/.installed-seasons

.PHONY: run test lint typecheck unit bench clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Dugout needs Python 3.11 or newer")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	@touch $(STAMP)

$(SEASONS): $(STAMP)
	$(BIN)/pip install --quiet -e ".[dev,seasons]"
	@touch $(SEASONS)

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

unit: $(SEASONS)
	$(BIN)/pytest

bench: $(SEASONS)
	$(BIN)/python -m bench
	$(BIN)/python -m bench.bot

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
