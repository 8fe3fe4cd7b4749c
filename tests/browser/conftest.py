"""Real-browser tests: JupyterLab on a free loopback port, driven with Playwright in Debian's Chromium.

Fixtures
--------
``lab``            the running JupyterLab (``lab.url``, ``lab.root``), one per test session.
``browser``        a Playwright Chromium browser (one per session).
``lab_page``       one JupyterLab page per session (the application loaded once); ``notebook_page`` opens
                   each test's notebooks in it as tabs.
``notebook_page``  a factory: ``page = notebook_page("notebooks/x.ipynb")`` opens the notebook as a new tab of
                   ``lab_page`` (a fresh page only for ``touch=True``), with a kernel of its own, runs all cells
                   and waits until the kernel is idle and a board is drawn.  After the test its tabs are closed
                   and their kernels shut down, so the next test's page holds its own notebook only.

Helpers (also as the ``ui`` fixture): ``board(page, n)`` → locator of the n-th gamekit canvas; ``click_css(page,
locator, x, y)``
clicks at CSS pixel (x, y) of a canvas; ``status_text(page, n)`` → the n-th widget's status line;
``pixel(page, n, x, y)`` → RGB at a CSS pixel; ``watch_redraw`` + ``redraw_latency_ms`` time a click to the redraw.

Without Chromium the tests are skipped (and the run says so at the end); with
``GAMEKIT_REQUIRE_BROWSER=1`` (set by ``.ci/run``) a missing browser is a failure.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from testing_servers import (
    free_port,
    stop,
    voila_server,
)  # tests/testing_servers.py (tests/ is on the path: conftest.py)

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
_skipped_reason: list[str] = []
_workspace_numbers = itertools.count()


def chromium_path() -> str | None:
    for candidate in (os.environ.get("GAMEKIT_CHROMIUM"), *CHROMIUM_CANDIDATES):
        if candidate and Path(candidate).exists():
            return candidate
    return None


def _skip_or_fail(reason: str) -> None:
    if os.environ.get("GAMEKIT_REQUIRE_BROWSER") == "1":
        pytest.fail(f"browser test required (GAMEKIT_REQUIRE_BROWSER=1) but {reason}")
    _skipped_reason.append(reason)
    pytest.skip(reason)


def pytest_terminal_summary(terminalreporter, exitstatus, config):  # noqa: ARG001
    if _skipped_reason:
        terminalreporter.write_line(
            f"BROWSER TESTS SKIPPED: {_skipped_reason[0]} — install Debian's chromium (apt-get install chromium) "
            "to run them.",
            yellow=True,
            bold=True,
        )


class Lab:
    def __init__(self, url: str, root: Path, process: subprocess.Popen, log: Path):
        self.url, self.root, self.process, self.log = url, root, process, log

    def stop_kernels(self) -> int:
        """Shut down every kernel the earlier tests of this session left running; returns how many.

        The kernels share this process's saved progress file: one left from an earlier lesson still holds the
        progress it read and writes it back after its next answer, over what a test that follows has saved."""
        import json

        with urllib.request.urlopen(f"{self.url}/api/kernels", timeout=10) as response:
            kernels = json.load(response)
        for kernel in kernels:
            request = urllib.request.Request(f"{self.url}/api/kernels/{kernel['id']}", method="DELETE")
            urllib.request.urlopen(request, timeout=30).close()
        return len(kernels)


def _require_browser() -> None:
    """Skip (or with ``GAMEKIT_REQUIRE_BROWSER=1`` fail) when Chromium or Playwright is missing."""
    if chromium_path() is None:
        _skip_or_fail("no Chromium found (looked for /usr/bin/chromium)")
    try:
        import playwright  # noqa: F401
    except ImportError:
        _skip_or_fail("the playwright package is not installed")


@pytest.fixture(scope="session")
def lab():
    _require_browser()
    port = free_port()
    settings = Path(tempfile.mkdtemp(prefix="gamekit-lab-"))
    # JupyterLab saves the notebooks it runs (metadata, outputs): serve a copy so the checkout stays clean.
    root = settings / "root"
    shutil.copytree(ROOT / "notebooks", root / "notebooks", ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    log = settings / "lab.log"
    # no "get notified about Jupyter news?" toast over the boards
    news = settings / "user-settings" / "@jupyterlab" / "apputils-extension"
    news.mkdir(parents=True)
    (news / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = dict(
        os.environ,
        JUPYTERLAB_WORKSPACES_DIR=str(settings / "workspaces"),
        JUPYTERLAB_SETTINGS_DIR=str(settings / "user-settings"),
        JUPYTER_RUNTIME_DIR=str(settings / "runtime"),
    )
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        f"--port={port}",
        "--ip=127.0.0.1",
        "--ServerApp.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        # window.jupyterapp: ``notebook_page`` opens each test's notebook as a tab of one loaded page with it
        "--LabApp.expose_app_in_browser=True",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")  # CI containers run as root
    with open(log, "w") as out:
        process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env, cwd=root)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        if process.poll() is not None:
            pytest.fail(f"JupyterLab exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/status", timeout=2) as response:
                if response.status == 200:
                    break
        except OSError:
            time.sleep(0.5)
    else:
        process.terminate()
        pytest.fail(f"JupyterLab did not answer within 90 s:\n{log.read_text()[-3000:]}")
    yield Lab(url, root, process, log)
    stop(process)
    shutil.rmtree(settings, ignore_errors=True)


@pytest.fixture(scope="session")
def browser(request):
    """Chromium, one per session.  It does not start JupyterLab: a worker that runs only Voilà pages never needs
    one (``notebook_page`` asks for ``lab`` itself)."""
    _require_browser()
    playwright_session = request.getfixturevalue("playwright_session")  # the run's one Playwright (root conftest)
    chromium = playwright_session.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
    yield chromium
    chromium.close()


_CURRENT = ".jp-NotebookPanel:not(.lm-mod-hidden)"  # the notebook tab in front


class LabPage:
    """One Chromium page with the JupyterLab application loaded (``window.jupyterapp``), shared by the session's
    notebook tests: loading the application (its JavaScript fetched and parsed, the extensions and settings read)
    is most of what a fresh page per test cost; each notebook still gets a tab and a kernel of its own."""

    def __init__(self, lab, browser):
        self.lab, self.browser, self.page = lab, browser, None

    def get(self, timeout_ms: int):
        if self.page is None or self.page.is_closed():
            page = self.browser.new_page(viewport={"width": 1400, "height": 1000}, device_scale_factor=1)
            page.goto(f"{self.lab.url}/lab/workspaces/test-{next(_workspace_numbers)}", wait_until="domcontentloaded")
            page.wait_for_function("window.jupyterapp !== undefined", timeout=timeout_ms)
            page.evaluate("async () => { await window.jupyterapp.started; await window.jupyterapp.restored; }")
            self.page = page
        # in front again after a test's own page (a Voilà page, a touch screen): a page behind others can be
        # hidden, and a hidden page runs no animation frames (Playwright's waits poll on them)
        self.page.bring_to_front()
        return self.page

    def open(self, path: str, timeout_ms: int) -> str:
        """Open ``path`` as a tab in front; returns the tab's id once its kernel is idle."""
        page = self.get(timeout_ms)
        panel_id = page.evaluate(
            """async path => {
            const app = window.jupyterapp;
            await window.__gamekitClosing?.[path];  // this notebook's last kernel has stopped (close_tabs)
            const panel = await app.commands.execute('docmanager:open', {path, factory: 'Notebook'});
            app.shell.activateById(panel.id);
            await panel.context.ready;
            await panel.sessionContext.ready;
            return panel.id; }""",
            path,
        )
        # the kernel has started ("Python 3 (ipykernel) | Idle" in the status bar: this tab's kernel)
        page.wait_for_function(
            "id => { const w = Array.from(window.jupyterapp.shell.widgets('main')).find(w => w.id === id);"
            " return w && w.sessionContext.session?.kernel?.status === 'idle'; }",
            arg=panel_id,
            timeout=timeout_ms,
        )
        return panel_id

    def close_tabs(self, panel_ids: list[str]) -> None:
        """Close the tabs ``panel_ids`` (unsaved, as a closed page was) and ask the server to shut down their
        kernels; a page left with a dialog or another tab is closed, and the next test loads a new one."""
        if self.page is None or self.page.is_closed():
            return
        try:
            left = self.page.evaluate(
                """async ids => {
                const app = window.jupyterapp;
                for (const w of Array.from(app.shell.widgets('main'))) {
                  if (!ids.includes(w.id)) continue;
                  const session = w.sessionContext.session, path = w.context.path;
                  w.dispose();
                  // the server stops the kernel while the next test starts; only a test that opens the same
                  // notebook waits for it (the server would hand it the session being shut down)
                  if (session) {
                    const closing = (window.__gamekitClosing ??= {});
                    closing[path] = app.serviceManager.sessions.shutdown(session.id).catch(() => {});
                  }
                }
                return document.querySelectorAll('.jp-NotebookPanel, .jp-Dialog').length; }""",
                panel_ids,
            )
        except Exception:
            left = -1
        if left:
            self.close()

    def close(self) -> None:
        if self.page is not None and not self.page.is_closed():
            self.page.close()
        self.page = None


@pytest.fixture(scope="session")
def lab_page(lab, browser):
    """The session's one JupyterLab page (:class:`LabPage`), loaded when the first notebook test needs it."""
    shared = LabPage(lab, browser)
    yield shared
    shared.close()


_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Mark a test whose setup or call raised (an expected failure too), for ``notebook_page``'s teardown."""
    yield
    if call.excinfo is not None and call.when in ("setup", "call"):
        item.stash[_FAILED] = True


def _run_all_cells(page, boards: int, timeout_ms: int) -> None:
    """Run All Cells from the Run menu on the notebook in front; wait for ``boards`` boards and an idle kernel."""
    page.locator(f"{_CURRENT} .jp-Notebook").first.click()  # focus the notebook so the menu command applies
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=30_000)
    page.wait_for_function(
        f"document.querySelectorAll('{_CURRENT} canvas.gamekit-board').length >= {boards}", timeout=timeout_ms
    )
    page.wait_for_selector(f"{_CURRENT} .jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=timeout_ms)


@pytest.fixture
def notebook_page(lab, browser, lab_page, request):
    """Open a notebook (path relative to the repository root), run all cells, return the page."""
    tabs: list[str] = []
    pages = []

    def open_notebook(path: str, boards: int = 1, timeout_ms: int = 180_000, touch: bool = False):
        if not touch:
            tabs.append(lab_page.open(path, timeout_ms))
            _run_all_cells(lab_page.page, boards, timeout_ms)
            return lab_page.page
        # a touch screen is a setting of the page: a fresh page, in a workspace of its own (no tabs restored)
        page = browser.new_page(viewport={"width": 1400, "height": 1000}, device_scale_factor=1, has_touch=touch)
        pages.append(page)
        page.goto(
            f"{lab.url}/lab/workspaces/test-{next(_workspace_numbers)}/tree/{path}", wait_until="domcontentloaded"
        )
        page.wait_for_selector(".jp-Notebook", timeout=timeout_ms)
        # the kernel has started once the status bar says so ("Python 3 (ipykernel) | Idle")
        page.wait_for_function(
            "Array.from(document.querySelectorAll('.jp-StatusBar-TextItem')).some(e => /\\| Idle/.test(e.textContent))",
            timeout=timeout_ms,
        )
        _run_all_cells(page, boards, timeout_ms)
        return page

    yield open_notebook
    for page in pages:
        page.close()
    if tabs:
        lab_page.close_tabs(tabs)
    if request.node.stash.get(_FAILED, False):
        lab_page.close()  # what a failed test left on the page is not the next test's start


def board(page, n: int = 0):
    return page.locator("canvas.gamekit-board").nth(n)


def game_board(page, k: int = 0) -> int:
    """The index among all boards (exercise boards included) of the k-th game widget's board."""
    return page.evaluate(
        """k => {
        const all = Array.from(document.querySelectorAll('canvas.gamekit-board'));
        return all.indexOf(document.querySelectorAll('.gamekit-widget canvas.gamekit-board')[k]); }""",
        k,
    )


def status_text(page, n: int = 0) -> str:
    # textContent, not innerText: JupyterLab skips rendering cells far off screen, and innerText of an
    # unrendered element is empty
    return page.locator(".gamekit-status").nth(n).text_content()


def _wait_for_words(page, read: str, arg, words: str, timeout_ms: int, what: str) -> str:
    """Wait until the text that the JavaScript function ``read`` gives for ``arg`` contains ``words``; returns the
    text.  On a timeout, the error says what ``what`` showed instead."""
    import json

    try:
        page.wait_for_function(f"a => ({read})(a)?.includes({json.dumps(words)})", arg=arg, timeout=timeout_ms)
    except Exception as error:  # say what the page did show, not only that it timed out
        raise AssertionError(
            f"{what} never said {words!r} in {timeout_ms} ms; it says {page.evaluate(read, arg)!r}"
        ) from error
    return page.evaluate(read, arg)


def wait_for_status(page, n: int | str, words: str, timeout_ms: int = 15_000) -> str:
    """Wait until the status line of widget ``n`` (an index, or a CSS selector of the widget) contains
    ``words``; returns the status text."""
    read = (
        "n => { const e = typeof n === 'number' ? document.querySelectorAll('.gamekit-status')[n]"
        " : document.querySelector(n + ' .gamekit-status'); return e ? e.textContent : null; }"
    )
    return _wait_for_words(page, read, n, words, timeout_ms, "the status line")


_DESCRIPTION = (
    "c => { const d = document.getElementById(c.getAttribute('aria-describedby')); return d ? d.textContent : null; }"
)


def description(page, canvas) -> str | None:
    """The text description a screen reader reads for ``canvas`` (a locator): what its aria-describedby points at."""
    return page.evaluate(_DESCRIPTION, canvas.element_handle())


def wait_for_description(page, canvas, words: str, timeout_ms: int = 15_000) -> str:
    """Wait until the text description of ``canvas`` (a locator) contains ``words``; returns it."""
    return _wait_for_words(page, _DESCRIPTION, canvas.element_handle(), words, timeout_ms, "the board's description")


def settled_box(page, canvas) -> dict:
    """``canvas``'s bounding box once it is in view and has stayed in place for a moment (JupyterLab renders cells
    near the viewport lazily: the page can still shift after scrolling).  JupyterLab can also scroll the notebook
    back to its active cell just after: a box that settled out of view is scrolled to again (a click there would
    land on the page around the board, and the test would wait for a move that never comes)."""
    view = page.viewport_size
    for _ in range(5):
        canvas.scroll_into_view_if_needed()
        box = canvas.bounding_box()
        for _ in range(20):
            page.wait_for_timeout(100)
            again = canvas.bounding_box()
            if again == box:
                break
            box = again
        if view is None or (box["y"] >= 0 and box["y"] + min(box["height"], view["height"]) <= view["height"]):
            break
    return box


def click_css(page, canvas, x: float, y: float, tap: bool = False) -> None:
    """Click (or with ``tap``, touch) at CSS pixel (x, y) of ``canvas``, once it is in view and still."""
    box = settled_box(page, canvas)
    if tap:
        page.touchscreen.tap(box["x"] + x, box["y"] + y)
    else:
        page.mouse.click(box["x"] + x, box["y"] + y)


_READ_PIXEL = """
  const canvas = typeof index === 'number'
      ? document.querySelectorAll('canvas.gamekit-board')[index] : document.querySelector(index);
  const scale = canvas.width / canvas.getBoundingClientRect().width;
  const read = () => Array.from(canvas.getContext('2d')
      .getImageData(Math.round(x * scale), Math.round(y * scale), 1, 1).data).slice(0, 3);
"""


def pixel(page, n: int | str, x: float, y: float) -> tuple[int, int, int]:
    """The RGB colour at CSS pixel (x, y) of canvas ``n`` (an index among the boards, or a CSS selector)."""
    return tuple(page.evaluate(f"([index, x, y]) => {{ {_READ_PIXEL} return read(); }}", [n, x, y]))


def wait_for_pixel_change(
    page, n: int | str, x: float, y: float, before: tuple[int, int, int], timeout_s: float = 10
) -> tuple[int, int, int]:
    """Wait until the pixel at (x, y) is no longer ``before``; returns the new colour."""
    deadline = time.time() + timeout_s
    while (now := pixel(page, n, x, y)) == tuple(before):
        if time.time() > deadline:
            raise AssertionError(f"pixel at ({x}, {y}) stayed {before} for {timeout_s} s")
        time.sleep(0.05)
    return now


def watch_redraw(page, n: int | str, x: float, y: float) -> None:
    """Start timing: the next mouse down on canvas ``n`` starts the clock, the first change of the
    pixel at (x, y) stops it.  Read the result with :func:`redraw_latency_ms`."""
    page.evaluate(
        f"""([index, x, y]) => {{ {_READ_PIXEL}
      const before = read().join(',');
      window.__gamekit = {{t0: null, t1: null}};
      canvas.addEventListener('mousedown', () => {{ window.__gamekit.t0 = performance.now(); }}, {{once: true}});
      const poll = () => {{
        if (window.__gamekit.t0 !== null && read().join(',') !== before) {{
          window.__gamekit.t1 = performance.now(); return; }}
        requestAnimationFrame(poll);
      }};
      requestAnimationFrame(poll);
    }}""",
        [n, x, y],
    )


def redraw_latency_ms(page, timeout_ms: int = 10_000) -> float:
    """Milliseconds from the mouse down to the redrawn pixel (after :func:`watch_redraw`)."""
    page.wait_for_function("window.__gamekit && window.__gamekit.t1 !== null", timeout=timeout_ms)
    return page.evaluate("window.__gamekit.t1 - window.__gamekit.t0")


def screenshot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path


@pytest.fixture
def ui():
    """The page helpers above as one object: ``ui.board(page, n)``, ``ui.click_css(...)``, …"""
    from types import SimpleNamespace

    return SimpleNamespace(
        ARTIFACTS=ARTIFACTS,
        board=board,
        game_board=game_board,
        status_text=status_text,
        wait_for_status=wait_for_status,
        description=description,
        wait_for_description=wait_for_description,
        click_css=click_css,
        settled_box=settled_box,
        screenshot=screenshot,
        pixel=pixel,
        wait_for_pixel_change=wait_for_pixel_change,
        watch_redraw=watch_redraw,
        redraw_latency_ms=redraw_latency_ms,
    )


@pytest.fixture(scope="session")
def voila(browser):
    """A Voilà server on a free loopback port serving the repository (lessons at ``{voila}/voila/render/PATH``)."""
    work = Path(tempfile.mkdtemp(prefix="gamekit-voila-"))
    # its own progress file: the pages it serves show no answers other browser tests of this process saved
    with voila_server(work, env={"GAMEKIT_PROGRESS_FILE": str(work / "progress.json")}) as url:
        yield url
    shutil.rmtree(work, ignore_errors=True)


def open_voila(browser, voila_url: str, path: str, boards: int = 1, timeout_ms: int = 180_000):
    """Open a lesson in Voilà, wait until ``boards`` boards are drawn and the access shim has run."""
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    page.goto(
        f"{voila_url}/voila/render/{path}", wait_until="domcontentloaded", timeout=timeout_ms
    )  # Voilà runs the page first
    # Voilà shows the cells once every one has run
    page.wait_for_function(
        "(() => { const c = document.getElementById('rendered_cells');"
        " return c && getComputedStyle(c).display !== 'none'; })()",
        timeout=timeout_ms,
    )
    page.wait_for_function(f"document.querySelectorAll('canvas.gamekit-board').length >= {boards}", timeout=timeout_ms)
    if boards or page.locator(".gamekit-exercise").count():
        page.wait_for_function("document.__gamekitAccess !== undefined", timeout=timeout_ms)
    # every board decorated: static ones out of the Tab order, keyed ones named
    page.wait_for_function(
        """Array.from(document.querySelectorAll('canvas.gamekit-board')).every(c =>
        c.classList.contains('gamekit-keys') ? c.hasAttribute('aria-label') : c.getAttribute('tabindex') === '-1')""",
        timeout=timeout_ms,
    )
    return page
