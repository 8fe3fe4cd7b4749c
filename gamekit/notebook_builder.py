"""Writes the lesson notebooks from their source lists (used by the notebooks/*build*.py scripts).

A notebook is a list of ``("md" | "code", source)`` pairs.  Cells get stable ids (``cell-0``,
``cell-1``, …) and the notebooks are stored without outputs, so rebuilding an unchanged lesson
leaves the file byte-for-byte the same.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

KERNEL_METADATA = {
    "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}


def write_notebook(path: Path, cells: Iterable[tuple[str, str]]) -> Path:
    made = []
    for i, (kind, source) in enumerate(cells):
        if kind not in ("md", "code"):
            raise ValueError(f"cell {i} of {path.name}: kind {kind!r} is neither 'md' nor 'code'")
        cell = (new_markdown_cell if kind == "md" else new_code_cell)(source.strip())
        cell.id = f"cell-{i}"
        made.append(cell)
    notebook = new_notebook(cells=made, metadata=KERNEL_METADATA)
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path
