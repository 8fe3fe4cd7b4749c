"""The lesson notebooks as files: built by their scripts, stored clean, links that lead somewhere."""
import re
from pathlib import Path

import nbformat
import pytest

from gamekit.notebook_builder import write_notebook

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ALL = sorted(p for p in NOTEBOOKS.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def test_there_are_lessons_for_all_three_games():
    folders = {p.parent.name for p in ALL}
    assert {"dots_and_boxes", "five_in_a_row", "shut_the_box"} <= folders
    assert (NOTEBOOKS / "00_start_here.ipynb").exists()


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_notebooks_are_stored_without_outputs_and_with_stable_cell_ids(path):
    nb = nbformat.read(path, as_version=4)
    assert nb.metadata["kernelspec"]["name"] == "python3"
    for i, cell in enumerate(nb.cells):
        assert cell.id == f"cell-{i}", "rebuild with the notebook's build script"
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None


@pytest.mark.parametrize("path", ALL, ids=lambda p: str(p.relative_to(NOTEBOOKS)))
def test_relative_links_lead_to_existing_files(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type != "markdown":
            continue
        for target in re.findall(r"\]\(([^)#\s]+)\)", cell.source):
            if "://" in target:
                continue
            assert (path.parent / target).exists(), f"{path.name} links to missing {target}"


def test_builder_writes_the_same_bytes_twice(tmp_path):
    cells = [("md", "# Title"), ("code", "1 + 1")]
    first = write_notebook(tmp_path / "a.ipynb", cells).read_bytes()
    assert write_notebook(tmp_path / "a.ipynb", cells).read_bytes() == first


def test_builder_refuses_an_unknown_cell_kind(tmp_path):
    with pytest.raises(ValueError, match="neither 'md' nor 'code'"):
        write_notebook(tmp_path / "b.ipynb", [("raw", "x")])
