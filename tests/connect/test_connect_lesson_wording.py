"""Wording of the 5 en raya lesson pages a strict reader checked: prompts that match their boards, rules taught
only where an exercise uses them, one Spanish word per idea, short sentences, and a worked count before the
exercise that needs it."""

import re

import pytest
from pathlib import Path

from gamekit.connect import lesson2_exercises, lesson2_rows, lesson_positions
from gamekit.connect import FiveInARow
from gamekit.connect.rules import COLOUR_NAMES
from gamekit.connect.threats import threat_cells
from gamekit.i18n import tr, using

ROOT = Path(__file__).resolve().parents[2]


def _page(path: str) -> str:
    return (ROOT / "notebooks" / path).read_text(encoding="utf-8")


def _section(page: str, start: str, end: str) -> str:
    return page[page.index(start) : page.index(end)]


def test_lesson_one_exercise_four_does_not_send_pupils_to_side_discs_no_four_uses():
    """Neither of red's fours in exercise 4 runs through a side disc: the prompt does not ask to include them."""
    g = FiveInARow.from_moves(lesson_positions.EXERCISE_POSITIONS["four_not_five"])
    red = [(c, r) for c in range(g.width) for r in range(g.height) if g.cell(c, r) == 0]
    for row in range(g.height):
        run = sorted(c for c, r in red if r == row)
        fours = [c for c in run if all(c + k in run for k in range(4))]
        for c in fours:
            assert not any(g.is_side(c + k) for k in range(4))
    en = _section(_page("five_in_a_row/01_rules_and_play.md"), "### Exercise 4", "four_not_five")
    es = _section(_page("es/five_in_a_row/01_rules_and_play.md"), "### Ejercicio 4", "four_not_five")
    assert "side disc" not in en and "lateral" not in es


def test_popout_rules_no_exercise_uses_are_on_lesson_ones_page_and_in_the_guide():
    """Pupils play PopOut at the end of lesson 2, so the two PopOut draw rules no exercise uses (a third
    repetition, a full grid) are on lesson 1's page, in its PopOut section, and the guide says so and states both."""
    for page, guide, words, said in (
        (
            "five_in_a_row/01_rules_and_play.md",
            "docs/teachers/connect.md",
            ("are on lesson 1's page", "arising a third time is a draw", "a full grid does not end"),
            r"third time.*draw|full grid does not end",
        ),
        (
            "es/five_in_a_row/01_rules_and_play.md",
            "docs/teachers/es/connect.md",
            ("están en la página de la lección 1", "se repite por tercera vez", "una cuadrícula llena no"),
            r"tercera vez.*empate|cuadrícula llena no termina",
        ),
    ):
        text = " ".join(_page(page).split())
        popout = text[text.index("## PopOut") :]
        assert len(re.findall(said, popout)) == 2, re.findall(said, popout)
        hand_written = (ROOT / guide).read_text(encoding="utf-8").split("<!-- solutions:begin")[0]
        assert all(w in " ".join(hand_written.split()) for w in words)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_board_count_is_the_game_played_out_and_agrees_with_the_solver(lang):
    """Before exercise 13, the forced-reply count is played on a real board: each player has one threat with its ✗
    cell right under it; the safe cells go red, yellow, red, yellow; then red (to move again) drops under its own
    threat and yellow blocks; the pair leaves red to move, and red must drop under yellow's threat: yellow makes
    five, as the exact solver says.  Every caption is computed from the board, and the board is not exercise 13's
    kind (both threats on even rows, not odd against even), so it answers no exercise below it."""
    from gamekit.connect import lesson2_count
    from gamekit.connect.solver import solve

    game = FiveInARow.from_moves(lesson2_count.BOARD_COUNT)
    line = lesson2_count.board_count_line(game)
    assert [k for k, _ in line] == ["safe"] * 4 + ["cross", "block", "under", "five"]
    assert [m for _, m in line] == ["2", "2", "3", "6", "4", "4", "7", "7"]
    assert [r for _, r in threat_cells(game, 0) + threat_cells(game, 1)] == [5, 5]  # row 6: both even rows
    played = game.copy()
    movers = []
    for _, move in line:
        movers.append(played.to_move)
        played.play(move)
    assert movers == [0, 1, 0, 1, 0, 1, 0, 1] and played.winner() == 1 and solve(game) < 0  # red to move loses
    with using(lang):
        steps = lesson2_count.board_count_steps()
        captions = [s.caption for s in steps]
    assert len(steps) == len(line) + 1 and all(s.position is not None for s in steps)
    assert steps[-1].position.winner() == 1
    if lang == "en":
        assert "safe for both. Count them" in captions[0] and "4" not in captions[0]  # the pupil counts first
        assert [c.endswith(f"Safe cells left: {n}.") for c, n in zip(captions[1:5], (3, 2, 1, 0))] == [True] * 4
        assert "a forced pair never changes whose turn it is" in captions[6] and "red's turn again" in captions[6]
        assert "column 7, right under yellow's threat" in captions[7]
        assert captions[8].startswith("Yellow drops on top and makes five") and "yellow wins" in captions[8]
    else:
        assert "4" not in captions[0] and "una pareja obligada nunca cambia a quién le toca" in captions[6]
        assert captions[8].startswith("El amarillo")
    odd_against_even = FiveInARow.from_moves(lesson2_rows.ODD_AGAINST_EVEN)
    assert all(s.position.position_key() != odd_against_even.position_key() for s in steps)
    for bad in ("", lesson2_rows.ODD_AGAINST_EVEN[:-3]):  # no two threats to count: refused, with its reason
        with pytest.raises(ValueError, match="board count"):
            lesson2_count.board_count_line(FiveInARow.from_moves(bad))
    for path, words in (
        ("five_in_a_row/02_threats_and_exercises.md", "lesson2_count.board_count()"),
        ("es/five_in_a_row/02_threats_and_exercises.md", "lesson2_count.board_count()"),
    ):
        page = _page(path)
        assert page.index("worked_count()") < page.index(words) < page.index('L.exercise("odd_against_even"')


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_two_in_class_verdicts_are_short(lang):
    """Exercises 9, 11 and 13 offer short verdicts (eight words at most in English; the Spanish a few more), and
    their reasons come in the feedback: each choice still gets its own."""
    from gamekit.connect import lesson2_exercises

    most = 8 if lang == "en" else 10
    with using(lang):
        exercises = [
            lesson2_exercises.on_top_fails_exercise(),
            lesson2_rows.two_threats_exercise(),
            lesson2_rows.odd_against_even_exercise(),
        ]
        for ex in exercises:
            assert all(len(c.split()) <= most for c in ex.choices), ex.choices
            assert len({ex.check(c)[1] for c in ex.choices}) == len(ex.choices) == 4


def test_spanish_uses_one_word_for_a_count_and_the_right_pronoun():
    one = _page("es/five_in_a_row/01_rules_and_play.md")
    sheet = (ROOT / "docs/teachers/es/worksheets/five_in_a_row/01_rules_and_play.md").read_text(encoding="utf-8")
    assert "recuento" not in one and "recuento" not in sheet
    assert "tres cuentas sumadas" in one and "tres cuentas sumadas" in sheet
    assert "no le salva" not in _page("es/five_in_a_row/02_threats_and_exercises.md")


def test_two_threats_right_choice_says_what_the_solver_shows_not_a_rule_of_thumb():
    """Lesson 2's two-threats exercise has an exact answer (the solver's): its right choice names what best play
    shows (red has to drop under yellow's threat), not a "usually" from the rule of thumb, in both languages; every
    choice that names a winner gives a reason of the same kind, so the wording gives nothing away."""
    for lang, hedge in (("en", ("usually", "tends to")), ("es", ("suelen", "suele"))):
        with using(lang):
            ex = lesson2_rows.two_threats_exercise()
            (right,) = ex.solutions
            ok, said = ex.check(right)
        assert ok and not any(h in c for c in ex.choices for h in hedge), ex.choices
        assert ("under yellow's threat" if lang == "en" else "bajo la amenaza amarilla") in right
        assert ("right under yellow's threat" if lang == "en" else "justo debajo de la amenaza amarilla") in said
        named = [c for c in ex.choices if not c.startswith(("Nobody", "Nadie"))]
        assert len(named) == 3


def test_exercise_six_asks_for_two_steps_of_the_rule_of_thumb():
    """Exercise 6 was a typed red, yellow or draw: a one-in-three guess.  It now asks two things the pupil works out
    in turn (who fills the threat cell, then how the game ends), on the page and in the question."""
    ex = lesson2_rows.odd_even_2_exercise()
    assert "Who will probably fill that cell? How does the game end?" in ex.prompt
    assert len(ex.prompt.split(". ")) <= 5 and len(ex.prompt.split()) <= 40  # short sentences, one thing each
    assert "who will win this game with best play" not in ex.prompt
    ok, why = ex.check("red, draw")
    assert ok and "The exact solver agrees" in why
    for path, words in (
        ("five_in_a_row/02_threats_and_exercises.md", "Who will probably fill that cell?"),
        ("es/five_in_a_row/02_threats_and_exercises.md", "¿Quién llenará seguramente"),
    ):
        page = " ".join(_page(path).split())
        section = page[page.index(words) - 200 : page.index('L.exercise("odd_even_2"')]
        assert words in section and "draw" not in section and "empate" not in section


def test_exercise_three_right_answer_states_its_count_and_no_later_answer_is_a_count():
    """Exercise 3's choices each pair a count with a colour, so the right feedback states the count; no later
    exercise of lesson 2 asks for a count of safe cells, so it gives nothing further down away."""
    from gamekit.connect import lessons as L

    who = lesson2_exercises.zugzwang_who_exercise()
    ok, right = who.check(who.solutions[0])
    assert ok and re.search(r"\b20 safe cells", right)
    names = list(L.LESSONS[2].exercises)
    later = [L.LESSONS[2].exercises[n]().answer for n in names[names.index("zugzwang_who") + 1 :]]
    assert not any(re.search(r"\b(19|20|21) ", str(answer)) for answer in later)


def test_a_worked_count_comes_right_under_how_to_count():
    """The forced-reply rule is followed at once by its worked count (a computed table, made-up numbers, no board),
    in the part for spare time, right before the first exercise that counts forced replies (two threats, exercise
    11) and after the in-class exercises: no in-class exercise leans on an idea it does not test.  The same count
    on a real board comes later, right before odd against even (exercise 13)."""
    for path, words in (
        ("five_in_a_row/02_threats_and_exercises.md", ("How to count:", "## If you have time")),
        ("es/five_in_a_row/02_threats_and_exercises.md", ("Cómo contar:", "## Si te sobra tiempo")),
    ):
        page = _page(path)
        bullet = page.index(words[0])
        table = page.index("lesson2_count.worked_count()")
        assert page.index(words[1]) < bullet < table < page.index('L.exercise("two_threats"')
        assert page.count("worked_count()") == 1 and page.count(words[0]) == 1
        between = page[table : page.index('L.exercise("two_threats"')]
        assert "L.exercise(" not in between  # nothing else comes between the count and its exercise
        board = page.index("lesson2_count.board_count()")
        assert page.index('L.exercise("odd_even_2"') < board < page.index('L.exercise("odd_against_even"')
        assert "L.exercise(" not in page[board : page.index('L.exercise("odd_against_even"')]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worked_count_is_computed_and_hands_over_no_answer(lang):
    """The table plays the count out to its end: three safe cells, then the opponent's ✗ drop and the forced block;
    the opponent is to move both before and after the pair, so the opponent drops under your threat and you make
    five (what the sentence under it says).  It names no colour and none of exercise 12's choices."""
    from gamekit.connect import lesson2_count

    you, them = lesson2_count.YOU, lesson2_count.OPPONENT
    steps = lesson2_count.forced_pair(3)
    assert [s.cell for s in steps] == ["safe", "safe", "safe", "cross", "block", "under", "five"]
    assert [s.player for s in steps[3:]] == [them, you, them, you]
    assert [s.turn for s in steps] == list(range(1, 8))
    even = lesson2_count.forced_pair(2)  # an even number of safe cells: you run out first and the opponent wins
    assert [(s.cell, s.player) for s in even[2:]] == [("cross", you), ("block", them), ("under", you), ("five", them)]
    with pytest.raises(ValueError):
        lesson2_count.forced_pair(0)
    with using(lang):
        table = lesson2_count.worked_count()
        ex = lesson2_rows.odd_against_even_exercise()
    text = " ".join([table.caption, *(" ".join(row) for row in table.rows)]).lower()
    assert len(table.rows) == 7 and ("five" if lang == "en" else "cinco") in table.rows[-1][2]
    for colour in ("red", "yellow") if lang == "en" else ("rojo", "amarillo"):
        assert colour not in text, text
    for choice in ex.choices:
        assert choice.split(": ", 1)[1].lower() not in text


def _long_sentences(text: str, limit: int) -> list[str]:
    prose = re.sub(r"```.*?```", "\n", text, flags=re.S)  # the code cells
    prose = "\n".join(line for line in prose.splitlines() if not line.startswith("#"))  # and the headings
    return [s for s in re.split(r"(?<=[.?!;])\s+|\n\n", prose) if len(s.split()) > limit]


def test_lesson_two_reading_and_step_through_text_are_short_sentences():
    """The reading from "The cell under a threat" to the odd/even rule, and the step-through text, in sentences
    of at most 22 words (both languages)."""
    for path, spans in (
        (
            "five_in_a_row/02_threats_and_exercises.md",
            (("## The cell under a threat", "<details>"), ("## The same idea, in a whole game", "step_through()")),
        ),
        (
            "es/five_in_a_row/02_threats_and_exercises.md",
            (("## El hueco de debajo", "<details>"), ("## La misma idea, en una partida entera", "step_through()")),
        ),
    ):
        page = _page(path)
        for start, end in spans:
            assert not _long_sentences(_section(page, start, end), 22), (path, start)


def test_lesson_one_line_count_slips_do_not_give_the_total_away():
    """A total of 44 was told "20 lines short, which is exactly the number of diagonals": the diagonal count and the
    answer.  Every single-number slip is now told what to check, never how far off it is."""
    from gamekit.connect import lesson1_exercises
    from gamekit.connect.rules import FIVE_IN_A_ROW, count_lines

    c = count_lines(FIVE_IN_A_ROW)
    ex = lesson1_exercises.count_lines_exercise()
    for k in range(1, 100):
        if k == c["lines"]:
            continue
        ok, why = ex.check(str(k))
        assert not ok
        rest = why.replace(str(k), "")
        assert "short" not in why and str(c["lines"]) not in why and str(c["diagonal"]) not in rest, (k, why)
        assert c["lines"] - k < 10 or str(c["lines"] - k) not in rest, (k, why)
    assert "forget the diagonals" in ex.check(str(c["horizontal"] + c["vertical"]))[1]


def test_worksheet_two_card_has_the_forced_reply_rule_the_page_teaches():
    """Exercises 11 and 13 on paper need the page's way to count a ✗ cell safe for one player only: a card says it,
    in both languages, and the written worksheets carry it where the page teaches it, under exercise 11's heading
    and before its question, not on the card at the top of the sheet."""
    from gamekit.connect import lessons as L

    for lang, words, sheet in (
        ("en", ("Forced reply", "safe only for the owner", "owner's turn again"), "docs/teachers/worksheets"),
        (
            "es",
            ("Respuesta obligada", "solo es seguro para el dueño", "le vuelve a tocar al dueño"),
            "docs/teachers/es/worksheets",
        ),
    ):
        notebook = "five_in_a_row/02_threats_and_exercises"
        with using(lang):
            top = " ".join("\n".join(L.worksheet_aids(notebook)).split())
            card = " ".join("\n".join(L.worksheet_words_before(notebook, "two_threats")).split())
            eleven, twelve = (tr("## Exercise {n}", n=n) for n in (11, 12))
            question = " ".join(lesson2_rows.two_threats_exercise().prompt.split()[:4])
            assert all(not L.worksheet_words_before(notebook, k) for k in L.LESSONS[2].exercises if k != "two_threats")
        assert all(w in card for w in words), card
        assert words[1] not in top, top
        written = " ".join(
            (ROOT / sheet / "five_in_a_row/02_threats_and_exercises.md").read_text(encoding="utf-8").split()
        )
        assert written.count(words[1]) == 1
        assert (
            written.index(eleven)
            < written.index(words[1])
            < written.index(question, written.index(eleven))
            < written.index(twelve)
        )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_exercise_four_names_the_player_in_its_choices(lang):
    """Lesson 2, exercise 4: its choices name a colour (the question has no "same" to refer to), both colours are on
    offer, and the right one is the player the board count leaves stuck, not exercise 3's."""
    with using(lang):
        ex = lesson2_exercises.zugzwang_exercise()
        red, yellow = tr(COLOUR_NAMES[0]), tr(COLOUR_NAMES[1])
    lowered = [c.lower() for c in ex.choices]
    assert {red.lower(), yellow.lower()} == {c.split(",")[0].split()[-1] for c in lowered}
    assert not any("same" in c or "other player" in c or "mismo" in c or "otro jugador" in c for c in lowered)
    game = ex.game
    danger = {c for seat in (0, 1) for c, _ in threat_cells(game, seat)}
    safe = sum(
        game.height - len(game.grid[c])
        for c in range(game.width)
        if game.column_number(c) is not None and c not in danger
    )
    stuck = game.to_move if safe % 2 == 0 else 1 - game.to_move
    assert stuck != lesson2_exercises.zugzwang_who_exercise().game.to_move  # exercise 3 leaves red stuck
    assert ex.solutions[0].lower().split(",")[0].split()[-1] == (red, yellow)[stuck].lower()


def test_lesson_3_warns_that_a_score_depends_on_whose_it_is():
    """Lesson 3 defines scores for the player to move, then asks for scores "for red" and "for yellow": one
    sentence between the definition and exercise 1 says the two players' scores have opposite signs."""
    for path, words in (
        (
            "five_in_a_row/03_how_the_computer_knows.md",
            ("for the player whose turn it is", "+2 for red is −2 for yellow", "### Exercise 1"),
        ),
        (
            "es/five_in_a_row/03_how_the_computer_knows.md",
            ("para el jugador al que le toca", "+2 para el rojo es −2\npara el amarillo", "### Ejercicio 1"),
        ),
    ):
        page = _page(path)
        assert page.index(words[0]) < page.index(words[1]) < page.index(words[2])


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_three_box_asks_for_nothing_only_a_screen_shows(lang):
    """The "To help you" box of worksheet 3 goes on paper: no dashed boxes (the pruned tree drawn on screen only)."""
    from gamekit.connect import worksheet_cards

    with using(lang):
        text = " ".join(worksheet_cards.scores_and_bits_cards()).lower()
    assert "dashed" not in text and "discontinu" not in text and "✗" in text


def test_spanish_board_descriptions_say_whose_turn_with_the_article():
    """A board's words for a screen reader say «Le toca al rojo.» / «Le toca al amarillo.», the form the lessons
    use everywhere, never «Le toca a Rojo.»; a name given by the caller (a room's player) is still filled in."""
    from gamekit import catalog
    from gamekit.connect.describe import describe

    five = catalog.get("five_in_a_row")

    with using("es"):
        red, yellow = FiveInARow(), FiveInARow.from_moves("4")
        assert describe(red).startswith("Le toca al rojo.") and describe(yellow).startswith("Le toca al amarillo.")
        assert describe(red, names=["Ana", "Luis"]).startswith("Le toca a Ana.")
        widget_names = [five.seat_name(s) for s in range(2)]  # what a board widget passes (lesson exercises too)
        assert describe(yellow, names=widget_names).startswith("Le toca al amarillo.")
    with using("en"):
        assert describe(red).startswith("Red to move.")


def test_spanish_wording_of_the_tree_and_the_blocker():
    """«la raíz del árbol» (not «la cima»), and the worksheet 2 rule says who must block the threat you make."""
    from gamekit.connect import teach_minimax, worksheet_cards

    with using("es"):
        prompt = teach_minimax.tiny_tree_exercise().prompt
        card = " ".join(worksheet_cards.threat_words_card())
    assert "la raíz del árbol" in prompt and "cima" not in prompt
    assert "una amenaza tuya que tu rival tenga que bloquear primero" in card


@pytest.mark.parametrize(
    "path, lessons, first",
    [
        ("practice/03_connect_four.md", "The lessons this page names are the 5 en raya lessons", "later lessons"),
        (
            "es/practice/03_connect_four.md",
            "Las lecciones que nombra esta página son las de 5 en raya",
            "lecciones posteriores",
        ),
    ],
)
def test_the_connect_four_practice_page_says_whose_lessons_before_naming_one(path, lessons, first):
    """The Connect Four Practice page says its lessons are 5 en raya's before it first mentions a lesson."""
    page = " ".join(_page(path).split())
    assert page.index(lessons) < page.index(first)
    assert page.index(lessons) < min(page.index(w) for w in ("lesson 1", "lección 1") if w in page)


@pytest.mark.parametrize(
    "path, start, words",
    [
        (
            "five_in_a_row/01_rules_and_play.md",
            "## More practice",
            dict(
                total="{n} problems.",
                bank="The first {n} are {level} positions",
                made="The {nth} problem is a PopOut game, like exercises 7 and 8, at {level} level",
                numbers={3: "three", 4: "Four"},
                nth={4: "fourth"},
                levels={"easy": "easy", "medium": "medium"},
            ),
        ),
        (
            "es/five_in_a_row/01_rules_and_play.md",
            "## Más práctica",
            dict(
                total="{n} problemas.",
                bank="Los {n} primeros son posiciones {level}",
                made="El {nth} problema es una partida con PopOut, como los ejercicios 7 y 8, de nivel {level}",
                numbers={3: "tres", 4: "Cuatro"},
                nth={4: "cuarto"},
                levels={"easy": "fáciles", "medium": "medio"},
            ),
        ),
    ],
)
def test_lesson_one_more_practice_words_follow_the_set(path, start, words):
    """Lesson 1's More practice introduction says how many problems the set holds, how many come from the bank and
    at which level, and which one is the PopOut problem the lesson makes and its level, all read from the set."""
    from gamekit.connect import lessons as L
    from gamekit.connect.lesson_practice import MadeProblem

    exercises = L.practice_exercises(1)
    bank = [e for e in exercises if not isinstance(e.puzzle, MadeProblem)]
    made = [i for i, e in enumerate(exercises, 1) if isinstance(e.puzzle, MadeProblem)]
    assert len({e.level for e in bank}) == 1 and len(made) == 1 and made[0] == len(exercises)
    text = " ".join(_section(_page(path), start, "L.practice(1").split())
    n = words["numbers"]
    assert words["total"].format(n=n[len(exercises)]) in text, text
    assert words["bank"].format(n=n[len(bank)], level=words["levels"][bank[0].level]) in text, text
    level = words["levels"][exercises[-1].level]
    assert words["made"].format(nth=words["nth"][made[0]], level=level) in text, text


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_one_gives_popouts_other_two_rules_as_the_engine_plays_them(lang):
    """Pupils play PopOut at the end of lesson 2, so lesson 1's PopOut section gives its other two rules in pupil
    words: a full grid does not end the game (the player to move pops; with nothing to pop, a draw), and a position
    back a third time is a draw.  The rules engine plays the repetition so on the 5 en raya grid: a disc dropped and
    popped by each side twice brings the empty grid back a third time, a draw."""
    path = ("es/" if lang == "es" else "") + "five_in_a_row/01_rules_and_play.md"
    page = " ".join(_page(path).split())
    section = page[page.index("## PopOut") : page.index("### Ejercicio 7" if lang == "es" else "### Exercise 7")]
    if lang == "en":
        assert "a full grid does not end the game" in section and "must pop one of their own discs" in section
        assert "a third time" in section and "the game is a draw" in section
    else:
        assert (
            "una cuadrícula llena no termina la partida" in section and "tiene que sacar una de sus fichas" in section
        )
        assert "por tercera vez" in section and "la partida es empate" in section
    g = FiveInARow(popout=True)
    for move in ("4", "5", "p4", "p5") * 2:
        assert not g.is_over()
        g.play(move)
    assert g.is_over() and g.winner() is None and g.draw_reason == "repetition"
    assert not FiveInARow.from_moves("45p4p5", popout=True).is_over()  # the second time is no draw yet


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_says_a_fourth_disc_win_needs_a_side_disc(lang):
    """Lesson 3's "a win with your 4th disc is +18" would puzzle a pupil who knows five are needed: the page says
    that in 5 en raya a side disc is then the fifth.  The solver agrees: red to move with three discs on the bottom
    row next to its side disc scores 22 − 4, and the five it makes runs through that side disc."""
    from gamekit.connect.solver import solve

    page = " ".join(_page(("es/" if lang == "es" else "") + "five_in_a_row/03_how_the_computer_knows.md").split())
    said = (
        "win with your 4th disc is +18: in 5 en raya that needs a side disc as the fifth disc of the line"
        if lang == "en"
        else "Ganar con tu 4.ª ficha vale +18: en el 5 en raya, para eso una ficha lateral tiene que ser la quinta"
    )
    assert said in page
    g = FiveInARow.from_moves("152535")
    assert solve(g) == 22 - 4
    g.play("4")
    assert g.winner() == 0 and any(g.is_side(c) for c, _ in g.winning_cells())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_guide_says_which_lesson_three_practice_problems_are_the_banks(lang):
    """Lesson 3's More practice mixes one bank puzzle with positions made for the lesson: the guide's prose says which
    is which by its place in the set (computed against the bank), without puzzle ids."""
    from gamekit.connect import lessons as L
    from gamekit.puzzles import bank

    in_bank = {p.id for p in bank("five_in_a_row")}
    with using(lang):
        ids = [ex.puzzle.id for ex in L.practice_exercises(3)]
    guide = (ROOT / ("docs/teachers/es/connect.md" if lang == "es" else "docs/teachers/connect.md")).read_text(
        encoding="utf-8"
    )
    prose = " ".join(guide.split("<!-- solutions:begin")[0].split())
    banked = [i for i in ids if i in in_bank]
    made = [i for i in ids if i not in in_bank]
    assert len(banked) == 1 and len(made) == 2, ids
    assert [ids.index(banked[0]) + 1, *(ids.index(i) + 1 for i in made)] == [2, 1, 3]
    said = (
        ("The second comes from a game the computer played", "The first and third were made for the lesson")
        if lang == "en"
        else (
            "El segundo viene de una partida que el ordenador jugó",
            "El primero y el tercero se crearon para la lección",
        )
    )
    assert all(s in prose for s in said), prose
    assert not any(i in prose for i in ids)  # ids are maintainer material (docs/connect.md), not the teacher's
    assert "positions made from random games" not in prose


def test_spanish_says_which_cell_is_filled_and_four_in_a_line_ends_the_game():
    """In the odd/even feedback «llenarlo» read as «ese tipo de fila»: the Spanish says «llenar ese hueco»; lesson 1
    says «cuatro en línea termina la partida» (one line of four, singular)."""
    with using("es"):
        ex = lesson2_rows.odd_even_2_exercise()
        told = [ex.check(w)[1] for w in ex.wrong]
    assert any("llenar ese hueco" in t for t in told) and not any("llenarlo" in t for t in told), told
    one = " ".join(_page("es/five_in_a_row/01_rules_and_play.md").split())
    assert "cuatro en línea termina la partida" in one and "terminan la partida" not in one
