"""The checker API of the lesson widgets, in plain Python: an :class:`Exercise` (a question and its checker), the
ready-made checkers (:func:`count_checker`, :func:`choice_checker`, :func:`parse_int`), the order choice buttons are
shown in, the feedback colours, and :class:`LessonBase`, the error panel every lesson widget shares.

A game's exercises are built from these; the widgets that ask them are in :mod:`gamekit.widgets.lesson`
(typed or clicked answers) and :mod:`gamekit.widgets.stepthrough` (pictures stepped through)."""

from __future__ import annotations

import hashlib
import html
import random
import traceback
from dataclasses import dataclass
from typing import Any, Callable, Iterable, NamedTuple, Sequence

import ipywidgets as W

from gamekit.i18n import N_, Localized, tr


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
# Shared plumbing: the error panel
# ---------------------------------------------------------------------------------------
class LessonBase(Localized, W.VBox):
    """Error panel + ``report_error`` so the :func:`~gamekit.widgets.controls.reported` decorator works on lesson
    widgets: the base of the answering widgets, :class:`~gamekit.widgets.stepthrough.StepThrough` and
    :class:`~gamekit.widgets.reflection.Reflection`."""

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


__all__ = [
    "Exercise",
    "Attempt",
    "LessonBase",
    "derived_leaks",
    "shown_order",
    "parse_int",
    "count_checker",
    "choice_checker",
]
