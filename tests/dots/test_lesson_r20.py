"""Review r20 of the Dots lessons: each wrong answer a reader found mis-answered gets its own reason, the paper
sheets say no more (and no less) than the page, and lessons 4 and 5 keep their extra reading out of the minutes."""

from __future__ import annotations

import re

import pytest

from gamekit.dots import lessons as L
from gamekit.i18n import using

from tests.dots.test_lesson_answers_held import ROOT, _flat, _page  # the checkout, a lesson page, text on one line


# ----- lesson 2, exercise 7: the separate box -------------------------------------------------------------------
def test_lesson_2_exercise_7_tells_the_pupil_who_forgot_the_box_on_its_own():
    """Box c1 stands alone and c2, c3, b3 make a run: 3 is the run without c1, and its reason names c1 (not "keep
    following the boxes", which sent the pupil further along the run they had already counted)."""
    ex = L.LESSONS[2].exercises["l2_ex7"]()
    assert ex.check(4)[0] and 3 in ex.wrong
    ok, why = ex.check(3)
    assert not ok and "left out box c1" in why and "even on its own" in why and "keep following" not in why
    reasons = {w: ex.check(w) for w in ex.wrong}
    assert not any(ok for ok, _ in reasons.values())
    assert len({why for _, why in reasons.values()}) == len(ex.wrong)  # each wrong answer its own reason
    with using("es"):
        ok, why = L.LESSONS[2].exercises["l2_ex7"]().check(3)
    assert not ok and "te has dejado la casilla c1" in why


def test_a_single_run_has_no_forgotten_box_reason():
    """Where the boxes on offer are one run (lesson 2's exercise 5), no count is "one run short"."""
    ex = L.LESSONS[2].exercises["how_many"]()
    assert all("you followed one run" not in ex.check(w)[1] for w in ex.wrong)


# ----- lesson 4, exercise 11: zero long chains predicts nothing -------------------------------------------------
@pytest.mark.parametrize("line", ["a1-a2", "b1-b2", "c1-c2", "c1-d1"])
def test_lesson_4_exercise_11_says_zero_long_chains_predicts_nothing(line):
    """Opening the chain of 3 leaves no long chain once the gift is taken: the page's own words ("predicts
    nothing"), never "16 + 0 = 16 is even, the count Gold wants"."""
    ex = L.LESSONS[4].exercises["l4_ex11"]()
    ok, why = ex.check(line)
    assert not ok and "no long chain is forming, and with none the count predicts nothing (16 + 0 = 16)" in why
    assert "the count Gold wants" not in why and "16 + 0 = 16 is even" not in why


def test_the_zero_chain_reason_is_spanish_too():
    with using("es"):
        ok, why = L.LESSONS[4].exercises["l4_ex11"]().check("a1-a2")
    assert not ok and "la cuenta no predice nada (16 + 0 = 16)" in why and "la cuenta que quiere" not in why


# ----- lesson 5, exercise 2: no wrong answer gives "leave four" away ---------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_2s_wrong_answers_point_back_to_the_question(lang):
    """Each wrong count is told why it fails and asked a question back; none says how many to leave."""
    with using(lang):
        ex = L.LESSONS[5].exercises["loop_six"]()
        answers = {k: ex.check(k) for k in range(7)}
    assert [k for k, (ok, _) in answers.items() if ok] == [2]
    wrong = {k: why for k, (ok, why) in answers.items() if not ok}
    assert set(ex.wrong) <= set(wrong) and len(set(wrong.values())) == len(wrong)
    gone = (
        ("four", "leave 4", "last 4", "all but", "Leave four")
        if lang == "en"
        else ("cuatro", "deja 4", "últimas 4", "todas menos", "Deja cuatro")
    )
    for k, why in wrong.items():
        assert not any(word in why for word in gone), (k, why)
        assert "?" in why or k in (6,), (k, why)  # a question back, or (taking all) what it costs


# ----- lesson 4: the tally opens only on the right count ----------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_only_the_right_tally_opens_the_check(lang):
    from gamekit.dots.lesson_worksheets import tally_prediction, tally_rows

    with using(lang):
        right = tally_rows()[-1][1]
        answers = {k: tally_prediction(k) for k in range(4)}
    assert [k for k, (ok, _) in answers.items() if ok] == [right] == [2]
    assert len({why for _, why in answers.values()}) == 4  # each wrong count its own reason


# ----- paper ----------------------------------------------------------------------------------------------------
def _sheet(lang: str, name: str) -> str:
    folder = ROOT / "docs" / "teachers" / ("es/worksheets" if lang == "es" else "worksheets") / "dots_and_boxes"
    return next(folder.glob(f"{name}_*.md")).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_4_does_not_say_where_the_tally_starts(lang):
    sheet = _sheet(lang, "04")
    rows = [line for line in sheet.splitlines() if line.startswith("| ")]  # tables, not the pictures' strokes
    numbered = [line for line in rows if line.endswith("| | | |")]
    assert numbered == [f"| {i} | | | |" for i in range(1, len(numbered) + 1)] and len(numbered) == 13
    assert "From line 8" not in _flat(sheet) and "Desde la línea 8" not in _flat(sheet)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_worksheet_states_the_loops_cost_itself(lang):
    """On paper nothing checks exercise 2 before exercise 3 uses the loop's cost: the card says it (4)."""
    sheet = _sheet(lang, "05")
    title = "**Take or refuse?**" if lang == "en" else "**¿Llevártelas o rechazarlas?**"
    card = _flat(sheet[sheet.index(title) : sheet.index("\n## ", sheet.index(title))])
    assert ("4 for each loop" if lang == "en" else "4 por cada bucle") in card
    assert ("exercise 2" if lang == "en" else "ejercicio 2") not in card
    assert ("refusing a loop 4 fewer" if lang == "en" else "si rechazas un bucle, 4 menos") in card


# ----- lesson 3: no tints; lesson 1: a task in the Play slot ----------------------------------------------------
def test_lesson_3s_exercise_boards_draw_no_tint_as_the_page_says():
    assert "the boards have **no tints**" in _page("en", "03")
    assert "no marcan nada con color" in _page("es", "03")
    for key, factory in L.LESSONS[3].exercises.items():
        ex = factory()
        assert not ex.third_sides and not ex.parts, key


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_1s_play_slot_sets_a_task(lang):
    page = _page(lang, "01")
    head = "## Play" if lang == "en" else "## A jugar"
    slot = _flat(page[page.index(head) : page.index("```{code-cell}", page.index(head))])
    said = (
        ("writes each line on paper", "who took each box", "is the score the same?")
        if lang == "en"
        else ("apunta en papel cada línea", "quién gana cada casilla", "¿sale el mismo marcador?")
    )
    assert all(s in slot for s in said), slot


# ----- lessons 4 and 5 fit their minutes -------------------------------------------------------------------------
@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4s_proof_is_in_the_optional_part(lang):
    """The rule keeps its short why (the turns formula exercise 9 uses); the eight-step proof is extra."""
    page = _page(lang, "04")
    extra = page.index("## If you have time" if lang == "en" else "## Si te sobra tiempo")
    proof = page.index(
        "### Why there are dots + long chains − 1 turns"
        if lang == "en"
        else "### Por qué hay puntos + cadenas largas − 1 turnos"
    )
    rule = page[page.index("## La regla" if lang == "es" else "## The rule") : page.index('L.exercise("dots_7x5"')]
    assert extra < proof
    assert ("dots + long chains − 1" if lang == "en" else "puntos + cadenas largas − 1") in rule
    assert "\n1. " not in rule and "\n10. " not in rule  # no numbered proof before the exercises
    assert "14" in page[proof:] and "22" in page[proof:]  # the 4×2 count: 22 lines, 14 that end a turn


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5s_rule_of_thumb_is_short_and_waits_for_exercise_2(lang):
    """The rule of thumb is two steps of short sentences, names the loop's cost, and opens once exercise 2 (whose
    answer that cost gives) is answered; the page no longer points back to "what exercise 2 showed"."""
    from gamekit.dots.lesson_explanations import explanation

    page = _page(lang, "05")
    head = "## Take or refuse?" if lang == "en" else "## ¿Llevártelas o rechazarlas?"
    section = page[page.index(head) : page.index("### Exercise 4" if lang == "en" else "### Ejercicio 4")]
    assert 'L.after_exercise("loop_six", score, explanation("take_or_refuse"))' in section
    assert ("exercise 2 showed" if lang == "en" else "lo que viste en el ejercicio 2") not in page
    with using(lang):
        rule = explanation("take_or_refuse").paragraphs
    sentences = [s for p in rule for s in re.split(r"(?<=[.:])\s+", p)]
    assert len(rule) == 4 and max(len(s.split()) for s in sentences) <= 25, sentences
    assert ("4 for each loop" if lang == "en" else "4 por cada bucle") in rule[2]
    assert ("rule of thumb" if lang == "en" else "regla práctica") in rule[0]
