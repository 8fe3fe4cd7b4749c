# Two commands do everything:
#   make lab    install what the lessons need and open them in JupyterLab (as pupils see it: no code, each lesson once)
#   make lab-teacher   the same, with the lessons' MyST sources (.md) listed and the collapsed code one click away
#   make test   install what the tests need and run the whole suite (browser test included when Chromium is present)
#   make voila LESSON=notebooks/dots_and_boxes/02_third_sides.ipynb   one lesson as a page without code (Voilà)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: lab lab-teacher test bench voila rooms clean

LESSON ?= notebooks/00_start_here.ipynb
# both cores (pytest-xdist): three workers, because much of the suite waits on servers, kernels and browsers (with
# two, the user CPU was about the wall time: one core idle); loadfile keeps each notebook's nbval cells and each
# test module's fixtures in one worker
PYTEST_ARGS ?= -n 3 --dist loadfile --no-loadscope-reorder --durations=15
VOILA_PORT ?= 8866

ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(VENV)/.lab-installed
	$(BIN)/jupyter lab $(ALLOW_ROOT) notebooks/00_start_here.ipynb

lab-teacher: $(VENV)/.lab-installed
	$(BIN)/python -m gamekit.lesson_tools teacher-lab -- $(ALLOW_ROOT) notebooks/00_start_here.ipynb

voila: $(VENV)/.lab-installed
	$(BIN)/voila $(LESSON) --port=$(VOILA_PORT)

test: $(VENV)/.dev-installed
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.dev-installed
	$(BIN)/python -m benchmarks.dots --quick
	$(BIN)/python -m benchmarks.connect --quick
	$(BIN)/python -m benchmarks.shutbox --quick

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "gamekit needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.lab-installed: $(BIN)/python requirements.txt pyproject.toml gamekit/lesson_tools.py
	$(BIN)/python -m pip install --quiet -r requirements.txt -e .
	$(BIN)/python -m gamekit.lesson_tools lab-settings
	touch $@

$(VENV)/.dev-installed: $(BIN)/python requirements.txt requirements-dev.txt pyproject.toml gamekit/lesson_tools.py
	$(BIN)/python -m pip install --quiet -r requirements-dev.txt -e .
	$(BIN)/python -m gamekit.lesson_tools lab-settings
	touch $@

rooms: $(VENV)/.lab-installed   ## the room server for online play (docs/rooms.md); ROOMS_ARGS="--host 0.0.0.0"
	$(BIN)/python -m gamekit.rooms $(ROOMS_ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis test-artifacts

# Language catalogues (docs/CONVENTIONS.md, "Languages"): collect the English messages from the code into the .pot,
# merge them into every .po (new ones come in empty, changed ones fuzzy), then compile the .mo files gamekit reads.
.PHONY: messages
PYBABEL ?= $(if $(wildcard $(BIN)/pybabel),$(BIN)/pybabel,pybabel)
messages:
	$(PYBABEL) extract -F babel.cfg -k tr -k ntr:1,2 -k ptr:1c,2 -k N_ -k said -k nsaid:1,2 --no-location --sort-output -w 100 \
	  --project=gamekit --copyright-holder="gamekit contributors" -o gamekit/locale/gamekit.pot .
	$(PYBABEL) update -i gamekit/locale/gamekit.pot -d gamekit/locale -D gamekit --ignore-obsolete -w 100
	$(PYBABEL) compile -d gamekit/locale -D gamekit --statistics
