# Two commands do everything:
#   make lab    install what the lessons need, warm the game engines, and open the lessons in JupyterLab as pupils
#               see them (no code, each lesson once), on a working copy in the user's data directory: what pupils
#               run and save stays there, and the checkout's files are left alone
#   make test   install what the tests need and run the whole suite (browser test included when Chromium is present)
# and a few more:
#   make lab-teacher   JupyterLab on the checkout itself: the lessons' MyST sources (.md) listed and editable
#   make voila         the lessons as pages without code (Voilà), from the start page; LESSON=... opens another page
#   make rooms         the room server for online play and class groups (docs/rooms.md)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: lab lab-teacher warm test bench voila rooms clean

LESSON ?= notebooks/00_start_here.ipynb
# where the pupils' working copy of the lessons lives (default: lessons/ in the user's data directory)
LESSONS_DIR ?=
# both cores (pytest-xdist): four workers, because much of the suite waits on servers, kernels and browsers (with
# two, the user CPU was about the wall time: one core idle; with three, a fifth of the core time was still idle:
# docs/test-timing.md); loadfile keeps each notebook's nbval cells and each test module's fixtures in one worker
PYTEST_ARGS ?= -n 4 --dist loadfile --no-loadscope-reorder --durations=15
VOILA_PORT ?= 8866

ALLOW_ROOT := $(if $(filter 0,$(shell id -u)),--allow-root)

lab: $(VENV)/.lab-installed warm
	$(BIN)/python -m gamekit.lesson_tools pupil-lab $(if $(LESSONS_DIR),--lessons $(LESSONS_DIR)) -- $(ALLOW_ROOT)

lab-teacher: $(VENV)/.lab-installed warm
	$(BIN)/python -m gamekit.lesson_tools teacher-lab -- $(ALLOW_ROOT)

# numba compiles the game engines once into its cache (about 30 s the first time, a second or two afterwards), so a
# pupil's first Hint or Hard move does not wait for it
warm: $(VENV)/.lab-installed
	@echo "Warming the game engines (numba's cache: about 30 s the first time, a second or two afterwards)..."
	@$(BIN)/python -m gamekit.lesson_tools warm

# Voilà serves the lessons folder, so the links between lessons work; the start page opens first
voila: $(VENV)/.lab-installed warm
	$(BIN)/python -m gamekit.lesson_tools voila --port=$(VOILA_PORT) --page $(LESSON)

# compiled bytecode is kept even where the environment turns it off (PYTHONDONTWRITEBYTECODE): each of the
# workers would otherwise compile every module again on every run (about 9 s of CPU a worker, docs/test-timing.md)
test: $(VENV)/.dev-installed
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest $(PYTEST_ARGS)

bench: $(VENV)/.dev-installed
	$(BIN)/python -m benchmarks.dots --quick
	$(BIN)/python -m benchmarks.connect --quick
	$(BIN)/python -m benchmarks.shutbox --quick
	$(BIN)/python -m benchmarks.outcomes --quick

$(BIN)/python:
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "gamekit needs Python 3.11 or newer"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.lab-installed: $(BIN)/python requirements.txt pyproject.toml gamekit/lesson_tools.py gamekit/lesson_launch.py
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
