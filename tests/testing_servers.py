"""Helpers for the servers the tests start as processes (JupyterLab, Voilà).  tests/ is on the path
(conftest.py), so test files import this as ``testing_servers``."""

from __future__ import annotations

import subprocess


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
