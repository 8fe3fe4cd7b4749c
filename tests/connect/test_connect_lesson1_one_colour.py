"""5 en raya lesson 1 exercise 6 counts the lines red or yellow could fill (64); one colour alone could fill 54
(each row has a side disc of each colour), and a pupil who counts one colour's lines is told so (a fresh reader
found the prompt asking for "one colour" while accepting only 64)."""

import pytest

from gamekit.connect.lesson1_counts import one_colour_counts
from gamekit.connect.lesson1_exercises import count_lines_exercise
from gamekit.connect.rules import FIVE_IN_A_ROW, RED, YELLOW, count_lines
from gamekit.i18n import using


def test_one_colours_lines_by_direction_add_up_to_its_count():
    counts = count_lines(FIVE_IN_A_ROW)
    assert one_colour_counts(FIVE_IN_A_ROW, RED) == one_colour_counts(FIVE_IN_A_ROW, YELLOW) == (24, 14, 16)
    assert sum(one_colour_counts(FIVE_IN_A_ROW, RED)) == counts["red"] == counts["yellow"] == 54
    assert counts["lines"] == 64


@pytest.mark.parametrize(
    "lang, either, alone", [("en", "red or yellow", "red alone"), ("es", "el rojo o el amarillo", "solo el rojo")]
)
def test_the_prompt_asks_for_either_colour_and_one_colours_count_is_told_why(lang, either, alone):
    with using(lang):
        ex = count_lines_exercise()
        assert either in ex.prompt and "one colour" not in ex.prompt and "un mismo color" not in ex.prompt
        ok, why = ex.check("24 + 14 + 16")
        assert not ok and alone in why and either in why, why
        ok, why = ex.check("54")  # also 30 + 14 + 10, the diagonals one way only: both slips named
        assert not ok and alone in why and ("one way only" in why or "un solo sentido" in why), why
        assert ex.check("30 + 14 + 20")[0]
