"""Binder: build a fresh virtual environment exactly as binder/ says, then run the notebooks there.

repo2docker ignores the repository root when binder/ exists, so binder/ alone must install
gamekit and everything the lessons import.  This test follows the same steps: Python as pinned
by runtime.txt, ``pip install -r binder/requirements.txt``, then ``binder/postBuild`` from the
repository root, then nbval (installed on top, as a test tool) over every notebook.
"""
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"

pytestmark = pytest.mark.slow


def test_runtime_pins_the_python_we_test_with():
    pinned = (BINDER / "runtime.txt").read_text().strip()
    assert pinned == f"python-{sys.version_info.major}.{sys.version_info.minor}", (
        f"binder/runtime.txt says {pinned}; this check runs under Python {sys.version_info.major}.{sys.version_info.minor}")


def test_binder_requirements_do_not_rely_on_the_repository_root():
    text = (BINDER / "requirements.txt").read_text()
    assert "-r ../" not in text and "-e ." not in text, "repo2docker would not see files outside binder/"
    assert os.access(BINDER / "postBuild", os.X_OK)


def test_notebooks_run_in_a_fresh_binder_environment(tmp_path):
    venv = tmp_path / "binder-venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = dict(os.environ, PATH=f"{venv / 'bin'}:{os.environ['PATH']}", VIRTUAL_ENV=str(venv))
    env.pop("PYTHONPATH", None)

    def run(*args, **kwargs):
        result = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, **kwargs)
        assert result.returncode == 0, f"{' '.join(map(str, args))} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        return result

    run(str(py), "-m", "pip", "install", "--quiet", "-r", str(BINDER / "requirements.txt"))
    run("bash", str(BINDER / "postBuild"))
    run(str(py), "-c", "import gamekit, ipycanvas, ipywidgets, jupyterlab, matplotlib")
    run(str(py), "-m", "pip", "install", "--quiet", "pytest", "nbval", "hypothesis")
    run(str(py), "-m", "pytest", "-q", "-p", "no:cacheprovider", "--nbval-lax", "--nbval-current-env",
        "--rootdir", str(tmp_path), "-c", os.devnull, str(ROOT / "notebooks"))
