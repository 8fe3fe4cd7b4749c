"""Click-to-answer lesson boards and typed answers: the position in words for a screen reader, and an answer the
checker cannot read is not an attempt (as a click beside the board is not)."""

from __future__ import annotations

import pytest

from gamekit.connect import lessons as connect_lessons
from gamekit.dots import lessons as dots_lessons
from gamekit.core.scene import Scene
from gamekit.puzzles.store import kept
from gamekit.widgets.exercise import Exercise, count_checker
from gamekit.widgets.lesson import ExerciseWidget, PuzzleBoard, position_text


def click_exercises():
    for module in (dots_lessons, connect_lessons):
        names = {name for lesson in module.LESSONS.values() for name in lesson.exercises}
        for name in sorted(names):
            try:
                widget = module.exercise(name)
            except (KeyError, ValueError):
                continue  # another module's exercise in a shared lesson
            if isinstance(widget, PuzzleBoard):
                yield module, name


def click_exercise_names():
    """Every click-to-answer board's lessons module and exercise name, as names, so the run's processes share them
    (:func:`gamekit.puzzles.store.kept`): building every exercise to find the boards takes about 1.6 s."""
    return [(module.__name__, name) for module, name in click_exercises()]


MODULES = {module.__name__: module for module in (dots_lessons, connect_lessons)}
CLICKS = [(MODULES[module], name) for module, name in kept("test_lesson_answers.click_exercises", click_exercise_names)]


def test_there_are_click_to_answer_boards_in_both_games():
    assert {module for module, _ in CLICKS} == {dots_lessons, connect_lessons}


@pytest.mark.parametrize("module, name", CLICKS, ids=[name for _, name in CLICKS])
def test_every_click_to_answer_board_describes_its_position(module, name):
    board = module.exercise(name)
    assert isinstance(board, PuzzleBoard)
    text = board.board.description
    assert text and text == position_text(board.exercise.position)
    assert "to move" in text  # whose turn it is, then the position
    for solution in board.exercise.solutions:  # the words say what is there, not the answer
        assert f"answer: {solution}" not in text.lower()


def test_a_given_description_wins_and_no_position_gives_none():
    ex = Exercise("Which column?", lambda a: (a == "3", "ok"), solutions=["3"])
    assert position_text(None) == "" and position_text(object()) == ""
    board = PuzzleBoard(
        ex,
        draw=lambda mark: Scene(),
        hit=lambda x, y: None,
        size=(40, 40),
        describe=lambda: "Three columns, all empty.",
    )
    assert board.board.description == "Three columns, all empty."


def test_an_unreadable_typed_answer_is_not_an_attempt_on_a_lesson_board():
    board = connect_lessons.exercise("win_in_one")
    for bad in ("nine", "9", "4-5", "   "):
        ok, feedback = board.submit(bad)
        assert not ok and feedback and board.last_feedback == feedback
    assert board.attempts == [] and "0 attempts" in board.attempts_label.value
    wrong = next(m for m in board.exercise.position.legal_moves() if m not in board.exercise.solutions)
    board.submit(wrong)
    assert len(board.attempts) == 1 and not board.attempts[0].ok


def test_an_unreadable_typed_answer_is_not_an_attempt_in_a_text_exercise():
    ex = Exercise("How many?", count_checker(3, right="Yes.", too_few="More.", too_many="Fewer."), solutions=[3])
    w = ExerciseWidget(ex)
    ok, feedback = w.submit("three")
    assert not ok and "whole number" in feedback and w.attempts == []
    assert ex.assess("three") == (False, feedback, False) and ex.check("three") == (False, feedback)
    assert ex.assess("2") == (False, "More.", True)
    w.submit("2")
    w.submit("3")
    assert [a.ok for a in w.attempts] == [False, True]
