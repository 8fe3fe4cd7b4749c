"""The lesson notebooks as files: MyST sources paired with clean .ipynb files, links that lead somewhere.

The ``.md`` file is the source a teacher edits (in JupyterLab, with jupytext); the ``.ipynb`` beside it
is what Binder, Voilà and nbval open.  ``jupytext --sync notebooks/**/*.md`` regenerates the pairs.
"""

import re
from pathlib import Path

import jupytext
import nbformat
import pytest

from gamekit.lesson_tools import (
    GamekitNames,
    lesson_title,
    only_calls_gamekit,
    pairing_problems,
    pupil_code_cells,
    pupil_view_problems,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
SOURCES = sorted(p for p in NOTEBOOKS.rglob("*.md") if ".ipynb_checkpoints" not in p.parts)


def _name(p: Path) -> str:
    return str(p.relative_to(NOTEBOOKS))


def test_there_are_lessons_for_all_three_games():
    folders = {p.parent.name for p in ALL}
    assert {"dots_and_boxes", "five_in_a_row", "shut_the_box"} <= folders
    assert (NOTEBOOKS / "00_start_here.md").exists()


def test_every_notebook_has_its_myst_source_and_every_source_its_notebook():
    assert {p.with_suffix("") for p in ALL} == {p.with_suffix("") for p in SOURCES}


@pytest.mark.parametrize("md", SOURCES, ids=_name)
def test_sources_are_myst_paired_with_ipynb(md):
    text = md.read_text(encoding="utf-8")
    assert text.startswith("---\njupytext:"), f"{_name(md)} has no jupytext header"
    nb = jupytext.reads(text, fmt="md:myst")
    assert nb.metadata["jupytext"]["formats"] == "ipynb,md:myst"
    assert nb.metadata["kernelspec"]["name"] == "python3"


@pytest.mark.parametrize("path", ALL, ids=_name)
def test_stored_notebook_is_its_md_source_without_outputs(path):
    assert pairing_problems(path) == []


def test_a_stale_or_executed_notebook_is_caught(tmp_path):
    md = tmp_path / "lesson.md"
    md.write_text(MYST_LESSON, encoding="utf-8")
    ipynb = tmp_path / "lesson.ipynb"
    jupytext.write(jupytext.read(md), ipynb)
    assert pairing_problems(ipynb) == []
    md.write_text(MYST_LESSON.replace("Hello", "Hello, class"), encoding="utf-8")  # edited, not synced
    problems = pairing_problems(ipynb)
    assert any("cell 0" in p for p in problems) and "jupytext --sync" in problems[-1]
    jupytext.write(jupytext.read(md), ipynb)
    nb = nbformat.read(ipynb, as_version=4)
    nb.cells[1].outputs = [nbformat.v4.new_output("stream", text="2\n")]
    nbformat.write(nb, ipynb)
    assert any("outputs" in p for p in pairing_problems(ipynb))
    md.unlink()
    assert "no MyST source" in pairing_problems(ipynb)[0]


MYST_LESSON = """---
jupytext:
  formats: ipynb,md:myst
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
---

# Hello

```{code-cell}
1 + 1
```
"""


@pytest.mark.parametrize("md", SOURCES, ids=_name)
def test_cells_that_only_call_gamekit_are_collapsed(md):
    """Pupils see text and boards: a cell that only calls gamekit has its source hidden."""
    nb = jupytext.read(md, fmt="md:myst")
    names = GamekitNames()
    for cell in nb.cells:
        if cell.cell_type == "code" and only_calls_gamekit(cell.source, names):
            assert cell.metadata.get("jupyter", {}).get("source_hidden") is True, (
                f"{_name(md)}: hide this cell (metadata jupyter: source_hidden: true):\n{cell.source}"
            )


def test_only_calls_gamekit_tells_plumbing_from_python_a_pupil_reads():
    names = GamekitNames()
    assert only_calls_gamekit("from gamekit.dots import lessons as L\n\nscore = L.LessonScore('x')", names)
    assert only_calls_gamekit('L.exercise("count_safe", score)', names)
    assert only_calls_gamekit("score", names)
    assert not only_calls_gamekit("game = L.position('a')\nprint(game)", names)
    assert not only_calls_gamekit("for i in range(3):\n    L.exercise(i)", names)
    assert not only_calls_gamekit("game.play('a1-b1')", names)
    assert not only_calls_gamekit("import os\nos.getcwd()", GamekitNames())
    assert not only_calls_gamekit("", GamekitNames())


@pytest.mark.parametrize("md", SOURCES, ids=_name)
def test_relative_links_lead_to_existing_files(md):
    nb = jupytext.read(md, fmt="md:myst")
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)\)", cell.source):
            if "://" in target:
                continue
            assert (md.parent / target).exists(), f"{md.name} links to missing {target}"


@pytest.mark.parametrize("path", SOURCES + ALL, ids=_name)
def test_every_code_cell_on_the_pupils_path_is_hidden_and_the_notebook_has_the_lessons_title(path):
    """Pupils see no code in JupyterLab: every code cell before the "For teachers" appendix has its input hidden
    (the setting `make lab` and Binder ship hides it completely), and Voilà titles the page with the lesson."""
    nb = jupytext.read(path, fmt="md:myst") if path.suffix == ".md" else nbformat.read(path, as_version=4)
    assert pupil_code_cells(nb), f"{_name(path)} has no code cell on the pupil's path"
    assert pupil_view_problems(nb) == [], (
        f"{_name(path)}: python -m gamekit.lesson_tools pupil-view "
        f"{path.with_suffix('.md').relative_to(NOTEBOOKS.parent)}"
    )
    assert nb.metadata["title"] == lesson_title(nb) and not nb.metadata["title"].startswith("0")


def test_the_teachers_appendix_is_the_only_visible_code():
    """The code a pupil never needs but a teacher may read stays visible, after the appendix heading."""
    for md in SOURCES:
        nb = jupytext.read(md, fmt="md:myst")
        on_path = {id(c) for c in pupil_code_cells(nb)}
        visible = [
            c
            for c in nb.cells
            if c.cell_type == "code" and id(c) not in on_path and not c.metadata.get("jupyter", {}).get("source_hidden")
        ]
        if visible:
            heads = [c.source for c in nb.cells if c.cell_type == "markdown"]
            assert any("For teachers" in h or "Para el profesorado" in h for h in heads), _name(md)
