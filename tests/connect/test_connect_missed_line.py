"""A wrong click in lesson 2's exercise 1 (a block) is told which line the opponent then completes with the very
next disc: its direction and where it runs, read off the board after the reply, never the column that blocks it (the
answer).  Lesson 1's blocks (exercises 2 and 3) tell each wrong click what its own disc does, then the kind of line
to look at, never its row or end: in exercise 3 the row would leave one gap, the answer."""

import re

import pytest

from gamekit.connect import lessons as L
from gamekit.connect.lesson_exercise import five_direction, next_five_words
from gamekit.connect.rules import FiveInARow
from gamekit.i18n import using


def _line_after(ex, wrong: str):
    """The five the opponent makes with the blocked answer's column after ``wrong``: (dc, dr, side cell)."""
    g = ex.game.copy()
    g.play(wrong)
    reply = ex.solutions[0]
    g.play(reply)
    col = g.grid_column(int(reply))
    return five_direction(g, col, len(g.grid[col]) - 1)


@pytest.mark.parametrize(
    "key, words",
    [
        ("block_threat", "along a diagonal that rises to the right."),
    ],
)
def test_a_wrong_block_names_the_line_it_misses(key, words):
    ex = L.exercises()[key]
    told = 0
    for wrong in ex.wrong:
        dc, dr, side = _line_after(ex, wrong)
        feedback = ex.check(wrong)[1]
        assert not ex.check(wrong)[0]
        if "very next disc" not in feedback:  # the one column that fills the cell under the threat is told so
            continue
        row = (side[1] + 1) if side is not None else None
        assert words.format(row=row) in feedback, (key, wrong, feedback)
        assert f"column {ex.solutions[0]}" not in feedback  # the missed line, never the answer
        told += 1
    assert told >= 5


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_second_block_says_where_to_look_never_the_row(lang):
    """Lesson 1's exercise 3: red has a reachable five across row 3 and a floating one across row 2.  Each wrong
    column but the one under the floating five is told what its own disc does and where to look (along a row, out to
    a red side disc), computed from red's five, never row 3 (its one gap is the answer).  The column under the
    floating five is told why it loses: the pupil's disc fills the cell under red's row-2 gap, read off the board."""
    from gamekit.connect.lesson1_exercises import where_to_look
    from gamekit.connect.threats import threat_cells

    with using(lang):
        ex = L.exercises()["side_block_row"]
        told = {w: ex.check(w) for w in ex.wrong}
        looks = {}
        for w in ex.wrong:
            g = ex.game.copy()
            g.play(w)
            looks[w] = where_to_look(g)
    assert len({text for _, text in told.values()}) == len(ex.wrong) == 6
    row_three = "horizontal por la fila 3" if lang == "es" else "across row 3"  # a disc may land on row 3
    floating = [c for c in threat_cells(ex.game, 0) if len(ex.game.grid[c[0]]) < c[1]]
    assert len(floating) == 1
    under = str(ex.game.column_number(floating[0][0]))
    for w, (ok, text) in told.items():
        assert not ok and row_three not in text, (w, text)
        if w == under:
            gap = floating[0][1] + 1
            expected = (
                f"cae en la fila {gap - 1} y llena el hueco justo debajo del hueco de la otra línea del rojo, en "
                f"horizontal por la fila {gap}"
                if lang == "es"
                else f"lands on row {gap - 1} and fills the cell right under the gap in red's other line, across "
                f"row {gap}"
            )
            assert expected in text and ("five in a line" in text or "cinco en línea" in text), text
            assert looks[w] not in text
        else:
            assert text.endswith(looks[w]), (w, text)
            assert looks[w] in (
                "Where to look: along a row, out to a red side disc.",
                "Dónde mirar: a lo largo de una fila, hasta una ficha lateral del rojo.",
            ), looks[w]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_first_block_tells_each_wrong_click_what_its_disc_does(lang):
    """Lesson 1's exercise 2: each wrong column is told, computed from the board after it, the row its disc lands
    on, the red discs its cell touches (or the yellow threat it makes, too late) and that red still makes five at
    once; each column its own sentence.  Then it points to the kind of line to look at, computed from red's five
    (a diagonal that ends on a red side disc), but never says where that line runs or ends (the answer)."""
    from gamekit.connect.lesson_positions import immediate_wins
    from gamekit.connect.threats import threat_cells

    with using(lang):
        ex = L.exercises()["side_block"]
        told = {w: ex.check(w) for w in ex.wrong}
    assert len(ex.wrong) == 6 and len({text for _, text in told.values()}) == 6
    for w, (ok, text) in told.items():
        g = ex.game.copy()
        g.play(w)
        col = g.grid_column(int(w))
        row = len(g.grid[col]) - 1
        assert not ok and immediate_wins(g), (w, text)
        assert (f"lands on row {row + 1}" if lang == "en" else f"cae en la fila {row + 1}") in text, text
        pointer = (
            "Where to look: a diagonal that ends on a red side disc."
            if lang == "en"
            else "Dónde mirar: una diagonal que acaba en una ficha lateral del rojo."
        )
        assert text.endswith(pointer), text
        assert not re.search(r"across|horizontal|on the (left|right)|a la (izquierda|derecha)", text), text
        assert f"column {ex.solutions[0]}" not in text and f"columna {ex.solutions[0]}" not in text
        near = sum(
            g.cell(c, r) == 0
            for c in range(col - 1, col + 2)
            for r in range(row - 1, row + 2)
            if (c, r) != (col, row) and 0 <= c < g.width and 0 <= r < g.height
        )
        if set(threat_cells(g, 1)) - set(threat_cells(ex.game, 1)):
            assert ("makes five in a line first" if lang == "en" else "hace cinco en línea antes") in text, text
        elif near == 0:
            assert ("touches no red disc" if lang == "en" else "no toca ninguna ficha del rojo") in text.lower(), text
        else:
            words = (
                f"touches {near} red disc" if lang == "en" else f"toca {near} ficha{'s' if near > 1 else ''} del rojo"
            )
            assert words in text.lower(), text


def test_where_to_look_names_the_kind_of_line_only():
    """The pointer after a missed block is computed from the five the player to move makes: stacked up a column, or
    across a row without a side disc; a board where nobody can make five at once is refused."""
    from gamekit.connect.lesson1_exercises import where_to_look

    assert where_to_look(FiveInARow.from_moves("23232324")) == "Where to look: red's discs stacked up one column."
    across = FiveInARow.from_moves("33445566")  # red's four on row 1, columns 3 to 6, red to move
    assert where_to_look(across) == "Where to look: red's discs in a line across a row."
    to_side = FiveInARow.from_moves("22334455")  # columns 2 to 5: column 1 reaches red's side disc
    assert where_to_look(to_side) == "Where to look: along a row, out to a red side disc."
    with pytest.raises(ValueError, match="make five at once"):
        where_to_look(FiveInARow.from_moves("23"))


def test_a_stacked_five_is_said_going_up_and_a_board_without_five_is_refused():
    before = FiveInARow.from_moves("23232323")  # red's four discs stacked in column 2, red to move
    assert "going up: four red discs are stacked in one column" in next_five_words(before, "2", "3")
    g = FiveInARow.from_moves("232323232")
    assert g.winner() == 0 and five_direction(g, g.grid_column(2), 4) == (0, 1, None)
    with pytest.raises(ValueError, match="no five through cell"):
        five_direction(FiveInARow.from_moves("23"), 2, 0)


def test_stop_double_wrong_columns_get_distinct_reasons():
    """Lesson 2's exercise 10 (stop the double threat): the columns whose double threat cannot be named without the
    answer are told what their own disc made (computed: where it lands, its best line), so each gets its own reason,
    and none names the answer column."""
    ex = L.exercises()["stop_double"]
    told = {w: ex.check(w)[1] for w in ex.wrong}
    assert len(set(told.values())) == len(told)
    asked = [w for w, text in told.items() if "Which one?" in text]
    assert len(asked) >= 2  # the ones whose double threat would name the answer column
    for w in asked:
        g = ex.game.copy()
        g.play(w)
        assert f"your disc lands on row {len(g.grid[g.grid_column(int(w))])}" in told[w]
        assert f"column {ex.solutions[0]}" not in told[w]


@pytest.mark.parametrize("picture", ["stop_picture", "one_cell_picture"])
def test_lesson_2s_still_pictures_never_scroll(picture):
    """axe (scrollable-region-focusable) fails a box that scrolls with nothing in it to reach by keyboard: the
    longer Spanish captions overflowed both pictures' boxes while the page laid them out."""
    from gamekit.connect import lesson2_stop
    from gamekit.i18n import using

    with using("es"):
        box = getattr(lesson2_stop, picture)()
    assert box.layout.overflow == "visible"
