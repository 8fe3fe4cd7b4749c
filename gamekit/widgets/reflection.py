"""Reflection: a lesson's closing question, answered in words and saved with the pupil's progress."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as W

from gamekit import progress
from gamekit.i18n import tr
from gamekit.widgets.controls import reported
from gamekit.widgets.exercise import NOTE_COLOUR, RIGHT_COLOUR, WRONG_COLOUR, LessonBase
from gamekit.widgets.lesson import LessonScore


class Reflection(LessonBase):
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


__all__ = ["Reflection"]
