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
    start = page.index("### The same count on a real board" if lang == "en" else "### La misma cuenta en un tablero")
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


@pytest.mark.parametrize("lang", ["en", "es"])
def test_right_counts_with_a_zero_or_without_plus_are_told_so_and_use_no_try(lang):
    """Lesson 1's line count: 30 + 14 + 20 + 0 (a 0 written for something, at the end or before the diagonals) is
    told its three counts are right and to leave the 0 out, whatever it stood for (not read as a diagonal split);
    30 14 20 (the right counts without +) is told the counts are right and asked for the sum.  Neither uses a try;
    wrong counts without + keep the format refusal, and an unequal split keeps its own reason."""
    from gamekit.connect import lesson1_exercises

    with using(lang):
        ex = lesson1_exercises.count_lines_exercise()
        zero = [ex.assess(a) for a in ("30 + 14 + 20 + 0", "30 + 14 + 0 + 20")]
        spaced = [ex.assess(a) for a in ("30 14 20", "30 14 10 10")]
        off = ex.assess("30 14 12")
        uneven = ex.check("30 + 14 + 15 + 5")[1]
    for ok, said, counted in zero:
        assert not ok and not counted, said
        assert all(k in said for k in ("30", "14", "20")) and re.search(r"are right|son correctas", said), said
        assert re.search(r"Leave the 0 out|Quita el 0", said) and not re.search(r"mirror|espejo|going up", said), said
    for ok, said, counted in spaced:
        assert not ok and not counted, said
        assert re.search(r"right counts|cuentas correctas", said) and "+" in said, said
    assert not off[0] and not off[2] and not re.search(r"right counts|cuentas correctas", off[1]), off
    assert uneven not in (zero[0][1], spaced[0][1]) and re.search(r"mirror|espejo", uneven)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_drop_under_reds_other_line_says_why_without_the_answer(lang):
    """Lesson 1 exercise 3: the click that fills the cell under the gap of red's other line (the floating one) is
    told that its disc fills that cell, so red drops on top and makes five; it never names the row of the line to
    block (the answer's)."""
    from gamekit.connect import lessons as L

    with using(lang):
        ex = L.exercises()["side_block_row"]
        game = ex.game
        floating = [c for c in threat_cells(game, 0) if len(game.grid[c[0]]) < c[1]]
        (cell,) = floating
        under = str(game.column_number(cell[0]))
        ok, said = ex.check(under)
        (answer,) = ex.solutions
    assert not ok
    other = "other line, across row" if lang == "en" else "la otra línea del rojo, en horizontal por la fila"
    fills = "fills the cell right under" if lang == "en" else "llena el hueco justo debajo"
    assert other in said and fills in said, said
    blocked_row = len(game.grid[game.grid_column(int(answer))]) + 1
    assert f"row {blocked_row}" not in said and f"fila {blocked_row}" not in said, said


def test_lesson_three_keeps_notes_for_us_off_the_page_and_agrees_with_the_guide_on_its_endgames():
    """Lesson 3: no note about leaks on the pupil's page ("the picture above will not give this one away"); where the
    More practice endgames come from (one from a game the computer played against itself, two made from games
    played at random) is said alike by the page and the guide, in both languages."""
    root = NOTEBOOKS.parent / "docs" / "teachers"
    for lang, leak, page_words, guide_words in (
        (
            "en",
            "give this one away",
            ("One comes from a game the computer played against itself", "made from games played at random"),
            ("comes from a game the computer played against itself", "made for the lesson from games played at random"),
        ),
        (
            "es",
            "no te va a dar la respuesta",
            ("Uno viene de una partida que el ordenador jugó contra sí mismo", "partidas jugadas al azar"),
            ("viene de una partida que el ordenador jugó contra sí mismo", "partidas jugadas al azar"),
        ),
    ):
        page = _page(lang, "03_how_the_computer_knows.md")
        guide = " ".join(
            (root / ("es/connect.md" if lang == "es" else "connect.md")).read_text(encoding="utf-8").split()
        )
        assert leak not in page and "games the computer played," not in page
        assert all(w in page for w in page_words) and all(w in guide for w in guide_words)


def test_spanish_lesson_three_says_vale_for_a_score_everywhere():
    """The Spanish lesson 3 says a win with your n-th disc «vale» c − n on the page, in its prompts and in its
    feedback: one word, never «puntúa» for the same thing."""
    from babel.messages.pofile import read_po

    po = NOTEBOOKS.parent / "gamekit" / "locale" / "es" / "LC_MESSAGES" / "gamekit.po"
    with po.open("rb") as f:
        catalog = read_po(f, locale="es")
    scores = [
        m for m in catalog if m.id and isinstance(m.id, str) and re.search(r"disc scores (7|22|\{top\}) − n", m.id)
    ]
    assert scores
    for m in scores:
        assert "puntúa" not in m.string and re.search(r"vale\s+(7|22|\{top\}) − n", m.string), (m.id, m.string)
    assert not re.search(r"puntúa \*?\*?(7|22)", _page("es", "03_how_the_computer_knows.md"))
