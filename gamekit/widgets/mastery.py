"""The mastery loop: after two wrong answers to a lesson's exercise, a similar puzzle of the bank on the same idea, one
level easier where there is an easier level (never a harder one), asked the same question under the same rules.
:func:`idea_of` says what an exercise practises, :func:`similar_exercise` draws the puzzle and :func:`fits` decides
whether it may stand in; the answering widgets (:mod:`gamekit.widgets.lesson`) offer it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from gamekit.core.saved import is_int
from gamekit.i18n import tr
from gamekit.widgets.exercise import Exercise
from gamekit.widgets.lesson_registry import LEVEL_ORDER, Lesson


MISSES_BEFORE_SIMILAR = 2
"""Wrong answers to an exercise after which "Try a similar one" is offered."""
EASIER = {"easy": "easy", "medium": "easy", "hard": "medium"}
"""The band of a similar puzzle for an exercise of each level: one level easier (the easiest stays easy, and the
page then does not call it easier: :attr:`Idea.easier`)."""
TRIES_PER_BAND = 60
"""How many bank puzzles of one band are looked at before giving up on that band (each one that does not fit is
skipped): enough for every shipped lesson, few enough to answer at once."""


@dataclass(frozen=True)
class Similar:
    """What an exercise declares a similar puzzle must share with it, beyond its theme: the ``question`` its
    lesson's practice set asks of a bank position (one of that set's ``questions``, e.g. counting the outcomes
    that end the turn rather than those that let you go on).  An exercise carries it as its ``similar``
    attribute; without it the set's first question on the theme is asked."""

    question: "str | None" = None

    def __post_init__(self) -> None:
        if self.question is not None and (not isinstance(self.question, str) or not self.question):
            raise ValueError(tr("question={value!r}: the name of a practice question, or None", value=self.question))


@dataclass(frozen=True)
class Idea:
    """What an exercise practises, as the puzzle bank knows it: the lesson's practice set (its game, its rules
    facts), the ``theme`` and the ``band`` a similar puzzle is drawn from, and the set's ``level`` it came from."""

    problems: Any  # the lesson's gamekit.puzzles.sets.ProblemSet
    theme: str
    band: str
    kind: "str | None" = None  # the failed exercise's kind of answer (answer_kind): a similar one asks the same
    goal: Any = None  # what it asked to reach (exercise_goal), when known: a similar one asks the same
    avoid: frozenset = frozenset()  # the lesson's exercise positions (position_key): never handed out as similar
    level: "str | None" = None  # the failed exercise's own level (None: its band is the easiest)
    question: "str | None" = None  # the practice question a similar one is asked (Similar.question), if declared
    slot: int = 0  # the failed exercise's place in its lesson: different exercises draw different puzzles

    @property
    def game_id(self) -> str:
        return self.problems.game_id

    @property
    def easier(self) -> bool:
        """Whether a similar puzzle is a level below the failed exercise (else it is of the same level)."""
        return self.level is not None and LEVEL_ORDER.index(self.band) < LEVEL_ORDER.index(self.level)


def lesson_titled(title: str) -> "Lesson | None":
    """The lesson of any game in the catalog whose :class:`LessonScore` title is ``title`` (None if none)."""
    if not isinstance(title, str) or not title:
        return None
    return _lessons_by_title().get(title)


@lru_cache(maxsize=1)
def _lessons_by_title() -> "dict[str, Lesson]":
    from gamekit import catalog

    found: dict[str, Lesson] = {}
    for module in catalog.lesson_modules():
        info = next(i for i in catalog.games() if i.lessons == module)
        for lesson in info.lesson_registry().values():
            found.setdefault(lesson.title, lesson)
    return found


_NAMES_BY_KEY: dict[tuple[str, str], dict[str, str]] = {}


def _exercise_names(lesson: "Lesson", language: str) -> dict[str, str]:
    """``{exercise key: exercise name}`` of a lesson's exercises named in ``exercise_themes`` (a key may depend on
    the language); built once per lesson and language."""
    from gamekit.i18n import using

    cached = _NAMES_BY_KEY.get((lesson.notebook, language))
    if cached is None:
        with using(language):
            cached = _NAMES_BY_KEY[lesson.notebook, language] = {
                lesson.exercises[name]().key: name for name in lesson.exercise_themes
            }
    return cached


def idea_of(lesson: "Lesson | str", exercise: Exercise) -> "Idea | None":
    """The idea a similar puzzle is drawn for when a pupil misses ``exercise`` of ``lesson`` (a :class:`Lesson`, or the
    title its :class:`LessonScore` shows, looked up in the catalog's lessons): a "More practice" problem's theme (its
    set names it) one band easier, or the theme the lesson's ``exercise_themes`` gives the exercise, a level below its
    own (its own level when the bank has no easier one); asked the question the exercise declares (its ``similar``, a
    :class:`Similar`) or its set's own.  None when the lesson does not say or no bank puzzle fits (then nothing is
    offered)."""
    from gamekit.i18n import get_language

    if not isinstance(lesson, Lesson):
        lesson = lesson_titled(lesson)
    if lesson is None or lesson.practice is None:
        return None
    problems = lesson.practice
    puzzle = getattr(exercise, "puzzle", None)
    declared = getattr(exercise, "similar", None)
    if declared is not None and not isinstance(declared, Similar):
        raise TypeError(tr("similar: give a Similar, not {kind}", kind=type(declared).__name__))
    same = {
        "kind": answer_kind(exercise),
        "avoid": lesson_positions(lesson),
        "goal": exercise_goal(exercise, problems.game_id),
        "question": declared.question if declared is not None else None,
    }
    idea = None
    if puzzle is not None:
        questions = getattr(problems, "questions", ())
        items = getattr(problems, "similar_items", problems.items)  # a made set: one theme for each of its boards
        for index, ((theme, band), pid) in enumerate(zip(items, problems.ids)):
            if pid == puzzle.id:
                level = getattr(exercise, "level", None) or band
                if questions and same["question"] is None:
                    same["question"] = questions[index]
                slot = len(lesson.exercise_themes) + index
                idea = Idea(problems, theme, EASIER[level], level=level, slot=slot, **same)
                break
    elif lesson.exercise_themes:
        name = _exercise_names(lesson, get_language()).get(exercise.key)
        if name is not None:
            level = lesson.levels[name]
            slot = list(lesson.exercise_themes).index(name)
            idea = Idea(problems, lesson.exercise_themes[name], EASIER[level], level=level, slot=slot, **same)
    if idea is None:
        return None
    if similar_exercise(idea) is None and idea.easier:  # no easier one: one of the same level, not called easier
        idea = dataclasses.replace(idea, band=idea.level)
    return idea if similar_exercise(idea) is not None else None  # nothing fits: no "Try a similar one"


def answer_kind(exercise: Exercise) -> str:
    """The kind of answer an exercise asks for, so a similar puzzle asks for the same kind: ``"move"`` (a legal
    move of its position: a line, a column, a set for the roll), ``"number"`` (a count, a score), ``"list"``
    (several answers at once, "5+1; 4+2"), ``"pair"`` (two parts, "2, 0"), ``"choice"`` (one of its buttons) or
    ``"text"``."""
    if not isinstance(exercise, Exercise):
        raise TypeError(tr("answer_kind: give an Exercise, not {kind}", kind=type(exercise).__name__))
    solutions = [str(s).strip() for s in exercise.solutions]
    if exercise.choices:
        return "choice"
    legal = getattr(exercise.position, "legal_moves", None)
    if solutions and callable(legal) and all(s in {str(m) for m in legal()} for s in solutions):
        return "move"
    puzzle = getattr(exercise, "puzzle", None)
    if puzzle is not None and solutions:  # a bank puzzle asked as the bank asks it: its answers are moves
        from gamekit.puzzles.core import puzzle_words

        typed = {puzzle_words(puzzle.game_id).answer_text(a) for a in puzzle.legal_answers()}
        if all(s in typed for s in solutions):
            return "move"
    if solutions and all(s.lstrip("+-").isdigit() for s in solutions):
        return "number"
    if any(";" in s for s in solutions):
        return "list"
    if any("," in s for s in solutions):
        return "pair"
    if getattr(exercise, "puzzle", None) is not None or callable(legal):
        return "move"  # a bank puzzle's answer, or a move typed in another form
    return "text"


def exercise_goal(exercise: Exercise, game_id: str) -> Any:
    """What an exercise asks to reach, when it can be told (else None): a bank puzzle's goal as its game's
    puzzle module states it (``puzzle_goal(facts)``: 5 en raya / Connect Four win, draw or hold out), a Shut the
    Box question's kind and objective (shut the box, or the lowest score), or the goal of a lesson board worked
    out by the game's ``exercise_goal(position)`` (the exact solver)."""
    from gamekit import catalog

    module = catalog.get(game_id).puzzle_module()
    puzzle = getattr(exercise, "puzzle", None)
    if puzzle is not None:
        if "objective" in puzzle.facts:
            return (puzzle.facts.get("kind"), puzzle.facts["objective"])
        goal = getattr(module, "puzzle_goal", None)
        return goal(puzzle.facts) if goal is not None else None
    objective = getattr(exercise.position, "objective", None)
    if isinstance(objective, str):  # a "which set?" board of a lesson
        return ("set", objective)
    goal = getattr(module, "exercise_goal", None)
    return goal(exercise.position) if goal is not None and exercise.position is not None else None


def position_key(position: Any) -> Any:
    """What makes two exercise positions the same board (None: no position): a Connect grid and the player to
    move, a Dots board's size and drawn lines, a Shut the Box question's open tiles and roll."""
    if position is None:
        return None
    grid = getattr(position, "grid", None)
    if grid is not None:
        return ("grid", tuple(tuple(column) for column in grid), getattr(position, "to_move", None))
    if hasattr(position, "open_tiles") and hasattr(position, "roll"):
        return ("tiles", tuple(sorted(position.open_tiles)), position.roll)
    if isinstance(position, tuple) and len(position) == 2 and isinstance(position[0], tuple):
        return ("tiles", tuple(sorted(position[0])), position[1])
    to_dict = getattr(position, "to_dict", None)
    if callable(to_dict):
        d = to_dict()
        return ("lines", d.get("width"), d.get("height"), frozenset(d.get("moves", ())))
    return ("other", repr(position))


_POSITIONS: dict[str, frozenset] = {}


def lesson_positions(lesson: "Lesson") -> frozenset:
    """The :func:`position_key` of every board of a lesson's exercises (an exercise without a board: its
    question's text), built once per lesson: a similar puzzle is never one of them, so "Try a similar one" never
    hands out a lesson exercise's own question."""
    keys = _POSITIONS.get(lesson.notebook)
    if keys is None:
        found = set()
        for factory in lesson.factories():
            exercise = factory()
            key = position_key(exercise.position)
            found.add(key if key is not None else ("prompt", exercise.prompt))
        keys = _POSITIONS[lesson.notebook] = frozenset(found)
    return keys


def offer_note(idea: Idea) -> str:
    """What the page says beside "Try a similar one": "a little easier" only when the similar puzzle is a level
    below the exercise (:attr:`Idea.easier`), else that it is on the same idea."""
    if idea.easier:
        return tr("Stuck? Try a similar one, a little easier, then come back.")
    return tr("Stuck? Try a similar one on the same idea, then come back.")


def shown_level(exercise: Exercise) -> str:
    """The level a bank exercise is shown at: the one its set gave it (a set that grades by its own question), else
    its puzzle's band."""
    return getattr(exercise, "level", None) or exercise.puzzle.band


def similar_exercise(idea: Idea, exclude: Sequence[str] = (), turn: int = 0) -> "Exercise | None":
    """A puzzle of the bank on ``idea`` as an exercise, shown at the idea's band or lower (never harder than the failed
    exercise, a level easier where there is one), never one of the lesson's practice set nor of ``exclude`` (those tried
    already); ``turn`` picks another one each time (the same turn gives the same puzzle), and the idea's ``slot``
    another one for each exercise of the lesson where the bank has enough.  A set that asks its lesson's own question of
    bank positions (its ``questions``) asks the idea's question (else its first on that theme).  None when the bank has
    none that fits."""

    if not is_int(turn) or turn < 0:
        raise ValueError(tr("turn={turn!r}: a whole number ≥ 0", turn=turn))
    if isinstance(exclude, str) or not all(isinstance(x, str) for x in exclude):
        raise ValueError(tr("exclude={exclude!r}: a list of puzzle ids", exclude=exclude))
    problems = idea.problems
    skip = tuple(sorted(set(problems.exclude) | set(problems.ids) | set(exclude)))
    source = getattr(problems, "similar_source", None)  # a set of boards the lesson makes: the bank stands in
    if source is not None:
        problems = source()
    asked = {}
    questions = getattr(problems, "questions", ())
    if questions:  # a set asking its lesson's own question: the similar one asks it too
        first = next((q for (theme, _), q in zip(problems.items, questions) if theme == idea.theme), "bank")
        asked["questions"] = (idea.question or first,)
    if getattr(
        problems, "made", ()
    ):  # positions a lesson builds itself are not drawn again: similar ones are the bank's
        asked["made"] = ()
    top = LEVEL_ORDER.index(idea.band)
    own_levels = bool(getattr(problems, "graded_by_box", False)) and asked.get("questions", ("bank",))[0] != "bank"
    # a set that grades by its own question may show a bank puzzle of any band at the idea's level
    bands = [idea.band, *LEVEL_ORDER[:top][::-1]] + ([*LEVEL_ORDER[top + 1 :]] if own_levels else [])
    found: list[Exercise] = []  # the fitting ones in the order drawn: the idea's slot picks one of them
    for band in bands:
        passed = skip
        for _ in range(TRIES_PER_BAND):
            # built outside the try: a set that cannot be narrowed to this idea is a fault, not "none left"
            chosen = dataclasses.replace(
                problems,
                items=((idea.theme, band),),
                seed=problems.seed + 1 + turn,
                exclude=passed,
                skips=("decided",),  # one puzzle standing in for another: only a decided game is never offered
                **asked,
            )
            try:
                exercise = chosen.exercises()[0]
            except ValueError:  # none of this band left
                break
            if LEVEL_ORDER.index(shown_level(exercise)) <= top and fits(idea, exercise):
                found.append(exercise)
                if len(found) > idea.slot:
                    return exercise
            passed = tuple(sorted({*passed, exercise.puzzle.id}))  # the next one
    return found[-1] if found else None  # fewer than the slot asks: the bank has no other one


def fits(idea: Idea, exercise: Exercise) -> bool:
    """Whether a bank exercise may stand in for the one the pupil failed: the same kind of answer
    (:func:`answer_kind`), the same goal where both are known (:func:`exercise_goal`), and not the board of one of
    the lesson's exercises (:func:`position_key`)."""
    if idea.kind is not None and answer_kind(exercise) != idea.kind:
        return False
    if idea.goal is not None and exercise_goal(exercise, idea.game_id) not in (None, idea.goal):
        return False
    key = position_key(exercise.position)
    return (key if key is not None else ("prompt", exercise.prompt)) not in idea.avoid


__all__ = [
    "MISSES_BEFORE_SIMILAR",
    "EASIER",
    "TRIES_PER_BAND",
    "Similar",
    "Idea",
    "shown_level",
    "offer_note",
    "idea_of",
    "lesson_titled",
    "similar_exercise",
    "answer_kind",
    "exercise_goal",
    "position_key",
    "lesson_positions",
    "fits",
]
