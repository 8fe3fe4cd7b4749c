"""What a pupil's JupyterLab shows (the settings `make lab` and Binder write), in a real Chromium: each lesson once
in the file browser, and no code in a lesson — not even the first line of a collapsed cell."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from gamekit.lesson_launch import install_lab_settings
from testing_servers import stop  # tests/testing_servers.py (tests/ is on the path: conftest.py)

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


def test_a_pupils_lab_lists_each_lesson_once_and_shows_no_code(tmp_path, browser, ui):
    install_lab_settings(tmp_path / "env")
    root = tmp_path / "root"
    shutil.copytree(
        ROOT / "notebooks/dots_and_boxes", root / "dots_and_boxes", ignore=shutil.ignore_patterns(".ipynb_checkpoints")
    )
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    settings = tmp_path / "user-settings/@jupyterlab/apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text('{"fetchNews": "false"}')
    env = dict(
        os.environ,
        JUPYTER_CONFIG_PATH=str(tmp_path / "env/etc/jupyter"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "runtime"),
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / "user-settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "workspaces"),
    )
    command = [
        sys.executable,
        "-m",
        "jupyter",
        "lab",
        "--no-browser",
        f"--port={port}",
        "--ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        f"--ServerApp.root_dir={root}",
        "--LabApp.news_url=None",
        "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    log = tmp_path / "lab.log"
    process = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=root)
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
                    pytest.fail(f"JupyterLab did not start:\n{log.read_text()[-2000:]}")
                time.sleep(0.3)
        page = browser.new_page(viewport={"width": 1300, "height": 900})
        page.goto(f"{url}/lab/tree/dots_and_boxes/02_third_sides.ipynb", wait_until="domcontentloaded")
        listing = page.locator(".jp-DirListing-content")
        listing.get_by_text("02_third_sides.ipynb").wait_for(timeout=90_000)
        names = listing.locator(".jp-DirListing-itemText").all_inner_texts()
        assert sorted(names) == sorted(p.name for p in (ROOT / "notebooks/dots_and_boxes").glob("*.ipynb")), names
        notebook = page.locator(".jp-NotebookPanel-notebook")
        notebook.locator(".jp-RenderedMarkdown h1").first.wait_for(timeout=60_000)
        placeholders = page.locator(".jp-CodeCell .jp-InputPlaceholder")
        placeholders.first.wait_for(state="attached", timeout=30_000)
        # every collapsed code cell is there, and its input (placeholder line included) takes no room at all
        displays = placeholders.evaluate_all(
            "els => els.map(e => getComputedStyle(e.closest('.jp-Cell-inputWrapper')).display)"
        )
        assert displays and set(displays) == {"none"}, displays
        assert not placeholders.first.is_visible()
        shown = notebook.inner_text()
        assert "third sides and safe lines" in shown
        assert "L.exercise" not in shown and "import" not in shown and "step_through(" not in shown
        ui.screenshot(page, "pupil_lab_no_code")
    finally:
        if page is not None:
            page.close()
        stop(process)
