"""Shut the Box fixes from the r25 reading: feedback whose words follow its numbers, a worksheet that does not give
its answer away, a guide sentence about "the fewest tiles" that matches the problems, honest practice levels."""

import re

import pytest

from gamekit.i18n import using
from gamekit.shutbox.exercises_goals import goals_why_exercise
from gamekit.shutbox.simulation import dice_outcomes


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_6_small_tiles_feedback_follows_its_numbers(lang):
    """The feedback called 9 outcomes of 36 "hard to cover" and then 10 of 36 (a roll of 9 to 12) "easy to cover".
    Now it names the count of outcomes, the count is right, and the only judgement it makes ("fewer than half") is
    true of that count."""
    with using(lang):
        ex = goals_why_exercise()
        choice = next(c for c in ex.wrong if re.search(r"2 (or|o) 3", c))
        ok, why = ex.check(choice)
    assert not ok
    listed = re.search(r"(\d+(?:, \d+)* (?:or|o) \d+)", why).group(1)
    rolls = [int(r) for r in re.findall(r"\d+", listed)]
    assert rolls == [2, 3, 10, 11, 12]
    n = sum(1 for a, b in dice_outcomes() if a + b in rolls)
    assert f"{n} outcomes of 36" in why or f"{n} resultados de 36" in why
    assert 2 * n < 36 and ("fewer than half" in why or "menos de la mitad" in why)
    for word in ("hard to cover", "easy to cover", "difícil", "fácil"):
        assert word not in why
    assert "1 + 2 = 3" in why
