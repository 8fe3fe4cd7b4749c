"""Dots lessons after the r29 reading: lesson 3's fact that a 2-chain opened at an end can be left to its opener
argued exercise 6's answer by elimination, so the page holds it back until exercise 6
is answered and worksheet 3 leaves it out; exercise
5's feedback says what the page has taught by then (opening), not "handing back"; lesson 5's exercise 2 no longer
says taking boxes ends a turn, exercise 4 says which boxes refusing gives up, and the page says the pupil always
starts the games against the CPU; the Spanish practice intros say «Si te equivocas, te explica por qué»."""

from __future__ import annotations

import pytest

from gamekit.dots import lessons as L
from gamekit.i18n import using

from testing_dots_guides import ROOT  # tests/testing_dots_guides.py


def _page(lang: str, name: str) -> str:
    folder = "notebooks/dots_and_boxes" if lang == "en" else "notebooks/es/dots_and_boxes"
    return (ROOT / folder / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_3_exercise_5_feedback_speaks_of_opening_not_handing_back(lang):
    with using(lang):
        ex = L.exercises(3)["hand_over"]
        for line in ex.game.legal_moves():
            ok, feedback = ex.check(line)
            low = feedback.lower()
            assert "back" not in low and "devuelve" not in low, feedback  # "hands over" is taught above it
    with using("en"):
        for line in ("c1-c2", "b1-c1"):
            assert "open the single box" in ex.check(line)[1] or "opens the single box" in ex.check(line)[1]


def test_lesson_5_exercise_2_says_taking_never_ends_a_turn():
    for lang, said, wrong in (
        ("en", "Taking a box never ends a turn", "ends Coral's turn"),
        ("es", "Llevarse una casilla nunca acaba un turno", "su turno acaba"),
    ):
        with using(lang):
            ex = L.exercises(5)["loop_six"]
            ok, feedback = ex.check(6)
        assert not ok and said in feedback and wrong not in feedback, feedback


def test_lesson_5_exercise_4_says_which_boxes_refusing_gives_up():
    for lang, said in (
        ("en", "refusing gives up 2 boxes of this chain and 4 of the loop"),
        ("es", "rechazar cede 2 casillas de esta cadena y 4 del bucle"),
    ):
        with using(lang):
            ex = L.exercises(5)["control_price"]
            ok, feedback = ex.check(ex.solutions[0])
        assert ok and said in " ".join(feedback.split()), feedback


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_says_the_pupil_always_starts_against_the_cpu(lang):
    page = _page(lang, "05_double_dealing_and_control.md")
    assert ("as in lesson 1" if lang == "en" else "como en la lección 1") not in page
    assert ("games against the CPU, you always start" if lang == "en" else "contra la CPU, siempre empiezas tú") in page


def test_spanish_pages_say_te_explica_por_que():
    for name in sorted((ROOT / "notebooks/es/dots_and_boxes").glob("*.md")):
        text = name.read_text(encoding="utf-8")
        assert "se te dice por qué" not in text and "una respuesta es un error" not in text, name.name
    assert (
        sum(
            "te equivocas, te explica por qué" in p.read_text(encoding="utf-8").lower()
            for p in (ROOT / "notebooks/es/dots_and_boxes").glob("*.md")
        )
        == 5
    )
