"""Lessons 1, 2, 3 and 5: a first wrong choice is told about that choice, never which choice is right; lesson 3's
exercise 7 gives the count of pairs taken once (13) its own reason."""

from gamekit.shutbox import exercises_goals, exercises_turn
from gamekit.shutbox.exercises_dice import roll_outcomes_exercise
from gamekit.shutbox.exercises_sets import next_set_exercise


def _wrong_feedback(ex):
    """Each wrong choice of a multiple-choice exercise with the feedback it gets."""
    out = {}
    for choice in ex.choices:
        ok, words = ex.checker(choice)
        if not ok:
            out[choice] = words
    return out


def test_a_wrong_choice_never_names_the_right_one():
    for ex in (
        exercises_turn.two_roll_turn_exercise(),
        next_set_exercise(),
        exercises_goals.goals_why_exercise(),
    ):
        right = ex.answer
        wrong = _wrong_feedback(ex)
        assert len(wrong) == len(ex.choices) - 1 >= 2, ex.prompt
        for choice, words in wrong.items():
            assert right not in words, (ex.prompt, choice, words)


def test_lesson_one_exercise_five_no_set_gets_a_reason_without_the_set():
    ex = exercises_turn.two_roll_turn_exercise()
    none = next(c for c in ex.choices if ex.checker(c)[0] is False and "+" not in c and not c[0].isdigit())
    words = ex.checker(none)[1]
    assert words.startswith("No: some tiles still open make") and "+" not in words


def test_lesson_five_exercise_six_wrong_reasons_say_only_why_they_are_wrong():
    ex = exercises_goals.goals_why_exercise()
    for words in _wrong_feedback(ex).values():
        assert "What helps" not in words and "covers the" not in words


def test_lesson_three_exercise_seven_thirteen_has_its_own_reason():
    ex = roll_outcomes_exercise((2, 5, 6))
    assert ex.checker("23")[0]
    ok, words = ex.checker("13")
    assert not ok and "taken as one outcome" in words and "the question asks for the ones that let you go on" in words
    # where the two slips give different numbers, each keeps its own reason
    ex2 = roll_outcomes_exercise((1, 4))
    assert "taken as one outcome" in ex2.checker("4")[1]
    assert ex2.checker("29")[1].startswith("You counted the outcomes that end your turn")
    stuck = roll_outcomes_exercise((1, 2, 3), stuck=True)
    assert "taken as one outcome" in stuck.checker("12")[1]
