"""Shut the Box lessons: the feedback and page fixes of the sixth reading (what a pupil sees and is told)."""

from __future__ import annotations

from fractions import Fraction

from gamekit.i18n import using
from gamekit.shutbox import exercises_expected


def test_lesson_4_exercise_3_calls_only_a_close_number_nearly_and_names_the_worked_example():
    """Exercise 3 (7 then 8, about 2.3 in 100): a number with extra decimals is "nearly" only when it is within a
    tenth of the exact 2.31…; the worked example's value (3 then 6: 0.77…, shown as 0.8) is told it is that; a far
    number gets the general reason, not "nearly"."""
    ex = exercises_expected.two_rolls_exercise()
    assert 100 * Fraction(2, 36) * Fraction(5, 36) < 1  # the worked example: about 0.77 in 100
    for near in ("2.32", "2.30", "2.2999", "2.25"):
        ok, why = ex.check(near)
        assert not ok and why.startswith("Nearly"), near
    for example in ("0.77", "0.8", "0,77"):
        ok, why = ex.check(example)
        assert not ok and "worked example" in why and "3 then 6" in why and "6/36 × 5/36" in why, example
        assert "2.3" not in why
    for far in ("9.99", "5.55", "1.23"):
        ok, why = ex.check(far)
        assert not ok and not why.startswith("Nearly") and "worked example" not in why, far
    assert ex.check("2.31")[0] and ex.check("2.3")[0]
    with using("es"):
        es = exercises_expected.two_rolls_exercise()
        assert "ejemplo resuelto" in es.check("0,77")[1] and not es.check("9,99")[1].startswith("Nearly")


def test_lesson_4_expected_scores_rounded_too_much_are_refused_without_using_a_try():
    """"13.5" for 13.54 (exercise 2) and "5.8" for 5.83 (exercise 1) are right values in the wrong form: told so,
    and the try is not used up (the message and the count agree); a wrong value still counts."""
    one, two = exercises_expected.expected_score_exercise(), exercises_expected.two_tile_expected_exercise()
    for ex, answer in ((two, "13.5"), (two, "13,5"), (one, "5.8")):
        ok, why, counts = ex.assess(answer)
        assert not ok and not counts and "Your value is right, but rounded too much" in why, answer
    ok, why, counts = two.assess("14")  # the 13.83 slip rounds there too: a form refusal, never "right"
    assert not ok and not counts and "cannot be checked" in why and "right" not in why
    ok, why, counts = two.assess("13.83")
    assert not ok and counts and "expected score, 8, not 9" in why
    ok, _, counts = two.assess("13.54")
    assert ok and counts
