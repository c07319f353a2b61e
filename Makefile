# Two commands on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
LOG := $(VENV)/pip.log
# pip and setuptools talk on a successful install (setuptools' "Editable installation" warning):
# their output goes to $(LOG), and is shown only when the install fails.
QUIET_PIP = > $(LOG) 2>&1 || { cat $(LOG); echo "pip failed: see $(LOG)"; exit 1; }

.PHONY: venv play test bench dist dist-check clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@echo "Installing the game and its tests into $(VENV) (pip's output: $(LOG))"
	@$(PY) -m pip install --quiet --upgrade pip $(QUIET_PIP)
	@$(PY) -m pip install --quiet -e '.[test]' $(QUIET_PIP)
	@touch $(STAMP)

play: venv
	$(PY) -m game play

test: venv
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2

bench: venv
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tests.bench

dist: venv
	@$(PY) -c "import PyInstaller" 2>/dev/null || $(PY) -m pip install --quiet -e '.[dist]' $(QUIET_PIP)
	$(PY) build_scripts/build.py

dist-check: dist
	$(PY) build_scripts/check_dist.py

clean:
	rm -rf $(VENV) build dist *.egg-info
