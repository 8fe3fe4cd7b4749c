"""`make rooms` (``python -m gamekit.rooms`` without ``--db``) keeps its rooms in the user's data directory: started
from a checkout, it leaves no database file there."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from gamekit.rooms.stores import default_db_path
from testing_servers import stop  # tests/testing_servers.py (tests/ is on the path: conftest.py)

ROOT = Path(__file__).resolve().parents[2]


def test_the_default_database_is_in_the_users_data_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # where platformdirs puts user data on Linux
    if sys.platform.startswith("linux"):
        assert default_db_path() == tmp_path / "data/gamekit/rooms.sqlite3"
    assert default_db_path().name == "rooms.sqlite3"
    assert "rooms.sqlite3" in (ROOT / ".gitignore").read_text().splitlines()  # and a copy left anywhere is ignored


def test_the_server_started_without_db_writes_nothing_where_it_runs(tmp_path):
    from tests.rooms.conftest import free_port

    here, data = tmp_path / "checkout", tmp_path / "data"
    here.mkdir()
    port = free_port()
    env = dict(
        os.environ, XDG_DATA_HOME=str(data), PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")
    )
    log = tmp_path / "rooms.log"
    process = subprocess.Popen(
        [sys.executable, "-m", "gamekit.rooms", "--host", "127.0.0.1", "--port", str(port)],
        cwd=here,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(url + "/", timeout=1).close()
                break
            except OSError:
                assert process.poll() is None and time.monotonic() < deadline, log.read_text()[-2000:]
                time.sleep(0.1)
        request = urllib.request.Request(
            url + "/api/rooms",
            data=json.dumps({"game": "dots"}).encode(),
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status in (200, 201)
    finally:
        stop(process)
    assert (data / "gamekit/rooms.sqlite3").exists()  # the room is stored there …
    assert list(here.iterdir()) == []  # … and nothing where the server ran
    assert str(data / "gamekit/rooms.sqlite3") in log.read_text()  # the server says where its database is
