"""Lessons 4 and 5: every "which set?" choice the lessons ask is one that none of lesson 4's habits answers (each
picks a worse set or cannot choose), found by :func:`gamekit.shutbox.rules_of_thumb.habit_free_positions`, and each
wrong set of the new exercise 5 of lesson 5 is told its own reason."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.shutbox.exercises_best_set import CHALLENGE_POSITIONS, SCORE_CHOICE, SHUT_CHOICE
from gamekit.shutbox.exercises_both_sets import SHUT_CHALLENGE, given_values_exercise
from gamekit.shutbox.lesson_practice import LESSON_4_PRACTICE, LESSON_5_PRACTICE
from gamekit.shutbox.lesson_tables import FILL_RULES
from gamekit.shutbox.rules import Rules
from gamekit.shutbox.rules_of_thumb import HABIT_FREE_MARGIN, RULES_OF_THUMB, habit_free_positions
from gamekit.shutbox.strategy import table
from gamekit.shutbox.tiles import mask_of, tiles_summing_to


def values_of(tiles, roll, goal, rules):
    t = table(rules, goal)
    return {tuple(sorted(s, reverse=True)): t.value(mask_of(tiles) ^ mask_of(s)) for s in tiles_summing_to(roll, tiles)}


def habit_sets(rule, sets):
    """What a habit picks, counted here from the page's words, not from the module under test."""
    if rule == "the largest tile":
        return [max(sets)]
    if rule in ("the most tiles", "the fewest tiles"):
        n = (max if rule == "the most tiles" else min)(len(s) for s in sets)
        return [s for s in sets if len(s) == n]
    pairs = [s for s in sets if len(s) == 2]
    return [s for s in pairs if s[0] - s[1] == min((p[0] - p[1] for p in pairs), default=0)]


CHOICES = {
    "lesson 4, exercise 5": SHUT_CHOICE + (FILL_RULES,),
    "lesson 4, exercise 6": SHUT_CHALLENGE + (FILL_RULES,),
    "lesson 5, exercise 5": SCORE_CHOICE + (FILL_RULES,),
    "lesson 5, exercise 7": CHALLENGE_POSITIONS[0] + (Rules(),),
    **{
        f"lesson 5, More practice {n}": (tiles, roll, goal, Rules(one_die=one_die))
        for n, (tiles, roll, goal, one_die) in enumerate(LESSON_5_PRACTICE, 1)
    },
}


@pytest.mark.parametrize("name", CHOICES)
def test_no_habit_answers_a_choice_of_lessons_4_and_5(name):
    tiles, roll, goal, rules = CHOICES[name]
    values = values_of(tiles, roll, goal, rules)
    assert len(values) >= 3, name
    ranked = sorted(values.values(), reverse=goal == "shut")
    best = [s for s, v in values.items() if v == ranked[0]]
    scale = 100 if goal == "shut" else 1
    assert len(best) == 1 and abs(ranked[0] - ranked[1]) * scale >= 0.3, name
    for rule in RULES_OF_THUMB:
        assert habit_sets(rule, sorted(values, reverse=True)) != best, (name, rule)
    assert (tuple(sorted(tiles)), roll, best[0]) in habit_free_positions(rules, goal), name


def test_lesson_4_more_practice_keeps_its_positions_because_no_habit_free_one_clears_the_banks_margin():
    """Lesson 4's More practice problems are bank puzzles, which need a best set 2 turns in 100 ahead of every other
    (puzzles.shutbox.MARGIN): no shut-the-box position that every habit misses comes that close, under either
    one-die rule, so those problems stay as they are (problem 3's best set is found by two close tiles only)."""
    from gamekit.puzzles.shutbox import MARGIN

    for one_die in ("never", "after_789"):
        rules = Rules(one_die=one_die)
        for tiles, roll, best in habit_free_positions(rules, "shut"):
            values = values_of(tiles, roll, "shut", rules)
            assert any(values[best] - v < MARGIN["shut"] for s, v in values.items() if s != best)
    assert all(goal == "shut" for _, _, goal, _ in LESSON_4_PRACTICE)


def test_habit_free_positions_are_what_they_say_and_refuse_bad_input():
    rules = Rules(one_die="never")
    found = habit_free_positions(rules, "score")
    assert found and len(found) == len(set(found))
    for tiles, roll, best in found:
        values = values_of(tiles, roll, "score", rules)
        assert len(values) >= 3 and values[best] == min(values.values())
        assert all(v - values[best] >= HABIT_FREE_MARGIN["score"] for s, v in values.items() if s != best)
        assert all(habit_sets(r, sorted(values, reverse=True)) != [best] for r in RULES_OF_THUMB)
    assert len(habit_free_positions(rules, "score", min_sets=2)) >= len(found)
    for bad in ({"objective": "win"}, {"objective": "score", "min_sets": 1}, {"objective": "score", "min_sets": True}):
        with pytest.raises(ValueError, match="objective|min_sets"):
            habit_free_positions(rules, **bad)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_lesson_5_exercise_5_accepts_the_best_set_and_tells_each_wrong_set_its_own_reason(lang):
    with using(lang):
        ex = given_values_exercise(SCORE_CHOICE, FILL_RULES)
        assert ex.solutions == ["6+2"]
        assert ex.checker("6+2")[0]
        reasons = {}
        for wrong in ex.wrong:
            ok, why = ex.checker(wrong)
            assert not ok and wrong in why and "6+2" not in why
            reasons[wrong] = why
        assert sorted(reasons) == ["5+2+1", "5+3", "7+1"]
        assert len(set(reasons.values())) == 3
        # the decoy (1, 2, 5 and 7 open) is left by 6+3, a set for 9: a wrong try, with that reason
        ok, why, counts = ex.assess("6+3")
        assert not ok and counts and "6+3" in why
    en = given_values_exercise(SCORE_CHOICE, FILL_RULES)
    assert "The largest tile picks this set" in en.checker("7+1")[1]
    assert "two tiles close in value picks this set" in en.checker("5+3")[1]
    assert "the most tiles picks this set" in en.checker("5+2+1")[1]
    assert "2, 3, 5 and 6" in en.checker("7+1")[1] and "7.2" in en.checker("7+1")[1]


def test_the_given_values_exercise_refuses_a_position_a_habit_answers_or_with_two_sets():
    with pytest.raises(ValueError, match="rule of thumb"):
        given_values_exercise(((1, 2, 4, 6, 7), 10, "score"), FILL_RULES)  # two sets
    with pytest.raises(ValueError, match="rule of thumb"):
        given_values_exercise(((1, 2, 4, 5, 6, 7), 10, "shut"), FILL_RULES)  # fewest tiles finds 6+4


def test_lesson_1_more_practice_asks_a_set_for_a_roll_the_page_does_not_list_and_names_a_covered_tile():
    """Problem 3 was tiles 1 to 6 and a roll of 8, whose sets the page's table for 8 prints above it: now its roll
    is one whose sets the page never lists, and typing the roll, when that tile is covered, says the tile is not
    open (not "that is the roll")."""
    from pathlib import Path

    from gamekit.shutbox import lessons as L

    problem = L.practice_exercises(1)[1]
    puzzle = L.LESSONS[1].practice.puzzles()[1]
    roll, tiles = puzzle.facts["roll"], puzzle.facts["open"]
    page = (Path(__file__).resolve().parents[2] / "notebooks/shut_the_box/01_rules_and_play.md").read_text()
    assert roll != 8 and "lesson_tables.sets_table(8)" in page and f"sets_table({roll})" not in page
    assert roll in range(1, 10) and roll not in tiles and str(roll) in problem.wrong
    ok, why = problem.check(str(roll))
    assert not ok and why.startswith(f"Tile {roll} is not open") and "is the roll" not in why
    with using("es"):
        assert L.practice_exercises(1)[1].check(str(roll))[1].startswith(f"La ficha {roll} no está descubierta")
    assert [ex.level for ex in L.practice_exercises(1)] == ["easy", "easy", "medium", "medium", "hard"]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_worksheet_4_never_prints_a_chance_it_asks_for_and_worksheet_5_says_which_dice(lang):
    """Worksheet 4 leaves the chances of 6 and 8 blank for the pupil, but printed 5/36 below the blank (the two-roll
    rule's 3 then 6, the worked example's branches): those are blank too.  Worksheet 5's rules box allowed one die
    after 7, 8 and 9 while its exercises 1 to 6 roll two dice always: it now says which exercises use which."""
    from gamekit.shutbox.lesson_worksheets import sheet_blanks
    from gamekit.shutbox.simulation import sum_distribution
    from gamekit.shutbox.trees import k_over_36
    from gamekit.teacher_sheets import worksheet_markdown

    four = worksheet_markdown("gamekit.shutbox.lessons", "shut_the_box/04_best_strategy", lang)
    blanks = sheet_blanks("shut_the_box/04_best_strategy")
    assert blanks == (6, 8)
    for total in blanks:
        assert k_over_36(sum_distribution()[total]) not in four, total
    assert four.count("(____)") == 2 and "× ____" in four
    five = worksheet_markdown("gamekit.shutbox.lessons", "shut_the_box/05_playing_for_points", lang)
    rules = five[five.index(">") : five.index("\n\n", five.index(">"))]
    said = {"en": ("Exercises 1 to 6 roll two dice every time", "Exercise 7 and More practice use our lessons' rule")}
    said["es"] = ("En los ejercicios 1 a 6 se tiran siempre dos dados", "El ejercicio 7 y Más práctica usan")
    assert all(words in " ".join(rules.split()) for words in said[lang]), rules


def test_spanish_lessons_4_and_5_drop_the_calques_and_the_guide_writes_3600_one_way():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    four = " ".join((root / "notebooks/es/shut_the_box/04_best_strategy.md").read_text(encoding="utf-8").split())
    five = " ".join((root / "notebooks/es/shut_the_box/05_playing_for_points.md").read_text(encoding="utf-8").split())
    for calque in ("probabilidad de cerrarlas", "cada cuánto las cierran", "ramas que cierran la posición"):
        assert calque not in four, calque
    assert "(9 un árbol," not in four and "(9 con un árbol, el ejercicio 1 y la tabla; 4 con el ejemplo" in four
    assert "juegas la misma posición" not in five and "partes de la misma posición" in five
    guide = (root / "docs/teachers/es/shutbox.md").read_text(encoding="utf-8")
    assert "3 600" not in guide and "3600 tiradas" in guide


def test_lesson_2_more_practice_asks_the_methods_next_set_a_second_time():
    """Objective 1's second part (which set the method finds next) had exercise 3 only: the third More practice
    problem asks it on its own box, computed from the method's order; each other choice is told its reason."""
    from gamekit.shutbox import lessons as L
    from gamekit.shutbox.exercises_sets import method_order
    from gamekit.shutbox.lesson_practice import next_set_question

    problem = L.practice_exercises(2)[2]
    puzzle = L.LESSONS[2].practice.puzzles()[2]
    tiles, roll = tuple(sorted(puzzle.facts["open"])), puzzle.facts["roll"]
    order = method_order(roll, tiles)
    right = problem.solutions[0]
    i = ["+".join(map(str, s)) for s in order].index(right)
    assert i >= 1 and order[i][0] < order[i - 1][0]  # the answer moves down to a smaller first tile
    assert problem.level == "medium" and len(problem.choices) >= 3
    assert problem.check(right)[0]
    reasons = [problem.check(w)[1] for w in problem.wrong]
    assert all(not problem.check(w)[0] for w in problem.wrong) and len(set(reasons)) == len(reasons)
    assert all(right not in r for r in reasons)
    with pytest.raises(ValueError, match="too few sets"):
        next_set_question((2, 3, 4, 6, 7, 8), 10)  # three sets only
