"""Helpers for the servers the tests start as processes (JupyterLab, Voilà).  tests/ is on the path
(conftest.py), so test files import this as ``testing_servers``."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A TCP port on loopback that nothing listens on right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop(process: subprocess.Popen, grace: float = 30.0) -> int:
    """SIGTERM, then SIGKILL if the server still runs after ``grace`` seconds (a loaded machine can take more
    than 15 s to shut down a JupyterLab's kernels); returns its exit code.  Only the teardown waits longer;
    what a test checks does not change."""
    process.terminate()
    try:
        return process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        return process.wait(timeout=grace)


def voila_args(port: int) -> list[str]:
    """The plain Voilà command serving the repository on ``port`` of loopback (no template of ours)."""
    return [
        sys.executable,
        "-m",
        "voila",
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        f"--Voila.root_dir={ROOT}",
        "--Voila.port_retries=0",
    ]


@contextlib.contextmanager
def voila_server(
    work: Path, env: dict[str, str] | None = None, command: Sequence[str] | None = None, port: int | None = None
) -> Iterator[str]:
    """A real Voilà process serving the repository on a free loopback port; yields its URL and stops it after.

    ``work`` holds its log and its kernels' runtime directory; ``env`` is added to this process's environment
    (the repository goes first on the kernels' ``PYTHONPATH``, so the pages import this checkout's gamekit).
    ``command`` replaces the plain command of :func:`voila_args` (it must use ``port``).  Fails the test with
    the log's tail if Voilà exits or does not answer within 90 s."""
    work.mkdir(parents=True, exist_ok=True)
    port = free_port() if port is None else port
    log = work / "voila.log"
    full_env = dict(
        os.environ,
        JUPYTER_RUNTIME_DIR=str(work / "runtime"),
        PYTHONPATH=os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))),
    )
    full_env.update(env or {})
    chosen = command is None  # a port this function picked may be taken by another worker before Voilà binds it
    starts = 0

    def start(port: int) -> subprocess.Popen:
        with open(log, "w") as out:
            return subprocess.Popen(
                list(command) if command is not None else voila_args(port),
                cwd=ROOT,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=full_env,
            )

    process = start(port)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            if process.poll() is not None:
                if chosen and starts < 3 and "already in use" in log.read_text():
                    starts += 1
                    port = free_port()
                    process, url = start(port), f"http://127.0.0.1:{port}"
                    continue
                pytest.fail(f"Voilà exited early:\n{log.read_text()[-3000:]}")
            try:
                urllib.request.urlopen(f"{url}/", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail(f"Voilà did not answer within 90 s:\n{log.read_text()[-3000:]}")
                time.sleep(0.3)
        yield url
    finally:
        stop(process)
