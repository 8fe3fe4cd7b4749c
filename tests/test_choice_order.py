"""The buttons of a choice question never give the answer away by their place: across every lesson's choice
exercises (and their "More practice" problems answered by buttons) the right answer is not always, nor mostly,
the first button, and each widget shows its buttons in the order :func:`shown_order` gives."""

from __future__ import annotations

import importlib

from gamekit import catalog
from gamekit.widgets.exercise import shown_order
from gamekit.widgets.lesson import ExerciseWidget


def choice_exercises() -> list:
    out = []
    for module in catalog.lesson_modules():
        for lesson in importlib.import_module(module).LESSONS.values():
            built = [f() for f in lesson.factories()]
            if lesson.practice is not None:
                built += lesson.practice.exercises()
            out += [ex for ex in built if ex.choices and ex.solutions]
    return out


def test_the_right_answer_is_not_always_the_first_button():
    exercises = choice_exercises()
    assert len(exercises) >= 10
    places = []
    for ex in exercises:
        shown = shown_order(ex.choices, ex.key)
        assert sorted(map(str, shown)) == sorted(map(str, ex.choices)), ex.key  # every choice, once
        places.append(next(i for i, c in enumerate(shown) if c in ex.solutions))
    assert len(set(places)) >= 3, places  # the right answer sits in several places
    assert places.count(0) <= len(places) // 2, places  # first in at most half of the questions
    widget = ExerciseWidget(exercises[0])  # the widget shows that very order
    assert [value for _, value in widget.input.options] == shown_order(exercises[0].choices, exercises[0].key)
