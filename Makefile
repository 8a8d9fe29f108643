# `make run` starts the app, `make dev` starts it reloading on save, `make test` runs every test,
# `make lint` runs ruff (format and checks), mypy and vulture (`make dead` vulture alone; settings in pyproject.toml).
# Each builds the venv first. torch is the CPU build unless an NVIDIA GPU answers `nvidia-smi`;
# override with TORCH_INDEX=<index url> (e.g. https://download.pytorch.org/whl/cu128) or TORCH_INDEX=pypi.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
# The port: PORT=8600 on the command line, else Streamlit's own STREAMLIT_SERVER_PORT from the environment, else 8501.
PORT ?= $(or $(STREAMLIT_SERVER_PORT),8501)
# A local app answers this machine only; `make run ADDRESS=0.0.0.0` (or the container, or STREAMLIT_SERVER_ADDRESS)
# serves the network.
ADDRESS ?= $(or $(STREAMLIT_SERVER_ADDRESS),127.0.0.1)
TORCH_VERSION ?= 2.13.0
GPU := $(shell nvidia-smi -L >/dev/null 2>&1 && echo yes)
TORCH_INDEX ?= $(if $(GPU),pypi,https://download.pytorch.org/whl/cpu)
PIP := $(BIN)/pip install --disable-pip-version-check -q

.PHONY: run dev test test-fast lint check dead clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV) || python3 -m venv $(VENV)

# Without a GPU, a torch wheel already on this machine (pip's find-links) is taken first, its
# dependencies from the usual index; otherwise the chosen index. CPU build ~0.75 GB; PyPI's default
# (CUDA) build brings ~2.5 GB more of nvidia packages.
$(VENV)/.torch: | $(BIN)/activate
ifeq ($(TORCH_INDEX),pypi)
	$(PIP) torch==$(TORCH_VERSION)
else ifeq ($(findstring /cpu,$(TORCH_INDEX)),)
	$(PIP) torch==$(TORCH_VERSION) --index-url $(TORCH_INDEX) --extra-index-url https://pypi.org/simple
else
	($(PIP) --no-index --no-deps torch==$(TORCH_VERSION) 2>/dev/null && $(PIP) torch==$(TORCH_VERSION)) \
	  || $(PIP) torch==$(TORCH_VERSION) --index-url $(TORCH_INDEX) --extra-index-url https://pypi.org/simple
endif
	touch $@

$(VENV)/.runtime: requirements.txt $(VENV)/.torch
	$(PIP) -r requirements.txt
	touch $@

$(VENV)/.dev: requirements-dev.txt requirements-ray.txt $(VENV)/.runtime
	$(PIP) -r requirements-ray.txt -r requirements-dev.txt
	touch $@

# The project itself, editable: `.venv/bin/summarizer`, `.venv/bin/python -m summarizer` and the rest work from any
# folder, and run this checkout's code.
$(VENV)/.installed: pyproject.toml $(VENV)/.runtime
	$(PIP) -e . --no-deps
	touch $@

run: $(VENV)/.installed
	$(BIN)/python -m streamlit run app.py --server.address $(ADDRESS) --server.port $(PORT)

dev: $(VENV)/.installed
	$(BIN)/python -m streamlit run app.py --server.address $(ADDRESS) --server.port $(PORT) --server.fileWatcherType auto \
	  --server.runOnSave true

test: $(VENV)/.dev $(VENV)/.installed
	$(BIN)/python -m pytest

test-fast: $(VENV)/.dev $(VENV)/.installed
	$(BIN)/python -m pytest -m "not slow"

lint: $(VENV)/.dev
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_complexity.py
	$(BIN)/vulture

# Lint and the structural tests (layering, docs, vocabulary, complexity): under a minute on quiet cores.
check: $(VENV)/.dev
	$(BIN)/ruff format --check .
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/test_layering.py tests/test_docs.py tests/test_vocabulary.py \
	  tests/test_complexity.py

dead: $(VENV)/.dev
	$(BIN)/vulture

clean:
	rm -rf $(VENV) .pytest_cache artifacts
