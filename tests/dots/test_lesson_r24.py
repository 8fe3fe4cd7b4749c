"""Dots lessons after the r24 strict reading: lesson 4's minutes give the rule room and leave the formula exercise
to spare time, its practice boards say which are made up, and a wrong answer names the board it is wrong on."""

from __future__ import annotations

import re

import pytest

from gamekit.dots import lessons as L
from gamekit.i18n import using

from testing_dots_guides import ROOT, lesson_periods, lesson_plan  # tests/testing_dots_guides.py


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_plan_gives_the_rule_8_to_10_minutes_and_still_adds_up(lang):
    rows = lesson_plan(lang, 4)
    rule = next(m for m, row in rows if row.startswith(("reading, aloud", "lectura en voz alta")))
    assert 8 <= rule <= 10
    assert sum(m for m, _ in rows) == L.LESSONS[4].minutes == 50


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_made_up_boards_are_said_to_be_made_up(lang):
    with using(lang):
        two, three = L.exercises(4)["parity_5x4"], L.exercises(4)["parity_coral_5x5"]
    made_up = "made up" if lang == "en" else "inventado"
    assert made_up in two.prompt and "6×4" in two.prompt.split(made_up)[0].rsplit(".", 1)[-1]
    said = three.prompt.split(made_up)[0].rsplit(".", 1)[-1]
    assert "2×2" in said and "6×6" in said and "5×5" not in said and "4×3" not in said
    with using(lang):
        real = L.exercises(1)  # a lesson with only the game's boards has no such sentence
    assert all(made_up not in ex.prompt for ex in real.values())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_exercise_2_names_the_board_a_wrong_answer_is_wrong_on(lang):
    with using(lang):
        ex = L.exercises(4)["parity_5x4"]
        assert ex.solutions[0] == "2, 1, 2"
        one = ex.check("1, 1, 2")
        two = ex.check("2, 2, 1")  # the boxes counted instead of the dots has its own reason
        mixed = ex.check("1, 2, 1")  # the rule turned round
        last = ex.check("2, 1, 1")
    assert not one[0] and "5×4" in one[1] and "6×4" not in one[1] and "3×3" not in one[1]
    assert not last[0] and "3×3" in last[1] and "5×4" not in last[1]
    assert one[1] != last[1] and len({one[1], two[1], mixed[1]}) == 3
    with using(lang):
        coral = L.exercises(4)["parity_coral_5x5"].check("2, 2, 1, 1")  # 1, 2, 1, 2 is right: 5×5 and 6×6 wrong
    assert not coral[0] and "5×5" in coral[1] and "6×6" in coral[1] and "2×2" not in coral[1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_tally_sentence_reads_aloud(lang):
    """The worked row had "(16 + 0 = 16, and – for whom it suits)": a dash standing for a word cannot be read."""
    from gamekit.dots.lesson_worksheets import tally_sheet, tally_worked_row

    with using(lang):
        row, sheet = str(tally_worked_row()), tally_sheet()
    assert "–" not in row and "(" not in row
    assert row in sheet
    assert ("16 + 0 = 16" in row) and ("predicts nothing" if lang == "en" else "no predice nada") in row


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_tally_check_is_an_instruction(lang):
    """The page said "If your count is right, 'Check your tally' appears", which reads as "check after being right":
    it now says what to type, how to send it, and what to do with the rows that open."""
    text = " ".join(
        (ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes/04_long_chain_rule.md")
        .read_text(encoding="utf-8")
        .split()
    )
    if lang == "en":
        assert "“Check your tally” appears" not in text
        assert "and press Enter." in text and "Click it and compare them with your table, row by row." in text
    else:
        assert "aparece «Comprueba" not in text
        assert "y pulsa Intro." in text and "compáralas con tu tabla, fila a fila." in text


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("name", ["l4_ex8", "l4_ex11"])
def test_lesson_4_sacrifice_hints_do_not_name_the_method(lang, name):
    with using(lang):
        hint = L.exercises(4)[name].hint.lower()
    words = ("sacrific", "give", "gift", "given away") if lang == "en" else ("sacrific", "regal", "entreg")
    assert hint and not any(word in hint for word in words), hint


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_1_gives_9_and_2_their_own_reasons(lang):
    """9 is every box on the board, 2 only the first two boxes Gold takes: each gets a reason about that mistake,
    not the general "count it turn by turn"."""
    with using(lang):
        ex = L.exercises(5)["double_deal_score"]
        nine, two, other = ex.check("9"), ex.check("2"), ex.check("1")
    assert 9 in ex.wrong and 2 in ex.wrong
    assert not nine[0] and not two[0]
    assert len({nine[1], two[1], other[1]}) == 3
    if lang == "en":
        assert "every box on the board" in nine[1] and "only the first two boxes" in two[1]
    else:
        assert "todas las casillas del tablero" in nine[1] and "solo las dos primeras casillas" in two[1]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_3_hint_does_not_say_who_gets_control(lang):
    """Who has control after taking is half of step 2, the method exercise 3 tests: the hint asks, never tells."""
    with using(lang):
        hint = L.exercises(5)["control_price"].hint
    told = ("takes, ", "has control.") if lang == "en" else ("se las lleva, el control", "el control es de")
    assert hint and not any(t in hint for t in told), hint


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_reading_has_honest_minutes_and_the_worked_count_is_extra(lang):
    rows = lesson_plan(lang, 5)
    reading = next(m for m, row in rows if row.startswith(("reading, aloud", "lectura en voz alta")))
    assert reading >= 9 and sum(m for m, _ in rows) == L.LESSONS[5].minutes == 100
    assert [sum(m for m, _ in period) for period in lesson_periods(lang, 5)] == [50, 50]
    assert not any("worked count" in row or "cuenta hecha" in row for _, row in rows)
    page = ROOT / "notebooks" / ("es" if lang == "es" else "") / "dots_and_boxes/05_double_dealing_and_control.md"
    text = page.read_text(encoding="utf-8")
    extra = text.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    assert (
        text.index('L.exercise("l5_ex8"')
        < extra
        < text.index('L.exercise("l5_ex10"')
        < text.index("worked_control_count()")
    )
    time_line = next(line for line in text.splitlines() if line.startswith(("**Time:**", "**Tiempo:**")))
    assert ("the worked count" if lang == "en" else "el cálculo resuelto") in time_line


@pytest.mark.parametrize("lang", ["en", "es"])
def test_practice_page_says_what_a_hard_hearted_handout_is(lang):
    folder = "notebooks/practice" if lang == "en" else "notebooks/es/practice"
    page = " ".join((ROOT / folder / "01_dots_and_boxes.md").read_text(encoding="utf-8").split())
    assert "sometimes not at all" not in page and "a veces no la entregues" not in page
    if lang == "en":
        assert "give them so they cannot be refused" in page and "by its middle line, or give a single box" in page
    else:
        assert "de forma que no se puedan rechazar" in page and "o regala una casilla suelta" in page


ES_DOTS = [
    *sorted((ROOT / "notebooks/es/dots_and_boxes").glob("*.md")),
    ROOT / "notebooks/es/practice/01_dots_and_boxes.md",
    ROOT / "docs/teachers/es/dots.md",
    *sorted((ROOT / "docs/teachers/es/worksheets/dots_and_boxes").glob("*.md")),
]


@pytest.mark.parametrize("path", ES_DOTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_spanish_dots_keeps_cuenta_for_the_count_and_paso_a_paso_as_an_adverb(path):
    """«cuenta» is the count (dots + long chains); lesson 4's tally is a «registro» or a «tabla», and a step-through
    is a «secuencia»: «paso a paso» only says how it is walked through."""
    text = " ".join(path.read_text(encoding="utf-8").split())
    for wrong in ("Comprueba tu cuenta", "Lleva la cuenta", "cuenta ya hecha", "cuenta ya resuelta", "cuenta resuelta"):
        assert wrong not in text, wrong
    noun = re.findall(r"\b(?:el|los|un|del|primer|tres|dos|este|tablero|tableros|cuenta) paso a paso\b", text)
    assert not noun, noun


def test_spanish_tally_words_in_the_catalogue():
    from gamekit.dots.lesson_worksheets import tally_prediction

    with using("es"):
        from gamekit.i18n import tr

        assert tr("Check your tally") == "Comprueba tu tabla" and tr("Keep a tally") == "Lleva un registro"
        wrong = tally_prediction("0")[1] + tally_prediction("1")[1]
    assert "cuenta" not in wrong.replace("cuenta las", "")  # the verb «cuenta las cadenas» is fine
