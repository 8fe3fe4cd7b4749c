"""Lessons 1 and 3's "More practice": every objective of the lesson has practice, easy to hard."""

import pytest

from gamekit.i18n import using
from gamekit.shutbox import lessons as L
from gamekit.shutbox import lesson_practice
from gamekit.shutbox.exercises_turn import one_die_tiles_exercise
from gamekit.shutbox.rules import Rules

LEVELS = ("easy", "medium", "hard")


@pytest.mark.parametrize("number", [1, 3])
def test_each_objective_has_practice_and_the_practice_runs_easy_to_hard(number):
    """Each objective names the lesson's exercises; a practice question asks one of them again on a new box
    (lesson_practice.PRACTISES), so every objective has at least one practice item; several items, easy first,
    something harder last, never down a level."""
    lesson = L.LESSONS[number]
    questions = lesson.practice.questions
    practised = {key for q in questions for key in lesson_practice.PRACTISES[q]}
    for objective, keys in lesson.objectives:
        assert practised & set(keys), (number, objective)
    for q in questions:  # the mapping names this lesson's exercises, not another lesson's
        assert set(lesson_practice.PRACTISES[q]) & set(lesson.exercises), q
    levels = [LEVELS.index(ex.level) for ex in L.practice_exercises(number)]
    assert len(levels) >= len(lesson.objectives) and levels == sorted(levels) and levels[0] == 0 < levels[-1]


def test_an_objective_without_practice_would_be_found():
    """The check above is not vacuous: lesson 1's old practice (a set you may cover, three times) left its score
    and one-die objectives without practice."""
    practised = {key for key in lesson_practice.PRACTISES["legal"]}
    missing = [o for o, keys in L.LESSONS[1].objectives if not practised & set(keys)]
    assert len(missing) == 2


def test_the_tiles_before_one_die_question_tells_each_slip_its_reason():
    ex = one_die_tiles_exercise((1, 3, 5, 6, 7, 8))
    assert ex.solutions == ["7 and 8", "7+8"] and ex.check("8+7")[0] and ex.check(" 7 + 8 ")[0]
    # "7, 8" and "7 and 8" are right, the shown answer a list; the prompt shows both forms it takes
    assert ex.check("7, 8")[0] and ex.check("8 and 7")[0] and ex.answer == "7 and 8"
    assert "with + between" not in ex.prompt and "(like 1, 2, 3)" in ex.prompt and " or 1 + 2 + 3" not in ex.prompt
    assert "Small tiles do not matter: 1, 3, 5 and 6" in ex.check("1+3+5+6+7+8")[1]
    assert "Not yet: tiles 7 and 8 are still open" in ex.check("none")[1]
    assert "Tile 7 is open too" in ex.check("8")[1]
    assert "Tile 9 is already covered" in ex.check("7+8+9")[1]
    assert set(ex.wrong) == {"1+3+5+6+7+8", "none", "8", "7+8+9"} and not any(ex.check(w)[0] for w in ex.wrong)
    free = one_die_tiles_exercise((1, 2, 3))
    assert free.solutions == ["none"] and free.check("None")[0] and free.check("nothing")[0]
    assert "already covered" in free.check("7")[1] and not free.check("1+2+3")[0]
    assert "{" not in ex.prompt and "none" in ex.prompt
    for bad in ((), (0, 10)):
        with pytest.raises(ValueError, match="open tiles"):
            one_die_tiles_exercise(bad)
    with pytest.raises(ValueError, match="lessons' rule"):
        one_die_tiles_exercise((1, 2), Rules(one_die="never"))
    with using("es"):
        es = one_die_tiles_exercise((1, 2, 9))
        assert es.solutions == ["9"] and "ninguna" in es.prompt
        assert one_die_tiles_exercise((1, 7, 9)).check("7 y 9")[0]
        assert one_die_tiles_exercise((1, 2)).check("ninguna")[0]
        assert "Todavía no: la ficha 9 sigue descubierta" in es.check("ninguna")[1]
