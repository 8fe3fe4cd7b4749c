"""Test-wide settings: saved lesson progress goes to a temporary file, never to the user's data directory."""

import os
import shutil
import sys
import tempfile
import weakref
from pathlib import Path

import ipywidgets
import pytest
from hypothesis import settings

# No timed tests: hypothesis's default 200 ms deadline per example fails on a loaded machine (a test whose
# examples are slow sets its own settings; speed is measured in the benchmarks).
settings.register_profile("gamekit", deadline=None)
settings.load_profile("gamekit")

# The test-only fourth game (tests/tictactoe): one package that registers itself in gamekit's catalog when it is
# imported, as an installed game would.  tests/ goes on the path (pytest runs with --import-mode=importlib, which
# leaves sys.path alone), and importing the package here puts the game in every test's catalog.
TESTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tests")
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
import tictactoe  # noqa: E402,F401
from testing_order import run_order  # noqa: E402  (tests/testing_order.py)

# Notebook kernels started by nbval and the JupyterLab/Voilà servers of the browser tests inherit this.  Each xdist
# worker makes its own (the controller's would otherwise reach all four through their environment): the lesson
# kernels of one worker's JupyterLab must not write over a class another worker's test has just joined.
if os.environ.get("PYTEST_XDIST_WORKER") or "GAMEKIT_PROGRESS_FILE" not in os.environ:
    os.environ["GAMEKIT_PROGRESS_FILE"] = os.path.join(tempfile.mkdtemp(prefix="gamekit-progress-"), "progress.json")


_SHARED_FOLDER: list[Path] = []  # the folder this process made for the run's shared results (removed at its end)


def pytest_configure(config):
    """The run's processes (xdist workers, the kernels, servers and scripts they start) share the results that
    depend only on gamekit's code and banks (:func:`gamekit.puzzles.store.kept`: the Practice pools, about 10 s
    of CPU a process), so each is computed once a run, not once a process.  The controller (or a run without
    xdist) makes a temporary folder before the workers start, so they inherit it, and removes it at the end."""
    from gamekit.puzzles.store import SHARED_CACHE

    if SHARED_CACHE not in os.environ:
        _SHARED_FOLDER.append(Path(tempfile.mkdtemp(prefix="gamekit-shared-")))
        os.environ[SHARED_CACHE] = str(_SHARED_FOLDER[0])


def pytest_unconfigure(config):
    from gamekit.puzzles.store import SHARED_CACHE

    for folder in _SHARED_FOLDER:
        shutil.rmtree(folder, ignore_errors=True)
        if os.environ.get(SHARED_CACHE) == str(folder):
            del os.environ[SHARED_CACHE]
    _SHARED_FOLDER.clear()


@pytest.fixture(autouse=True)
def _fresh_progress_file(tmp_path, monkeypatch, request):
    """Every test starts with no saved progress (browser tests keep the session's file: their servers run on)."""
    if request.node.get_closest_marker("browser") is None and not request.node.nodeid.endswith(".ipynb"):
        monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "progress.json"))


# Practice boards a test made, closed when it ends.  Every open board of a game shows the level an answer gives,
# reading the saved rating once per board: boards left open by earlier tests of the same worker (hundreds in
# tests/puzzles) made each answer read the progress file hundreds of times (test_practice.py: 92 s → 65 s of CPU).
_PRACTICE_BOARDS: "weakref.WeakSet" = weakref.WeakSet()


def _note_practice_board(widget) -> None:
    board = getattr(sys.modules.get("gamekit.puzzles.practice"), "Practice", None)  # None while it is imported
    if board is not None and isinstance(widget, board):
        _PRACTICE_BOARDS.add(widget)


ipywidgets.Widget.on_widget_constructed(_note_practice_board)


@pytest.fixture(autouse=True)
def _close_practice_boards():
    """Boards made by a module's or session's fixture (set up before this) stay open for the tests that share them."""
    _PRACTICE_BOARDS.clear()
    yield
    for board in list(_PRACTICE_BOARDS):
        board.close()
    _PRACTICE_BOARDS.clear()


@pytest.fixture(scope="session")
def playwright_session():
    """One Playwright for the whole run: its sync API allows a single instance per thread, so the JupyterLab
    browser tests (tests/browser) and the room-server browser tests (tests/rooms) launch their Chromium from it."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def pytest_collection_modifyitems(config, items):
    files = list(dict.fromkeys(item.nodeid.split("::", 1)[0] for item in items))
    waiting = {item.nodeid.split("::", 1)[0] for item in items if item.get_closest_marker("browser") is not None}
    place = {f: n for n, f in enumerate(run_order(files, waiting))}
    items.sort(key=lambda item: place[item.nodeid.split("::", 1)[0]])  # stable: within a file the order stays
    _run_each_notebook_once(config, items)


def _run_each_notebook_once(config, items) -> None:
    """nbval leaves out a notebook that a test of the same run executes in a kernel (marked ``runs_notebook``,
    not expected to fail): that test fails on a cell that raises as nbval's ``--nbval-lax`` does, and then reads
    what the page shows, so running the notebook a second time under nbval would assert nothing more.  A notebook
    run on its own (``pytest --nbval-lax notebooks/…/NN_name.ipynb``) is still run by nbval."""
    executed = {
        Path(mark.args[0]).resolve()
        for item in items
        if not item.get_closest_marker("xfail")
        for mark in item.iter_markers("runs_notebook")
    }
    repeats = [item for item in items if item.path.suffix == ".ipynb" and item.path.resolve() in executed]
    if repeats:
        config.hook.pytest_deselected(items=repeats)
        left_out = set(repeats)
        items[:] = [item for item in items if item not in left_out]
