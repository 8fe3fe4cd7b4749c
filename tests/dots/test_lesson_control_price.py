"""Dots lesson 5's objective 2 ("tell when keeping control is not worth it") has a method and an exercise: the pupil
counts the boxes still to come that each plan keeps (Berlekamp's controlled value: minus 2 per refused chain, minus
4 per refused loop), types both numbers, then says take or refuse; the answer is the exact solver's."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.dots.lesson_exercise import completes_box
from gamekit.dots.solver import move_values
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]
PAGE = "05_double_dealing_and_control.md"


def _ex():
    return L.exercises(5)["control_price"]


def test_the_counts_and_the_choice_are_the_exact_solvers():
    ex = _ex()
    game = ex.game
    values = move_values(game)
    to_come = game.geometry.n_boxes - sum(game.scores)
    take = (to_come + max(v for l, v in values.items() if completes_box(game, l))) // 2
    refuse = (to_come + max(v for l, v in values.items() if not completes_box(game, l))) // 2
    best = max(values.values())
    choice = "take" if any(values[l] == best for l in values if completes_box(game, l)) else "refuse"
    assert (take, refuse, choice) == (6, 4, "take")  # on the page: 10 boxes to come, a loop of 4 and a chain of 4
    assert ex.check(f"{take}, {refuse}, {choice}")[0]
    assert ex.check(f"{take} {refuse} taking")[0]


@pytest.mark.parametrize(
    "answer, words",
    [
        ("6, 4, refuse", "Your numbers are right"),  # the habit of refusing, with the right counts
        ("4, 6, take", "other way round"),  # the right choice, the counts typed in the wrong order
        ("4, 6, refuse", "Refusing does not keep 6"),  # believes refusing keeps the larger count
        ("2, 4, take", "only the boxes on offer"),
        ("4, 4, take", "open the chain first"),
        ("6, 8, take", "only the 2 boxes of this chain"),
        ("6, 6, take", "4 (not 2) for the loop"),
        ("6, 2, take", "last chain is not refused"),
        ("6, 10, take", "Refusing is not free"),
    ],
)
def test_each_common_wrong_answer_fails_with_its_own_reason(answer, words):
    ok, feedback = _ex().check(answer)
    assert not ok and words in feedback


def test_the_two_swapped_answers_get_different_reasons():
    """ "4, 6, take" only swaps the order; "4, 6, refuse" believes refusing keeps 6: each is told its own mistake,
    and neither reason gives the right counts away."""
    ex = _ex()
    (ok1, order), (ok2, belief) = ex.check("4, 6, take"), ex.check("4, 6, refuse")
    assert not ok1 and not ok2 and order != belief
    assert "2 boxes" in belief and "loop 4" in belief and "6, 4" not in belief


@pytest.mark.parametrize("answer", ["6, 4", "take", "6 take", "6, 4, 2, take", "6, 4, take, refuse"])
def test_an_answer_without_two_numbers_and_one_choice_is_refused_with_the_format(answer):
    ok, feedback = _ex().check(answer)
    assert not ok and "Type two numbers and your choice" in feedback and "like this" in feedback


def test_spanish_answers_and_feedback():
    with using("es"):
        ex = L.exercises(5)["control_price"]
        assert ex.check("6, 4, llevar")[0] and ex.check("6, 4, me las llevo")[0]
        ok, feedback = ex.check("6, 4, rechazar")
        assert not ok and "Tus números son correctos" in feedback
        assert "Escribe los dos números" in ex.prompt
        # taking boxes is «llevarse», never a bare «llevar»; the question asks about Gold («¿llevárselas o
        # rechazarlas?»), so the answer shown is in the same person: «llevárselas», not «llevártelas»
        assert "¿llevárselas o rechazarlas?" in ex.prompt and "rechazarlas." in ex.prompt
        assert ex.solutions == ["6, 4, llevárselas"] and ex.check("6, 4, llevárselas")[0]
        assert ex.check("6, 4, llevártelas")[0]  # a pupil who answers for themself is still right
        assert "llevártelas" not in ex.answer + ex.check("6, 4, llevárselas")[1]
        assert not re.search(r"\bllevar\b", ex.prompt + ex.answer + ex.check("6, 4, llevárselas")[1])


@pytest.mark.parametrize("folder", ["notebooks/dots_and_boxes", "notebooks/es/dots_and_boxes"])
def test_the_exercise_comes_right_after_the_price_of_control_and_is_objective_2s(folder):
    page = (ROOT / folder / PAGE).read_text(encoding="utf-8")
    price = page.index('explanation("leave_four")')  # what a loop's refusal costs, shown once exercise 2 is answered
    assert page.index('L.exercise("control_price"') > price
    assert page.index('L.exercise("control_price"') < page.index('L.exercise("l5_ex4"')
    objectives = dict((name, ids) for name, ids in L.LESSONS[5].objectives)
    assert (
        "control_price"
        in objectives["tell when keeping control is not worth what it costs, and take everything instead"]
    )
