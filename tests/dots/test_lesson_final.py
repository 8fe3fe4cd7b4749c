"""Dots lessons, final strict reading: the text around exercises names none of their answers, and a wrong answer's
reason does not hand over the other option."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gamekit.dots import lessons as L

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"


def _page(lesson: int, lang: str = "en") -> str:
    folder = NOTEBOOKS / ("es/dots_and_boxes" if lang == "es" else "dots_and_boxes")
    return next(folder.glob(f"0{lesson}_*.md")).read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_4_the_sacrifice_text_names_no_line_or_dot_of_exercise_9_or_10s_answers(lang):
    page = _page(4, lang)
    start = page.index('L.exercise("sacrifice"')
    after = page[start : page.index("L.practice(4")]
    named = set(re.findall(r"\b[a-z]\d\b", after))
    for name in ("sacrifice", "sacrifice_coral"):
        for line in L.exercises(4)[name].solutions:
            assert line not in after, line
            assert not named & set(line.split("-")), (line, named)


@pytest.mark.parametrize("name", ["parity_5x4", "parity_4x4", "parity_coral_5x5"])
def test_lesson_4_parity_the_other_players_numbers_never_name_the_other_option(name):
    ex = L.exercises(4)[name]
    ok, feedback = ex.check(ex.wrong[0])  # exactly the other player's numbers
    assert not ok
    assert "other player" not in feedback and "odd or even" in feedback, feedback
    assert not any(str(k) in feedback.split("?")[0] for k in range(1, 5)), feedback
