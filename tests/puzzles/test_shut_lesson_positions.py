"""Shut the Box homework and the "one die or two?" drill ask no position a lesson page asks (a reader found
`shut-best_set-10-1` asking lesson 5's exercise 5 and lesson 4's third practice problem, and the drill lesson 3's
exercises 6, 9 and 10), read from the lessons themselves (:mod:`gamekit.puzzles.shut_lessons`)."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.puzzles.homework import homework_set
from gamekit.puzzles.pools import practice_pool
from gamekit.puzzles.shut_lessons import asked_in_lessons, lesson_positions, prompt_position
from gamekit.puzzles.shut_draw import shown_position
from gamekit.puzzles.shutbox import set_mix
from gamekit.shutbox.lessons import LESSONS

GAME = "shut_the_box"


def test_a_lesson_question_is_read_for_its_box_and_roll():
    assert prompt_position("Tiles 1, 2 and 5 are open and you rolled 8. Which set?") == ((1, 2, 5), 8)
    assert prompt_position("Only tile 7 is open, so you roll two dice.") == ((7,), None)
    assert prompt_position("The method writes the sets for 11 (tile 8 is already covered).") == (
        (1, 2, 3, 4, 5, 6, 7, 9),
        11,
    )
    assert prompt_position("Write every set of open tiles that makes 9.") == (tuple(range(1, 10)), 9)
    assert prompt_position("All nine tiles are open. How many different sets of tiles make 11?") == (
        tuple(range(1, 10)),
        11,
    )
    assert prompt_position("You roll two dice. What is the chance of a total of 9?") is None


def test_every_lesson_board_and_practice_problem_is_a_lesson_position():
    found = lesson_positions(GAME)
    for lesson in LESSONS.values():
        for factory in lesson.exercises.values():
            with using("en"):
                exercise = factory()
            board = exercise.position
            if hasattr(board, "open_tiles"):
                assert (tuple(sorted(board.open_tiles)), board.roll) in found, exercise.key
            elif isinstance(board, tuple):
                assert (tuple(sorted(board[0])), board[1]) in found, exercise.key
        for puzzle in lesson.practice.puzzles():
            assert asked_in_lessons(puzzle), puzzle.id
    # lesson 3's boxes (exercises 6, 9 and 10), read from their questions
    for key in ("dice_123", "shut_one_roll_25", "shut_dice_15"):
        with using("en"):
            box, roll = prompt_position(LESSONS[3].exercises[key]().prompt)
        assert roll is None and (box, None) in found, key


@pytest.mark.parametrize("theme", ["best_set", "one_die_or_two", None])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_homework_set_asks_a_lesson_position(theme, seed):
    chosen = homework_set(GAME, theme, 10, seed)
    assert len(chosen) == 10 and not [shown_position(p) for p in chosen if asked_in_lessons(p)]


def test_the_drill_asks_no_lesson_box_and_practice_keeps_the_which_set_list():
    drill = practice_pool(GAME, "one_die_or_two")
    assert len(drill) == 10 and not any(asked_in_lessons(p) for p in drill)
    boxes = {tiles for tiles, roll in lesson_positions(GAME) if roll is None}
    assert not {tuple(sorted(p.facts["open"])) for p in drill} & boxes
    # the census cannot fill level 2 without the lessons' positions (docs/puzzles.md): the list keeps 15 of 60
    sets = [p for p in practice_pool(GAME, "best_set")]
    assert len(sets) == 60 and sum(asked_in_lessons(p) for p in sets) == 15


def test_the_teachers_table_states_each_sets_computed_shares():
    from gamekit.puzzles.shut_thumbs import rule_answers, thumb_sets

    best = list(homework_set(GAME, "best_set", 10, 1))
    largest = sum(rule_answers(thumb_sets("largest_tile", p.facts["open"], p.facts["roll"]), p.answers) for p in best)
    close = sum(rule_answers(thumb_sets("close_pair", p.facts["open"], p.facts["roll"]), p.answers) for p in best)
    with using("en"):
        words = set_mix("best_set", best)
        drill = set_mix("one_die_or_two", list(homework_set(GAME, "one_die_or_two", 10, 1)))
    assert f"covering the largest tile answers {largest} of its 10" in words
    assert f"two tiles close in value {close}," in words
    assert drill.startswith("one die or two: a drill of one rule") and drill.endswith("which answers all 10")
    with using("es"):
        assert "entrenamiento de una sola regla" in set_mix(
            "one_die_or_two", list(homework_set(GAME, "one_die_or_two", 10, 1))
        )
    assert set_mix("best_set", []) is None
