"""Test-wide settings: saved lesson progress goes to a temporary file, never to the user's data directory."""
import os
import tempfile

import pytest

# Notebook kernels started by nbval and the JupyterLab/Voilà servers of the browser tests inherit this.
os.environ.setdefault("GAMEKIT_PROGRESS_FILE",
                      os.path.join(tempfile.mkdtemp(prefix="gamekit-progress-"), "progress.json"))


@pytest.fixture(autouse=True)
def _fresh_progress_file(tmp_path, monkeypatch, request):
    """Every test starts with no saved progress (browser tests keep the session's file: their servers run on)."""
    if request.node.get_closest_marker("browser") is None and not request.node.nodeid.endswith(".ipynb"):
        monkeypatch.setenv("GAMEKIT_PROGRESS_FILE", str(tmp_path / "progress.json"))
