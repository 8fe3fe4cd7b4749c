"""Lesson widgets shared by every game: checked exercises, step-through examples, puzzle boards, a score.

Everything here is game-agnostic.  A game plugs in with three small things it already has:

* a **scene function** that draws a position as a :class:`~gamekit.core.scene.Scene`
  (for Dots and Boxes: ``dots_scene(game, layout, box_tints=…, line_colours=…)``);
* a **hit function** ``hit(x, y) -> answer`` turning a click in CSS pixels into an answer
  (for Dots and Boxes: ``BoardLayout.line_at`` plus ``game.line_name``); it returns ``None``
  for "nothing there" or raises ``ValueError`` with a sentence saying why the click is refused;
* **checkers** computed from the game's own analysis: ``checker(answer) -> (ok, feedback)``.

How a game's ``lessons.py`` uses them::

    from gamekit.widgets.lesson import Exercise, ExerciseWidget, LessonScore, PuzzleBoard, Step, StepThrough

    def safe_line_exercise() -> Exercise:
        game = DotsAndBoxes.from_moves(3, 3, "a1-b1 b2-b3 …")
        safe = set(safe_lines(game))                       # from the game's analysis
        def check(line):
            name = game.line_name(game.line_index(line))   # bad input raises ValueError → shown as feedback
            if name in safe:
                return True, f"Right: {name} gives no box a third side."
            return False, f"{name} gives a box its third side: the other player takes it."
        return Exercise("Click a safe line.", check, hint="Look for boxes with fewer than two sides.",
                        answer="Safe lines: " + ", ".join(sorted(safe)), solutions=sorted(safe))

    score = LessonScore("Third sides")
    PuzzleBoard(safe_line_exercise(), draw=lambda mark: my_scene(mark), hit=my_hit,
                size=(300, 300), score=score)                               # click a line on the board
    ExerciseWidget(count_exercise(), score=score)                           # type a number
    StepThrough([Step(scene_1, "Gold draws a1-b1."), Step(scene_2, "…")], size=(300, 300))
    score                                                                   # "2 of 2 solved …"

Every widget is driven by plain methods — ``ExerciseWidget.submit(text)``,
``PuzzleBoard.click(x, y)`` / ``submit(answer)`` / ``show_hint()`` / ``show_answer()``,
``StepThrough.next()`` / ``prev()`` / ``reset()`` / ``goto(i)`` / ``play()`` — so pytest tests them
without a browser; the buttons and canvas events only call those methods.  Exceptions raised in a
callback are shown in the widget's error panel (the :func:`~gamekit.widgets.controls.reported` pattern)
and kept in ``widget.errors``.  Drawing goes through :class:`~gamekit.widgets.canvas.BoardCanvas`: a
scene is computed first, then painted in one ``hold_canvas`` batch.
"""

from __future__ import annotations

import hashlib
import html
import random
import threading
import traceback
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, NamedTuple, Sequence, Union

import ipywidgets as W

from gamekit import progress
from gamekit.core.saved import is_int
from gamekit.widgets.access import LIVE_CLASS, BoardAccess
from gamekit.widgets.canvas import BoardCanvas
from gamekit.widgets.controls import reported
from gamekit.core.scene import Scene
from gamekit.widgets.stepping import Stepping
from gamekit.i18n import N_, Localized, ntr, tr


YES_NO = (N_("Yes"), N_("No"))  # choices the lessons offer; every choice is shown translated (tr)
RIGHT_COLOUR = "#1e8449"
WRONG_COLOUR = "#c0392b"
NOTE_COLOUR = "#2f3640"

Checker = Callable[[Any], "tuple[bool, str]"]


# ---------------------------------------------------------------------------------------
# The checker API (plain Python)
# ---------------------------------------------------------------------------------------
@dataclass
class Exercise:
    """One question with its checker.

    * ``prompt`` — the question (HTML allowed);
    * ``checker(answer) -> (ok, feedback)`` — computed from the game's analysis; it may raise
      ``ValueError`` (``IllegalMoveError`` is one) for malformed input, and :meth:`check` turns that
      into ``(False, message)``;
    * ``hint`` / ``answer`` — texts shown by the Hint and Show answer buttons;
    * ``solutions`` — right answers (examples; tests feed each to the checker, Show answer marks the first);
    * ``choices`` — if given, the widget offers buttons instead of a text box;
    * ``key`` — a name for the score and the saved progress (defaults to the prompt);
    * ``wrong`` — example wrong answers: each must be refused with feedback saying why (tests feed them);
    * ``position`` — for an exercise that asks for a move: the game position, so tests can compare the
      accepted moves with the exact solver's best moves (and count the legal choices);
    * ``click`` — answered by clicking on a board (a :class:`PuzzleBoard`);
    * ``more(answer) -> str`` — optional: a longer text for an answer (a puzzle's whole refutation line, the
      exact fractions behind a rounded number), shown one click away under the short feedback by a button
      labelled ``more_label`` (default "Show the whole line") once the exercise is solved or its answer shown,
      never before (it may name the answer); ``""`` when there is none;
    * ``leaks`` — texts that would give the answer away if an output on the page showed them.  Left
      empty, they are derived from ``solutions``: every solution whose text is at least three
      characters long, not a bare number and not one of the ``choices`` (those are on the page anyway).
    """

    prompt: str
    checker: Checker
    hint: str = ""
    answer: str = ""
    solutions: Sequence[Any] = ()
    choices: Sequence[str] | None = None
    key: str = ""
    wrong: Sequence[Any] = ()
    position: Any = None
    leaks: Sequence[str] = ()
    click: bool = False
    more: Callable[[Any], str] | None = None
    more_label: str = ""

    def __post_init__(self) -> None:
        self.key = self.key or self.prompt
        if not self.leaks:
            self.leaks = derived_leaks(self.solutions, self.choices)

    def legal_answers(self) -> list[Any] | None:
        """The answers a pupil can give: the choices, or the position's legal moves (None if unknown)."""
        if self.choices:
            return list(self.choices)
        legal = getattr(self.position, "legal_moves", None)
        return list(legal()) if callable(legal) else None

    def check(self, answer: Any) -> tuple[bool, str]:
        """``(ok, feedback)`` for ``answer``; never raises for bad input (the reason becomes the feedback)."""
        ok, feedback, _ = self.assess(answer)
        return ok, feedback

    def assess(self, answer: Any) -> tuple[bool, str, bool]:
        """``(ok, feedback, counts)``: as :meth:`check`, and whether the answer counts as an attempt — an empty
        answer or one the checker cannot read (it raises ``ValueError``: "a1-b9", "seven") does not, as a
        click beside the board does not; the feedback says what is wrong with it."""
        if answer is None or (isinstance(answer, str) and not answer.strip()):
            return False, tr("Type an answer first, then press Check."), False
        try:
            ok, feedback = self.checker(answer)
        except ValueError as refusal:  # malformed answers: explain, don't crash, don't count
            return False, str(refusal), False
        return bool(ok), str(feedback), True


def shown_order(choices: Sequence[Any], identity: str) -> list[Any]:
    """The order a choice question shows its buttons in (and the keyboard walks them in).  An author lists the
    right answer wherever it comes to mind, often first; showing that order would let a pupil guess by place.
    So the choices are shuffled, with a seed taken from ``identity`` (the exercise's key) and the choices
    themselves: the same question always shows the same order, in the notebook, in a test and on a reload.
    Choices that are all whole numbers ("2", "7", "11") stay in counting order, which says nothing about which
    is right and is the order a pupil reads numbers in."""
    if not isinstance(identity, str):
        raise TypeError(tr("shown_order: identity must be text, not {kind}", kind=type(identity).__name__))
    items = list(choices)
    if len(items) < 2:
        return items
    texts = [str(c).strip() for c in items]
    if all(t.lstrip("-").isdigit() for t in texts):
        return [item for _, item in sorted(zip((int(t) for t in texts), items), key=lambda pair: pair[0])]
    digest = hashlib.sha256("\x1f".join([identity, *texts]).encode("utf-8")).digest()
    random.Random(int.from_bytes(digest[:8], "big")).shuffle(items)
    return items


def submit_on_enter(box: W.Text, handler: Callable[[Any], None]) -> None:
    """Enter in ``box`` does what its Check button does (the browser sends a "submit" event on Enter)."""
    import warnings

    with warnings.catch_warnings():
        # ipywidgets 8 deprecates on_submit in favour of observing the value, but only the submit event tells
        # Enter from typing; the front end still sends it
        warnings.simplefilter("ignore", DeprecationWarning)
        box.on_submit(handler)


def html_to_text(markup: str) -> str:
    """The words of a small piece of HTML (a caption), tags dropped and entities read (for screen readers)."""
    import re

    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def derived_leaks(solutions: Sequence[Any], choices: Sequence[str] | None = None) -> tuple[str, ...]:
    """The default :attr:`Exercise.leaks`: solutions whose text would identify the answer on a page."""
    shown = {str(c).strip().lower() for c in choices or ()}
    out = []
    for s in solutions:
        t = str(s).strip()
        if len(t) >= 3 and not t.lstrip("-").isdigit() and t.lower() not in shown and t not in out:
            out.append(t)
    return tuple(out)


def parse_int(answer: Any) -> int:
    """A whole number from typed text (``" 3 "`` → 3), or ``ValueError`` with a friendly message."""
    if isinstance(answer, int) and not isinstance(answer, bool):
        return answer
    try:
        if isinstance(answer, bool):
            raise ValueError(answer)
        return int(str(answer).strip())
    except ValueError:
        raise ValueError(
            tr("“{answer}” is not a whole number: type digits, like 3.", answer=str(answer).strip())
        ) from None


def count_checker(correct: int, *, right: str, too_few: str, too_many: str) -> Checker:
    """A checker for "how many …?" questions.  The texts may use ``{answer}`` and ``{correct}``."""

    def check(answer: Any) -> tuple[bool, str]:
        n = parse_int(answer)
        template = right if n == correct else too_few if n < correct else too_many
        return n == correct, template.format(answer=n, correct=correct)

    return check


def choice_checker(
    correct: str | Iterable[str], explanations: dict[str, str], aliases: dict[str, str] | None = None
) -> Checker:
    """A checker for multiple choice: ``explanations`` maps every choice to its feedback sentence.

    Typed answers are matched without case or surrounding spaces; ``aliases`` maps other spellings
    (``"gold"`` → ``"Gold"``) onto choices.
    """
    right = {correct} if isinstance(correct, str) else set(correct)
    lookup = {c.strip().lower(): c for c in explanations}
    lookup.update({k.strip().lower(): v for k, v in (aliases or {}).items()})

    def check(answer: Any) -> tuple[bool, str]:
        choice = lookup.get(str(answer).strip().lower())
        if choice is None:
            raise ValueError(
                tr("{answer!r} is not one of the choices: {choices}.", answer=answer, choices=", ".join(explanations))
            )
        return choice in right, explanations[choice]

    return check


class Attempt(NamedTuple):
    answer: Any
    ok: bool
    feedback: str


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


class _LessonBase(Localized, W.VBox):
    """Error panel + ``report_error`` so the :func:`reported` decorator works on lesson widgets."""

    def _init_errors(self) -> None:
        self.errors: list[BaseException] = []
        self.error_output = W.Output(layout=W.Layout(max_height="12em", overflow="auto"))

    def report_error(self, error: BaseException) -> None:
        self.errors.append(error)
        self.show_note(
            tr("Something went wrong: {kind}: {error}", kind=type(error).__name__, error=error), WRONG_COLOUR
        )
        with self.error_output:
            print("".join(traceback.format_exception(error)))

    def show_note(self, message: str, colour: str = NOTE_COLOUR) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class _Answering(ClassNote, _LessonBase):
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
            self.similar_note.value = html.escape(tr("Stuck? Try a similar one, a little easier, then come back."))
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
            tr("A similar one ({level}), on the same idea:", level=tr(exercise.puzzle.band))
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
# StepThrough: a recorded sequence of pictures with captions
# ---------------------------------------------------------------------------------------
SceneSource = Union[Scene, Callable[[], Scene]]


@dataclass
class Step:
    """One step: a scene (or a function computing it, called when the step is shown) and a caption (HTML).

    ``position`` (optional): the game position the step shows, so tests can compare the boards a lesson
    shows with its exercises (no exercise's position may be shown before it is asked)."""

    scene: SceneSource
    caption: str = ""
    position: Any = None

    def build(self) -> Scene:
        return self.scene() if callable(self.scene) and not isinstance(self.scene, Scene) else self.scene


class StepThrough(Stepping, _LessonBase):
    """Prev / Next / Play / Reset through a list of steps, drawn on a :class:`BoardCanvas`.

    ``steps``: :class:`Step` objects or ``(scene_or_callable, caption)`` pairs.
    ``size``: CSS pixels of the board.  ``interval``: seconds per step when playing.
    """

    def __init__(
        self,
        steps: Sequence[Step | tuple[SceneSource, str]],
        size: tuple[int, int],
        title: str = "",
        interval: float = 1.2,
    ):
        super().__init__()
        self._init_errors()
        self.steps = [s if isinstance(s, Step) else Step(*s) for s in steps]
        if not self.steps:
            raise ValueError(tr("StepThrough needs at least one step"))
        self.index = 0
        self.interval = interval
        self.playing = False
        self.last_note = ""
        self._timer: threading.Timer | None = None
        self._lock = threading.RLock()
        self._stopped = threading.Event()
        self._stopped.set()
        self.board = BoardCanvas(*size, label=tr("Step-through board"))
        self.title_html = W.HTML(f"<b>{title}</b>" if title else "")
        self.caption = W.HTML(layout=W.Layout(min_height="3em", width=f"{max(size[0], 320)}px"))
        self.caption.add_class("gamekit-caption")
        self.caption.add_class(LIVE_CLASS)
        self.counter = W.HTML()
        self.note = W.HTML()
        self.reset_button = W.Button(description=tr("Reset"), icon="fast-backward", layout=W.Layout(width="auto"))
        self.prev_button = W.Button(description=tr("Prev"), icon="step-backward", layout=W.Layout(width="auto"))
        self.play_button = W.Button(description=tr("Play"), icon="play", layout=W.Layout(width="auto"))
        self.next_button = W.Button(description=tr("Next"), icon="step-forward", layout=W.Layout(width="auto"))
        for button, handler in (
            (self.reset_button, self.on_reset),
            (self.prev_button, self.on_prev),
            (self.play_button, self.on_play),
            (self.next_button, self.on_next),
        ):
            button.on_click(handler)
        self.children = [
            self.title_html,
            self.board.canvas,
            self.board.access,
            self.caption,
            W.HBox([self.reset_button, self.prev_button, self.play_button, self.next_button, self.counter]),
            self.note,
            self.error_output,
        ]
        self.add_class("gamekit-stepthrough")
        self.goto(0)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def at_end(self) -> bool:
        return self.index == len(self.steps) - 1

    def goto(self, index: int) -> None:
        """Show step ``index`` (clamped).  The scene is computed before anything is painted."""
        with self._lock:
            index = max(0, min(len(self.steps) - 1, index))
            step = self.steps[index]
            scene = step.build()
            self.board.paint(scene)
            self.index = index
            self.caption.value = step.caption
            self.board.set_access(description=html_to_text(step.caption))
            step_of = tr("Step {step} of {total}", step=index + 1, total=len(self.steps))
            self.counter.value = f"<small>{step_of}</small>"
            self.prev_button.disabled = index == 0
            self.next_button.disabled = self.at_end

    @property
    def step_count(self) -> int:
        return len(self.steps)

    def reset(self) -> None:
        self.pause()
        self.goto(0)

    def play(self, interval: float | None = None) -> None:
        """Step forward every ``interval`` seconds until the last step (from the start if already there)."""
        with self._lock:
            if self.playing:
                return
            if interval is not None:
                self.interval = interval
            if self.at_end:
                self.goto(0)
            self.playing = True
            self._stopped.clear()
            self._set_play_button()
            self._schedule()

    def pause(self) -> None:
        with self._lock:
            self.playing = False
            if self._timer is not None:
                self._timer.cancel()
                self._timer = None
            self._stopped.set()
            self._set_play_button()

    def wait(self, timeout: float = 10.0) -> bool:
        """Block until playing stops (tests); True if it did."""
        return self._stopped.wait(timeout)

    def _schedule(self) -> None:
        self._timer = threading.Timer(self.interval, self._tick)
        self._timer.daemon = True
        self._timer.start()

    @reported
    def _tick(self) -> None:
        with self._lock:
            if not self.playing:
                return
            try:
                self.next()
            except Exception:
                self.pause()
                raise
            if self.at_end:
                self.pause()
            else:
                self._schedule()

    def _set_play_button(self) -> None:
        self.play_button.description = tr("Pause") if self.playing else tr("Play")
        self.play_button.icon = "pause" if self.playing else "play"

    def show_note(self, message: str, colour: str = NOTE_COLOUR) -> None:
        self.last_note = message
        self.note.value = f"<span style='color:{colour}'>{html.escape(message)}</span>"

    def report_error(self, error: BaseException) -> None:
        self.playing = False
        self._stopped.set()
        super().report_error(error)

    @reported
    def on_next(self, _: Any) -> None:
        self.pause()
        self.next()

    @reported
    def on_prev(self, _: Any) -> None:
        self.pause()
        self.prev()

    @reported
    def on_reset(self, _: Any) -> None:
        self.reset()

    @reported
    def on_play(self, _: Any) -> None:
        if self.playing:
            self.pause()
        else:
            self.play()


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


__all__ = [
    "ClassNote",
    "Exercise",
    "ExerciseWidget",
    "StepThrough",
    "Step",
    "PuzzleBoard",
    "Mark",
    "LessonScore",
    "Attempt",
    "derived_leaks",
    "shown_order",
    "parse_int",
    "count_checker",
    "choice_checker",
]


# ---------------------------------------------------------------------------------------
# Reflection: a closing question answered in words, saved with the pupil's progress
# ---------------------------------------------------------------------------------------
class Reflection(_LessonBase):
    """A lesson's closing question: a text box and a Save button.  Nothing is judged: the answer is kept
    (:func:`gamekit.progress.save_answer`, under the lesson's title and ``key``; exported in the CSV) and shown
    again when the lesson is opened later.  Model answers belong in the teacher guide, never here.

    ``lesson`` is the lesson's :class:`LessonScore` or its title.  Driven by plain methods: :meth:`submit`
    (True when saved), :meth:`save` (what the Save button does: returns the note shown) and ``saved_text``.
    """

    def __init__(self, prompt: str, lesson: "LessonScore | str", key: str = "reflection"):
        super().__init__()
        self._init_errors()
        if not isinstance(prompt, str) or not prompt.strip():
            raise ValueError(tr("a reflection needs a question (a non-empty text)"))
        if isinstance(lesson, LessonScore):
            lesson = lesson.lesson_title
        if not isinstance(lesson, str):
            raise TypeError(
                tr("score must be the lesson's LessonScore, not {__name__}", __name__=type(lesson).__name__)
            )
        if not isinstance(key, str) or not key.strip():
            raise ValueError(tr("a reflection needs a key (a non-empty text)"))
        self.question, self.lesson, self.key = prompt, lesson, key
        self.saved_text = progress.answers(self.lesson).get(key, {}).get("text", "")
        self.prompt = W.HTML(f"<b>{html.escape(prompt)}</b>")
        self.input = W.Textarea(
            value=self.saved_text,
            placeholder=tr("your answer, in one or two sentences"),
            layout=W.Layout(width="32em", height="5em"),
        )
        self.save_button = W.Button(description=tr("Save"), icon="save", button_style="primary")
        self.save_button.on_click(self.on_save)
        self.note = W.HTML()
        self.last_note = ""
        self.children = [self.prompt, self.input, W.HBox([self.save_button, self.note]), self.error_output]
        self.add_class("gamekit-reflection")
        if self.saved_text:
            self.show_note(tr("Saved earlier. Change it and press Save again if you like."))

    def show_note(self, message: str, colour: str = NOTE_COLOUR) -> None:
        self.last_note = message
        self.note.value = f"<span style='color:{colour}'>{html.escape(message)}</span>"

    def submit(self, text: Any) -> bool:
        """Save ``text`` as the answer; False (and a note saying why, nothing saved) if it is empty or too long."""
        if not isinstance(text, str):
            raise TypeError(tr("the answer must be text, not {__name__}", __name__=type(text).__name__))
        if not text.strip():
            self.show_note(tr("Write your answer first, then press Save."), WRONG_COLOUR)
            return False
        if len(text) > progress.MAX_ANSWER:
            self.show_note(
                tr("That is {n} characters; keep it under {most}.", n=len(text), most=progress.MAX_ANSWER), WRONG_COLOUR
            )
            return False
        self.saved_text = progress.save_answer(self.lesson, self.key, text)["text"]
        self.input.value = self.saved_text
        self.show_note(tr("Saved with your progress."), RIGHT_COLOUR)
        return True

    def save(self, text: Any = None) -> str:
        """What Save does: :meth:`submit` ``text`` (default: what the box holds); returns the note shown."""
        self.submit(self.input.value if text is None else text)
        return self.last_note

    @reported
    def on_save(self, _: Any) -> None:
        self.save()


__all__ += ["Reflection"]


# ---------------------------------------------------------------------------------------
# Lesson: one lesson of a game, as every game's lessons module lists it in LESSONS
# ---------------------------------------------------------------------------------------
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


__all__ += ["Lesson", "LEVEL_ORDER", "exercises_by_notebook"]


# ---------------------------------------------------------------------------------------
# The mastery loop: after two wrong answers, a similar puzzle of the bank, one level easier
# ---------------------------------------------------------------------------------------
MISSES_BEFORE_SIMILAR = 2
"""Wrong answers to an exercise after which "Try a similar one" is offered."""
EASIER = {"easy": "easy", "medium": "easy", "hard": "medium"}
"""The band of a similar puzzle for an exercise of each level: one level easier (the easiest stays easy)."""


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

    @property
    def game_id(self) -> str:
        return self.problems.game_id


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
    """The idea a similar puzzle is drawn for when a pupil misses ``exercise`` of ``lesson`` (a :class:`Lesson`,
    or the title its :class:`LessonScore` shows, looked up in the catalog's lessons): a "More practice"
    problem's theme (its set names it) one band easier, or the theme the lesson's ``exercise_themes`` gives the
    exercise, a level below its own.  None when the lesson does not say (then nothing is offered)."""
    from gamekit.i18n import get_language

    if not isinstance(lesson, Lesson):
        lesson = lesson_titled(lesson)
    if lesson is None or lesson.practice is None:
        return None
    problems = lesson.practice
    puzzle = getattr(exercise, "puzzle", None)
    same = {"kind": answer_kind(exercise), "avoid": lesson_positions(lesson)}
    if puzzle is not None:
        for (theme, band), pid in zip(problems.items, problems.ids):
            if pid == puzzle.id:
                return Idea(problems, theme, EASIER[band], goal=exercise_goal(exercise, problems.game_id), **same)
        return None
    if not lesson.exercise_themes:
        return None
    name = _exercise_names(lesson, get_language()).get(exercise.key)
    if name is None:
        return None
    return Idea(
        problems,
        lesson.exercise_themes[name],
        EASIER[lesson.levels[name]],
        goal=exercise_goal(exercise, problems.game_id),
        **same,
    )


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
    """The :func:`position_key` of every board of a lesson's exercises (built once per lesson): a similar puzzle
    is never one of them, so "Try a similar one" never hands out a later exercise's board."""
    keys = _POSITIONS.get(lesson.notebook)
    if keys is None:
        found = set()
        for factory in lesson.factories():
            key = position_key(factory().position)
            if key is not None:
                found.add(key)
        keys = _POSITIONS[lesson.notebook] = frozenset(found)
    return keys


def similar_exercise(idea: Idea, exclude: Sequence[str] = (), turn: int = 0) -> "Exercise | None":
    """A puzzle of the bank on ``idea`` as an exercise: of the idea's band, else one level up, never one of the
    lesson's practice set nor of ``exclude`` (those tried already); ``turn`` picks another one each time (the
    same turn gives the same puzzle).  A set that asks its lesson's own question of bank positions (its
    ``questions``) asks the similar one the question it asks on that theme.  None when the bank has none left."""
    import dataclasses

    if not is_int(turn) or turn < 0:
        raise ValueError(tr("turn={turn!r}: a whole number ≥ 0", turn=turn))
    if isinstance(exclude, str) or not all(isinstance(x, str) for x in exclude):
        raise ValueError(tr("exclude={exclude!r}: a list of puzzle ids", exclude=exclude))
    problems = idea.problems
    skip = tuple(sorted(set(problems.exclude) | set(problems.ids) | set(exclude)))
    asked = {}
    questions = getattr(problems, "questions", ())
    if questions:  # a set asking its lesson's own question: the similar one asks it too
        asked["questions"] = (
            next((q for (theme, _), q in zip(problems.items, questions) if theme == idea.theme), "bank"),
        )
    for band in dict.fromkeys((idea.band, LEVEL_ORDER[min(LEVEL_ORDER.index(idea.band) + 1, 2)])):
        passed = skip
        while True:
            # built outside the try: a set that cannot be narrowed to this idea is a fault, not "none left"
            chosen = dataclasses.replace(
                problems, items=((idea.theme, band),), seed=problems.seed + 1 + turn, exclude=passed, **asked
            )
            try:
                exercise = chosen.exercises()[0]
            except ValueError:  # none of this band left
                break
            if fits(idea, exercise):
                return exercise
            passed = tuple(sorted({*passed, exercise.puzzle.id}))  # not like the failed one: the next
    return None


def fits(idea: Idea, exercise: Exercise) -> bool:
    """Whether a bank exercise may stand in for the one the pupil failed: the same kind of answer
    (:func:`answer_kind`), the same goal where both are known (:func:`exercise_goal`), and not the board of one of
    the lesson's exercises (:func:`position_key`)."""
    if idea.kind is not None and answer_kind(exercise) != idea.kind:
        return False
    if idea.goal is not None and exercise_goal(exercise, idea.game_id) not in (None, idea.goal):
        return False
    return position_key(exercise.position) not in idea.avoid


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


__all__ += [
    "MISSES_BEFORE_SIMILAR",
    "EASIER",
    "Idea",
    "idea_of",
    "lesson_titled",
    "similar_exercise",
    "similar_widget",
    "answer_kind",
    "exercise_goal",
    "position_key",
    "lesson_positions",
    "fits",
]
