"""Lesson 1's line counts: exercise 5's prompt leaves the side discs to the pupil (the slip it catches), and
exercise 6 tells the lines up split in two (30 + 7 + 7 + 20) what they are, not a diagonal slip."""

import pytest

from gamekit.connect import lesson1_exercises
from gamekit.i18n import using


@pytest.mark.parametrize("lang, side", [("en", "side disc"), ("es", "fichas laterales")])
def test_exercise_five_does_not_name_the_side_discs_but_its_feedback_does(lang, side):
    with using(lang):
        ex = lesson1_exercises.row_lines_exercise()
        ok, text = ex.check("3")
    assert side not in ex.prompt
    assert not ok and side in text  # the seven middle cells only: told the side discs count


@pytest.mark.parametrize(
    "lang, words", [("en", ("Up: 7 + 7 makes 14", "one count")), ("es", ("Vertical: 7 + 7 da 14",))]
)
def test_the_lines_up_split_in_two_are_told_so(lang, words):
    with using(lang):
        ex = lesson1_exercises.count_lines_exercise()
        try:
            ok, text = ex.check("30 + 7 + 7 + 20")
        except ValueError as told:  # no try used up: the counts are right
            ok, text = False, str(told)
    assert not ok and all(w in text for w in words)
    assert "Diagonal" not in text and "diagonal: 7" not in text.lower()
    with using(lang):
        assert ex.check("30 + 14 + 20")[0]
