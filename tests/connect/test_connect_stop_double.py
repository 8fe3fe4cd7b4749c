"""5 en raya lesson 2's "stop the double threat" (issue 35), lesson 1's line count with the side columns' lines,
one full-column refusal everywhere, and lesson 3's worksheet aids: each checked on the board or the page."""

import re
from pathlib import Path

import pytest

from gamekit.connect import lesson1_exercises, lesson2_stop, lesson_exercise
from gamekit.connect import lessons as L
from gamekit.connect.lesson_positions import best_moves, immediate_wins, position
from gamekit.connect.rules import ConnectGame
from gamekit.connect.threats import threat_cells
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


def _after(game, move):
    g = game.copy()
    g.play(move)
    return g


def test_stop_the_double_threat_accepts_the_solvers_drop_and_gives_each_slip_its_reason():
    """Exercise 7: yellow to move, no threat on the board; red's disc in the answer's column would make two threats a
    disc reaches (checked here), so exactly that drop is right (the solver's only best drop).  Columns where red then
    makes that double threat are told so without naming the cells (one is in the answer's column); a drop that loses
    another way is told what best play gives; the right answer names both cells."""
    ex = L.exercises()["stop_double"]
    game = ex.game
    assert game.to_move == 1 and not threat_cells(game, 0) and not threat_cells(game, 1)
    assert ex.solutions == best_moves(game) == ["6"]
    (answer,) = ex.solutions
    told = {m: ex.check(m) for m in game.legal_moves()}
    assert [m for m, (ok, _) in told.items() if ok] == [answer]
    for m, (ok, text) in told.items():
        if ok:
            continue
        after = _after(game, m)
        found = lesson2_stop.double_threat_answer(after)
        if found is not None:
            drop, cells = found
            assert drop == answer and {c for c, _ in cells} & {after.grid_column(int(answer))}
            assert "two threats at once" in text and "column 6" not in text and f"column {answer}" not in text
        else:
            assert not immediate_wins(after) and "can force a win" in text, text
    right = told[answer][1]
    assert "column 6 row 5 and column 7 row 3" in right and "draw" in right
    assert not lesson2_stop.double_threat_answer(_after(game, answer))
    with using("es"):
        es = L.exercises()["stop_double"]
        assert es.prompt.startswith("Le toca al amarillo.") and "amenazas a la vez" in es.check("1")[1]


def test_the_stop_picture_says_what_its_board_shows():
    """The picture above exercise 7 (another game, another answer column): the one yellow drop that makes two threats
    at once, where it lands, both cells, red taking that cell first, and the exact solver's verdicts (red wins, every
    other drop loses) are the board's."""
    game = position("stop_double_picture")
    words = lesson2_stop.stop_words(game)
    assert game.to_move == 0 and not immediate_wins(game)
    found = {lesson2_stop.double_threat_answer(_after(game, m)) for m in game.legal_moves() if m != "4"}
    assert {f[0] for f in found if f} == {"4"} and best_moves(game) == ["4"]
    assert "A yellow disc in column 4 would land on row 3" in words and "column 7, rows 3 and 4" not in words
    assert (7, 3) in threat_cells(game, 1) and (7, 2) not in threat_cells(game, 1)  # column 7: row 4 is there already
    assert "already has a threat at column 7 row 4" in words and "right under it, at column 7 row 3" in words
    assert "Red wins with best play" in words and "Every other drop loses." in words
    assert best_moves(game) != L.exercises()["stop_double"].solutions  # the picture gives exercise 7 nothing


def test_taking_one_of_the_two_cells_early_is_told_why_one_cell_is_not_enough():
    """Exercise 7's column 7 lands on column 7 row 3, one of the two cells red's double threat needs.  Its reason is
    the solver's line: red answers in column 3, a threat at column 1 row 1 a disc reaches now (yellow must block it)
    and another higher up; then red forces a win.  It is the first wrong answer, so the guide shows it."""
    ex = L.exercises()["stop_double"]
    game = ex.game
    landing = (game.grid_column(7), len(game.grid[game.grid_column(7)]))
    assert landing == (7, 2) and ex.wrong[0] == "7"
    after = _after(game, "7")
    assert lesson2_stop.double_threat_answer(after) is None  # no double threat at once: the slip looks safe
    reply = lesson_exercise.shown_reply(after)
    answered = _after(after, reply)
    new = set(threat_cells(answered, 0)) - set(threat_cells(after, 0))
    assert reply == "3" and (1, 0) in new and len(new) == 2
    ok, why = ex.check("7")
    assert not ok and "one of the two cells red needed" in why and "column 3" in why and "column 1 row 1" in why
    assert "higher up" in why and "can force a win" in why and "column 6" not in why
    assert f"The red disc in column {reply} also makes another red threat higher up." in why  # not the pupil's disc
    assert lesson2_stop.taken_too_early(game, "1", ((6, 4), (7, 2))) is None  # column 1 takes neither cell
    with using("es"):
        es = L.exercises()["stop_double"].check("7")[1]
        assert "columna 1 fila 1" in es and f"La ficha del rojo en la columna {reply} también" in es


@pytest.mark.parametrize("lang", ["", "es/"])
def test_lesson_two_tests_stopping_the_double_threat_in_its_core(lang):
    """Every objective of lesson 2 is tested in its timed core: "Stop the double threat" (its reading, two pictures
    and the stop exercise, exercise 6) follows the double and stacked threats, before "Winning, not just surviving";
    the second zugzwang count (exercise 9) and the open four wait under "If you have time", the count first there.
    The registry lists the exercises in page order, so the core's eight are numbered 1 to 8, and each objective
    names at least one of them."""
    page = (ROOT / "notebooks" / lang / "five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8")
    extra = re.search(r"^## (?:If you have time|Si te sobra tiempo)", page, re.M).start()
    section = page.index("## Stop the double threat" if not lang else "## Impide la amenaza doble")
    stacked = page.index('lesson_pictures.show("stacked")')
    winning = page.index("## Winning, not just surviving" if not lang else "## Ganar, no solo sobrevivir")
    assert page.index('"answer_on_top"') < stacked < section < page.index("lesson2_stop.one_cell_picture()")
    assert page.index("lesson2_stop.one_cell_picture()") < page.index("lesson2_stop.stop_picture()")
    assert page.index("lesson2_stop.stop_picture()") < page.index('"stop_double"') < winning < extra
    assert re.search(r"^### (?:Exercise 6 \(medium\)|Ejercicio 6 \(nivel medio\))", page[section:winning], re.M)
    assert extra < page.index('lesson_pictures.show("open_four")') < page.index('"zugzwang"')
    assert page.index('"zugzwang"') < page.index('"on_top_fails"')
    assert re.search(r"^### (?:Exercise 9 \(medium\)|Ejercicio 9 \(nivel medio\))", page[extra:], re.M)
    lesson = L.LESSONS[2]
    names = list(lesson.exercises)
    calls = re.findall(r'L\.exercise\("(\w+)", score\)', page)
    assert calls == names
    core = set(names[:8])
    assert names.index("stop_double") == 5 and names.index("zugzwang") == 8
    assert all(set(tested) & core for _, tested in lesson.objectives), lesson.objectives
    assert "stop_double_threat" in lesson.themes


@pytest.mark.parametrize("lang", ["en", "es"])
def test_one_full_column_message_everywhere(lang):
    """A full column is refused with one message, by the rules (the game, Practice) and by a lesson's answer box: the
    input, then the reason and what to do."""
    game = ConnectGame.from_moves(["3"] * 6)
    with using(lang):
        with pytest.raises(ValueError) as by_rules:
            game.play("3")
        with pytest.raises(ValueError) as by_lesson:
            lesson_exercise.parse_column(game, "3")
    assert str(by_rules.value) == str(by_lesson.value)
    assert str(by_rules.value) in (
        "“3”: column 3 is full. Choose another column.",
        "“3”: la columna 3 está llena. Elige otra columna.",
    )


def test_the_side_columns_lines_counted_up_get_their_own_reason():
    """Lesson 1's line count: "30 + 14 + 20 + 4", the side columns' lines up added as a fourth count, is told to
    leave them out (not to merge the diagonals); the prompt says the diagonals may come as two counts."""
    ex = lesson1_exercises.count_lines_exercise()
    ok, why = ex.check("30 + 14 + 20 + 4")
    assert not ok and "side columns" in why and "Diagonal" not in why
    ok, why = ex.check("30 + 14 + 18 + 4")
    assert not ok and "side columns" in why and "Diagonal" in why
    assert ex.check("30 + 14 + 10 + 10")[0] and "two counts, one for each way" in ex.prompt


@pytest.mark.parametrize("lang", ["", "es/"])
def test_lesson_three_worksheet_leaves_exercise_eight_to_the_pupil_and_draws_exercise_two(lang):
    """Lesson 3's sheet: the bits card gives no example cell (two examples would answer exercise 8 by elimination),
    and exercise 2's tree is drawn, as on screen, under its question."""
    sheet = (ROOT / "docs/teachers" / lang / "worksheets/five_in_a_row/03_how_the_computer_knows.md").read_text(
        encoding="utf-8"
    )
    assert "1/1 and an empty cell is 0/0" not in sheet and "0/0 (" not in sheet
    two = sheet[sheet.index("## " + ("Ejercicio 2" if lang else "Exercise 2")) :]
    two = two[: two.index("\n## ")]
    assert "```text" in two and "├──" in two and ("Move A" in two or "Jugada A" in two)


def test_spanish_lesson_and_guide_use_the_glossary_words_for_stopping_a_double_threat():
    """The glossary (and the Practice pages, the homework) say «impedir la amenaza doble»: lesson 2's Spanish twin,
    its worksheet and the Spanish guide use the same verb, never «frenar»."""
    pages = [
        ROOT / "notebooks/es/five_in_a_row/02_threats_and_exercises.md",
        ROOT / "docs/teachers/es/worksheets/five_in_a_row/02_threats_and_exercises.md",
        ROOT / "docs/teachers/es/connect.md",
    ]
    assert "impedir la amenaza doble" in (ROOT / "docs/glossary.md").read_text(encoding="utf-8")
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"\b[Ff]ren[aeéá]", text), page
        assert re.search(r"\b[Ii]mped|\b[Ii]mpid", text), page


@pytest.mark.parametrize("lang", ["en", "es"])
def test_four_counts_with_unequal_diagonals_are_judged_not_refused(lang):
    """Lesson 1's line count allows the diagonals as two counts, so "30 + 14 + 10 + 9" is a wrong count (the 9),
    not a wrong form: it uses up a try and names the count to redo, whichever way round; two equal but wrong halves
    are judged as their sum."""
    with using(lang):
        ex = lesson1_exercises.count_lines_exercise()
        for answer in ("30 + 14 + 10 + 9", "30 + 14 + 9 + 10"):
            ok, why = ex.check(answer)
            assert not ok and "9" in why and ("Count the way that gave you 9" in why or "que te dio 9" in why), why
        ok, why = ex.check("30 + 14 + 8 + 9")
        assert not ok and ("Count one way again" in why or "Vuelve a contar un sentido" in why), why
        ok, why = ex.check("30 + 14 + 9 + 9")
        assert not ok and "18" in why
        assert ex.check("30 + 14 + 10 + 10")[0]


@pytest.mark.parametrize(
    "answer", ["red, tie", "red, it is a draw", "Red, it's a tie.", "rojo, es un empate", "rojo, empatan"]
)
def test_lesson_two_exercise_twelve_reads_a_draw_in_everyday_words(answer):
    """Exercise 12 accepts «red, nobody»; "tie" and "it is a draw" (and the Spanish ones) say the same thing."""
    ex = L.exercises()["odd_even_2"]
    assert ex.solutions == ["red, draw"] and ex.check(answer)[0]
    assert not ex.check("red, yellow")[0]


@pytest.mark.parametrize("lang", ["", "es/"])
def test_lesson_three_gives_its_minutes_on_the_page_and_they_add_up_to_the_guides_plan(lang):
    """Lesson 3's time line breaks its 55 minutes down, as lessons 1 and 2 do: reading, each exercise 1–9 in page
    order (4 and 5 together), the closing sentence; the parts add up, and agree with the guide's table."""
    page = (ROOT / "notebooks" / lang / "five_in_a_row/03_how_the_computer_knows.md").read_text(encoding="utf-8")
    line = re.search(r"\*\*(?:Time|Tiempo):\*\* [^(]*\(([^)]*)\)", page).group(1)
    numbers = [int(k) for k in re.findall(r"\d+", line)]
    reading, exercises, closing = numbers[0], numbers[1], numbers[-1]
    assert reading + exercises + closing == 55 and "55" in page[: page.index(line)]
    guide = (ROOT / "docs/teachers" / lang / "connect.md").read_text(encoding="utf-8")
    table = guide[guide.index("03_how_the_computer_knows.ipynb) · [") :]
    rows = re.findall(r"^\| (\d+) \| (.*) \|$", table[: table.index("**55**")], re.M)
    read = sum(int(k) for k, part in rows if part.startswith(("reading", "lectura")))
    close = sum(int(k) for k, part in rows if "closing question" in part or "pregunta final" in part)
    assert (read, 55 - read - close, close) == (reading, exercises, closing), (rows, numbers)
    minutes = re.sub(r"(?:exercises|ejercicios) \d+ (?:to|a|and|y) \d+", "", line)  # names, not minutes
    each = [int(k) for k in re.findall(r"\d+", minutes)[2:-1]]
    assert sum(each) == exercises and len(each) == 8, each
