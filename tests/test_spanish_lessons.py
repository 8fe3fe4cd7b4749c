"""Every lesson has a Spanish twin ``notebooks/es/<same path>`` with the same structure and exercises.

The twins are MyST sources paired with clean ``.ipynb`` files like the English lessons (``tests/test_notebooks.py``
checks the pairing and the collapsed cells of every notebook, twins included; the answer-leak test below runs each
twin, and nbval on its own runs them too: ``python -m pytest --nbval-lax --nbval-current-env notebooks/es``).
"""

from __future__ import annotations

import re
from pathlib import Path

import jupytext
import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
ENGLISH = sorted(
    p.relative_to(NOTEBOOKS)
    for p in NOTEBOOKS.rglob("*.md")
    if p.relative_to(NOTEBOOKS).parts[0] != "es" and ".ipynb_checkpoints" not in p.parts
)
SPANISH = sorted(
    p.relative_to(NOTEBOOKS / "es") for p in (NOTEBOOKS / "es").rglob("*.md") if ".ipynb_checkpoints" not in p.parts
)
LESSONS = [p for p in ENGLISH if len(p.parts) == 2 and p.parts[0] != "practice"]  # practice pages are not lessons
# Calls that put an exercise, a step-through, a table, a picture or a board on the page: the twin makes the
# same ones in the same order (a LessonScore's title is the lesson's name in its language, so it may differ).
CALL = re.compile(
    r"\b(?:L\.\w+|\w*[Ee]xercise\w*|\w+_widget|(?:\w+_)?step_through|start_result|tally_\w+|\w*Widget|ProgressView|"
    r"board_sizes_table|glossary_table|tiles_summing_to|plot_dice|sum_distribution|print)\("
)


def cells(path: Path):
    return jupytext.read(path, fmt="md:myst").cells


def calls(path: Path) -> list[str]:
    out = []
    for c in cells(path):
        if c.cell_type != "code":
            continue
        for line in c.source.splitlines():
            line = line.split("#")[0].strip()
            if CALL.search(line) and "LessonScore(" not in line:
                out.append(re.sub(r'"[^"]*\s[^"]*"', '"…"', line))  # printed labels are translated
    return out


def test_every_lesson_and_the_start_page_have_a_spanish_twin_and_nothing_else_is_there():
    assert len(LESSONS) >= 11
    assert sorted(ENGLISH) == sorted(SPANISH), "notebooks/es/ mirrors notebooks/ (one twin per English notebook)"
    for rel in SPANISH:
        assert (NOTEBOOKS / "es" / rel).with_suffix(".ipynb").exists(), rel


@pytest.mark.parametrize("rel", ENGLISH, ids=str)
def test_the_twin_calls_the_same_exercises_boards_and_tables_in_the_same_order(rel):
    assert calls(NOTEBOOKS / "es" / rel) == calls(NOTEBOOKS / rel)


@pytest.mark.parametrize("rel", ENGLISH, ids=str)
def test_the_twin_speaks_spanish_from_its_first_cell(rel):
    first = next(c for c in cells(NOTEBOOKS / "es" / rel) if c.cell_type == "code")
    assert 'gamekit.set_language("es")' in first.source
    assert first.source.index("set_language") < min(
        (first.source.index(m) for m in ("from gamekit.", "LessonScore(") if m in first.source), default=10**6
    )


@pytest.mark.parametrize("rel", ENGLISH, ids=str)
def test_each_lesson_links_to_its_twin_and_back(rel):
    english, spanish = NOTEBOOKS / rel, NOTEBOOKS / "es" / rel
    to_twin = re.search(r"\[Versión en español\]\(([^)]+)\)", english.read_text(encoding="utf-8"))
    back = re.search(r"\[English version\]\(([^)]+)\)", spanish.read_text(encoding="utf-8"))
    assert to_twin and back, rel
    assert (english.parent / to_twin.group(1)).resolve() == spanish.with_suffix(".ipynb").resolve()
    assert (spanish.parent / back.group(1)).resolve() == english.with_suffix(".ipynb").resolve()


@pytest.mark.parametrize("rel", LESSONS, ids=str)
def test_spanish_lesson_opens_with_objectives_and_time_and_ends_with_a_next_link(rel):
    md = [c.source for c in cells(NOTEBOOKS / "es" / rel) if c.cell_type == "markdown"]
    top = "\n".join(md[:2])
    assert re.search(r"Objetivos", top) and re.search(r"Tiempo:\*\*.*\d+\s*min", top), rel
    assert re.search(r"Siguiente\b.*\]\([^)]+\)", md[-1], re.S), rel
    headings = [line for text in md for line in text.splitlines() if line.startswith("#")]
    english = [
        line
        for c in cells(NOTEBOOKS / rel)
        if c.cell_type == "markdown"
        for line in c.source.splitlines()
        if line.startswith("#")
    ]
    assert [h.split()[0] for h in headings] == [h.split()[0] for h in english], "the same sections, in order"


def test_the_start_page_links_both_languages():
    english = (NOTEBOOKS / "00_start_here.md").read_text(encoding="utf-8")
    spanish = (NOTEBOOKS / "es" / "00_start_here.md").read_text(encoding="utf-8")
    assert "(es/00_start_here.ipynb)" in english and "(../00_start_here.ipynb)" in spanish
    for game in ("dots_and_boxes", "five_in_a_row", "shut_the_box"):
        assert f"({game}/01_" in spanish


def _shared():
    """tests/test_lessons_shared.py (its lesson list, exercises and output reader), loaded by path."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("lessons_shared", Path(__file__).with_name("test_lessons_shared.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize(
    "rel",
    # the test executes the twin's notebook: nbval leaves it out of the same run (conftest.py)
    [
        pytest.param(rel, marks=pytest.mark.runs_notebook(NOTEBOOKS / "es" / rel.with_suffix(".ipynb")))
        for rel in LESSONS
    ],
    ids=str,
)
def test_no_output_of_a_spanish_lesson_states_an_exercise_answer(rel):
    """The Spanish pages run, and nothing they show gives away an answer (the leaks in Spanish)."""
    import nbformat
    from nbclient import NotebookClient

    from gamekit.i18n import using

    shared = _shared()
    lesson = rel.with_suffix("").as_posix()
    path = NOTEBOOKS / "es" / rel.with_suffix(".ipynb")
    nb = nbformat.read(path, as_version=4)
    NotebookClient(
        nb,
        timeout=300,
        kernel_name="python3",
        store_widget_state=True,
        resources={"metadata": {"path": str(path.parent)}},
    ).execute()
    shown = shared._visible_text(nb)
    with using("es"):
        exercises = [factory() for factory in shared.EXERCISES[lesson]]
    for ex in exercises:
        for leak in ex.leaks:
            for n, text in shown:
                if text == ex.prompt or text == f"<b>{ex.prompt}</b>":
                    continue
                assert leak not in text, f"es/{lesson}: {n}'s output gives away {ex.key!r}: it shows {leak!r}"


def test_the_spanish_avoids_the_words_the_glossary_rules_out():
    """docs/glossary.md: «solucionador» is a calque (say «el cálculo exacto» or «el programa»); «una línea de mejor
    juego» clashes with the lines of five and the lines of Dots (say «una secuencia de mejor juego»). Neither in the
    catalogue's Spanish nor on a Spanish page."""
    from babel.messages.pofile import read_po

    with open(NOTEBOOKS.parent / "gamekit/locale/es/LC_MESSAGES/gamekit.po", "rb") as f:
        texts = [s for m in read_po(f) if m.id for s in ((m.string,) if isinstance(m.string, str) else m.string)]
    texts += [p.read_text(encoding="utf-8") for p in (NOTEBOOKS / "es").rglob("*.md")]
    for text in texts:
        for word in ("solucionador", "línea de mejor juego", "puntaje", "en un ciclo"):  # a loop is «bucle»
            assert word not in text.lower(), (word, text[:120])
