"""The "More practice" problems closing each Dots and Boxes lesson: a lesson's problem set (drawn from the puzzle
bank) turned into clickable exercises with the page's levels, order, questions and reasons; or a set of boards the
lesson makes itself (:class:`MadeProblemSet`), asked with the lesson's own questions where the bank's question would
be answered by "take a box if you can, else any safe line".

:mod:`gamekit.dots.lessons` (the registry) holds each lesson's problem set, the page's headings and boards, and
caches the built set per language; this module only builds and checks the problems.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from typing import Callable
from typing import ClassVar

from gamekit.dots.lesson1_exercises import third_sides_count_exercise, two_boxes_exercise
from gamekit.dots.lesson2_exercises import count_safe_exercise, safe_race_exercise
from gamekit.dots.lesson_exercise import DotsExercise, final_score_text, mistake_reason
from gamekit.dots.lesson_positions import POSITIONS, position
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


MADE_QUESTIONS: dict[str, Callable[[str], DotsExercise]] = {
    "count_safe": count_safe_exercise,
    "safe_race": safe_race_exercise,
    "two_boxes": two_boxes_exercise,
    "three_sides_count": third_sides_count_exercise,
}
"""The lesson's own questions a made practice board can be asked, each built as the lesson's exercise of that kind
on the named board: how many safe lines are left; which safe line wins the safe-line race (the solver's best);
which line wins two boxes at once; how many boxes have three sides drawn."""


@dataclass(frozen=True)
class MadeProblemSet(ProblemSet):
    """A "More practice" set of boards the lesson makes itself, where the bank has no puzzle that needs the lesson's
        idea.  ``made``: ``(board name, question, level)`` per problem, easy to hard, the board one of
        :data:`gamekit.dots.lesson_positions.POSITIONS`, the question one of :data:`MADE_QUESTIONS`.  Each board is
        also made a puzzle exactly as the bank makes its own (:func:`made_puzzle`: the exact solver's verdict on every
        line), whose band must be at most the problem's level (the bank grades its own question, which a lesson's
    question on the same board may make harder): the guide, the worksheet and the shared checks read it as they
        read a bank puzzle.  ``items`` give the bank's theme of the first problems, those whose idea the bank credits to
        this lesson (each board's puzzle must carry it); a later problem's idea is one the bank credits to a later
        lesson (the safe-line race: lesson 4 counts it ahead), asked here in the lesson's own terms."""

    made: tuple = ()
    bank_questions: ClassVar[bool] = False  # asked and answered in the lesson's words

    def __post_init__(self) -> None:
        super().__post_init__()
        bands = ("easy", "medium", "hard")
        if (
            not isinstance(self.made, tuple)
            or len(self.made) < len(self.items)
            or not all(
                isinstance(m, tuple) and len(m) == 3 and m[0] in POSITIONS and m[1] in MADE_QUESTIONS and m[2] in bands
                for m in self.made
            )
            or [bands.index(m[2]) for m in self.made] != sorted(bands.index(m[2]) for m in self.made)
        ):
            raise ValueError(
                tr(
                    "made={value!r}: one (board name, question, level) for each problem, easy to hard, at least one "
                    "for each item; the question one of {names}",
                    value=self.made,
                    names=", ".join(MADE_QUESTIONS),
                )
            )

    @property
    def questions(self) -> tuple[str, ...]:
        """The question each problem asks (none is the bank's)."""
        return tuple(question for _, question, _ in self.made)

    @property
    def similar_items(self) -> tuple[tuple[str, str], ...]:
        """Each problem's (theme, level) for "Try a similar one": the items' themes for the first problems, the
        made puzzle's first theme for a later one (an idea the bank credits to a later lesson)."""
        themes = [theme for theme, _ in self.items]
        for name, _, _ in self.made[len(themes) :]:
            puzzle = made_puzzle(name)
            themes.append(puzzle.themes[0] if puzzle is not None else "")
        return tuple(zip(themes, (band for _, _, band in self.made)))

    def similar_source(self) -> ProblemSet:
        """Where "Try a similar one" draws from when a pupil misses one of these boards twice: the bank's puzzles on
        the items' themes, asked as the bank asks them (the lesson's own questions need boards made for them; a
        question whose answer is not a line then finds no similar puzzle, and none is offered)."""
        return ProblemSet(self.game_id, self.items, seed=self.seed, exclude=self.exclude)

    def puzzles(self) -> tuple:
        """Each made board as a bank puzzle, checked against its level (its band at most that level) and, for the
        first problems, its item's theme (ValueError naming the board)."""
        out = []
        bands = ("easy", "medium", "hard")
        themes = [theme for theme, _ in self.items] + [None] * (len(self.made) - len(self.items))
        for (name, _, band), theme in zip(self.made, themes):
            puzzle = made_puzzle(name)
            if (
                puzzle is None
                or bands.index(puzzle.band) > bands.index(band)
                or (theme is not None and theme not in puzzle.themes)
            ):
                raise ValueError(
                    tr(
                        "made: the board {name} is no {band} puzzle of the theme {theme!r}",
                        name=name,
                        band=band,
                        theme=theme or "–",
                    )
                )
            out.append(puzzle)
        return tuple(out)

    def exercises(self, make: Any = None, **extra: Any) -> list[DotsExercise]:
        """One exercise per problem, the lesson's own question on its board, at its level, in the current language
        (``make`` and ``extra``, a bank set's way to build its exercises, are not needed here)."""
        out = []
        for (name, question, band), puzzle in zip(self.made, self.puzzles()):
            ex = MADE_QUESTIONS[question](name)
            ex.key, ex.level, ex.puzzle = f"practice {puzzle.id} {question}", band, puzzle
            ex.third_sides = False  # a practice board shows the bare position
            if ex.click:  # a line's name answers only on its own board: what gives this one away is its verdict
                ex.leaks = tuple(dict.fromkeys(ex.check(s)[1] for s in ex.solutions))
            out.append(ex)
        return out


@lru_cache(maxsize=None)
def made_puzzle(name: str):
    """The puzzle at the lesson board ``name``, made as the bank makes its puzzles
    (:func:`gamekit.puzzles.dots.candidate`), or None when the position is no puzzle."""
    from gamekit.puzzles.dots import candidate

    return candidate(position(name))


def practice_problems(problems: ProblemSet, lesson: int) -> tuple[DotsExercise, ...]:
    """Lesson ``lesson``'s problem set ``problems`` as clickable exercises in the current language: no third-side tint
    or chain colours (a practice board shows the bare position), the page's level (:data:`PRACTICE_LEVELS`), the
    bank's question and a checker that gives the lesson's reason (:func:`reasoned`), easy to hard
    (:data:`PRACTICE_ORDER`).  A set the lesson makes itself is asked as it says (:meth:`MadeProblemSet.exercises`)."""
    if isinstance(problems, MadeProblemSet):
        return tuple(problems.exercises())
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
        cost = ntr("That costs you {n} box.", "That costs you {n} boxes.", loss)
        return False, (
            tr("Not the best: {reason}", reason=mistake_reason(game, line, lesson, ex.solutions)) + " " + cost
        )

    return check
