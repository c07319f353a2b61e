# Two commands on a fresh machine: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: venv play test bench dist dist-check clean

venv: $(STAMP)

$(STAMP): pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

play: venv
	$(PY) -m game play

test: venv
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2

bench: venv
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tests.bench

dist: venv
	@$(PY) -c "import PyInstaller" 2>/dev/null || $(PY) -m pip install --quiet -e '.[dist]'
	$(PY) build_scripts/build.py

dist-check: dist
	$(PY) build_scripts/check_dist.py

clean:
	rm -rf $(VENV) build dist *.egg-info
