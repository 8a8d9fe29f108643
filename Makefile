# Two entry points: `make run` starts the app, `make test` runs every test. Both build the venv first.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test test-fast clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

$(VENV)/.runtime: requirements.txt | $(BIN)/activate
	$(BIN)/pip install --disable-pip-version-check -q -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt $(VENV)/.runtime
	$(BIN)/pip install --disable-pip-version-check -q -r requirements-dev.txt
	touch $@

run: $(VENV)/.runtime
	$(BIN)/python -m streamlit run app.py

test: $(VENV)/.dev
	$(BIN)/python -m pytest

test-fast: $(VENV)/.dev
	$(BIN)/python -m pytest -m "not slow"

clean:
	rm -rf $(VENV) .pytest_cache artifacts
