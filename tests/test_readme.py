"""The README and the developers' page it links are executable: every ```python block of README.md, then of
docs/developers.md (the Python API), runs as written, in order, in one namespace."""

import contextlib
import io
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
#: where the README's Python API examples live (the README links it)
DEVELOPERS = README.parent / "docs" / "developers.md"


def python_blocks(path: Path = README) -> list[str]:
    return re.findall(r"^```python\n(.*?)^```", path.read_text(encoding="utf-8"), re.S | re.M)


def test_the_readme_has_python_examples_and_links_the_api_page():
    blocks = python_blocks()
    assert blocks and all("from gamekit" in b for b in blocks)
    assert "(docs/developers.md)" in README.read_text(encoding="utf-8")
    api = python_blocks(DEVELOPERS)
    assert len(api) >= 2 and any("from gamekit" in b for b in api)


@pytest.fixture
def room_server(tmp_path):
    """The README's room examples talk to a real room server: started here on a free loopback port."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = str(README.parent)
    env = dict(os.environ, PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
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
            "--quiet",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=tmp_path,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(url + "/", timeout=1).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError("the room server did not start")
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=10)


def test_every_python_block_of_the_readme_runs_in_order(room_server):
    namespace: dict = {"__name__": "readme"}
    out = io.StringIO()
    blocks = [(README.name, i, b) for i, b in enumerate(python_blocks(), 1)]
    blocks += [("docs/developers.md", i, b) for i, b in enumerate(python_blocks(DEVELOPERS), 1)]
    for name, i, block in blocks:
        block = block.replace("http://localhost:8765", room_server)  # the address the server printed
        code = compile(block, f"{name} python block {i}", "exec")
        with contextlib.redirect_stdout(out):
            exec(code, namespace)  # noqa: S102 - our own README
    printed = out.getvalue()
    # the printed refusals say why
    assert "not neighbouring dots" in printed
    assert "undrawn lines" in printed and "time_limit" in printed
    # what the comments promise
    assert namespace["late"].is_over() is False and namespace["g"].winner() == 0
    assert namespace["saved"]["game"] == "dots_and_boxes" and namespace["saved"]["version"] == 2
    assert "['4', '5']" in printed  # the two notebooks' moves met on the server
