"""JupyterLab opens the MyST lesson sources as notebooks: the settings `make lab` and Binder write."""
import json
from pathlib import Path

import pytest

from gamekit.lesson_tools import LAB_SETTINGS, install_lab_settings, main

ROOT = Path(__file__).resolve().parents[1]


def test_lab_settings_make_md_and_myst_open_as_jupytext_notebooks(tmp_path):
    path = install_lab_settings(tmp_path)
    assert path == tmp_path / "share/jupyter/lab/settings/overrides.json"
    viewers = json.loads(path.read_text())["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    assert viewers == {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}


def test_lab_settings_keep_other_overrides_and_are_idempotent(tmp_path):
    path = tmp_path / "share/jupyter/lab/settings/overrides.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
                                "@jupyterlab/docmanager-extension:plugin": {"autosave": False,
                                                                            "defaultViewers": {"csv": "CSVTable"}}}))
    install_lab_settings(tmp_path)
    first = path.read_text()
    install_lab_settings(tmp_path)
    assert path.read_text() == first
    settings = json.loads(first)
    assert settings["@jupyterlab/apputils-extension:themes"] == {"theme": "JupyterLab Dark"}
    doc = settings["@jupyterlab/docmanager-extension:plugin"]
    assert doc["autosave"] is False and doc["defaultViewers"]["csv"] == "CSVTable"
    assert doc["defaultViewers"]["myst"] == "Jupytext Notebook"


def test_broken_overrides_are_refused_not_overwritten(tmp_path):
    path = tmp_path / "share/jupyter/lab/settings/overrides.json"
    path.parent.mkdir(parents=True)
    path.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        install_lab_settings(tmp_path)
    assert path.read_text() == "{not json"


def test_make_lab_and_binder_write_the_settings_and_install_jupytext():
    assert "gamekit.lesson_tools lab-settings" in (ROOT / "Makefile").read_text()
    assert "gamekit.lesson_tools lab-settings" in (ROOT / "binder/postBuild").read_text()
    assert "jupytext" in (ROOT / "requirements.txt").read_text()
    pins = dict(line.split("==") for line in (ROOT / "binder/requirements.txt").read_text().splitlines()
                if "==" in line and not line.startswith("#"))
    assert {"jupytext", "voila", "platformdirs"} <= set(pins)


def test_pupils_can_open_a_lesson_in_voila_locally_and_on_binder():
    makefile = (ROOT / "Makefile").read_text()
    assert "voila:" in makefile and "$(BIN)/voila $(LESSON)" in makefile
    readme = (ROOT / "README.md").read_text()
    assert "urlpath=voila/render/notebooks/dots_and_boxes/02_third_sides.ipynb" in readme
    assert (ROOT / "notebooks/dots_and_boxes/02_third_sides.ipynb").exists()


def test_check_command_reports_each_notebook(capsys):
    assert main(["check", str(ROOT / "notebooks/00_start_here.md")]) == 0
    assert "ok" in capsys.readouterr().out
    assert LAB_SETTINGS
