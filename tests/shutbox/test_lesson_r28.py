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


def test_lesson_4_exercises_3_and_4_tell_a_copied_example_and_a_rounding_up_for_what_they_are():
    """12.7 (or 13) is the worked example's chance, for the 3 and 6 that 9 leaves there: the feedback says so with
    the page's figure (about 13 turns in 100, never 12.7) and names the tiles left here.  9 for exercise 4 (8.3
    turns in 100) is a rounding up: it is told how to round."""
    ex3, ex4 = (L.LESSONS[4].exercises[k]() for k in ("leave_shut_91", "leave_shut_64"))
    for ex, left in ((ex3, "4 and 6"), (ex4, "1 and 9")):
        for typed in ("12.7", "12,7", "13"):
            ok, why = ex.check(typed)
            assert not ok and why.startswith(
                "That is the worked example's chance, about 13 turns in 100: there 9 leaves 3 and 6"
            )
            assert "12.7" not in why
            assert f"leaves {left}" in why
        assert "12.7" in ex.wrong
    ok, why = ex4.check("9")
    assert not ok and why.startswith("You rounded up: the chance is 8.3 turns in 100, and that rounds to 8.")
    assert "9" in ex4.wrong and "equally often" not in why
    with using("es"):
        es4 = L.LESSONS[4].exercises["leave_shut_64"]()
        assert "ejemplo resuelto" in es4.check("12,7")[1] and "redondea" in es4.check("9")[1].lower()
    one_tile = L.LESSONS[4].exercises["one_tile_8"]()  # before the worked example: no such reason
    assert "worked example's chance" not in one_tile.check("13")[1]


def test_lesson_2_a_count_too_low_is_told_some_are_missing_and_the_sizes_to_check():
    """A count too low (but above the pairs) is told that some sets are missing (never how many: the answer would
    follow) and the sizes of the roll's sets, computed from the sets, to count each size on its own; not a fixed
    "have you found the 4-tile ones?"."""
    from gamekit.shutbox.exercises_sets import count_sets_exercise

    for total, box, sizes in ((11, tuple(range(1, 10)), "2, 3 and 4"), (12, (1, 2, 3, 4, 6, 7, 8, 9), "2, 3 and 4")):
        ex = count_sets_exercise(total, box)
        n = len(tiles_summing_to(total, box))
        pairs = sum(1 for s in tiles_summing_to(total, box) if len(s) <= 2)
        for k in range(pairs + 1, n):
            ok, why = ex.check(str(k))
            assert not ok and why.startswith(f"Too few: some sets are missing. The sets for {total} have {sizes}")
            assert "have you found" not in why
    few = count_sets_exercise(7, (1, 2, 4, 5, 6))  # 6+1, 5+2, 4+2+1: sizes 2 and 3
    assert "have 2 and 3 tiles" in few.check("2")[1] or "pairs" in few.check("2")[1]
    with using("es"):
        assert count_sets_exercise(11).check("9")[1].startswith("Te quedas corto: faltan conjuntos.")
