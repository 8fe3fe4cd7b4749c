"""Graded problem sets for the lessons: a short run of puzzle-bank positions per idea, obvious to subtle.

A :class:`ProblemSet` names the game, the ``(theme, band)`` of each problem (easy first, hard last) and a
fixed ``seed``: the same set always gives the same puzzles, so the teacher guide can list them (ids and
answers, :func:`gamekit.teacher_sheets.solutions_markdown`).  :func:`puzzle_exercise` turns one puzzle into a
lesson :class:`~gamekit.widgets.exercise.Exercise` judged by :meth:`gamekit.puzzles.core.Puzzle.check`
(the exact solver's verdict stored in the bank: a wrong answer is told its refutation)::

    from gamekit.puzzles.sets import ProblemSet
    more = ProblemSet("dots_and_boxes", (("double_deal", "easy"), ("double_deal", "medium"),
                                         ("double_deal", "hard")), seed=5)
    [p.id for p in more.puzzles()]            # always the same three
    exercises = more.exercises()              # plain Exercise objects (each game's lessons draw them)

Only :mod:`gamekit.puzzles.core` and :mod:`gamekit.puzzles.store` are imported (not the package, whose
``verify`` imports the games' lessons), so a game's ``lessons.py`` may import this module.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, ClassVar, Sequence

from gamekit import catalog
from gamekit.core.saved import is_int
from gamekit.i18n import N_, ntr, tr, using
from gamekit.puzzles.core import BANDS, Puzzle, check_game_id, check_theme, puzzle_words, theme_hint
from gamekit.puzzles.store import load_puzzles, practice_only
from gamekit.widgets.exercise import Exercise

BAND_NAMES = tuple(name for name, _ in BANDS)  # "easy", "medium", "hard"
LEVEL_WORDS = {"easy": N_("easy"), "medium": N_("medium"), "hard": N_("hard")}


@dataclass(frozen=True)
class ProblemSet:
    """A lesson's graded set: one puzzle per ``(theme, band)`` of ``items``, chosen from the shipped bank with
    ``seed`` (reproducible), skipping the ids in ``exclude`` and any puzzle that does not fit beside the ones
    already chosen (:func:`unfit`: a decided game, a right answer's feedback said twice, a coin flip); the order
    of ``items`` is the page's order.

    Everything is checked when the set is made (ValueError naming the input): a known game, themes of that
    game, bands "easy"/"medium"/"hard" never getting easier down the set, a whole-number seed ≥ 0."""

    game_id: str
    items: tuple[tuple[str, str], ...]
    seed: int = 0
    exclude: tuple[str, ...] = ()
    where: tuple[tuple[str, Any], ...] = ()
    skips: tuple[str, ...] = ("decided", "repeats", "coin_flip")

    """``where``: ``(fact, value)`` pairs a puzzle's :attr:`Puzzle.facts` must match, e.g.
    ``(("one_die", "after_789"),)`` for Shut the Box puzzles under the lessons' rules.  ``skips``: which of
    :data:`SKIPS` the set applies (:func:`unfit`; all of them for a lesson's set, fewer for a single puzzle drawn to
    stand in for another)."""

    bank_questions: ClassVar[bool] = True
    """Whether the set's exercises ask the bank's question and tell a right answer the bank's own sentence
    (:func:`right_sentences`), so that a repeated sentence or a guessable question is the pupil's (:func:`unfit`);
    a set that asks and answers in its own words says False."""

    def __post_init__(self) -> None:
        check_game_id(self.game_id)
        if not isinstance(self.items, tuple) or not self.items:
            raise ValueError(tr("items={items!r}: give a non-empty tuple of (theme, band) pairs", items=self.items))
        last = 0
        for item in self.items:
            if not (isinstance(item, tuple) and len(item) == 2):
                raise ValueError(tr("items: {item!r} is not a (theme, band) pair", item=item))
            theme, band = item
            check_theme(self.game_id, theme)
            if not isinstance(band, str) or band not in BAND_NAMES:
                raise ValueError(tr("band={band!r}: choose one of {items}", band=band, items=", ".join(BAND_NAMES)))
            if BAND_NAMES.index(band) < last:
                raise ValueError(
                    tr("items: {item!r} is easier than the problem before it (easy to hard, please)", item=item)
                )
            last = BAND_NAMES.index(band)
        if not is_int(self.seed) or self.seed < 0:
            raise ValueError(tr("seed={seed!r}: a whole number ≥ 0", seed=self.seed))
        if not isinstance(self.exclude, tuple) or not all(isinstance(x, str) for x in self.exclude):
            raise ValueError(tr("exclude={exclude!r}: a tuple of puzzle ids", exclude=self.exclude))
        if not isinstance(self.where, tuple) or not all(
            isinstance(w, tuple) and len(w) == 2 and isinstance(w[0], str) for w in self.where
        ):
            raise ValueError(tr("where={where!r}: a tuple of (fact, value) pairs", where=self.where))
        if not isinstance(self.skips, tuple) or not set(self.skips) <= set(SKIPS):
            raise ValueError(tr("skips={skips!r}: a tuple of {items}", skips=self.skips, items=", ".join(SKIPS)))

    def puzzles(self) -> tuple[Puzzle, ...]:
        """The set's puzzles, easy to hard (the same ones every time)."""
        return chosen_puzzles(self)

    @property
    def ids(self) -> list[str]:
        return [p.id for p in self.puzzles()]

    def exercises(self, make: Callable[..., Exercise] = Exercise, **extra: Any) -> list[Exercise]:
        """One exercise per puzzle (:func:`puzzle_exercise`), in the current language."""
        return [puzzle_exercise(p, make, theme=theme, **extra) for p, (theme, _) in zip(self.puzzles(), self.items)]


@lru_cache(maxsize=None)
def chosen_puzzles(problems: ProblemSet) -> tuple[Puzzle, ...]:
    """The set's puzzles: for each item, the seed's pick among the bank's puzzles of its theme and band, drawn
    again (the pick left out) while it does not fit beside the puzzles already chosen (:func:`unfit`)."""
    only = practice_only(problems.game_id)  # puzzles added to fill Practice levels: never a lesson's
    pool = sorted((p for p in load_puzzles(problems.game_id) if p.id not in only), key=lambda p: p.id)
    taken: set[str] = set(problems.exclude)
    out: list[Puzzle] = []
    heard: set[str] = set()  # the right answers' sentences so far
    for i, (theme, band) in enumerate(problems.items):
        candidates = [
            p
            for p in pool
            if theme in p.themes
            and p.band == band
            and p.id not in taken
            and all(p.facts.get(fact) == value for fact, value in problems.where)
        ]
        rng = random.Random(f"{problems.game_id}/{problems.seed}/{i}/{theme}/{band}")
        while candidates:
            puzzle = rng.choice(candidates)
            if unfit(puzzle, theme, heard, pool, problems.bank_questions, problems.skips) is None:
                break
            candidates.remove(puzzle)
        else:
            raise ValueError(
                tr(
                    "no {band} puzzle of the theme {theme!r} is left in the {game} bank",
                    band=band,
                    theme=theme,
                    game=problems.game_id,
                )
            )
        taken.add(puzzle.id)
        heard.update(right_sentences(puzzle))
        out.append(puzzle)
    return tuple(out)


SKIPS = ("decided", "repeats", "coin_flip")
"""Why a lesson's set passes over a puzzle (:func:`unfit`), in the order they are tried."""


def right_sentences(puzzle: Puzzle) -> tuple[str, ...]:
    """The feedback a right answer of ``puzzle`` gets, one sentence per right answer, in English (a set's puzzles
    are the same in every language)."""
    with using("en"):
        return tuple(dict.fromkeys(puzzle.check(a)[1] for a in puzzle.answers))


def guessable(puzzle: Puzzle) -> bool:
    """Whether a line, column or choice picked at random is right in ``puzzle`` more than a third of the time (two
    choices with one right is a coin flip)."""
    return 3 * len(puzzle.answers) > len(puzzle.legal_answers())


def unfit(
    puzzle: Puzzle,
    theme: str,
    heard: set[str],
    pool: Sequence[Puzzle] = (),
    bank_questions: bool = True,
    skips: Sequence[str] = SKIPS,
) -> str | None:
    """Why a lesson's set passes over ``puzzle`` (asked for ``theme``), else None:

    * ``"decided"``: its game is already decided — every answer ends in the same result, so the line changes
      only the score (the game's puzzle module says so, ``decided(puzzle)``; Dots: the boxes already taken plus
      the solver's margin after each line);
    * ``"repeats"``: a right answer's feedback is a sentence an earlier puzzle of the set already says (``heard``):
      a pupil would read the same verdict twice;
    * ``"coin_flip"``: a guess is right more than a third of the time (:func:`guessable`), where the theme's
      question is not a guess by nature (some puzzle of ``pool`` with this theme is not guessable; Shut the Box's
      "one die or two?" is two-way by nature and stays).

    The last two judge the bank's question and feedback: a set whose exercises ask and answer in their own words
    (``bank_questions`` False, as 5 en raya's do: a column and a score) is judged by the first only."""
    decided = getattr(catalog.get(puzzle.game_id).puzzle_module(), "decided", None)
    if "decided" in skips and decided is not None and decided(puzzle):
        return "decided"
    if not bank_questions:
        return None
    if "repeats" in skips and heard.intersection(right_sentences(puzzle)):
        return "repeats"
    if "coin_flip" in skips and guessable(puzzle) and any(theme in p.themes and not guessable(p) for p in pool):
        return "coin_flip"
    return None


# ---------------------------------------------------------------------------------------------------
# One puzzle as a lesson exercise
# ---------------------------------------------------------------------------------------------------
def typed_answer(puzzle: Puzzle, answer: Any) -> Any:
    """A pupil's typed (or clicked, or chosen) answer as an action of ``puzzle``'s game, not yet judged:
    a line ``"a1-b1"``, a column ``"4"`` (``"column 4"``), a set of tiles ``"5+3"``, ``"one die"``/``"two dice"``.

    Anything that is not text is refused (ValueError naming it): answers are never coerced."""
    if not isinstance(answer, str):
        raise ValueError(tr("{answer!r}: type the answer as text", answer=answer))
    return puzzle_words(puzzle.game_id).read_answer(answer, puzzle.facts)


def answer_text(puzzle: Puzzle, action: Any) -> str:
    """A canonical action as the pupil types it: ``"a1-b1"``, ``"4"``, ``"5+3"``, ``"one die"``."""
    return puzzle_words(puzzle.game_id).answer_text(action)


def puzzle_position(puzzle: Puzzle) -> Any:
    """What an exercise's ``position`` is for this puzzle: the game (Dots, Connect), or for Shut the Box the
    open tiles and the roll (a :class:`gamekit.shutbox.lessons.SetChoice`-like pair: ``(tiles, roll)``)."""
    return puzzle_words(puzzle.game_id).exercise_position(puzzle.facts, puzzle.position)


def stakes(puzzle: Puzzle) -> str:
    """What is at stake in a puzzle, without the answer: the result best play keeps and how many answers are
    right (Dots: the boxes each side ends with; Shut the Box: the best and the worst choice's value).  A game's
    puzzle module may ask instead where telling would give the answer away (``asked_stakes(puzzle)``, None
    elsewhere: Dots with boxes on offer)."""
    asked = getattr(catalog.get(puzzle.game_id).puzzle_module(), "asked_stakes", None)
    words = asked(puzzle) if asked is not None else None
    if words is not None:
        return words
    n = len(puzzle.answers)  # how many are right; not out of how many legal ones (a count a lesson may ask)
    return puzzle_words(puzzle.game_id).stakes(puzzle.position, puzzle.facts, puzzle.refutations, n)


def puzzle_exercise(
    puzzle: Puzzle, make: Callable[..., Exercise] = Exercise, theme: str | None = None, **extra: Any
) -> Exercise:
    """``puzzle`` as an exercise: its prompt, judged by :meth:`Puzzle.check` (the right answer is told why,
    any other legal answer its refutation, an illegal one why it is refused), its answers as solutions, the
    other legal answers as wrong examples, ``key`` ``"practice <id>"`` and ``level`` its band.  The hint names
    ``theme`` (the idea the set chose the puzzle for; default the puzzle's first theme).

    ``make`` builds the exercise (a game's own Exercise class, e.g. with ``game=`` and ``click=True``)."""
    if not isinstance(puzzle, Puzzle):
        raise TypeError(tr("puzzle_exercise: give a Puzzle, not {kind}", kind=type(puzzle).__name__))

    def check(answer: Any) -> tuple[bool, str]:
        return puzzle.check(typed_answer(puzzle, answer))  # IllegalMoveError (a ValueError) explains a refusal

    solutions = [answer_text(puzzle, a) for a in puzzle.answers]
    legal = [answer_text(puzzle, a) for a in puzzle.legal_answers()]
    wrong = [a for a in legal if a not in solutions]
    if theme is not None and theme not in puzzle.themes:
        raise ValueError(
            tr(
                "theme={theme!r}: puzzle {id} is not about it ({themes})",
                theme=theme,
                id=puzzle.id,
                themes=", ".join(puzzle.themes),
            )
        )
    # the theme's idea as a question to ask oneself: its bare name ("take a box", "win now") would be the answer
    hint = (
        theme_hint(puzzle.game_id, theme or puzzle.themes[0])
        + " "
        + ntr("There is only one right answer.", "There are {n} right answers: any one will do.", len(solutions))
    )
    # What would give the answer away: the verdict on this very position.  A bare line, column or set ("c2-d2",
    # "4", "8+1") names a move of *this* board only; that the board itself is not shown earlier on the page
    # (nor the board one move later) is what the giveaway tests check.
    leaks = tuple(dict.fromkeys(check(s)[1] for s in solutions))

    def more(answer: Any) -> str:  # the whole refutation, one click under the short feedback
        return puzzle.whole_line(typed_answer(puzzle, answer))

    ex = make(
        puzzle.prompt() + " " + stakes(puzzle),
        check,
        hint=hint,
        answer=", ".join(solutions),
        solutions=solutions,
        wrong=wrong,
        key=f"practice {puzzle.id}",
        position=puzzle_position(puzzle),
        leaks=leaks,
        more=more,
        choices=puzzle_words(puzzle.game_id).choices(puzzle.facts),
        **extra,
    )
    ex.level = puzzle.band
    ex.puzzle = puzzle
    return ex


def level_word(level: str) -> str:
    """A level in the current language ("easy" → "fácil")."""
    return tr(LEVEL_WORDS[level])


__all__ = [
    "ProblemSet",
    "puzzle_exercise",
    "stakes",
    "typed_answer",
    "answer_text",
    "puzzle_position",
    "level_word",
    "unfit",
    "SKIPS",
    "BAND_NAMES",
]
