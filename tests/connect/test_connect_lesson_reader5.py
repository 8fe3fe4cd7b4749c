"""A strict reader's findings on the 5 en raya lessons (round 5): words used before they are taught, Spanish that
says which action is meant, and a worksheet count with room to draw."""

import re
from pathlib import Path

from gamekit.connect import lesson1_exercises
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _page(path: str) -> str:
    return " ".join((ROOT / "notebooks" / path).read_text(encoding="utf-8").split())


def test_lesson_two_says_what_an_open_three_is_instead_of_naming_it():
    """ "open three" was used before any page taught it: the aside now says it in plain words."""
    en = _page("five_in_a_row/02_threats_and_exercises.md")
    es = _page("es/five_in_a_row/02_threats_and_exercises.md")
    assert "open three" not in en and "tres abierto" not in es
    assert "three in a row with both ends open" in en and "tres seguidas con los dos extremos libres" in es


def test_spanish_lesson_two_says_the_cell_under_a_threat_is_empty():
    """Every cell is a «hueco», so a threat «encima de un hueco» says nothing: the cell under it is «vacío»."""
    es = _page("es/five_in_a_row/02_threats_and_exercises.md")
    assert not re.search(r"encima de (un hueco|huecos)(?! vac)", es)
    assert "encima de un hueco vacío" in es and "encima de huecos vacíos" in es


def test_spanish_lesson_one_popout_questions_say_popping():
    """Exercise 7 asks which disc, popped, lets yellow win (not which disc would); the pop hint says «sacar una
    ficha», never «saque» as a noun; exercise 8's prompt names who drops."""
    es = _page("es/five_in_a_row/01_rules_and_play.md")
    assert "¿Qué ficha, al sacarla, haría ganar al amarillo" in es
    with using("es"):
        pop = lesson1_exercises.popout_exercise()
        texts = [pop.prompt, pop.hint]
    assert not any(re.search(r"\bsaques?\b", t) for t in texts), texts
    assert "Ninguna ficha que deje caer" not in pop.prompt and "Si el rojo deja caer una ficha" in pop.prompt


def test_the_line_count_on_the_worksheet_gives_room_to_draw():
    """64 lines do not fit on one printed grid: the worksheet's exercise 6 says to copy the grid once per direction
    or draw each direction in its own colour; the page's question stays as it was."""
    from gamekit.teacher_sheets import worksheet_markdown

    for lang, words in (("en", "copy the empty grid three times"), ("es", "copia la cuadrícula vacía tres veces")):
        sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/01_rules_and_play", lang)
        six = sheet.split("## " + ("Exercise" if lang == "en" else "Ejercicio") + " 6", 1)[1].split("\n## ", 1)[0]
        assert words in " ".join(six.split()) and "```text" in six
        with using(lang):
            assert words not in lesson1_exercises.count_lines_exercise().prompt


def test_lesson_one_exercise_three_is_a_second_block_unlike_the_first():
    """Exercises 1 and 3 once both asked for a side-disc five now; exercise 3 is now a block, unlike exercise 2's
    (a diagonal): red has two threats through side discs across two rows, one reachable now and one floating.
    Exactly the solver's best drop is accepted (the block), every other column is told that red then makes five,
    and the tempting one (under the floating threat) is told red drops on top of it."""
    from gamekit.connect import lessons as L
    from gamekit.connect.lesson_positions import best_moves, immediate_wins
    from gamekit.connect.threats import playable_threats, threat_cells

    ex = L.exercises()["side_block_row"]
    game = ex.game
    assert list(L.LESSONS[1].exercises)[2] == "side_block_row" and game.to_move == 1
    assert ex.solutions == best_moves(game) == ["3"] and not immediate_wins(game)
    (reach,) = playable_threats(game, 0)
    floating = [cell for cell in threat_cells(game, 0) if cell != reach]
    assert game.column_number(reach[0]) == 3 and reach[1] == 2  # column 3, row 3
    for (col, row), side in ((reach, 0), (floating[0], game.width - 1)):
        line = [(c, row) for c in range(game.width) if game.cell(c, row) == 0 or (c, row) == (col, row)]
        assert game.is_side(side) and game.cell(side, row) == 0 and (side, row) in line
    assert floating == [(game.grid_column(7), 1)] and len(game.grid[game.grid_column(7)]) == 0  # row 2, floating
    ok, right = ex.check("3")
    assert (
        ok
        and "across row 3" in right
        and "across row 2, needs a cell above an empty cell" in right
        and "threat" not in right
    )
    assert "Red cannot make five at once after it." in right
    for m in ex.wrong:
        ok, text = ex.check(m)
        after = game.copy()
        after.play(m)
        assert not ok and immediate_wins(after) and "column 3" not in text, text
    assert "red drops in column 7 and makes five" in ex.check("7")[1]
    page = _page("five_in_a_row/01_rules_and_play.md")
    above = page[page.index("### Exercise 3") : page.index('L.exercise("side_block_row"')]
    assert "row 3" not in above and "column" not in above
    with using("es"):
        es = L.exercises()["side_block_row"]
        assert es.check("3")[1].startswith("Bien") or "fila 3" in es.check("3")[1]
        assert "Which column" not in es.prompt
