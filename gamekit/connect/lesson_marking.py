"""The 5 en raya teacher guide's marking notes: for every hard exercise and every "More practice" problem, its
answer and the line of best play after it, computed from the lesson registry so the guide cannot drift from it."""

from __future__ import annotations

from gamekit.connect.lesson_exercise import ConnectExercise, whole_line
from gamekit.connect.lessons import LESSONS, practice_exercises
from gamekit.i18n import tr


def marking_line(ex: ConnectExercise) -> str:
    """One short line a teacher marks a paper answer with: for a move exercise, the line of best play after its
    first accepted move (:func:`whole_line`; a move that makes five at once says so); for any other exercise, what
    its right answer is told (the worked answer)."""
    game = getattr(ex, "game", None)
    worked = ex.check(ex.solutions[0])[1]
    move = str(ex.solutions[0]).split(",")[0].strip()  # "be the computer": the column before its score
    if game is None or move not in map(str, game.legal_moves()):
        return worked
    line = whole_line(game, move)
    after = game.copy()
    after.play(move)
    if not line and after.winner() == game.to_move:
        line = tr("Column {move} makes five in a line at once.", move=move)
    return line if ex.click else f"{worked} {line}".strip()


def marking_notes() -> str:
    """The guide's "best play, for marking on paper" list (current language): for every hard exercise and every
    "More practice" problem of each lesson, its answer and :func:`marking_line`, computed here and checked by a
    test against the guide, so the guide and the exercises cannot drift apart."""
    out = []
    for number_, lesson in LESSONS.items():
        for k, name in enumerate(lesson.exercises, 1):
            if lesson.levels[name] != "hard":
                continue
            ex = lesson.exercises[name]()
            out.append(
                "* "
                + tr("**Lesson {lesson}, exercise {k}** ({answer}):", lesson=number_, k=k, answer=ex.answer)
                + " "
                + marking_line(ex)
            )
        for k, ex in enumerate(practice_exercises(number_), 1):
            out.append(
                "* "
                + tr(
                    "**Lesson {lesson}, More practice {k}** (answer {answer}):",
                    lesson=number_,
                    k=k,
                    answer=tr(" or ").join(map(str, ex.solutions)),
                )
                + " "
                + marking_line(ex)
            )
    return "\n".join(out) + "\n"
