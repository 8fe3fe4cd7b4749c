"""Dots lessons: regression tests for the twelfth review (lesson 4's parity guesses, chain wording, lesson 5's
order and prompts, lesson 3's worksheet words)."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from gamekit.dots import lessons as L
from gamekit.i18n import using

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ["parity_5x4", "parity_coral_5x5"])
def test_lesson_4_exercises_2_and_3_are_not_a_two_way_choice_once_the_dots_are_counted(name):
    """One board was odd-or-even once its dots were counted: a guess passed half the time. Now several boards with
    dots of both parities: of all answers, exactly one passes (a guess passes at most 1 time in 8), and the common
    slips (the rule turned round, the boxes counted, one number for every board, one board wrong) each get their
    own reason."""
    ex = L.exercises(4)[name]
    n = len(ex.answer.split(","))
    assert n >= 3
    answers = [", ".join(map(str, p)) for p in product((1, 2), repeat=n)]
    assert sum(ex.check(a)[0] for a in answers) == 1
    reasons = {w: ex.check(w) for w in ex.wrong}
    assert len(reasons) >= 4 and not any(ok for ok, _ in reasons.values())
    same = ", ".join(["2"] * n)  # all 2s: the same slip as all 1s, the same reason
    assert reasons[same] == reasons[", ".join(["1"] * n)]
    assert len({why for w, (_, why) in reasons.items() if w != same}) == len(reasons) - 1


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_parity_right_answer_shows_each_boards_sum_and_wrong_counts_are_refused(lang):
    with using(lang):
        ex = L.exercises(4)["parity_5x4"]
        ok, why = ex.check("2, 1, 2")
        assert ok and "30 + 2 = 32" in why and "35 + 1 = 36" in why and "16 + 2 = 18" in why
        for bad in ("2, 1", "2, 3, 1"):  # too few numbers, a number that is not 1 or 2: told what to type
            ok, why = ex.check(bad)
            assert not ok and ("3 boards" in why or "3 tableros" in why)
