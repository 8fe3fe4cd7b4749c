"""The start page's "Join your class" box in JupyterLab (the Voilà side, with a lesson answer reaching the
teacher, is tests/rooms/test_groups_class_browser.py): the pupil pastes the class link and a nickname, presses
Join, the box says the progress was sent and which class this computer is in; a code with no class server to
ask, and text that is no code, are refused with the reason; "Join another class" forgets the class again.  A real room
server runs on loopback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from testing_servers import stop

pytestmark = pytest.mark.browser
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def class_server(tmp_path):
    """A room server of the test's own on a free loopback port (its address)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with open(tmp_path / "rooms.log", "w") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gamekit.rooms",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--db",
                str(tmp_path / "rooms.sqlite3"),
            ],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            cwd=tmp_path,
        )
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + 30
    while True:
        try:
            with urllib.request.urlopen(url + "/", timeout=1):
                break
        except OSError:
            if process.poll() is not None or time.time() > deadline:
                stop(process)
                pytest.fail((tmp_path / "rooms.log").read_text()[-3000:])
            time.sleep(0.1)
    yield url
    stop(process)


@pytest.fixture
def forgets_the_class():
    """The JupyterLab kernels share the session's saved progress (this process's ``GAMEKIT_PROGRESS_FILE``): a
    class joined here must not stay joined for the tests that follow, even when this one fails."""
    from gamekit import progress

    yield
    progress.forget_group()


@pytest.mark.xfail(
    strict=False,
    reason="passes alone; in full xdist runs the class table still shows no upload after "
    "the box says it was sent, even with the earlier kernels shut down: to be explained (the Voila test of "
    "the same path, tests/rooms/test_groups_class_browser.py, passes)",
)
def test_join_your_class_in_jupyterlab(lab, notebook_page, class_server, forgets_the_class):
    from gamekit.rooms.groups_client import create_group

    lab.stop_kernels()  # no lesson kernel of an earlier test writes its older progress over the class
    owner = create_group(class_server, "Class 8B")
    page = notebook_page("notebooks/00_start_here.ipynb")
    box = page.locator(".gamekit-join-class")
    box.scroll_into_view_if_needed()
    fields = box.locator("input[type=text], input:not([type])")
    join = box.get_by_role("button", name="Join")
    note = box.locator(".gamekit-feedback")

    def fill(code: str, nickname: str) -> None:
        for field, text in ((fields.nth(0), code), (fields.nth(1), nickname)):
            field.fill(text)
            field.press("Tab")  # the Text widget syncs its value on blur as well as on typing

    # a short code is looked up on the class server of the environment; none is set here, so the default address
    # is asked: nothing runs there (or, on a machine that runs one, it knows no such code) and the box says so
    fill("ZZZZ-ZZZZ", "Ana")
    join.first.click()
    note.get_by_text(re.compile("does not answer|No group has the code")).wait_for(timeout=30_000)
    fill("no!", "Ana")
    join.first.click()
    note.get_by_text("like K7MQ-2PXA").wait_for(timeout=30_000)
    fill(owner.join_link, "Ana")
    join.first.click()
    note.get_by_text("Sent to your teacher").wait_for(timeout=30_000)
    assert "You are in the class Class 8B as Ana." in box.inner_text()
    # this computer's progress reached the class table (read again for a while: the teacher's page polls too)
    import time

    for _ in range(60):
        ana = {p["nickname"]: p for p in owner.class_table()["pupils"]}["Ana"]
        if ana["sent"]:
            break
        time.sleep(0.5)
    assert ana["sent"]
    # the session's other lessons must not go on sending to this class: forget it with the box's own button
    box.get_by_role("button", name="Join another class").click()
    note.get_by_text("no longer sends").wait_for(timeout=30_000)
    assert fields.nth(0).is_visible()
