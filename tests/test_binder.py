"""Binder: build a fresh virtual environment exactly as binder/ says, then run the notebooks there.

repo2docker ignores the repository root when binder/ exists, so binder/ alone must install
gamekit and everything the lessons import.  This test follows the same steps: Python as pinned
by runtime.txt, ``pip install -r binder/requirements.txt``, then ``binder/postBuild`` from the
repository root, then nbval (installed on top, as a test tool) over the start page and one lesson per game
(chosen to import every dependency the lessons use; the main run already runs every notebook under nbval).
"""

import hashlib
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"

pytestmark = pytest.mark.slow


def pinned_version() -> str:
    """The ``X.Y`` of binder/runtime.txt (``python-X.Y``)."""
    text = (BINDER / "runtime.txt").read_text().strip()
    m = re.fullmatch(r"python-(3\.\d+)", text)
    assert m, f"binder/runtime.txt should read python-3.N, not {text!r}"
    return m.group(1)


def pinned_python() -> str:
    """An interpreter of the pinned version: this one if it matches, else ``python3.N`` on the PATH.

    A contributor on a newer Python (say 3.13) still gets the Binder check when python3.11 is installed;
    without it the environment test is skipped with the reason, instead of failing."""
    version = pinned_version()
    if f"{sys.version_info.major}.{sys.version_info.minor}" == version:
        return sys.executable
    found = shutil.which(f"python{version}")
    if found is None:
        pytest.skip(
            f"binder/runtime.txt pins Python {version}; this machine runs "
            f"{sys.version_info.major}.{sys.version_info.minor} and has no python{version} on the PATH "
            f"to build the Binder environment with (install it to run this check)"
        )
    return found


def test_runtime_pins_a_python_the_package_supports():
    version = tuple(int(x) for x in pinned_version().split("."))
    requires = re.search(r'requires-python\s*=\s*">=\s*(3\.\d+)"', (ROOT / "pyproject.toml").read_text())
    assert requires, "pyproject.toml should state requires-python"
    assert version >= tuple(int(x) for x in requires.group(1).split(".")), (
        f"binder/runtime.txt pins {version}, below pyproject's requires-python {requires.group(1)}"
    )


def test_binder_requirements_do_not_rely_on_the_repository_root():
    text = (BINDER / "requirements.txt").read_text()
    assert "-r ../" not in text and "-e ." not in text, "repo2docker would not see files outside binder/"
    assert os.access(BINDER / "postBuild", os.X_OK)


def test_notebooks_run_in_a_fresh_binder_environment(tmp_path):
    venv = tmp_path / "binder-venv"
    subprocess.run([pinned_python(), "-m", "venv", str(venv)], check=True)
    py = venv / "bin" / "python"
    env = dict(os.environ, PATH=f"{venv / 'bin'}:{os.environ['PATH']}", VIRTUAL_ENV=str(venv))
    env.pop("PYTHONPATH", None)
    env.pop("GAMEKIT_SHARED_CACHE", None)  # the fresh environment computes what it needs itself (conftest.py)

    def run(*args, **kwargs):
        result = subprocess.run(args, cwd=ROOT, env=env, capture_output=True, text=True, **kwargs)
        assert result.returncode == 0, (
            f"{' '.join(map(str, args))} failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
        )
        return result

    # --no-compile: pip would byte-compile every file of JupyterLab, numba, matplotlib, numpy … (most of the
    # install's CPU); what the notebooks import is compiled when they first import it
    wheels = ("--no-index", "--find-links", str(wheel_dir(py, run)))
    run(str(py), "-m", "pip", "install", "--quiet", "--no-compile", *wheels, "-r", str(BINDER / "requirements.txt"))
    run("bash", str(BINDER / "postBuild"))
    run(
        str(py),
        "-c",
        "import gamekit, ipycanvas, ipywidgets, jupyterlab, matplotlib, numpy, numba, jupytext, "
        "voila, platformdirs, tornado, websocket",
    )
    run(
        str(py),
        "-c",
        "import json, pathlib, sys; p = pathlib.Path(sys.prefix, 'share/jupyter/lab/settings/"
        "overrides.json'); s = json.loads(p.read_text()); assert 'Jupytext Notebook' in p.read_text() "
        "and s['@jupyterlab/apputils-extension:notification']['fetchNews'] == 'false', s",
    )
    # .md opens as a notebook, no news popup; Binder's voila/render pages use the lessons' template
    run(
        str(py),
        "-c",
        "import pathlib, sys; assert pathlib.Path(sys.prefix, 'share/jupyter/voila/templates/gamekit/"
        "index.html.j2').exists()",
    )
    run(
        str(py),
        "-c",
        "import json, pathlib, sys; c = json.loads(pathlib.Path(sys.prefix, 'etc/jupyter/"
        "jupyter_server_config.json').read_text()); assert '[0-9][0-9]_*.md' in "
        "c['ContentsManager']['hide_globs'] and c['LabApp']['custom_css'], c",
    )  # each lesson once, no code
    run(str(py), "-m", "pip", "install", "--quiet", "--no-compile", *wheels, *TEST_TOOLS)
    run(
        str(py),
        "-m",
        "pytest",
        "-q",
        "-p",
        "no:cacheprovider",
        "--nbval-lax",
        "--nbval-current-env",
        "--rootdir",
        str(tmp_path),
        "-c",
        os.devnull,
        *(str(ROOT / "notebooks" / name) for name in SAMPLE),
    )


TEST_TOOLS = ("pytest", "nbval", "hypothesis")


def wheel_dir(py: Path, run) -> Path:
    """A directory holding every wheel that binder/requirements.txt and the test tools resolve to, downloaded by
    the fresh environment's own pip the first time and kept (keyed by the requirements, the tools and the Python
    version) in the user's cache: later runs install the same pinned wheels from it (``--no-index``) instead of
    asking the package indexes and downloading them again (about 10 s of CPU a run).  Nothing else is reused: the
    environment, the install, postBuild and the notebooks are new on every run."""
    key = hashlib.sha256(
        "\n".join([(BINDER / "requirements.txt").read_text(), *TEST_TOOLS, pinned_version(), sys.platform]).encode()
    ).hexdigest()[:16]
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "gamekit" / "binder-wheels"
    wheels = cache / key
    if not (wheels / "complete").exists():
        partial = cache / f"{key}.{os.getpid()}"
        shutil.rmtree(partial, ignore_errors=True)
        run(str(py), "-m", "pip", "download", "--quiet", "-d", str(partial), "-r", str(BINDER / "requirements.txt"))
        run(str(py), "-m", "pip", "download", "--quiet", "-d", str(partial), *TEST_TOOLS)
        (partial / "complete").touch()
        shutil.rmtree(wheels, ignore_errors=True)
        try:
            partial.rename(wheels)
        except OSError:  # another run filled it at the same moment
            if not (wheels / "complete").exists():
                raise
            shutil.rmtree(partial, ignore_errors=True)
    return wheels


SAMPLE = (
    "00_start_here.ipynb",  # progress table (platformdirs)
    "dots_and_boxes/05_double_dealing_and_control.ipynb",  # the Hard CPU, solver, step-throughs
    "five_in_a_row/03_how_the_computer_knows.ipynb",  # the compiled (numba) solver
    "shut_the_box/03_dice.ipynb",
)  # numpy simulation, matplotlib charts
