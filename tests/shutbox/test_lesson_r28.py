"""Shut the Box lessons after the r28 reading: what each fix promises, checked against the lessons as built."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.shutbox import lesson_practice
from gamekit.shutbox import lessons as L
from gamekit.shutbox.exercises_turn import LEGAL_SET, ending_roll_choices, ending_roll_exercise
from gamekit.shutbox.tiles import tiles_summing_to


def _kind(ex) -> tuple:
    """A practice problem's task and the kind of position it is asked on: the question, and for a set for a roll
    whether a tile could make the roll alone; for a score, how many tiles there are to add."""
    question = ex.key.split()[-1]
    facts = ex.puzzle.facts
    if question == "legal":
        return question, facts["roll"] <= 9
    if question == "score":
        return question, lesson_practice.score_level(facts["open"])
    return (question,)


def test_lesson_1_practice_asks_no_task_twice_on_the_same_kind_of_position_nor_exercise_1s_score():
    items = L.practice_exercises(1)
    kinds = [_kind(ex) for ex in items]
    assert len(set(kinds)) == len(kinds), kinds
    score = next(ex for ex in items if ex.key.endswith(" score"))
    assert lesson_practice.score_level(score.puzzle.facts["open"]) != "easy"  # exercise 1 adds three tiles
    levels = [ex.level for ex in items]
    assert levels == sorted(levels, key=["easy", "medium", "hard"].index) and levels.count("hard") == 1


def test_lesson_1_hard_problem_is_the_one_roll_that_ends_the_turn_among_rolls_one_set_makes():
    """The hard problem: five open tiles, four rolls, one of them made by no set of open tiles; each other roll
    made by one set only, of two tiles or more (no open tile is that roll), so each looks as if it might end the
    turn.  Every wrong roll is refused with a reason, and the right one is told a set it would need."""
    hard = L.practice_exercises(1)[-1]
    box = tuple(hard.puzzle.facts["open"])
    assert hard.level == "hard" and len(box) == 5 and box != (2, 6, 9)  # not exercise 4's box
    rolls = [int(c) for c in hard.choices]
    ending = [r for r in rolls if not tiles_summing_to(r, box)]
    assert hard.solutions == [str(r) for r in ending] and len(ending) == 1
    assert len(tiles_summing_to(ending[0])) >= 2  # several sets make it on a full box: it looks possible
    for r in rolls:
        if r != ending[0]:
            (only,) = tiles_summing_to(r, box)
            assert len(only) >= 2
            ok, why = hard.check(str(r))
            assert not ok and why.startswith(f"Not {r}:") and "turn goes on" in why
    ok, why = hard.check(str(ending[0]))
    assert ok and "covered" in why
    with using("es"):
        assert L.practice_exercises(1)[-1].hint.startswith("Una tirada termina el turno")


def test_ending_roll_choices_refuse_a_box_without_one_ending_roll():
    assert ending_roll_choices((2, 3, 4, 7, 9)) == (5, 6, 8, 10)
    with pytest.raises(ValueError, match="exactly one roll"):
        ending_roll_choices((1, 2, 3, 4, 5))  # every roll goes on
    with pytest.raises(ValueError, match="exactly one roll"):
        ending_roll_choices((1, 5, 6, 8, 9))  # 2, 3 and 4 all end the turn
    with pytest.raises(ValueError, match="tiles from 1 to 9"):
        ending_roll_choices((0, 3))
    ex = ending_roll_exercise((2, 3, 4, 7, 9), ending_roll_choices((2, 3, 4, 7, 9)))
    assert ex.solutions == ["8"]


def test_lesson_1_exercise_6_level_is_what_the_practice_grading_says():
    """Exercise 6 is hard by the same measure as the practice: only one set makes its roll."""
    assert lesson_practice.legal_level(*LEGAL_SET) == "hard" == L.LESSONS[1].levels["legal_set"]
    assert len(tiles_summing_to(LEGAL_SET[1], LEGAL_SET[0])) == 1
