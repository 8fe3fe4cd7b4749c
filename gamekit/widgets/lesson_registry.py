"""Lesson: one lesson of a game, as every game's ``lessons.py`` lists it in ``LESSONS``, checked when it is made,
and :func:`exercises_by_notebook`, a game's exercises by page."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from gamekit.i18n import tr
from gamekit.widgets.exercise import Exercise


LEVEL_ORDER = ("easy", "medium", "hard")


@dataclass(frozen=True)
class Lesson:
    """One lesson, the one convention of every game's ``lessons.py``: ``LESSONS = {number: Lesson(...)}``.

    * ``notebook`` — its path under ``notebooks/`` without suffix (``"shut_the_box/03_dice"``; the Spanish
      twin is ``notebooks/es/<notebook>``);
    * ``title`` — the English :class:`LessonScore` title (the lesson's name in the saved progress);
    * ``minutes`` — the time the page announces (the teacher guide's plan adds up to it);
    * ``exercises`` — ``{name: factory}`` in page order, each factory building a fresh :class:`Exercise`
      in the current language;
    * ``levels`` — ``{name: "easy" | "medium" | "hard"}`` for every exercise (easy to hard down the page);
    * ``reflection`` — ``(question, model answer)``, both ``N_`` strings (the model answer goes in the
      teacher guide, never on the page);
    * ``practice`` — the closing "More practice" set (a :class:`gamekit.puzzles.sets.ProblemSet`) or None;
    * ``objectives`` — ``((objective, (exercise name, …)), …)``: each objective the page announces (an ``N_``
      string) and the exercises that test it (every objective needs at least one; the shared tests check it);
    * ``themes`` — the puzzle themes this lesson and the earlier ones have taught: its practice set draws only
      from these (checked here);
    * ``exercise_themes`` — ``{exercise name: theme}``: the idea of the bank (a theme of the practice set's
      game) an exercise practises.  A pupil who misses such an exercise twice is offered a similar puzzle on
      that theme, one level easier (the mastery loop, :func:`idea_of`); the "More practice" problems need
      no entry (the set names their themes).

    The shared lesson tests, the teacher guides' generated solutions and the worksheets read this."""

    number: int
    notebook: str
    title: str
    minutes: int
    exercises: Any  # Mapping[str, Callable[[], Exercise]]
    levels: Any  # Mapping[str, str]
    reflection: tuple[str, str]
    practice: Any = None
    objectives: tuple = ()
    themes: tuple = ()
    exercise_themes: Any = field(default_factory=dict)  # Mapping[str, str]

    def __post_init__(self) -> None:
        if isinstance(self.number, bool) or not isinstance(self.number, int) or self.number < 1:
            raise ValueError(tr("number={number!r}: a whole number ≥ 1", number=self.number))
        for name in ("notebook", "title"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise ValueError(tr("{name}={value!r}: a non-empty text", name=name, value=value))
        if isinstance(self.minutes, bool) or not isinstance(self.minutes, int) or not 5 <= self.minutes <= 120:
            raise ValueError(tr("minutes={minutes!r}: a whole number from 5 to 120", minutes=self.minutes))
        if not self.exercises or not all(callable(f) for f in self.exercises.values()):
            raise ValueError(tr("exercises: give at least one exercise factory, by name"))
        if set(self.levels) != set(self.exercises):
            raise ValueError(
                tr(
                    "levels: give one level for each exercise (missing: {missing}; unknown: {unknown})",
                    missing=", ".join(sorted(set(self.exercises) - set(self.levels))) or "–",
                    unknown=", ".join(sorted(set(self.levels) - set(self.exercises))) or "–",
                )
            )
        bad = {n: l for n, l in self.levels.items() if l not in LEVEL_ORDER}
        if bad:
            raise ValueError(tr("levels: {bad} — each level is easy, medium or hard", bad=bad))
        if not (
            isinstance(self.reflection, tuple)
            and len(self.reflection) == 2
            and all(isinstance(t, str) and t.strip() for t in self.reflection)
        ):
            raise ValueError(tr("reflection: give (question, model answer), two non-empty texts"))
        for item in self.objectives:
            if not (
                isinstance(item, tuple)
                and len(item) == 2
                and isinstance(item[0], str)
                and item[0].strip()
                and isinstance(item[1], tuple)
            ):
                raise ValueError(tr("objectives: {item!r} is not (objective, (exercise name, …))", item=item))
            unknown = [n for n in item[1] if n not in self.exercises]
            if unknown:
                raise ValueError(
                    tr(
                        "objectives: {objective!r} names exercises the lesson does not have: {names}",
                        objective=item[0],
                        names=", ".join(map(str, unknown)),
                    )
                )
        if not isinstance(self.themes, tuple) or not all(isinstance(t, str) for t in self.themes):
            raise ValueError(tr("themes={themes!r}: give a tuple of theme names", themes=self.themes))
        if self.practice is not None and self.themes:
            untaught = sorted({theme for theme, _ in self.practice.items} - set(self.themes))
            if untaught:
                raise ValueError(tr("practice: themes the lesson has not taught: {names}", names=", ".join(untaught)))
        self._check_exercise_themes()

    def _check_exercise_themes(self) -> None:
        from gamekit.puzzles.core import check_theme

        if not hasattr(self.exercise_themes, "items"):
            raise ValueError(
                tr("exercise_themes={value!r}: give a mapping of exercise names to themes", value=self.exercise_themes)
            )
        if self.exercise_themes and self.practice is None:
            raise ValueError(
                tr("exercise_themes: a lesson without a practice set has no bank to draw similar puzzles from")
            )
        for name, theme in self.exercise_themes.items():
            if name not in self.exercises:
                raise ValueError(tr("exercise_themes: the lesson has no exercise {name!r}", name=name))
            check_theme(self.practice.game_id, theme)
            if self.themes and theme not in self.themes:
                raise ValueError(
                    tr(
                        "exercise_themes: {name!r} practises {theme!r}, which the lesson has not taught",
                        name=name,
                        theme=theme,
                    )
                )

    def factories(self) -> list[Callable[[], Exercise]]:
        """The exercise factories in page order."""
        return list(self.exercises.values())

    def practice_exercises(self) -> list[Exercise]:
        """The "More practice" set's exercises (empty when the lesson has none), in the current language."""
        return [] if self.practice is None else self.practice.exercises()


def exercises_by_notebook(lessons: "dict[int, Lesson]") -> dict[str, list[Callable[[], Exercise]]]:
    """``{notebook: [factory, …]}`` of a game's ``LESSONS`` (the page's checked exercises, in order)."""
    return {lesson.notebook: lesson.factories() for _, lesson in sorted(lessons.items())}


__all__ = ["Lesson", "LEVEL_ORDER", "exercises_by_notebook"]
