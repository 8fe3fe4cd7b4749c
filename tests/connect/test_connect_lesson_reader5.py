"""A strict reader's findings on the 5 en raya lessons (round 5): words used before they are taught, Spanish that
says which action is meant, and a worksheet count with room to draw."""

import re

import pytest
from pathlib import Path

from gamekit.connect import lesson1_exercises, lesson1_popout
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
        pop = lesson1_popout.popout_exercise()
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
    assert "right under the gap in red's other line, across row 2. Red drops on top of it" in ex.check("7")[1]
    page = _page("five_in_a_row/01_rules_and_play.md")
    above = page[page.index("### Exercise 3") : page.index('L.exercise("side_block_row"')]
    assert "row 3" not in above and "column" not in above
    with using("es"):
        es = L.exercises()["side_block_row"]
        assert es.check("3")[1].startswith("Bien") or "fila 3" in es.check("3")[1]
        assert "Which column" not in es.prompt


def test_the_pruning_task_is_answered_by_a_real_alpha_beta_walk():
    """Lesson 3's hands-on task: the replies alpha–beta never looks at on the printed tree are exactly the right
    choice; skipping them leaves minimax's score; each wrong choice has its own reason; a tree whose second move is
    not cut after its first reply is refused."""
    import pytest

    from gamekit.connect import lessons as L
    from gamekit.connect import teach_prune as T

    value, seen = T.alphabeta(T.PRUNE_TREE)
    assert value == T.minimax(T.PRUNE_TREE) == 2 and seen == ["A1", "A2", "B1"]
    assert T.skipped(T.PRUNE_TREE) == ["B2", "B3"]
    # a tree where nothing can be skipped: the second move's first reply is better for red than the first move
    open_tree = (("A", (("A1", 2), ("A2", 3))), ("B", (("B1", 4), ("B2", 5))))
    assert T.skipped(open_tree) == [] and T.alphabeta(open_tree)[0] == T.minimax(open_tree) == 4
    with pytest.raises(ValueError):
        T.prune_exercise(open_tree)
    ex = L.LESSONS[3].exercises["prune_tree"]()
    assert "A1 (+2)" in ex.prompt and "B3 (+4)" in ex.prompt and "B2 and B3" not in ex.prompt
    assert ex.solutions == ["Replies B2 and B3"] and ex.check("Replies B2 and B3")[0]
    reasons = set()
    for choice in ex.wrong:
        ok, why = ex.check(choice)
        assert not ok and why and "Right" not in why
        reasons.add(why)
    assert len(reasons) == len(ex.wrong) == 4
    for path in ("five_in_a_row/03_how_the_computer_knows.md", "es/five_in_a_row/03_how_the_computer_knows.md"):
        page = _page(path)
        extra = page[page.index("## If you have time" if "es/" not in path else "## Si te sobra tiempo") :]
        assert 'L.exercise("prune_tree", score)' in extra and "B2" not in page
    with using("es"):
        es = T.prune_exercise()
        assert es.solutions == ["Las respuestas B2 y B3"] and "árbol de búsqueda" in es.prompt


def test_lesson_three_defines_a_search_tree_before_using_it_and_boxes_the_bit_formula():
    for path, term, formula in (
        ("five_in_a_row/03_how_the_computer_knows.md", "A **search tree** is", "optional, for older pupils"),
        ("es/five_in_a_row/03_how_the_computer_knows.md", "Un **árbol de búsqueda** es", "opcional, para los mayores"),
    ):
        page = _page(path)
        first_use = min(page.index(w) for w in ("search tree", "árbol de búsqueda") if w in page)
        assert page.index(term) <= first_use + 12
        box = page[page.index("<details>", page.index(formula) - 200) : page.index("</details>", page.index(formula))]
        assert formula in box and "(*k* − 1) × (*h* + 1)" in box
        assert page.count("(*k* − 1) × (*h* + 1)") == 1  # the formula only in the optional box


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_bit_number_one_row_too_low_is_told_which_cell_it_is(lang):
    """Lesson 3's bit exercise: the bit one below the answer is the cell one row lower; the pupil is told so (row
    and column computed), not just "Not 20", and the message does not give the answer."""
    from gamekit.connect import teach_bits
    from gamekit.connect.rules import ConnectGame
    from gamekit.i18n import using

    game = ConnectGame(teach_bits.SMALL_BOARD)
    right = teach_bits.bit_index(game, 4, 1)
    with using(lang):
        ex = teach_bits.bit_exercise()
        ok, reason = ex.check(str(right - 1))
        generic = ex.check(str(right - 3))[1]
    assert not ok and reason != generic and str(right) not in reason
    assert str(right - 1) in reason and "1" in reason and "5" in reason


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_bit_number_with_both_slips_is_told_both(lang):
    """Lesson 3's bit exercise: 27 on the 5 × 4 board counts the cell's own column as full and the cell itself (rows
    from 1). Its reason names both slips; 26 (only the own column) names just the first, and neither gives 21."""
    from gamekit.connect import teach_bits
    from gamekit.connect.rules import ConnectGame

    game = ConnectGame(teach_bits.SMALL_BOARD)
    right = teach_bits.bit_index(game, 4, 1)
    per = game.height + 1
    both, column_only = 5 * per + 2, 5 * per + 1
    assert (right, both, column_only) == (21, 27, 26)
    with using(lang):
        ex = teach_bits.bit_exercise()
        ok_both, said_both = ex.check(str(both))
        ok_column, said_column = ex.check(str(column_only))
        full, from_zero = ("own column as full", "start at 0") if lang == "en" else ("propia columna", "empiezan en 0")
    assert not ok_both and not ok_column and said_both != said_column
    assert full in said_both and from_zero in said_both and str(right) not in said_both
    assert full in said_column and from_zero not in said_column and str(right) not in said_column


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_two_hard_hints_give_the_method_not_the_columns(lang):
    """Exercise 9's and the final challenge's hints say to try each column and check the threats can be blocked one
    at a time; they name no column and do not narrow the search to unplayed columns or to one column's threats."""
    from gamekit.connect import lesson2_exercises

    with using(lang):
        hints = [lesson2_exercises.winning_move_exercise().hint, lesson2_exercises.challenge_exercise().hint]
    for hint in hints:
        assert re.search(r"each column|cada columna", hint) and re.search(r"one at a time|una a una", hint), hint
        assert not re.search(r"\d|nobody|nadie|same column|misma columna", hint), hint


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_pruning_tree_is_drawn_from_the_exercise_tree_without_the_answer(lang):
    """Lesson 3's exercise 10: the tree is drawn as text (each move, each reply with its score for red, from the
    same tree the exercise checks), the page prints it above the question, and the worksheet prints it under the
    question; the drawing marks nothing as skipped."""
    from gamekit.connect import teach_prune
    from gamekit.teacher_sheets import worksheet_markdown

    with using(lang):
        drawing = teach_prune.tree_drawing()
        ex = teach_prune.prune_exercise()
        sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/03_how_the_computer_knows", lang)
    for move, replies in teach_prune.PRUNE_TREE:
        for label, score in replies:
            assert re.search(rf"{label}\s+[+−]?{abs(score)}\b", drawing), (label, drawing)
    assert ex.paper_drawing == drawing and not re.search(r"✗|skip|salta|≤", drawing)
    section = sheet[sheet.index("## " + ("Exercise 10" if lang == "en" else "Ejercicio 10")) :]
    assert "```text\n" + drawing + "\n```" in section.split("\n## ")[0], section[:800]
    page = _page(("es/" if lang == "es" else "") + "five_in_a_row/03_how_the_computer_knows.md")
    call = page.index("print(teach_prune.tree_drawing())")
    assert call < page.index('L.exercise("prune_tree"') and "teach_prune" in page[: page.index("score = Lesson")]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worksheet_bits_card_says_what_each_of_a_cells_two_digits_marks(lang):
    """Worksheet 3's Bits box says the first number marks the player to move's discs and the second any disc, with
    no example cell: examples of 1/1 and 0/0 left 0/1, exercise 8's question, to be answered by elimination."""
    from gamekit.teacher_sheets import worksheet_markdown

    with using(lang):
        sheet = worksheet_markdown("gamekit.connect.lessons", "five_in_a_row/03_how_the_computer_knows", lang)
    aids = sheet[: sheet.index("## " + ("Exercise 1" if lang == "en" else "Ejercicio 1"))]
    assert re.search(r"first has a 1 for every disc of the player to move|primero tiene un 1 por cada ficha", aids)
    assert re.search(r"second has a 1 for any disc|segundo, un 1 por cualquier ficha", aids)
    assert "0/0" not in aids and "0/1" not in aids and "1/0" not in aids  # "like 1/1" shows the form only
    assert not re.search(r"is 1/1|es 1/1", aids)


@pytest.mark.parametrize("lang", ["", "es/"])
@pytest.mark.parametrize(
    "name",
    [
        "five_in_a_row/01_rules_and_play.md",
        "five_in_a_row/02_threats_and_exercises.md",
        "five_in_a_row/03_how_the_computer_knows.md",
    ],
)
def test_best_play_is_explained_where_each_lesson_first_says_it(lang, name):
    """Each 5 en raya lesson's first "best play" («el mejor juego») is followed by what it means: both players
    choose the best move every time."""
    page = " ".join(_page(lang + name).split())
    word, meaning = (
        ("best play", "(both players choose the best move every time)")
        if not lang
        else ("el mejor juego", "(los dos jugadores eligen siempre la mejor jugada)")
    )
    first = page.index(word)
    assert page[first + len(word) :].lstrip().startswith(meaning), page[first : first + 120]


def test_spanish_lesson_three_words_the_reader_flagged():
    """Spanish: a score's sign slip says «El número es correcto» (not «El tamaño»), the tree hint has no «bajo bajo»,
    exercise 11's heading says «(nivel difícil)» like the others, and the score rule reads «tu ficha número n»."""
    po = (ROOT / "gamekit/locale/es/LC_MESSAGES/gamekit.po").read_text(encoding="utf-8")
    assert "El tamaño es correcto" not in po and "El número es correcto, pero el signo no" in po
    assert "bajo bajo" not in " ".join(line.strip('"') for line in po.splitlines())
    page = _page("es/five_in_a_row/03_how_the_computer_knows.md")
    headings = re.findall(r"### Ejercicio \d+ \(([^)]*)\)", page)
    assert headings and all(h.startswith("nivel ") for h in headings), headings
    assert "propia ficha *n*.ª" not in page and page.count("tu ficha número *n*") >= 3
