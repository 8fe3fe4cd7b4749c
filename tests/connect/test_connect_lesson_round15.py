"""Lesson 2 and 1 fixes from a fresh reading of the 5 en raya lessons: the forced-reply count's board matches the
words above it, and feedback that misread the pupil."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.connect import lesson2_count
from gamekit.connect.rules import FiveInARow
from gamekit.connect.threats import threat_cells
from gamekit.i18n import using

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
NUMBER_WORDS = {
    "en": ("one", "two", "three", "four", "five", "six", "seven", "eight"),
    "es": ("uno", "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho"),
}


def _page(lang: str, name: str) -> str:
    folder = NOTEBOOKS / ("es" if lang == "es" else "") / "five_in_a_row"
    return " ".join((folder / name).read_text(encoding="utf-8").split())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_count_board_is_the_case_the_words_announce(lang):
    """The words before the count of forced replies describe the board stepped through: both threats on one row,
    named with its kind (computed from the board), and no longer "each on its own kind of row", a case the board
    does not show (showing it would answer exercise 13, odd against even)."""
    game = FiveInARow.from_moves(lesson2_count.BOARD_COUNT)
    (red,), (yellow,) = threat_cells(game, 0), threat_cells(game, 1)
    assert red[0] != yellow[0] and red[1] == yellow[1] == game.height - 1  # both on the top row (0-based)
    row = red[1] + 1  # rows are counted from 1 on the page
    kind = ("red's kind of row", "una fila del rojo") if row % 2 else ("yellow's kind of row", "una fila del amarillo")
    page = _page(lang, "02_threats_and_exercises.md")
    start = page.index("### When both players" if lang == "en" else "### Cuando los dos jugadores")
    section = page[start : page.index("lesson2_count.board_count()")]
    said = (
        f"Here both threats are on row {row}, {kind[0]}."
        if lang == "en"
        else f"Aquí las dos amenazas están en la fila {row}, {kind[1]}."
    )
    assert said in section
    assert not re.search(r"own kind of row|una fila de las suyas|their own kind|sus propias filas", section)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_count_boards_first_caption_leaves_the_count_to_the_pupil(lang):
    """The page asks the pupil to count the safe cells before pressing: the first caption names the marks and asks
    for the count, but gives no number of safe cells (in figures or in words); the next captions count down."""
    game = FiveInARow.from_moves(lesson2_count.BOARD_COUNT)
    safe = sum(kind == "safe" for kind, _ in lesson2_count.board_count_line(game))
    with using(lang):
        steps = lesson2_count.board_count_steps()
    first = steps[0].caption
    assert not re.search(r"[0-9]", first), first
    assert not re.search(rf"\b{NUMBER_WORDS[lang][safe - 1]}\b", first.lower()), first
    assert re.search(rf"\b{safe - 1}\b", steps[1].caption)  # after the first safe drop the count is shown
