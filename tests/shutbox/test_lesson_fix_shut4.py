"""Regression tests for a second strict reading of the Shut the Box lessons: each page sentence says what its
checker wants, each wrong answer's reason is true of that answer, and the class tally has enough rolls."""

from __future__ import annotations

import re

import pytest

from gamekit.i18n import using

from .paths import GUIDES, PAGES, one_line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_four_exercise_four_page_asks_for_what_the_box_takes(lang):
    """Exercise 4's page said "Type only that chance in the box", but the box wants a whole number of turns in 100
    ("3/36" and "0.083" are refused): the page now says "a whole number of turns in 100", like the prompt."""
    from gamekit.shutbox import exercises_best_set as B, lesson_tables

    page = one_line((PAGES[lang] / "04_best_strategy.md").read_text(encoding="utf-8"))
    said = {
        "en": "In the box, type only that chance as a whole number of turns in 100.",
        "es": "En el recuadro escribe solo esa probabilidad, en un número entero de turnos de cada 100.",
    }[lang]
    assert said in page and "Type only that chance in the box" not in page and "En la casilla" not in page
    with using(lang):
        ex = B.leave_value_exercises(B.SHUT_EXERCISE, lesson_tables.FILL_RULES)[0]()
        prompt = ex.prompt
        assert ("Give a whole number" if lang == "en" else "Da un número entero") in prompt
        assert ("turns in 100" if lang == "en" else "turnos de cada") in one_line(prompt)
        assert all(re.fullmatch(r"\d+", s) for s in ex.solutions)
        assert ex.check(ex.solutions[0])[0]
        for chance in ("0.11", "4/36"):  # the chance itself is never what the box takes
            assert not ex.check(chance)[0]


def test_lesson_four_exercise_three_one_is_not_called_the_worked_examples_value():
    """ "1" was told "That is the worked example's value", but that value is about 0.8: 1 now has its own reason
    (the example rounded to a whole number), and 0.8 keeps "the worked example's value"."""
    from gamekit.shutbox.exercises_expected import two_rolls_exercise

    ex = two_rolls_exercise()
    ok, why = ex.check("1")
    assert not ok and why.startswith("Too low. 1 is the worked example's value rounded to a whole number")
    assert "about 0.8 turns in 100" in why and "Give one decimal." in why
    ok, why = ex.check("0.8")
    assert not ok and why.startswith("That is the worked example's value")
    assert ex.check("2.3")[0] and "rounded to whole turns" in ex.check("2")[1]
    with using("es"):
        ok, why = two_rolls_exercise().check("1")
        assert not ok and why.startswith("Demasiado bajo. 1 es el valor del ejemplo resuelto redondeado")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_one_big_tiles_prompt_shows_the_forms_it_accepts(lang):
    """The prompt asks for one form in one sentence, with commas, and its example is a comma list ("1, 2, 3"); the
    other form ("7 + 8 + 9") is right too."""
    from gamekit.shutbox.exercises_turn import one_die_tiles_exercise

    with using(lang):
        ex = one_die_tiles_exercise((1, 7, 8, 9))
        shown = (
            "separadas por comas (por ejemplo 1, 2, 3)" if lang == "es" else "with commas between them (like 1, 2, 3)"
        )
        assert shown in ex.prompt and "1 + 2 + 3" not in ex.prompt
        for typed in ("7, 8, 9", "7 + 8 + 9", "7+8+9"):
            assert ex.check(typed)[0], typed


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_three_class_tally_asks_for_36_rolls_a_pair_and_pools_without_a_group(lang):
    """Four rolls each (8 a pair) cannot show the shape: the page asks for 36 rolls a pair, 18 each, and says the
    teacher tells how the class puts its rolls together (r30: the class-group steps are the guide's); the page's
    minutes for the tally, the guide's plan row and the worksheet agree."""
    from gamekit.teacher_sheets import worksheet_markdown

    page = one_line((PAGES[lang] / "03_dice.md").read_text(encoding="utf-8"))
    tally = page[page.index("## A class tally" if lang == "en" else "## El recuento de la clase") :]
    tally = tally[: tally.index("```")]
    if lang == "en":
        assert "Make 36 rolls as a pair, 18 each" in tally and "(about 8 minutes)" in tally
        assert "Your teacher will tell you how the class puts its rolls together." in tally
        assert "Join your class" not in tally and "four rolls" not in page
        assert "8 for the tally" in page
    else:
        assert "Tira 18 veces y tu pareja otras 18: 36 tiradas entre los dos" in tally and "(unos 8 minutos)" in tally
        assert "Tu profesor o profesora te dirá cómo junta la clase sus tiradas." in tally
        assert "Únete a tu clase" not in tally and "cuatro tiradas" not in page
        assert "8 para el recuento" in page
    guide = one_line(GUIDES[lang].read_text(encoding="utf-8"))
    assert (
        "| 8 | the class tally with real dice (36 rolls per pair"
        if lang == "en"
        else "| 8 | el recuento de la clase con dados de verdad (36 tiradas por pareja"
    ) in guide
    assert "four rolls" not in guide and "cuatro tiradas" not in guide
    with using(lang):
        sheet = one_line(worksheet_markdown("gamekit.shutbox.lessons", "shut_the_box/03_dice", lang))
    assert ("36 rolls for your pair, 18 each" if lang == "en" else "36 tiradas por pareja, 18 cada uno") in sheet


def test_spanish_words_for_the_answer_box_the_grid_cell_and_the_open_tiles():
    """Spanish used «casilla» for the answer box and for a cell of the paper grid: the box is a «recuadro», a cell
    of the grid a «celda»; lesson 1's exercise says «termina con las fichas 2 y 5 descubiertas», not «con 2 y 5»."""
    from gamekit.shutbox.exercises_turn import turn_score_exercise

    dice = one_line((PAGES["es"] / "03_dice.md").read_text(encoding="utf-8"))
    assert "casilla" not in dice and "Cada celda es un resultado" in dice and "Cuenta las celdas" in dice
    best = one_line((PAGES["es"] / "04_best_strategy.md").read_text(encoding="utf-8"))
    assert "En la casilla" not in best and "En el recuadro escribe" in best
    with using("es"):
        prompt = one_line(turn_score_exercise().prompt)
    assert re.search(r"termina con las fichas \S+( \S+)*( y \S+)? todavía descubiertas", prompt), prompt
