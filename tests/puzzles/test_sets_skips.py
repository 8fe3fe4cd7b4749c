"""A lesson's "More practice" set passes over a puzzle that does not fit beside the ones already chosen
(:func:`gamekit.puzzles.sets.unfit`): a game already decided, a right answer's feedback said twice, a question a
guess answers.  Lesson 5 of Dots drew two decided games (10–0 and 11–0 on the board) before."""

from __future__ import annotations

import pytest

from gamekit.i18n import using
from gamekit.puzzles.dots_thumbs import decided
from gamekit.puzzles.sets import ProblemSet, chosen_puzzles, guessable, right_sentences, unfit
from gamekit.puzzles.store import load_puzzles, practice_only

DOTS = "dots_and_boxes"


def _pool(game_id: str) -> list:
    only = practice_only(game_id)
    return sorted((p for p in load_puzzles(game_id) if p.id not in only), key=lambda p: p.id)


def _bank(game_id: str) -> dict:
    return {p.id: p for p in load_puzzles(game_id)}


def test_a_decided_game_is_passed_over():
    bank = _bank(DOTS)
    for pid in ("dots-fd1ff9c90f", "dots-6df9a03008"):  # 10–0 on 4×4 and 11–0 on 5×4: the winner is known
        puzzle = bank[pid]
        assert decided(puzzle)
        assert unfit(puzzle, puzzle.themes[-1], set(), _pool(DOTS)) == "decided"
    lesson5 = ProblemSet(
        DOTS,
        (
            ("control_not_worth_it", "easy"),
            ("double_deal", "easy"),
            ("double_deal", "medium"),
            ("all_but_four", "medium"),
        ),
        seed=38,
    )
    assert not {"dots-fd1ff9c90f", "dots-6df9a03008"} & set(lesson5.ids)
    assert not any(decided(p) for p in lesson5.puzzles())


def test_no_dots_lesson_set_holds_a_decided_game_a_repeated_sentence_or_a_guess():
    from gamekit.dots import lessons as L

    for n, lesson in L.LESSONS.items():
        if not lesson.practice.bank_questions:
            continue  # boards the lesson makes, asked its own questions (tests/dots/test_lesson_practice_made.py)
        said: set[str] = set()
        for puzzle in lesson.practice.puzzles():
            assert not decided(puzzle), (n, puzzle.id)
            assert not guessable(puzzle), (n, puzzle.id)
            mine = set(right_sentences(puzzle))
            assert not said & mine, (n, puzzle.id)
            said |= mine


def test_a_right_answer_sentence_already_said_is_passed_over():
    puzzle = _bank(DOTS)["dots-adfbda0a89"]
    said = set(right_sentences(puzzle))
    assert said and all(s.startswith("Right: ") for s in said)
    assert unfit(puzzle, "double_deal", said, _pool(DOTS)) == "repeats"
    assert unfit(puzzle, "double_deal", {"Right: something else."}, _pool(DOTS)) is None


def test_the_shut_the_box_sets_never_say_one_verdict_twice():
    from gamekit.shutbox import lessons as S

    for n, lesson in S.LESSONS.items():
        sentences = [s for p in lesson.practice.puzzles() if p.id in _bank("shut_the_box") for s in right_sentences(p)]
        assert len(sentences) == len(set(sentences)), n


def test_a_guessable_question_is_passed_over_unless_its_theme_asks_one_by_nature():
    dots = _bank(DOTS)["dots-d864d4539c"]  # 4 legal lines, 2 right: a guess is right half the time
    assert guessable(dots) and not decided(dots)
    assert unfit(dots, "control_not_worth_it", set(), _pool(DOTS)) == "coin_flip"
    shut = next(p for p in _pool("shut_the_box") if "one_die_or_two" in p.themes)  # one die or two: two-way
    assert guessable(shut) and len(shut.legal_answers()) == 2
    assert unfit(shut, "one_die_or_two", set(), _pool("shut_the_box")) is None


def test_a_set_that_words_its_own_questions_is_judged_only_by_whether_the_game_is_decided():
    """5 en raya's sets ask a column (and on lesson 3 a score) in their own words: the bank's short "column 1 — red
    wins" sentences and its small by-hand boards are not what the pupil reads."""
    from gamekit.connect.lesson_practice import ConnectProblemSet

    assert ProblemSet.bank_questions and not ConnectProblemSet.bank_questions
    pool = _pool("five_in_a_row")
    puzzle = next(p for p in pool if guessable(p))
    said = set(right_sentences(puzzle))
    assert unfit(puzzle, puzzle.themes[0], said, pool, bank_questions=False) is None
    assert unfit(puzzle, puzzle.themes[0], said, pool) == "repeats"


def test_a_set_whose_every_candidate_is_unfit_is_refused_naming_the_item():
    pool = _pool(DOTS)
    fits = [p.id for p in pool if "double_deal" in p.themes and p.band == "medium" and not decided(p)]
    assert any(decided(p) for p in pool if "double_deal" in p.themes and p.band == "medium")
    only_decided = ProblemSet(DOTS, (("double_deal", "medium"),), seed=0, exclude=tuple(fits))
    with pytest.raises(ValueError, match="no medium puzzle of the theme 'double_deal' is left"):
        only_decided.puzzles()


def test_the_choice_is_the_same_in_every_language_and_keeps_a_first_pick_that_fits():
    problems = ProblemSet(DOTS, (("hard_hearted_handout", "easy"), ("hard_hearted_handout", "medium")), seed=19)
    english = problems.ids
    chosen_puzzles.cache_clear()
    with using("es"):
        assert problems.ids == english
    assert english[:2] == ["dots-2251000330", "dots-9d5fd27eef"]  # lesson 3's set, whose picks all fitted
