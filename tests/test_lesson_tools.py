"""JupyterLab opens the MyST lesson sources as notebooks: the settings `make lab` and Binder write."""

import json
from pathlib import Path

import pytest

from gamekit.lesson_launch import LAB_SETTINGS, install_lab_settings

from gamekit.lesson_tools import main
from testing_servers import (
    free_port,
    stop,
    voila_server,
)  # tests/testing_servers.py (tests/ is on the path: conftest.py)

ROOT = Path(__file__).resolve().parents[1]


def test_lab_settings_make_md_and_myst_open_as_jupytext_notebooks(tmp_path):
    path = install_lab_settings(tmp_path)
    assert path == tmp_path / "share/jupyter/lab/settings/overrides.json"
    viewers = json.loads(path.read_text())["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]
    assert viewers == {"markdown": "Jupytext Notebook", "myst": "Jupytext Notebook"}


def test_lab_settings_keep_other_overrides_and_are_idempotent(tmp_path):
    path = tmp_path / "share/jupyter/lab/settings/overrides.json"
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps(
            {
                "@jupyterlab/apputils-extension:themes": {"theme": "JupyterLab Dark"},
                "@jupyterlab/docmanager-extension:plugin": {"autosave": False, "defaultViewers": {"csv": "CSVTable"}},
            }
        )
    )
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
    pins = dict(
        line.split("==")
        for line in (ROOT / "binder/requirements.txt").read_text().splitlines()
        if "==" in line and not line.startswith("#")
    )
    assert {"jupytext", "voila", "platformdirs"} <= set(pins)


def test_pupils_can_open_a_lesson_in_voila_locally_and_on_binder():
    makefile = (ROOT / "Makefile").read_text()
    assert "voila:" in makefile and "gamekit.lesson_tools voila" in makefile and "--page $(LESSON)" in makefile
    readme = (ROOT / "README.md").read_text()
    assert "urlpath=voila/render/notebooks/dots_and_boxes/02_third_sides.ipynb" in readme
    assert (ROOT / "notebooks/dots_and_boxes/02_third_sides.ipynb").exists()


def test_check_command_reports_each_notebook(capsys):
    assert main(["check", str(ROOT / "notebooks/00_start_here.md")]) == 0
    assert "ok" in capsys.readouterr().out
    assert LAB_SETTINGS


# ---------------------------------------------------------------------------------------------------
# The pupil's view: no code, each lesson once, pages titled by the lesson (issue 24 §5)
# ---------------------------------------------------------------------------------------------------
import os
import subprocess
import sys
import time
import urllib.request

import jupytext
import nbformat

from gamekit.lesson_launch import (
    DEFAULT_HIDE_GLOBS,
    LESSON_SOURCES_GLOB,
    PUPIL_CSS,
    TEACHER_ARGS,
    pupil_server_config,
    teacher_lab_command,
)

from gamekit.lesson_tools import apply_pupil_view, lesson_title, pupil_code_cells, pupil_view_problems

LESSON = """---
jupytext:
  formats: ipynb,md:myst
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
---

# Toy lesson 1 — *counting*

```{code-cell}
from gamekit.i18n import tr
```

Some text.

```{code-cell}
---
tags: [keep]
---
tr("x")
```

## For teachers: the same in Python

```{code-cell}
1 + 1
```
"""


def _toy(tmp_path, text=LESSON):
    md = tmp_path / "01_toy.md"
    md.write_text(text, encoding="utf-8")
    jupytext.write(jupytext.read(md), md.with_suffix(".ipynb"))
    return md


def test_pupil_view_hides_the_pupils_code_titles_the_pair_and_keeps_the_teachers_appendix(tmp_path):
    md = _toy(tmp_path)
    ipynb = md.with_suffix(".ipynb")
    ids = [c.id for c in nbformat.read(ipynb, as_version=4).cells]
    assert pupil_view_problems(jupytext.read(md)) != []
    assert apply_pupil_view(md) is True
    for nb in (jupytext.read(md, fmt="md:myst"), nbformat.read(ipynb, as_version=4)):
        assert pupil_view_problems(nb) == []
        assert nb.metadata["title"] == "Toy lesson 1 — counting"
        code = [c for c in nb.cells if c.cell_type == "code"]
        assert [c.metadata.get("jupyter", {}).get("source_hidden") for c in code] == [True, True, None]
        assert code[1].metadata["tags"] == ["keep"]  # other metadata kept
    assert [c.id for c in nbformat.read(ipynb, as_version=4).cells] == ids  # synced, not rewritten
    assert "title: Toy lesson 1 — counting" in md.read_text(encoding="utf-8")
    assert apply_pupil_view(md) is False  # idempotent
    from gamekit.lesson_tools import pairing_problems

    assert pairing_problems(ipynb) == []


def test_pupil_view_refuses_a_lesson_without_title_or_a_notebook_and_writes_nothing(tmp_path):
    md = _toy(tmp_path, LESSON.replace("# Toy lesson 1 — *counting*", "No heading here."))
    before = md.read_text(encoding="utf-8"), md.with_suffix(".ipynb").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="no '# ' title"):
        apply_pupil_view(md)
    with pytest.raises(ValueError, match="MyST source"):
        apply_pupil_view(md.with_suffix(".ipynb"))
    assert (md.read_text(encoding="utf-8"), md.with_suffix(".ipynb").read_text(encoding="utf-8")) == before
    with pytest.raises(SystemExit):
        main(["pupil-view", str(md)])


def test_a_visible_cell_or_a_stale_title_is_reported():
    nb = jupytext.reads(LESSON, fmt="md:myst")
    assert len(pupil_code_cells(nb)) == 2 and lesson_title(nb) == "Toy lesson 1 — counting"
    problems = pupil_view_problems(nb)
    assert sum("not hidden" in p for p in problems) == 2 and any("title" in p for p in problems)


def test_the_pupils_server_settings_hide_lesson_sources_and_collapsed_code(tmp_path):
    install_lab_settings(tmp_path)
    config = json.loads((tmp_path / "etc/jupyter/jupyter_server_config.json").read_text())
    assert config == pupil_server_config(tmp_path)
    globs = config["ContentsManager"]["hide_globs"]
    assert globs[: len(DEFAULT_HIDE_GLOBS)] == DEFAULT_HIDE_GLOBS and LESSON_SOURCES_GLOB in globs
    from fnmatch import fnmatch

    lessons = [p.name for p in (ROOT / "notebooks").rglob("*.md")]
    assert lessons and all(fnmatch(name, LESSON_SOURCES_GLOB) for name in lessons)
    assert not any(fnmatch(name, LESSON_SOURCES_GLOB) for name in ("README.md", "dots.md", "CONVENTIONS.md"))
    assert not any(fnmatch(p.name, LESSON_SOURCES_GLOB) for p in (ROOT / "notebooks").rglob("*.ipynb"))
    assert config["LabApp"]["custom_css"] is True
    css = Path(config["ServerApp"]["tornado_settings"]["static_custom_path"][0]) / "custom.css"
    assert css.read_text() == PUPIL_CSS and ".jp-InputPlaceholder" in PUPIL_CSS
    assert "--LabApp.custom_css=False" in TEACHER_ARGS
    assert json.loads(TEACHER_ARGS[1].split("=", 1)[1]) == DEFAULT_HIDE_GLOBS
    assert teacher_lab_command(["--", "x.ipynb"])[-1] == "x.ipynb"
    with pytest.raises(TypeError, match="strings"):
        teacher_lab_command([1])


def test_server_settings_merge_with_what_is_there_and_broken_json_is_refused(tmp_path):
    server = tmp_path / "etc/jupyter/jupyter_server_config.json"
    server.parent.mkdir(parents=True)
    server.write_text(json.dumps({"ServerApp": {"tornado_settings": {"headers": {"X": "1"}}, "port": 9}}))
    install_lab_settings(tmp_path)
    config = json.loads(server.read_text())
    assert config["ServerApp"]["port"] == 9 and config["ServerApp"]["tornado_settings"]["headers"] == {"X": "1"}
    assert config["ServerApp"]["tornado_settings"]["static_custom_path"]
    server.write_text("{broken")
    overrides = tmp_path / "share/jupyter/lab/settings/overrides.json"
    before = overrides.read_text()
    with pytest.raises(ValueError, match="not valid JSON"):
        install_lab_settings(tmp_path)
    assert server.read_text() == "{broken" and overrides.read_text() == before


def _serve_lab(tmp_path, name, config_path, args=()):
    """A real JupyterLab server (this Python's) over a copy of two lessons; yields its URL."""
    root = tmp_path / f"root-{name}"
    (root / "notebooks").mkdir(parents=True)
    for stem in ("02_third_sides",):
        for suffix in (".md", ".ipynb"):
            (root / "notebooks" / (stem + suffix)).write_bytes(
                (ROOT / "notebooks/dots_and_boxes" / (stem + suffix)).read_bytes()
            )
    (root / "notebooks/README.md").write_text("# notes\n")
    port = free_port()
    env = dict(
        os.environ,
        JUPYTER_CONFIG_PATH=str(config_path),
        JUPYTER_RUNTIME_DIR=str(tmp_path / f"rt-{name}"),
        JUPYTERLAB_SETTINGS_DIR=str(tmp_path / f"us-{name}"),
        JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / f"ws-{name}"),
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
        *args,
    ]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    log = tmp_path / f"{name}.log"
    process = subprocess.Popen(command, stdout=log.open("w"), stderr=subprocess.STDOUT, env=env, cwd=root)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        try:
            urllib.request.urlopen(f"{url}/api/status", timeout=2).close()
            break
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                pytest.fail(f"JupyterLab did not start:\n{log.read_text()[-2000:]}")
            time.sleep(0.3)
    return url, process


def _get(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.read().decode("utf-8")


def test_a_real_lab_lists_each_lesson_once_for_pupils_and_both_files_for_teachers(tmp_path):
    """The settings `make lab` and Binder write, read by a real server; `make lab-teacher`'s options undo them."""
    install_lab_settings(tmp_path / "env")
    config_path = tmp_path / "env/etc/jupyter"
    for name, args in (("pupil", ()), ("teacher", TEACHER_ARGS)):
        url, process = _serve_lab(tmp_path, name, config_path, args)
        try:
            listing = json.loads(_get(f"{url}/api/contents/notebooks")[1])
            names = sorted(item["name"] for item in listing["content"])
            page = _get(f"{url}/lab")[1]
            if name == "pupil":
                assert names == ["02_third_sides.ipynb", "README.md"]
                assert "custom/custom.css" in page
                assert _get(f"{url}/custom/custom.css")[1] == PUPIL_CSS
            else:
                assert names == ["02_third_sides.ipynb", "02_third_sides.md", "README.md"]
                assert "custom/custom.css" not in page
            # the source is still there for the pairing (saving the notebook updates it) and for a teacher's link
            assert _get(f"{url}/api/contents/notebooks/02_third_sides.md?content=0")[0] == 200
        finally:
            stop(process)


def test_make_lab_teacher_and_binder_use_the_settings():
    makefile = (ROOT / "Makefile").read_text()
    assert "lab-teacher:" in makefile and "gamekit.lesson_tools teacher-lab" in makefile
    assert "gamekit/lesson_tools.py" in makefile.split("$(VENV)/.lab-installed:")[1].splitlines()[0]
    readme = (ROOT / "README.md").read_text()
    assert "`make lab-teacher`" in readme and "`make lab`" in readme


def _title_of_page(url: str) -> str:
    """The <title> of a page Voilà streams (read only as far as the title: the cells need not finish)."""
    import html
    import re

    seen = b""
    with urllib.request.urlopen(url, timeout=120) as response:
        while b"</title>" not in seen:
            chunk = response.read1(4096)
            assert chunk, f"no <title> in {url}"
            seen += chunk
    return html.unescape(re.search(rb"<title>(.*?)</title>", seen, re.S).group(1).decode("utf-8")).strip()


def test_voila_titles_each_lesson_page_with_the_lessons_title_in_english_and_spanish(tmp_path):
    with voila_server(tmp_path) as url:
        for path, title in (
            ("notebooks/shut_the_box/02_sets_for_a_roll.ipynb", "Shut the Box — 2. The sets for a roll"),
            ("notebooks/es/shut_the_box/02_sets_for_a_roll.ipynb", "Cerrar la caja — 2. Los conjuntos de una tirada"),
        ):
            assert _title_of_page(f"{url}/voila/render/{path}") == title
            assert title.startswith(nbformat.read(ROOT / path, as_version=4).metadata["title"])


def test_pupil_view_takes_the_source_even_when_the_notebook_was_saved_later(tmp_path):
    """The .md is the source: a stale .ipynb saved after it (say, from an old copy) is brought back in step."""
    md = _toy(tmp_path)
    apply_pupil_view(md)
    ipynb = md.with_suffix(".ipynb")
    nb = nbformat.read(ipynb, as_version=4)
    nb.cells[1].metadata.pop("jupyter")
    nbformat.write(nb, ipynb)
    later = md.stat().st_mtime + 5
    os.utime(ipynb, (later, later))
    assert apply_pupil_view(md) is True
    assert pupil_view_problems(nbformat.read(ipynb, as_version=4)) == []
    assert pupil_view_problems(jupytext.read(md)) == []


def test_warm_compiles_every_engine_and_says_so(capsys, monkeypatch):
    """`python -m gamekit.lesson_tools warm` (Binder's postBuild) compiles or loads
    each compiled engine and names it with its time; where the compiled engines cannot run it says so."""
    from gamekit import compiled

    if not compiled.available():
        pytest.skip("numba is not installed here")
    assert main(["warm"]) == 0
    said = capsys.readouterr().out
    assert [part.split(":")[0] for part in said.strip().split("; ")] == ["Dots and Boxes", "Connect Four", "5 en raya"]
    assert all(float(part.split(": ")[1].split(" s")[0]) >= 0 for part in said.strip().split("; "))
    monkeypatch.setenv(compiled.ENV, "1")
    assert main(["warm"]) == 0
    assert "nothing to compile" in capsys.readouterr().out


def test_binder_builds_the_engines_into_the_image():
    post_build = (ROOT / "binder" / "postBuild").read_text()
    assert "python -m gamekit.lesson_tools warm" in post_build


# ---------------------------------------------------------------------------------------------------
# `make lab`: pupils work in a copy of the lessons, the engines are warm first; `make voila` serves the tree
# ---------------------------------------------------------------------------------------------------
from gamekit.lesson_launch import (
    START_PAGE,
    VOILA_TEMPLATE,
    pupil_lab_command,
    sync_lessons,
    voila_command,
    voila_page_url,
)


def _checkout(tmp_path):
    """A small checkout: a lesson pair, a start page pair, an image and a teacher guide."""
    src = tmp_path / "checkout"
    for rel in ("notebooks/00_start_here", "notebooks/dots_and_boxes/02_third_sides"):
        for suffix in (".md", ".ipynb"):
            (src / (rel + suffix)).parent.mkdir(parents=True, exist_ok=True)
            (src / (rel + suffix)).write_bytes((ROOT / (rel + suffix)).read_bytes())
    (src / "notebooks/board.png").write_bytes(b"png")
    (src / "notebooks/.ipynb_checkpoints").mkdir()
    (src / "notebooks/.ipynb_checkpoints/x-checkpoint.ipynb").write_text("{}")
    (src / "docs/teachers").mkdir(parents=True)
    (src / "docs/teachers/dots.md").write_text("# Teacher guide\n")
    return src


def test_the_working_copy_holds_unpaired_lessons_and_the_guides_and_keeps_a_pupils_work(tmp_path):
    src, copy = _checkout(tmp_path), tmp_path / "data/lessons"
    written = sync_lessons(copy, src)
    names = sorted(p.relative_to(copy).as_posix() for p in written)
    assert names == [
        "docs/teachers/dots.md",
        "notebooks/00_start_here.ipynb",
        "notebooks/board.png",
        "notebooks/dots_and_boxes/02_third_sides.ipynb",
    ]
    lesson = copy / "notebooks/dots_and_boxes/02_third_sides.ipynb"
    nb = nbformat.read(lesson, as_version=4)
    source = nbformat.read(src / "notebooks/dots_and_boxes/02_third_sides.ipynb", as_version=4)
    assert [c.source for c in nb.cells] == [c.source for c in source.cells]
    assert "formats" not in nb.metadata.get("jupytext", {})  # saving the copy writes no .md beside it
    assert nb.metadata["title"] == source.metadata["title"]
    assert sync_lessons(copy, src) == []  # nothing changed: nothing written
    lesson.write_text(lesson.read_text().replace('"cells": [', '"cells": [', 1) + " ")  # the pupil saved work
    mine = lesson.read_text()
    assert sync_lessons(copy, src) == [] and lesson.read_text() == mine
    (src / "docs/teachers/dots.md").write_text("# Teacher guide, updated\n")  # the checkout moved on
    assert sync_lessons(copy, src) == [copy / "docs/teachers/dots.md"]
    assert (copy / "docs/teachers/dots.md").read_text() == "# Teacher guide, updated\n"
    lesson.unlink()  # a file the pupil deleted comes back
    assert sync_lessons(copy, src) == [lesson]
    (src / "notebooks/board.png").unlink()  # gone from the checkout: gone from the copy
    assert sync_lessons(copy, src) == [] and not (copy / "notebooks/board.png").exists()
    assert lesson.exists() and (copy / "docs/teachers/dots.md").exists()


def test_the_working_copy_is_refused_inside_the_checkout_or_from_a_folder_without_lessons(tmp_path):
    src = _checkout(tmp_path)
    with pytest.raises(ValueError, match="inside the checkout"):
        sync_lessons(src / "notebooks/copy", src)
    with pytest.raises(ValueError, match="no notebooks/ folder"):
        sync_lessons(tmp_path / "copy", tmp_path / "empty")
    assert not (src / "notebooks/copy").exists() and not (tmp_path / "copy").exists()


def test_the_pupils_lab_serves_the_copy_and_opens_the_start_page(tmp_path):
    command = pupil_lab_command(tmp_path, ["--", "--port=9999"])
    assert command[1:4] == ["-m", "jupyter", "lab"] and command[-1] == "--port=9999"
    assert f"--ServerApp.root_dir={tmp_path.resolve()}" in command
    assert f"--LabApp.default_url=/lab/tree/{START_PAGE}" in command
    with pytest.raises(TypeError, match="strings"):
        pupil_lab_command(tmp_path, [3])
    teacher = teacher_lab_command([])
    assert f"--ServerApp.root_dir={ROOT}" in teacher  # the sources and the guides are served
    assert f"--LabApp.default_url=/lab/tree/{START_PAGE}" in teacher


def test_make_lab_warms_the_engines_and_opens_the_pupils_copy():
    makefile = (ROOT / "Makefile").read_text()
    lab = makefile.split("\nlab:")[1].split("\n\n")[0]
    assert "warm" in lab.splitlines()[0] and "gamekit.lesson_tools pupil-lab" in lab
    warm = makefile.split("\nwarm:")[1].split("\n\n")[0]
    assert "gamekit.lesson_tools warm" in warm and "Warming the game engines" in warm


def test_voila_serves_the_checkout_in_the_lessons_template_and_refuses_a_bad_port_or_page():
    command = voila_command(8866, ["--", "--debug"])
    assert f"--Voila.root_dir={ROOT}" in command and f"--template={VOILA_TEMPLATE}" in command
    assert "--port=8866" in command and command[-1] == "--debug"
    assert voila_page_url("http://localhost:8866/", START_PAGE) == (
        "http://localhost:8866/voila/render/notebooks/00_start_here.ipynb"
    )
    for port in (0, 70000, True, "8866", 8866.0):
        with pytest.raises(ValueError, match="port"):
            voila_command(port)
    for page in ("notebooks/00_start_here.md", "notebooks/nothing.ipynb", "../x.ipynb"):
        with pytest.raises(ValueError, match="not a lesson notebook"):
            voila_page_url("http://localhost:8866", page)


def test_lab_settings_turn_off_the_news_ask_no_kernel_and_install_the_voila_template(tmp_path):
    path = tmp_path / "share/jupyter/lab/settings/overrides.json"
    path.parent.mkdir(parents=True)
    path.write_text(
        json.dumps({"@jupyterlab/apputils-extension:notification": {"fetchNews": "true", "doNotDisturbMode": True}})
    )
    install_lab_settings(tmp_path)
    settings = json.loads(path.read_text())
    assert settings["@jupyterlab/apputils-extension:notification"] == {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    }
    assert settings["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    template = tmp_path / "share/jupyter/voila/templates" / VOILA_TEMPLATE
    assert json.loads((template / "conf.json").read_text()) == {"base_template": "lab"}
    assert "max-width" in (template / "index.html.j2").read_text()
    # pupils: no prompts, no cell-type menu, and a first line saying how to start (in English and Spanish)
    assert ".jp-InputPrompt" in PUPIL_CSS and ".jp-Notebook-toolbarCellType" in PUPIL_CSS
    assert "Run All Cells" in PUPIL_CSS and "Para empezar" in PUPIL_CSS


def test_the_commands_refuse_a_copy_inside_the_checkout_or_a_page_that_is_not_a_lesson(capsys):
    with pytest.raises(SystemExit) as stopped:
        main(["pupil-lab", "--lessons", str(ROOT / "notebooks/pupils"), "--", "--no-browser"])
    assert stopped.value.code == 2 and "inside the checkout" in capsys.readouterr().err
    assert not (ROOT / "notebooks/pupils").exists()
    with pytest.raises(SystemExit) as stopped:
        main(["voila", "--no-browser", "--page", "README.md"])
    assert stopped.value.code == 2 and "README.md: not a lesson notebook" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stopped:
        main(["voila", "--no-browser", "--port", "0"])
    assert stopped.value.code == 2 and "port=0" in capsys.readouterr().err


def test_waiting_for_voila_stops_at_an_error_page_or_when_voila_exits():
    """A server that answers with an error is up: waiting for it stops at once with the status (before, an error
    page looked like 'not up yet' and the pupil waited two minutes for nothing); a server that exits stops the
    wait too."""
    import http.server
    import threading

    from gamekit.lesson_launch import wait_until_answers

    class Broken(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_error(500)

        def log_message(self, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Broken)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/voila/tree"
        assert wait_until_answers(url, lambda: None, timeout=30) == 500
    finally:
        server.shutdown()
        server.server_close()
    # the process has exited (code 1) and nothing listens there any more: no status
    assert wait_until_answers(url, lambda: 1, timeout=30) is None
