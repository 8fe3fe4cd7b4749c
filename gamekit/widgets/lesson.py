"""The answering widgets shared by every game's lessons: :class:`ExerciseWidget` (type or pick an answer),
:class:`PuzzleBoard` (click it on a board) and :class:`LessonScore` (a lesson's one-line score, saved).

Everything here is game-agnostic.  A game plugs in with what it already has: an
:class:`~gamekit.widgets.exercise.Exercise` whose checker comes from the game's own analysis, a **scene function**
drawing a position as a :class:`~gamekit.core.scene.Scene` (with a :class:`Mark` highlighted), and a **hit
function** ``hit(x, y) -> answer`` turning a click in CSS pixels into an answer (``None`` for "nothing there", or
``ValueError`` with a sentence saying why the click is refused)::

    score = LessonScore("Third sides")
    PuzzleBoard(safe_line_exercise(), draw=lambda mark: my_scene(mark), hit=my_hit,
                size=(300, 300), score=score)                               # click a line on the board
    ExerciseWidget(count_exercise(), score=score)                           # type a number
    score                                                                   # "2 of 2 solved …"

After two wrong answers an exercise offers a similar puzzle of the bank (:mod:`gamekit.widgets.mastery`), shown
here by :func:`similar_widget`.  Every widget is driven by plain methods — ``ExerciseWidget.submit(text)``,
``PuzzleBoard.click(x, y)`` / ``submit(answer)`` / ``show_hint()`` / ``show_answer()`` — so pytest tests them
without a browser; the buttons and canvas events only call those methods.  Exceptions raised in a callback are
shown in the widget's error panel (the :func:`~gamekit.widgets.controls.reported` pattern) and kept in
``widget.errors``.  Drawing goes through :class:`~gamekit.widgets.canvas.BoardCanvas`: a scene is computed first,
then painted in one ``hold_canvas`` batch.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any, Callable, NamedTuple

import ipywidgets as W

from gamekit import progress
from gamekit.core.scene import Scene
from gamekit.i18n import Localized, ntr, tr
from gamekit.widgets.access import LIVE_CLASS, BoardAccess
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.controls import reported
from gamekit.widgets.exercise import (
    NOTE_COLOUR,
    RIGHT_COLOUR,
    WRONG_COLOUR,
    Attempt,
    Exercise,
    LessonBase,
    shown_order,
    submit_on_enter,
)
from gamekit.widgets.lesson_registry import Lesson
from gamekit.widgets.mastery import MISSES_BEFORE_SIMILAR, Idea, idea_of, offer_note, shown_level, similar_exercise


# ---------------------------------------------------------------------------------------
# Shared plumbing: error panel, feedback line, attempts
# ---------------------------------------------------------------------------------------
class ClassNote:
    """Sends the saved progress to this computer's class after an answer, and says on ``self.class_note`` (an HTML
    widget the class makes) whether it arrived.  Shared by the lesson exercises and the Practice boards."""

    last_class_note = ""

    def share(self) -> bool:
        """Send the saved progress to this computer's class group in the background (:func:`gamekit.progress.share`)
        and say on :attr:`class_note` whether it arrived; False when no class is joined (nothing shown).  Never
        raises and never waits: the exercise or puzzle works the same offline."""
        if progress.group() is None:
            return False
        self._show_class_note(tr("Sending to your teacher…"), NOTE_COLOUR)
        try:
            return progress.share(self._shared)
        except Exception as problem:  # a broken install must not break the exercise
            self._show_class_note(tr("Not sent to your teacher: {reason}", reason=str(problem)), WRONG_COLOUR)
            return False

    def _shared(self, sent: bool, message: str) -> None:
        self._show_class_note(message, RIGHT_COLOUR if sent else WRONG_COLOUR)

    def _show_class_note(self, message: str, colour: str) -> None:
        self.last_class_note = message
        self.class_note.value = f"<small style='color:{colour}'>{html.escape(message)}</small>" if message else ""


class _Answering(ClassNote, LessonBase):
    """What ExerciseWidget and PuzzleBoard share: feedback line, attempts, Hint, Show answer, score."""

    def _init_answering(self, exercise: Exercise, score: "LessonScore | None") -> None:
        self._init_errors()
        self.exercise = exercise
        self.score = score
        self.attempts: list[Attempt] = []
        self.solved = False
        self.answer_shown = False
        self.last_feedback = ""
        self.feedback = W.HTML(layout=W.Layout(min_height="1.6em"))
        self.feedback.add_class("gamekit-feedback")
        self.feedback.add_class(LIVE_CLASS)  # feedback is announced (a polite live region)
        self.attempts_label = W.HTML()
        self.attempts_label.add_class("gamekit-attempts")
        self.hint_button = W.Button(description=tr("Hint"), icon="lightbulb-o")
        self.answer_button = W.Button(description=tr("Show answer"), icon="eye")
        self.hint_button.on_click(self.on_hint)
        self.answer_button.on_click(self.on_answer)
        # a wrong answer's longer text (a puzzle's whole refutation), one click away under the short feedback
        self.more_text = ""
        self.held_more = ""  # the last wrong answer's longer text, offered once the exercise is over
        self.more_button = W.Button(description=tr("Show the whole line"), icon="list", layout=W.Layout(display="none"))
        self.more_button.on_click(self.on_more)
        self.more_shown = W.HTML()
        self.more_shown.add_class("gamekit-more")
        self.more_box = W.VBox([self.more_button, self.more_shown])
        # the class group's status line: after each answer the saved progress goes to the teacher (when this
        # computer joined a class on the start page); it says whether it arrived, never blocking the exercise
        self.class_note = W.HTML()
        self.class_note.add_class("gamekit-class-note")
        self.last_class_note = ""
        self.lesson = score.lesson_title if score is not None else ""
        self.saved = progress.results(self.lesson).get(exercise.key, {})  # what earlier sessions saved
        # the mastery loop: after MISSES_BEFORE_SIMILAR wrong answers, "Try a similar one" (a bank puzzle on the
        # same idea, a level easier) opens below; its answers count as extra practice, not as this exercise
        self.on_answered: Callable[[Any, bool], None] | None = None
        self.lesson_info: Lesson | None = None  # the lesson, when the page knows it (else found by title)
        self.idea: Idea | None = None
        self.similar: "_Answering | None" = None
        self.similar_tried: list[str] = []
        self.similar_button = W.Button(
            description=tr("Try a similar one"), icon="random", layout=W.Layout(display="none", width="auto")
        )
        self.similar_button.on_click(self.on_similar)
        self.similar_note = W.HTML()
        self.similar_note.add_class(LIVE_CLASS)
        self.similar_box = W.VBox([W.HBox([self.similar_button, self.similar_note])], layout=W.Layout(display="none"))
        self.similar_box.add_class("gamekit-similar")
        if score is not None:
            score.register(exercise)
        self._update_attempts()

    def show_note(self, message: str, colour: str = NOTE_COLOUR) -> None:
        self.last_feedback = message
        self.feedback.value = f"<span style='color:{colour}'>{html.escape(message)}</span>"

    def _record(self, answer: Any, ok: bool, feedback: str) -> None:
        self.attempts.append(Attempt(answer, ok, feedback))
        if ok and not self.answer_shown:
            self.solved = True
        if self.on_answered is not None:  # a similar puzzle: its exercise keeps the count
            self.on_answered(answer, ok)
        elif self.score is not None:
            self.score.record(self.exercise, answer, ok)  # the score saves it
        else:
            self.saved = progress.record(self.lesson, self.exercise.key, ok)
        self.show_note(
            tr("✔ {feedback}", feedback=feedback) if ok else tr("✘ {feedback}", feedback=feedback),
            RIGHT_COLOUR if ok else WRONG_COLOUR,
        )
        self.offer_more(answer)
        self._update_attempts()
        if self.on_answered is None:
            self.share()
            self.offer_similar()

    def offer_more(self, answer: Any) -> None:
        """Show the button for the exercise's longer text about ``answer`` (hidden when there is none) — only once
        the exercise is solved or its answer shown: a line of best play after a wrong answer names the right one.
        Until then a wrong answer's text is kept, and offered after the right answer (whose own text may be empty)."""
        text = ""
        if self.exercise.more is not None:
            try:
                text = self.exercise.more(answer) or ""
            except ValueError:  # a malformed answer has no line: its feedback already says why
                text = ""
        if not (self.solved or self.answer_shown):
            self.held_more, text = text or self.held_more, ""
        elif not text:
            text = self.held_more
        self.more_text = text
        self.more_shown.value = ""
        self.more_button.layout.display = "" if self.more_text else "none"
        self.more_button.description = self.exercise.more_label or tr("Show the whole line")

    def show_more(self) -> str:
        """Show the last wrong answer's longer text (what "Show the whole line" does); ``""`` if none."""
        self.more_shown.value = (
            f"<span style='color:{NOTE_COLOUR}'>{html.escape(self.more_text)}</span>" if self.more_text else ""
        )
        return self.more_text

    @reported
    def on_more(self, _: Any) -> None:
        self.show_more()

    def _update_attempts(self) -> None:
        n = len(self.attempts)
        label = (
            ntr("{n} attempt · solved", "{n} attempts · solved", n)
            if self.solved
            else ntr("{n} attempt · answer shown", "{n} attempts · answer shown", n)
            if self.answer_shown
            else ntr("{n} attempt", "{n} attempts", n)
        )
        if not self.attempts and self.saved.get("solved"):
            label = ntr(
                "solved before ({n} attempt saved)", "solved before ({n} attempts saved)", self.saved.get("attempts", 0)
            )
        self.attempts_label.value = f"<small>{label}</small>"

    @property
    def misses(self) -> int:
        """Wrong answers given to this exercise on this page."""
        return sum(not a.ok for a in self.attempts)

    def offer_similar(self) -> bool:
        """After :data:`MISSES_BEFORE_SIMILAR` wrong answers (not solved, answer not shown), show "Try a similar
        one" when the lesson names this exercise's idea (:func:`idea_of`); True when it is offered."""
        if self.solved or self.answer_shown or self.misses < MISSES_BEFORE_SIMILAR:
            return False
        if self.idea is None:
            try:
                self.idea = idea_of(self.lesson_info or self.lesson, self.exercise)
            except ValueError:  # a bank or lesson that cannot say: the exercise goes on without it
                self.idea = None
            if self.idea is None:
                return False
        self.similar_box.layout.display = ""
        self.similar_button.layout.display = ""
        if self.similar is None:
            self.similar_note.value = html.escape(offer_note(self.idea))
        return True

    def try_similar(self) -> "_Answering | None":
        """What "Try a similar one" does: a puzzle of the bank on this exercise's idea, one level easier (another
        one each time), shown below; its answers count in the progress as extra practice on that idea.  Returns
        its widget (None, with a note, when the bank has none left)."""
        idea = self.idea or idea_of(self.lesson_info or self.lesson, self.exercise)
        if idea is None:
            return None
        self.idea = idea
        exercise = similar_exercise(idea, exclude=tuple(self.similar_tried), turn=len(self.similar_tried))
        if exercise is None:
            self.similar_note.value = html.escape(tr("No other puzzle on this idea is left: try this one again."))
            self.similar_button.layout.display = "none"
            return None
        puzzle_id = exercise.puzzle.id
        self.similar_tried.append(puzzle_id)
        widget = similar_widget(exercise)
        widget.on_answered = lambda answer, ok: self._similar_answered(puzzle_id, ok)
        self.similar = widget
        self.similar_button.description = tr("Another similar one")
        self.similar_note.value = html.escape(
            tr("A similar one ({level}), on the same idea:", level=tr(shown_level(exercise)))
        )
        self.similar_box.children = [self.similar_box.children[0], widget]
        self.similar_box.layout.display = ""
        return widget

    def _similar_answered(self, puzzle_id: str, ok: bool) -> None:
        idea = self.idea
        progress.record_extra(self.lesson, self.exercise.key, idea.game_id, idea.theme, puzzle_id, ok)
        if ok:
            self.similar_note.value = html.escape(tr("Well done. Now try the exercise above again."))
        self.share()

    @reported
    def on_similar(self, _: Any) -> None:
        self.try_similar()

    def show_hint(self) -> str:
        hint = self.exercise.hint
        message = tr("Hint: {hint}", hint=hint) if hint else tr("No hint for this one: read the question again slowly.")
        self.show_note(message)
        return message

    def show_answer(self) -> str:
        self.answer_shown = True
        if self.score is not None:
            self.score.reveal(self.exercise)
        else:
            self.saved = progress.record(self.lesson, self.exercise.key, False, shown=True)
        answer = self.exercise.answer or ", ".join(map(str, self.exercise.solutions))
        if self.exercise.choices and answer in self.exercise.choices:
            answer = tr(answer)  # a choice's value is English; it is shown translated
        message = tr("Answer: {answer}", answer=answer)
        self.show_note(message)
        if self.exercise.solutions:  # the longer text about the answer, one click away
            self.offer_more(self.exercise.solutions[0])
        self._update_attempts()
        if self.on_answered is None:
            self.share()
            self.similar_button.layout.display = "none"
            if self.similar is None:
                self.similar_box.layout.display = "none"
        return message

    @reported
    def on_hint(self, _: Any) -> None:
        self.show_hint()

    @reported
    def on_answer(self, _: Any) -> None:
        self.show_answer()


# ---------------------------------------------------------------------------------------
# ExerciseWidget: type (or pick) an answer
# ---------------------------------------------------------------------------------------
class ExerciseWidget(_Answering):
    """An exercise with a text box (or choice buttons), Check / Hint / Show answer and an attempts count."""

    def __init__(self, exercise: Exercise, score: "LessonScore | None" = None):
        super().__init__()
        self._init_answering(exercise, score)
        self.prompt = W.HTML(f"<b>{exercise.prompt}</b>")
        if exercise.choices:
            shown = shown_order(exercise.choices, exercise.key)
            self.input: W.Widget = W.ToggleButtons(options=[(tr(str(c)), c) for c in shown], value=None)
        else:
            self.input = W.Text(placeholder=tr("your answer"), layout=W.Layout(width="16em"))
            submit_on_enter(self.input, self.on_check)
        self.check_button = W.Button(description=tr("Check"), button_style="primary", icon="check")
        self.check_button.on_click(self.on_check)
        # no board of its own: the access widget installs the page's keyboard shim (pictures leave the Tab order)
        self.access = BoardAccess()
        self.children = [
            self.prompt,
            W.HBox([self.input, self.check_button, self.hint_button, self.answer_button]),
            self.feedback,
            self.more_box,
            self.attempts_label,
            self.similar_box,
            self.class_note,
            self.access,
            self.error_output,
        ]
        self.add_class("gamekit-exercise")

    def submit(self, answer: Any) -> tuple[bool, str]:
        """Check ``answer`` as if typed and Check pressed; returns ``(ok, feedback)``.  An empty or unreadable
        answer is not an attempt: the feedback says why, the count stays."""
        ok, feedback, counts = self.exercise.assess(answer)
        if not counts:
            self.show_note(feedback)
            return ok, feedback
        self._record(answer, ok, feedback)
        return ok, feedback

    @reported
    def on_check(self, _: Any) -> None:
        self.submit(self.input.value)


# ---------------------------------------------------------------------------------------
# PuzzleBoard: answer by clicking on the board
# ---------------------------------------------------------------------------------------
def position_text(position: Any) -> str:
    """A game position in words for a screen reader, from its game's catalog entry (the room's ``text``, the
    same words the play boards give); ``""`` for no position or a game without one."""
    if position is None:
        return ""
    from gamekit import catalog

    for info in catalog.games():
        if info.room is not None and isinstance(position, info.game_class()):
            return info.room.text(position, {})
    return ""


class Mark(NamedTuple):
    """What the puzzle's drawing should highlight: an answer and how it was judged."""

    answer: Any
    state: str  # "right", "wrong" or "answer" (shown by Show answer)


class PuzzleBoard(_Answering):
    """A preset position; a click becomes an answer through ``hit`` and is checked by the exercise.

    * ``draw(mark) -> Scene`` — the position, with ``mark`` (a :class:`Mark` or None) highlighted;
    * ``hit(x, y) -> answer | None`` — CSS pixels to an answer; ``None`` or ``ValueError`` means the click
      is refused (shown, not counted as an attempt);
    * ``typed`` — also offer a text box, for readers who prefer typing the answer;
    * ``describe() -> str`` — the position in words for screen readers (the board's description); by default
      the words of the exercise's ``position`` from its game's catalog entry (:func:`position_text`).
    """

    def __init__(
        self,
        exercise: Exercise,
        draw: Callable[[Mark | None], Scene],
        hit: Callable[[float, float], Any],
        size: tuple[int, int],
        score: "LessonScore | None" = None,
        typed: bool = True,
        describe: Callable[[], str] | None = None,
    ):
        super().__init__()
        self._init_answering(exercise, score)
        self.draw, self.hit = draw, hit
        self.mark: Mark | None = None
        self.board = BoardCanvas(*size, label=tr("Exercise board: click your answer, or type it in the box"))
        text = describe() if describe is not None else position_text(exercise.position)
        if text:
            self.board.set_access(description=text)
        self.board.canvas.on_mouse_down(self.handle_mouse_down)
        self.prompt = W.HTML(f"<b>{exercise.prompt}</b>")
        self.input = W.Text(placeholder=tr("your answer"), layout=W.Layout(width="12em"))
        submit_on_enter(self.input, self.on_check)
        self.check_button = W.Button(description=tr("Check"), icon="check")
        self.check_button.on_click(self.on_check)
        typed_row = [self.input, self.check_button] if typed else []
        self.children = [
            self.prompt,
            self.board.canvas,
            self.board.access,
            self.feedback,
            self.more_box,
            W.HBox([*typed_row, self.hint_button, self.answer_button]),
            self.attempts_label,
            self.similar_box,
            self.class_note,
            self.error_output,
        ]
        self.add_class("gamekit-puzzle")
        self.redraw()

    def redraw(self) -> None:
        self.board.paint(self.draw(self.mark))  # draw() computes; paint() only replays

    def click(self, x: float, y: float) -> tuple[bool, str] | None:
        """A click at CSS pixel (x, y): checked like a typed answer; None if the click hit nothing."""
        try:
            answer = self.hit(x, y)
        except ValueError as refusal:
            self.show_note(str(refusal))
            return None
        if answer is None:
            self.show_note(tr("Click on the board to answer."))
            return None
        return self.submit(answer)

    def submit(self, answer: Any) -> tuple[bool, str]:
        """Check ``answer`` (clicked or typed); an empty or unreadable one is not an attempt (as a missed click)."""
        ok, feedback, counts = self.exercise.assess(answer)
        if not counts:
            self.show_note(feedback)
            return ok, feedback
        self._record(answer, ok, feedback)
        self.mark = Mark(answer, "right" if ok else "wrong")
        try:
            self.redraw()
        except Exception:  # a mark the drawing cannot show (e.g. malformed text): plain board
            self.mark = None
            self.redraw()
        return ok, feedback

    def show_answer(self) -> str:
        message = super().show_answer()
        if self.exercise.solutions:
            self.mark = Mark(self.exercise.solutions[0], "answer")
            self.redraw()
        return message

    @reported
    def handle_mouse_down(self, x: float, y: float) -> None:
        self.click(*self.board.to_css(x, y))

    @reported
    def on_check(self, _: Any) -> None:
        self.submit(self.input.value)


# ---------------------------------------------------------------------------------------
# LessonScore
# ---------------------------------------------------------------------------------------
@dataclass
class _Record:
    attempts: int = 0
    solved: bool = False
    first_try: bool = False
    shown: bool = False
    answers: list = field(default_factory=list)


class LessonScore(Localized, W.HTML):
    """Collects the attempts of a lesson's exercises and shows a one-line score.

    Pass it as ``score=`` to :class:`ExerciseWidget` / :class:`PuzzleBoard`; display it anywhere
    (it updates live).  An exercise counts as solved if it was answered right before its answer was shown.
    Every answer is saved (:mod:`gamekit.progress`, under the lesson ``title``), and a new score with the
    same title starts from what was saved: a kernel restart or a reload loses nothing.
    """

    def __init__(self, title: str = ""):
        super().__init__()
        if not isinstance(title, str):
            raise TypeError(tr("the lesson title must be a string, not {__name__}", __name__=type(title).__name__))
        self.lesson_title = title
        self.records: dict[str, _Record] = {
            key: _Record(
                attempts=rec.get("attempts", 0),
                solved=bool(rec.get("solved")),
                first_try=bool(rec.get("first_try")),
                shown=bool(rec.get("shown")),
            )
            for key, rec in progress.results(title).items()
        }
        self.add_class("gamekit-score")
        self._update()

    def register(self, exercise: Exercise) -> None:
        self.records.setdefault(exercise.key, _Record())
        self._update()

    def record(self, exercise: Exercise, answer: Any, ok: bool) -> None:
        rec = self.records.setdefault(exercise.key, _Record())
        rec.attempts += 1
        rec.answers.append(answer)
        if ok and not rec.shown and not rec.solved:
            rec.solved = True
            rec.first_try = rec.attempts == 1
        progress.record(self.lesson_title, exercise.key, ok)
        self._update()

    def reveal(self, exercise: Exercise) -> None:
        self.records.setdefault(exercise.key, _Record()).shown = True
        progress.record(self.lesson_title, exercise.key, False, shown=True)
        self._update()

    @property
    def total(self) -> int:
        return len(self.records)

    @property
    def solved(self) -> int:
        return sum(r.solved for r in self.records.values())

    @property
    def first_try(self) -> int:
        return sum(r.first_try for r in self.records.values())

    @property
    def attempts(self) -> int:
        return sum(r.attempts for r in self.records.values())

    @property
    def shown(self) -> int:
        return sum(r.shown for r in self.records.values())

    def summary(self) -> str:
        if not self.attempts and not self.shown:
            return tr("No exercise answered yet.")
        return tr(
            "{exercises} ({first} at the first try), {attempts}, {shown}.",
            exercises=ntr(
                "{solved} of {n} exercise solved", "{solved} of {n} exercises solved", self.total, solved=self.solved
            ),
            first=self.first_try,
            attempts=ntr("{n} attempt", "{n} attempts", self.attempts),
            shown=ntr("{n} answer shown", "{n} answers shown", self.shown),
        )

    def _update(self) -> None:
        title = tr("Score — {title}", title=self.lesson_title) if self.lesson_title else ""
        self.value = (
            f"<div style='border:1px solid #ccc;border-radius:6px;padding:4px 10px'>"
            f"<b>{html.escape(title)}</b> {html.escape(self.summary())}</div>"
        )


def similar_widget(exercise: Exercise) -> "_Answering":
    """A similar puzzle on the page: a board to click (drawn as the game's room draws it, from the catalog) with
    a box to type the answer, or, for a game without a board (or answered by choices), a typed exercise."""
    from gamekit import catalog

    puzzle = exercise.puzzle
    info = catalog.find(puzzle.game_id)
    room = info.room if info is not None else None
    position = exercise.position
    if room is None or exercise.choices or not callable(getattr(position, "legal_moves", None)):
        return ExerciseWidget(exercise)
    stated = position.to_dict()
    defaults = room.check_options({})
    options = room.check_options({k: stated[k] for k in defaults if k in stated})  # the position's own size
    _, size = room.scene(position, options)
    return PuzzleBoard(
        exercise,
        draw=lambda mark: Scene(room.scene(position, options)[0]),
        hit=lambda x, y: room.move_at(position, options, x, y),
        size=size,
    )


__all__ = [
    "ClassNote",
    "ExerciseWidget",
    "PuzzleBoard",
    "Mark",
    "LessonScore",
    "position_text",
    "similar_widget",
]
