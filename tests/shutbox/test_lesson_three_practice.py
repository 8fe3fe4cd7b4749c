"""Lesson 3's More practice: what the page says about its six questions is what they ask."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamekit.shutbox import lessons as L

ROOT = Path(__file__).resolve().parents[2]
WORDS = {"en": {1: "one", 5: "Five", 6: "Six"}, "es": {1: "una", 5: "Cinco", 6: "Seis"}}


@pytest.mark.parametrize(
    "lang, path, said",
    [
        (
            "en",
            "notebooks/shut_the_box/03_dice.md",
            "{all} more questions. {boxes} are on new boxes where 7, 8 and 9 are covered; {other} asks how often a "
            "total comes in many rolls.",
        ),
        (
            "es",
            "notebooks/es/shut_the_box/03_dice.md",
            "{all} preguntas más. {boxes} son sobre cajas nuevas con el 7, el 8 y el 9 cubiertos; {other} pregunta "
            "con qué frecuencia sale un total en muchas tiradas.",
        ),
    ],
)
def test_lesson_three_practice_intro_counts_the_questions_on_a_new_box(lang, path, said):
    """Problem 2 asks how many of 3,600 rolls make a total: no box.  The other five are each about a box with 7, 8
    and 9 covered that none of the lesson's exercises used; the page's sentence says so with those counts."""
    lesson = L.LESSONS[3]
    questions, puzzles = lesson.practice.questions, lesson.practice.puzzles()
    exercise_boxes = {(1, 2), (1, 4), (1, 2, 3), (2, 5, 6), (2, 5)}  # exercises 1, 2, 5–8 and 9
    on_a_box = [p for q, p in zip(questions, puzzles) if q != "expect"]
    for p in on_a_box:
        box = tuple(sorted(p.facts["open"]))
        assert not {7, 8, 9} & set(box) and box not in exercise_boxes, box
    assert len({tuple(sorted(p.facts["open"])) for p in on_a_box}) == len(on_a_box)
    exercises = L.practice_exercises(3)
    other = [ex for q, ex in zip(questions, exercises) if q == "expect"]
    assert all("3,600" in ex.prompt and "tiles" not in ex.prompt.lower() for ex in other)
    words = WORDS[lang]
    sentence = said.format(all=words[len(questions)], boxes=words[len(on_a_box)], other=words[len(other)])
    page = " ".join((ROOT / path).read_text(encoding="utf-8").split())
    assert sentence in page
    assert "Six more questions on new boxes" not in page and "Seis preguntas más sobre cajas nuevas" not in page
