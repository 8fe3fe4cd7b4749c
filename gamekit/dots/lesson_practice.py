"""The "More practice" problems closing each Dots and Boxes lesson: a lesson's problem set (drawn from the puzzle
bank) turned into clickable exercises with the page's levels, order, questions and reasons.

:mod:`gamekit.dots.lessons` (the registry) holds each lesson's problem set, the page's headings and boards, and
caches the built set per language; this module only builds and checks the problems.
"""

from __future__ import annotations

from typing import Any
from typing import Callable

from gamekit.dots.lesson_exercise import DotsExercise, final_score_text, mistake_reason
from gamekit.dots.puzzle_text import lesson_question
from gamekit.dots.puzzle_text import own_box_loss
from gamekit.i18n import ntr
from gamekit.i18n import tr
from gamekit.puzzles.sets import ProblemSet

PRACTICE_LEVELS: dict[tuple[int, int], str] = {(5, 0): "medium"}
"""Practice problems whose level on the lesson's page is above their level in the bank, by (lesson, place in the
lesson's problem set): the bank rates lesson 5's "control is not worth it" position easy by its search, but a pupil
must weigh the chains still to come against the boxes control costs — medium for lesson 5."""

PRACTICE_ORDER: dict[int, tuple[int, ...]] = {5: (1, 0, 2, 3)}
"""The order a lesson's practice problems are shown in, where it differs from its problem set's (whose places fix
which puzzles are drawn): easy to hard down the page once :data:`PRACTICE_LEVELS` has relabelled one."""


def practice_problems(problems: ProblemSet, lesson: int) -> tuple[DotsExercise, ...]:
    """Lesson ``lesson``'s problem set ``problems`` as clickable exercises in the current language: no third-side tint
    or chain colours (a practice board shows the bare position), the page's level (:data:`PRACTICE_LEVELS`), the
    bank's question and a checker that gives the lesson's reason (:func:`reasoned`), easy to hard
    (:data:`PRACTICE_ORDER`)."""
    built = tuple(
        problems.exercises(
            lambda *a, position=None, **k: DotsExercise(
                *a, game=position, click=True, parts=False, third_sides=False, **k
            )
        )
    )
    for i, ex in enumerate(built):
        ex.level = PRACTICE_LEVELS.get((lesson, i), ex.level)
        ex.prompt = lesson_question(ex.game, len(ex.solutions))
        ex.checker = reasoned(ex, lesson)
    return tuple(built[i] for i in PRACTICE_ORDER.get(lesson, range(len(built))))


def reasoned(ex: DotsExercise, lesson: int) -> Callable[[Any], tuple[bool, str]]:
    """A practice problem's checker whose refusal leads with the lesson's reason (:func:`mistake_reason`) and what
    the mistake costs; the line of best play stays one click away (the exercise's "whole line")."""
    judge, game, puzzle = ex.checker, ex.game, ex.puzzle

    def check(answer: Any) -> tuple[bool, str]:
        ok, feedback = judge(answer)
        if ok:
            return ok, feedback + " " + tr(
                "With best play the game ends {final}.", final=final_score_text(game, puzzle.facts["best"])
            )
        line = game.line_name(game.line_index(str(answer).strip()))
        loss = own_box_loss(puzzle.facts["best"], puzzle.refutations[line]["value"])
        cost = (
            ntr(  # lesson 1 has no "cost" yet: say what happens to the boxes
                "With that line you end the game with {n} box fewer than with the best line.",
                "With that line you end the game with {n} boxes fewer than with the best line.",
                loss,
            )
            if lesson == 1
            else ntr("That costs you {n} box.", "That costs you {n} boxes.", loss)
        )
        return False, (
            tr("Not the best: {reason}", reason=mistake_reason(game, line, lesson, ex.solutions)) + " " + cost
        )

    return check
